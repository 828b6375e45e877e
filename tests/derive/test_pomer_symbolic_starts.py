"""proofs/pomer, issue 25: derivations whose start is checked against the claim's quantity at symbolic input
(``SymbolicStart``). Each symbolic run is compared with the claim's own quantity at exact instances, and a wrong start
(a changed constant, an unnormalised ratio) is a ``mismatch``."""
import dataclasses

import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.derive import PROOF_COMPLETE, START_CHECKED, START_MISMATCH, check_derivation, load_derivations, step
from certunlearn.numeric.fraction import RATIONAL_TYPES

import proofs.pomer as P
from proofs.pomer import imported as PI


DERIVATIONS = load_derivations("pomer")


def _wrong_start(cid: str, start: sympy.Expr):
    """The derivation with its final chain replaced by one step from ``start`` to the claim's bound."""
    d = DERIVATIONS[cid]
    bound = get_claim(cid).bound
    return dataclasses.replace(d, start=start, steps=(step(start, "<=", bound, "a wrong start", cited="test"),))


# ---------------------------------------------------------------------------------------------- footnote 4

FN4 = {"a": "-1", "b": "1", "beta": "1", "lam": "1", "shift": "1", "losses": [[-9, "1/2", "1/2"]],
       "current": [[-9, 1, 1]], "Phi": "5"}


@pytest.mark.slow  # ~15 s: the claim's quantity proves its ratio = 1 symbolically (~10 s), the run integrates (~5 s)
def test_footnote4_run_is_the_claims_quantity_on_the_structured_instance():
    """At an instance of the structured family (prefix (x + 9)/2, loss x + 9 on [−1, 1]) the claim's quantity takes its
    unclipped branch (a sympy closed form, not the clipped Fraction 1) and equals the run at x = −1, 0, 1; the
    unnormalised ratio e^{−βc₀} differs from it there, so the comparison could fail."""
    q = get_claim("pomer.footnote4").quantity(FN4)
    assert isinstance(q, sympy.Expr)  # the unclipped branch was reached
    at = {P.fn_a: -1, P.fn_b: 1, P.beta: 1, P.lam: 1, P.Phi: 5, P.cc: 1, P.fn_k0: sympy.Rational(1, 2),
          P.fn_m0: sympy.Rational(9, 2), P.fn_k1: 1, P.fn_m1: 9}
    run = P.footnote4_run()
    for x in (-1, 0, 1):
        assert abs(sympy.N(run.subs({**at, P.fn_x: x}) - q, 50)) < sympy.Float("1e-40")
    assert abs(sympy.N(sympy.exp(-P.beta * P.cc).subs(at) - q, 50)) > sympy.Float("0.1")  # the unnormalised ratio


def test_footnote4_start_is_checked_and_complete():
    r = check_derivation(DERIVATIONS["pomer.footnote4"], get_claim("pomer.footnote4"))
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail


def test_footnote4_unnormalised_start_is_a_mismatch():
    """The unnormalised ratio e^{−βc₀} (Asi et al. 2023's densities) is not the quantity."""
    wrong = _wrong_start("pomer.footnote4", sympy.exp(-P.beta * P.cc))
    assert check_derivation(wrong, get_claim("pomer.footnote4")).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemmas 4.7, 4.8


def _close(expr: sympy.Expr, q) -> bool:
    """``expr`` (a closed number) against the claim's exact value (to 40 digits) or its enclosure (inside the ball,
    which is narrow)."""
    import mpmath

    with mpmath.workdps(50):
        got = mpmath.mpf(sympy.N(expr, 50))
        if isinstance(q, RATIONAL_TYPES):
            want = mpmath.mpf(q.numerator) / q.denominator
            return abs(got - want) <= mpmath.mpf(10) ** -40 * (1 + abs(want))
        mid, rad = mpmath.mpf(q.mid().str(45, radius=False)), mpmath.mpf(q.rad().str(10, radius=False))
        assert rad < mpmath.mpf(10) ** -10 * (1 + abs(mid))
        return abs(got - mid) <= rad * (1 + mpmath.mpf(10) ** -9)


