"""olu derivations whose start is checked against the claim's quantity (issue 25, item 3): the closed form the start
is compared with is what the claim's quantity computes (an independent mpmath evaluation), and a wrong start is a
mismatch."""
import dataclasses

import mpmath
import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.olu.borrowed import lema_quantity
from certunlearn.claims.olu.families import lema_instance
from certunlearn.numeric.enclosure import Decision
from certunlearn.derive import PROOF_COMPLETE, START_CHECKED, START_MISMATCH, check_derivation, load_derivation
from certunlearn.formulas.gaussian import x_out
from certunlearn.formulas.olu import LEMA_DEFINITION, Dl2, s2
from certunlearn.formulas.symbols import alpha
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F


def _definition_by_quadrature(expr, a, d2, v) -> mpmath.mpf:
    """``expr`` (log of one real-line integral over α − 1) at (α, Δ², σ²), the integral by mpmath quadrature."""
    (integral,) = expr.atoms(sympy.Integral)
    f = sympy.lambdify([x_out, alpha, Dl2, s2], integral.function, "mpmath")
    with mpmath.workdps(40):
        a, d2, v = (mpmath.mpf(z.numerator) / z.denominator for z in (F(a), F(d2), F(v)))
        mid = mpmath.sqrt(d2) / 2
        value = mpmath.quad(lambda t: f(t, a, d2, v), [-mpmath.inf, mid - 20, mid, mid + 20, mpmath.inf])
        return mpmath.log(value) / (a - 1)


@pytest.mark.parametrize("inst", [(F(7, 2), F(3, 5), [F(1, 3), 1], [F(-2), 0]), (2, F(1, 7), [3, -1], [0, 3])])
def test_lema_definition_is_the_quantity(inst):
    """Lemma A's quantity (the general diagonal-covariance formula, exact) against its quantity_expr, the defining
    integral at Δ² = ‖μ₀ − μ₁‖² by quadrature; the same integral at 2σ² is not the quantity."""
    a, v, m0, m1 = inst
    values = lema_instance(a, v, m0, m1)
    exact = lema_quantity(values)
    assert isinstance(exact, RATIONAL_TYPES)
    with mpmath.workdps(40):
        q = mpmath.mpf(exact.numerator) / exact.denominator
        got = _definition_by_quadrature(LEMA_DEFINITION, a, values["Delta2"], v)
        assert abs(got - q) < mpmath.mpf(10) ** -25 * (1 + abs(q)), (got, q)
        wrong = _definition_by_quadrature(LEMA_DEFINITION.subs(s2, 2 * s2), a, values["Delta2"], v)
        assert abs(wrong - q) > mpmath.mpf(10) ** -3 * abs(q)


def test_lema_starts_from_the_definition_and_is_complete():
    claim = get_claim("olu.lemA")
    assert claim.quantity_expr == LEMA_DEFINITION
    r = check_derivation(load_derivation("olu.lemA"), claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail


@pytest.mark.slow  # the engine tries sympy's integration on both integrals before it says mismatch: ~80 CPU-s
def test_lema_wrong_start_is_a_mismatch():
    claim = get_claim("olu.lemA")
    wrong = dataclasses.replace(claim, quantity_expr=LEMA_DEFINITION.subs(s2, 2 * s2))
    assert check_derivation(load_derivation("olu.lemA"), wrong).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma D
#: (M, m or ρ, ϑ) → the instance {lam: [λ], eta, M, m}: λ = lo + ϑ(M − lo) in the hypothesis's interval
LEMD = {
    "olu.lemD.2": lambda M, m, t: {"lam": [m + t * (M - m)], "eta": 2 / (M + m), "M": M, "m": m},
    "olu.lemD.1+fix": lambda M, r, t: {"lam": [t * M], "eta": 2 * r / M, "M": M, "m": M / 2},
}


@pytest.mark.parametrize("cid", sorted(LEMD))
def test_lemd_symbolic_start_is_the_quantity(cid):
    """The run equals the claim's own quantity (max_k |1 − ηλ_k|) exactly at one-eigenvalue instances inside the
    hypotheses (λ at both ends and inside the interval); a 0.1 % larger step size is a different start."""
    claim = get_claim(cid)
    d = load_derivation(cid)
    expr = d.symbolic_start.compute()
    names = {s.name: s for s in expr.free_symbols}
    second = "m" if cid == "olu.lemD.2" else "rho"
    assert set(names) <= {"M", second, "vartheta"} and {second, "vartheta"} <= set(names)  # η = 2ρ/M, λ = ϑM: M cancels
    for M, x, t in ((F(4), F(1, 3), F(0)), (F(4), F(1, 3), F(1)), (F(100), F(7, 10), F(2, 9)), (F(1), F(1), F(1, 2))):
        values = LEMD[cid](M, x, t)
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), (cid, values)
        at = {names[second]: sympy.Rational(x), names["vartheta"]: sympy.Rational(t)}
        at.update({names["M"]: sympy.Rational(M)} if "M" in names else {})
        assert sympy.Rational(claim.quantity(values)) == expr.subs(at), (cid, values)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(
        d.symbolic_start, compute=lambda: expr.replace(sympy.Abs, lambda z: sympy.Abs(1 - (1 - z) * sympy.Rational(1001, 1000)))))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


