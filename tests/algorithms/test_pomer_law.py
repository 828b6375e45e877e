"""The exact law of POMER's iterates (certunlearn.algorithms.pomer.law) against an independent mpmath oracle for
T = 2 (quadrature of the keep/switch recursion written out by hand, thresholds in closed form), against the
degenerate cases p = 1 and B = 0, and against a seeded Monte Carlo run of Algorithm 1 (statistical, 5 sd)."""

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.algorithms.pomer import monte_carlo, run
from certunlearn.algorithms.pomer.gibbs import PiecewiseLinear as PL, gibbs
from certunlearn.algorithms.pomer.law import exact_law
from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
TOL = mpmath.mpf(10) ** -12


def num(a: arb) -> mpmath.mpf:
    return mpmath.mpf(a.mid().str(60, radius=False))


def oracle_two_rounds(g1, g2, beta, lam, p, log_phi, initial, budget):
    """(E l₁(x₁) + E l₂(x₂), Pr[ζ₁ = 1] + Pr[ζ₂ = 1]) for l_t = g_t·x on K = [−1, 1], by mpmath quadrature."""
    g1, g2, beta, lam, p, log_phi = (mpmath.mpf(F(v).numerator) / F(v).denominator for v in (g1, g2, beta, lam, p, log_phi))

    def z(slope):
        return mpmath.quad(lambda x: mpmath.exp(-beta * (slope * x + lam * x * x / 2)), [-1, 0, 1])

    def gibbs_density(slope):
        zz = z(slope)
        return lambda x: mpmath.exp(-beta * (slope * x + lam * x * x / 2)) / zz

    def keep(g, before):
        c = mpmath.log(z(before) / z(before + g)) - log_phi  # log r(x) = −βgx + c

        def k(x):
            return (1 - p) * min(1, max(mpmath.exp(-2 * log_phi), mpmath.exp(-beta * g * x + c)))

        cuts = [x for x in (c / (beta * g), (c + 2 * log_phi) / (beta * g)) if -1 < x < 1] if g else []
        return k, sorted([-1, 1, *cuts])

    nu = (lambda x: mpmath.mpf(1) / 2) if initial == "uniform" else gibbs_density(0)
    k1, cuts1 = keep(g1, 0)
    k2, cuts2 = keep(g2, g1)
    pts = sorted(set(cuts1) | set(cuts2) | {0})
    mu2 = gibbs_density(g1)
    e1 = mpmath.quad(lambda x: nu(x) * g1 * x, pts)
    s1 = mpmath.quad(lambda x: nu(x) * (1 - k1(x)), pts)
    e2 = mpmath.quad(lambda x: nu(x) * k1(x) * g2 * x, pts) + s1 * mpmath.quad(lambda x: mu2(x) * g2 * x, pts)
    stay = mpmath.quad(lambda x: nu(x) * k1(x) * (1 - k2(x)), pts)  # b₂ = 0: budget left
    moved = s1 * mpmath.quad(lambda x: mu2(x) * (1 - k2(x)), pts)  # b₂ = 1
    s2 = stay + (moved if budget is None or budget > 1 else 0)
    return e1 + e2, s1 + s2


@pytest.mark.parametrize("g1,g2,beta,lam,p,initial,budget", [
    (1, -1, F(3), F(2), F(1, 10), "uniform", None),
    (F(1, 2), 1, F(20), F(1), F(0), "gibbs", None),
    (1, 1, F(1, 2), F(1, 2), F(1, 4), "uniform", 1),
])
def test_two_rounds_match_quadrature(g1, g2, beta, lam, p, initial, budget):
    log_phi = F(1, 3)
    with workprec(256):
        law = exact_law([PL.linear(-1, 1, g1), PL.linear(-1, 1, g2)], beta, lam, p, arb(1) / 3, budget, initial)
        losses, switches = oracle_two_rounds(g1, g2, beta, lam, p, log_phi, initial, budget)
        assert abs(num(sum(law.expected_losses, arb(0))) - losses) < TOL
        assert abs(num(law.expected_switches) - switches) < TOL
        assert abs(num(law.regret) - (losses - _min_total(g1, g2))) < TOL


def _min_total(g1, g2) -> mpmath.mpf:
    s = F(g1) + F(g2)
    return mpmath.mpf(-abs(s).numerator) / abs(s).denominator  # min over [−1, 1] of s·x


