"""The PEP adversaries of olu's regret claims (claims/olu/worst_case.py): their instances lie inside the printed
hypotheses, carry the PEP case, and the claims' own quantities reproduce the SDP values. Theorem 2's printed
bound L²/μ·log T is exceeded at T = 1 and T = 2 (checked independently with mpmath at 100 digits)."""
from __future__ import annotations

import mpmath
import pytest

from certunlearn.check.evaluate import evaluate
from certunlearn.claims.registry import get_claim
from certunlearn.claims.olu.worst_case import pep_instances
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction

MAXP = 512


def _inside(claim, inst):
    return all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses)


@pytest.mark.parametrize("cid,rule,beta", [("olu.thm2", "sc", 1), ("olu.cor7", "sc", 2), ("olu.thm3", "convex", 1)])
def test_instances_inside_the_hypotheses_and_quantity_matches_sdp(cid, rule, beta):
    claim = get_claim(cid)
    insts = pep_instances(rule, beta=Fraction(beta))
    assert len(insts) >= 8
    for inst in insts[::3]:
        assert _inside(claim, inst), (cid, inst["pep_n"])
        assert {"pep_n", "pep_value", "pep_dual"} <= set(inst)
        q = claim.quantity(inst)
        if not inst["pep_vertex"]:  # the SDP's own worst case, rationalised: its regret is the SDP value
            assert float(to_arb(q).mid()) == pytest.approx(float(inst["pep_value"]), rel=1e-5, abs=1e-6)
        else:  # a sign pattern: never above the SDP
            assert float(to_arb(q).mid()) <= float(inst["pep_dual"]) + 1e-6


def _mp_ogd_regret(z1, X, mu, lam):
    """Algorithm 1 without deletions, η_t = 1/(μt), losses ½λ(z − x_t)², comparator the mean — at 100 digits."""
    with mpmath.workdps(100):
        w, total = mpmath.mpf(z1.numerator) / z1.denominator, mpmath.mpf(0)
        xbar = mpmath.fsum(X) / len(X)
        for t, x in enumerate(X, start=1):
            total += lam / 2 * ((w - x) ** 2 - (xbar - x) ** 2)
            w = w - lam * (w - x) / (mu * t)
        return total


@pytest.mark.parametrize("n", [1, 2])
def test_theorem2_violated_at_small_T(n):
    claim = get_claim("olu.thm2")
    inst = [i for i in pep_instances("sc") if i["pep_n"] == n and i["pep_vertex"]][0]
    assert _inside(claim, inst)
    x = [Fraction(r[0]) for r in inst["X"]]
    regret = _mp_ogd_regret(Fraction(inst["z1"][0]), [mpmath.mpf(v.numerator) / v.denominator for v in x], 1, 1)
    with mpmath.workdps(100):
        bound = mpmath.mpf(2) ** 2 / 1 * mpmath.log(n)  # L²/μ·log T, k = 0
        assert regret == (2 if n == 1 else 3)
        assert regret > bound
    assert evaluate(claim, inst, MAXP).outcome == "violated"
    # the proof's own bound, L²/μ(1 + log T), holds there
    assert evaluate(get_claim("olu.thm2:proof"), inst, MAXP).outcome == "within"


def test_theorem6_regret_instances_inside_and_attained_at_T_1_2():
    """Theorem 6's regret proof step at k = 0 is L²H_T/(2μ): the worst cases lie inside its hypotheses and within it;
    the sign patterns at T = 1, 2 attain it exactly (100 digits), and the checker proves the equality (the k = 0
    quantity is a rational)."""
    from certunlearn.claims.olu.quantities import thm6_entries
    from certunlearn.claims.olu.worst_case import thm6_pep_instances

    claim = get_claim("olu.thm6:regret-proof")
    insts = thm6_pep_instances()
    assert min(i["pep_n"] for i in insts) == 1
    for inst in insts[::4]:
        assert _inside(claim, inst)
        assert evaluate(claim, inst, MAXP).outcome == "within"
    for n in (1, 2):
        inst = [i for i in pep_instances("sc", beta=Fraction(2)) if i["pep_n"] == n and i["pep_vertex"]][0]
        inst = dict(inst, I_1=[], I_2=0, Sigma_sigma=Fraction(0))
        inst.update(thm6_entries(inst))
        assert _inside(claim, inst)
        x = [Fraction(r[0]) for r in inst["X"]]
        regret = _mp_ogd_regret(Fraction(inst["z1"][0]), [mpmath.mpf(v.numerator) / v.denominator for v in x], 1, 1)
        with mpmath.workdps(100):
            bound = mpmath.mpf(2) ** 2 * mpmath.fsum(mpmath.mpf(1) / t for t in range(1, n + 1)) / 2
            assert regret == bound
        q = claim.quantity(inst)
        assert q == int(regret) and q == claim.bound_exact(inst)
        assert evaluate(claim, inst, MAXP).outcome == "within"
