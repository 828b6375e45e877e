"""Benchmark: the statistical audit audits itself — power, null calibration, detection of refuted claims.

Run: ``python benchmarks/audit_power.py`` (from the repository root; ``--seeds N`` for the null runs,
``--quick`` for a smaller version). Prints:

1. **Power at 10⁶ samples per side, 95% confidence**: the Gaussian mechanism calibrated to ε = 1, δ = 1e-5
   (``certunlearn.privacy.calibrate``, exact): the ε lower bound of each test divided by the true ε = 1.
   Targets: ≥ 0.5 non-parametric, ≥ 0.95 parametric. Each method is run alone (family: its own intervals)
   and both together (Bonferroni over all six intervals).
2. **Null calibration**: over ``--seeds`` seeds (default 200), mechanisms that satisfy their certificate —
   the exact calibration (tight: the certificate is attained) and the classic one — audited with 10⁴ samples
   per side; the measured rate of false "refuted" verdicts, which must be ≤ β = 0.05, with its exact
   Clopper–Pearson 95% upper bound.
3. **Power on the negative controls** (σ halved; the sensitivity constant off by 2): the fraction of 20 seeds
   refuting the certificate at each sample size, and the smallest size at which all 20 refute.
4. **Claims the checker refutes**: for the Gaussian and r2d claims with a sampler, the checker's verdict (computed
   here, quick profile) and, for a violated one, the audit at the checker's counterexample instance with the
   true ε at that δ (from the exact privacy profile) — how far sampling can see a violation.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from certunlearn.audit import audit, audit_samples  # noqa: E402
from certunlearn.numeric.confidence import cp_upper  # noqa: E402
from certunlearn.audit.mechanisms import gaussian_mechanism, prescribed_gaussian, r2d_reference  # noqa: E402
from certunlearn.check import check_claim  # noqa: E402
from certunlearn.claims import get_claim  # noqa: E402
from certunlearn.claims.model import decode_instance  # noqa: E402
from certunlearn.numeric.enclosure import arb_upper_float  # noqa: E402
from certunlearn.privacy import calibrate, exact_epsilon  # noqa: E402

EPS, DELTA, CONF = 1.0, 1e-5, 0.95
INSTANCE = {"epsilon": "1", "delta": "1e-5", "Delta": "1"}


def best(result, method: str) -> float:
    return max(b.epsilon_lower for b in result.bounds if b.method == method)


def power_at_1e6(seed: int) -> None:
    sigma = calibrate(EPS, DELTA, 1.0)
    rng = np.random.default_rng(seed)
    n = 10**6
    x0, x1 = sigma * rng.standard_normal(n), 1.0 + sigma * rng.standard_normal(n)
    true_eps = exact_epsilon(DELTA, sigma, 1.0)
    print(f"1. Gaussian mechanism, σ = calibrate(1, 1e-5) = {sigma:.10g} (true ε at δ = 1e-5: {true_eps:.12g}); "
          f"{n:,} samples per side, confidence {CONF}")
    alone_np = audit_samples([(x0, x1)], epsilon=EPS, delta=DELTA, confidence=CONF)
    both = audit_samples([(x0, x1)], epsilon=EPS, delta=DELTA, confidence=CONF, gaussian=True)
    # the parametric test alone: its 2 intervals at β/2 each (gaussian_bound directly)
    from certunlearn.audit.parametric import gaussian_bound
    from certunlearn.audit.samples import as_samples

    alone_p = gaussian_bound(as_samples(x0, "x0"), as_samples(x1, "x1"), DELTA, (1 - CONF) / 2)
    rows = [("non-parametric alone (4 intervals)", best(alone_np, "threshold"), 0.5),
            ("parametric alone (2 intervals)", alone_p.epsilon_lower, 0.95),
            ("non-parametric, joint (6 intervals)", best(both, "threshold"), 0.5),
            ("parametric, joint (6 intervals)", best(both, "gaussian"), 0.95)]
    for name, value, target in rows:
        ratio = value / true_eps
        print(f"   {name:38s} ε ≥ {value:.6f}   ratio {ratio:.4f}   target ≥ {target}   {'OK' if ratio >= target else 'MISSED'}")


def null_calibration(seeds: int, n: int) -> None:
    print(f"2. Null calibration: {seeds} seeds, {n:,} samples per side, β = {1 - CONF:.2f} (parametric + non-parametric)")
    for name, candidate, claim in (("exact calibration (tight)", gaussian_mechanism("exact"), "gaussian.exact"),
                                   ("classic calibration", prescribed_gaussian("gaussian.classic"), "gaussian.classic")):
        start = time.perf_counter()
        refuted = sum(audit(candidate, claim, samples=n, gaussian=True, instances=[INSTANCE], seed=s).verdict == "refuted"
                      for s in range(seeds))
        upper = float(cp_upper(refuted, seeds, 0.05))
        print(f"   {name:28s} false refuted {refuted}/{seeds} = {refuted / seeds:.4f} "
              f"(95% CP upper {upper:.4f}) ≤ β: {'yes' if refuted / seeds <= 1 - CONF else 'NO'}   "
              f"[{time.perf_counter() - start:.1f} s]")
    # a sharper null: the parametric test alone (2 intervals at β/2) with 10⁵ samples, where its bound is ~0.97·ε,
    # so miscalibrated intervals would show up as bounds above the true ε = 1
    from certunlearn.audit.parametric import gaussian_bound
    from certunlearn.audit.samples import as_samples

    sigma = calibrate(EPS, DELTA, 1.0)
    true_eps = exact_epsilon(DELTA, sigma, 1.0)
    above, lows = 0, []
    for s in range(seeds):
        rng = np.random.default_rng(10_000 + s)
        x0, x1 = sigma * rng.standard_normal(100_000), 1.0 + sigma * rng.standard_normal(100_000)
        eps = gaussian_bound(as_samples(x0, "x0"), as_samples(x1, "x1"), DELTA, (1 - CONF) / 2).epsilon_lower
        above += eps > true_eps
        lows.append(eps)
    print(f"   parametric alone, 10^5/side  bound > true ε in {above}/{seeds} = {above / seeds:.4f} "
          f"(95% CP upper {float(cp_upper(above, seeds, 0.05)):.4f}) ≤ β: {'yes' if above / seeds <= 1 - CONF else 'NO'}; "
          f"median bound {np.median(lows):.4f}")


def power_controls(sizes: list[int], seeds: int) -> None:
    print(f"3. Power on negative controls: fraction of {seeds} seeds refuting (ε = 1, δ = 1e-5, Δ = 1)")
    for name, candidate in (("σ halved", gaussian_mechanism("exact", sigma_factor=0.5)),
                            ("sensitivity off by 2", gaussian_mechanism("exact", sensitivity_factor=2.0))):
        for gaussian in (False, True):
            label = f"{name}, {'with' if gaussian else 'without'} parametric"
            fractions, needed = [], None
            for n in sizes:
                hits = sum(audit(candidate, "gaussian.exact", samples=n, gaussian=gaussian, instances=[INSTANCE],
                                 seed=s).verdict == "refuted" for s in range(seeds))
                fractions.append(f"{n:,}: {hits / seeds:.2f}")
                if hits == seeds and needed is None:
                    needed = n
            print(f"   {label:42s} {'; '.join(fractions)}  → all refute from {needed if needed else '> ' + str(sizes[-1])}")


def _true_epsilon(claim_id: str, inst: dict, sigma: float) -> float:
    """The true ε at the instance's δ between the claim's two published Gaussians (exact shift)."""
    if claim_id.startswith("r2d."):
        from certunlearn.claims.r2d.quantities import true_shift

        shift = float(true_shift(inst).mid())
    else:
        shift = float(inst["Delta"])
    return exact_epsilon(float(inst["delta"]), sigma, shift)


def checker_refuted(n: int) -> None:
    print(f"4. Claims the checker refutes (quick profile), audited at the counterexample with {n:,} samples per side")
    for claim_id, sampler in (("gaussian.classic", prescribed_gaussian), ("gaussian.zcdp", prescribed_gaussian),
                              ("gaussian.classic:control-epsilon-above-1", prescribed_gaussian),
                              ("r2d.appD.1-gradient-estimate", r2d_reference), ("r2d.appD.1-lipschitz-estimate", r2d_reference),
                              ("r2d.thm3.1:control-sigma-halved", r2d_reference)):
        result = check_claim(claim_id, "quick", 0)
        if result.verdict != "violated":
            print(f"   {claim_id:42s} checker: {result.verdict} — nothing to detect")
            continue
        inst = decode_instance(result.counterexample.instance)
        claim = get_claim(claim_id)
        sigma = arb_upper_float(claim.with_prescribed(inst)["sigma"])
        true_eps = _true_epsilon(claim_id, inst, sigma)
        a = audit(sampler(claim_id), claim_id, samples=n, gaussian=True, instances=[inst], seed=0)
        print(f"   {claim_id:42s} checker: violated at ε = {float(inst['epsilon']):g}, δ = {float(inst['delta']):g} "
              f"(true ε at that δ: {true_eps:.6g}); audit: {a.verdict}, ε ≥ {a.epsilon_lower:.6g}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="fewer seeds and sizes")
    args = parser.parse_args()
    start = time.perf_counter()
    power_at_1e6(seed=1)
    null_calibration(50 if args.quick else args.seeds, 10_000)
    power_controls([1_000, 3_000, 10_000, 30_000] if args.quick else [300, 1_000, 3_000, 10_000, 30_000, 100_000],
                   10 if args.quick else 20)
    checker_refuted(10**6)
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
