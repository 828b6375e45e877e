"""Checking every registered claim's derivation once, for the table the package ships (:mod:`.cache`, "Shipped
with the package").

    python -m certunlearn.derive.ship OUT.pkl [--reuse-committed] [--workers N]
    python -m certunlearn.derive.ship --update          # refresh the committed table, certunlearn/_derivations.pkl

writes the table shipped key → result for every claim that has a derivation. The disk cache is bypassed, so every
result is computed by the engine of this source tree — except, with ``--reuse-committed``, the entries of the
committed table whose key is a current one: a key is the digest of the derivation, its proofs module, its target and
quantity and the engine's own source (:func:`.cache.shipped_key`), so a matching entry was computed by this very engine
from these very sources. Entries under any other key are dropped. A derivation that raises is left out: the package then checks it
itself at run time.

The committed table is refreshed with ``--update`` after a change to the engine, a proofs module or a claim's
target (only the derivations whose key changed are derived again); ``tests/derive/test_ship.py`` fails while it
misses a current key. The build hook ``hatch_build.py`` runs ``--reuse-committed OUT``, so a wheel built from a
commit whose table is current derives nothing.
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


#: The table committed beside the sources (read by :func:`.cache.shipped` in a checkout; the wheel's build hook
#: ships it, updated where a key changed).
COMMITTED = Path(__file__).resolve().parent.parent / cache.SHIPPED_NAME


def _claim_and_derivation(claim_id: str):
    from ..claims import get_claim
    from .loader import load_derivation

    claim = get_claim(claim_id)
    return claim, load_derivation(claim.derivation)


def _key(claim, derivation) -> str:
    from .engine import check_inputs

    return cache.shipped_key(derivation, *check_inputs(derivation, claim))


def current_key(claim_id: str) -> str:
    """The shipped key of ``claim_id``'s derivation against its claim, as this source tree defines it."""
    return _key(*_claim_and_derivation(claim_id))


def _one(claim_id: str, reuse: dict[str, DerivationResult] | None = None) -> tuple[str, str, DerivationResult] | None:
    from .engine import check_derivation

    cache.disable()
    try:
        claim, derivation = _claim_and_derivation(claim_id)
        key = _key(claim, derivation)
        if reuse is not None and key in reuse:
            return claim_id, key, reuse[key]
        result = check_derivation(derivation, claim)
    except Exception as exc:  # noqa: BLE001 — left out of the table: checked at run time instead
        print(f"{claim_id}: not shipped ({type(exc).__name__}: {exc})", file=sys.stderr)
        return None
    return claim_id, key, result


_reused: dict[str, DerivationResult] | None = None


def _init_worker(reuse: Path | None) -> None:
    global _reused
    _reused = cache.read_shipped(reuse) if reuse is not None else None


def _one_in_worker(claim_id: str) -> tuple[str, str, DerivationResult] | None:
    return _one(claim_id, _reused)


def shipped_table(workers: int | None = None, reuse: Path | None = None,
                  index: dict[str, str] | None = None) -> dict[str, DerivationResult]:
    """Shipped key → result for every claim of the package with a derivation (never a plug-in's or a loaded user's);
    the entries of the table at ``reuse`` under a current key are taken as they are. ``index``, when given, receives
    claim id → key (the record :func:`.cache.shipped_for` reads)."""
    from ..claims.registry import builtin_claims

    ids = [c.id for c in builtin_claims() if c.derivation is not None]
    cache.disable()
    table: dict[str, DerivationResult] = {}
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        _init_worker(reuse)
        outs = map(_one_in_worker, ids)
    else:
        pool = ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(reuse,))
        outs = pool.map(_one_in_worker, ids, chunksize=1)
    for out in outs:
        if out is not None:
            table[out[1]] = out[2]
            if index is not None:
                index[out[0]] = out[1]
    if workers != 1:
        pool.shutdown()
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, nargs="?", help="where to write the table")
    ap.add_argument("--reuse-committed", action="store_true",
                    help=f"keep the committed table's entries ({COMMITTED.name} beside the package) under a current key")
    ap.add_argument("--update", action="store_true",
                    help="refresh the committed table: OUT is it, with --reuse-committed")
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args(argv)
    if args.update:
        args.out, args.reuse_committed = COMMITTED, True
    if args.out is None:
        ap.error("give OUT.pkl, or --update")
    reuse = COMMITTED if args.reuse_committed else None
    t0 = time.process_time()
    w0 = time.perf_counter()
    before = cache.read_shipped(reuse) if reuse is not None else {}
    index: dict[str, str] = {}
    table = shipped_table(args.workers, reuse, index)
    cache.write_shipped(table, args.out, (cache.tree_digest(), index))  # the keys' tree: read without re-forming them
    kept = sum(1 for k in table if k in before)
    print(f"{len(table)} derivations for the package ({len(table) - kept} checked now, {kept} reused) in "
          f"{time.perf_counter() - w0:.0f} s ({time.process_time() - t0:.0f} CPU s in the parent) -> {args.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