LEM47 = [({"mu": ["1/3", "2/3"], "nu": ["3/4", "1/4"], "f": ["-2", "5"]}, {"m": "1/3", "n": "3/4", "f_0": -2, "f_1": 5}),
         ({"mu": ["1", "0"], "nu": ["0", "1"], "f": ["7", "-7"]}, {"m": 1, "n": 0, "f_0": 7, "f_1": -7}),
         ({"mu": ["1/5", "4/5"], "nu": ["1/2", "1/2"], "f": ["3", "1"]}, {"m": "1/5", "n": "1/2", "f_0": 3, "f_1": 1})]
LEM48 = [({"prior": ["1/3", "2/3"], "weights": ["1/2", "1/4"], "other": ["1/5", "4/5"]},
          {"q": "1/3", "w_0": "1/2", "w_1": "1/4", "o": "1/5"}),
         ({"prior": ["1/2", "1/2"], "weights": ["3", "1/7"], "other": ["9/10", "1/10"]},
          {"q": "1/2", "w_0": 3, "w_1": "1/7", "o": "9/10"})]


def _at(expr: sympy.Expr, point: dict) -> sympy.Expr:
    names = {s.name: s for s in expr.free_symbols}
    return expr.subs({names[k]: sympy.Rational(v) for k, v in point.items() if k in names})


def test_lem47_run_is_the_claims_quantity():
    """lem47_ratio (total variation by enumerating events) at two-point instances — one attaining the bound — equals
    the run; another f gives another value, so the comparison could fail."""
    claim = get_claim("pomer.lem4.7")
    run = PI.lem47_run()
    for values, point in LEM47:
        assert _close(_at(run, point), claim.quantity(values))
    values, point = LEM47[0]
    assert not _close(_at(run, {**point, "f_1": 4}), claim.quantity(values))


def test_lem48_run_is_the_claims_quantity():
    claim = get_claim("pomer.lem4.8")
    run = PI.lem48_run()
    for values, point in LEM48:
        assert _close(_at(run, point), claim.quantity(values))
    values, point = LEM48[0]
    assert not _close(_at(run, {**point, "o": "1/2"}), claim.quantity(values))


def test_lem47_lem48_starts_checked_and_complete():
    for cid in ("pomer.lem4.7", "pomer.lem4.8"):
        r = check_derivation(DERIVATIONS[cid], get_claim(cid))
        assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, (cid, r.start_status_detail)


@pytest.mark.slow  # ~15 s: the engine tries every simplification before it says mismatch
def test_lem47_lem48_scaled_start_is_a_mismatch():
    for cid, run in (("pomer.lem4.7", PI.lem47_run), ("pomer.lem4.8", PI.lem48_run)):
        wrong = _wrong_start(cid, run() * sympy.Rational(1001, 1000))
        assert check_derivation(wrong, get_claim(cid)).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma B.4

B4_CLIPPED = [({"nu1": ["9/10", "1/10"], "nu2": ["1/10", "9/10"], "c1": "1", "c2": "2"},
               {"a": "9/10", "b": "1/10", "c_1": 1, "c_2": 2}),
              ({"nu1": ["3/4", "1/4"], "nu2": ["1/5", "4/5"], "c1": "1/2", "c2": "3/4"},
               {"a": "3/4", "b": "1/5", "c_1": "1/2", "c_2": "3/4"})]
B4_FIT = [({"nu1": ["1/3", "2/3"], "nu2": ["1/2", "1/2"], "c1": "1", "c2": "5"}, {"a": "1/3", "b": "1/2", "W": 3}),
          ({"nu1": ["4/5", "1/5"], "nu2": ["1/7", "6/7"], "c1": "1/100", "c2": "100"}, {"a": "4/5", "b": "1/7", "W": 1})]


def test_lemb4_runs_are_the_claims_quantities():
    """dv_upper_ratio at instances where dv_maximiser clips both coordinates to (c2, c1) (checked) equals the clipped
    run, < 1 there; dv_lower_ratio at instances where dν₁/dν₂ fits equals the unclipped run (= 1 at any level W). The
    unclipped u in the upper run would give 1, not the quantity, so the comparison could fail."""
    from fractions import Fraction

    from certunlearn.claims.pomer.imported import dv_maximiser

    upper = get_claim("pomer.lemB.4")
    for values, point in B4_CLIPPED:
        nu1, nu2 = [[Fraction(x) for x in values[k]] for k in ("nu1", "nu2")]
        assert dv_maximiser(nu1, nu2, Fraction(values["c1"]), Fraction(values["c2"])) == [Fraction(values["c2"]),
                                                                                          Fraction(values["c1"])]
        q = upper.quantity(values)
        assert _close(_at(PI.lemb4_run(), point), q) and q < 1
        assert not _close(_at(PI.lemb4_fit_run(), {**point, "W": 1}) ** -1, q)
    lower = get_claim("pomer.lemB.4:lower+fix")
    for values, point in B4_FIT:
        assert _close(_at(PI.lemb4_fit_run(), point), lower.quantity(values))


