"""Benchmark: the validation harness against the project's own planted bugs, across the five papers.

Run: ``python benchmarks/harness.py`` (from the repository root; ``--seeds N`` for the false-alarm sweep, default 30).
Each planted bug is a one-line mistake in an independent implementation written from the paper
(:mod:`certunlearn.testing.candidates`, the one copy the tests import too) and goes through the documented route of its
paper, on the paper's default suite ``certunlearn.testing.<key>.cases("quick")`` (pomer's certificate route:
``pomer.certificate_cases("quick")``):

* **certificate** — :func:`certunlearn.testing.certificate.check_certificate`: the candidate's own calibration and
  run decided exactly against the certificate (δ(ε) or olu's D_α) at the worst shift; for pomer its acceptance
  probabilities and p read from controlled draws (no seed), its Φ recovered and Theorem 4.3's whole-trajectory δ(ε)
  decided; a bug is caught when a case violates the certificate or its run differs from the reference's;
* **accuracy** — the same entry point on the accuracy claims' cases (``d2d.accuracy_cases("quick")``,
  ``r2d.accuracy_cases("quick")``): the candidate's recovered law N(μ̂, σ̂²I) decided against the paper's accuracy
  claim (``d2d.thm3.1:accuracy+fix``, ``r2d.cor3.5+fix``; ``result.accuracy``); a bug is caught when the accuracy
  verdict fails, and the row says whether the privacy certificate passed at that case ("privacy passes": only the
  accuracy check catches it there). "undecided" (the claim attained to float64 resolution) is no false alarm;
* **comparison** — the same-draws harnesses (:func:`certunlearn.testing.compare`, ``compare_r2d``,
  ``compare_pomer``): the first divergent step on the same noise (or uniform) draws.

Prints one row per bug: paper, kind, route, caught or missed, the case that caught it and the CPU-s the route took
until it did (all cases when missed); then, for pomer's rejection-ratio bugs on the certificate route, on how many of
``--seeds`` seeds each is caught (the route feeds controlled draws and uses no seed); then false alarms: every correct
implementation on every case of its suite, and over ``--seeds`` seeds (noise draws) on the certificate route and
pomer's uniform draws.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from certunlearn.testing import compare, compare_r2d, d2d, olu, pomer, r2d, retain  # noqa: E402
from certunlearn.testing.candidates import (  # noqa: E402
    d2d_thm31, fast_d2d, numpy_r2d, olu_alg1, pomer_alg1, pomer_thm43, r2d_thm31, retain_median)
from certunlearn.testing.certificate import check_certificate  # noqa: E402
from certunlearn.testing.reference import case_from_instance  # noqa: E402

#: (paper, kind, bug name, route) — every planted bug.
BUGS = [
    ("d2d", "calibration", "sigma-sqrt2", "certificate"),
    ("d2d", "calibration", "variance", "certificate"),
    ("d2d", "calibration", "noiseless", "certificate"),
    ("d2d", "iteration count", "iterations", "certificate"),
    ("d2d", "projection", "no-projection", "certificate"),
    ("d2d", "deletion bookkeeping", "no-delete", "certificate"),
    ("d2d", "step size", "step-size", "certificate"),
    ("d2d", "calibration", "sigma-times-ten", "accuracy"),
    ("d2d", "sensitivity formula", "diameter-sensitivity", "accuracy"),
    ("d2d", "projection", "half-box", "accuracy"),
    ("d2d", "step size", "step-half-M", "accuracy"),
    ("d2d", "iteration count", "no-unlearning-steps", "accuracy"),
    ("d2d", "deletion bookkeeping", "old-data", "comparison"),
    ("d2d", "calibration", "variance", "comparison"),
    ("d2d", "noise shape", "noise-shape", "comparison"),
    ("d2d", "reused noise", "own-rng", "comparison"),
    ("r2d", "sensitivity formula", "sensitivity-mG", "certificate"),
    ("r2d", "iteration count", "one-step-too-many", "certificate"),
    ("r2d", "deletion bookkeeping", "delete-first-rows", "certificate"),
    ("r2d", "calibration", "variance", "accuracy"),
    ("r2d", "calibration", "sigma-times-ten", "accuracy"),
    ("r2d", "step size", "eta-half", "accuracy"),
    ("r2d", "recovery direction", "gradient-ascent", "comparison"),
    ("r2d", "calibration", "sigma-reduced", "comparison"),
    ("olu", "calibration", "sigma-halved", "certificate"),
    ("olu", "calibration", "variance", "certificate"),
    ("olu", "reused noise", "reused-noise", "certificate"),
    ("olu", "sensitivity formula", "gap-index", "certificate"),
    ("olu", "calibration", "no-growth", "certificate"),
    ("retain", "calibration", "sigma-tenth-less", "certificate"),
    ("retain", "sensitivity formula", "rs-of-full-data", "certificate"),
    ("retain", "statistic", "upper-median", "certificate"),
    ("pomer", "normalisation", "unnormalised", "certificate"),
    ("pomer", "rejection ratio", "no-floor", "certificate"),
    ("pomer", "switch probability", "p-swapped", "certificate"),
    ("pomer", "calibration", "phi-not-squared", "certificate"),
    ("pomer", "normalisation", "unnormalised", "comparison"),
    ("pomer", "rejection ratio", "no-floor", "comparison"),
    ("pomer", "switch probability", "p-swapped", "comparison"),
]

#: (paper, bug) — iteration bugs inside the accuracy claim's slack: on Theorem 3.1's calibration α's noise term is
#: several times the certificate's worst shift, so they meet the accuracy claim (a correct verdict) and are flagged by
#: the certificate route (run against retraining, release differs from the reference's). Printed separately.
WITHIN_ACCURACY_SLACK = [("d2d", "iterations-half"), ("d2d", "iterations")]

CERTIFICATE = {"d2d": d2d_thm31, "r2d": r2d_thm31, "olu": olu_alg1, "retain": retain_median, "pomer": pomer_thm43}


def suites() -> dict[str, list]:
    out = {"d2d": d2d.cases("quick"), "r2d": r2d.cases("quick"), "olu": olu.cases("quick"),
           "retain": retain.cases("quick"), "pomer": pomer.certificate_cases("quick"),
           "pomer-comparison": pomer.cases("quick")[:3], "d2d-accuracy": d2d.accuracy_cases("quick"),
           "r2d-accuracy": r2d.accuracy_cases("quick")}
    out["d2d-comparison"] = [case_from_instance(c.claim, c.instance()) for c in out["d2d"]]
    from certunlearn.testing.r2d import default_r2d_cases

    out["r2d-comparison"] = default_r2d_cases()
    return out


def comparison_candidate(paper: str, bug: str | None):
    if paper == "d2d":
        from functools import partial

        return partial(fast_d2d, bug=bug)
    if paper == "r2d":
        return numpy_r2d(bug)
    return pomer_alg1(bug or "")


def fails(paper: str, route: str, candidate, case, seed: int | None = None) -> bool:
    """The route flags ``candidate`` on ``case`` (noise from ``seed``; default 0, for pomer the case's own seed)."""
    if route == "certificate":
        r = check_certificate(candidate, case, seed=seed or 0)
        return not (r.ok and r.matches_reference)
    if route == "accuracy":
        return check_certificate(candidate, case, seed=seed or 0).accuracy_ok is False
    if paper == "d2d":
        return not compare(candidate, case, seed=seed or 0).ok
    if paper == "r2d":
        return not compare_r2d(candidate, case, seed=seed or 0).ok
    from dataclasses import replace

    return not pomer.compare_pomer(candidate, case if seed is None else replace(case, seed=seed)).ok


def cases_for(all_cases: dict, paper: str, route: str) -> list:
    if route == "accuracy":
        return all_cases[f"{paper}-accuracy"]
    return all_cases[f"{paper}-comparison"] if route == "comparison" and paper != "olu" else all_cases[paper]


def run_bug(all_cases: dict, paper: str, bug: str, route: str) -> tuple[bool, int | None, float, str]:
    """(caught, the catching case, CPU-s until then, for the accuracy route whether privacy passed there)."""
    cand = CERTIFICATE[paper](bug) if route in ("certificate", "accuracy") else comparison_candidate(paper, bug)
    start = time.process_time()
    for i, case in enumerate(cases_for(all_cases, paper, route)):
        if fails(paper, route, cand, case):
            cpu = time.process_time() - start
            privacy = ""
            if route == "accuracy":
                privacy = "privacy passes" if check_certificate(cand, case).ok else "privacy fails too"
            return True, i, cpu, privacy
    return False, None, time.process_time() - start, ""


def seed_sweep(all_cases: dict, paper: str, bug: str, route: str, seeds: int) -> tuple[int, float]:
    """(seeds of ``seeds`` on which ``bug`` is caught, CPU-s per seed): the suite's cases in turn until one fails."""
    cand = CERTIFICATE[paper](bug) if route == "certificate" else comparison_candidate(paper, bug)
    start = time.process_time()
    caught = sum(any(fails(paper, route, cand, case, seed=s) for case in cases_for(all_cases, paper, route))
                 for s in range(seeds))
    return caught, (time.process_time() - start) / seeds


def false_alarms(all_cases: dict, seeds: int) -> list[tuple[str, str, int, int, float]]:
    """(paper, route, checks, false alarms, CPU-s) of the correct implementations."""
    rows = []
    for paper in ("d2d", "r2d", "olu", "retain", "pomer"):
        cand, cs = CERTIFICATE[paper](), all_cases[paper]
        start = time.process_time()
        bad = sum(fails(paper, "certificate", cand, cs[s % len(cs)], seed=s) for s in range(seeds))
        rows.append((paper, f"certificate, {seeds} seeds", seeds, bad, time.process_time() - start))
    for paper in ("d2d", "r2d"):
        cand, cs = CERTIFICATE[paper](), all_cases[f"{paper}-accuracy"]
        start = time.process_time()
        verdicts = [check_certificate(cand, cs[s % len(cs)], seed=s).accuracy_ok for s in range(seeds)]
        undecided = sum(v is None for v in verdicts)
        what = f"accuracy, {seeds} seeds" + (f" ({undecided} undecided)" if undecided else "")
        rows.append((paper, what, seeds, sum(v is False for v in verdicts), time.process_time() - start))
    for paper in ("d2d", "r2d", "pomer"):
        cand, cs = comparison_candidate(paper, None), cases_for(all_cases, paper, "comparison")
        start = time.process_time()
        n = seeds if paper == "pomer" else len(cs)
        bad = sum(fails(paper, "comparison", cand, cs[s % len(cs)] if paper != "pomer" else cs[2], seed=s)
                  for s in range(n))
        what = f"comparison, {seeds} seeds" if paper == "pomer" else "comparison, every default case"
        rows.append((paper, what, n, bad, time.process_time() - start))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30)
    args = parser.parse_args()
    start = time.process_time()
    all_cases = suites()
    print(f"default suites built in {time.process_time() - start:.1f} CPU-s: "
          + ", ".join(f"{k} {len(v)}" for k, v in all_cases.items()))
    print(f"{'paper':7s} {'kind':22s} {'bug':20s} {'route':12s} {'result':7s} {'case':>4s} {'CPU-s':>6s}")
    caught = 0
    worst = 0.0
    for paper, kind, bug, route in BUGS:
        ok, where, cpu, privacy = run_bug(all_cases, paper, bug, route)
        caught += ok
        worst = max(worst, cpu) if ok else worst
        print(f"{paper:7s} {kind:22s} {bug:20s} {route:12s} {'caught' if ok else 'MISSED':7s} "
              f"{'' if where is None else where:>4} {cpu:6.2f} {privacy}", flush=True)
    print(f"\n{caught} of {len(BUGS)} planted bugs caught, {len(BUGS) - caught} missed; slowest catch {worst:.2f} CPU-s")
    print(f"\n{'paper':7s} {'bug':20s} inside the accuracy claim's slack: accuracy meets / certificate route flags")
    for paper, bug in WITHIN_ACCURACY_SLACK:
        results = [check_certificate(CERTIFICATE[paper](bug), c) for c in all_cases[f"{paper}-accuracy"]]
        meets = sum(r.accuracy_ok is True for r in results)
        flagged = sum(not (r.ok and r.matches_reference) for r in results)
        print(f"{paper:7s} {bug:20s} {meets} of {len(results)} / {flagged} of {len(results)}", flush=True)
    print(f"\n{'paper':7s} {'bug':20s} {'route':12s} caught on seeds  CPU-s per seed")
    for paper, _, bug, route in BUGS:
        if paper == "pomer" and route == "certificate" and bug in ("unnormalised", "no-floor"):
            hit, cpu = seed_sweep(all_cases, paper, bug, route, args.seeds)
            print(f"{paper:7s} {bug:20s} {route:12s} {hit:3d} of {args.seeds:<3d}     {cpu:6.2f}", flush=True)
    print(f"\n{'paper':7s} {'correct implementation on':32s} {'checks':>6s} {'false alarms':>12s} {'CPU-s':>6s}")
    for paper, what, n, bad, cpu in false_alarms(all_cases, args.seeds):
        print(f"{paper:7s} {what:32s} {n:6d} {bad:12d} {cpu:6.2f}", flush=True)


if __name__ == "__main__":
    main()
