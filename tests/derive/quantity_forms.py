"""A claim's closed-form quantity (``Claim.quantity_expr``, the expression its derivation's start is checked against)
must be *true*: at instances of the claim's own adversaries, inside its hypotheses, it encloses the same number as the
claim's quantity. Shared by the per-paper tests ``test_<key>_proofs.py``.

The two sides take different routes — the quantity runs the claim's code (a brute force, a privacy profile, an
algorithm), the closed form is the sympy expression evaluated by :func:`certunlearn.numeric.sympy_arb.arb_eval` — and
are compared on arb enclosures at 256 bits: they must overlap, and each be narrow (a wide ball proves nothing).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import sympy
from flint import arb

from certunlearn.numeric.enclosure import Decision, to_arb
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval


def instances(claim, per_adversary: int = 4, seed: int = 0) -> list[dict]:
    """A few instances of every adversary of ``claim`` (structured ones drawn, search ones at random points)."""
    rng = np.random.default_rng(seed)
    out: list[dict] = []
    for adv in claim.adversaries:
        if adv.generate is not None:
            out += list(itertools.islice(adv.generate(rng, per_adversary), per_adversary))
        else:
            out += [adv.space.from_unit(rng.random(adv.space.dim)) for _ in range(per_adversary)]
    return out


def inside(claim, instance: dict) -> bool:
    return all(h.decide(instance) is Decision.TRUE for h in claim.hypotheses)


def agree(claim, instance: dict, expr=None) -> bool:
    """The claim's quantity and ``expr`` (default: its ``quantity_expr``) enclose the same value at ``instance``."""
    expr = claim.quantity_expr if expr is None else expr
    with workprec(256):
        values = claim.with_prescribed(instance)
        q = to_arb(claim.quantity(values))
        e = arb_eval(expr, values)
        assert q.is_finite() and e.is_finite(), (claim.id, instance, q, e)
        tol = arb(2) ** -100 * (1 + abs(e).upper())
        assert q.rad() < tol and e.rad() < tol, (claim.id, q, e)  # narrow: an overlap then means equal to ~30 digits
        return bool((q - e).contains(0))


def checked_instances(claim, minimum: int = 3) -> list[dict]:
    """The instances inside the hypotheses; at least ``minimum`` of them (else the test proves nothing)."""
    got = [inst for inst in instances(claim) if inside(claim, inst)]
    assert len(got) >= minimum, (claim.id, len(got))
    return got


def start_statuses(claim_id: str, wrong: Callable[[sympy.Expr], sympy.Expr], index: int | None = None) -> tuple[str, str]:
    """The start status of ``claim_id``'s derivation cut to its start alone (one trivial step from the chain's first
    expression, ``index`` or the chain's start), and of the same with its symbolic run replaced by ``wrong(first)``
    (e.g. a 0.1 % larger constant): ``(START_CHECKED, START_MISMATCH)`` when the start check tells them apart."""
    import dataclasses

    from certunlearn.claims import get_claim
    from certunlearn.derive import SymbolicStart, check_derivation, find_derivation, step

    claim = get_claim(claim_id)
    d = find_derivation(claim)
    first = d.steps[d.chain_start if index is None else index].lhs
    d = dataclasses.replace(d, steps=(step(first, "==", first, "the start"),))
    off = dataclasses.replace(d, symbolic_start=SymbolicStart(lambda: wrong(first), "a wrong run"))
    return check_derivation(d, claim).start_status, check_derivation(off, claim).start_status