def test_lemb4_starts():
    """The '≤' half and the fix are complete from checked starts; the printed '≥' half keeps its start stated, with the
    reason (its proof rests on a premise its hypotheses do not give)."""
    for cid in ("pomer.lemB.4", "pomer.lemB.4:lower+fix"):
        r = check_derivation(DERIVATIONS[cid], get_claim(cid))
        assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, (cid, r.start_status_detail)
    r = check_derivation(DERIVATIONS["pomer.lemB.4:lower"], get_claim("pomer.lemB.4:lower"))
    assert r.start_status == "stated" and "premise" in r.start_status_detail


def test_lemb4_scaled_start_is_a_mismatch():
    for cid, run in (("pomer.lemB.4", PI.lemb4_run), ("pomer.lemB.4:lower+fix", PI.lemb4_fit_run)):
        wrong = _wrong_start(cid, run() * sympy.Rational(1001, 1000))
        assert check_derivation(wrong, get_claim(cid)).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma 2.3

LEM23 = [({"e": 1, "g": 2, "k": 1, "z": -1, "q": 3}), ({"e": "1/3", "g": 5, "k": "1/7", "z": 4, "q": "-2/3"})]


def test_lem23_run_is_the_claims_quantity():
    """lem23_ratio (btl_table's enumeration on exact rationals) on the structured table at exact points equals the run
    there; the table with the last round's losses swapped is another quantity, so the comparison could fail."""
    claim = get_claim("pomer.lem2.3")
    run = PI.lem23_run()
    for point in LEM23:
        table = [[str(_at(sympy.sympify(x), point)) for x in row] for row in PI.LEM23_TABLE]
        q = claim.quantity({"table": table})
        assert isinstance(q, RATIONAL_TYPES) and _close(_at(run, point), q)
        swapped = claim.quantity({"table": table[:-1] + [table[-1][::-1]]})
        assert not _close(_at(run, point), swapped)


