"""argmin over a Euclidean ball of an anisotropic diagonal quadratic, enclosed (issue 23: the d2d accuracy claims on
Θ = {‖θ‖ ≤ r} with A ≠ aI).

The accuracy event of d2d Theorems 3.1, 3.4, 3.5 and Remark 3.6 (``papers/002_7f80bf4846a5a6af.txt`` lines 205–209,
287–290, 318–330; Definition 2.7, line 121; Θ any convex closed set, §2.1 line 117) needs θ* = argmin_Θ f_D for
f_D(θ) = ½(θ − x̄)ᵀdiag(a)(θ − x̄) + const. If ‖x̄‖ ≤ r, θ* = x̄. Otherwise the KKT conditions give
θ(ν) = (A + νI)⁻¹Ax̄, θ_k(ν) = a_k x̄_k/(a_k + ν), with ν > 0 the unique root of ‖θ(ν)‖² = r² (‖θ(ν)‖ is strictly
decreasing in ν ≥ 0 when x̄ ≠ 0). ‖θ(ν)‖² is rational at a rational ν, so ν is bracketed by an exact bisection on
dyadic rationals, and each θ_k(ν) is monotone in ν: θ*_k lies between θ_k(ν_lo) and θ_k(ν_hi).
"""
from __future__ import annotations

from collections.abc import Sequence

from flint import arb, ctx

from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction

__all__ = ["ball_argmin", "secular_bracket"]


def _theta(a: Sequence[Fraction], xbar: Sequence[Fraction], nu: Fraction) -> list[Fraction]:
    return [ak * xk / (ak + nu) for ak, xk in zip(a, xbar)]


def _sq(v: Sequence[Fraction]) -> Fraction:
    return sum((x * x for x in v), Fraction(0))


def secular_bracket(a: Sequence[Fraction], xbar: Sequence[Fraction], r: Fraction, bits: int) -> tuple[Fraction, Fraction]:
    """Rationals ν_lo < ν_hi, ν_hi − ν_lo ≤ 2^-bits·max(1, ν_hi), with ‖θ(ν_lo)‖ > r ≥ ‖θ(ν_hi)‖ (‖x̄‖ > r)."""
    r2 = r * r
    if _sq(xbar) <= r2:
        raise ValueError("x̄ lies in the ball: θ* = x̄, no multiplier")
    lo, hi = Fraction(0), Fraction(1)
    while _sq(_theta(a, xbar, hi)) > r2:
        lo, hi = hi, 2 * hi
    tol = Fraction(1, 2**bits) * max(Fraction(1), hi)
    while hi - lo > tol:
        mid = (lo + hi) / 2
        if _sq(_theta(a, xbar, mid)) > r2:
            lo = mid
        else:
            hi = mid
    return lo, hi


def ball_argmin(a: Sequence[Fraction], xbar: Sequence[Fraction], r: Fraction) -> list[Fraction | arb]:
    """θ* = argmin_{‖θ‖ ≤ r} ½(θ − x̄)ᵀdiag(a)(θ − x̄): x̄ itself (exact) inside the ball, else an enclosure per
    coordinate at the working precision."""
    if _sq(xbar) <= r * r:
        return list(xbar)
    lo, hi = secular_bracket(a, xbar, r, ctx.prec + 16)
    return [to_arb(u).union(to_arb(v)) for u, v in zip(_theta(a, xbar, lo), _theta(a, xbar, hi))]
