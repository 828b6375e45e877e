"""Recorded points: instances a larger run (thorough) found decisive beyond what quick finds, shipped so that every
run evaluates them again (issue 23 item 4: "every counterexample thorough finds becomes a structured family that
quick runs too").

A run of :mod:`certunlearn.check.record` (``python -m certunlearn.check.record --profile thorough --beyond
QUICK.json --write``) checks claims with the larger budget and keeps, per claim, the instances its result rests on —
the counterexample, the largest certified observed/bound, the instances giving the ε-scale tightness and the shift
ratio, the undecided instances that leave room for a violation and the errors — where they add to quick's result.
They are written into ``recorded_points.json`` beside this module, each with the family that found it and the
recording run (budget, seed, commit). The checker (:func:`certunlearn.check.runner.instances_of`) evaluates them
first, as the family :data:`RECORDED`, in every profile; the claims' own families and searches run after them as
before.

Nothing is trusted: a recorded point is an instance like any other, evaluated exactly on every run (its verdict is
computed again, never read), and it can only add to what the run's own families find. A point whose claim changed
so that it no longer lies inside the hypotheses is stale: ``tests/check/test_record.py`` fails on it.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from .model import Instance, decode_instance, encode_instance

#: The shipped points (``python -m certunlearn.check.record --write`` rewrites it).
RECORDED_FILE = Path(__file__).with_name("recorded_points.json")
#: The name of the recorded family in results (``instances.by_adversary``, ``worst.adversary``).
RECORDED = "recorded: instances a thorough run found beyond quick (certunlearn/claims/recorded_points.json)"


@functools.cache
def _table() -> dict[str, Any]:
    if not RECORDED_FILE.exists():
        return {"provenance": {}, "claims": {}}
    return json.loads(RECORDED_FILE.read_text())


def recorded_table() -> dict[str, Any]:
    """The whole file: ``provenance`` (the runs that recorded it) and ``claims`` (claim id → its points, each
    ``{"instance", "roles", "adversary", "run"}``)."""
    return _table()


#: The roles of a point recorded for the ε-scale tightness (the checker bisects ε only on these recorded points).
EPSILON_ROLES = frozenset({"epsilon", "shift"})


def recorded_instances(claim_id: str) -> list[Instance]:
    """The recorded instances of a built-in claim (exact values; [] when none is recorded), those recorded for the
    ε-scale tightness first."""
    points = sorted(_table()["claims"].get(claim_id, ()), key=lambda p: not EPSILON_ROLES & set(p["roles"]))
    return [decode_instance(p["instance"]) for p in points]


def epsilon_written(claim_id: str) -> frozenset[str]:
    """The written forms (:func:`written_key`) of the claim's points recorded for the ε-scale tightness: a recorded
    point with other roles only is not bisected on the ε scale (it would add the cost of a point the larger run did
    not bisect)."""
    return frozenset(written_key(p["instance"]) for p in _table()["claims"].get(claim_id, ())
                     if EPSILON_ROLES & set(p["roles"]))


def written_key(written: dict[str, Any]) -> str:
    """A written instance as one comparable string, its numbers in one normal form (``"1/5"`` and ``"0.2"`` alike)."""
    return json.dumps(encode_instance(decode_instance(written)), sort_keys=True)
