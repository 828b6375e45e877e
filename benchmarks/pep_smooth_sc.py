"""PEP over the strongly convex regret theorems' class (η_t = 1/(μt), μ = 1, β = 2, L = D = 2), realised and evaluated
exactly (issue 23 item 2; ``certunlearn/claims/olu/sc_worst_case.py``).

Solves ``certunlearn.claims.pep.smooth_sc_pep`` for n = 1, 2, 3, 4, 6, 8 (cached under ``$CERTUNLEARN_CACHE_DIR/pep``;
a few CPU-seconds in all), realises each case as μ-quadratics through its first-order data, merges them into
``certunlearn/claims/pep_worst_cases.json`` as kind ``smooth-sc`` (``--write``), and prints per n: the PEP value (an
upper bound: Lipschitz only where queried), OGD's bound L²H_T/(2μ), the realisation's exact regret and its own L on K,
its ratio to the k = 0 bound L²/μ(1 + log T) of Theorem 2's proof / Corollary 7 / Theorem 6's +fix, and the quadratic
PEP's ratio (λI, centres in the ball) beside it.

Usage: ``python benchmarks/pep_smooth_sc.py [--write]``
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from certunlearn.numeric.fraction import Fraction

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from certunlearn.claims.olu.general import general_regret  # noqa: E402
from certunlearn.claims.olu.sc_worst_case import BETA, D_PEP, L_PEP, MU, instance_of, realise  # noqa: E402
from certunlearn.claims.pep import SHIPPED_FILE, cached, shipped  # noqa: E402
from certunlearn.numeric.precision import workprec  # noqa: E402

NS = (1, 2, 3, 4, 6, 8)


def solve(ns=NS) -> dict[str, dict]:
    out = {}
    for n in ns:
        case = cached("smooth-sc", "sc", [1 / (float(MU) * t) for t in range(1, n + 1)],
                      {"mu": float(MU), "beta": float(BETA), "M": float(L_PEP), "D": float(D_PEP)},
                      label=f"smooth-sc sc n={n} L=2 D=2")
        out[f"smooth-sc sc n={n} L=2 D=2"] = realise(case)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    entries = solve()
    if a.write:
        data = json.loads(SHIPPED_FILE.read_text())
        data.update(entries)
        SHIPPED_FILE.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    quad = {c["n"]: float(c["value"]) for c in shipped().values() if c["kind"] == "quadratic" and c["rule"] == "sc"}
    print("| n | PEP (upper bound) | L²H_T/(2μ) | realised regret | realised L | ÷ L²/μ(1 + log T) | quadratic PEP ÷ bound |")
    print("|---|---|---|---|---|---|---|")
    for n in NS:
        e = entries[f"smooth-sc sc n={n} L=2 D=2"]
        with workprec(128):
            r = float(general_regret(instance_of(e), "sc").mid())
        L = float(Fraction(e["L"]))
        bound = L * L / float(MU) * (1 + math.log(n))
        qb = quad.get(n)
        qr = f"{qb / (4 * (1 + math.log(n))):.3f}" if qb is not None else "—"
        print(f"| {n} | {float(e['value']):.4f} | {2 * sum(1 / t for t in range(1, n + 1)):.4f} | {r:.4f} | {L:.4f} | "
              f"{r / bound:.3f} | {qr} |")


if __name__ == "__main__":
    main()
