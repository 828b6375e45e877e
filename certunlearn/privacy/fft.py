"""Linear convolution of real float vectors by a radix-2 FFT written out in numpy, with a proved error bound.

**The bound** (Percival 2003, "Rapid multiplication modulo the sum and difference of highly composite numbers",
Math. Comp. 72(241), 387–395, Theorem 5.1). Let x, y ∈ ℂᴺ, N = 2ᵐ, and let z = x ⊛ y be their cyclic convolution,
computed as z′ = FFT⁻¹(FFT(x) · FFT(y)) with radix-2 transforms (m levels of butterflies u ± ω·v) in floating-point
arithmetic with unit roundoff ε (every real addition and product rounded to nearest, no underflow or overflow),
complex products of relative error at most √5·ε, and precomputed roots of unity ω′ with |ω′ − ω| < β. Then

    ‖z′ − z‖_∞ < ‖x‖₂ ‖y‖₂ · η,   η = (1 + ε)^{3m} (1 + √5 ε)^{3m+1} (1 + β)^{3m} − 1.

**Why it applies to the code below, as written**:

- ε = u = 2⁻⁵³: numpy's float64 additions, subtractions and products are IEEE-754 binary64 operations, rounded to
  nearest; a complex sum rounds each component, so its relative error is ≤ u.
- Complex products: numpy computes (ac − bd) + i(ad + bc). With every operation rounded, its relative error is
  ≤ √5·u (Brent, Percival & Zimmermann 2007, "Error bounds on complex floating-point multiplication", Math. Comp.
  76(259), 1469–1481); where a compiler contracts one product and the difference into a fused multiply-add, it is
  ≤ 2u < √5·u (Jeannerod, Kornerup, Louvet & Muller 2017, Math. Comp. 86(304), 881–898). Either way ≤ √5·u.
- The transform (:func:`_fft`) is the radix-2 decimation-in-time FFT: m levels, each the butterflies
  (e + ω^p·o, e − ω^p·o) with ω = e^{−2πi/(2P)}, P = 1, 2, …, N/2; the inverse uses the conjugate roots (an exact
  sign change) and the exact scaling by 1/N (a power of two). N is a power of two, always.
- Roots of unity (:func:`_roots`): W_k = e^{−2πik/N} for k = jL + r is the product of two tabulated roots e^{−2πijL/N}
  and e^{−2πir/N}, each the midpoint of an arb ball of radius < 2⁻⁹⁰ converted to binary64 (error < 2u per
  component, so < 2u + 2⁻⁹⁰ in modulus), multiplied in float: |W′ − W| ≤ (2u + 2⁻⁹⁰)(2 + 2u + 2⁻⁹⁰) + √5·u·(1 + 3u)²
  < 7u. We take β = 8u (strict).
- No underflow, overflow or invalid operation: checked at run time (numpy's IEEE flags, ``np.errstate(…="raise")``);
  if one occurs the bound is not claimed and :class:`ArithmeticError` is raised. Exact subnormal results raise no
  flag and need none (they are not rounded).
- The product of x = y = z (a squaring, one forward transform used twice) is covered: the proof bounds each forward
  transform's error on its own.

**Its use here**: for real a, b of lengths with len(a) + len(b) − 1 ≤ N the cyclic convolution is the linear one.
With a power of two c (an exact scaling), z = a + i·c·b gives z ⊛ z = a⋆a − c²·b⋆b + 2i·c·(a⋆b), so
a⋆b = Im(z ⊛ z)/(2c) (exact scaling) with error < ‖z‖₂²·η/(2c) = (‖a‖₂² + c²‖b‖₂²)·η/(2c); c = 2^round(log₂(‖a‖/‖b‖))
keeps that within 1.07·‖a‖₂‖b‖₂·η. One forward and one inverse transform per convolution.
"""
from __future__ import annotations

import math

import numpy as np
from flint import arb

from ..numeric.enclosure import arb_upper_float
from ..numeric.precision import workprec

__all__ = ["UNIT_ROUNDOFF", "TWIDDLE_ERROR", "error_bound", "convolve"]

UNIT_ROUNDOFF = 2.0**-53
#: β: a strict bound on |ω′ − ω| for the roots of unity of :func:`_roots` (module docstring).
TWIDDLE_ERROR = 8 * UNIT_ROUNDOFF
#: The root tables of :func:`_roots` and their conjugates, by transform length.
_ROOTS: dict[int, np.ndarray] = {}
_CONJUGATES: dict[int, tuple[np.ndarray, np.ndarray]] = {}
#: From this sub-transform size on, :func:`_fft` runs the same butterflies on the transposed array (long rows).
_SWITCH = 1024


def error_bound(m: int, beta: float = TWIDDLE_ERROR) -> float:
    """η = (1 + u)^{3m}(1 + √5u)^{3m+1}(1 + β)^{3m} − 1 for N = 2ᵐ, evaluated on arb balls and rounded up."""
    with workprec(128):
        u, b = arb(UNIT_ROUNDOFF), arb(beta)
        eta = (1 + u) ** (3 * m) * (1 + arb(5).sqrt() * u) ** (3 * m + 1) * (1 + b) ** (3 * m) - 1
        return arb_upper_float(eta)


