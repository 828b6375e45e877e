"""Benchmark: certunlearn's privacy layer against dp-accounting and against plain float code.

Run: ``python benchmarks/calibration.py`` (from the repository root; ``--rounds N`` for more rounds).

Three functions, each timed per call in CPU time (``time.process_time_ns``), interleaved in one
process (per point and round the order of the three implementations rotates), against:

- **dp-accounting** (the test extra), the peer call computing the same quantity:
  ``calibrate``     ↔ ``dp_accounting.get_sigma_gaussian(ε, δ)``;
  ``exact_delta``   ↔ ``dp_accounting.pld.privacy_loss_mechanism.GaussianPrivacyLoss(σ).get_delta_for_epsilon(ε)``
                      (the object is built outside the timed region: only the δ(ε) call is timed);
  ``exact_epsilon`` ↔ ``dp_accounting.get_epsilon_gaussian(σ, δ)``.
- **the float floor**: the Balle–Wang profile in log space on floats (``scipy.special.log_ndtr``,
  no enclosure, no rounding direction): one evaluation for δ(ε), and ``scipy.optimize.brentq`` on
  it for σ (decade bracket, relative tolerance ~1e-13) and for ε.

Points: the (ε, δ) grid — 15 ε log-spaced in [1e-4, 500] × 15 δ log-spaced in [1e-300, 0.5] — plus
out-of-domain points ε ∈ {1e3, 1e4, 1e5} × δ ∈ {1e-300, 1e-100, 1e-10, 1e-5, 0.1}. exact_delta is
timed at (ε, σ) and exact_epsilon at (δ, σ) with σ = calibrate(ε, δ), so δ(ε) is near the target.

Per function it prints the median over points of the per-point ratio (median CPU time per call of
certunlearn / median of the other). Then the safety checks, decided on certunlearn's arb enclosures:
every σ returned has true δ(ε) ≤ target, every δ returned is ≥ the true δ(ε), every ε returned has
δ(ε) ≤ target; the same checks on dp-accounting's and the float floor's answers, for comparison; and
at the out-of-domain points, σ against the float floor's σ.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from scipy.optimize import brentq
from scipy.special import log_ndtr

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from certunlearn.numeric.enclosure import Decision, decide  # noqa: E402
from certunlearn.privacy import calibrate, delta_enclosure, exact_delta, exact_epsilon  # noqa: E402

try:
    import dp_accounting
    from dp_accounting.pld.privacy_loss_mechanism import GaussianPrivacyLoss
except ImportError:  # pragma: no cover - the benchmark needs the test extra
    sys.exit("dp_accounting is not installed (pip install dp-accounting)")

EPSILONS = [float(e) for e in np.logspace(-4, math.log10(500), 15)]
DELTAS = [float(d) for d in np.logspace(-300, math.log10(0.5), 15)]
GRID = [(e, d) for e in EPSILONS for d in DELTAS]
OUT_OF_DOMAIN = [(e, d) for e in (1e3, 1e4, 1e5) for d in (1e-300, 1e-100, 1e-10, 1e-5, 0.1)]
CALLS = 3  # calls per timed sample (the per-call time is the sample / CALLS)


# ---------------------------------------------------------------- the float floor


def float_log_delta(sigma: float, eps: float) -> float:
    """ln δ(ε) of the Gaussian mechanism (Δ = 1) on floats, Balle–Wang in log space."""
    s = 1.0 / sigma
    x = float(log_ndtr(s / 2 - eps / s))
    y = eps + float(log_ndtr(-s / 2 - eps / s))
    return x + math.log1p(-math.exp(y - x)) if y < x else -math.inf


def floor_sigma(eps: float, delta: float) -> float:
    target = math.log(delta)
    lo, hi = 0.1, 1.0
    while float_log_delta(lo, eps) < target:
        hi, lo = lo, lo / 10
    while float_log_delta(hi, eps) > target:
        lo, hi = hi, hi * 10
    return brentq(lambda sigma: float_log_delta(sigma, eps) - target, lo, hi, xtol=1e-13 * lo)


def floor_delta(eps: float, sigma: float) -> float:
    return math.exp(float_log_delta(sigma, eps))


def floor_epsilon(delta: float, sigma: float) -> float:
    target = math.log(delta)
    if float_log_delta(sigma, 0.0) <= target:
        return 0.0
    lo, hi = 0.0, 1.0
    while float_log_delta(sigma, hi) > target:
        lo, hi = hi, hi * 10
    return brentq(lambda eps: float_log_delta(sigma, eps) - target, lo, hi, xtol=1e-300)


# ---------------------------------------------------------------- timing


def per_call_ns(fn, args) -> float:
    start = time.process_time_ns()
    for _ in range(CALLS):
        fn(*args)
    return (time.process_time_ns() - start) / CALLS


def measure(impls: dict, points: list[tuple], rounds: int) -> dict[str, list[list[float]]]:
    """times[name][point] = the per-call CPU times (ns) of each round, implementations interleaved."""
    names = list(impls)
    times = {name: [[] for _ in points] for name in names}
    for rnd in range(rounds):
        for k, args in enumerate(points):
            shift = (rnd + k) % len(names)
            for name in names[shift:] + names[:shift]:
                try:
                    times[name][k].append(per_call_ns(impls[name], args))
                except Exception:  # noqa: BLE001 - a peer may raise; the point is then not compared
                    times[name][k].append(math.nan)
    return times


def ratio_line(label: str, times, points) -> str:
    ours = [statistics.median(t) for t in times["certunlearn"]]
    parts = [f"{label:14s} median per call {statistics.median(ours) / 1e3:8.1f} us"]
    for other in ("dp_accounting", "float floor"):
        theirs = [statistics.median(t) for t in times[other]]
        ratios = [o / t for o, t in zip(ours, theirs) if math.isfinite(t) and t > 0]
        parts.append(f"vs {other}: {statistics.median(ratios):6.3f}x (their median {statistics.median(theirs) / 1e3:7.1f} us,"
                     f" {len(ratios)} points)")
    return "\n    ".join(parts)


# ---------------------------------------------------------------- safety, decided on enclosures


def unsafe_sigma(eps, delta, sigma) -> Decision | None:
    """TRUE when the true δ(ε) of σ exceeds the target."""
    if not isinstance(sigma, float) or not 0 < sigma < math.inf:
        return None
    return decide(lambda: delta_enclosure(eps, sigma), ">", delta).decision


def unsafe_delta(eps, sigma, value) -> Decision | None:
    """TRUE when the δ returned is below the true δ(ε)."""
    if not isinstance(value, float) or not 0 <= value <= 1:
        return None
    return decide(lambda: delta_enclosure(eps, sigma), ">", value).decision


def unsafe_epsilon(delta, sigma, value) -> Decision | None:
    """TRUE when δ at the ε returned exceeds the target."""
    if not isinstance(value, float) or not 0 <= value < math.inf:
        return None
    return decide(lambda: delta_enclosure(value, sigma), ">", delta).decision


def call(fn, *args):
    try:
        return float(fn(*args))
    except Exception as exc:  # noqa: BLE001
        return exc


def safety(label, check, points, impls) -> None:
    for name, fn in impls.items():
        tally = {"unsafe": 0, "undecided": 0, "raised/invalid": 0}
        for args in points:
            d = check(*args[:2], call(fn, *args))
            if d is None:
                tally["raised/invalid"] += 1
            elif d == Decision.TRUE:
                tally["unsafe"] += 1
            elif d == Decision.UNDECIDED:
                tally["undecided"] += 1
        print(f"    {label:14s} {name:14s} " + "  ".join(f"{k} {v:3d}" for k, v in tally.items())
              + f"  (of {len(points)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds

    points = GRID + OUT_OF_DOMAIN
    sigmas = {(e, d): calibrate(e, d) for e, d in points}
    losses = {}

    def their_delta(eps, sigma):
        return losses[sigma].get_delta_for_epsilon(eps)

    cal_points = points
    delta_points = [(e, sigmas[e, d]) for e, d in points]
    eps_points = [(d, sigmas[e, d]) for e, d in points]
    for _, sigma in delta_points:
        losses[sigma] = GaussianPrivacyLoss(sigma)

    suites = [
        ("calibrate", cal_points, {"certunlearn": calibrate, "dp_accounting": dp_accounting.get_sigma_gaussian,
                                   "float floor": floor_sigma}),
        ("exact_delta", delta_points, {"certunlearn": exact_delta, "dp_accounting": their_delta,
                                       "float floor": floor_delta}),
        ("exact_epsilon", eps_points, {"certunlearn": exact_epsilon,
                                       "dp_accounting": lambda d, s: dp_accounting.get_epsilon_gaussian(s, d),
                                       "float floor": floor_epsilon}),
    ]
    print(f"points: {len(GRID)} grid (eps in [1e-4, 500] x delta in [1e-300, 0.5]) + {len(OUT_OF_DOMAIN)} out of"
          f" domain (eps in 1e3..1e5); {rounds} interleaved rounds x {CALLS} calls; CPU time (process_time)")
    print("median over points of the per-point ratio certunlearn / other (median per-call CPU time):")
    for label, pts, impls in suites:
        for subset, subset_pts in (("", pts[:len(GRID)]), (" (out of dom.)", pts[len(GRID):])):
            times = measure(impls, subset_pts, rounds)
            print("  " + ratio_line(label + subset, times, subset_pts))

    print("safety, decided on arb enclosures (unsafe: sigma with true delta > target / delta below the"
          " true delta / epsilon with delta(epsilon) > target):")
    safety("calibrate", unsafe_sigma, points, suites[0][2])
    safety("exact_delta", unsafe_delta, delta_points, suites[1][2])
    safety("exact_epsilon", unsafe_epsilon, eps_points, suites[2][2])

    print("out of domain: sigma returned vs the float floor's sigma (log space, no overflow) and dp-accounting's:")
    for eps, delta in OUT_OF_DOMAIN:
        ours, floor = sigmas[eps, delta], floor_sigma(eps, delta)
        theirs = call(dp_accounting.get_sigma_gaussian, eps, delta)
        theirs_text = f"{theirs / ours - 1:+.2e}" if isinstance(theirs, float) else type(theirs).__name__
        print(f"    eps={eps:<8g} delta={delta:<8g} sigma={ours!r:<24} floor/ours-1={floor / ours - 1:+.2e}"
              f"  dp_accounting/ours-1={theirs_text}")


if __name__ == "__main__":
    main()
