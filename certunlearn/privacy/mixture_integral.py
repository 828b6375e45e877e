"""The hockey-stick divergence of two normal mixtures on ℝ by rigorous integration: a route independent of any
privacy-loss threshold.

For P = Σ wᵢ N(mᵢ, 1) and Q = Σ vⱼ N(nⱼ, 1), δ(ε) = E_Q[(dP/dQ − e^ε)₊] = ∫ (p(x) − e^ε q(x))₊ dx (the definition,
Balle & Wang 2018, Thm 5's left-hand side; Dwork & Roth 2014, §3.5 / Barthe et al.'s hockey-stick form). Nothing
here uses where p − e^ε q changes sign: the line is cut into intervals with exact dyadic ends, and on each

- f = p − e^ε q is evaluated on the interval's ball: where it is proved > 0 the interval contributes ∫f exactly
  (normal-tail differences, erfc on balls), where proved ≤ 0 nothing;
- an undecided interval is halved, until its ∫p (an upper bound on its ∫f₊) is negligible; then it contributes
  the ball [0, ∫p];
- the two tails beyond 40 standard deviations of every mean contribute [0, their P-mass] (< 10⁻³⁴⁸).

The sum is a ball containing δ(ε). Used by the claims that check the subsampled Gaussian's closed-form profile
(:mod:`certunlearn.claims.gaussian_composition`).
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

from flint import arb, ctx

from ..numeric.enclosure import arb_upper_float, to_arb
from ..numeric.precision import workprec
from .subsampled import normal_tail

__all__ = ["mixture_hockey_stick"]

#: Every mean ± this many standard deviations is integrated; beyond, only the P-mass bounds the contribution.
_REACH = 40
_PIECES = 64
_PREC = 192


def _density(x: arb, mixture: Sequence[tuple[arb, arb]]) -> arb:
    total = arb(0)
    for weight, mean in mixture:
        d = x - mean
        total += weight * (-(d * d) / 2).exp()
    prec = ctx.prec
    root = _ROOT_2PI.get(prec)
    if root is None:
        root = _ROOT_2PI[prec] = (2 * arb.pi()).sqrt()
    return total / root


#: √(2π) as a ball per working precision (the ball ``(2 * arb.pi()).sqrt()`` gives there).
_ROOT_2PI: dict[int, arb] = {}


class _Tails:
    """Q(end − m) = :func:`~certunlearn.privacy.subsampled.normal_tail` for the component m of a mixture, remembered
    per exact end (a point ball: the dyadic ends of the intervals, which neighbours and halves share) within one
    integral at one precision; any other ball is evaluated afresh."""

    def __init__(self) -> None:
        self._memo: dict = {}

    def __call__(self, end: arb, mean: arb) -> arb:
        if end.rad() != 0:
            return normal_tail(end - mean)
        key = (end.man_exp(), id(mean))
        value = self._memo.get(key)
        if value is None:
            value = self._memo[key] = normal_tail(end - mean)
        return value


def _mass(a: arb, b: arb, mixture: Sequence[tuple[arb, arb]], tail: _Tails) -> arb:
    """The mixture's mass of (a, b]: Σ w (Q(a − m) − Q(b − m)), normal tails on balls."""
    total = arb(0)
    for weight, mean in mixture:
        total += weight * (tail(a, mean) - tail(b, mean))
    return total


def mixture_hockey_stick(epsilon, p: Sequence[tuple[object, object]], q: Sequence[tuple[object, object]],
                 relative: float = 1e-12, max_depth: int = 100) -> arb:
    """A ball containing ∫ (p − e^ε q)₊ for the unit-variance normal mixtures ``p`` and ``q`` given as
    (weight, mean) pairs of exact numbers (module docstring). Undecided intervals are halved until their total
    P-mass is below ``relative`` times the proved part (or ``max_depth`` halvings). The ball does not depend on the
    caller's precision (the integral runs at its own), so it is remembered by its exact arguments: the checker's
    precision ladder asks again for the same instance."""
    return _hockey_stick(epsilon, tuple(map(tuple, p)), tuple(map(tuple, q)), relative, max_depth)


@functools.lru_cache(maxsize=256)
def _hockey_stick(epsilon, p: tuple, q: tuple, relative: float, max_depth: int) -> arb:
    with workprec(_PREC):
        eps = to_arb(epsilon)
        pm = [(to_arb(w), to_arb(m)) for w, m in p]
        qm = [(to_arb(w), to_arb(m)) for w, m in q]
        factor = eps.exp()
        means = [m for _, m in pm + qm]
        lo = min(float(m.mid()) for m in means) - _REACH
        hi = max(float(m.mid()) for m in means) + _REACH
        lo_ball, hi_ball = arb(lo), arb(hi)
        tails = sum((w * (normal_tail(m - lo_ball) + normal_tail(hi_ball - m)) for w, m in pm), arb(0))
        width = (hi_ball - lo_ball) / _PIECES  # every end below is a dyadic rational, exact at this precision
        proved, tail = arb(0), _Tails()  # the means are these lists' objects for the whole integral
        undecided = [(lo_ball + width * i, lo_ball + width * (i + 1)) for i in range(_PIECES)]
        for _ in range(max_depth + 1):
            pending = []
            for a, b in undecided:
                ball = (a + b) / 2 + arb(0, arb_upper_float((b - a) / 2))  # contains [a, b]
                f = _density(ball, pm) - factor * _density(ball, qm)
                if f > 0:
                    proved += _mass(a, b, pm, tail) - factor * _mass(a, b, qm, tail)
                elif f.upper() > 0:  # not proved ≤ 0: undecided
                    pending.append((a, b))
            rest = sum((_mass(a, b, pm, tail) for a, b in pending), arb(0)) + tails
            if not pending or (proved > 0 and rest.upper() <= proved.lower() * relative):
                break
            undecided = [half for a, b in pending for half in ((a, (a + b) / 2), ((a + b) / 2, b))]
        upper = arb_upper_float(rest)
        return proved + arb(upper / 2, upper / 2)
