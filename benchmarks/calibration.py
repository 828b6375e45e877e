"""Benchmark: certunlearn's exact calibration against dp_accounting.get_sigma_gaussian.

Run: ``python benchmarks/calibration.py`` (from the repository root). On a 15×15 grid of
(ε, δ) — ε log-spaced in [1e-4, 500], δ log-spaced in [1e-300, 0.5] — both calibrations are timed
in one process, interleaved per point over several rounds (time.perf_counter_ns). Each returned σ is
then checked: its true δ(ε), decided on certunlearn's arb enclosure, must not exceed the target.
"""
from __future__ import annotations

import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from certunlearn.numeric.enclosure import Decision, decide  # noqa: E402
from certunlearn.privacy import calibrate, delta_enclosure  # noqa: E402

try:
    from dp_accounting import get_sigma_gaussian
except ImportError:  # pragma: no cover - the benchmark needs the test extra
    sys.exit("dp_accounting is not installed (pip install dp-accounting)")

ROUNDS = 7
EPSILONS = [float(e) for e in np.logspace(-4, math.log10(500), 15)]
DELTAS = [float(d) for d in np.logspace(-300, math.log10(0.5), 15)]


def ours(eps: float, delta: float) -> float:
    return calibrate(eps, delta, method="exact")


def theirs(eps: float, delta: float) -> float:
    return float(get_sigma_gaussian(eps, delta))


def timed(fn, eps, delta):
    start = time.perf_counter_ns()
    try:
        value = fn(eps, delta)
    except Exception as exc:  # dp_accounting may raise; report it, do not stop
        value = exc
    return time.perf_counter_ns() - start, value


def verdict(eps: float, delta: float, sigma) -> Decision | None:
    """TRUE when σ is unsafe (true δ(ε) > target), decided on the enclosure."""
    if not isinstance(sigma, float) or not sigma > 0 or not math.isfinite(sigma):
        return None
    return decide(lambda: delta_enclosure(eps, sigma), ">", delta).decision


def main() -> None:
    times: dict[str, list[int]] = {"ours": [], "theirs": []}
    per_eps: dict[tuple[str, float], list[int]] = {}
    results: dict[tuple[float, float], dict[str, object]] = {}
    for rnd in range(ROUNDS):
        for i, eps in enumerate(EPSILONS):
            for j, delta in enumerate(DELTAS):
                order = ("ours", "theirs") if (rnd + i + j) % 2 == 0 else ("theirs", "ours")
                for name in order:
                    ns, value = timed(ours if name == "ours" else theirs, eps, delta)
                    times[name].append(ns)
                    per_eps.setdefault((name, eps), []).append(ns)
                    results.setdefault((eps, delta), {})[name] = value

    med = {k: statistics.median(v) / 1e3 for k, v in times.items()}
    print(f"grid: {len(EPSILONS)} epsilons in [1e-4, 500] x {len(DELTAS)} deltas in [1e-300, 0.5],"
          f" {ROUNDS} interleaved rounds")
    print(f"median time per call: certunlearn {med['ours']:9.1f} us   "
          f"dp_accounting {med['theirs']:9.1f} us   ratio ours/theirs {med['ours'] / med['theirs']:.3f}")

    print(f"{'epsilon':>10} {'ours us':>9} {'theirs us':>10} {'ratio':>7} {'theirs unsafe':>14}")
    for eps in EPSILONS:
        ours_us = statistics.median(per_eps[("ours", eps)]) / 1e3
        theirs_us = statistics.median(per_eps[("theirs", eps)]) / 1e3
        unsafe = sum(verdict(eps, d, results[(eps, d)]["theirs"]) == Decision.TRUE for d in DELTAS)
        print(f"{eps:>10.4g} {ours_us:>9.1f} {theirs_us:>10.1f} {ours_us / theirs_us:>7.3f} {unsafe:>11d}/{len(DELTAS)}")
    for name in ("ours", "theirs"):
        report(name, results)


def report(name: str, results) -> None:
    unsafe, undecided, failed, shortfall = [], [], [], 0.0
    for (eps, delta), res in results.items():
        sigma, other = res[name], res["ours" if name == "theirs" else "theirs"]
        if isinstance(sigma, Exception):
            failed.append((eps, delta, f"{type(sigma).__name__}: {sigma}"))
            continue
        d = verdict(eps, delta, sigma)
        if d is None:
            failed.append((eps, delta, f"returned {sigma!r}"))
        elif d == Decision.TRUE:
            excess = float(delta_enclosure(eps, sigma) / delta - 1)
            unsafe.append((excess, eps, delta, sigma))
        elif d == Decision.UNDECIDED:
            undecided.append((eps, delta, sigma))
        if isinstance(other, float):
            shortfall = max(shortfall, 1 - sigma / other)
    label = "certunlearn" if name == "ours" else "dp_accounting"
    print(f"{label:14s}: unsafe {len(unsafe):3d}  undecided {len(undecided):3d}  raised {len(failed):3d}"
          f"  (of {len(results)} points); largest relative shortfall of sigma vs the other: {shortfall:.2e}")
    if unsafe:
        worst = sorted(unsafe, reverse=True)
        print(f"    worst true delta/target - 1 = {worst[0][0]:.3e}; the 5 worst unsafe points:")
        for excess, eps, delta, sigma in worst[:5]:
            print(f"    eps={eps:<10.6g} delta={delta:<12.6g} sigma={sigma!r:<22} true delta/target - 1 = {excess:.3e}")
    for eps, delta, why in failed:
        print(f"    raised: eps={eps:.6g} delta={delta:.6g}: {why}")


if __name__ == "__main__":
    main()
