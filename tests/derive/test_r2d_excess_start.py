"""Corollary 3.5's derivations (printed and +fix), Corollary 3.6+fix's (at a point-mass population) and Theorem 3.1
utility+fix's (``_utility_run``: utility_lhs on the same runs) start from the claim's quantity run on sympy symbols (proofs/r2d
``_excess_risk_run``: E[f_{D'}(θ''_K + ξ)] − f*_{D'} for the d = 1 convex quadratics (λ/2)(θ − x)², GD affine, the
noise's expectation (λ/2)σ² closed). At the claim's own quadratic instances it is exactly ``excess_risk``; a wrong run
(a 0.1 % larger step η) is not; and the engine calls a start from that wrong run a ``mismatch``. Lemma B.4+fix starts
from ``_point_mass_gap_run`` ((λ/2)(θ − x_0)², its quantity at a point-mass quadratic), tested the same way."""

import pytest
import sympy
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.instances import frac
from certunlearn.claims.r2d.population_runs import is_population
from certunlearn.claims.r2d.quantities import QUADRATIC, setup_of
from certunlearn.derive import START_CHECKED, START_MISMATCH, find_derivation
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

from .quantity_forms import inside, instances, start_statuses


def _mean(rows) -> Fraction:
    return sum((frac(r[0]) for r in rows), Fraction(0)) / len(rows)


def _env(values, eta_factor=1):
    s = setup_of(values)
    m_ = int(frac(values["m"]))
    return {"xbar": _mean(s.X), "xbar_r": _mean(s.retained(m_)), "theta_0": frac(s.theta0[0]), "lam": s.curv,
            "eta": frac(values["eta"]) * eta_factor, "T": int(frac(values["T"])), "K": int(frac(values["K"]))}


def _at(run, env, sig: arb) -> arb:
    """The run at the instance: rational in everything but σ, and affine in σ² (enclosed)."""
    s2 = sympy.Symbol("s2", positive=True)
    sigma = next(x for x in run.free_symbols if x.name == "sigma")
    e = sympy.expand(run.subs({x: env[x.name] for x in run.free_symbols if x.name != "sigma"}).subs(sigma**2, s2))
    a, b = e.subs(s2, 0), e.coeff(s2)
    assert a.is_Rational and b.is_Rational, e
    return to_arb(Fraction(int(a.p), int(a.q))) + to_arb(Fraction(int(b.p), int(b.q))) * sig * sig


@pytest.mark.parametrize("claim_id", ["r2d.cor3.5+fix", "r2d.cor3.5", "r2d.cor3.6+fix", "r2d.thm3.1:utility+fix"])
def test_the_run_is_the_quantity_on_d1_quadratics(claim_id):
    claim = get_claim(claim_id)
    run = find_derivation(claim).symbolic_start.compute()
    assert {s.name for s in run.free_symbols} == {"xbar", "xbar_r", "theta_0", "lam", "eta", "T", "K", "sigma"}
    checked = told_apart = 0
    for inst in instances(claim, per_adversary=8):
        if "sine" in inst or is_population(inst) or setup_of(inst).family != QUADRATIC or setup_of(inst).dim != 1 \
                or not inside(claim, inst):
            continue
        with workprec(256):
            values = claim.with_prescribed(inst)
            sig = to_arb(values["sigma"])
            q = to_arb(claim.quantity(values))
            got = _at(run, _env(values), sig)
            assert q.rad() < arb(2) ** -200 * (1 + abs(q).upper()), q
            assert got.rad() < arb(2) ** -200 * (1 + abs(got).upper()), got
            assert (q - got).contains(0), (values, q, got)
            told_apart += not (q - _at(run, _env(values, Fraction(1001, 1000)), sig)).contains(0)
        checked += 1
    assert checked >= 4 and told_apart >= 2, (checked, told_apart)


def test_lemb4_fix_run_is_the_quantity_at_point_mass_quadratics():
    claim = get_claim("r2d.lemB.4+fix")
    run = find_derivation(claim).symbolic_start.compute()
    assert {s.name for s in run.free_symbols} == {"lam", "theta", "x_0"}
    checked = told_apart = 0
    for values in instances(claim, per_adversary=8):
        if any(k in values for k in ("shape", "sine")) or is_population(values) or "x0" not in values \
                or len(values["theta"]) != 1 or not inside(claim, values):
            continue
        env = {"lam": frac(values["lam"]), "theta": frac(values["theta"][0]), "x_0": frac(values["x0"][0])}
        got = run.subs({s: env[s.name] for s in run.free_symbols})
        with workprec(256):
            q = to_arb(claim.quantity(values))
            assert q.rad() < arb(2) ** -200 * (1 + abs(q).upper()), q
            assert (q - to_arb(Fraction(int(got.p), int(got.q)))).contains(0), (values, q, got)
        told_apart += got != 0
        checked += 1
    assert checked >= 3 and told_apart >= 2, (checked, told_apart)


@pytest.mark.parametrize("claim_id", ["r2d.lemB.4+fix", pytest.param("r2d.cor3.6+fix", marks=pytest.mark.slow),
                                      pytest.param("r2d.thm3.1:utility+fix", marks=pytest.mark.slow)])
def test_a_larger_start_is_a_mismatch(claim_id):
    assert start_statuses(claim_id, lambda first: first * sympy.Rational(1001, 1000)) == (START_CHECKED, START_MISMATCH)


def test_a_wrong_run_is_a_mismatch():
    def larger_eta(first):  # the run at a 0.1 % larger η
        eta = next(s for s in first.free_symbols if s.name == "eta")
        return first.subs(eta, eta * sympy.Rational(1001, 1000))

    assert start_statuses("r2d.cor3.5+fix", larger_eta) == (START_CHECKED, START_MISMATCH)
