"""Verdict changes caused by the generated boundary adversaries (issue 23 item 2), each confirmed independently at
100 digits (mpmath) inside the printed hypotheses.

olu.thm6 (Theorem 6, lines 270–274; Algorithm 2, lines 921–938; σ_i of eq. (40)): at ε → 0⁺ (the boundary of
ε > 0) the D_α of Algorithm 2 against its reference process stops scaling with ε. σ_i² ∝ 1/ε scales both laws'
variances alike, so the mean term of D_α falls with ε, but a deleted step that meets earlier noise leaves the two
variances in a fixed ratio ≠ 1, whose log term does not depend on ε: below some ε it exceeds αε.
"""

import mpmath

from certunlearn.check.evaluate import evaluate
from certunlearn.claims.registry import get_claim
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction

mp = mpmath.mp

# the boundary instance the generated family finds (thm6_instances' first, ε moved to 2⁻⁴⁰)
THM6 = {"family": 1, "X": [[Fraction((-1) ** t)] for t in range(10)], "lam": [Fraction(1)], "z1": [Fraction(0)],
        "tau": [2, 3, 10], "u": [1, 3, 4], "alpha": Fraction(2), "epsilon": Fraction(1, 2**40), "omega": Fraction(3),
        "L": Fraction(2), "D": Fraction(2), "eta": Fraction(1, 2), "mu": Fraction(1), "beta": Fraction(2),
        "I_1": [1, 1, 3], "I_2": 3}


def _alg2(v, reference):
    """(mean, variance) of Algorithm 2's output at each time (1-d, f_t = ½λ(z − x_t)², K = ℝ), or of its reference
    process for interval ``reference`` (f_{u[1:i]} never seen), in mpmath."""
    x = [mp.mpf(p[0].numerator) / p[0].denominator for p in v["X"]]
    lam, eta = mp.mpf(1), mp.mpf(v["eta"].numerator) / v["eta"].denominator
    mu, beta, L, om = (mp.mpf(v[k].numerator) / v[k].denominator for k in ("mu", "beta", "L", "omega"))
    eps = mp.mpf(v["epsilon"].numerator) / v["epsilon"].denominator
    gamma, h = (beta / mu - 1) / (beta / mu + 1), 1 / (beta + mu)
    tau, u, gone = v["tau"], v["u"], set(v["u"][:reference])
    m, var, out = mp.mpf(0), mp.mpf(0), {}

    def gd(S, step, m, var):  # one step on the average of f_s, s ∈ S: z ↦ (1 − step·λ)z + step·λ·mean(x_S)
        a = 1 - step * lam
        return a * m + step * lam * mp.fsum(x[s - 1] for s in S) / len(S), a * a * var

    for t in range(1, len(x) + 1):
        if t not in gone:
            m, var = gd([t], eta, m, var)
        if t in tau:
            i = tau.index(t) + 1
            seen = [s for s in range(1, t + 1) if s not in gone and s not in u[:i - 1]]
            kept = [s for s in seen if s not in u[:i]]
            for _ in range(v["I_1"][i - 1]):
                m, var = gd(seen if not reference else kept, h, m, var)
            for _ in range(v["I_2"]):
                m, var = gd(kept, h, m, var)
            sigma = (gamma ** v["I_2"] * mp.sqrt(i ** om * om / (2 * (om - 1) * eps))  # eq. (40), η_{u[i]} = η
                     * L * (6 * i + L * gamma ** (t - u[i - 1]) * eta) / (t * mu))
            var += sigma ** 2
        out[t] = (m, var)
    return out


def _renyi(a, P, Q):
    (m1, v1), (m2, v2) = P, Q
    va = a * v2 + (1 - a) * v1
    return a * (m1 - m2) ** 2 / (2 * va) - mp.log(va / (v1 ** (1 - a) * v2 ** a)) / (2 * (a - 1))


def test_olu_thm6_is_violated_at_small_epsilon_inside_the_printed_hypotheses():
    v = THM6
    claim = get_claim("olu.thm6")
    assert all(h.decide(v) is Decision.TRUE for h in claim.hypotheses)
    # the hypotheses by hand: γ = 1/3, μDτ/L = τ; log_3 2, log_3 3, log_3 10 ≤ I_1 = 1, 1, 3; 2.2·log_3 3 ≤ I_2 = 3;
    # μ = 1 ≤ λ = 1 ≤ β = 2; |∇f| = |z − x| ≤ 2 = L on the ball of diameter 2; ηβ = 1; τ[i−1] ≤ u[i] ≤ τ[i]
    assert all(3 ** i1 >= t for i1, t in zip(v["I_1"], v["tau"])) and 3 ** (v["I_2"] * 5) >= 3 ** 11
    with mp.workdps(100):
        alg = _alg2(v, 0)
        worst = max(_renyi(mp.mpf(2), alg[t], _alg2(v, i)[t]) for i, t in enumerate(v["tau"], start=1))
        bound = 2 * mp.mpf(1) / 2**40
        assert worst > 10**5 * bound  # D_α ≈ 1.9·10⁻⁶ against αε ≈ 1.8·10⁻¹²
        ev = evaluate(claim, v, 512)
        assert ev.outcome == "violated"
        assert abs(mp.mpf(ev.observed) - worst) < mp.mpf(10) ** -8 * worst
    # the same instance at ε = 1 (its family's) is within: the violation is the boundary's
    with mp.workdps(100):
        at1 = {**v, "epsilon": Fraction(1)}
        alg = _alg2(at1, 0)
        assert max(_renyi(mp.mpf(2), alg[t], _alg2(at1, i)[t]) for i, t in enumerate(v["tau"], start=1)) < 2
