"""Lemma G.1's derivations (first and second inequality, m points) start from the exact ridge shift
``formulas.retain.RIDGE_SHIFT_2X2_EXPR`` = ‖H⁻¹g‖/n (first-order optimality of the quadratic ridge risk). That closed
form must be *the claim's quantity*: at the claims' own instances (d = 1 and d = 2, inside the hypotheses) it encloses
the same number as RidgeERM's exact shift — and a wrong run (the gradient at the other minimiser, or a 0.1 % larger
gradient) does not; the engine calls a start that is 0.1 % off a ``mismatch``."""

import pytest
import sympy
from flint import arb

from certunlearn.algorithms.retain import RidgeERM, labeled
from certunlearn.claims import get_claim
from certunlearn.claims.instances import frac
from certunlearn.claims.retain.families import fracs
from certunlearn.claims.retain.pca import rows
from certunlearn.derive import START_CHECKED, START_MISMATCH
from certunlearn.formulas.retain import RIDGE_SHIFT_2X2_EXPR, SYMBOLS
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval

from .quantity_forms import checked_instances, inside, start_statuses

#: claim → (the data key of the added points, the second inequality?)
CASES = {"retain.lemG.1": ("zx", False), "retain.lemG.1:second": ("zx", True), "retain.lemG.1:m-points+fix": ("Zx", False)}


def _gradient(values, key, second, at_other=False):
    """g of Lemma G.1's optimality condition, from the instance's data: Σ_z ∇f(w, z) with f(w, z) = ½(⟨x, w⟩ − y)² +
    (λ/2)‖w‖², at w = w_R' (first inequality, m points) or w = w_R (second); ``at_other`` swaps the two (a wrong run)."""
    lam = frac(values["lambda"])
    R = labeled((rows(values["X"]), fracs(values["y"])), "R")
    if key == "zx":
        Z = labeled((rows([values["zx"]]), [frac(values["zy"])]), "U")
    else:
        Z = labeled((rows(values["Zx"]), fracs(values["Zy"])), "U")
    mech = RidgeERM(lam=lam, B=frac(values["B"]), Y=1)
    w = mech.fit(R if second != at_other else R + Z).theta
    g = [Fraction(0)] * R.d
    for x, y in zip(Z.X, Z.y):
        r = sum((a * b for a, b in zip(x, w)), Fraction(0)) - y
        g = [gi + r * xi + lam * wi for gi, xi, wi in zip(g, x, w)]
    return (g[0], g[1] if R.d == 2 else Fraction(0))


def _closed_form(values, g, second):
    expr = RIDGE_SHIFT_2X2_EXPR.subs(SYMBOLS["n"], SYMBOLS["n"] + 1) if second else RIDGE_SHIFT_2X2_EXPR
    env = {"g1": g[0], "g2": g[1], **{k: frac(values[k]) for k in ("hs", "hd", "h12", "n")}}
    return arb_eval(expr, env)


@pytest.mark.parametrize("cid", sorted(CASES))
def test_the_ridge_shift_closed_form_is_the_quantity(cid):
    claim = get_claim(cid)
    key, second = CASES[cid]
    dims, wrong = set(), 0
    import numpy as np

    structured = list(claim.adversaries[0].generate(np.random.default_rng(0), 0))  # the d = 1 design comes last
    d1 = [v for v in structured if len(v["X"][0]) == 1 and inside(claim, v)][:2]
    for values in checked_instances(claim)[:4] + d1:
        with workprec(256):
            q = to_arb(claim.quantity(values))
            g = _gradient(values, key, second)
            got = _closed_form(values, g, second)
            assert q.rad() < arb(2) ** -100 * (1 + abs(q).upper()), (cid, q)
            assert (q - got).contains(0), (cid, values, q, got)
            if abs(q).lower() > 0:  # a wrong run is told apart
                assert not (q - _closed_form(values, (g[0] * Fraction(1001, 1000), g[1] * Fraction(1001, 1000)),
                                             second)).contains(0)
                other = _closed_form(values, _gradient(values, key, second, at_other=True), second)
                wrong += not (q - other).contains(0)
        dims.add(len(values["X"][0]))
    assert dims == {1, 2}, dims  # both shapes of the claim's class
    assert wrong, cid


def test_a_start_off_by_a_tenth_of_a_percent_is_a_mismatch():
    assert start_statuses("retain.lemG.1", lambda first: sympy.Rational(1001, 1000) * RIDGE_SHIFT_2X2_EXPR,
                          index=0) == (START_CHECKED, START_MISMATCH)
