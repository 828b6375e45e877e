"""Benchmark: how close the worst-case-shift adversaries come to each certificate's sensitivity (issue 13, item 3).

Run: ``python benchmarks/shifts.py [--thorough]`` (from the repository root). For each d2d certificate whose published
laws are two Gaussians N(θ̂_i, σ²I), N(μ_i, σ²I), the exact mean shift max_i ‖θ̂_i − μ_i‖ of every instance of the
claim's structured adversaries is divided by (a) the proof's own sensitivity bound Δ and (b) the attainable maximum
derived in ``proofs/d2d/strongly_convex.py`` where Δ is not attainable. Prints one row per (claim, adversary): the best fraction.

d2d rows (the lead copies them into the README):

* ``d2d.thm3.1``: Δ = (8L/(mn))γ^I/(1 − γ^I) (proof line 237) is not attainable; the sharp chain gives
  Δ(3 − 2γ^I)/4 < 3Δ/4 (``d2d.thm3.1:shift-sharp``), approached by ``worst_shift_instance`` as k → ∞.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from certunlearn.claims import get_claim  # noqa: E402
from certunlearn.numeric.precision import workprec  # noqa: E402
from certunlearn.numeric.sympy_arb import arb_eval  # noqa: E402

#: (claim whose quantity is the exact shift, the bound it is compared with, a label)
ROWS = (("d2d.thm3.1:shift", "Δ (proof, line 237)"), ("d2d.thm3.1:shift-sharp", "Δ(3 − 2γ^I)/4 (attainable)"))


def main(size: int) -> None:
    print(f"{'claim':28} {'bound':30} {'adversary':60} best fraction")
    for cid, label in ROWS:
        claim = get_claim(cid)
        for adv in claim.adversaries:
            if adv.kind != "structured":
                continue
            best = 0.0
            for inst in adv.generate(np.random.default_rng(0), size):
                with workprec(128):
                    best = max(best, float((claim.quantity(inst) / claim.bound_value(inst)).mid()))
            print(f"{cid:28} {label:30} {adv.name[:60]:60} {best:.4f}")


if __name__ == "__main__":
    main(100_000 if "--thorough" in sys.argv else 40)
