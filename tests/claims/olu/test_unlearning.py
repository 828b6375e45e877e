"""Unlearning claims of passive OLU (certunlearn.claims.olu.unlearning): Theorem 1, Corollary 1 and Proposition 1
against independent oracles — closed forms in Fractions, mpmath at 100 digits (numerical Rényi integrals).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""
import math

import mpmath
import pytest
from flint import arb

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.olu.families import chain_instance, stream_instance
from certunlearn.claims.olu.quantities import chain_rdp, divergences
from certunlearn.claims.olu.unlearning import prop1_quantity
from certunlearn.formulas.olu import gamma, GAMMA_SC, GAMMA_SC_FIX
from certunlearn.numeric.fraction import Fraction as F

from ..oracles import contains, mp

mpmath.mp.dps = 100


MAX_PREC = 1024


def renyi_by_quadrature(a, m0, v0, m1, v1) -> mpmath.mpf:
    """D_α(N(m0, v0) ‖ N(m1, v1)) in 1-D by numerical integration of p^α q^{1−α} (independent of privacy/), at 40
    digits (far below the enclosures' radii)."""
    with mpmath.workdps(40):
        return _renyi_quad(a, m0, v0, m1, v1)


def _renyi_quad(a, m0, v0, m1, v1) -> mpmath.mpf:
    p = lambda x: mpmath.npdf(x, m0, mpmath.sqrt(v0))
    q = lambda x: mpmath.npdf(x, m1, mpmath.sqrt(v1))
    c = (m0 + m1) / 2
    integral = mpmath.quad(lambda x: p(x) ** a * q(x) ** (1 - a), [-mpmath.inf, c - 20, c, c + 20, mpmath.inf])
    return mpmath.log(integral) / (a - 1)


def aligned_linear(omega, alpha=F(3), eps=F(1, 2), eta=F(1, 2)):
    return stream_instance(0, [[F(1)]] * 6, [], [0], [5], [1], alpha=alpha, epsilon=eps, omega=omega, L=F(1),
                           eta=eta, gamma=F(1), beta=F(1), mu=F(1, 2))


def sc_counterexample():
    """λ = μ = 1, β = 2, η = 1/(β+μ) = 1/3, z_1 = 3, x_1 = 1 deleted at τ = 4: C3 attained (L = 2)."""
    X = [[F(1)], [F(-1)], [F(1)], [F(-1)]]
    return stream_instance(1, X, [F(1)], [F(3)], [4], [1], alpha=F(2), epsilon=F(1), omega=F(3), L=F(2),
                           eta=F(1, 3), mu=F(1), beta=F(2), gamma=F(1))


# ---------------------------------------------------------------------------------------------- unlearning


@pytest.mark.parametrize("omega", [F(6, 5), F(2), F(5)])
def test_one_aligned_deletion_attains_alpha_eps_times_omega_ratio(omega):
    """Closed form: shift ηL, σ² = ω(ηL)²/(2(ω−1)ε) ⇒ D_α = αε(ω−1)/ω exactly (both directions)."""
    inst = aligned_linear(omega)
    claim = get_claim("olu.thm1")
    (fwd, rev), = divergences(claim.with_prescribed(inst), gamma)
    expected = F(3) * F(1, 2) * (omega - 1) / omega
    assert contains(fwd, expected) and contains(rev, expected)
    ev = evaluate(claim, inst, MAX_PREC)
    assert ev.outcome == WITHIN


def test_sigma_halved_control_is_violated_at_the_closed_form():
    inst = aligned_linear(F(2))
    ev = evaluate(get_claim("olu.thm1:control-sigma-halved"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED
    assert contains(arb(ev.observed_enclosure.split("+/-")[0].strip("[ ")), F(3))  # 4·αε(ω−1)/ω = 3


def test_corollary_1_strongly_convex_counterexample_against_hand_computation():
    """Hand: the skipped step shifts w_1 by ηλ(z_1 − x_1) = 2/3; three steps of factor 1 − ημ = 2/3 give 16/81 at τ = 4.
    The printed γ = 1/3 calibrates σ² = ω(γ³ηL)²/(2(ω−1)ε); D_α = α·shift²/(2σ²) = 256/3 > αε = 2."""
    inst = sc_counterexample()
    shift = F(2, 3) * F(2, 3) ** 3
    gamma_ = F(1, 3)
    sigma2 = F(3) * (gamma_**3 * F(1, 3) * 2) ** 2 / (2 * 2 * 1)
    expected = 2 * shift**2 / (2 * sigma2)
    assert expected == F(256, 3)
    ev = evaluate(get_claim("olu.cor1:sc"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED
    (fwd, rev), = divergences(get_claim("olu.cor1:sc").with_prescribed(inst), GAMMA_SC)
    assert contains(fwd, expected) and contains(rev, expected)
    # the corrected γ = 1 − ημ = 2/3 calibrates exactly to the shift: D_α = αε(ω−1)/ω = 4/3
    assert evaluate(get_claim("olu.cor1:sc+fix"), inst, MAX_PREC).outcome == WITHIN
    (fix, _), = divergences(get_claim("olu.cor1:sc+fix").with_prescribed(inst), GAMMA_SC_FIX)
    assert contains(fix, F(4, 3))


def test_general_covariances_both_directions_against_quadrature():
    """A skipped quadratic step that meets earlier noise: the two laws have different variances; D_α in both
    directions against numerical integration in mpmath (laws by hand: a step is w ↦ w/2 + x_t/2, a skip keeps w)."""
    X = [[F(1)], [F(2)], [F(-1)], [F(0)]]
    inst = stream_instance(1, X, [F(1)], [F(0)], [1, 3], [1, 2], alpha=F(5, 2), epsilon=F(1), omega=F(2), L=F(3),
                           eta=F(1, 2), gamma=F(1, 2), beta=F(1), mu=F(1))
    pairs = divergences(get_claim("olu.thm1").with_prescribed(inst), gamma)
    # σ_i² = i^ω ω (γ^{τ−u} ηL)²/(2(ω−1)ε) = i²(γ^{τ−u}·3/2)²: 9/4 at τ = 1 (i = 1) and at τ = 3 (i = 2)
    noise = {1: mpmath.mpf(9) / 4, 3: mpmath.mpf(9) / 4}

    def run(skip, upto):
        m, v = mpmath.mpf(0), mpmath.mpf(0)
        for t in range(1, upto + 1):
            if t not in skip:
                m, v = m / 2 + mp(X[t - 1][0]) / 2, v / 4
            v += noise.get(t, 0)
        return m, v

    a = mp(F(5, 2))
    for i, t in enumerate([1, 3], start=1):
        (m0, v0), (m1, v1) = run(set(), t), run({1, 2} if i == 2 else {1}, t)
        fwd, rev = pairs[i - 1]
        assert contains(fwd, renyi_by_quadrature(a, m0, v0, m1, v1))
        assert contains(rev, renyi_by_quadrature(a, m1, v1, m0, v0))
    assert run(set(), 3)[1] != run({1, 2}, 3)[1]  # the covariances do differ


def test_noise_free_deleted_states_are_required_for_quadratics():
    inst = sc_counterexample()
    inst["tau"], inst["u"] = [1, 4], [1, 3]  # f_3 would act on a noisy state: outside C3 as encoded
    assert evaluate(get_claim("olu.cor1:sc"), inst, MAX_PREC).outcome == EXCLUDED


# ---------------------------------------------------------------------------------------------- Proposition 1
def bernoulli_renyi(a, p, q) -> mpmath.mpf:
    a, p, q = mp(a), mp(p), mp(q)
    return mpmath.log(p**a * q ** (1 - a) + (1 - p) ** a * (1 - q) ** (1 - a)) / (a - 1)


def test_bernoulli_chain_rdp_and_quantity_against_mpmath():
    chain = [F(1, 10), F(1, 4), F(1, 2), F(4, 5)]
    inst = chain_instance(0, chain, 6)
    rdp = max(max(bernoulli_renyi(6, p, q), bernoulli_renyi(6, q, p)) for p, q in zip(chain, chain[1:]))
    assert contains(chain_rdp(inst), rdp)
    assert mp(inst["epsilon"]) >= rdp and mp(inst["epsilon"]) - rdp < rdp * mpmath.mpf(2) ** -39
    q = max(bernoulli_renyi(F(2), chain[i], chain[0]) for i in range(1, 4))  # order α/k = 6/3
    assert contains(prop1_quantity(inst), q)


@pytest.mark.parametrize("kk", [1, 2, 5])
def test_gaussian_chain_group_divergence_is_k_times_epsilon(kk):
    """Equal shifts 1 with variance 2: ε = α/4 per neighbour, and D_{α/k}(N(k, 2) ‖ N(0, 2)) = (α/k)k²/4 = kα/4."""
    alpha_ = 3 * kk
    inst = chain_instance(1, list(range(kk + 1)), alpha_, s2=F(2))
    assert contains(chain_rdp(inst), F(alpha_, 4))
    assert contains(prop1_quantity(inst), F(kk * alpha_, 4))
    ev = evaluate(get_claim("olu.prop1"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and math.isclose(ev.ratio, kk ** -0.6, rel_tol=1e-9)


def test_proposition_1_needs_alpha_at_least_2k():
    inst = chain_instance(1, [0, 1, 2], 3)  # α = 3 < 2k = 4
    assert evaluate(get_claim("olu.prop1"), inst, MAX_PREC).outcome == EXCLUDED
