"""flint's own exact numbers are enclosed exactly (a user's quantity may return an fmpq)."""
from flint import arb, fmpq, fmpz

from certunlearn.numeric.enclosure import to_arb


def test_fmpq_and_fmpz_are_enclosed_exactly():
    third = to_arb(fmpq(1, 3))
    assert third.contains(arb(1) / 3) and (third * 3 - 1).contains(0) and third.rad() < arb(2) ** -50
    assert to_arb(fmpz(10) ** 400) == arb(fmpz(10) ** 400) and to_arb(fmpz(7)).is_exact()