def _roots(n: int) -> np.ndarray:
    """W_k = e^{−2πik/n} for 0 ≤ k < n/2 with |W′_k − W_k| < β (module docstring), cached per n: each table is computed
    for its own n, so a convolution's roundings — and every bracket built on it — do not depend on which transforms
    the process ran before (a subsample of a larger table holds other roundings of the same roots)."""
    table = _ROOTS.get(n)
    if table is not None:
        return table
    m = n.bit_length() - 1
    length = 1 << ((m + 1) // 2)  # L: k = jL + r, 0 ≤ r < L
    with workprec(96):
        def root(k: int) -> complex:
            s, c = (arb(-2 * k) / n).sin_cos_pi()
            return complex(float(c.mid()), float(s.mid()))

        small = np.array([root(r) for r in range(length)])
        big = np.array([root(j * length) for j in range(max(1, (n // 2) // length))])
    table = np.multiply(big[:, None], small[None, :]).ravel()[: n // 2]
    _ROOTS[n] = table
    return table


def _conjugate_roots(roots: np.ndarray) -> np.ndarray:
    """The inverse transform's roots conj(W_k) (an exact sign change), cached beside the table they come from."""
    kept = _CONJUGATES.get(roots.size)
    if kept is None or kept[0] is not roots:
        kept = _CONJUGATES[roots.size] = (roots, np.conj(roots))
    return kept[1]


def _fft(z: np.ndarray, roots: np.ndarray) -> np.ndarray:
    """The radix-2 decimation-in-time FFT of ``z`` (length N = 2ᵐ) with ``roots`` W_k (k < N/2). At the level with
    P-point sub-transforms, entry (p, q) of a (P, N/P) array holds output p of the sub-transform of z[q::N/P]; the
    two column halves E, O combine into (E + W^{pN/2P}·O, E − W^{pN/2P}·O), P doubling each level. From P = 1024 on
    the same butterflies run on the transposed (N/P, P) array, whose rows are long: the operations, and so every
    rounding, are unchanged."""
    n = z.size
    buffers = (np.empty(n, dtype=complex), np.empty(n, dtype=complex))  # reused: no fresh pages per level
    scratch = np.empty(n // 2, dtype=complex)
    x, p, level = z.reshape(1, n), 1, 0
    while p < n:
        half = n // (2 * p)
        even, odd = x[:, :half], x[:, half:]
        if p == 1:
            t = odd  # the root is exactly 1: the product is exact, and skipped
        else:
            t = scratch.reshape(p, half)
            np.multiply(roots[::half][:, None], odd, out=t)
        nxt = buffers[level % 2].reshape(2 * p, half)
        np.add(even, t, out=nxt[:p])
        np.subtract(even, t, out=nxt[p:])
        x, p, level = nxt, 2 * p, level + 1
        if p == _SWITCH and p < n:
            break
    if p == n:
        return x.ravel()
    y = np.ascontiguousarray(x.T)  # (N/P, P): the same butterflies on long contiguous rows
    while p < n:
        half = n // (2 * p)
        even, odd = y[:half], y[half:]
        t = scratch.reshape(half, p)
        np.multiply(roots[::half][None, :], odd, out=t)
        nxt = buffers[level % 2].reshape(half, 2 * p)
        np.add(even, t, out=nxt[:, :p])
        np.subtract(even, t, out=nxt[:, p:])
        y, p, level = nxt, 2 * p, level + 1
    return y.ravel()


def convolve(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, float]:
    """(c, r): c the float linear convolution a⋆b (length len(a) + len(b) − 1) and r ≥ 0 a float with
    |c_j − (a⋆b)_j| ≤ r for every j, proved (module docstring). Raises :class:`ArithmeticError` when a float
    exception (underflow, overflow) voids the bound."""
    size = a.size + b.size - 1
    n = 1 << max(1, (size - 1).bit_length())
    m = n.bit_length() - 1
    with np.errstate(under="raise", over="raise", invalid="raise", divide="raise"):
        try:
            na2, nb2 = _norm2_upper(a), _norm2_upper(b)
            scale = 1.0 if nb2 == 0 or na2 == 0 else 2.0 ** round(0.5 * math.log2(na2 / nb2))  # c ≈ ‖a‖/‖b‖
            z = np.zeros(n, dtype=complex)
            z.real[: a.size] = a
            z.imag[: b.size] = b * scale  # exact: a power of two, no underflow (checked)
            roots = _roots(n)
            spectrum = _fft(z, roots)
            square = np.multiply(spectrum, spectrum)
            back = _fft(square, _conjugate_roots(roots))
            c = back.imag[:size] * (1 / (2 * scale * n))  # 1/N of the inverse and 1/(2c): one exact power of two
        except FloatingPointError as exc:
            raise ArithmeticError(f"float exception in the FFT ({exc}): its error bound does not apply") from exc
    norm_z2 = _up(_up(na2 + _up(nb2 * scale * scale)) * (1 + 4 * UNIT_ROUNDOFF))
    radius = _up(_up(norm_z2 * error_bound(m)) / (2 * scale) * (1 + 4 * UNIT_ROUNDOFF))
    return c, radius


def _norm2_upper(a: np.ndarray) -> float:
    """An upper bound on ‖a‖₂² = Σ aᵢ²: the float dot product of non-negative terms has relative error ≤ γ_n
    (Higham 2002, §3.1, any summation order) and each square an absolute underflow error ≤ 2⁻¹⁰⁷⁴ at most."""
    n = a.size
    if n == 0:
        return 0.0
    with np.errstate(under="ignore"):
        s = float(np.dot(a, a))
    gamma = (n + 1) * UNIT_ROUNDOFF / (1 - (n + 1) * UNIT_ROUNDOFF)
    return _up(_up(s * (1 + 2 * gamma)) + n * 2.0**-1074)


def _up(x: float) -> float:
    return math.nextafter(x, math.inf)