def test_thm6_regret_fix_steps_proved_from_the_horizon():
    """Theorem 6's stated regret (corrected) at k = 0: with the horizon T ≥ 1 (log T ≥ 0) and G₂ ≥ 0 every step is
    proved (they were sampled only); without the conditions the last two are not."""
    d = load_derivation("olu.thm6:regret+fix")
    claim = get_claim("olu.thm6:regret+fix")
    r = check_derivation(d, claim)
    assert [s.status for s in r.steps][1:] == ["proved", "proved"], [s.detail for s in r.steps]
    bare = check_derivation(dataclasses.replace(d, conditions=()), claim)
    assert all(s.status not in ("proved", "proved-on-box", "identity") for s in bare.steps[1:])


# ---------------------------------------------------------------------------------------------- Lemma 9
def test_lem9_square_root_step_proved_and_used():
    """Line 827's √(u + v) ≤ √u + √v is proved on its own (step 1) and is exactly the condition the chain's step uses:
    every step established, the derivation complete; without that condition the chain's step is not proved."""
    from proofs.olu import LEM9_ROOTS, R9, U9, lem9

    d = lem9()
    where = dict(d.where)
    first = d.steps[0]
    assert sympy.simplify(first.lhs - where[R9]) == 0 and sympy.simplify(first.rhs - LEM9_ROOTS.rhs.subs(U9, where[U9])) == 0
    assert d.steps[1].conditions == (LEM9_ROOTS,)
    claim = get_claim("olu.lem9")
    r = check_derivation(d, claim)
    assert r.proof == PROOF_COMPLETE and [s.status for s in r.steps] == ["proved", "proved", "identity", "proved"]


@pytest.mark.slow  # the engine's retries on the bare step: ~10 s
def test_lem9_chain_step_needs_the_square_root_step():
    from proofs.olu import lem9

    d = lem9()
    claim = get_claim("olu.lem9")
    bare = dataclasses.replace(d, steps=(d.steps[0], dataclasses.replace(d.steps[1], conditions=())) + d.steps[2:])
    assert check_derivation(bare, claim).steps[1].status != "proved"


