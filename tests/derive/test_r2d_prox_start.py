"""Lemma 2.3's derivation starts from the claim's quantity run on sympy symbols (proofs/r2d ``_prox_gap_run``: F(θ_t) −
F(x) for the d = 1 separable quadratic f(y) = (a_f/2)y² + b_f·y). At the claim's own d = 1 separable instances it is
exactly ``prox_gap``; a wrong run (a 0.1 % larger step η) is not; and the engine calls a start from that wrong run a
``mismatch``."""

import sympy
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.instances import frac
from certunlearn.derive import START_CHECKED, START_MISMATCH, find_derivation
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

from .quantity_forms import inside, instances, start_statuses


def _env(values, eta_factor=1):
    return {"a_f": frac(values["fa"][0]), "b_f": frac(values["fb"][0]), "theta_t": frac(values["theta"][0]),
            "x_p": frac(values["probe"][0]), "eta": frac(values["eta"]) * eta_factor}


def test_the_run_is_the_quantity_on_d1_separable_quadratics():
    claim = get_claim("r2d.lem2.3")
    run = find_derivation(claim).symbolic_start.compute()
    assert {s.name for s in run.free_symbols} == {"a_f", "b_f", "theta_t", "x_p", "eta"}
    checked = told_apart = 0
    for values in instances(claim, per_adversary=6):
        if "fa" not in values or len(values["theta"]) != 1 or not inside(claim, values):
            continue
        env = _env(values)
        got = run.subs({s: env[s.name] for s in run.free_symbols})
        assert got.is_Rational, got
        with workprec(256):
            q = to_arb(claim.quantity(values))
            assert q.rad() < arb(2) ** -200 * (1 + abs(q).upper()), q
            assert (q - to_arb(Fraction(int(got.p), int(got.q)))).contains(0), (values, q, got)
        wrong = run.subs({s: _env(values, Fraction(1001, 1000))[s.name] for s in run.free_symbols})
        told_apart += wrong != got
        checked += 1
    assert checked >= 4 and told_apart >= 2, (checked, told_apart)


def test_a_wrong_run_is_a_mismatch():
    def larger_eta(first):  # the run at a 0.1 % larger η
        eta = next(s for s in first.free_symbols if s.name == "eta")
        return first.subs(eta, eta * sympy.Rational(1001, 1000))

    assert start_statuses("r2d.lem2.3", larger_eta) == (START_CHECKED, START_MISMATCH)
