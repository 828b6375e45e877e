"""Lemma B.3's derivation starts from the claim's quantity run on sympy symbols (proofs/r2d ``_expansion_b3_run``: the
gap ratio of gradient descent on the concave quadratics −(λ/2)(θ − x)², d = 1). At the claim's own concave-quadratic
instances it is exactly ``expansion_b3``; a wrong run (a 0.1 % larger step η) is not; and the engine calls a start from
that wrong run a ``mismatch``."""

import numpy as np
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.instances import frac
from certunlearn.derive import START_CHECKED, START_MISMATCH, find_derivation
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction

from .quantity_forms import inside, start_statuses


def _at(run, values, eta_factor=1):
    env = {"eta": frac(values["eta"]) * eta_factor, "lam": frac(values["lam"]), "K": int(frac(values["K"]))}
    return run.subs({s: env[s.name] for s in run.free_symbols})


def test_the_run_is_the_quantity_on_concave_quadratics():
    claim = get_claim("r2d.lemB.3")
    run = find_derivation(claim).symbolic_start.compute()
    assert {s.name for s in run.free_symbols} == {"eta", "lam", "K"}
    family = next(a for a in claim.adversaries if a.name.startswith("concave quadratics"))
    checked = told_apart = 0
    for values in family.generate(np.random.default_rng(0), 8):
        if not inside(claim, values):
            continue
        q, got = claim.quantity(values), _at(run, values)
        assert isinstance(q, RATIONAL_TYPES) and got == sympy.Rational(q.numerator, q.denominator), (values, q, got)
        told_apart += _at(run, values, Fraction(1001, 1000)) != got
        checked += 1
    assert checked >= 4 and told_apart >= 3, (checked, told_apart)


def test_a_wrong_run_is_a_mismatch():
    def larger_eta(first):  # the run at a 0.1 % larger η
        eta = next(s for s in first.free_symbols if s.name == "eta")
        return first.subs(eta, eta * sympy.Rational(1001, 1000))

    assert start_statuses("r2d.lemB.3", larger_eta) == (START_CHECKED, START_MISMATCH)
