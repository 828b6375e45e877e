"""certunlearn.claims.r2d.tables — Table 3's baseline rows (Appendix C, line 580) as claims: the Newton step of Guo et al. 2020.

Oracles: the printed σ evaluated from the paper's formula in mpmath at 100 digits; the true δ by mpmath quadrature
over the learned model with numerical derivatives (the oracle of tests/algorithms/test_r2d_baselines.py, loaded
from that file). No test asserts a verdict of the printed claim; a counterexample, if the checker reports one,
is re-computed by the oracle.
"""
import importlib.util
import math
import pathlib

import mpmath
import pytest

from certunlearn.check.evaluate import EXCLUDED, evaluate
from certunlearn.check.runner import check_claim
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.claims.model import QuantityKind
from certunlearn.claims.r2d.tables import GAMMA_LOGISTIC
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.derive.model import STATUSES
from certunlearn.numeric.enclosure import parse_exact
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

_spec = importlib.util.spec_from_file_location(
    "r2d_baselines_oracle", pathlib.Path(__file__).parents[2] / "algorithms" / "test_r2d_baselines.py")
ORACLE = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ORACLE)


def printed_sigma(inst, factor=1) -> mpmath.mpf:
    """σ = 4LG²√(2log(1.5/δ))/(λ²(n−1)ε), Table 3 line 580, at 100 digits."""
    with mpmath.workdps(100):
        L, G, lam, n, eps, dl = (ORACLE.mp_exact(inst[k]) for k in ("L", "G", "lam", "n", "epsilon", "delta"))
        return factor * 4 * L * G**2 * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(3) / 2 / dl)) / (lam**2 * (n - 1) * eps)


INST = {"n": 2, "X": [Fraction(1), Fraction(1)], "y": [1, 1], "lam": Fraction(2), "L": GAMMA_LOGISTIC, "G": 1,
        "epsilon": Fraction(3, 10), "delta": Fraction(1, 10**8)}


def test_registered_with_sources_and_prescribed_sigma():
    claim = get_claim("r2d.table3:newton")
    assert "Table 3" in claim.source and "enclosed" in claim.source
    assert {s.name for s in claim.prescribed["sigma"].free_symbols} == {"L", "G", "lam", "n", "epsilon", "delta"}
    assert claim.quantity_kind is QuantityKind.ENCLOSURE
    with workprec(256):
        for c, factor in ((claim, 1),):
            got = c.with_prescribed(INST)["sigma"]
            want = printed_sigma(INST, factor)
            assert abs(mpmath.mpf(got.mid().str(60, radius=False)) / want - 1) < mpmath.mpf(10) ** -50


def test_logistic_gamma_is_an_upper_bound_of_the_third_derivative():
    """max |s(1 − s)(1 − 2s)| = √3/18 ≤ GAMMA_LOGISTIC (brute force over s in a fine grid, then the closed form)."""
    peak = max(abs(s * (1 - s) * (1 - 2 * s)) for s in (i / 100000 for i in range(100001)))
    assert peak <= math.sqrt(3) / 18 <= float(GAMMA_LOGISTIC)
    assert float(GAMMA_LOGISTIC) - math.sqrt(3) / 18 < 1e-7


@pytest.mark.parametrize("change, hypothesis", [
    ({"X": [Fraction(3, 2), Fraction(1)]}, "data"),
    ({"y": [1, 0]}, "data"),
    ({"n": 3}, "data"),
    ({"L": Fraction(9, 100)}, "Lipschitz"),
    ({"G": Fraction(1, 2)}, "G"),
    ({"delta": 1}, "δ < 1"),
])
def test_instances_outside_the_hypotheses_are_excluded(change, hypothesis):
    ev = evaluate(get_claim("r2d.table3:newton"), {**INST, **change}, 256)
    assert ev.outcome == EXCLUDED and hypothesis in ev.reason


def test_quantity_is_the_oracle_delta_at_the_printed_sigma():
    claim = get_claim("r2d.table3:newton")
    with workprec(192):
        got = claim.quantity(claim.with_prescribed(INST))
    with mpmath.workdps(ORACLE.DPS):
        want = ORACLE.oracle_delta(INST["X"], INST["y"], INST["lam"], printed_sigma(INST), ORACLE.mp_exact(INST["epsilon"]))
    assert _mp(got.lower()) <= want <= _mp(got.upper())  # an enclosure of the oracle's δ
    assert got.rad() <= 1e-6 * got.mid()


def _mp(a) -> mpmath.mpf:
    return mpmath.mpf(a.mid().str(40, radius=False))


