"""Rigorous enclosures of the active unlearning maps' outputs (Algorithms 1 and 2 of ``papers/004_d584c64aaf1f17d0.txt``,
lines 667–681 and 719–729), for the shift ``‖map(w_(R∪U)) − w_R‖`` the checker decides on.

The maps run on certified minimisers (a point and a radius, :class:`~.erm.Fit`) of losses that are not rational
(the logistic loss of Example G.3), so their output is known only through an enclosure. Two kinds:

* **a contraction iterated** (:func:`contraction_run`, Algorithm 1: I_R projected gradient steps on F̂_R with
  η_R = 2/(λ_R + β_R), a γ_R-contraction on W by Fact 2, line 415, since the projection is non-expansive): evaluating
  the I steps in ball arithmetic on a ball would widen it by up to (1 + ηβ) per step. Instead each step is evaluated
  in ball arithmetic at an *exact* point θ̃_(t−1) — a dyadic vector inside the domain — and the true iterate is
  tracked by the a-posteriori bound ``e_t = γ e_(t−1) + ‖G(θ̃_(t−1)) − θ̃_t‖``: the true map ``θ_t = G(θ_(t−1))``
  gives ``‖θ_t − θ̃_t‖ ≤ ‖G(θ_(t−1)) − G(θ̃_(t−1))‖ + ‖G(θ̃_(t−1)) − θ̃_t‖``, where θ̃_t is the ball's midpoint
  (moved into the domain if it fell outside: the contraction factor holds on the domain only), so the second term
  is at most the ball's radius plus the move. ``e_0`` is the fit's radius.
* **one step evaluated on a ball** (Algorithm 2's Newton step): the map evaluated in ball arithmetic on the box
  around the certified minimiser, the linear solve by ``arb_mat.solve`` — an enclosure of the map's value at every
  point of the box, the true minimiser among them.

Every bound is rational and rounded up; nothing rests on an unverified rounding allowance.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from flint import arb, arb_mat, ctx

from ...errors import InvalidParameterError
from ...numeric import linalg as la
from ...numeric.enclosure import arb_upper_float, to_arb
from ...numeric.fraction import Fraction
from ...problems.domains import Ball, Whole
from .numeric import fraction_sqrt_upper

__all__ = ["ball_vector", "point_vector", "exact_vector", "radius_norm", "into_domain", "project", "contraction_run",
           "solve", "distance"]

#: The least working precision of an enclosed run (bits; about 60 digits — the certified minimisers' radii are
#: ~10⁻⁵⁰, so rounding at this precision is far below them)
MIN_PREC = 200


def _exact(v: Any) -> Fraction:
    """A number's exact value (an arb ball's midpoint)."""
    if isinstance(v, arb):
        man, exp = v.mid().man_exp()
        return Fraction(int(man)) * (Fraction(2) ** int(exp))
    return la.to_mode(np.asarray([v], dtype=object), "fraction")[0]  # a float or mpf: its exact binary value


def exact_vector(q: Any) -> np.ndarray:
    """A vector's exact values (Fractions, ints, floats or mpf, each read as its exact value; arb: midpoints)."""
    return np.asarray([_exact(v) for v in np.ravel(np.asarray(q, dtype=object))], dtype=object)


def point_vector(q: Any) -> np.ndarray:
    """An exact vector (see :func:`exact_vector`) as arb balls."""
    return np.asarray([to_arb(v) for v in exact_vector(q)], dtype=object)


def ball_vector(q: Any, radius: Fraction) -> np.ndarray:
    """The box ``q ± radius`` in each coordinate (it contains the Euclidean ball of that radius)."""
    rad = arb(0, arb_upper_float(to_arb(radius))) if radius else arb(0)
    return np.asarray([v + rad for v in point_vector(q)], dtype=object)


def radius_norm(v: np.ndarray) -> Fraction:
    """A rational ≥ the Euclidean norm of the vector of the balls' radii (≥ the distance of any point of the box
    from its midpoint)."""
    s = sum((_exact(arb(x.rad())) ** 2 for x in v), Fraction(0))
    return fraction_sqrt_upper(s, ctx.prec)


