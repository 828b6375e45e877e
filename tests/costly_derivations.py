"""The one list of registered derivations too costly to derive cold in the default (CI) run, and the helper that
marks a test parameter ``slow`` when it derives one of them.

Every run of the suite derives cold (tests/conftest.py: one fresh private derivation cache per run), so each
derivation a default test touches costs its whole cold check in CI. The derivations of :data:`COSTLY` are checked
under ``python -m pytest -m slow`` only. Nothing goes unchecked in the product: ``pip install .`` (the README's Quick
start, first command) checks every registered derivation when it builds the wheel (``hatch_build.py`` →
``certunlearn.derive.ship``), and ``certunlearn prove --all`` derives them all.

**Threshold.** A derivation is costly when its cold check took more than 40 s of step time in a cold cache of main
(the step ``seconds`` a cold cache records, written at load 10–23 on 2 cores in November 2026; about 3 wall-s there
per CPU-s alone, so ≈ 13 CPU-s).
Sorted, the 275 measured derivations fall off a cliff there: the 31 above 40 s hold 5000 of the 6058 s; the 244
below hold about 1000 s (≈ 330 CPU-s, under 3 minutes on 2 cores). Then every derivation that cites a costly one
as a lemma (``Step.lemma``; the engine derives the lemma nested, inside its user) is costly too —
tests/test_costly_derivations.py keeps the list closed. Five derivations whose cost lies in their start check
rather than their steps, measured costly by earlier sessions, are kept: d2d.intro-dp+fix (~270 s cold: its erfc-difference start), d2d.table1:pgd-perfect-accuracy (the suite's longest
test), pomer.thm4.4:epsilon, pomer.thm4.1:budget and pomer.thm4.5:switches (sign attempts and sampled evidence).

**What still guards them in the default run:** their cheap siblings' derivations (Lemma A.3's chain, the route of
d2d.intro-dp+fix; d2d.thm3.1, thm3.2, thm3.2+fix, thm4.5; pgd-perfect-accuracy+fix; pomer.thm4.4:delta, thm4.5,
thm4.1), and every claim's own tests (quantity, well-formedness, evaluation, starts run against the quantity), which
derive nothing.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

#: claim id → why (cold step-seconds of that cache, or the reason it is here).
COSTLY_WHY = {
    "d2d.factE.1": "212 s",
    "d2d.factE.2": "277 s",
    "d2d.intro-dp+fix": "its start: ~270 s cold (earlier sessions)",
    "d2d.lemA.2": "399 s (per-integer branch-and-bound on the χ² tail)",
    "d2d.lemA.5": "50 s",
    "d2d.rem3.6": "211 s",
    "d2d.rem3.6+fix": "45 s",
    "d2d.rem3.6:accuracy": "60 s; cites d2d.lemA.2",
    "d2d.rem3.6:accuracy+fix": "83 s; cites d2d.lemA.2",
    "d2d.rem4.6": "263 s",
    "d2d.rem4.6:improvement": "88 s",
    "d2d.table1:distributed-accuracy": "278 s",
    "d2d.table1:distributed-iterations+fix": "54 s",
    "d2d.table1:pgd-accuracy": "135 s",
    "d2d.table1:pgd-baseline+fix": "243 s",
    "d2d.table1:pgd-perfect-accuracy": "its start: the suite's longest test (earlier sessions)",
    "d2d.table1:pgd-perfect-iterations": "42 s",
    "d2d.thm3.1:accuracy": "497 s; cites d2d.lemA.2",
    "d2d.thm3.1:accuracy+fix": "114 s; cites d2d.lemA.2",
    "d2d.thm3.2:accuracy": "410 s; cites d2d.lemA.2",
    "d2d.thm3.2:accuracy+fix": "cites d2d.lemA.2",
    "d2d.thm3.4": "72 s",
    "d2d.thm3.4:accuracy": "204 s; cites d2d.lemA.2",
    "d2d.thm3.4:accuracy+fix": "264 s; cites d2d.lemA.2",
    "d2d.thm3.5": "131 s",
    "d2d.thm3.5:accuracy": "149 s; cites d2d.lemA.2",
    "d2d.thm3.5:accuracy+fix": "274 s; cites d2d.lemA.2",
    "d2d.thm4.5:alpha": "cites d2d.lemA.2",
    "d2d.thm4.5:alpha+fix": "cites d2d.lemA.2",
    "gaussian.subsampled-fixed": "44 s (the derivation of gaussian.subsampled-poisson:remove, its own target)",
    "gaussian.subsampled-poisson:add": "48 s",
    "gaussian.subsampled-poisson:remove": "45 s",
    "pomer.def3.1+fix": "54 s",
    "pomer.table1:row1": "45 s",
    "pomer.thm4.1:budget": "sign attempts and sampled evidence (earlier sessions)",
    "pomer.thm4.4:epsilon": "sign attempts and sampled evidence (earlier sessions)",
    "pomer.thm4.5:switches": "sign attempts and sampled evidence (earlier sessions)",
    "r2d.appD.1-gradient-estimate": "63 s",
    "r2d.sec4.2-epsilon-above-1": "42 s",
    "r2d.thm3.1": "150 s",
}
COSTLY = frozenset(COSTLY_WHY)


def costly(claim_id: str) -> bool:
    """Whether checking ``claim_id``'s derivation (against that claim) is one of the costly cold checks."""
    return claim_id in COSTLY


def slow_if_costly(values: Iterable[Any], claim_id: Callable[[Any], str] = lambda v: v) -> list[Any]:
    """``values`` as pytest parameters, each whose derivation is costly (``claim_id(value)`` in :data:`COSTLY`)
    marked ``slow``: checked by ``python -m pytest -m slow`` and by ``pip install .``, not in the default run."""
    return [pytest.param(v, marks=pytest.mark.slow) if costly(claim_id(v)) else v for v in values]
