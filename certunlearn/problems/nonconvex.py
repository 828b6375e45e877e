"""Nonconvex loss families with verified global constants, for Rewind-to-Delete (r2d).

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt`` (Mu & Klabjan, "Rewind-to-Delete"). Theorem 3.1
(lines 133–147) assumes for every sample z that ``f_z`` is "L-Lipschitz smooth and the gradient is
uniformly bounded by some constant G so that ‖∇f_z(θ)‖ < G for all θ ∈ Θ" (line 135); Corollaries 3.5/3.6
(lines 175–197) add the PL inequality (Definition 3.4, line 171) for ``f_{D'}``.

**Naming.** These families follow the protocol of :mod:`.losses` exactly, so the declared constants carry
the names of that module: ``L`` = sup ‖∇ℓ‖ (the paper's **G**), ``M`` = sup ‖∇²ℓ‖ (the paper's smoothness
**L**), ``m`` = inf λ_min(∇²ℓ) (negative here: the losses are nonconvex — ``−m`` is a weak-convexity
modulus), ``G`` = sup ‖∇³ℓ‖ (Hessian-Lipschitz). :func:`certunlearn.algorithms.r2d.paper_constants`
translates to the paper's ``(L, G)``.

Families (all exact: value, gradient, Hessian and third derivative in float64, mpmath, arb, and — for the
rational one — Fraction):

* :class:`WelschRegression` — ``ℓ(θ; (x, y)) = (c²/2)(1 − exp(−(⟨x,θ⟩ − y)²/c²))`` (Welsch / Leclerc robust
  regression), ``‖x‖ ≤ R``, ``|y| ≤ Y``. Global constants (any Θ): ``L = R c/√(2e)``, ``M = R²``,
  ``m = −2e^{−3/2} R²``, ``G = κ₃ R³/c`` with ``κ₃ = √(12(3 − √6))·e^{−(3−√6)/2} ≈ 1.9518``.
* :class:`CosLinear` — one-dimensional ``ℓ(θ; x) = a cos(ωθ) + xθ``, ``|x| ≤ R``: infinitely many local
  minima; global ``L = aω + R``, ``M = aω²``, ``m = −aω²``, ``G = aω³``.
* :class:`ConcaveQuadratic` — ``ℓ(θ; x) = −(λ/2)‖θ − x‖²`` on a bounded Θ (``B = sup‖θ‖``): ``L = λ(B + R)``
  (∞ on the whole space), ``M = λ``, ``m = −λ``, ``G = 0``. Rational: runs exactly in Fractions. Gradient
  descent on it *expands* distances by exactly ``1 + ηλ`` per step — the worst case of Lemma B.3 (line 433).
* :class:`SinePL` — one-dimensional nonlinear least squares ``ℓ(θ; x) = ½(θ + κ sin θ − x)²``, ``0 ≤ κ < 1``,
  ``|x| ≤ R``: every empirical risk satisfies the PL inequality with ``μ = (1 − κ)²`` and
  ``f* = ½·(1/n)Σ(x_i − x̄)²`` (see :meth:`SinePL.pl_constant`); nonconvex when ``κ(B + κ + R) > (1 − κ)²``.
  Constants on Θ: ``L = (1+κ)(B+κ+R)``, ``M = (1+κ)² + κ(B+κ+R)``, ``m = (1−κ)² − κ(B+κ+R)``,
  ``G = 3κ(1+κ) + κ(B+κ+R)``.
* linear losses are :class:`certunlearn.problems.losses.Linear` (``M = 0``: L-smooth for every L > 0).

A gradient bound that needs a bounded Θ (ConcaveQuadratic, SinePL) holds only while the iterates stay in Θ:
the r2d algorithms check that (the descent in the paper is unprojected).

Reductions (:class:`~.losses.Reduction`) use only **nonnegative** box variables (|ψ|, |ψ'|, the negative
part of ψ', |sin|, |cos| …), so both the symbolic proof and the interval branch-and-bound of
:mod:`.verify` apply.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import mpmath
import numpy as np
import sympy

from ..errors import AssumptionViolatedError, InvalidParameterError
from ..numeric.fraction import Fraction
from .domains import Domain
from .losses import (
    B, LossFamily, R, Reduction, Y, check_nonneg, farthest_and_direction, identity_in, set_fields_exact, map_entries, sympy_rational, scalar_in, unit_vector,
    zeros_in, lam,
)

__all__ = [
    "WelschRegression", "CosLinear", "ConcaveQuadratic", "SinePL", "NONCONVEX_FAMILIES",
    "c", "a", "omega", "kappa", "WELSCH_K3",
]

# --------------------------------------------------------------------------- parameter symbols
c = sympy.Symbol("c", positive=True)  # Welsch scale
a = sympy.Symbol("a", positive=True)  # CosLinear amplitude
omega = sympy.Symbol("omega", positive=True)  # CosLinear frequency
kappa = sympy.Symbol("kappa", nonnegative=True)  # SinePL amplitude, 0 ≤ κ < 1

#: ``sup_u |u(4u² − 6)| e^{−u²} = √(12(3 − √6))·e^{−(3−√6)/2}`` (at ``u² = (3 − √6)/2``): the bound
#: ``|ψ''(r)| ≤ κ₃/c`` of the Welsch score ``ψ(r) = r e^{−r²/c²}``.
WELSCH_K3 = sympy.sqrt(12 * (3 - sympy.sqrt(6))) * sympy.exp(-(3 - sympy.sqrt(6)) / 2)
_HALF = sympy.Rational(1, 2)

# reduction variables — all nonnegative
_r = sympy.Symbol("r", nonnegative=True)  # ‖x‖
_b = sympy.Symbol("b", nonnegative=True)  # ‖θ‖
_q = sympy.Symbol("q", nonnegative=True)
_q1 = sympy.Symbol("q1", nonnegative=True)
_q2 = sympy.Symbol("q2", nonnegative=True)
_q3 = sympy.Symbol("q3", nonnegative=True)
_s = sympy.Symbol("s", nonnegative=True)


# --------------------------------------------------------------------------- elementwise functions
def _fn(t: np.ndarray, mode: str, name: str) -> np.ndarray:
    """``exp``/``sin``/``cos`` elementwise in float64, mpmath or arb."""
    if mode == "float":
        return getattr(np, name)(t)
    if mode == "arb":
        return map_entries(lambda v: getattr(v, name)(), t)
    f = getattr(mpmath, name)
    return map_entries(f, t)


def _frac(v: float) -> Fraction:
    """A float as an exact Fraction (dyadic)."""
    return Fraction(float(v))


def _clamp(v: Fraction, bound: Fraction) -> Fraction:
    return min(max(v, -bound), bound)


def _in_domain(domain: Domain, theta: np.ndarray) -> bool:
    try:
        return bool(domain.contains(theta))
    except InvalidParameterError:
        return False


# =========================================================================== Welsch robust regression
@dataclass(frozen=True)
class WelschRegression(LossFamily):
    """``ℓ(θ; (x, y)) = (c²/2)(1 − exp(−r²/c²))``, ``r = ⟨x, θ⟩ − y``, with ``‖x‖ ≤ R``, ``|y| ≤ Y``.

    With the score ``ψ(r) = r e^{−r²/c²}``: ``∇ℓ = ψ(r) x``, ``∇²ℓ = ψ'(r) x xᵀ``, ``∇³ℓ[v] = ψ''(r)⟨x,v⟩ x xᵀ``;
    ``|ψ| ≤ c/√(2e)`` (at ``r² = c²/2``), ``ψ' ∈ [−2e^{−3/2}, 1]`` (min at ``r² = 3c²/2``), ``|ψ''| ≤ κ₃/c``.
    Declared on any Θ (global): ``L = R c/√(2e)``, ``M = R²``, ``m = −2e^{−3/2}R²``, ``G = κ₃R³/c``."""

    label_kind: ClassVar[str] = "interval"

    c: Fraction
    R: Fraction
    Y: Fraction
    key: ClassVar[str] = "welsch"
    rational: ClassVar[bool] = False

    def __post_init__(self) -> None:
        set_fields_exact(self, c=self.c, R=self.R, Y=self.Y)
        check_nonneg("c", self.c, strict=True)
        check_nonneg("R", self.R, strict=True)
        check_nonneg("Y", self.Y)

    @property
    def data_assumptions(self) -> tuple[str, ...]:
        return ("finite data", "‖x‖ ≤ R", "|y| ≤ Y")

    def _check_labels(self, y):
        for i, v in enumerate(y):
            if abs(v) > self.Y:
                raise AssumptionViolatedError("|y| ≤ Y", f"label {i} is {float(v):.17g}, |y| > Y = {self.Y}")

    def params(self):
        return {R: sympy_rational(self.R), Y: sympy_rational(self.Y), c: sympy_rational(self.c)}

    def _declared(self):
        return {"L": R * c * sympy.exp(-_HALF) / sympy.sqrt(2), "M": R**2,
                "m": -2 * sympy.exp(-3 * _HALF) * R**2, "G": WELSCH_K3 * R**3 / c}

    # -- evaluation
    def _res(self, mode, theta, X, y):
        return X @ theta - y

    def _values(self, mode, theta, X, y):
        r = self._res(mode, theta, X, y)
        cc = scalar_in(self.c, mode)
        return cc * cc / 2 * (1 - _fn(-(r * r) / (cc * cc), mode, "exp"))

    def _psi(self, mode, r):
        cc = scalar_in(self.c, mode)
        e = _fn(-(r * r) / (cc * cc), mode, "exp")
        return r * e, (1 - 2 * r * r / (cc * cc)) * e, r * (4 * r * r / (cc * cc) - 6) / (cc * cc) * e

    def _grads(self, mode, theta, X, y):
        psi, _, _ = self._psi(mode, self._res(mode, theta, X, y))
        return psi[:, None] * X

    def _risk_hessian(self, mode, theta, X, y):
        n = X.shape[0]
        _, dpsi, _ = self._psi(mode, self._res(mode, theta, X, y))
        return (X * dpsi[:, None]).T @ X / n

    def _third(self, mode, theta, x, y, v):
        r = np.asarray([x @ theta - y], dtype=object if mode != "float" else float)
        _, _, d2 = self._psi(mode, r)
        return d2[0] * (x @ v) * np.outer(x, x)

    def risk_smoothness_bound(self, X, y=None) -> Fraction:
        Xf = self._exact_rows(X)
        return sum((v * v for v in Xf.flat), Fraction(0)) / Xf.shape[0]

    def expression(self, d, symbolic=False):
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        cv = c if symbolic else sympy_rational(self.c)
        r = sum(x * t for x, t in zip(xs, th)) - yv
        return cv**2 / 2 * (1 - sympy.exp(-r**2 / cv**2)), th, xs, yv

    def reduction(self, name, domain):
        if name == "L":
            return Reduction("sup", _r * _q, ((_r, 0, R), (_q, 0, c * sympy.exp(-_HALF) / sympy.sqrt(2))),
                             "∇ℓ = ψ(r)x with |ψ(r)| = |r|e^{−r²/c²} ≤ c/√(2e) (maximum at r² = c²/2)")
        if name == "M":
            return Reduction("sup", _q * _r**2, ((_q, 0, 1), (_r, 0, R)),
                             "∇²ℓ = ψ'(r)xxᵀ, ‖∇²ℓ‖ = |ψ'(r)|‖x‖² with |ψ'(r)| = |1 − 2u|e^{−u} ≤ 1, u = r²/c²")
        if name == "m":
            return Reduction("inf", -_q * _r**2, ((_q, 0, 2 * sympy.exp(-3 * _HALF)), (_r, 0, R)),
                             "λ_min(ψ'(r)xxᵀ) ≥ −q‖x‖² with q = max(−ψ'(r), 0) ≤ 2e^{−3/2} "
                             "((1 − 2u)e^{−u} is smallest at u = r²/c² = 3/2)")
        return Reduction("sup", _q * _r**3, ((_q, 0, WELSCH_K3 / c), (_r, 0, R)),
                         "‖∇³ℓ[v]w‖ = |ψ''(r)||⟨x,v⟩||⟨x,w⟩|‖x‖ ≤ |ψ''(r)|‖x‖³‖v‖‖w‖, "
                         "|ψ''(r)| = |u(4u² − 6)|e^{−u²}/c ≤ κ₃/c (u = r/c, maximum at u² = (3 − √6)/2)")

    def witnesses(self, name, domain, d):
        cf = float(self.c)
        target = {"L": cf / math.sqrt(2), "M": 0.0, "m": cf * math.sqrt(1.5),
                  "G": cf * math.sqrt((3 - math.sqrt(6)) / 2)}[name]
        u = unit_vector(d)
        x = self.R * u
        centre = domain.centre(d)
        out = []
        # (a) θ at the centre, the label placing the residual at the extremal value
        inner = sum((p * q for p, q in zip(x, centre)), Fraction(0))
        out.append({"theta": centre, "x": x, "y": _clamp(inner - _frac(target), self.Y), "v": u, "w": u})
        # (b) y = 0 and θ = t·u with R t = target
        th = u * (_frac(target) / self.R)
        if _in_domain(domain, th):
            out.append({"theta": th, "x": x, "y": Fraction(0), "v": u, "w": u})
        return out


# =========================================================================== cos-plus-linear (1-d)
@dataclass(frozen=True)
class CosLinear(LossFamily):
    """One-dimensional ``ℓ(θ; x) = a cos(ωθ) + xθ`` with ``|x| ≤ R`` (labels unused).

    ``ℓ' = −aω sin(ωθ) + x``, ``ℓ'' = −aω² cos(ωθ)``, ``ℓ''' = aω³ sin(ωθ)``: nonconvex with local minima
    every ``2π/ω``; declared globally ``L = aω + R``, ``M = aω²``, ``m = −aω²``, ``G = aω³``."""

    R: Fraction
    a: Fraction = Fraction(1)
    omega: Fraction = Fraction(1)
    key: ClassVar[str] = "coslinear"
    rational: ClassVar[bool] = False
    uses_labels: ClassVar[bool] = False

    def __post_init__(self) -> None:
        set_fields_exact(self, R=self.R, a=self.a, omega=self.omega)
        check_nonneg("R", self.R, strict=True)
        check_nonneg("a", self.a, strict=True)
        check_nonneg("omega", self.omega, strict=True)

    @property
    def dim(self) -> int:
        return 1

    def params(self):
        return {R: sympy_rational(self.R), a: sympy_rational(self.a), omega: sympy_rational(self.omega)}

    def _declared(self):
        return {"L": a * omega + R, "M": a * omega**2, "m": -a * omega**2, "G": a * omega**3}

    def _values(self, mode, theta, X, y):
        aa, w = scalar_in(self.a, mode), scalar_in(self.omega, mode)
        t = theta[0]
        return aa * _fn(np.asarray([w * t], dtype=X.dtype), mode, "cos")[0] + X[:, 0] * t

    def _grads(self, mode, theta, X, y):
        aa, w = scalar_in(self.a, mode), scalar_in(self.omega, mode)
        s = _fn(np.asarray([w * theta[0]], dtype=X.dtype), mode, "sin")[0]
        return X - aa * w * s

    def _risk_hessian(self, mode, theta, X, y):
        aa, w = scalar_in(self.a, mode), scalar_in(self.omega, mode)
        co = _fn(np.asarray([w * theta[0]], dtype=X.dtype), mode, "cos")[0]
        out = zeros_in((1, 1), mode)
        out[0, 0] = -aa * w * w * co
        return out

    def _third(self, mode, theta, x, y, v):
        aa, w = scalar_in(self.a, mode), scalar_in(self.omega, mode)
        s = _fn(np.asarray([w * theta[0]], dtype=object if mode != "float" else float), mode, "sin")[0]
        out = zeros_in((1, 1), mode)
        out[0, 0] = aa * w * w * w * s * v[0]
        return out

    def risk_smoothness_bound(self, X=None, y=None) -> Fraction:
        return self.a * self.omega**2

    def expression(self, d, symbolic=False):
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        av, wv = (a, omega) if symbolic else (sympy_rational(self.a), sympy_rational(self.omega))
        return av * sympy.cos(wv * th[0]) + xs[0] * th[0], th, xs, yv

    def reduction(self, name, domain):
        if name == "L":
            return Reduction("sup", a * omega * _q + _r, ((_q, 0, 1), (_r, 0, R)),
                             "|ℓ'| = |−aω sin(ωθ) + x| ≤ aω|sin(ωθ)| + |x|")
        if name == "M":
            return Reduction("sup", a * omega**2 * _q, ((_q, 0, 1),), "|ℓ''| = aω²|cos(ωθ)|")
        if name == "m":
            return Reduction("inf", -a * omega**2 * _q, ((_q, 0, 1),), "ℓ'' = −aω²cos(ωθ) ≥ −aω²|cos(ωθ)|")
        return Reduction("sup", a * omega**3 * _q, ((_q, 0, 1),), "|ℓ'''| = aω³|sin(ωθ)|")

    def witnesses(self, name, domain, d):
        w = float(self.omega)
        one = unit_vector(1)
        pts = []
        if name == "L":
            for th, x in ((-math.pi / (2 * w), self.R), (math.pi / (2 * w), -self.R),
                          (3 * math.pi / (2 * w), self.R), (-3 * math.pi / (2 * w), -self.R)):
                pts.append((_frac(th), x))
        elif name in ("M", "m"):
            pts = [(Fraction(0), Fraction(0)), (_frac(2 * math.pi / w), Fraction(0)), (_frac(math.pi / w), Fraction(0))]
        else:
            pts = [(_frac(math.pi / (2 * w)), Fraction(0)), (_frac(-math.pi / (2 * w)), Fraction(0))]
        out = []
        for th, x in pts:
            theta = np.asarray([th], dtype=object)
            if not _in_domain(domain, theta):
                continue
            out.append({"theta": theta, "x": np.asarray([x], dtype=object), "y": None, "v": one, "w": one})
        if not out:
            th0 = pts[0][0]
            out.append({"theta": np.asarray([th0], dtype=object), "x": np.asarray([pts[0][1]], dtype=object),
                        "y": None, "v": one, "w": one})
        return out


# =========================================================================== concave quadratic
@dataclass(frozen=True)
class ConcaveQuadratic(LossFamily):
    """``ℓ(θ; x) = −(λ/2)‖θ − x‖²`` with ``‖x‖ ≤ R`` (labels unused), for a bounded Θ.

    ``∇ℓ = −λ(θ − x)``, ``∇²ℓ = −λI``: declared ``L = λ(B + R)`` (``B = sup_{θ∈Θ}‖θ‖``; ∞ on R^d), ``M = λ``,
    ``m = −λ``, ``G = 0``. Rational: Fraction input stays exact. Gradient descent expands every distance by
    exactly ``1 + ηλ`` per step (the equality case of Lemma B.3, line 433)."""

    lam: Fraction
    R: Fraction
    key: ClassVar[str] = "concave-quadratic"
    uses_labels: ClassVar[bool] = False

    def __post_init__(self) -> None:
        set_fields_exact(self, lam=self.lam, R=self.R)
        check_nonneg("lam", self.lam, strict=True)
        check_nonneg("R", self.R, strict=True)

    def params(self):
        return {R: sympy_rational(self.R), lam: sympy_rational(self.lam)}

    def _declared(self):
        return {"L": lam * (B + R), "M": lam, "m": -lam, "G": sympy.S.Zero}

    def _values(self, mode, theta, X, y):
        diff = theta[None, :] - X
        return -scalar_in(self.lam, mode) * np.sum(diff * diff, axis=1) / 2

    def _grads(self, mode, theta, X, y):
        return -scalar_in(self.lam, mode) * (theta[None, :] - X)

    def _risk_hessian(self, mode, theta, X, y):
        return -scalar_in(self.lam, mode) * identity_in(X.shape[1], mode)

    def risk_smoothness_bound(self, X=None, y=None) -> Fraction:
        return self.lam

    def expression(self, d, symbolic=False):
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        lv = lam if symbolic else sympy_rational(self.lam)
        return -lv * sum((t - x) ** 2 for t, x in zip(th, xs)) / 2, th, xs, yv

    def reduction(self, name, domain):
        if name == "L":
            return Reduction("sup", lam * (_b + _r), ((_b, 0, B), (_r, 0, R)), "‖λ(θ − x)‖ ≤ λ(‖θ‖ + ‖x‖)")
        if name == "M":
            return Reduction("sup", lam, (), "∇²ℓ = −λI, ‖∇²ℓ‖ = λ")
        if name == "m":
            return Reduction("inf", -lam, (), "∇²ℓ = −λI")
        return Reduction("sup", sympy.S.Zero, (), "ℓ is quadratic in θ: ∇³ℓ = 0", polynomial=True)

    def witnesses(self, name, domain, d):
        cen = domain.centre(d)
        if name == "L":
            th, u = farthest_and_direction(domain, d)
            return [{"theta": th, "x": -self.R * u, "y": None, "v": unit_vector(d), "w": unit_vector(d)}]
        return [{"theta": cen, "x": zeros_in(d, "fraction"), "y": None, "v": unit_vector(d), "w": unit_vector(d)}]


# =========================================================================== PL nonlinear least squares
@dataclass(frozen=True)
class SinePL(LossFamily):
    """One-dimensional nonlinear least squares ``ℓ(θ; x) = ½(φ(θ) − x)²``, ``φ(θ) = θ + κ sin θ``,
    ``0 ≤ κ < 1``, ``|x| ≤ R`` (labels unused; x is the target).

    **PL for every dataset** (Definition 3.4, line 171): ``f_D(θ) = ½(φ(θ) − x̄)² + ½·var(x)`` with
    ``φ' = 1 + κ cos θ ∈ [1 − κ, 1 + κ]`` and φ a bijection of R, so ``f* = ½·var(x)`` (attained at
    ``φ^{-1}(x̄)``) and ``½|f_D'|² = φ'²·½(φ − x̄)² ≥ (1 − κ)²(f_D − f*)``: ``μ = (1 − κ)²``.
    Nonconvex: ``ℓ'' = φ'² + φ''(φ − x)`` with ``φ'' = −κ sin θ`` is negative e.g. at ``θ = π/2``, ``x = −R``
    when ``κ(π/2 + κ + R) > 1``.

    Declared on Θ (``B = sup‖θ‖``): ``L = (1+κ)(B+κ+R)``, ``M = (1+κ)² + κ(B+κ+R)``,
    ``m = (1−κ)² − κ(B+κ+R)``, ``G = 3κ(1+κ) + κ(B+κ+R)`` (∞ on R)."""

    kappa: Fraction
    R: Fraction
    key: ClassVar[str] = "sine-pl"
    rational: ClassVar[bool] = False
    uses_labels: ClassVar[bool] = False

    def __post_init__(self) -> None:
        set_fields_exact(self, kappa=self.kappa, R=self.R)
        check_nonneg("kappa", self.kappa)
        if self.kappa >= 1:
            raise InvalidParameterError("kappa", f"must be < 1 (φ' = 1 + κ cos θ > 0), got {self.kappa}")
        check_nonneg("R", self.R, strict=True)

    @property
    def dim(self) -> int:
        return 1

    def params(self):
        return {R: sympy_rational(self.R), kappa: sympy_rational(self.kappa)}

    def _declared(self):
        w = B + kappa + R  # bound on |φ(θ) − x|
        return {"L": (1 + kappa) * w, "M": (1 + kappa) ** 2 + kappa * w, "m": (1 - kappa) ** 2 - kappa * w,
                "G": 3 * kappa * (1 + kappa) + kappa * w}

    # -- evaluation
    def _parts(self, mode, theta):
        k = scalar_in(self.kappa, mode)
        t = np.asarray([theta[0]], dtype=theta.dtype)
        s, co = _fn(t, mode, "sin")[0], _fn(t, mode, "cos")[0]
        phi = theta[0] + k * s
        return k, s, co, phi, 1 + k * co

    def _values(self, mode, theta, X, y):
        _, _, _, phi, _ = self._parts(mode, theta)
        res = phi - X[:, 0]
        return res * res / 2

    def _grads(self, mode, theta, X, y):
        _, _, _, phi, dphi = self._parts(mode, theta)
        return ((phi - X[:, 0]) * dphi)[:, None]

    def _risk_hessian(self, mode, theta, X, y):
        k, s, _, phi, dphi = self._parts(mode, theta)
        res = phi - X[:, 0]
        out = zeros_in((1, 1), mode)
        out[0, 0] = dphi * dphi - k * s * (np.sum(res) / X.shape[0])
        return out

    def _third(self, mode, theta, x, y, v):
        k, s, co, phi, dphi = self._parts(mode, theta)
        out = zeros_in((1, 1), mode)
        out[0, 0] = (-3 * dphi * k * s - k * co * (phi - x[0])) * v[0]
        return out

    def risk_smoothness_bound(self, X, y=None) -> Fraction:
        raise NotImplementedError("SinePL: use the declared M on a bounded domain")

    # -- the PL structure (Corollaries 3.5/3.6)
    def pl_constant(self) -> Fraction:
        """``μ = (1 − κ)²``: every empirical risk of this family satisfies ``½|∇f_D|² ≥ μ(f_D − f*_D)`` on R."""
        return (1 - self.kappa) ** 2

    def risk_minimum(self, X: Any) -> Fraction:
        """``f*_D = ½·(1/n)Σ(x_i − x̄)²`` exactly (a Fraction)."""
        Xf = self._exact_rows(X)
        xs = [row[0] for row in Xf]
        n = len(xs)
        if n == 0:
            raise InvalidParameterError("X", "the empirical risk of an empty dataset is undefined")
        mean = sum(xs, Fraction(0)) / n
        return sum(((v - mean) ** 2 for v in xs), Fraction(0)) / (2 * n)

    def risk_minimiser(self, X: Any, *, dps: int = 50) -> mpmath.mpf:
        """The unique minimiser ``θ* = φ^{-1}(x̄)`` at ``dps`` digits (Newton on the monotone φ)."""
        Xf = self._exact_rows(X)
        mean = sum((row[0] for row in Xf), Fraction(0)) / Xf.shape[0]
        with mpmath.workdps(dps + 10):
            k = mpmath.mpf(self.kappa.numerator) / self.kappa.denominator
            target = mpmath.mpf(mean.numerator) / mean.denominator
            root = mpmath.findroot(lambda t: t + k * mpmath.sin(t) - target, target)
        with mpmath.workdps(dps):
            return +root

    def expression(self, d, symbolic=False):
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        kv = kappa if symbolic else sympy_rational(self.kappa)
        return (th[0] + kv * sympy.sin(th[0]) - xs[0]) ** 2 / 2, th, xs, yv

    def reduction(self, name, domain):
        w = _b + kappa * _q2 + _r  # ≥ |φ(θ) − x| with q2 = |sin θ|
        box_w = ((_b, 0, B), (_q2, 0, 1), (_r, 0, R))
        if name == "L":
            return Reduction("sup", (1 + kappa * _q1) * w, ((_q1, 0, 1),) + box_w,
                             "|ℓ'| = |φ'(θ)||φ(θ) − x| ≤ (1 + κ|cos θ|)(|θ| + κ|sin θ| + |x|)")
        if name == "M":
            return Reduction("sup", _s**2 + kappa * _q3 * w, ((_s, 1 - kappa, 1 + kappa), (_q3, 0, 1)) + box_w,
                             "|ℓ''| = |φ'² + φ''(φ − x)| ≤ s² + κ|sin θ||φ − x|, s = φ'(θ) = 1 + κcos θ ∈ [1−κ, 1+κ]")
        if name == "m":
            return Reduction("inf", _s**2 - kappa * _q3 * w, ((_s, 1 - kappa, 1 + kappa), (_q3, 0, 1)) + box_w,
                             "ℓ'' = φ'² − κ sin θ (φ − x) ≥ s² − κ|sin θ||φ − x|, s = φ'(θ) ∈ [1−κ, 1+κ]")
        return Reduction("sup", 3 * _s * kappa * _q3 + kappa * _q1 * w,
                         ((_s, 1 - kappa, 1 + kappa), (_q3, 0, 1), (_q1, 0, 1)) + box_w,
                         "|ℓ'''| = |3φ'φ'' + φ'''(φ − x)| ≤ 3s·κ|sin θ| + κ|cos θ||φ − x|")

    def witnesses(self, name, domain, d):
        one = unit_vector(1)
        cen = domain.centre(1)
        try:
            far = domain.farthest_point(1)
        except InvalidParameterError:
            far = cen
        pts = []
        if name == "L":
            sgn = 1 if far[0] >= 0 else -1
            pts = [(far[0], -sgn * self.R), (Fraction(0), self.R)]
        elif name == "M":
            pts = [(Fraction(0), Fraction(0)), (_frac(-math.pi / 2), self.R), (far[0], -self.R)]
        elif name == "m":
            pts = [(_frac(math.pi / 2), -self.R), (_frac(-math.pi / 2), self.R), (Fraction(0), Fraction(0))]
        else:
            pts = [(Fraction(0), -self.R), (_frac(math.pi / 2), -self.R), (far[0], -self.R)]
        out = []
        for th, x in pts:
            theta = np.asarray([Fraction(th)], dtype=object)
            if _in_domain(domain, theta):
                out.append({"theta": theta, "x": np.asarray([x], dtype=object), "y": None, "v": one, "w": one})
        if not out:
            out.append({"theta": cen, "x": np.asarray([Fraction(0)], dtype=object), "y": None, "v": one, "w": one})
        return out


#: The nonconvex families of this module (plus :class:`~.losses.Linear` for linear losses).
NONCONVEX_FAMILIES = (WelschRegression, CosLinear, ConcaveQuadratic, SinePL)
