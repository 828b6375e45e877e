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

from .model import Instance, decode_instance

#: The shipped points (``python -m certunlearn.check.record --write`` rewrites it).
RECORDED_FILE = Path(__file__).with_name("recorded_points.json")
#: The name of the recorded family in results (``instances.by_adversary``, ``worst.adversary``).
RECORDED = "recorded: instances a thorough run found beyond quick (certunlearn/claims/recorded_points.json)"


@functools.cache
def recorded_table() -> dict[str, Any]:
    """The whole file: ``provenance`` (the runs that recorded it) and ``claims`` (claim id → its points, each
    ``{"instance", "roles", "adversary", "found", "run"}``)."""
    if not RECORDED_FILE.exists():
        return {"provenance": {}, "claims": {}}
    return json.loads(RECORDED_FILE.read_text())


#: The roles of a point recorded for the ε-scale tightness (the checker bisects ε only on these recorded points).
EPSILON_ROLES = frozenset({"epsilon", "shift"})


def _points(claim_id: str) -> list[dict[str, Any]]:
    """The claim's points, those recorded for the ε-scale tightness first."""
    return sorted(recorded_table()["claims"].get(claim_id, ()), key=lambda p: not EPSILON_ROLES & set(p["roles"]))


def recorded_instances(claim_id: str) -> list[Instance]:
    """The recorded instances of a built-in claim (exact values; [] when none is recorded), the
    :func:`epsilon_points` first."""
    return [decode_instance(p["instance"]) for p in _points(claim_id)]


def epsilon_points(claim_id: str) -> int:
    """How many of :func:`recorded_instances` — its first ones — were recorded for the ε-scale tightness: only
    these recorded points are bisected on the ε scale (any other would add the cost of a point the larger run did not
    bisect)."""
    return sum(bool(EPSILON_ROLES & set(p["roles"])) for p in _points(claim_id))
