"""Identities with Max/Min: written with Abs (max(a, b) = (a + b + |a − b|)/2) a positive factor leaves them, so
max(a/2, b/2) = max(a, b)/2 is an ``identity`` (it was only sampled: retain.lemC.1's step 1); a false variant is not."""
import sympy

from certunlearn.derive import Derivation, check_derivation, step

a, b = sympy.symbols("a b", nonnegative=True)


def _check(lhs, rhs):
    d = Derivation("gaussian.maxid", "bound", "Max identity test", steps=(step(lhs, "==", rhs, "algebra"),),
                   domain={a: ("0", "10"), b: ("0", "10")})
    return check_derivation(d, rhs).steps[0]


def test_a_positive_factor_leaves_max_and_min():
    s = _check(sympy.Max(a / 2 - b / 2, b / 2 - a / 4), sympy.Max(2 * a - 2 * b, 2 * b - a) / 4)
    assert s.status == "identity" and "Max/Min written with Abs" in s.detail, s.detail
    s = _check(sympy.Min(3 * a, 3 * b) + 1, 3 * sympy.Min(a, b) + 1)
    assert s.status == "identity", s.detail


def test_a_false_max_identity_is_not_an_identity():
    s = _check(sympy.Max(a / 2, b / 3), sympy.Max(a, b) / 2)
    assert s.status == "refuted", (s.status, s.detail)
