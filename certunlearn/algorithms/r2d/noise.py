"""Rewind-to-Delete: the noise calibration of Theorem 3.1 and Corollary 3.2.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. :func:`noise_scale` evaluates a claim's prescribed σ (default ``r2d.thm3.1``, eq. (3), line 85);
:func:`h_factor`, :func:`sensitivity_bound` (lines 89, 437), :func:`calibrated_noise` (the smallest σ for the
sensitivity bound), :func:`smallest_rewind` and :func:`corollary_rewind_bound` (Corollary 3.2, eq. (5), line 101);
:func:`paper_constants` (L and G from a loss family's declaration). The printed expressions come from
:mod:`certunlearn.formulas.r2d`.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import mpmath
import sympy
from flint import arb

from ...errors import InvalidParameterError
from ...formulas import r2d as printed
from ...numeric.enclosure import Decision, arb_upper_float, decide
from ...numeric.fraction import Fraction
from ...numeric.precision import DEFAULT_DPS, bits_for_digits, workdps, workprec
from ...numeric.sympy_arb import arb_eval
from ...problems.domains import Domain
from ...problems.losses import LossFamily
from ..parameters import resolve_claim, theorem_parameters
from .helpers import as_count, as_positive, sign_of, as_exact, as_domain
from .recovery import exact_mpf
from .rewind import checked_schedule


#: The claim whose ``prescribed["sigma"]`` :func:`noise_scale` evaluates by default.
DEFAULT_CLAIM = "r2d.thm3.1"



# =========================================================================== noise
def noise_env(n, m, eta, L, G, T, K, epsilon, delta, *, strict: bool) -> dict[str, sympy.Expr]:
    n_ = as_count(n, "n", low=1)
    m_ = as_count(m, "m")
    if m_ >= n_:
        raise InvalidParameterError("m", f"must be < n (line 352: m < n), got m = {m_}, n = {n_}")
    T_, K_ = checked_schedule(T, K)
    env = {"n": sympy.Integer(n_), "m": sympy.Integer(m_), "T": sympy.Integer(T_), "K": sympy.Integer(K_),
           "eta": as_positive(eta, "eta"), "L": as_positive(L, "L", " (the paper's smoothness; a linear loss is "
                                                             "L-smooth for every L > 0)"),
           "G": as_positive(G, "G"), "epsilon": as_positive(epsilon, "epsilon")}
    d = as_positive(delta, "delta")
    if sign_of(1 - d) <= 0:
        raise InvalidParameterError("delta", f"must lie in (0, 1), got {delta!r}")
    env["delta"] = d
    if strict and sign_of(env["epsilon"] - 1) > 0:
        raise InvalidParameterError("epsilon", f"Theorem 3.1 assumes 0 < ε ≤ 1 (line 135), got {epsilon!r}; "
                                               "pass strict=False to evaluate the printed formula anyway")
    return env


_EVAL_MODES = ("float", "mpmath", "arb", "sympy")


def _check_eval_mode(mode: str) -> None:
    if mode not in _EVAL_MODES:
        raise InvalidParameterError("mode", f"expected one of {_EVAL_MODES}, got {mode!r}")


def _evaluate(expr: sympy.Expr, env: Mapping[str, sympy.Expr], mode: str, name: str) -> Any:
    """``expr`` at ``env``: ``"float"`` rounded up, ``"mpmath"`` an mpf at the working precision (≥ 50 digits),
    ``"arb"`` an enclosure at the current flint precision, ``"sympy"`` the exact value."""
    expr = sympy.sympify(expr)
    free = {s.name: s for s in expr.free_symbols}
    missing = sorted(set(free) - set(env))
    if missing:
        raise InvalidParameterError(missing[0], f"needed to evaluate {name}")
    exact = expr.subs({free[k]: env[k] for k in free})
    if mode == "sympy":
        return exact
    if mode == "arb":
        return arb_of(expr, env)
    if mode == "float":
        with workprec(256):
            return arb_upper_float(arb_of(expr, env))
    if mode == "mpmath":
        dps = max(DEFAULT_DPS, mpmath.mp.dps)
        with workprec(bits_for_digits(dps) + 64):
            b = arb_of(expr, env)
            man, exp = b.mid().man_exp()
        with workdps(dps):
            return +exact_mpf(int(man), int(exp))
    raise InvalidParameterError("mode", f"expected 'float', 'mpmath', 'arb' or 'sympy', got {mode!r}")


def arb_of(expr: sympy.Expr, env: Mapping[str, sympy.Expr]) -> arb:
    vals = {k: (Fraction(int(v.p), int(v.q)) if v.is_Rational else arb_eval(v)) for k, v in env.items()}
    return arb_eval(expr, vals)


def noise_scale(n: int, m: int, eta: Any, L: Any, G: Any, T: int, K: int, epsilon: Any, delta: Any, *,
                claim: Any = DEFAULT_CLAIM, mode: str = "float", strict: bool = True) -> Any:
    """σ of Theorem 3.1 (eq. (3), line 137): ``2mG·h(K)√(2 log(1.25/δ))/(Lnε)``, ``h(K)`` of line 141.

    Evaluated from ``claim.prescribed["sigma"]`` (``claim``: an id, default ``"r2d.thm3.1"``, looked up lazily in
    ``certunlearn.claims``, or any object with ``id`` and ``prescribed``), whose free symbols are named ``n``,
    ``m``, ``eta``, ``L``, ``G``, ``T``, ``K``, ``epsilon``, ``delta`` . ``L`` is the paper's
    smoothness, ``G`` its gradient bound (:func:`paper_constants`); both may be exact sympy numbers.

    ``mode``: ``"float"`` — :func:`~certunlearn.algorithms.d2d.theorem_parameters`' rigorous rounding up;
    ``"mpmath"`` — an mpf correct to the working precision (≥ 50 digits); ``"arb"`` — an enclosure;
    ``"sympy"`` — the exact value. σ = 0 exactly when K = T or m = 0 (returned as 0 in every mode).
    ``strict``: refuse ε > 1 (Theorem 3.1 assumes 0 < ε ≤ 1, line 135). Errors name the parameter
    (K > T, m ≥ n, η ≤ 0, δ ∉ (0, 1) …)."""
    _check_eval_mode(mode)
    env = noise_env(n, m, eta, L, G, T, K, epsilon, delta, strict=strict)
    c = resolve_claim(claim, "r2d")
    if "sigma" not in c.prescribed:
        raise InvalidParameterError("claim", f"{c.id} prescribes no sigma")
    expr = sympy.sympify(c.prescribed["sigma"])
    exact = _evaluate(expr, env, "sympy", f"the prescribed sigma of {c.id}")
    if exact.is_zero:
        return {"float": 0.0, "mpmath": mpmath.mpf(0), "arb": arb(0), "sympy": sympy.S.Zero}.get(mode, 0.0)
    if mode == "float":
        return theorem_parameters(c, **env)["sigma"]
    return _evaluate(expr, env, mode, f"the prescribed sigma of {c.id}")


def h_factor(n: int, m: int, eta: Any, L: Any, T: int, K: int, *, mode: str = "float") -> Any:
    """``h(K) = ((1 + ηLn/(n−m))^{T−K} − 1)(1 + ηL)^K`` (line 141), as printed (``certunlearn.formulas.r2d.H_K``); ``"float"``: rounded
    up."""
    env = noise_env(n, m, eta, L, 1, T, K, 1, sympy.Rational(1, 2), strict=False)
    return _evaluate(printed.H_K, env, mode, "h(K)")


def sensitivity_bound(n: int, m: int, eta: Any, L: Any, G: Any, T: int, K: int, *, mode: str = "float") -> Any:
    """The bound ``‖θ'_T − θ''_K‖ ≤ 2mG·h(K)/(Ln)`` of line 437 (Lemmas B.2–B.3): the sensitivity Δ that σ of
    eq. (3) calibrates with the classic Gaussian mechanism (Theorem B.1, line 348). ``"float"``: rounded up."""
    env = noise_env(n, m, eta, L, G, T, K, 1, sympy.Rational(1, 2), strict=False)
    return _evaluate(printed.SENSITIVITY_31, env, mode, "the sensitivity bound")


def calibrated_noise(n: int, m: int, eta: Any, L: Any, G: Any, T: int, K: int, epsilon: Any, delta: Any, *,
                     method: str = "exact", extra_sensitivity: Any = 0) -> float:
    """σ from ``privacy.calibrate(ε, δ, Δ, method)`` with Δ = :func:`sensitivity_bound` (+ ``extra_sensitivity``,
    e.g. a propagated recovery error): ``"exact"`` is the Balle–Wang calibration, to compare with the classic σ of
    eq. (3). 0.0 when Δ = 0."""
    from ...privacy import calibrate

    delta_ = sensitivity_bound(n, m, eta, L, G, T, K) + float(extra_sensitivity)
    if delta_ == 0:
        return 0.0
    return calibrate(epsilon, delta, delta_, method=method)


def smallest_rewind(n: int, m: int, eta: Any, L: Any, G: Any, T: int, epsilon: Any, delta: Any, sigma: Any, *,
                    claim: Any = DEFAULT_CLAIM, strict: bool = True) -> int:
    """The smallest K ∈ [0, T] with ``noise_scale(n, m, eta, L, G, T, K, epsilon, delta) ≤ sigma`` (the float σ an
    algorithm would use): σ(K) decreases in K (h' < 0, lines 443–447) to σ(T) = 0, so the answer K* satisfies
    ``σ(K*) ≤ sigma < σ(K* − 1)`` (binary search). Compare :func:`corollary_rewind_bound`."""
    s = as_exact(sigma, "sigma")
    if sign_of(s) < 0:
        raise InvalidParameterError("sigma", f"must be ≥ 0, got {sigma!r}")
    T_ = as_count(T, "T")

    def ok(K: int) -> bool:
        v = noise_scale(n, m, eta, L, G, T_, K, epsilon, delta, claim=claim, strict=strict)
        return decide(v, "<=", frac_or_arb(s)).decision is Decision.TRUE

    lo, hi = 0, T_  # ok(T) holds (σ(T) = 0)
    if ok(0):
        return 0
    while hi - lo > 1:  # invariant: not ok(lo), ok(hi)
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


def frac_or_arb(v: sympy.Expr) -> Any:
    return Fraction(int(v.p), int(v.q)) if v.is_Rational else arb_eval(v)


def corollary_rewind_bound(n: int, m: int, eta: Any, L: Any, G: Any, T: int, epsilon: Any, delta: Any, sigma: Any,
                           *, claim: Any = None, mode: str = "float", strict: bool = True) -> Any:
    """Corollary 3.2 (eq. (5), line 153): ``K(ε) ≤ log((1+ηLn/(n−m))^T − σLnε/(2mG√(2 log(1.25/δ))))/log(1+ηLn/(n−m))``.

    The expression is ``claim.prescribed["K"]`` when ``claim`` is given (id or object), else the printed
    :data:`certunlearn.formulas.r2d.K_BOUND_32`. Returns the real value (``"float"``: rounded up; ``"mpmath"``; ``"arb"``; ``"sympy"``).
    With the printed expression, when the log's argument is ≤ 0 (σ exceeds σ(K = 0): no rewind is needed) the
    result is ``-inf``. The proof (lines 563–571) gives h(K) ≤ (1+ηLn/(n−m))^T − (1+ηLn/(n−m))^K, so K = ⌈bound⌉
    (clamped to [0, T]) meets σ (line 573); :func:`smallest_rewind` gives the exact smallest K."""
    _check_eval_mode(mode)
    if as_count(m, "m") == 0:
        raise InvalidParameterError("m", "Corollary 3.2 divides by m: needs m ≥ 1")
    env = noise_env(n, m, eta, L, G, T, 0, epsilon, delta, strict=strict)
    env.pop("K")
    env["sigma"] = as_positive(sigma, "sigma")
    if claim is not None:
        c = resolve_claim(claim, "r2d")
        if "K" not in c.prescribed:
            raise InvalidParameterError("claim", f"{c.id} prescribes no K")
        return _evaluate(sympy.sympify(c.prescribed["K"]), env, mode, f"the prescribed K of {c.id}")
    if decide(lambda: arb_of(printed.K_BOUND_ARG_32, env), "<=", 0).decision is Decision.TRUE:
        return {"float": -math.inf, "mpmath": mpmath.mpf("-inf"), "arb": arb.neg_inf(),
                "sympy": -sympy.oo}.get(mode, -math.inf)
    return _evaluate(printed.K_BOUND_32, env, mode, "the K bound of Corollary 3.2")


# =========================================================================== constants
def paper_constants(loss: LossFamily, domain: Domain | None = None) -> dict[str, sympy.Expr]:
    """The paper's constants from a loss family's declaration on Θ: ``{"L": smoothness (the family's M),
    "G": gradient bound (the family's L)}``, exact sympy numbers (∞ where the family declares ∞)."""
    c = loss.constants(as_domain(domain))
    return {"L": c.value("M"), "G": c.value("L")}