# ---------------------------------------------------------------------------------------------- Table 2 baselines
@pytest.mark.parametrize("cid", ["olu.table2:restart", "olu.table2:retrain"])
def test_table2_baseline_symbolic_run(cid):
    """The symbolic run of the baseline gives D_α = 0 (equal point masses on every interval) and the start is checked;
    plain OGD (the negative control's algorithm: nothing unlearned) gives +∞, a mismatch."""
    from proofs.olu.runs import baseline_run

    d = load_derivation(cid)
    claim = get_claim(cid)
    assert d.symbolic_start.compute() == 0
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    assert baseline_run("ogd") == sympy.oo
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(d.symbolic_start, compute=lambda: baseline_run("ogd")))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma 8
def test_lem8_symbolic_start_is_the_quantity():
    """The start λ²r² is the claim's own quantity (lem8_parts, quadratic family) at one-coordinate instances inside
    the hypotheses, its gap λr²/2 the instance's gap; the derivation is complete; a 0.1 % larger start is a mismatch."""
    from proofs.olu.runs import lam8, quadratic_gradient_parts, r8

    claim = get_claim("olu.lem8")
    d = load_derivation("olu.lem8")
    grad2, gap = quadratic_gradient_parts(lam8, r8)
    assert d.symbolic_start.compute() == grad2
    for lam_, c, x_, b_ in ((F(3), F(1), F(5, 2), F(4)), (F(7, 3), F(-2), F(1, 5), F(7, 3)), (F(0), F(1), F(3), F(1))):
        at = {lam8: sympy.Rational(lam_), r8: sympy.Rational(x_ - c)}
        values = {"f": 0, "lam": [lam_], "centre": [c], "x": [x_], "delta": 1, "beta": b_, "gap": F(str(gap.subs(at)))}
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        assert sympy.Rational(claim.quantity(values)) == grad2.subs(at)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(
        d.symbolic_start, compute=lambda: grad2 * sympy.Rational(1001, 1000)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma C
def test_lemc_symbolic_start_is_the_quantity():
    """The start is the claim's own quantity (lemc_quantity) at instances μ = N(0, v), ν = N(θa, v), e = 0 inside the
    hypotheses (exact Fractions); the derivation is complete; a changed variance (σ² for v + σ²) is a mismatch."""
    from proofs.olu.common import theta
    from proofs.olu.runs import lemc_run, v_c
    from certunlearn.formulas.olu import a_shift

    claim = get_claim("olu.lemC")
    d = load_derivation("olu.lemC")
    expr = lemc_run()
    for al, v, th, a_, s in ((F(2), F(0), F(1), F(3), F(1, 2)), (F(7, 2), F(5, 3), F(1, 3), F(2), F(4)),
                             (F(11, 10), F(1, 7), F(9, 10), F(1, 2), F(3))):
        values = {"alpha": al, "m0": [0], "v0": [v], "m1": [th * a_], "v1": [v], "e": 0, "a": a_, "sigma2": s}
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        at = {alpha: sympy.Rational(al), v_c: sympy.Rational(v), theta: sympy.Rational(th), a_shift: sympy.Rational(a_),
              s2: sympy.Rational(s)}
        assert sympy.Rational(claim.quantity(values)) == expr.subs(at)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(d.symbolic_start, compute=lambda: expr.subs(v_c, 0)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma B
def test_lemb_symbolic_start_is_the_quantity():
    """The start is the claim's own quantity (lemb_quantity) at 1-D instances with equal variances and h(x) = ax + c +
    N(0, w), a > 0 (noiseless too); the derivation is complete; dropping h's noise from the run is a mismatch."""
    from proofs.olu.runs import D_b, a_b, lemb_run, v_b, w_b

    claim = get_claim("olu.lemB")
    d = load_derivation("olu.lemB")
    expr = lemb_run()
    for al, m0, m1, v, a_, c, w in ((F(2), F(1), F(-1), F(1, 2), F(3), F(5), F(1)), (F(7, 2), F(0), F(2, 3), F(4), F(1, 3), F(0), F(0)),
                                    (F(11, 10), F(-3), F(2), F(3), F(2), F(-1), F(9, 2))):
        values = {"alpha": al, "m0": [m0], "v0": [v], "m1": [m1], "v1": [v], "amap": [a_], "c": [c], "w": [w]}
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        at = {alpha: sympy.Rational(al), D_b: sympy.Rational(m0 - m1), v_b: sympy.Rational(v), a_b: sympy.Rational(a_),
              w_b: sympy.Rational(w)}
        assert sympy.Rational(claim.quantity(values)) == expr.subs(at)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(d.symbolic_start, compute=lambda: expr.subs(w_b, 0)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma E
def test_leme_symbolic_start_is_the_quantity():
    """The start |1 − ηλ|^T·√R₀ is the claim's own quantity (leme_quantity: T GD steps on the average of two quadratics)
    at one-coordinate instances with λ = μ + θ(β − μ) inside the hypotheses; the derivation is complete; one step more
    (the power T + 1) is a mismatch."""
    from certunlearn.claims.olu.families import leme_instance
    from certunlearn.formulas.olu import R0, T, mu
    from proofs.olu.common import b, theta
    from proofs.olu.runs import leme_run

    claim = get_claim("olu.lemE")
    d = load_derivation("olu.lemE")
    expr = leme_run()
    for m, bb, th, t_, x1, x2, w0 in ((F(1), F(2), F(1), 3, F(1), F(-1), F(5)), (F(1, 2), F(7), F(1, 3), 7, F(2), F(3), F(-1)),
                                      (F(3), F(1, 10), F(1, 2), 1, F(0), F(4), F(1)), (F(2), F(5), F(2, 3), 0, F(1), F(2), F(9))):
        values = leme_instance([[x1], [x2]], [m + th * bb], [w0], t_, m, m + bb)
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        at = {mu: sympy.Rational(m), b: sympy.Rational(bb), theta: sympy.Rational(th), T: t_, R0: sympy.Rational(values["R_0"])}
        assert sympy.Rational(claim.quantity(values)) == sympy.nsimplify(expr.subs(at))
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail


@pytest.mark.slow  # the whole chain is checked again with the wrong start: ~10 CPU-s cold
def test_leme_wrong_start_is_a_mismatch():
    from certunlearn.formulas.olu import T
    from proofs.olu.runs import leme_run

    claim = get_claim("olu.lemE")
    d = load_derivation("olu.lemE")
    expr = leme_run()
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(
        d.symbolic_start, compute=lambda: expr.replace(sympy.Pow, lambda base, e: base ** (e + 1) if e == T else base**e)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Theorem 1, Corollary 1
def _alg1_instance(cid, al, ep, om, L_, lam_, eta_, z1, x2, x3):
    """One deletion (u = 1 at τ = 2; line 3's indexing: τ = 3) of T = 3 losses, d = 1, f_1's gradient at z_1 of norm L: the symbolic run's instance."""
    v = {"alpha": al, "epsilon": ep, "omega": om, "L": L_, "z1": [z1], "eta": eta_, "u": [1],
         "tau": [3] if cid == "olu.alg1:printed-step+fix" else [2]}
    if cid == "olu.cor1:convex":
        return {**v, "family": 0, "X": [[L_], [x2], [x3]], "beta": 2 / eta_}
    v = {**v, "family": 1, "X": [[z1 + L_ / lam_], [x2], [x3]], "lam": [lam_]}
    if cid in ("olu.thm1", "olu.alg1:printed-step+fix"):
        return {**v, "gamma": 1 - eta_ * lam_}
    return {**v, "mu": lam_, "beta": 3 * lam_}  # olu.cor1:sc+fix: curvature μ, η ≤ 2/(β + μ)


@pytest.mark.parametrize("cid", ["olu.thm1", "olu.cor1:convex", "olu.cor1:sc+fix", "olu.alg1:printed-step+fix"])
def test_alg1_first_release_is_the_quantity(cid):
    """The run's D_α is the claim's own quantity (unlearning_quantity, an arb enclosure) at one-deletion instances inside
    the hypotheses: the enclosure holds the run's exact value and excludes it 0.1 % larger; the derivation is complete."""
    from certunlearn.formulas.olu import L, eta, mu, omega
    from certunlearn.formulas.symbols import epsilon
    from certunlearn.numeric.enclosure import to_arb
    from proofs.olu.common import lam

    d = load_derivation(cid)
    claim = get_claim(cid)
    expr = d.symbolic_start.compute()
    for al, ep, om, L_, lam_, eta_, z1, x2, x3 in ((F(3), F(1, 2), F(6, 5), F(2), F(1), F(1, 4), F(1, 3), F(1), F(-2)),
                                                   (F(11, 10), F(4), F(3), F(1, 2), F(5), F(1, 10), F(0), F(1, 3), F(-1, 4))):
        values = _alg1_instance(cid, al, ep, om, L_, lam_, eta_, z1, x2, x3)
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), (cid, values)
        at = {alpha: sympy.Rational(al), epsilon: sympy.Rational(ep), omega: sympy.Rational(om), L: sympy.Rational(L_),
              eta: sympy.Rational(eta_), lam: sympy.Rational(lam_), mu: sympy.Rational(lam_)}
        exact = F(str(sympy.Rational(sympy.simplify(expr.subs(at)))))
        q = claim.quantity(values)
        assert q.contains(to_arb(exact)) and not q.contains(to_arb(exact * F(1001, 1000))), (cid, q, exact)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(d.symbolic_start, compute=lambda: expr * 2))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma 3
def test_lem3_symbolic_start_is_the_quantity():
    """The start is the claim's own quantity (lem3_quantity: the CNI's laws, D_α^{(e₂)} at e₂ = 0) at T = 2 instances
    inside the hypotheses; the derivation is complete; a run with the second shift dropped is a mismatch."""
    from certunlearn.formulas.olu import gamma
    from proofs.olu.runs import A3_1, A3_2, c3a, c3b, lem3_run, s3a, s3b, theta_a as theta, v3a, v3b, z3

    claim = get_claim("olu.lem3")
    d = load_derivation("olu.lem3")
    expr = lem3_run()
    for al, g, th, s1, s2_, v1, v2, z0, c1, c2 in ((F(2), F(1, 2), F(1, 3), F(3), F(1), F(1), F(2), F(1), F(0), F(5)),
                                                   (F(7, 2), F(1), F(1), F(1, 2), F(2), F(3), F(1, 4), F(-2), F(1), F(1))):
        at = {alpha: sympy.Rational(al), gamma: sympy.Rational(g), theta: sympy.Rational(th), s3a: sympy.Rational(s1),
              s3b: sympy.Rational(s2_), v3a: sympy.Rational(v1), v3b: sympy.Rational(v2), z3: sympy.Rational(z0),
              c3a: sympy.Rational(c1), c3b: sympy.Rational(c2)}
        a1, a2 = (F(str(sympy.Rational(e.subs(at)))) for e in (A3_1, A3_2))
        values = {"alpha": al, "gamma": g, "z0": [z0], "A": [[g], [g]], "C": [[c1], [c2]], "C2": [[c1 - s1], [c2 - s2_]],
                  "S2": [v1, v2], "a": [a1, a2], "R": al * a1**2 / (2 * v1) + al * a2**2 / (2 * v2)}
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        assert sympy.Rational(claim.quantity(values)) == sympy.simplify(expr.subs(at))
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(d.symbolic_start, compute=lambda: expr.subs(s3b, 0)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


def test_projected_first_release_is_the_quantity():
    """The run is olu.alg1:projected's own quantity (projected_quantity, exact) on its instance at several (α, ε, ω)
    inside the hypotheses; the derivation is complete; the run with σ₁² 10 % smaller is a mismatch."""
    from certunlearn.claims.olu.printed import BOX, projected_instance
    from certunlearn.formulas.olu import omega
    from certunlearn.formulas.symbols import epsilon
    from proofs.olu.runs import projected_first_release

    claim = get_claim("olu.alg1:projected")
    d = load_derivation("olu.alg1:projected")
    expr = projected_first_release()
    for al, ep, om in ((F(2), F(1), F(6, 5)), (F(11, 10), F(1, 3), F(20)), (F(50), F(7), F(3))):
        values = projected_instance(0, [[1], [F(1, 2)], [-1]], [0], BOX, {"lo": [-2], "hi": [2]}, 2, 1, eta_=F(1, 2),
                                    beta_=4, L_=1, omega_=om, alpha_=al, epsilon_=ep)
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        at = {alpha: sympy.Rational(al), epsilon: sympy.Rational(ep), omega: sympy.Rational(om)}
        assert sympy.Rational(claim.quantity(values)) == sympy.simplify(expr.subs(at))
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(
        d.symbolic_start, compute=lambda: expr * sympy.Rational(10, 9)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemmas 5, 6
@pytest.mark.parametrize("cid", ["olu.lem5", "olu.lem6"])
def test_stability_run_is_the_quantity(cid):
    """The run |x₁ − x₂|/2 is the claims' own quantity (_stability_quantity, an arb enclosure) at T = 2, c = 1 instances
    inside the hypotheses (excluding it 0.1 % larger); the derivation is complete; the run's double is a mismatch."""
    from certunlearn.numeric.enclosure import to_arb
    from proofs.olu.runs import lam_s, stability_run, x_s1, x_s2

    claim = get_claim(cid)
    d = load_derivation(cid)
    expr = stability_run()
    for x1, x2, lam_ in ((F(3), F(-1), F(1, 2)), (F(1, 3), F(1, 2), F(7))):
        curv = {"mu": lam_} if cid == "olu.lem5" else {"kappa": 2 * lam_}
        values = {"X": [[x1], [x2]], "lam": [lam_], "removed": [1], "c": 1, "T": 2, "L": lam_ * abs(x1 - x2), **curv}
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        exact = F(str(expr.subs({x_s1: sympy.Rational(x1), x_s2: sympy.Rational(x2), lam_s: sympy.Rational(lam_)})))
        q = claim.quantity(values)
        assert q.contains(to_arb(exact)) and not q.contains(to_arb(exact * F(1001, 1000))), (q, exact)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(d.symbolic_start, compute=lambda: 2 * expr))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Table 2, computation
def test_computation_run_is_the_quantity():
    """The closed form (⌈l₁⌉ + ⌈2.2 l₂⌉)/(2.2(l₁ + l₂) + 2) is the claim's own quantity (computation_ratio: Algorithm 2's
    iteration count on a run with fewest_steps, an arb enclosure), maximised over the deletions, at instances inside
    the hypotheses (mpmath, 50 digits; 0.1 % larger excluded); the derivation is complete; floors for ceilings are a
    mismatch."""
    from flint import arb

    from proofs.olu.runs import computation_run, l_c1, l_c2

    claim = get_claim("olu.table2:computation-active")
    d = load_derivation("olu.table2:computation-active")
    expr = computation_run()
    for r, scale, kk in ((F(2), F(7, 2), 1), (F(10), F(10**6), 2), (F(100), F(1), 3)):
        values = {"mu": F(1), "beta": r, "D": F(1), "L": 1 / scale, "tau": [F(t) for t in range(1, kk + 1)], "k": F(kk)}
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        g = (r - 1) / (r + 1)
        inv = sympy.log(1 / sympy.Rational(g))
        best = max(expr.subs({l_c1: sympy.log(scale * t) / inv, l_c2: sympy.log(kk) / inv}) for t in range(1, kk + 1))
        value = arb(str(sympy.N(best, 50)), 1e-40)
        q = claim.quantity(values)
        assert q.overlaps(value) and not q.overlaps(value * arb("1.001")), (q, best)
    r_ = check_derivation(d, claim)
    assert r_.start_status == START_CHECKED and r_.proof == PROOF_COMPLETE, r_.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(
        d.symbolic_start, compute=lambda: expr.replace(sympy.ceiling, sympy.floor)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma 7
def test_lem7_run_is_the_quantity():
    """The start is the claim's own quantity (lem7_quantity, f = 1/√x, an arb enclosure) at one-term instances inside
    the hypotheses (mpmath, 50 digits; 0.1 % larger excluded); the derivation is complete; the integral's factor 2
    dropped is a mismatch."""
    from flint import arb

    from certunlearn.claims.olu.families import lem7_instance
    from proofs.olu.runs import a7_0, a7_1, lem7_run

    claim = get_claim("olu.lem7")
    d = load_derivation("olu.lem7")
    expr = lem7_run()
    for a0, a1 in ((F(0), F(3)), (F(1), F(1, 100)), (F(7, 2), F(100))):
        values = lem7_instance(1, a0, [a1])
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        value = arb(str(sympy.N(expr.subs({a7_0: sympy.Rational(a0), a7_1: sympy.Rational(a1)}), 50)), 1e-40)
        q = claim.quantity(values)
        assert q.overlaps(value) and not q.overlaps(value * arb("1.001")), (q, value)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(d.symbolic_start, compute=lambda: 2 * expr))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Proposition 1, Lemma 2
@pytest.mark.parametrize("cid", ["olu.prop1", "olu.lem2"])
def test_group_run_is_the_quantity(cid):
    """The run is the claim's own quantity (prop1_quantity / group_quantity, arb enclosures) on the Gaussian chain
    N(im, s²), k = 2, inside the hypotheses (0.1 % larger excluded); the derivation is complete; twice the run is a
    mismatch."""
    from certunlearn.numeric.enclosure import to_arb
    from proofs.olu.runs import group_run, m_g, s2_g

    claim = get_claim(cid)
    d = load_derivation(cid)
    expr = group_run("from-zero" if cid == "olu.prop1" else "all")
    for al, m, v in ((F(4), F(1, 2), F(1)), (F(9), F(3), F(7, 2))):
        values = {"family": 1, "chain": [0, m, 2 * m], "s2": v, "k": 2, "alpha": al,
                  "epsilon": al * m * m / (2 * v) * F(11, 10)}
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses), values
        exact = F(str(sympy.simplify(expr.subs({alpha: sympy.Rational(al), m_g: sympy.Rational(m), s2_g: sympy.Rational(v)}))))
        q = claim.quantity(values)
        assert q.overlaps(to_arb(exact)) and not q.overlaps(to_arb(exact * F(1001, 1000))), (q, exact)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(d.symbolic_start, compute=lambda: 2 * expr))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH
