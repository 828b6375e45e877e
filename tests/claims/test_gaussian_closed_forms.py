"""The Gaussian claims' closed-form quantities (``quantity_expr``): each equals what the claim's quantity computes
(checked at 100 digits against an mpmath evaluation of the expression), and the derivations start from it — so
``gaussian.renyi``'s proof is complete, and a derivation starting elsewhere is reported broken."""
import dataclasses

import mpmath
import numpy as np
import pytest

from certunlearn.claims import get_claim
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.derive.model import PROOF_BROKEN, PROOF_COMPLETE, START_CHECKED, START_MISMATCH
from certunlearn.formulas.symbols import sigma

from .oracles import contains
from .r2d.helpers import closed_form_oracle, quantity_value

CLOSED_FORM = ("gaussian.renyi", "gaussian.classic", "gaussian.zcdp")


def _instances(claim, k):
    """k instances of the claim's structured adversary, spread over its grid."""
    pts = list(claim.adversaries[0].generate(np.random.default_rng(3), 10**6))
    return pts[:: max(1, len(pts) // k)][:k]


@pytest.mark.parametrize("cid", CLOSED_FORM)
def test_the_closed_form_is_the_quantity(cid):
    claim = get_claim(cid)
    assert claim.quantity_expr is not None
    for inst in _instances(claim, 2 if cid == "gaussian.renyi" else 6):
        q, o = quantity_value(claim, inst), closed_form_oracle(claim, inst)
        if cid == "gaussian.renyi":  # quadrature, then log of a number near 1: agreement to 60 digits is ample
            with mpmath.workdps(100):
                assert abs(mpmath.mpf(q.mid().str(80, radius=False)) - o) <= mpmath.mpf(10) ** -60 * abs(o), inst
        else:
            assert contains(q, o), (cid, inst)


@pytest.mark.parametrize("cid", CLOSED_FORM)
def test_the_derivation_starts_from_the_quantity(cid):
    claim = get_claim(cid)
    r = check_derivation(load_derivation(cid), claim)
    assert r.start_status == START_CHECKED, r.start_status_detail


def test_renyi_proof_complete():
    claim = get_claim("gaussian.renyi")
    assert check_derivation(load_derivation("gaussian.renyi"), claim).proof == PROOF_COMPLETE


@pytest.mark.slow  # ~80 CPU-s: before it says "mismatch", the engine tries sympy's integration on both integrals
def test_renyi_wrong_start_is_caught():
    claim = get_claim("gaussian.renyi")
    # the negative control: the quantity at twice the noise is not where the chain starts
    wrong = dataclasses.replace(claim, quantity_expr=claim.quantity_expr.subs(sigma, 2 * sigma))
    r = check_derivation(load_derivation("gaussian.renyi"), wrong)
    assert r.start_status == START_MISMATCH and r.proof == PROOF_BROKEN


def test_the_closed_form_oracle_bites():
    """A closed form that is not the quantity (σ doubled) is told apart by the comparison above."""
    claim = get_claim("gaussian.classic")
    wrong = dataclasses.replace(claim, quantity_expr=claim.quantity_expr.subs(sigma, 2 * sigma))
    inst = {"epsilon": "0.5", "delta": "1e-5", "Delta": "1"}
    assert not contains(quantity_value(claim, inst), closed_form_oracle(wrong, inst))


def test_subsampled_rdp_family_grows_in_thorough_inside_the_hypotheses():
    """Quick (size 40) keeps the 36 listed (α, q, σ) exactly; thorough draws random ones after them (q ≤ 0.99)."""
    from certunlearn.numeric.fraction import Fraction

    import numpy as np

    from certunlearn.claims.registry import get_claim
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("gaussian.subsampled-rdp")
    adv = claim.adversaries[0]
    listed = [{"alpha": a, "q": qq, "sigma": s, "Delta": "1"}
              for a in (2, 8, 32) for qq in ("0.01", "0.2", "0.9", "0.99") for s in ("0.3", "0.7", "2")]
    assert adv.generate(np.random.default_rng(0), 40) == listed
    big = adv.generate(np.random.default_rng(0), 100_000)
    assert big[:36] == listed and len(big) >= 66
    for inst in big[36:]:
        assert all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses), inst
        assert isinstance(inst["alpha"], int) and 0 < Fraction(inst["q"]) <= Fraction(99, 100)
        assert Fraction(inst["sigma"]) > 0 and Fraction(inst["Delta"]) > 0
