"""Table 1's corrected regularized accuracy entry (``d2d.table1:regularized-accuracy+fix``, lines 66–71; Theorem 3.4,
lines 279–302; ``proofs/d2d/table1_regularized.py``): the step G(m₂, 𝓘₂) ≤ τ^{3/2}G(m₁, 𝓘), sampled until session 11,
is proved by two Bernoulli inequalities; its stand-ins are the quantity's own G at m = M_34_FIX."""
import mpmath
import pytest
import sympy
from sympy import Rational

from certunlearn.claims import get_claim
from certunlearn.derive import ESTABLISHED, START_STATED, check_derivation, load_derivations
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


@pytest.mark.slow  # the Bernoulli steps by monotonicity and two identities on ρ: about a CPU-minute cold
def test_every_step_is_established_and_the_start_says_why_it_is_stated():
    r = check_derivation(_derivation(), get_claim(CID))
    assert all(s.status in ESTABLISHED for s in r.steps), [(s.index, s.status, s.detail[:200]) for s in r.steps]
    assert r.ok and r.start_status == START_STATED and r.start_status_detail == R.START_REASON
