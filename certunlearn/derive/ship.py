"""Checking every registered claim's derivation once, for the table a wheel ships (:mod:`.cache`, "Shipped with
the wheel").

    python -m certunlearn.derive.ship OUT.pkl [--workers N]

writes the table shipped key → result for every claim that has a derivation (run by the build hook
``hatch_build.py`` when a wheel is built; the disk cache is bypassed so that every result is computed by the
engine being shipped). A derivation that raises is left out: the installed package then checks it itself.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import cache
from .model import DerivationResult


def _one(claim_id: str) -> tuple[str, str, DerivationResult] | None:
    from ..claims import get_claim
    from .engine import check_derivation, check_inputs
    from .loader import load_derivation

    cache.disable()
    claim = get_claim(claim_id)
    try:
        derivation = load_derivation(claim.derivation)
        result = check_derivation(derivation, claim)
        key = cache.shipped_key(derivation, *check_inputs(derivation, claim))
    except Exception as exc:  # noqa: BLE001 — left out of the table: checked at run time instead
        print(f"{claim_id}: not shipped ({type(exc).__name__}: {exc})", file=sys.stderr)
        return None
    return claim_id, key, result


def shipped_table(workers: int | None = None) -> dict[str, DerivationResult]:
    """Shipped key → result for every registered claim with a derivation."""
    from ..claims import all_claims

    ids = [c.id for c in all_claims() if c.derivation is not None]
    cache.disable()
    table: dict[str, DerivationResult] = {}
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        outs = map(_one, ids)
    else:
        pool = ProcessPoolExecutor(workers)
        outs = pool.map(_one, ids, chunksize=4)
    for out in outs:
        if out is not None:
            table[out[1]] = out[2]
    if workers != 1:
        pool.shutdown()
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args(argv)
    t0 = time.process_time()
    w0 = time.perf_counter()
    table = shipped_table(args.workers)
    cache.write_shipped(table, args.out)
    print(f"{len(table)} derivations checked for the wheel in {time.perf_counter() - w0:.0f} s "
          f"({time.process_time() - t0:.0f} CPU s in the parent) -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
