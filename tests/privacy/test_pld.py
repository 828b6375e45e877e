"""The certified PLD composition: its two sides bracket exact answers (Gaussian composition, whose k-fold profile is
Balle & Wang's at √k·Δ/σ, at 100 digits), contain dp-accounting's PLD estimate, and each bounding step can fail."""
from __future__ import annotations

import math
import time

import mpmath
import numpy as np
import pytest

from certunlearn.privacy import pld
from certunlearn.privacy.laplace import LaplaceLoss
from certunlearn.privacy.score import score
from certunlearn.privacy.subsampled import dominating_losses


def gaussian_oracle(eps, s):
    """Balle & Wang's δ(ε) at normalised shift s, mpmath 100 digits."""
    with mpmath.workdps(100):
        eps, s = mpmath.mpf(eps), mpmath.mpf(s)
        ncdf = lambda v: mpmath.erfc(-v / mpmath.sqrt(2)) / 2
        return ncdf(s / 2 - eps / s) - mpmath.exp(eps) * ncdf(-s / 2 - eps / s)


@pytest.mark.parametrize("steps,sigma", [(4, "2"), (25, "5"), (100, "8")])
def test_composed_gaussian_bracket_contains_the_exact_value(steps, sigma):
    (loss,) = dominating_losses(1, sigma)
    opt, pes = (pld.power(m, steps, 1e-18) for m in pld.discretise(loss, 2.0**-12))
    for eps in (0.1, 0.5, 1.0, 2.0):
        ref = gaussian_oracle(eps, math.sqrt(steps) / float(sigma))
        lo, hi = pld.delta_bracket([(opt, pes)], eps)
        assert lo <= ref <= hi
        assert hi - lo < 0.2 * float(ref) + 1e-12  # and the bracket is informative


def test_sides_are_ordered_and_trimming_keeps_them():
    loss = dominating_losses("0.05", 1)[0]
    opt, pes = pld.discretise(loss, 2.0**-10)
    assert math.fsum(opt.masses) <= 1 <= math.fsum(pes.masses) + pes.infinite
    a, b = pld.power(opt, 50, 1e-12), pld.power(pes, 50, 1e-12)
    for eps in (0.0, 0.3, 1.0):
        assert a.delta(eps) <= b.delta(eps)


def test_discretise_is_memoised_by_its_arguments_and_read_only():
    """The measures are shared between callers (a composition's passes, an instance grid): the same arguments give the
    same measures, frozen so that no caller can change another's; a different loss or grid gives its own."""
    remove, add = dominating_losses("0.05", 1)
    first, again = pld.discretise(remove, 2.0**-10), pld.discretise(remove, 2.0**-10)
    assert all(x is y for x, y in zip(first, again))
    assert not any(m.masses.flags.writeable for m in first)
    other, finer = pld.discretise(add, 2.0**-10), pld.discretise(remove, 2.0**-11)
    assert other[1].offset != first[1].offset or not np.array_equal(other[1].masses, first[1].masses)
    assert finer[1].masses.size > first[1].masses.size
    with pytest.raises(ValueError):
        first[1].masses[0] = 1.0


def test_compose_never_understates_a_tail():
    rng = np.random.default_rng(1)
    x = rng.random(300) ** 8
    x /= x.sum()
    m = pld.Measure(2.0**-6, -10, x, 0.0, pld.PESSIMISTIC)
    exact = np.convolve(x, x)  # direct sums of non-negative terms, a reference good to a few ulps
    c = pld.compose(m, m)
    shift = c.offset - 2 * m.offset
    tails = np.cumsum(c.masses[::-1])[::-1] + c.infinite
    true_tails = np.cumsum(exact[::-1])[::-1]
    assert np.all(tails[: true_tails.size - shift] >= true_tails[shift:] * (1 - 1e-12))


def test_laplace_composition_against_the_one_step_closed_form():
    lo, hi = score("laplace", scale="2", steps=1, epsilon="0.2").interval
    (loss,) = [LaplaceLoss("2", 1)]
    opt, pes = pld.discretise(loss, 2.0**-14)
    a, b = pld.delta_bracket([(opt, pes)], 0.2)
    assert a <= hi and lo <= b  # one step through the PLD overlaps the closed form


def test_subsampled_bracket_contains_dp_accounting_fast():
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting.pld import privacy_loss_distribution as pldm

    result = score("subsampled-gaussian", sigma="1", q="0.05", steps=30, delta="1e-5")
    theirs = pldm.from_gaussian_mechanism(1.0, sampling_prob=0.05).self_compose(30).get_epsilon_for_delta(1e-5)
    lo, hi = result.interval
    assert lo <= theirs <= hi * 1.01
    assert hi - lo <= 0.03 * hi


