"""Lemma A.4 and Fact F.3: the exact quantities against brute force, and the verdict-relevant outcomes."""
import itertools

import mpmath

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d import boosting
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction
from certunlearn.numeric.precision import workprec


def test_tail_of_the_minimum_by_brute_force():
    inst = {"xs": [0, 1, 4], "ps": [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)], "delta": Fraction(1, 8), "N": 3}
    mu = Fraction(1, 4) + 1  # = 5/4, 2μ = 5/2: only the atom 4 counts
    brute = Fraction(0)
    for draw in itertools.product(range(3), repeat=3):
        if min(inst["xs"][j] for j in draw) >= 2 * mu:
            p = Fraction(1)
            for j in draw:
                p *= inst["ps"][j]
            brute += p
    assert boosting._tail_min(inst) == brute == Fraction(1, 64)


def test_markov_attained_and_one_draw_short_violated():
    inst = {"xs": [0, 7], "ps": [Fraction(1, 2), Fraction(1, 2)], "delta": Fraction(1, 2**5), "N": 5}
    ev = evaluate(get_claim("d2d.lemA.4"), inst, 256)
    assert ev.outcome == WITHIN and ev.attained
    short = dict(inst, N=4)
    assert evaluate(get_claim("d2d.lemA.4"), short, 256).outcome == "excluded"  # outside the lemma's N
    ev = evaluate(get_claim("d2d.lemA.4:control-one-draw-short"), short, 256)
    assert ev.outcome == VIOLATED and ev.ratio_lower == 2.0


def test_fact_f3_exact_at_the_ends_and_below_inside():
    with mpmath.workdps(100), workprec(256):
        _check_f3()


def _check_f3():
    for cid, expo in (("d2d.factF.3:b-ge-n", lambda x: 1 - x), ("d2d.factF.3:kn2-ge-b2", lambda x: (3 * x - 4) / 2)):
        claim = get_claim(cid)
        for nn, x in ((8, Fraction(4, 3)), (64, Fraction(1)), (1000, Fraction(7, 6)), (27, Fraction(5, 4))):
            q = claim.quantity({"n": nn, "xi": x})
            want = mpmath.power(nn, mpmath.mpf(expo(x).numerator) / expo(x).denominator)
            got = mpmath.mpf(q.numerator) / q.denominator if isinstance(q, RATIONAL_TYPES) else mpmath.mpf(q.mid().str(80, radius=False))
            assert abs(got - want) < mpmath.mpf(10) ** -60
            assert want <= 1


def test_fact_f3_family_grows_in_thorough_inside_the_hypotheses():
    """Quick (size 40) keeps the listed grid exactly; thorough draws random (n, ξ) after it, inside the hypotheses."""
    import numpy as np

    from certunlearn.numeric.enclosure import Decision

    for cid in ("d2d.factF.3:b-ge-n", "d2d.factF.3:kn2-ge-b2"):
        claim = get_claim(cid)
        (adv,) = claim.adversaries
        quick = adv.generate(np.random.default_rng(0), 40)
        assert quick == boosting._f3_structured(np.random.default_rng(0), 28) and len(quick) == 28
        big = adv.generate(np.random.default_rng(0), 100_000)
        assert big[:28] == quick and len(big) >= 60
        for inst in big[28:]:
            assert all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses), inst
        assert len({(b["n"], b["xi"]) for b in big[28:]}) > 30
