"""Online learning–unlearning claims (certunlearn.claims.olu): registered, evaluated exactly, and checked against
independent oracles — closed forms in Fractions, mpmath at 100 digits (numerical Rényi integrals, hand recursions).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""
from fractions import Fraction as F

import mpmath
import pytest
from flint import arb

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.check.runner import check_claim
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.claims import olu as O

from .oracles import contains, mp

mpmath.mp.dps = 100
CLAIMS = all_claims("olu")
MAX_PREC = 1024


def renyi_by_quadrature(a, m0, v0, m1, v1) -> mpmath.mpf:
    """D_α(N(m0, v0) ‖ N(m1, v1)) in 1-D by numerical integration of p^α q^{1−α} (independent of privacy/), at 40
    digits (far below the enclosures' radii)."""
    with mpmath.workdps(40):
        return _renyi_quad(a, m0, v0, m1, v1)


def _renyi_quad(a, m0, v0, m1, v1) -> mpmath.mpf:
    p = lambda x: mpmath.npdf(x, m0, mpmath.sqrt(v0))
    q = lambda x: mpmath.npdf(x, m1, mpmath.sqrt(v1))
    c = (m0 + m1) / 2
    integral = mpmath.quad(lambda x: p(x) ** a * q(x) ** (1 - a), [-mpmath.inf, c - 20, c, c + 20, mpmath.inf])
    return mpmath.log(integral) / (a - 1)


def aligned_linear(omega, alpha=F(3), eps=F(1, 2), eta=F(1, 2)):
    return O.stream_instance(0, [[F(1)]] * 6, [], [0], [5], [1], alpha=alpha, epsilon=eps, omega=omega, L=F(1),
                              eta=eta, gamma=F(1), beta=F(1), mu=F(1, 2))


def sc_counterexample():
    """λ = μ = 1, β = 2, η = 1/(β+μ) = 1/3, z_1 = 3, x_1 = 1 deleted at τ = 4: C3 attained (L = 2)."""
    X = [[F(1)], [F(-1)], [F(1)], [F(-1)]]
    return O.stream_instance(1, X, [F(1)], [F(3)], [4], [1], alpha=F(2), epsilon=F(1), omega=F(3), L=F(2),
                              eta=F(1, 3), mu=F(1), beta=F(2), gamma=F(1))


# ---------------------------------------------------------------------------------------------- registry


def test_registered_claims_cite_lines_and_have_controls():
    ids = {c.id for c in CLAIMS}
    for cid in ("olu.thm1", "olu.cor1:convex", "olu.cor1:sc", "olu.cor1:sc+fix", "olu.lemD.1", "olu.lemD.2", "olu.thm2",
                "olu.thm2:proof", "olu.thm3", "olu.thm5", "olu.thm6", "olu.cor7", "olu.lem5", "olu.lem6", "olu.lem9",
                "olu.lem10", "olu.prop1", "olu.thm4", "olu.thm4+fix", "olu.table2:restart", "olu.table2:retrain",
                "olu.table2:restart-regret-sc", "olu.table2:restart-regret-c", "olu.thm6:regret"):
        assert cid in ids
    assert all("line" in c.source for c in CLAIMS)
    kinds = {c.kind for c in CLAIMS if c.control is Control.NEGATIVE}
    assert {O.Kind.UNLEARNING, O.Kind.REGRET, O.Kind.CONTRACTION, O.Kind.SENSITIVITY, O.Kind.INEQUALITY} <= kinds
    for c in CLAIMS:
        if c.corrects:
            assert c.corrects in ids


# ---------------------------------------------------------------------------------------------- unlearning


@pytest.mark.parametrize("omega", [F(6, 5), F(2), F(5)])
def test_one_aligned_deletion_attains_alpha_eps_times_omega_ratio(omega):
    """Closed form: shift ηL, σ² = ω(ηL)²/(2(ω−1)ε) ⇒ D_α = αε(ω−1)/ω exactly (both directions)."""
    inst = aligned_linear(omega)
    claim = get_claim("olu.thm1")
    (fwd, rev), = O.divergences(claim.with_prescribed(inst), O.gamma)
    expected = F(3) * F(1, 2) * (omega - 1) / omega
    assert contains(fwd, expected) and contains(rev, expected)
    ev = evaluate(claim, inst, MAX_PREC)
    assert ev.outcome == WITHIN


def test_sigma_halved_control_is_violated_at_the_closed_form():
    inst = aligned_linear(F(2))
    ev = evaluate(get_claim("olu.thm1:control-sigma-halved"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED
    assert contains(arb(ev.observed_enclosure.split("+/-")[0].strip("[ ")), F(3))  # 4·αε(ω−1)/ω = 3


def test_corollary_1_strongly_convex_counterexample_against_hand_computation():
    """Hand: the skipped step shifts w_1 by ηλ(z_1 − x_1) = 2/3; three steps of factor 1 − ημ = 2/3 give 16/81 at τ = 4.
    The printed γ = 1/3 calibrates σ² = ω(γ³ηL)²/(2(ω−1)ε); D_α = α·shift²/(2σ²) = 256/3 > αε = 2."""
    inst = sc_counterexample()
    shift = F(2, 3) * F(2, 3) ** 3
    gamma_ = F(1, 3)
    sigma2 = F(3) * (gamma_**3 * F(1, 3) * 2) ** 2 / (2 * 2 * 1)
    expected = 2 * shift**2 / (2 * sigma2)
    assert expected == F(256, 3)
    ev = evaluate(get_claim("olu.cor1:sc"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED
    (fwd, rev), = O.divergences(get_claim("olu.cor1:sc").with_prescribed(inst), O.GAMMA_SC)
    assert contains(fwd, expected) and contains(rev, expected)
    # the corrected γ = 1 − ημ = 2/3 calibrates exactly to the shift: D_α = αε(ω−1)/ω = 4/3
    assert evaluate(get_claim("olu.cor1:sc+fix"), inst, MAX_PREC).outcome == WITHIN
    (fix, _), = O.divergences(get_claim("olu.cor1:sc+fix").with_prescribed(inst), O.GAMMA_SC_FIX)
    assert contains(fix, F(4, 3))


def test_general_covariances_both_directions_against_quadrature():
    """A skipped quadratic step that meets earlier noise: the two laws have different variances; D_α in both
    directions against numerical integration in mpmath (laws by hand: a step is w ↦ w/2 + x_t/2, a skip keeps w)."""
    X = [[F(1)], [F(2)], [F(-1)], [F(0)]]
    inst = O.stream_instance(1, X, [F(1)], [F(0)], [1, 3], [1, 2], alpha=F(5, 2), epsilon=F(1), omega=F(2), L=F(3),
                              eta=F(1, 2), gamma=F(1, 2), beta=F(1), mu=F(1))
    pairs = O.divergences(get_claim("olu.thm1").with_prescribed(inst), O.gamma)
    # σ_i² = i^ω ω (γ^{τ−u} ηL)²/(2(ω−1)ε) = i²(γ^{τ−u}·3/2)²: 9/4 at τ = 1 (i = 1) and at τ = 3 (i = 2)
    noise = {1: mpmath.mpf(9) / 4, 3: mpmath.mpf(9) / 4}

    def run(skip, upto):
        m, v = mpmath.mpf(0), mpmath.mpf(0)
        for t in range(1, upto + 1):
            if t not in skip:
                m, v = m / 2 + mp(X[t - 1][0]) / 2, v / 4
            v += noise.get(t, 0)
        return m, v

    a = mp(F(5, 2))
    for i, t in enumerate([1, 3], start=1):
        (m0, v0), (m1, v1) = run(set(), t), run({1, 2} if i == 2 else {1}, t)
        fwd, rev = pairs[i - 1]
        assert contains(fwd, renyi_by_quadrature(a, m0, v0, m1, v1))
        assert contains(rev, renyi_by_quadrature(a, m1, v1, m0, v0))
    assert run(set(), 3)[1] != run({1, 2}, 3)[1]  # the covariances do differ


def test_noise_free_deleted_states_are_required_for_quadratics():
    inst = sc_counterexample()
    inst["tau"], inst["u"] = [1, 4], [1, 3]  # f_3 would act on a noisy state: outside C3 as encoded
    assert evaluate(get_claim("olu.cor1:sc"), inst, MAX_PREC).outcome == EXCLUDED


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
    inst = O.regret_instance(X, [F(1)], [F(0)], [6], [3], mu_=F(1), beta_=F(2), eps=F(1, 10), D_=F(2))
    claim = get_claim("olu.thm2")
    q = claim.quantity(claim.with_prescribed(inst))
    assert contains(q, regret_by_hand({**inst, "lam0": F(1)}, "sc"))
    assert evaluate(claim, inst, MAX_PREC).outcome in (WITHIN, VIOLATED)  # evaluated, inside the hypotheses


def test_theorem_2_hypothesis_on_the_deleted_index():
    X = [[F((-1) ** t)] for t in range(8)]
    inst = O.regret_instance(X, [F(1)], [F(0)], [6], [2], mu_=F(1), beta_=F(2), eps=F(1), D_=F(2))
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


@pytest.mark.parametrize("cid", [c.id for c in CLAIMS if c.control is Control.NEGATIVE])
def test_negative_controls_come_out_violated(cid):
    assert check_claim(cid, "quick", 0).verdict == "violated"


@pytest.mark.slow
@pytest.mark.parametrize("cid", [c.id for c in CLAIMS if c.control is not Control.NEGATIVE])
def test_every_claim_gets_a_verdict(cid):
    r = check_claim(cid, "quick", 0)
    assert r.verdict in ("holds", "violated"), r.reason