@pytest.mark.slow
def test_target_subsampled_q001_sigma1_1000_steps():
    """The issue's target: a certified ε bracket within 2%, containing dp-accounting's PLD estimate, ≤ 10 CPU-s."""
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting.pld import privacy_loss_distribution as pldm

    start = time.process_time()
    lo, hi = score("subsampled-gaussian", sigma="1", q="0.01", steps=1000, delta="1e-5").interval
    seconds = time.process_time() - start
    theirs = pldm.from_gaussian_mechanism(1.0, sampling_prob=0.01).self_compose(1000).get_epsilon_for_delta(1e-5)
    assert (hi - lo) / lo <= 0.02
    assert lo <= theirs <= hi
    assert seconds <= 10


CONFIGS = [(4, "2"), (16, "3"), (64, "10"), (256, "20")]
GRID_EPS = [float(e) for e in np.logspace(-2, 1, 50)]


@pytest.mark.slow
def test_composed_gaussian_200_points_zero_unsafe_and_dp_accounting_counted():
    """200 points (4 compositions × 50 ε) against the 100-digit exact profile at √k·Δ/σ: ours never outside;
    dp-accounting's PLD (pessimistic, its default discretisation) counted where its δ falls below the truth."""
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting.pld import privacy_loss_distribution as pldm

    ours_outside, theirs_unsafe, points = 0, 0, 0
    for steps, sigma in CONFIGS:
        (loss,) = dominating_losses(1, sigma)
        measures = [tuple(pld.power(m, steps, 1e-18) for m in pld.discretise(loss, 2.0**-11))]
        theirs = pldm.from_gaussian_mechanism(float(sigma), value_discretization_interval=1e-3).self_compose(steps)
        for eps in GRID_EPS:
            points += 1
            ref = gaussian_oracle(eps, math.sqrt(steps) / float(sigma))
            lo, hi = pld.delta_bracket(measures, eps)
            ours_outside += not (lo <= ref <= hi)
            theirs_unsafe += mpmath.mpf(theirs.get_delta_for_epsilon(eps)) < ref
    assert points == 200 and ours_outside == 0
    print(f"dp-accounting PLD: {theirs_unsafe} unsafe of {points}")


@pytest.mark.slow
def test_prv_accountant_side_by_side():
    """prv-accountant's ε interval against our certified one: counted where its upper end lies below our certified
    lower end (an unsafe ε)."""
    prv = pytest.importorskip("prv_accountant")
    from prv_accountant.privacy_random_variables import PoissonSubsampledGaussianMechanism

    unsafe = 0
    cases = [("0.01", "1", 100), ("0.05", "0.8", 50), ("0.2", "2", 20)]
    for q, sigma, steps in cases:
        lo, hi = score("subsampled-gaussian", sigma=sigma, q=q, steps=steps, delta="1e-5").interval
        acc = prv.PRVAccountant(prvs=PoissonSubsampledGaussianMechanism(noise_multiplier=float(sigma),
                                                                        sampling_probability=float(q)),
                                max_self_compositions=steps, eps_error=0.01, delta_error=1e-10)
        _, estimate, upper = acc.compute_epsilon(delta=1e-5, num_self_compositions=steps)
        unsafe += upper < lo
        assert lo <= hi
    print(f"prv-accountant: {unsafe} unsafe of {len(cases)}")


def test_heterogeneous_gaussian_composition_is_the_gaussian_at_the_summed_shift():
    from certunlearn.privacy.score import composed

    (a,), (b,) = dominating_losses(1, "2"), dominating_losses(1, "3")
    s = math.sqrt(1 / 4 * 3 + 1 / 9 * 2)  # 3 steps at σ = 2 and 2 at σ = 3: s² adds up
    for eps in (0.2, 1.0):
        lo, hi = composed([(a, 3), (b, 2)], epsilon=eps)
        assert lo <= gaussian_oracle(eps, s) <= hi


def test_rdp_route_is_above_the_certified_epsilon_and_agrees_with_dp_accounting():
    from certunlearn.privacy.score import rdp_epsilon

    ours = rdp_epsilon("0.05", "1", 30, "1e-5")
    lo, hi = score("subsampled-gaussian", sigma="1", q="0.05", steps=30, delta="1e-5").interval
    assert ours >= lo  # an upper bound on the true ε can never be below its certified lower end
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting import dp_event, rdp

    acc = rdp.RdpAccountant(orders=list(range(2, 129)))
    acc.compose(dp_event.SelfComposedDpEvent(dp_event.PoissonSampledDpEvent(0.05, dp_event.GaussianDpEvent(1.0)), 30))
    assert abs(acc.get_epsilon(1e-5) - ours) <= 1e-6 * ours