def test_the_enclosure_uses_only_cells_where_the_newton_map_is_proved_increasing(monkeypatch):
    """The enclosure rests on φ' > 0 proved on every cell (arb balls): with the proof made to fail everywhere it
    refuses (ValueError), never returning a δ from unproved cells."""
    from certunlearn.claims.r2d import newton_enclosure

    claim = get_claim("r2d.table3:newton")
    inst = {**INST, "lam": Fraction(1, 100), "epsilon": Fraction(1), "delta": Fraction(1, 10**5)}
    with workprec(192):
        assert claim.quantity(claim.with_prescribed(inst)) > 0
    real = newton_enclosure._loss
    monkeypatch.setattr(newton_enclosure, "_loss", lambda *a: (real(*a)[0], real(*a)[1].union(1)))
    monkeypatch.setattr(newton_enclosure, "MAX_CELLS", 300)
    with workprec(192), pytest.raises(ValueError, match="not proved increasing"):
        claim.quantity(claim.with_prescribed(inst))


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", ["r2d.table3:newton"])
def test_check_verdict_and_any_counterexample_confirmed_by_the_oracle(claim_id):
    result = check_claim(claim_id, "quick", 0)
    assert not any(c.id.startswith("r2d.table3:newton") and c.control is Control.NEGATIVE
                   for c in all_claims("r2d"))  # a control on a violated claim would prove nothing
    assert result.verdict in ("inconclusive", "violated", "holds")
    if result.verdict == "violated":
        inst = {k: ([parse_exact(x) for x in v] if isinstance(v, list) else parse_exact(v))
                for k, v in result.counterexample.instance.items()}
        factor = mpmath.mpf(1) / 2 if "halved" in claim_id else 1
        with mpmath.workdps(ORACLE.DPS):
            want = ORACLE.oracle_delta([Fraction(x) for x in inst["X"]], [int(v) for v in inst["y"]], inst["lam"],
                                  printed_sigma(inst, factor), ORACLE.mp_exact(inst["epsilon"]))
            assert want > ORACLE.mp_exact(inst["delta"])
        from flint import arb

        enclosure = arb(result.counterexample.observed_enclosure)  # a ball containing the oracle's δ
        assert enclosure > arb(str(ORACLE.mp_exact(inst["delta"])))
        assert _mp(enclosure.lower()) <= want * (1 + mpmath.mpf(10) ** -12)
        assert want <= _mp(enclosure.upper()) * (1 + mpmath.mpf(10) ** -12)


def test_derivation_links_and_cites_guo():
    claim = get_claim("r2d.table3:newton")
    derivation = load_derivation("r2d.table3:newton")
    result = check_derivation(derivation, claim)
    assert result.link == "identity"
    assert all(s.status in STATUSES for s in result.steps)
    assert all("Guo et al. 2020" in st.cited for st in derivation.steps if st.cited)


def test_perturbed_minimiser_exceeds_the_unperturbed_norm_bound():
    """The step ‖w*‖ ≤ C/λ of the derivation, at an explicit point: with b the minimiser of L_b can be far
    larger (computed by Newton's method, independent of the claim)."""
    from certunlearn.algorithms.r2d.baselines import learn

    X, y, lam = [Fraction(1), Fraction(1)], [1, 1], Fraction(2)
    with mpmath.workdps(50):
        w = learn(X, y, lam, "-10")
    assert abs(w) > 1 / ORACLE.mp_exact(lam)  # C = 1 for the logistic loss with |x| ≤ 1
    derivation = load_derivation("r2d.table3:newton")
    steps = check_derivation(derivation, get_claim("r2d.table3:newton")).steps
    step = next(s for s in steps if "C/λ (the minimiser" in s.justification)
    assert step.status == "refuted"


def test_d2d_storage_counts_the_secret_model():
    """Table 1's Descent-to-delete row: the reference PerturbedGD keeps one d-vector besides the data (its secret
    model θ̂), so storage(d2)/storage(d) is exactly d2/d — counted on the driver's state, not on the formula."""
    from certunlearn.claims.r2d.tables import d2d_storage_rate

    for d_, e in ((1, 4), (3, 64)):
        assert d2d_storage_rate({"d": d_, "d2": e}) == Fraction(e, d_)
    claim = get_claim("r2d.table1:d2d-storage")
    assert claim.quantity is d2d_storage_rate and claim.quantity is not get_claim("r2d.table1:r2d-storage").quantity


# ---------------------------------------------------------------------------------------------- d ≥ 2: collinear data
U2 = (Fraction(3, 5), Fraction(4, 5))


def _learn_2d(X2, y, lam, b, k):
    """argmin_w Σ_{i<k} log(1 + e^{−y_i wᵀx_i}) + (λk/2)‖w‖² + bᵀw over ℝ², by Newton's method in mpmath (written
    here from scratch: the two-dimensional mechanism, not its reduction)."""
    w = mpmath.matrix([0, 0])
    for _ in range(100):
        g = mpmath.matrix([b[0], b[1]]) + lam * k * w
        H = lam * k * mpmath.eye(2)
        for x, v in zip(X2[:k], y[:k]):
            xv = mpmath.matrix([ORACLE.mp_exact(c) for c in x])
            z = (w.T * xv)[0]
            s = 1 / (1 + mpmath.exp(-z))
            g += -v / (1 + mpmath.exp(v * z)) * xv
            H += s * (1 - s) * (xv * xv.T)
        w -= mpmath.lu_solve(H, g)
    return w


