"""Adversary strength, measured against the best known worst case **over the theorem's class** (issues 13 and 23).

One row per claim: the best known worst case of the claim's quantity over the printed class, as a ratio to the bound
(its source: PEPit over the class, or a hand-made extremal family with its derivation), and the checker's certified
tightness in each profile with its ratio to that worst case (target ≥ 0.9).

olu regret claims (L = D = 2, μ = 1, no deletions — at k = 0 every deletion hypothesis is vacuous):
- Theorem 3 (η_t = D/(L√t)): PEPit's worst case over convex L-Lipschitz losses with projected OGD on any convex K of
  diameter D (smooth losses approach it; ``certunlearn.claims.pep.lipschitz_pep``), worst/bound at n = 4, 8, 16, 32
  (n = 32: 108 CPU-s with Clarabel, shipped; ``--build-pep32`` re-solves it); the row's reference is the largest of
  them (n = 32: 30.6395 against 12√32, 0.451), reached by the shipped worst linear stream at n = 32 (searched in d = 2,
  ``--build-linear``).
- Theorem 5 and Table 1's constant row (η = √(2D²/(TL²)) at k = 0): 3/4 at every n — PEPit's value, attained exactly
  by the bounce of ``claims/olu/general_families.py`` (iterates on the unit circle, gradients √2(x_t − x_{t+1}):
  regret (‖x_1‖² − ‖x_{T+1}‖²)/(2η) + ηTL²/2 + R‖Σg_t‖ = 6√2 against 8√2 at T = 4).
- Theorem 2's proof bound, Corollary 7 and Theorem 6's corrected statement (η_t = 1/(μt), μ-strongly convex; their
  k = 0 bound L²/μ(1 + log T)): exactly 1/2, the maximum over the whole class — projected OGD with η_t = 1/(μt) has
  regret ≤ Σ_t η_t‖∇f_t‖²/2 ≤ L²H_T/(2μ) for every μ-strongly convex L-Lipschitz loss sequence (the terms
  ‖w_t − z*‖²(1/η_t − 1/η_{t−1} − μ) vanish), and H_T/(2(1 + log T)) ≤ 1/2 with equality only at T = 1, where
  ½μ‖z − c‖² with z_1 and c at opposite ends of the ball (L = μD) attains it: 2 against 4. Theorem 6's proof step
  (its explicit parts, L²H_T/(2μ) at k = 0) is attained exactly at T = 1, 2 (1.000). Theorem 2 as printed and
  Theorem 6 as stated have bound 0 at T = 1 (∞). PEP over their own class (smooth strongly convex, η_t = 1/(μt)) is
  solved and realised per n by ``benchmarks/pep_smooth_sc.py``: its value is OGD's bound L²H_T/(2μ) (an upper bound:
  the Lipschitz condition holds only where the losses are queried), its realisations stay below the quadratic PEP's.

d2d rows (the checker's tightness is already a ratio to the printed bound):
- Lemma 2.12: exactly 1/2, the maximum over the whole class — ‖θ*_D − θ*_{D∘u}‖ ≤ L/(m(k + 1)) for every
  L-Lipschitz m-strongly convex loss, convex Θ and d (k the smaller dataset's size; derivation and equality case in
  ``certunlearn.claims.d2d.lemma212_supremum``, confirmed at 100 digits in tests/claims/d2d/test_huber_family.py).
- Theorem 3.1's shift: 3/4 of Δ, the supremum over the class of the sharp chain Δ(3 − 2γ^I)/4 (derivation
  ``d2d.thm3.1:shift-sharp``), approached (not attained) as k → ∞, γ^j, γ^I → 0.

Usage: ``python benchmarks/adversaries.py [--profiles quick,thorough] [--build] [--build-linear FILE…]``
(``--build`` re-solves the PEP cases and rewrites ``certunlearn/claims/pep_worst_cases.json``; ``--build-linear``
merges searched worst linear streams, ``{rule: {n: {"z1", "G", "value"}}}``, into it).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from certunlearn.claims.pep import shipped  # noqa: E402

#: claim id → (step rule, bound at k = 0 as a function of n with L = D = 2, μ = 1)
CLAIMS = {
    "olu.thm2": ("sc", lambda n: 4 * math.log(n)),
    "olu.thm2:proof": ("sc", lambda n: 4 * (1 + math.log(n))),
    "olu.cor7": ("sc", lambda n: 4 * (1 + math.log(n))),
    "olu.thm6:regret": ("sc", lambda n: math.log(n)),
    "olu.thm6:regret+fix": ("sc", lambda n: 4 * (1 + math.log(n))),
    "olu.thm6:regret-proof": ("sc", lambda n: 2 * sum(1 / t for t in range(1, n + 1))),
    "olu.thm3": ("convex", lambda n: 12 * math.sqrt(n)),
    "olu.thm5": ("thm5", lambda n: 4 * math.sqrt(2 * n)),
    "olu.table1:constant": ("thm5", lambda n: 4 * math.sqrt(2 * n)),
}
#: d2d claim id → (best known worst case over the class as a ratio to the bound, its source)
D2D = {
    "d2d.lem2.12": (0.5, "the class's maximum L/(mn) = half of 2L/(mn), any loss, Θ, d (derived; attained by a deletion, "
                         "claims/d2d/lemma212_supremum.py)"),
    "d2d.thm3.1:shift": (0.75, "the class's supremum 3Δ/4 (sharp chain d2d.thm3.1:shift-sharp), approached as k → ∞"),
}


def best_known(cid: str) -> tuple[float, str]:
    """The best known worst case over the theorem's class, as worst/bound, and where it comes from."""
    if cid in D2D:
        return D2D[cid]
    rule, bound = CLAIMS[cid]
    if rule == "sc":
        if cid in ("olu.thm2", "olu.thm6:regret"):
            return math.inf, "T = 1: bound 0, regret ½μD² > 0 (hand)"
        if cid == "olu.thm6:regret-proof":
            return 1.0, "L²H_T/(2μ) attained at T = 1, 2 (hand, PEP)"
        return 0.5, ("the class's maximum at k = 0: regret ≤ L²H_T/(2μ) for every μ-strongly convex L-Lipschitz loss "
                     "(OGD's bound), ≤ ½ of L²/μ(1 + log T), attained at T = 1 by ½μ‖z − c‖², z_1 and c opposite")
    cases = shipped()
    got = {c["n"]: float(c["value"]) / bound(c["n"]) for c in cases.values()
           if c["kind"] == "lipschitz" and c["rule"] == rule}
    n = max(got, key=got.get)
    per = ", ".join(f"{got[m]:.3f}" for m in sorted(got))
    return got[n], f"PEPit convex-Lipschitz, n = {'/'.join(str(m) for m in sorted(got))}: {per}"


