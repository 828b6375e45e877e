"""The per-precision constants and the Rényi memo of privacy/subsampled.py and privacy/mixture_integral.py change only
the time: each gives the very ball the expression it replaces gives at the caller's precision (mid and radius equal),
and a different precision gets its own ball."""

from flint import arb

from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.privacy import mixture_integral as mi
from certunlearn.privacy import subsampled as ss


def _same(a, b) -> bool:
    return a.mid() == b.mid() and a.rad() == b.rad()


def test_normal_tail_is_the_erfc_of_a_fresh_root_two_at_each_precision():
    for prec in (64, 192, 64, 400):  # 64 twice: the remembered √2 of that precision
        with workprec(prec):
            x = arb(1) / 3
            assert _same(ss.normal_tail(x), (x / arb(2).sqrt()).erfc() / 2)
    with workprec(400):
        assert ss.normal_tail(arb(1) / 3).rad() < arb(2) ** -350


def test_mixture_density_is_divided_by_a_fresh_root_two_pi_at_each_precision():
    for prec in (64, 192, 64):
        with workprec(prec):
            mixture = [(arb(3) / 4, arb(0)), (arb(1) / 4, arb(2))]
            x = arb(1) / 7
            total = sum(((w * (-((x - m) * (x - m)) / 2).exp()) for w, m in mixture), arb(0))
            assert _same(mi._density(x, mixture), total / (2 * arb.pi()).sqrt())


def test_subsampled_rdp_is_remembered_per_precision_and_equals_the_fresh_sum():
    args = (7, Fraction(1, 100), Fraction(3, 2), 1)
    for prec in (64, 256, 64):
        with workprec(prec):
            got = ss.subsampled_rdp(*args)
            fresh = ss._rdp_at.__wrapped__(*args, prec)
            assert _same(got, fresh)
            assert got.rad() < (arb(2) ** -200 if prec == 256 else arb(2) ** -40)
    with workprec(64):
        assert ss.subsampled_rdp(7, Fraction(1, 50), Fraction(3, 2), 1) > ss.subsampled_rdp(*args)  # another q
