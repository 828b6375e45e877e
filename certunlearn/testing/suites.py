"""Default case suites: the claims' own worst-case and boundary instances, as :class:`~certunlearn.testing.case.Case`.

``certunlearn.testing.<key>.cases(profile)`` calls :func:`claim_cases` with the paper's certificate claims: every
adversary of the claim (the worst-shift constructions and the boundary scans the checker uses) is asked for
instances with a fixed seed, those inside every hypothesis of the claim are kept, and the adversaries are taken in
turn so that the suite covers each construction. ``"quick"`` keeps :data:`SIZES` ``["quick"]`` cases per claim,
``"thorough"`` more.
"""
from __future__ import annotations

import numpy as np

import json
from collections.abc import Callable

from ..claims import get_claim
from ..claims.case import Case, inside
from ..errors import InvalidParameterError

__all__ = ["claim_cases", "SIZES"]

SIZES = {"quick": 3, "thorough": 12}


#: Adversaries whose instances put σ at 10⁻¹⁰ or 10¹² of the data's scale (the boundary scans, the worst-shift stream
#: ending in an addition): a float64 candidate's release cannot be measured there (its rounding exceeds every
#: tolerance), so the default suites leave them to the exact checks of the claims themselves.
BEYOND_FLOAT64 = ("boundary:", "stream ending in an addition")


def claim_cases(claim_id: str, profile: str = "quick", *, seed: int = 0, per_adversary: int = 8,
                keep: Callable[[Case], bool] | None = None, also: tuple[str, ...] = ()) -> list[Case]:
    """Up to ``SIZES[profile]`` cases of ``claim_id`` (those ``keep`` accepts), one adversary after the other;
    ``also``: claims (the negative controls of ``claim_id``) whose adversaries come first with boundary instances,
    kept only inside ``claim_id``'s own hypotheses."""
    if profile not in SIZES:
        raise InvalidParameterError("profile", f"one of {', '.join(SIZES)}, got {profile!r}")
    claim = get_claim(claim_id)
    rng = np.random.default_rng(seed)
    pools = []
    adversaries = [a for other in also for a in get_claim(other).adversaries] + list(claim.adversaries)
    for adversary in adversaries:
        if adversary.generate is None or any(mark in adversary.name for mark in BEYOND_FLOAT64):
            continue
        kept = [(adversary.name, inst) for inst in adversary.generate(rng, per_adversary) if inside(claim, inst)
                and (keep is None or keep(Case.from_instance(claim_id, inst)))]
        if kept:
            pools.append(kept)
    out: list[Case] = []
    seen: set[str] = set()
    depth = 0
    while len(out) < SIZES[profile] and any(depth < len(p) for p in pools):
        for pool in pools:
            if depth < len(pool) and len(out) < SIZES[profile]:
                name, inst = pool[depth]
                case = Case.from_instance(claim_id, inst, label=f"{name} #{depth}")
                key = json.dumps({**case.to_dict(), "label": ""}, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    out.append(case)
        depth += 1
    return out
