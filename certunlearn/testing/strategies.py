"""Hypothesis strategies: the checker's worst-case instances per paper, and descent-to-delete cases.

Needs the ``test`` extra (``pip install certunlearn[test]``): this module imports ``hypothesis``;
nothing else in certunlearn does.

* :func:`claim_instances` — the instances the checker attacks a claim with: every structured adversary's
  instances (drawn once with the quick profile's size and a fixed seed) and points of every search space
  (hypothesis draws the unit-cube coordinates, so a failure shrinks towards a corner), kept only inside the
  claim's hypotheses. :func:`paper_instances` — the same for every claim of a paper (``gaussian``, ``d2d``,
  ``r2d``, ``retain``, …).
* :func:`claim_cases` — :class:`~certunlearn.testing.reference.D2DCase` inputs of Algorithm 2 built from a
  perturbed-GD claim's structured instances (first update of ``U`` applied to ``X``, descent from the
  adversary's far corner ``theta0``, the claim's certified η, T_1 and σ); :func:`d2d_cases` — random small
  quadratic problems for Algorithm 1 or 2 (dyadic numbers, so float64 holds them exactly).
"""
from __future__ import annotations

import functools
from typing import Any

import numpy as np
from hypothesis import strategies as st

from ..check.profiles import get_profile
from ..claims import all_claims, get_claim
from ..audit.run import inside
from .reference import D2DCase, case_claims, case_from_instance

__all__ = ["claim_instances", "paper_instances", "claim_cases", "case_claims", "d2d_cases", "case_from_instance"]

SEED = 20240601


@functools.cache
def _structured(claim_id: str) -> tuple[dict[str, Any], ...]:
    claim = get_claim(claim_id)
    rng = np.random.default_rng(SEED)
    size = get_profile("quick").structured_size
    found = [dict(i) for a in claim.adversaries if a.generate is not None for i in a.generate(rng, size)]
    return tuple(i for i in found if inside(claim, i))


def claim_instances(claim_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """The checker's instances of one claim (inside its hypotheses)."""
    claim = get_claim(claim_id)
    parts = []
    structured = _structured(claim.id)
    if structured:
        parts.append(st.sampled_from(structured).map(dict))
    for adversary in claim.adversaries:
        if adversary.space is not None:
            unit = st.lists(st.floats(0.0, 1.0), min_size=adversary.space.dim, max_size=adversary.space.dim)
            parts.append(unit.map(lambda u, sp=adversary.space: sp.from_unit(np.asarray(u)))
                         .filter(lambda i, c=claim: inside(c, i)))
    if not parts:
        raise ValueError(f"{claim.id}: no adversary yields instances inside the hypotheses")
    return st.one_of(parts)


def paper_instances(paper: str) -> st.SearchStrategy[tuple[str, dict[str, Any]]]:
    """``(claim id, instance)`` over every claim of ``paper``."""
    ids = [c.id for c in all_claims(paper)]  # each claim's instances are generated only when it is drawn
    return st.sampled_from(ids).flatmap(lambda cid: claim_instances(cid).map(lambda i: (cid, i)))


# --------------------------------------------------------------------------- descent-to-delete cases
@functools.cache
def _claim_cases(claim_id: str) -> tuple[D2DCase, ...]:
    return tuple(case_from_instance(claim_id, i) for i in _structured(claim_id) if i.get("U"))


def claim_cases(claim_id: str) -> st.SearchStrategy[D2DCase]:
    """Algorithm 2 cases from the checker's structured instances of a perturbed-GD claim (smallest first)."""
    if claim_id not in case_claims():
        raise ValueError(f"{claim_id} is not one of {sorted(case_claims())}")
    cases = sorted(_claim_cases(claim_id), key=lambda c: (c.X.size, c.T, c.X.shape[1]))
    return st.sampled_from(cases)


_DYADIC = st.integers(-8, 8).map(lambda k: k / 4)


@st.composite
def d2d_cases(draw, update: bool = True, max_n: int = 5, max_d: int = 3, max_T: int = 8) -> D2DCase:
    """Random quadratic problems on boxes (Algorithm 2 if ``update``, else Algorithm 1), dyadic data in [−2, 2]."""
    d = draw(st.integers(1, max_d))
    n = draw(st.integers(2 if update else 1, max_n))
    a = [draw(st.sampled_from((0.5, 1.0, 2.0, 4.0))) for _ in range(d)]
    A = np.diag(a)
    X = np.asarray([[draw(_DYADIC) for _ in range(d)] for _ in range(n)])
    R = float(max(1.0, np.ceil(np.max(np.linalg.norm(X, axis=1)))))  # an integer radius: exact
    half = draw(st.sampled_from((0.5, 1.0, 2.0)))
    lo, hi = -half * np.ones(d), half * np.ones(d)
    theta = np.asarray([draw(st.sampled_from((-half, 0.0, half))) for _ in range(d)])
    eta = 2 / (max(a) + min(a))
    upd = None
    if update:
        if draw(st.booleans()):
            upd = ("delete", X[draw(st.integers(0, n - 1))])
        else:
            x = np.asarray([draw(_DYADIC) for _ in range(d)])
            R = float(max(R, np.ceil(np.linalg.norm(x))))
            upd = ("add", x)
    return D2DCase(A=A, R=R, lo=lo, hi=hi, X=X, theta=theta, T=draw(st.integers(0, max_T)), eta=eta,
                   sigma=draw(st.sampled_from((0.01, 0.1, 1.0))), update=upd)
