"""Table 1's corrected regularized accuracy entry (``d2d.table1:regularized-accuracy+fix``, lines 66–71; Theorem 3.4,
lines 279–302; ``proofs/d2d/table1_regularized.py``): the step G(m₂, 𝓘₂) ≤ τ^{3/2}G(m₁, 𝓘), sampled until session 11,
is proved by two Bernoulli inequalities; its stand-ins are the quantity's own G at m = M_34_FIX. The final chain runs
from the claim's quantity, α in the abbreviations P_j, Q_j, and uses r_P = P₂/(τP₁) ≤ 1 and r_Q = Q₂/(τQ₁) = 1."""
import mpmath
import pytest
import sympy
from sympy import Rational

from certunlearn.claims import get_claim
from certunlearn.derive import ESTABLISHED, PROOF_PARTIAL, START_CHECKED, check_derivation, load_derivations, proof_status
from certunlearn.formulas import d2d as C
from proofs.d2d import table1_regularized as R

CID = "d2d.table1:regularized-accuracy+fix"


def _derivation():
    return load_derivations("d2d")[CID]


def test_the_g_step_is_the_old_sampled_statement():
    """1/(a − 1) ≤ 1/(q(z − 1)) with its abbreviations substituted is the statement sampled before:
    1/((1 + τx)^{𝓘/τ^{5/2}} − 1) ≤ τ^{3/2}/((1 + x)^𝓘 − 1)."""
    d = _derivation()
    (g,) = [s for s in d.steps if s.lhs == 1 / (R.a_b - 1)]
    old_l = 1 / ((1 + R.x * R.tau) ** (C.I / R.tau ** Rational(5, 2)) - 1)
    old_r = R.tau ** Rational(3, 2) / ((1 + R.x) ** C.I - 1)
    assert sympy.simplify(d.expand(g.lhs) - old_l) == 0
    assert sympy.simplify(d.expand(g.rhs) - old_r) == 0


def test_the_stand_ins_are_the_quantitys_g_at_the_prescribed_regulariser():
    """At m₁ = M_34_FIX(𝓘), m₂ = M_34_FIX(𝓘₂), x = 2m₁/M, τ = (𝓘/𝓘₂)^{2/5}: G(m, 𝓘) = γ^𝓘/(1 − γ^𝓘) (γ = M/(M + 2m),
    as ρ of formulas.d2d.RHO_34 uses it) is 1/(z − 1) at (m₁, 𝓘) and 1/(a − 1) at (m₂, 𝓘₂), and G₂ ≤ τ^{3/2}G₁ —
    mpmath at 100 digits, on a grid inside Theorem 3.4's hypotheses."""
    with mpmath.workdps(100):
        assert _g_checked(_derivation()) == 2


def _g_checked(d) -> int:
    G = C.GAMMA_REG**C.I / (1 - C.GAMMA_REG**C.I)
    checked = 0
    for vals in ({C.L: 1, C.M: 2, C.D: 1, C.d: 3, C.delta: Rational(1, 100), C.epsilon: 1, C.n: 50, C.I: 2, C.I2: 7},
                 {C.L: 3, C.M: 10, C.D: 2, C.d: 1, C.delta: Rational(1, 10**6), C.epsilon: Rational(1, 2), C.n: 1000,
                  C.I: 1, C.I2: 40}):
        m1 = C.M_34_FIX.subs(vals)
        m2 = C.M_34_FIX.subs({**vals, C.I: vals[C.I2]})
        tau = (Rational(vals[C.I]) / vals[C.I2]) ** Rational(2, 5)
        at = {R.x: 2 * m1 / vals[C.M], R.tau: tau, C.I: vals[C.I]}
        g1 = mpmath.mpf(sympy.N(G.subs({**vals, C.m: m1}), 110))
        g2 = mpmath.mpf(sympy.N(G.subs({**vals, C.m: m2, C.I: vals[C.I2]}), 110))
        z = mpmath.mpf(sympy.N(d.expand(R.z_b).subs(at), 110))
        a = mpmath.mpf(sympy.N(d.expand(R.a_b).subs(at), 110))
        assert abs(g1 - 1 / (z - 1)) < mpmath.mpf(10) ** -80 * g1
        assert abs(g2 - 1 / (a - 1)) < mpmath.mpf(10) ** -80 * g2
        assert g2 <= mpmath.mpf(sympy.N(tau, 110)) ** 1.5 * g1
        checked += 1
    return checked