def test_an_atom_at_the_supports_lower_end_is_kept_by_the_optimistic_side():
    """The Laplace loss has an atom of mass e^{−Δ/b}/2 at −Δ/b, its support's lower end. The optimistic side drops
    what lies at or below its first edge; with that edge at the atom it lost the atom at every step ((1 − e^{−Δ/b}/2)^k
    of the mass left after k steps, 0.816^k at Δ = b: a lower end of 0 for ε). Against dp-accounting's estimate, 10
    and 100 steps."""
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting.pld import privacy_loss_distribution as pldm

    opt, pes = pld.discretise(LaplaceLoss("0.5", 1), 2.0**-9)
    assert math.fsum(opt.masses) > 1 - 1e-9 and math.fsum(pes.masses) + pes.infinite >= 1
    for scale, steps in (("1", 10), ("2", 100)):
        lo, hi = score("laplace", scale=scale, steps=steps, delta="1e-5").interval
        theirs = pldm.from_laplace_mechanism(float(scale)).self_compose(steps).get_epsilon_for_delta(1e-5)
        assert lo <= theirs <= hi * (1 + 1e-6) and hi - lo <= 0.01 * hi


def test_a_grid_beyond_the_cap_is_refused_before_it_is_allocated(monkeypatch):
    monkeypatch.setattr(pld, "MAX_POINTS", 1000)
    with pytest.raises(pld.GridTooLarge):
        pld.discretise(LaplaceLoss("1", 1), 2.0**-12)  # 2·4096 grid points
    m = pld.Measure(2.0**-6, 0, np.full(501, 1 / 501), 0.0, pld.PESSIMISTIC)
    with pytest.raises(pld.GridTooLarge):
        pld.compose(m, m)  # 1001 points
    assert pld.compose(m, pld.Measure(2.0**-6, 0, m.masses[:500], 0.0, pld.PESSIMISTIC)).masses.size <= 1000


def test_many_steps_coarsen_the_grid_and_no_pass_is_thrown_away(monkeypatch):
    """With one step's grid capped small, k = 300 steps cannot reach the step PLD_REL·ε/k: each pass is sized from the
    one before it (never computed beyond the cap and then discarded), the grid only gets finer, the powers stay within
    their own cap, and the bracket still contains dp-accounting's estimate. Before, a 10 000-step score ran out of
    24 GiB of memory."""
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting.pld import privacy_loss_distribution as pldm
    from certunlearn.privacy import score as score_module

    monkeypatch.setattr(score_module, "PLD_MAX_POINTS", 1 << 14)
    monkeypatch.setattr(score_module, "PLD_POWER_POINTS", 1 << 15)
    passes = []
    measures_of = score_module._pld_measures

    def spy(directions, h, tau):
        measures, width = measures_of(directions, h, tau)
        passes.append((h, width, max(max(o.masses.size, p.masses.size) for o, p in measures)))
        return measures, width

    monkeypatch.setattr(score_module, "_pld_measures", spy)
    lo, hi = score("subsampled-gaussian", sigma="1", q="0.05", steps=300, delta="1e-5").interval
    theirs = pldm.from_gaussian_mechanism(1.0, sampling_prob=0.05).self_compose(300).get_epsilon_for_delta(1e-5)
    assert lo <= theirs <= hi
    assert len(passes) >= 2 and all(b[0] < a[0] for a, b in zip(passes, passes[1:]))
    assert all(width / h <= 2 * (1 << 14) + 1 for h, width, _ in passes[1:]) and all(n <= 1 << 15 for *_, n in passes)
    assert passes[-1][0] > 2.0 ** math.floor(math.log2(score_module.PLD_REL * lo / 300))  # the cap did bind


def test_coarsening_keeps_every_tail_on_its_side():
    rng = np.random.default_rng(3)
    x = rng.random(257) ** 6
    x /= x.sum()
    for side in (pld.PESSIMISTIC, pld.OPTIMISTIC):
        m = pld.Measure(2.0**-8, -37, x, 0.0, side)
        values = m.values()
        tails = np.cumsum(x[::-1])[::-1]  # tails[j] = mass at values ≥ values[j]
        for factor in (2, 4, 16):
            c = pld.coarsened(m, factor)
            assert c.h == m.h * factor and abs(math.fsum(c.masses) - 1) < 1e-12
            c_values, c_masses = c.values(), c.masses
            for j in range(0, x.size, 7):
                theirs = math.fsum(c_masses[c_values >= values[j]])
                assert (theirs >= tails[j] * (1 - 1e-15)) if side == pld.PESSIMISTIC else (theirs <= tails[j] * (1 + 1e-15))
                if j + 1 < x.size:  # and mass moves by less than one new step
                    inner = math.fsum(c_masses[c_values > values[j] + c.h]) if side == pld.PESSIMISTIC else None
                    assert inner is None or inner <= tails[j + 1]


