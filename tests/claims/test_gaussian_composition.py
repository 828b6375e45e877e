"""The subsampled-profile and composition claims (certunlearn/claims/gaussian_composition.py): each quantity is
confirmed independently by mpmath (30 digits) (quadrature of the mixture densities, the closed form at σ/√k), the
wrong variants (q² for q, one step for k, noise levels averaged) are caught, and the RDP route's negative control
is violated."""
from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.claims.registry import get_claim
from certunlearn.claims.gaussian_composition import (composed_bracket, heterogeneous_bracket, pld_composed,
                                                    pld_heterogeneous)
from certunlearn.formulas.gaussian import DELTA_GAUSSIAN, DELTA_GAUSSIAN_COMPOSED, k, k1, k2, q, sigma1, sigma2
from certunlearn.formulas.symbols import sigma
from certunlearn.numeric.enclosure import arb_lower_float, arb_upper_float
from certunlearn.numeric.sympy_arb import arb_eval

RNG = np.random.default_rng(0)


def mp_hockey_stick(eps, q, sigma, direction):
    """∫(p − e^ε q)₊ by mpmath quadrature, the crossings located numerically on [−60, 60] (30 digits)."""
    with mpmath.workdps(30):
        eps, q, mu = mpmath.mpf(eps), mpmath.mpf(q), 1 / mpmath.mpf(sigma)
        phi = lambda x: mpmath.npdf(x)
        mix = lambda x: (1 - q) * phi(x) + q * phi(x - mu)
        p, qd = (mix, phi) if direction == "remove" else (phi, mix)
        f = lambda x: p(x) - mpmath.exp(eps) * qd(x)
        grid = [mpmath.mpf(t) / 2 for t in range(-120, 121)]
        g = lambda x: p(x) / qd(x) - mpmath.exp(eps)  # f's sign, at unit scale (f itself is ~1e-40 far out)
        cuts = [mpmath.findroot(g, (a, b), solver="illinois") for a, b in zip(grid, grid[1:]) if g(a) * g(b) < 0]
        pts = [grid[0], *cuts, grid[-1]]  # beyond ±60 every density is below e^(−1700)
        pieces = lambda a, b: mpmath.linspace(a, b, int((b - a) * 4) + 2)  # quarter-unit panels: tanh-sinh stays exact
        return sum(max(mpmath.quad(f, pieces(a, b)), 0) for a, b in zip(pts, pts[1:]))


def instances(claim_id):
    return list(get_claim(claim_id).adversaries[0].generate(RNG, 1000))


@pytest.mark.slow
@pytest.mark.parametrize("claim_id,direction", [("gaussian.subsampled-poisson:remove", "remove"),
                                                ("gaussian.subsampled-poisson:add", "add")])
def test_subsampled_quantity_and_bound_agree_with_mpmath(claim_id, direction):
    claim = get_claim(claim_id)
    for inst in instances(claim_id)[::7]:
        ref = mp_hockey_stick(inst["epsilon"], inst["q"], inst["sigma"], direction)
        ball = claim.quantity(inst)
        assert arb_lower_float(ball) <= ref * (1 + 1e-6) and ref <= arb_upper_float(ball) * (1 + 1e-6) + 1e-300
        bound = arb_eval(claim.bound, inst)
        assert abs(float(bound.mid()) - float(ref)) <= 1e-6 * float(ref) + 1e-300  # the closed form is the profile (the oracle is good to ~1e-8)


def test_a_wrong_profile_is_caught_by_the_integral():
    """The profile with q² for q (a sampling rate applied twice) lies below the integral: the positive control's
    tightness would leave 1 (mpmath agrees on the direction)."""
    claim = get_claim("gaussian.subsampled-poisson:remove")
    inst = {"epsilon": "0.5", "q": "0.1", "sigma": "0.5", "Delta": "1"}
    assert claim.quantity(inst) > arb_eval(claim.bound.subs(q, q**2), inst)
    assert mp_hockey_stick("0.5", "0.01", "0.5", "remove") < mp_hockey_stick("0.5", "0.1", "0.5", "remove")


def mp_gaussian_delta(eps, s):
    with mpmath.workdps(60):
        eps, s = mpmath.mpf(eps), mpmath.mpf(s)
        return mpmath.ncdf(s / 2 - eps / s) - mpmath.exp(eps) * mpmath.ncdf(-s / 2 - eps / s)


def test_composition_bracket_contains_the_closed_form_and_excludes_one_step():
    claim = get_claim("gaussian.composition")
    for inst in instances("gaussian.composition")[::4]:
        ball = pld_composed(inst)
        assert claim.quantity(inst) == arb(composed_bracket(inst)[0])  # the safe side: the bracket's lower end, exactly
        k, sigma, sens = int(inst["k"]), float(inst["sigma"]), float(inst["Delta"])  # (thorough draws vary Δ)
        ref = mp_gaussian_delta(inst["epsilon"], sens * math.sqrt(k) / sigma)
        assert arb_lower_float(ball) <= ref <= arb_upper_float(ball)
    inst = {"epsilon": "1", "sigma": "2", "Delta": "1", "k": "16"}
    assert claim.quantity(inst) > arb_eval(DELTA_GAUSSIAN, inst)  # one step's δ is far below 16 steps'