def test_rho_is_the_form_the_steps_argue_on():
    """The second step's right side is formulas.d2d.RHO_34 at σ = SIGMA_34 (the same expression its left side is)."""
    d = _derivation()
    (s,) = [s for s in d.steps if s.lhs == C.RHO_34.subs(C.sigma, C.SIGMA_34)]
    assert sympy.simplify(s.lhs - s.rhs) == 0


def test_the_final_chain_starts_from_the_quantity_in_its_abbreviations():
    """The final chain's first side, its abbreviations substituted, is the symbolic run of the claim's quantity term for
    term (srepr), and that run is the ratio claims.d2d.tables.table_accuracy_ratio evaluates, ACC_ROW_FIX at 𝓘₂ over
    ACC_ROW_FIX at 𝓘, its gap rationalised: equal to the unrationalised ratio at 100 digits on the grid below."""
    d = _derivation()
    first = [s for s in d.steps if s.lhs is not None][-1].lhs
    run = d.symbolic_start.compute()
    assert sympy.srepr(d.expand(first)) == sympy.srepr(run)
    plain = C.ACC_ROW_FIX["regularized"].subs(C.I, C.I2) / C.ACC_ROW_FIX["regularized"]
    for vals in _GRID[::7]:
        a, b = (sympy.N(e.subs(vals), 100) for e in (run, plain))
        assert abs(a - b) <= sympy.Float(10, 100) ** -90 * abs(b)


def test_the_growth_of_p_is_at_most_tau_where_the_final_step_uses_it():
    """r_P = P₂/(τP₁) ≤ 1 (the fact the earlier steps establish in stand-ins, the final step's condition) and
    r_Q = Q₂/(τQ₁) = 1, evaluated at 100 digits (mpmath) at the abbreviations' own expressions, on a grid inside
    Theorem 3.4's hypotheses (r_P reaches within 1 % of 1 there: the condition is not slack by construction)."""
    d = _derivation()
    r_p, r_q = d.expand(R.rP), d.expand(R.rQ)
    worst = mpmath.mpf(0)
    with mpmath.workdps(100):
        for vals in _GRID:
            p = mpmath.mpf(sympy.N(r_p.subs(vals), 110))
            assert 0 < p <= 1
            worst = max(worst, p)
            assert abs(mpmath.mpf(sympy.N(r_q.subs(vals), 110)) - 1) < mpmath.mpf(10) ** -90
    assert worst > mpmath.mpf("0.99")


_GRID = [{C.L: L, C.M: M, C.D: 1, C.d: dd, C.delta: Rational(1, 10**6), C.epsilon: eps, C.n: nn, C.beta: b,
          C.I: I1, C.I2: I1 + k}
         for L, dd, b in ((1, 1, Rational(1, 20)), (10, 5, Rational(1, 2))) for M in (1, 100) for eps in (Rational(1, 10), 2)
         for nn in (10, 10**6) for I1 in (1, 20) for k in (1, 50)]


@pytest.mark.slow  # the Bernoulli steps by monotonicity and two identities on ρ: about a CPU-minute cold
def test_every_step_is_established_and_the_chain_starts_from_the_quantity():
    """Every step established, the start checked, the link an identity — and still ``partial`` (the rule of 3ecb90e):
    the Bernoulli lemmas are stated on stand-ins (τ, q, a, b) and applied in the justifications, so their conditions
    and the chain's r_P ≤ 1 are assumed; exactly those, nothing else keeps the proof from ``complete``."""
    r = check_derivation(_derivation(), get_claim(CID))
    assert all(s.status in ESTABLISHED for s in r.steps), [(s.index, s.status, s.detail[:200]) for s in r.steps]
    assert r.ok and r.start_status == START_CHECKED, r.start_status_detail
    assert all(x.status == "proved" for x in r.definitions), [(x.symbol, x.status) for x in r.definitions]
    assumed = sorted({c.text for s in r.steps for c in s.assumed})
    assert assumed == ["b_b <= a_b", "q_b >= 1", "r_P <= 1", "tau <= 1"], assumed
    assert proof_status(r) == PROOF_PARTIAL
