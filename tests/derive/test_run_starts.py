"""Starts checked against the claim's quantity computed at symbolic input (issue 25, item 3), two new kinds:

* the median's retain sensitivity (retain Lemma C.1, Lemma 3.1 and its '≥' half): the reference median
  (``algorithms.retain.stats.median``) run on five symbolic points in increasing order;
* Rewind-to-Delete's prescribed σ (Theorem 3.1, Remark 3.3, the experiments' certificates): Balle & Wang's δ at the
  claim's prescribed σ and κ·(the proof's shift bound, from Lemmas B.2–B.3's formulas).

Each run is the claim's quantity (it agrees with the claim's own code at instances), and a start off by a 0.1 % factor,
or a run with a changed constant, is a ``mismatch``: the comparison can fail.
"""
from types import SimpleNamespace

import pytest
import sympy
from flint import arb

from certunlearn.algorithms.retain.stats import median_brute_force_rs
from certunlearn.claims import get_claim
from certunlearn.derive import START_CHECKED, START_MISMATCH, Derivation, SymbolicStart, check_derivation, step
from certunlearn.derive import find_derivation
from certunlearn.formulas.r2d import C_DR, SIGMA_31
from certunlearn.formulas.retain import MEDIAN_RS_EXPR, x_hi, x_lo, x_mid
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval
from proofs.r2d import thm31
from proofs.r2d.common import N_IS, SHIFT_BOUND_31, T_IS
from proofs.r2d.noise import KAPPA, noise_chain
from proofs.retain.median import median_rs_run

B_ = sympy.Symbol("B", positive=True)


def _start_only(d: Derivation, first: sympy.Expr, run: SymbolicStart | None = None):
    """``d``'s abbreviations and run with a one-step chain from ``first`` (cheap: only the start is of interest)."""
    import dataclasses

    e = sympy.Symbol("end_of_chain", positive=True)
    d2 = dataclasses.replace(d, steps=(step(first, "<=", first + e, "e > 0"),), start="",
                             symbolic_start=run or d.symbolic_start)
    return check_derivation(d2, SimpleNamespace(id=d.claim_id, bound=first + e, prescribed={}))


def test_the_median_run_is_the_brute_force_rs():
    """At rational datasets (odd n, no ties) the run's expression, at the order statistics, is the brute-force RS."""
    rs = median_rs_run()
    for R, B in (([1, 2, 5, 6, 9], 10), ([0, 3, 4, 8, 9], 9), ([1, 2, 3], 7), ([2, 7, 8, 9, 10, 11, 12], 20)):
        xs = sorted(Fraction(v) for v in R)
        k = (len(xs) + 1) // 2  # x_(m), 1-based
        at = {x_lo: xs[k - 2], x_mid: xs[k - 1], x_hi: xs[k]}
        universe = sorted({Fraction(0), Fraction(B), *xs, *((a + b) / 2 for a in xs for b in xs)})
        brute = median_brute_force_rs(xs, universe, 1, B=Fraction(B)).value.exact
        assert rs.subs(at) == sympy.Rational(brute.numerator, brute.denominator), (R, rs.subs(at), brute)


def test_the_median_start_is_checked_and_a_wrong_one_is_a_mismatch():
    d = find_derivation(get_claim("retain.lemC.1"))
    first = d.steps[0].lhs
    assert _start_only(d, first).start_status == START_CHECKED
    assert _start_only(d, first * sympy.Rational(1001, 1000)).start_status == START_MISMATCH
    # a run that moved the median by the outer gap instead: a mismatch too
    wrong = SymbolicStart(lambda: sympy.Max(x_hi - x_mid, x_mid - x_lo), "twice the median's move")
    assert _start_only(d, first, wrong).start_status == START_MISMATCH
    assert MEDIAN_RS_EXPR.free_symbols == {x_lo, x_mid, x_hi}


def test_the_r2d_run_is_the_true_delta_at_the_claims_laws():
    """Theorem 3.1 at instances of its adversaries: the run (δ_BW at the prescribed σ and κ·Δ_b, c and κ = 1/(1 + w)
    set from the instance's published laws) encloses the claim's quantity; with a 0.1 % larger shift it does not."""
    from .quantity_forms import inside, instances

    claim = get_claim("r2d.thm3.1")
    d = find_derivation(claim)
    expr = d.symbolic_start.compute()
    names = {s.name for s in expr.free_symbols}
    assert names <= {"epsilon", "c_B1", "w_D", "G", "m", "r", "eta", "L", "K", "j"}, names
    done = negatives = 0
    for inst in instances(claim, per_adversary=3):
        if done >= 3 or not inside(claim, inst):
            continue
        with workprec(256):
            values = claim.with_prescribed(inst)
            laws = claim.laws(values)
            if not getattr(laws, "shift", 0):
                continue
            env = {k: arb(str(values[k])) for k in ("epsilon", "G", "m", "eta", "L", "K")}
            env.update(r=arb(str(values["n"])) - env["m"], j=arb(str(values["T"])) - env["K"],
                       c_B1=arb_eval(C_DR, {"delta": arb(str(values["delta"]))}))
            bound = arb_eval(SHIFT_BOUND_31, {**env, "n": arb(str(values["n"])), "T": arb(str(values["T"]))})
            shift = to_arb(laws.shift)
            env["w_D"] = bound / shift - 1
            assert env["w_D"].lower() >= 0  # the true shift is within the proof's bound (κ ≤ 1)
            q = to_arb(claim.quantity(values))
            got = arb_eval(expr, env)
            assert (q - got).contains(0), (inst, q, got)
            if q.rad() < arb(2) ** -60 * abs(q).lower():
                env["w_D"] = bound / (shift * arb("1.001")) - 1
                assert not (q - arb_eval(expr, env)).contains(0), inst
                negatives += 1
            done += 1
    assert done and negatives, (done, negatives)


@pytest.mark.slow  # four start checks of Theorem 3.1's abbreviations: ~10 CPU-s
def test_the_r2d_start_is_checked_and_a_wrong_sigma_is_a_mismatch():
    d = thm31()
    first = d.steps[d.chain_start].lhs
    assert _start_only(d, first).start_status == START_CHECKED
    assert _start_only(d, first * sympy.Rational(1001, 1000)).start_status == START_MISMATCH
    # the same builder's run with the prescribed σ 0.1 % larger (a changed constant in the formula it reads): a mismatch
    for factor, status in ((1, START_CHECKED), (sympy.Rational(1001, 1000), START_MISMATCH)):
        run = noise_chain(claim_id="r2d.thm3.1", title="σ times a factor", prescribed_sigma=SIGMA_31 * factor,
                          shift=SHIFT_BOUND_31, shift_what="Lemma B.2 × Lemma B.3", at=(T_IS, N_IS),
                          domain={}).symbolic_start
        assert _start_only(d, first, run).start_status == status, factor
    assert KAPPA not in d.symbolic_start.compute().free_symbols  # κ enters as 1/(1 + w), as in the chain