def test_forced_switch_every_round_plays_the_gibbs_laws():
    """p = 1: every round switches (E[S_T] = T) and x_t ∼ μ̄_t exactly for t ≥ 2."""
    ls = [PL.hinge(-1, 2, 0, -1, 1), PL.linear(-1, 2, F(1, 2)), PL.hinge(-1, 2, 1, 0, 2)]
    with workprec(256):
        law = exact_law(ls, F(2), F(1), 1, arb(1) / 2, None, "uniform")
        assert law.expected_switches.contains(3) and law.budget[-1][3].contains(1)
        for t in (2, 3):
            mu = gibbs(ls[0] if t == 2 else ls[0] + ls[1], F(2), F(1))
            assert abs(num(law.expected_losses[t - 1]) - num(mu.against(ls[t - 1]))) < TOL


def test_zero_budget_never_switches():
    """B = 0: x_t = x₁ (uniform on [−1, 1]) for every t, so E[Σ l_t(x_t)] = E_u[Σ l_t] exactly."""
    ls = [PL.linear(-1, 1, 1), PL.hinge(-1, 1, 0, -1, 1), PL.linear(-1, 1, -3)]
    with workprec(256):
        law = exact_law(ls, F(5), F(1), F(1, 2), arb(1) / 5, 0, "uniform")
        assert law.expected_switches.contains(0)
        # E_u[x] = 0, E_u[|x|] = 1/2: Σ = 0 + 1/2 + 0; min of x + |x| − 3x over [−1, 1] is −1 (at x = 1)
        assert law.regret.contains(arb(3) / 2) and law.regret.rad() < 1e-50


def test_budget_law_is_a_distribution_and_tail_matches_it():
    ls = [PL.linear(-1, 1, 1), PL.linear(-1, 1, -1), PL.hinge(-1, 1, F(1, 2), -1, 1), PL.linear(-1, 1, 1)]
    with workprec(128):
        law = exact_law(ls, F(3), F(2), F(1, 10), arb(1) / 2, 2, "uniform")
        final = law.budget[-1]
        assert set(final) <= {0, 1, 2} and sum(final.values(), arb(0)).contains(1)
        assert abs(float((law.tail(F(3, 2)) - final[2]).mid())) < 1e-30
        assert law.played_switches < law.expected_switches


def test_monte_carlo_agrees_with_the_exact_law():
    """Statistical: 300 seeded runs; the exact expectations lie within 5 standard errors of the sample means."""
    ls = [PL.linear(-1, 1, 1), PL.hinge(-1, 1, 0, -1, 1), PL.linear(-1, 1, -1)]
    with workprec(128):
        law = exact_law(ls, F(3), F(2), F(1, 10), arb(1) / 2, 1, "uniform")
    est = monte_carlo(ls, F(3), F(2), F(1, 10), F(1, 2), runs=300, seed=3, budget=1, confidence=0.9999994)
    assert est["regret"].low <= float(law.regret.mid()) <= est["regret"].high
    assert est["switches"].low <= float(law.expected_switches.mid()) <= est["switches"].high
    assert est["regret"].high - est["regret"].low < 0.6  # the interval is informative


def test_run_records_a_trajectory_consistent_with_its_switches():
    rng = np.random.default_rng(0)
    ls = [PL.linear(-1, 1, 1), PL.linear(-1, 1, -1)] * 3
    tr = run(ls, F(5), F(1), F(1, 2), F(1, 4), rng, budget=2)
    assert len(tr.points) == 6 and sum(tr.switches) <= 2
    for t in range(5):
        assert (tr.points[t + 1] != tr.points[t]) == bool(tr.switches[t])
    assert all(-1 <= x <= 1 for x in tr.points)


@pytest.mark.parametrize("kwargs,name", [
    ({"p": F(3, 2)}, "p"), ({"log_phi": F(-1)}, "Phi"), ({"budget": -1}, "B"), ({"initial": "zero"}, "initial"),
    ({"beta": 0}, "beta"),
])
def test_run_rejects_bad_parameters(kwargs, name):
    args = {"beta": F(1), "lam": F(1), "p": F(0), "log_phi": F(1, 2), "budget": None, "initial": "uniform", **kwargs}
    with pytest.raises(InvalidParameterError) as e:
        run([PL.linear(-1, 1, 1)], args["beta"], args["lam"], args["p"], args["log_phi"], np.random.default_rng(0),
            args["budget"], args["initial"])
    assert e.value.parameter == name


def test_run_rejects_nonconvex_losses():
    with pytest.raises(AssumptionViolatedError):
        run([PL.hinge(-1, 1, 0, 1, -1)], 1, 1, 0, F(1, 2), np.random.default_rng(0))