def test_heterogeneous_bracket_contains_the_closed_form_and_averaging_is_violated():
    claim = get_claim("gaussian.composition-heterogeneous")
    inst = {"epsilon": "0.5", "sigma1": "1", "sigma2": "4", "k1": "1", "k2": "8", "Delta": "1"}
    ball = pld_heterogeneous(inst)
    assert claim.quantity(inst) == arb(heterogeneous_bracket(inst)[0])
    ref = mp_gaussian_delta("0.5", math.sqrt(1 + 8 / 16))
    assert arb_lower_float(ball) <= ref <= arb_upper_float(ball)
    averaged = DELTA_GAUSSIAN_COMPOSED.subs({sigma: (k1 * sigma1 + k2 * sigma2) / (k1 + k2), k: k1 + k2})
    assert ball > arb_eval(averaged, inst)  # noise levels averaged instead of precisions added: caught


def test_rdp_route_holds_and_forgetting_k_is_violated():
    claim, control = get_claim("gaussian.composition-rdp"), get_claim("gaussian.composition-rdp:control-no-composition")
    inst = {"alpha": "8", "delta": "1e-5", "k": "64", "sigma": "8", "Delta": "1"}
    assert claim.quantity(claim.with_prescribed(inst)) < arb(10) ** -5  # the RDP route is safe (and loose)
    assert control.quantity(control.with_prescribed(inst)) > arb(10) ** -5  # k forgotten: violated
    ref = mp_gaussian_delta(float(arb_upper_float(control.with_prescribed(inst)["epsilon"])), 1.0)
    assert ref > 1e-5  # confirmed by the closed form at √k/σ = 1 (mpmath)


def test_composed_measures_are_shared_by_instances_with_the_same_steps():
    """The ε-free part of the bracket (the k-fold convolution) is computed once per (σ, Δ, k): the grid's ε points and
    the negative control share it; the shared measures are the ones a fresh computation gives."""
    from certunlearn.claims.gaussian_composition import _composed_measures, composed_measures

    _composed_measures.cache_clear()
    first = composed_measures("2", "1", 4)
    assert composed_measures("2", "1", 4) is first and _composed_measures.cache_info().hits == 1
    fresh = _composed_measures.__wrapped__("2", "1", 4)
    assert all(np.array_equal(a.masses, b.masses) and a.infinite == b.infinite for a, b in zip(first[0], fresh[0]))
    assert composed_bracket({"epsilon": "1", "sigma": "2", "Delta": "1", "k": "4"}) == \
        composed_bracket({"epsilon": "1", "sigma": "2", "Delta": "1", "k": 4})


# ---- growth with the profile: quick keeps the grids exactly, thorough draws random instances after them ------------
_GROWN = {  # claim id → (quick count, full grid count)
    "gaussian.composition": (12, 24),
    "gaussian.composition-heterogeneous": (12, 12),
    "gaussian.composition-rdp": (24, 24),
    "gaussian.composition-rdp:control-no-composition": (24, 24),
    "gaussian.subsampled-poisson:certificate": (31, 31),
    "gaussian.subsampled-fixed:certificate": (16, 31),
}


@pytest.mark.parametrize("cid", sorted(_GROWN))
def test_families_grow_in_thorough_inside_the_hypotheses(cid):
    from certunlearn.claims.gaussian_composition import accountant_delta, rounded_up
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim(cid)
    adv = claim.adversaries[0]
    n_quick, n_grid = _GROWN[cid]
    quick = adv.generate(np.random.default_rng(0), 40)
    big = adv.generate(np.random.default_rng(0), 100_000)
    assert len(quick) == n_quick and all(inst in big[:n_grid] for inst in quick)
    assert len(big) >= n_grid + 30
    drawn = big[n_grid:]
    for inst in drawn:
        assert all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses), inst
        if cid.endswith(":certificate"):  # the claimed δ is the grid's: the accountant's, rounded up to 4 digits
            assert inst["delta"] == rounded_up(accountant_delta(inst))
    assert len({tuple(sorted(map(str, inst.values()))) for inst in drawn}) == len(drawn)


def test_the_certificates_quantity_never_reads_the_rdp_route(monkeypatch):
    """The certificate claims compare the true δ with what an RDP accountant claims: their quantity must not use the
    RDP route (score's upper end may come from it), so it calls score(..., rdp=False)."""
    from certunlearn.claims.gaussian_composition import true_delta
    from certunlearn.privacy import score as score_module

    def refuse(*args, **kwargs):
        raise AssertionError("the quantity read the RDP route")

    monkeypatch.setattr(score_module, "rdp_delta", refuse)
    monkeypatch.setattr(score_module, "rdp_epsilon", refuse)
    ball = true_delta("poisson")({"epsilon": "1", "q": "0.1", "sigma": "1", "Delta": "1", "steps": "8", "delta": "0.1"})
    assert 0 < ball.mid() < 1
