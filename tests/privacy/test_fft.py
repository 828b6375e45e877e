"""The radix-2 FFT convolution and its proved bound (Percival 2003, Thm 5.1; certunlearn/privacy/fft.py): against
exact convolutions (python-flint fmpz_poly on the floats scaled to integers), the bound holds and is not vacuous;
a perturbed root of unity or a missing bound term is caught."""
from __future__ import annotations

import numpy as np
import pytest
from flint import fmpz_poly

from certunlearn.numeric.fraction import Fraction
from certunlearn.privacy import fft


def exact_convolution(a: np.ndarray, b: np.ndarray) -> list[Fraction]:
    """a⋆b exactly: every float is an integer times 2^-1100, so one integer product does it."""
    shift = 1100
    ia = fmpz_poly([int(Fraction(float(v)) * 2**shift) for v in a])
    ib = fmpz_poly([int(Fraction(float(v)) * 2**shift) for v in b])
    coeffs = [int(c) for c in (ia * ib).coeffs()]
    coeffs += [0] * (a.size + b.size - 1 - len(coeffs))
    return [Fraction(c, 2 ** (2 * shift)) for c in coeffs]


def max_error(a, b, c) -> float:
    return float(max(abs(Fraction(float(x)) - e) for x, e in zip(c, exact_convolution(a, b))))


CASES = [
    ("uniform", lambda rng: (rng.random(200), rng.random(150))),
    ("heavy-tailed", lambda rng: (rng.random(300) ** 12, rng.random(300) ** 12)),
    ("squaring", lambda rng: (lambda x: (x, x))(rng.random(257) ** 4)),
    ("unbalanced", lambda rng: (rng.random(64) * 1e-9, rng.random(100))),
    ("ones", lambda rng: (np.ones(128), np.ones(128))),
]


@pytest.mark.parametrize("name,make", CASES, ids=[c[0] for c in CASES])
def test_bound_holds_against_the_exact_convolution(name, make):
    a, b = make(np.random.default_rng(7))
    c, radius = fft.convolve(a, b)
    assert c.size == a.size + b.size - 1
    err = max_error(a, b, c)
    assert err <= radius
    assert radius <= 1e-10 * np.linalg.norm(a) * np.linalg.norm(b)  # informative, not vacuous


def test_error_bound_is_percivals_formula():
    """η(m) on arb against the formula at 50 digits (mpmath), for β = 8u; first order ≈ (3m(2 + √5) + 24m)u."""
    import mpmath

    with mpmath.workdps(50):
        u = mpmath.mpf(2) ** -53
        for m in (1, 10, 20):
            eta = (1 + u) ** (3 * m) * (1 + mpmath.sqrt(5) * u) ** (3 * m + 1) * (1 + 8 * u) ** (3 * m) - 1
            assert eta <= fft.error_bound(m) <= eta * (1 + 1e-12)


def test_roots_of_unity_within_beta():
    import mpmath

    n = 1 << 12
    roots = fft._roots(n)
    with mpmath.workdps(40):
        worst = max(abs(mpmath.mpc(complex(w)) - mpmath.expjpi(mpmath.mpf(-2 * k) / n)) for k, w in enumerate(roots))
    assert worst < fft.TWIDDLE_ERROR
    assert worst > 0  # the bound is about floats that really are rounded


def test_roots_do_not_depend_on_the_transforms_run_before(monkeypatch):
    """A table is computed for its own length: after a longer transform the same length gives the same roots, so a
    PLD bracket's floats do not depend on which claims a worker checked before (a subsample of the longer table holds
    other roundings of the same roots)."""
    monkeypatch.setattr(fft, "_ROOTS", {})
    fresh = fft._roots(256).copy()
    monkeypatch.setattr(fft, "_ROOTS", {})
    fft._roots(1 << 14)
    assert np.array_equal(fft._roots(256), fresh)


def test_a_wrong_root_breaks_the_bound(monkeypatch):
    """Negative control: one root of unity off by 1e-9 (far beyond β) and the computed convolution leaves the bound."""
    a, b = np.random.default_rng(3).random(100), np.random.default_rng(4).random(100)
    table = fft._roots(256).copy()
    table[5] += 1e-9
    monkeypatch.setattr(fft, "_roots", lambda n: table[:: 2 * table.size // n])
    c, radius = fft.convolve(a, b)
    assert max_error(a, b, c) > radius


def test_underflow_voids_the_bound_loudly():
    a = np.array([1e-300, 1e-300])
    with pytest.raises(ArithmeticError):
        fft.convolve(a, np.array([1e-300, 3e-300]))
