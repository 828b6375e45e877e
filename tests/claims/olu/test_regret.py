"""Regret claims of passive OLU (certunlearn.claims.olu.regret): Theorem 2 and Lemmas 5, 9, 10 against hand
recursions and closed forms in mpmath at 100 digits.
"""

import mpmath

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.olu.families import regret_instance
from certunlearn.numeric.fraction import Fraction as F

from ..oracles import contains, mp

mpmath.mp.dps = 100


MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- regret


def regret_by_hand(inst, kind):
    """E Regret (eq. (5)) of Algorithm 1 in 1-D by hand in mpmath: w_t = (1 − η_tλ)w_{t−1} + η_tλx_t, noise at τ."""
    lam, mu_, L_, eps, om = (mp(inst[k]) for k in ("lam0", "mu", "L", "epsilon", "omega"))
    X = [mp(r[0]) for r in inst["X"]]
    tau, u = inst["tau"], inst["u"]
    T_ = len(X)
    eta = [1 / (mu_ * t) for t in range(1, T_ + 1)] if kind == "sc" else None
    g = (mp(inst["beta"]) / mu_ - 1) / (mp(inst["beta"]) / mu_ + 1)
    m, v, laws = mp(inst["z1"][0]), mpmath.mpf(0), []
    for t in range(1, T_ + 1):
        laws.append((m, v))
        m, v = (1 - eta[t - 1] * lam) * m + eta[t - 1] * lam * X[t - 1], (1 - eta[t - 1] * lam) ** 2 * v
        if t in tau:
            i = tau.index(t) + 1
            v += i**om * om * (g ** (t - u[i - 1]) * eta[u[i - 1] - 1] * L_) ** 2 / (2 * (om - 1) * eps)
    total = mpmath.mpf(0)
    for t in range(1, T_ + 1):
        i = sum(1 for s in tau if s < t)
        keep = [X[s - 1] for s in range(1, T_ + 1) if s not in u[:i]]
        z = sum(keep) / len(keep)
        mt, vt = laws[t - 1]
        total += lam / 2 * ((mt - X[t - 1]) ** 2 + vt) - lam / 2 * (z - X[t - 1]) ** 2
    return total


def test_theorem_2_regret_quantity_against_hand_recursion():
    X = [[F((-1) ** t)] for t in range(8)]
    inst = regret_instance(X, [F(1)], [F(0)], [6], [3], mu_=F(1), beta_=F(2), eps=F(1, 10), D_=F(2))
    claim = get_claim("olu.thm2")
    q = claim.quantity(claim.with_prescribed(inst))
    assert contains(q, regret_by_hand({**inst, "lam0": F(1)}, "sc"))
    assert evaluate(claim, inst, MAX_PREC).outcome in (WITHIN, VIOLATED)  # evaluated, inside the hypotheses


def test_theorem_2_hypothesis_on_the_deleted_index():
    X = [[F((-1) ** t)] for t in range(8)]
    inst = regret_instance(X, [F(1)], [F(0)], [6], [2], mu_=F(1), beta_=F(2), eps=F(1), D_=F(2))
    assert evaluate(get_claim("olu.thm2"), inst, MAX_PREC).outcome == EXCLUDED  # u = 2 < 1/2 + β/μ


# ---------------------------------------------------------------------------------------------- lemmas


def test_lemma_10_as_printed_fails_at_a_computed_point():
    """a = c = 0, b = 1/2: ‖a − b‖ − ‖c − b‖² = 1/4 > 0 = the right-hand side."""
    inst = {"a10": F(0), "b10": F(1, 2), "c10": F(0)}
    ev = evaluate(get_claim("olu.lem10"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED and ev.observed.startswith("0.25")
    assert evaluate(get_claim("olu.lem10+fix"), inst, MAX_PREC).outcome != VIOLATED


def test_lemma_9_quantity_is_the_root():
    inst = {"a": F(2), "b": F(3), "c9": F(5)}
    x = get_claim("olu.lem9").quantity(inst)
    xm = mpmath.mpf(6) + mpmath.sqrt(mpmath.mpf(14))  # (2c + a)/2 + √(b + ac + a²/4)
    assert contains(x, xm)
    assert abs(xm - mpmath.sqrt(2 * xm + 3) - 5) < mpmath.mpf(10) ** -90


def test_lemma_5_quantity_against_closed_form():
    """c removed points at −1, T − c at +1 (λ = 1): minimisers (T − 2c)/T and 1: distance 2c/T."""
    inst = {"X": [[F(-1)], [F(1)], [F(1)], [F(1)]], "lam": [F(1)], "removed": [1], "c": 1, "T": 4, "mu": F(1),
            "kappa": F(4), "L": F(2)}
    assert contains(get_claim("olu.lem5").quantity(inst), F(1, 2))


def test_lemma_9_quantity_is_its_closed_form_and_the_proof_starts_there():
    """The largest x with x − √(ax + b) ≤ c, found by mpmath at 100 digits (the root of x − √(ax + b) − c, above which
    the left side exceeds c), against the quantity; and the derivation's chain starts from the claim's closed form."""
    from fractions import Fraction as Fr

    import mpmath

    from certunlearn.claims import get_claim
    from certunlearn.claims.olu.regret import CLAIMS as REGRET_CLAIMS
    from certunlearn.derive import check_derivation
    from certunlearn.derive.loader import find_derivation

    claim = next(c for c in REGRET_CLAIMS if c.id == "olu.lem9")
    with mpmath.workdps(100):
        for a_, b_, c_ in ((Fr(1, 100), Fr(0), Fr(7)), (Fr(7), Fr(1000), Fr(1, 100)), (Fr(1), Fr(1), Fr(1))):
            a, b, c = (mpmath.mpf(q.numerator) / q.denominator for q in (a_, b_, c_))
            g = lambda x: x - mpmath.sqrt(a * x + b) - c  # noqa: E731 - increasing for x ≥ a/4
            root = mpmath.findroot(g, (max(c, a / 4), c + a + 2 * mpmath.sqrt(b + a * c) + 1), solver="anderson")
            assert abs(g(root)) < mpmath.mpf(10) ** -60 and g(root + mpmath.mpf(10) ** -9) > 0
            q = claim.quantity({"a": a_, "b": b_, "c9": c_})
            assert abs(mpmath.mpf(q.mid().str(60, radius=False)) - root) < mpmath.mpf(10) ** -12
    result = check_derivation(find_derivation(get_claim("olu.lem9")), get_claim("olu.lem9"))
    assert result.start_status == "checked" and result.link == "identity"
