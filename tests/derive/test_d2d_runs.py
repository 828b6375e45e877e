"""The symbolic runs of ``proofs/d2d/starts.py`` (issue 25, item 3): each, evaluated at exact instances inside its
claim's hypotheses, gives the claim's own quantity; a wrong run (a 0.1 % larger constant, one more step or draw) does
not, and is no identity with the derivation's start."""

import pytest
import sympy
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.derive import find_derivation
from certunlearn.derive.signs import zero_proof
from certunlearn.numeric.enclosure import Decision, to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from proofs.d2d.starts import (
    baseline_growth_run, growth_run, iteration_ratio_run, quadratic_gd_contraction, rationalised_gaps, tail_min_run,
)

from .quantity_forms import checked_instances


def _inside(claim, values):
    return all(h.decide(values) is Decision.TRUE for h in claim.hypotheses)


def _same(q, v):
    """The claim's quantity ``q`` (a Fraction or an arb ball) and the run's exact value ``v`` (a sympy number)."""
    with workprec(256):
        a, b = to_arb(q), to_arb(str(sympy.N(v, 80)))
        return bool((a - b).contains(0)) and a.rad() < arb(2) ** -100


def _first_expanded(d):
    first = d.steps[d.chain_start].lhs
    for _ in range(len(d.where) + 1):
        for sym, val in reversed(d.where):
            first = first.subs(sym, val)
    return first


# =========================================================================== Lemma A.4
def test_the_tail_min_run_is_the_lemA4_quantity():
    claim = get_claim("d2d.lemA.4")
    laws = [([0, 7], [Fraction(2, 3), Fraction(1, 3)]), ([0, 1, 4], [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]),
            ([1, 2, 3], [Fraction(1, 3)] * 3), ([0, 2], [Fraction(1, 2), Fraction(1, 2)])]
    for xs, ps in laws:
        for dl, N in ((Fraction(1, 8), 3), (Fraction(1, 1000), 10)):
            values = {"xs": xs, "ps": ps, "delta": dl, "N": N}
            assert _inside(claim, values)
            q = claim.quantity(values)
            assert tail_min_run(xs, ps, N) == q
            assert tail_min_run(xs, ps, N + 1) != q or q in (0, 1)  # one more draw
    # the symbolic law of the derivation's start: {0, a} with mass q = 1/(2(1 + s)) at a gives q^N
    a, s_, N_ = sympy.symbols("a s N", positive=True)
    qd = 1 / (2 * (1 + s_))
    assert sympy.simplify(tail_min_run((0, a), (1 - qd, qd), N_) - qd**N_) == 0
    with pytest.raises(ValueError):  # a comparison sympy cannot decide is an error, never a guess
        tail_min_run((0, a), (1 - s_, s_), N_)


def test_the_lemA4_start_is_the_run_and_a_wrong_run_is_not():
    d = find_derivation(get_claim("d2d.lemA.4"))
    run = d.symbolic_start.compute()
    first = _first_expanded(d)
    assert zero_proof(first, run) is not None
    s_ = next(x for x in run.free_symbols if x.name == "s")
    assert zero_proof(first, run.subs(s_, s_ * sympy.Rational(1001, 1000))) is None  # a 0.1 % larger s
    assert zero_proof(first, run * sympy.Rational(1, 2)) is None  # one more draw at q = 1/2


# =========================================================================== Theorem 2.13
def _thm213_instance(a, T):
    return {"A": [a], "R": 1, "lo": [-1], "hi": [1], "X": [[Fraction(1, 4)]], "U": [], "theta0": [1], "T": T,
            "m": 1, "M": 3}


@pytest.mark.parametrize("a, T", [(Fraction(3, 2), 3), (Fraction(5, 4), 2), (Fraction(19, 10), 4), (1, 1)])
def test_the_contraction_run_is_the_thm213_quantity(a, T):
    """m = 1, M = 3 (η = 1/2), the 1-d quadratic of curvature a ∈ [m, (m + M)/2), θ* = 1/4, θ_0 = 1: the iterates
    stay in Θ = [−1, 1]; the claim's quantity (projected GD run exactly) is |1 − ηa|^T."""
    claim = get_claim("d2d.thm2.13")
    values = _thm213_instance(a, T)
    assert _inside(claim, values)
    q = claim.quantity(values)
    lam_, eta_, T_ = sympy.Rational(a), sympy.Rational(1, 2), sympy.Integer(T)
    assert _same(q, quadratic_gd_contraction(lam_, eta_, T_))
    assert not _same(q, quadratic_gd_contraction(lam_, eta_ * sympy.Rational(1001, 1000), T_))
    assert not _same(q, quadratic_gd_contraction(lam_, eta_, T_ + 1))