def test_collinear_data_reduce_exactly_to_one_dimension():
    """x_i = s_i u in ℝ² (u = (3/5, 4/5)): the two-dimensional learning, Newton removal (2×2 Hessian on D') and
    retraining, computed from scratch at 60 digits for two draws of b, release the same orthogonal part
    −b_⊥/(λ(n−1)) under both mechanisms, and their u-parts are the one-dimensional mechanisms on (s_i) with b_∥."""
    from certunlearn.algorithms.r2d.baselines import learn, newton_removal, retrain
    from certunlearn.claims.r2d.tables import collinear_projection

    s = [Fraction(1), Fraction(1, 2), Fraction(-1)]
    y, lam, n = [1, -1, 1], Fraction(1, 2), 3
    X2 = [[si * c for c in U2] for si in s]
    assert collinear_projection(X2) == s
    with pytest.raises(ValueError):
        collinear_projection([[Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)]])
    with mpmath.workdps(60):
        u = mpmath.matrix([ORACLE.mp_exact(c) for c in U2])
        perp = mpmath.matrix([-u[1], u[0]])
        lm = ORACLE.mp_exact(lam)
        for b in ((mpmath.mpf("0.7"), mpmath.mpf("-1.3")), (mpmath.mpf("-2.5"), mpmath.mpf("0.4"))):
            w = _learn_2d(X2, y, lm, b, n)
            H = lm * (n - 1) * mpmath.eye(2)
            for x, v in zip(X2[:-1], y[:-1]):
                xv = mpmath.matrix([ORACLE.mp_exact(c) for c in x])
                z = (w.T * xv)[0]
                sg = 1 / (1 + mpmath.exp(-z))
                H += sg * (1 - sg) * (xv * xv.T)
            xn = mpmath.matrix([ORACLE.mp_exact(c) for c in X2[-1]])
            zn = (w.T * xn)[0]
            grad_n = lm * w + (-y[-1] / (1 + mpmath.exp(y[-1] * zn))) * xn
            removed = w + mpmath.lu_solve(H, grad_n)
            again = _learn_2d(X2, y, lm, b, n - 1)
            b_par, b_perp = b[0] * u[0] + b[1] * u[1], b[0] * perp[0] + b[1] * perp[1]
            tol = mpmath.mpf(10) ** -40
            assert abs((removed.T * perp)[0] + b_perp / (lm * (n - 1))) < tol
            assert abs((again.T * perp)[0] + b_perp / (lm * (n - 1))) < tol
            w1 = learn(s, y, lam, b_par, dps=60)
            assert abs((removed.T * u)[0] - newton_removal(w1, s, y, lam, dps=60)) < tol
            assert abs((again.T * u)[0] - retrain(s, y, lam, b_par, dps=60)) < tol


def test_collinear_violation_in_two_dimensions_confirmed_by_the_oracle():
    """INST's data placed on ℝu in d = 2: inside the row's hypotheses (‖x_i‖ = 1), the checker's enclosure of δ
    exceeds the printed δ, and the one-dimensional quadrature oracle on the projections (the reduction
    tested above) confirms it at 100 digits."""
    inst = {**INST, "X": [[x * c for c in U2] for x in INST["X"]]}
    claim = get_claim("r2d.table3:newton")
    ev = evaluate(claim, inst, 256)
    assert ev.outcome == "violated"
    with mpmath.workdps(100):
        want = ORACLE.oracle_delta(INST["X"], INST["y"], INST["lam"], printed_sigma(INST),
                                   ORACLE.mp_exact(INST["epsilon"]))
        assert want > ORACLE.mp_exact(INST["delta"])
    with workprec(192):
        got = claim.quantity(claim.with_prescribed(inst))
    assert _mp(got.lower()) <= want <= _mp(got.upper())


def test_storage_family_grows_in_thorough_inside_the_hypotheses():
    """Quick (size 40) keeps the 16 listed (d, d2) exactly; thorough draws random 1 ≤ d < d2 after them."""
    import numpy as np

    from certunlearn.numeric.enclosure import Decision

    for cid in ("r2d.table1:r2d-storage", "r2d.table1:d2d-storage"):
        claim = get_claim(cid)
        (adv,) = claim.adversaries
        quick = adv.generate(np.random.default_rng(0), 40)
        listed = [{"d": d_, "d2": e} for d_ in (1, 2, 3, 5) for e in (2, 4, 8, 16, 64) if d_ < e]
        assert quick == listed and len(quick) == 16
        big = adv.generate(np.random.default_rng(0), 100_000)
        assert big[:16] == listed and len(big) >= 60
        for inst in big[16:]:
            assert all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses), inst
        assert max(b["d"] for b in big[16:]) > 5 and max(b["d2"] for b in big[16:]) > 64