def _sqnorm(q: np.ndarray) -> Fraction:
    return sum((v * v for v in q), Fraction(0))


def into_domain(q: np.ndarray, domain: Any) -> tuple[np.ndarray, Fraction]:
    """An exact point of the domain near ``q`` and a rational ≥ its distance from q: q itself inside; for a ball,
    q − c scaled by a dyadic factor f ≤ radius/‖q − c‖."""
    if isinstance(domain, Whole):
        return q, Fraction(0)
    if not isinstance(domain, Ball):
        raise InvalidParameterError("domain", f"no enclosed run on {type(domain).__name__} (a Ball or Whole only)")
    c = np.asarray(domain.center if domain.center is not None else [Fraction(0)] * len(q), dtype=object)
    s = _sqnorm(q - c)
    r = domain.radius
    if s <= r * r:
        return q, Fraction(0)
    norm_hi = fraction_sqrt_upper(s, ctx.prec)
    f = r / norm_hi  # f·‖q − c‖ ≤ r
    return c + (q - c) * f, (1 - f) * norm_hi


def project(v: np.ndarray, domain: Any) -> np.ndarray:
    """Euclidean projection onto the domain, in ball arithmetic: v where ‖v − c‖ ≤ radius is decided, else
    c + (v − c)·radius/‖v − c‖ — which also covers the points of v inside the ball when that is undecided: there
    the factor's enclosure contains 1."""
    if isinstance(domain, Whole):
        return v
    if not isinstance(domain, Ball):
        raise InvalidParameterError("domain", f"no enclosed run on {type(domain).__name__} (a Ball or Whole only)")
    c = point_vector(domain.center) if domain.center is not None else np.asarray([arb(0)] * len(v), dtype=object)
    u = v - c
    r = to_arb(domain.radius)
    n2 = sum((x * x for x in u), arb(0))
    return v if n2 <= r * r else c + u * (r / n2.sqrt())


def contraction_run(step: Callable[[np.ndarray], np.ndarray], theta0: np.ndarray, radius0: Fraction,
                    gamma: Fraction, T: int, domain: Any) -> tuple[np.ndarray, Fraction]:
    """``T`` steps of a map G that is a γ-contraction on ``domain`` and maps it into itself, from a point known as
    ``theta0`` (exact) within ``radius0``: returns an exact point θ̃_T of the domain and a rational ``e_T ≥ ‖θ_T −
    θ̃_T‖`` (see the module docstring). ``step`` evaluates G in ball arithmetic at an exact point given as arb balls."""
    if not 0 <= gamma < 1:
        raise InvalidParameterError("gamma", f"a contraction factor must lie in [0, 1), got {gamma}")
    theta, moved = into_domain(exact_vector(theta0), domain)
    e = Fraction(radius0) + moved
    for _ in range(T):
        v = step(point_vector(theta))
        if not all(x.is_finite() for x in v):
            raise ArithmeticError("an enclosed step is not finite")
        theta, moved = into_domain(exact_vector(v), domain)
        e = gamma * e + radius_norm(v) + moved
    return theta, e


def solve(H: np.ndarray, g: np.ndarray) -> np.ndarray:
    """``H⁻¹g`` enclosed (``arb_mat.solve``: an error where H is not certified invertible)."""
    d = len(g)
    try:
        x = arb_mat([[H[i, j] for j in range(d)] for i in range(d)]).solve(arb_mat([[g[i]] for i in range(d)]))
    except ZeroDivisionError as exc:
        raise ArithmeticError("the Newton step's Hessian is not certified invertible") from exc
    return np.asarray([x[i, 0] for i in range(d)], dtype=object)


def distance(a: np.ndarray, b: np.ndarray, radius: Fraction) -> arb:
    """``‖a − b‖ ± radius`` for exact vectors a, b (an enclosure of ‖x − y‖ for any x, y within radius in total)."""
    q = _sqnorm(np.asarray(a, dtype=object) - np.asarray(b, dtype=object))
    out = to_arb(q).sqrt()
    return out + arb(0, arb_upper_float(to_arb(radius))) if radius else out
