"""Theorem 4.3 (whole trajectory) and Lemma 4.6 (every round) as claims: hypotheses, prescribed parameters, and
the quantities against independent values."""
import mpmath
import pytest

from certunlearn.claims import get_claim
from certunlearn.claims.model import Instance
from certunlearn.claims.pomer import _trajectory_instances, _tv_drift, _tv_first
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.precision import workprec


def _instance(**kw) -> Instance:
    losses = [[-9, (-1) ** t, (-1) ** t] for t in range(9)]
    out = {"a": "-1", "b": "1", "G": "1", "beta": "1/10", "lam": "100", "delta": "1/2", "T": 9, "losses": losses,
           "other": [[-9, -1, -1]] + losses[1:], "initial": "uniform"}
    return {**out, **kw}


def _hypothesis(claim_id: str, name: str):
    return next(h for h in get_claim(claim_id).hypotheses if h.name.startswith(name))


def test_neighbouring_means_exactly_one_round_differs():
    h = _hypothesis("pomer.thm4.3", "neighbouring")
    inst = _instance()
    assert h.decide(inst) is Decision.TRUE
    assert h.decide({**inst, "other": inst["losses"]}) is Decision.FALSE
    assert h.decide({**inst, "other": [[-9, -1, -1], [-9, 1, 1]] + inst["losses"][2:]}) is Decision.FALSE
    assert h.decide({**inst, "T": 10}) is Decision.FALSE


def test_t_at_least_twelve_log_inverse_delta():
    h = _hypothesis("pomer.thm4.3", "T ≥ 12 log(1/δ)")
    assert h.decide(_instance()) is Decision.TRUE  # 12 log 2 ≈ 8.32
    assert h.decide(_instance(delta="2/5")) is Decision.FALSE  # 12 log(5/2) ≈ 11.0


def test_prescribed_parameters_and_the_budget_never_binding():
    """p = max(T^{−1/3}, …) ≥ T^{−1/3}, so B = 3p̃T ≥ 3T^{2/3} > T − 2 on every instance of the grid (mpmath)."""
    claim = get_claim("pomer.thm4.3")
    for inst in _trajectory_instances():
        with workprec(64):
            v = claim.with_prescribed(inst)
        t = int(inst["T"])
        assert float(v["p"].lower()) >= float(mpmath.mpf(t) ** (-mpmath.mpf(1) / 3)) * (1 - 1e-15)
        assert v["B"] > t - 2 and v["p"] < 1


@pytest.mark.parametrize("beta, lam", [("1", "1"), ("10", "1"), ("1/3", "4")])
def test_drift_at_round_one_is_the_closed_form(beta, lam):
    inst = {"a": "-1", "b": "1", "beta": beta, "lam": lam, "p": "0", "Phi": "2", "losses": [[0, -1, 1]] * 2,
            "initial": "uniform", "t": 1}
    with workprec(64):
        assert _tv_drift(inst).overlaps(_tv_first(inst))


def test_drift_with_gibbs_start_vanishes_when_no_clipping_happens():
    """Φ = 8, β = λ = 1 on K = [−1, 1]: μ̄_{t+1}/μ̄_t ∈ [1/Φ, Φ] everywhere, so the rejection step maps μ̄_t to μ̄_{t+1}
    exactly and q_t = μ̄_t (p = 0): the enclosure must contain 0 and be narrow."""
    inst = {"a": "-1", "b": "1", "beta": "1", "lam": "1", "p": "0", "Phi": "8", "losses": [[-9, 1, 1], [9, -1, -1],
            [-9, 1, 1]], "initial": "gibbs"}
    with workprec(64):
        for t in (2, 3):
            tv = _tv_drift({**inst, "t": t})
            assert tv.lower() <= 1e-12 and tv.upper() < 1e-2  # 64 cells at 64 bits


def test_trajectory_instances_cover_first_middle_and_last_rounds():
    rounds = set()
    for inst in _trajectory_instances():
        diff = [i for i, (x, y) in enumerate(zip(inst["losses"], inst["other"])) if x != y]
        assert len(diff) == 1
        rounds.add(diff[0] if diff[0] < inst["T"] - 1 else "last")
    assert {0, 4, "last"} <= rounds
    assert {int(i["T"]) for i in _trajectory_instances()} == {9, 12}  # T = 9, the least δ = 1/2 admits; δ = 2/5 needs T ≥ 11