def test_lem23_start_checked_and_a_wrong_table_is_a_mismatch():
    claim = get_claim("pomer.lem2.3")
    r = check_derivation(DERIVATIONS["pomer.lem2.3"], claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(DERIVATIONS["pomer.lem2.3"], symbolic_start=dataclasses.replace(
        DERIVATIONS["pomer.lem2.3"].symbolic_start, compute=lambda: PI.lem23_run() * sympy.Rational(1001, 1000)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- E[S_T] (Lemma 4.2, Thm 4.5)


def _zero_losses(rounds: int, **kw) -> dict:
    return {"a": "-1", "b": "1", "G": "1", "losses": [[0, 0, 0]] * rounds, **kw}


@pytest.mark.parametrize("initial", ["uniform", "gibbs"])
def test_lem42_run_is_the_claims_quantity_on_zero_losses(initial):
    """_expected_switches (the exact law of Algorithm 1) on T zero losses equals T(p + (1 − p)(1 − 1/Φ)) for several
    T, p, Φ and either initial point; on a nonzero loss sequence it differs (the instance matters)."""
    claim = get_claim("pomer.lem4.2")
    run = P.lem42_run()
    for T_, pp, ph in ((2, "0", "5/4"), (3, "1/10", "3/2"), (5, "1/2", "2")):
        values = _zero_losses(T_, beta="1", lam="1", p=pp, Phi=ph, initial=initial)
        at = {"T": T_, "p": pp, "Phi": ph}
        assert _close(_at(run, at), claim.quantity(values))
    values = {**_zero_losses(3, beta="4", lam="2", p="1/10", Phi="3/2", initial=initial), "losses": [[0, -1, 1]] * 3}
    assert not _close(_at(run, {"T": 3, "p": "1/10", "Phi": "3/2"}), claim.quantity(values))


def test_thm45_switches_run_is_the_claims_quantity_on_zero_losses():
    """_switches_45 at Theorem 4.5's prescribed parameters on T zero losses equals the run at (S, T)."""
    claim = get_claim("pomer.thm4.5:switches")
    run = P.thm45_switches_run()
    for T_, S_ in ((3, "1"), (4, "3"), (6, "2")):
        values = claim.with_prescribed(_zero_losses(T_, D="2", d=1, T=T_, S=S_, initial="uniform"))
        assert _close(_at(run, {"T": T_, "S": S_}), claim.quantity(values))


@pytest.mark.parametrize("cid", ["pomer.lem4.2", "pomer.thm4.5:switches"])
def test_switch_count_starts_checked_and_complete(cid):
    r = check_derivation(DERIVATIONS[cid], get_claim(cid))
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, (cid, r.start_status_detail)


@pytest.mark.slow  # ~15 s: the engine tries every simplification before it says mismatch
def test_switch_count_wrong_run_is_a_mismatch():
    for cid, run in (("pomer.lem4.2", P.lem42_run), ("pomer.thm4.5:switches", P.thm45_switches_run)):
        claim, d = get_claim(cid), DERIVATIONS[cid]
        wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(
            d.symbolic_start, compute=lambda run=run: run() * sympy.Rational(1001, 1000)))
        assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Lemma 3.3


def test_lem33_run_is_the_claims_quantity():
    """_concentration (tail masses from the exact Gibbs law, enclosed) for f = 0 on K = [−b, b] equals the run."""
    claim = get_claim("pomer.lem3.3")
    run = P.lem33_run()
    for bb, bt, lm, rr in (("1", "1", "1", "1/2"), ("5", "10", "2", "1/10"), ("3", "1/5", "1", "2")):
        values = {"a": f"-{bb}", "b": bb, "beta": bt, "lam": lm, "r": rr, "losses": []}
        assert _close(_at(run, {"b": bb, "beta": bt, "lam": lm, "r": rr}), claim.quantity(values))


def test_lem33_start_checked_and_partial():
    """Checked against the run; partial, its Herbst step cited."""
    r = check_derivation(DERIVATIONS["pomer.lem3.3"], get_claim("pomer.lem3.3"))
    assert r.start_status == START_CHECKED and r.proof == "partial", r.start_status_detail
    assert [s.status for s in r.steps] == ["identity", "cited"]


@pytest.mark.slow  # ~20 s: the engine tries every simplification before it says mismatch
def test_lem33_untruncated_tail_is_a_mismatch():
    """The chain's closed form is the truncated law's tail; the untruncated Gaussian's erfc(r√(βλ/2)) is not it."""
    claim, d = get_claim("pomer.lem3.3"), DERIVATIONS["pomer.lem3.3"]
    untruncated = sympy.erfc(sympy.sqrt(P.beta * P.lam / 2) * P.r)
    wrong = dataclasses.replace(d, start=untruncated, steps=(step(untruncated, "<=", claim.bound, "a wrong start"),))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH


# ---------------------------------------------------------------------------------------------- Definition 3.1, Lemma 3.2 (+fix)

LSI = [("-1", "1", "4", "1", "1/10"), ("-4", "3", "1", "1", "-2"), ("-1/2", "2", "20", "3", "1")]


@pytest.mark.parametrize("cid", ["pomer.def3.1+fix", "pomer.lem3.2+fix"])
def test_lsi_closed_form_is_the_claims_quantity(cid):
    """_lsi_entropy (truncated-Gaussian integrals on enclosures) equals the closed form at exact instances (f = 0);
    the untruncated Gaussian's value 1 is not it."""
    claim, run = get_claim(cid), P.lsi_entropy_closed_form()
    for a, b, bt, lm, s in LSI:
        q = claim.quantity({"a": a, "b": b, "beta": bt, "lam": lm, "s": s, "losses": []})
        assert _close(_at(run, {"a": a, "b": b, "beta": bt, "lam": lm, "s": s}), q)
        assert not _close(sympy.Integer(1), q)


@pytest.mark.slow  # ~20 s: the closed form is large; the cited step is sampled
@pytest.mark.parametrize("cid", ["pomer.def3.1+fix", "pomer.lem3.2+fix"])
def test_lsi_fix_starts_checked(cid):
    r = check_derivation(DERIVATIONS[cid], get_claim(cid))
    assert r.start_status == START_CHECKED and r.proof == "partial", r.start_status_detail
    assert [s.status for s in r.steps][-1] == "cited"