def checker(profile: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "certunlearn.cli", "check", *CLAIMS, *D2D, "--json", "--profile", profile,
                          "--counterexamples", "/tmp/certunlearn-bench-cex"],
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                         capture_output=True, text=True, check=False)
    return {r["id"]: r for r in json.loads(out.stdout)["results"]}


def _cell(r: dict, best: float) -> str:
    if r["verdict"] == "violated":
        return "violated"
    t = (r.get("tightness_interval") or [r["tightness"]])[0] or r["tightness"]
    if t is None:
        return f"{r['verdict']}"
    return f"{t:.3f} ({t / best:.2f})" if best not in (0, math.inf) else f"{t:.3f}"


def table(profiles: list[str]) -> str:
    runs = {p: checker(p) for p in profiles}
    lines = ["| claim | best known worst case over the theorem's class (source) | "
             + " | ".join(f"checker {p} (÷ best known)" for p in profiles) + " |",
             "|" + "---|" * (2 + len(profiles))]
    for cid in (*CLAIMS, *D2D):
        best, source = best_known(cid)
        best_s = "∞" if best == math.inf else f"{best:.3f}"
        lines.append(f"| {cid} | {best_s} ({source}) | " + " | ".join(_cell(runs[p][cid], best) for p in profiles) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profiles", default="quick")
    ap.add_argument("--build", action="store_true")
    ap.add_argument("--build-pep32", action="store_true")
    ap.add_argument("--build-linear", nargs="*", default=None)
    a = ap.parse_args()
    if a.build:
        from certunlearn.claims.olu.worst_case import build_shipped

        build_shipped()
    if a.build_pep32:
        from certunlearn.claims.olu.worst_case import add_lipschitz_cases

        add_lipschitz_cases((32,), rules=("convex",))
    if a.build_linear:
        from certunlearn.claims.olu.worst_case import add_linear_worst

        merged: dict = {}
        for path in a.build_linear:
            for rule, by_n in json.loads(Path(path).read_text()).items():
                merged.setdefault(rule, {}).update(by_n)
        add_linear_worst(merged)
    print(table(a.profiles.split(",")))


if __name__ == "__main__":
    main()
