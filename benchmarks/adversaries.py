"""Adversary strength, measured (issue 13): per OGD regret claim of olu, the independent worst cases of
performance estimation beside the checker's tightness, in the quick and the thorough profile.

Columns (L = D = 2, no deletions):
- ``PEPit convex-Lipschitz``: PEPit's worst case over convex L-Lipschitz losses with projected OGD (issue 13's
  reference class — larger than the claims' hypotheses, which admit quadratics with one diagonal Hessian only),
  worst/bound at n = 4, 8, 16;
- ``extracted piecewise-linear``: the unprojected convex-Lipschitz PEP's worst case (every iterate within D of the
  comparator) extracted as losses max(two affine pieces) and its regret evaluated exactly — a certified lower end
  of the reference column (steps rationalised to 10⁻⁹; the projected and unprojected values agree here);
- ``PEP in-class``: the worst case over the claims' own class (quadratics λI, λ = L/D, start and targets in the
  ball; :func:`certunlearn.claims.pep.quadratic_pep`), worst/bound, its maximum over n = 1..16 and the n attaining it;
- ``checker``: the claim's certified tightness (lower end) from ``certunlearn check`` and the checker/in-class ratio
  (the target is ≥ 0.9); a violated claim shows ``violated``.

Usage: ``python benchmarks/adversaries.py [--profiles quick,thorough] [--build]`` (``--build`` re-solves every SDP
and rewrites ``certunlearn/claims/pep_worst_cases.json``).
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fractions import Fraction  # noqa: E402

from certunlearn.claims.pep import cached, piecewise_linear_regret, shipped  # noqa: E402
from certunlearn.claims.olu.worst_case import RULES  # noqa: E402

CLAIMS = {  # claim id → (step rule, bound at k = 0 as a function of n with L = D = 2, μ = 1)
    "olu.thm2": ("sc", lambda n: 4 * math.log(n)),
    "olu.thm2:proof": ("sc", lambda n: 4 * (1 + math.log(n))),
    "olu.cor7": ("sc", lambda n: 4 * (1 + math.log(n))),
    "olu.thm6:regret": ("sc", lambda n: 2 * sum(1 / t for t in range(1, n + 1))),
    "olu.thm3": ("convex", lambda n: 12 * math.sqrt(n)),
    "olu.thm5": ("thm5", lambda n: 4 * math.sqrt(2 * n)),
    "olu.table1:constant": ("thm5", lambda n: 4 * math.sqrt(2 * n)),
}


def _ratio(v: float, b: float) -> float:
    return math.inf if b == 0 else v / b


def checker(profile: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "certunlearn.cli", "check", *CLAIMS, "--json", "--profile", profile,
                          "--counterexamples", "/tmp/certunlearn-bench-cex"],
                         cwd=ROOT, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
                         capture_output=True, text=True, check=False)
    return {r["id"]: r for r in json.loads(out.stdout)["results"]}


def extracted(rule: str, n: int) -> float:
    """Exact regret of the piecewise-linear losses extracted from the unprojected convex-Lipschitz PEP (steps
    rationalised to 10⁻⁹), ÷ the bound's value at n — a certified lower end of the reference column."""
    etas = RULES[rule](n, 1.0, 2.0, 2.0)
    case = cached("lipschitz-unprojected", rule, etas, {"M": 2.0, "D": 2.0})
    regret, far = piecewise_linear_regret(case.data, [Fraction(e).limit_denominator(10**9) for e in etas], Fraction(2))
    assert far <= 4, "an extracted iterate left the ball of radius D about x_ref"
    return float(regret)


def table(profiles: list[str]) -> str:
    cases = shipped()
    runs = {p: checker(p) for p in profiles}
    head = ("| claim | step | PEPit convex-Lipschitz worst/bound n=4, 8, 16 | PEP in-class worst/bound n=4, 8, 16 | "
            "extracted piecewise-linear, exact regret/bound n=4, 8 | in-class max (n) | " + " | ".join(f"checker {p} (÷ in-class)" for p in profiles) + " |")
    lines = [head, "|" + "---|" * (6 + len(profiles))]
    for cid, (rule, bound) in CLAIMS.items():
        lip = [cases.get(f"lipschitz {rule} n={n} L=2 D=2") for n in (4, 8, 16)]
        lip_s = ", ".join(f"{_ratio(float(c['value']), bound(c['n'])):.3f}" for c in lip if c) or "—"
        ex_s = ", ".join(f"{_ratio(extracted(rule, n), bound(n)):.3f}" for n in (4, 8)) if rule != "sc" else "—"
        quad = {c["n"]: float(c["value"]) for c in cases.values() if c["kind"] == "quadratic" and c["rule"] == rule}
        quad_s = ", ".join(f"{_ratio(quad[n], bound(n)):.3f}" for n in (4, 8, 16))
        best_n = max(quad, key=lambda n: _ratio(quad[n], bound(n)))
        best = _ratio(quad[best_n], bound(best_n))
        best_s = "∞ (bound 0)" if best == math.inf else f"{best:.3f}"
        cells = []
        for p in profiles:
            r = runs[p][cid]
            if r["verdict"] == "violated":
                cells.append("violated")
            else:
                t = (r.get("tightness_interval") or [r["tightness"]])[0] or r["tightness"]
                cells.append(f"{t:.3f} ({t / best:.2f})" if t is not None and best not in (0, math.inf) else str(t))
        lines.append(f"| {cid} | {rule} | {lip_s} | {quad_s} | {ex_s} | {best_s} ({best_n}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profiles", default="quick")
    ap.add_argument("--build", action="store_true")
    a = ap.parse_args()
    if a.build:
        from certunlearn.claims.olu.worst_case import build_shipped
        build_shipped()
    print(table(a.profiles.split(",")))


if __name__ == "__main__":
    main()