def test_the_thm213_start_is_the_run_and_a_wrong_run_is_not():
    d = find_derivation(get_claim("d2d.thm2.13"))
    run = d.symbolic_start.compute()
    first = _first_expanded(d)
    assert zero_proof(first, run) is not None
    T_ = next(x for x in run.free_symbols if x.name == "T")
    k_ = next(x for x in run.free_symbols if x.name == "k")
    assert zero_proof(first, run.subs(T_, T_ + 1)) is None
    assert zero_proof(first, run.subs(k_, k_ * sympy.Rational(1001, 1000))) is None


# =========================================================================== Claim B.1
@pytest.mark.parametrize("a, c, w, b, g, t", [(1, Fraction(1, 3), 0, 0, 0, -1), (2, 0, Fraction(1, 2), 0, 0, 1),
                                             (2, 0, 1, Fraction(1, 5), -1, -1), (3, Fraction(1, 4), 0, 0, 1, 1)])
def test_the_growth_run_is_the_claimB1_quantity(a, c, w, b, g, t):
    """One coordinate, interior minimiser (a kink, a slope): growth_run gives the claim's exact quantity."""
    claim = get_claim("d2d.claimB.1")
    values = {"a": [a], "c": [c], "w": [w], "b": [b], "g": [g], "lo": [-1], "hi": [1], "theta": [t], "m": 1}
    assert _inside(claim, values)
    q = claim.quantity(values)
    R = [sympy.Rational(v) for v in (a, c, w, b, g, t)]
    assert growth_run(*R) == q
    assert growth_run(R[0] * sympy.Rational(1001, 1000), *R[1:]) != q  # a 0.1 % larger curvature


def test_the_claimB1_start_is_the_run_and_a_wrong_run_is_not():
    d = find_derivation(get_claim("d2d.claimB.1"))
    run = d.symbolic_start.compute()
    first = _first_expanded(d)
    assert zero_proof(first, run) is not None
    m_ = next(x for x in run.free_symbols if x.name == "m")
    assert zero_proof(first, run.subs(m_, m_ * sympy.Rational(1001, 1000))) is None


# =========================================================================== Table 1, iterations
def test_the_iteration_run_is_the_pgd_weak_quantity():
    from certunlearn.formulas.d2d import I, i, i2

    claim = get_claim("d2d.table1:pgd-weak-iterations")
    d = find_derivation(claim)
    run = d.symbolic_start.compute()
    wrong = iteration_ratio_run(i**2 * I + 1, i, i2, (i, i2, I))  # T_i one iteration longer
    insts = checked_instances(claim)
    for values in insts:
        at = {x: sympy.Rational(str(values[x.name])) for x in (i, i2, I)}
        assert sympy.Rational(run.subs(at)) == claim.quantity(values)
    assert not all(sympy.Rational(wrong.subs({x: sympy.Rational(str(v[x.name])) for x in (i, i2, I)}))
                   == claim.quantity(v) for v in insts)
    first = d.steps[d.chain_start].lhs  # as written (the engine compares it first, then with i₂ := i + k substituted)
    assert zero_proof(first, run) is not None and zero_proof(first, wrong) is None
    assert zero_proof(_first_expanded(d), wrong) is None


# =========================================================================== Table 1, baseline (strongly convex rows)
def _ceilings_at(run, env):
    """``run`` with each ⌈max(0, t)⌉ replaced by its integer value at ``env`` (t enclosed on arb, its ceiling decided)."""
    from certunlearn.numeric.sympy_arb import arb_eval

    values = {}
    for atom in run.atoms(sympy.ceiling):
        (t,) = [a for a in atom.args[0].args if a != 0]
        with workprec(256):
            c = arb_eval(t, env).ceil().unique_fmpz()
        assert c is not None
        values[atom] = sympy.Integer(max(0, int(c)))
    return sympy.Integer(run.xreplace(values))


@pytest.mark.parametrize("row", ["pgd", "pgd-perfect"])
def test_the_baseline_run_is_the_quantity(row):
    """⌈max(0, T(n₂))⌉ − ⌈max(0, T(n))⌉ with the gaps rationalised, at the claim's instances: the claim's exact integer;
    with T's factor 2 dropped (γ² for γ) it is not."""
    from certunlearn.formulas.d2d import ACC_ROW, D, GAMMA_SC, M, k, n

    claim = get_claim(f"d2d.table1:{row}-baseline+fix")
    acc = rationalised_gaps(ACC_ROW[row])
    run = baseline_growth_run(acc, n, n + k, M, D, GAMMA_SC)
    wrong = baseline_growth_run(acc, n, n + k, M, D, GAMMA_SC**2)
    agree_run, agree_wrong = [], []
    for values in checked_instances(claim)[:6]:
        env = {x: v for x, v in values.items() if not isinstance(v, (list, dict))}
        env["k"] = Fraction(str(values["n2"])) - Fraction(str(values["n"]))
        q = claim.quantity(values)
        agree_run.append(_ceilings_at(run, env) == q)
        agree_wrong.append(_ceilings_at(wrong, env) == q)
    assert all(agree_run) and not all(agree_wrong)
