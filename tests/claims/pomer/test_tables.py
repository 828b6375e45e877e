"""Tables 1 and 2 (certunlearn.claims.pomer.tables): the two rows whose printed rate fails, each counterexample
recomputed with mpmath at 100 digits and checked to lie inside the row's printed range, and the fixes there."""

import mpmath

from certunlearn.claims import get_claim
from certunlearn.numeric.enclosure import Decision, to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

from ..oracles import mp
from .test_thm44_regret import retyped

mpmath.mp.dps = 100


def inside(claim_id: str, inst: dict) -> bool:
    claim = get_claim(claim_id)
    with workprec(256):
        values = claim.with_prescribed(inst)
        return all(h.decide(values) is Decision.TRUE for h in claim.hypotheses)


def value(claim_id: str, inst: dict) -> tuple[mpmath.mpf, mpmath.mpf]:
    claim = get_claim(claim_id)
    with workprec(400):
        q, b = to_arb(claim.quantity(claim.with_prescribed(inst))), claim.bound_value(inst)  # a closed form or a ball
    return mpmath.mpf(q.mid().str(110, radius=False)), mpmath.mpf(b.mid().str(110, radius=False))


def close(x, y) -> bool:
    return abs(x / y - 1) < mpmath.mpf(10) ** -90


def test_table2_row3_fails_at_the_top_of_its_printed_range():
    """d = 1, T = 100, S = 99 ≤ √d·T = 100 (line 75): GD√(2T) = 14.1·GD alone exceeds √2·entry = 1.43·GD."""
    inst = {"S": 99, "T": 100, "d": 1, "G": 1, "D": 1}
    T, S, d = mp(100), mp(99), mp(1)
    theorem = mpmath.sqrt(2 * T) + 16 * mpmath.log(T) * mpmath.sqrt(d) * T / S + 13  # line 261, G = D = 1
    row = (mpmath.sqrt(2) + 16 * mpmath.log(T)) * mpmath.sqrt(d) * T / S + 13
    assert theorem - row > 12
    assert inside("pomer.table2:row3", inst) and not inside("pomer.table2:row3+fix", inst)
    q, b = value("pomer.table2:row3", inst)
    assert close(q, theorem) and close(b, row)


def test_table2_row3_fix_holds_at_its_top():
    inst = {"S": F(999999, 100000), "T": 100, "d": 1, "G": 1, "D": 1}  # S just below √(dT) = 10
    assert inside("pomer.table2:row3+fix", inst)
    q, b = value("pomer.table2:row3+fix", inst)
    assert q <= b


def test_table1_row4_fails_at_the_top_of_its_range():
    """d = 64, T = 512⁶ = d⁹, ε just below √d·T^{−1/6} = 1/64 (line 64): Theorem 4.4's λ is driven by its T^{3/8}/ε^{3/4}
    term, d^{1/8} = 1.68 times the row's entry √d·T^{1/3}/ε = √T."""
    eps = F(1, 64) * (1 - F(1, 10**6))
    inst = {"epsilon": eps, "delta": "1/2", "T": 512**6, "d": 64, "G": 1, "D": 1}
    _, theorem = retyped(inst)
    T, d, e = mp(512**6), mp(64), mp(eps)
    L = mpmath.log(2 * T)
    lam_row = mpmath.mpf(3) / 2 + L * (500 + 100 * mpmath.log(T))
    row = lam_row * mpmath.sqrt(d) * mpmath.cbrt(T) / e + 2 * T * mpmath.exp(-mpmath.cbrt(T) ** 2) + mpmath.mpf(21) / 20
    assert theorem / row > mpmath.mpf("1.6")
    assert inside("pomer.table1:row4", inst)
    q, b = value("pomer.table1:row4", inst)
    assert close(q, theorem) and close(b, row)
    q_fix, b_fix = value("pomer.table1:row4+fix", inst)
    assert inside("pomer.table1:row4+fix", inst) and q_fix <= b_fix
