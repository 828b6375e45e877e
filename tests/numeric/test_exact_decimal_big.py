"""exact_decimal writes integers and fractions beyond Python's int→str digit limit, unchanged below it."""

from flint import fmpz

from certunlearn.claims.model import decode_instance, encode_instance
from certunlearn.numeric.enclosure import exact_decimal, parse_exact
from certunlearn.numeric.fraction import Fraction


def test_long_integers_and_fractions_are_written_exactly():
    big = 7 ** 20_000  # 16 900 digits
    assert exact_decimal(big) == str(fmpz(big)) and len(exact_decimal(big)) == 16_902
    assert exact_decimal(-big).startswith("-") and parse_exact(exact_decimal(-big)) == -big
    q = Fraction(big, 2 ** 30)
    assert parse_exact(exact_decimal(q)) == q
    assert "/" in exact_decimal(Fraction(big, 3))
    written = encode_instance({"n": big, "r": Fraction(-big, 5 ** 7)})
    assert decode_instance(written) == {"n": big, "r": Fraction(-big, 5 ** 7)}


def test_small_values_keep_their_text():
    for x, text in [(12, "12"), (-3, "-3"), (Fraction(1, 3), "1/3"), (Fraction(3, 40), "0.075"), (0.1,
                    "0.1000000000000000055511151231257827021181583404541015625"), (Fraction(1, 10 ** 9), "1e-9")]:
        assert exact_decimal(x) == text