def test_powers_coarsened_at_every_level_still_contain_the_exact_composition():
    """64 steps of the Gaussian (σ = 2) with each power capped at 300 entries, so every level is coarsened: the
    bracket contains Balle & Wang's profile at √64/2 (100 digits) and is wider than the uncapped one."""
    (loss,) = dominating_losses(1, "2")
    free = [tuple(pld.power(m, 64, 1e-18) for m in pld.discretise(loss, 2.0**-10))]
    capped = [tuple(pld.power(m, 64, 1e-18, 300) for m in pld.discretise(loss, 2.0**-10))]
    assert all(m.masses.size <= 300 and m.h > 2.0**-10 for m in capped[0])
    for eps in (0.5, 2.0, 5.0):
        ref = gaussian_oracle(eps, 4)
        lo, hi = pld.delta_bracket(capped, eps)
        free_lo, free_hi = pld.delta_bracket(free, eps)
        assert lo <= ref <= hi and lo <= free_lo and free_hi <= hi


def test_ten_thousand_steps_at_q_1_contain_the_exact_composed_gaussian(monkeypatch):
    """q = 1 is the Gaussian itself, whose k-fold composition is Balle & Wang's profile at √k·Δ/σ (100 digits): at
    10 000 steps, with each power capped at 2¹⁶ entries (so the upper levels are coarsened), the PLD's own bracket
    must still contain the exact ε."""
    from certunlearn.privacy import score as score_module

    monkeypatch.setattr(score_module, "PLD_POWER_POINTS", 1 << 16)
    coarsenings = []
    coarsened = pld.coarsened
    monkeypatch.setattr(pld, "coarsened", lambda a, factor: coarsenings.append(factor) or coarsened(a, factor))
    lo, hi = score("subsampled-gaussian", sigma="1", q="1", steps=10_000, delta="1e-5", rdp=False).interval
    assert any(f > 1 for f in coarsenings)
    assert 0 < lo < hi < 1.01 * lo
    assert gaussian_oracle(hi, 100) <= mpmath.mpf("1e-5") < gaussian_oracle(lo, 100)


def test_the_lower_end_survives_an_upper_end_that_is_never_proved():
    """A pessimistic side whose mass at +∞ exceeds δ proves no finite ε (upper end inf); the optimistic side still
    proves a lower end (it was dropped to 0 before)."""
    masses = np.full(64, 1 / 64)
    opt = pld.Measure(2.0**-4, 0, masses, 0.0, pld.OPTIMISTIC)
    pes = pld.Measure(2.0**-4, 0, masses, 1e-3, pld.PESSIMISTIC)
    lo, hi = pld.epsilon_bracket([(opt, pes)], 1e-4)
    assert hi == math.inf and 3 < lo < 4  # the optimistic law's ε(1e-4) lies just below its top value 63/16


def test_rdp_bounds_the_upper_end_where_the_pld_grid_is_coarse(monkeypatch):
    """With one step's grid capped at 2⁸ points the PLD bracket of 3000 steps is wide; the RDP route (a certified upper bound) then
    gives the upper end, and says so; rdp=False keeps the PLD's own. Both contain dp-accounting's estimate."""
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting.pld import privacy_loss_distribution as pldm
    from certunlearn.privacy import score as score_module

    monkeypatch.setattr(score_module, "PLD_MAX_POINTS", 1 << 8)
    args = dict(sigma="1", q="0.05", steps=3000, delta="1e-5")
    mixed, alone = score("subsampled-gaussian", **args), score("subsampled-gaussian", rdp=False, **args)
    rdp = score_module.rdp_epsilon("0.05", "1", 3000, "1e-5")
    theirs = pldm.from_gaussian_mechanism(1.0, sampling_prob=0.05).self_compose(3000).get_epsilon_for_delta(1e-5)
    assert mixed.interval == (alone.interval[0], rdp) and rdp < alone.interval[1] and "rdp" in mixed.method
    assert alone.method == "pld" and mixed.interval[0] <= theirs <= mixed.interval[1]


def test_two_certified_routes_that_disagree_raise(monkeypatch):
    """The PLD's lower end and RDP's upper end both bound the true ε: an RDP value below the PLD's lower end is a
    defect of one of them, raised, never returned as an empty interval."""
    from certunlearn.privacy import score as score_module

    monkeypatch.setattr(score_module, "rdp_epsilon", lambda *args, **kwargs: 1e-3)
    with pytest.raises(ArithmeticError, match="RDP"):
        score("subsampled-gaussian", sigma="1", q="0.05", steps=30, delta="1e-5")
