"""proofs/pomer, issue 25: Table 1's range steps are proved after an exact reparametrisation — which must reach
every point of the row's range (else a proof on it would not cover the row) — and pomer.lem4.6+fix's start is
checked against its claim's quantity, a wrong start being a mismatch."""
import dataclasses

import mpmath
import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.pomer.tables import TABLE1_RANGE
from certunlearn.derive import check_derivation, load_derivations, step
from certunlearn.formulas.pomer import T, d
from certunlearn.formulas.symbols import epsilon

DERIVATIONS = load_derivations("pomer")


def _slacks(row: str, tt, dd, ee) -> dict[str, mpmath.mpf]:
    """The new symbols at (T, d, ε), solved from s = T^{1/24}, k = d^{1/24}, v = (εT^{1/6})^{1/4} (proofs/pomer,
    ``_table1_range``): each slack ≥ 0 exactly when (T, d, ε) lies in the row's range (with T ≥ d⁹ for rows 6–7)."""
    s, k = tt ** (mpmath.mpf(1) / 24), dd ** (mpmath.mpf(1) / 24)
    v = (ee * tt ** (mpmath.mpf(1) / 6)) ** (mpmath.mpf(1) / 4)
    out = {"s": s}
    if row in ("row1", "row5", "row7"):
        out["c"] = k - 1
        out["w"] = {"row1": v / k**6 - 1, "row5": 1 / v - 1, "row7": k**6 / (s * v) - 1}[row]
    else:
        x = {"row2": v / k**4, "row3": v / k**3, "row4": v, "row6": v * s / k**6}[row]
        j = {"row2": 2, "row3": 1, "row4": 3, "row6": 3}[row]
        out["w"] = x ** (mpmath.mpf(1) / j) - 1
        out["c"] = k / (1 + out["w"]) - 1
    if row in ("row6", "row7"):
        out["u"] = s / k**9 - 1
    return out


def _points(row: str):
    """(T, d, ε) in the row's range — its ends and an interior point — at T ≥ d⁹."""
    lo, hi = TABLE1_RANGE[row]
    for tt, dd in ((mpmath.mpf(10) ** 12, mpmath.mpf(2)), (mpmath.mpf(10) ** 9, mpmath.mpf(7))):
        at = {T: tt, d: dd}
        ends = [mpmath.mpf(sympy.N(e.subs(at), 60)) if e is not None else None for e in (lo, hi)]
        a = ends[0] if ends[0] is not None else ends[1] / 50
        b = ends[1] if ends[1] is not None else ends[0] * 50
        for ee in (a, b, mpmath.sqrt(a * b)):
            yield tt, dd, ee


@pytest.mark.parametrize("row", sorted(TABLE1_RANGE))
def test_table1_reparametrisation_reaches_the_range(row):
    """At points of the row's range the slacks are ≥ 0 and the substitution gives back (T, d, ε); just outside the
    range some slack is negative (so the test could fail)."""
    given = dict(DERIVATIONS[f"pomer.table1:{row}"].steps[0].given)
    with mpmath.workdps(60):
        for tt, dd, ee in _points(row):
            sl = _slacks(row, tt, dd, ee)
            assert all(x >= -mpmath.mpf(10) ** -40 for x in sl.values()), (row, sl)
            for sym, want in ((T, tt), (d, dd), (epsilon, ee)):
                expr = given[sym]
                got = sympy.lambdify(sorted(expr.free_symbols, key=lambda q: q.name), expr, "mpmath")(
                    *[sl[q.name] for q in sorted(expr.free_symbols, key=lambda q: q.name)])
                assert abs(got - want) <= mpmath.mpf(10) ** -40 * want, (row, sym, got, want)
        lo, hi = TABLE1_RANGE[row]
        tt, dd = mpmath.mpf(10) ** 12, mpmath.mpf(2)
        outside = (mpmath.mpf(sympy.N(hi.subs({T: tt, d: dd}), 60)) * mpmath.mpf("1.01") if hi is not None
                   else mpmath.mpf(sympy.N(lo.subs({T: tt, d: dd}), 60)) * mpmath.mpf("0.99"))
        assert min(_slacks(row, tt, dd, outside).values()) < 0


@pytest.mark.slow  # ~10 s: the rows' sign proofs (cached on disk after the first run)
@pytest.mark.parametrize("row", ["row1", "row7"])
def test_table1_range_steps_are_proved(row):
    steps = check_derivation(DERIVATIONS[f"pomer.table1:{row}"], get_claim(f"pomer.table1:{row}")).steps
    assert steps[0].status == "proved"  # which term of the max is the larger
    assert all(s.status in ("proved", "identity") for s in steps), [s.status for s in steps]


def test_lem46_fix_start_is_the_claims_quantity_and_a_wrong_start_is_a_mismatch():
    cid = "pomer.lem4.6+fix"
    assert check_derivation(DERIVATIONS[cid], get_claim(cid)).start_status == "checked"
    wrong = dataclasses.replace(DERIVATIONS[cid], steps=(step(sympy.Rational(1, 1000), "<=", sympy.Rational(1, 1000),
                                                              "a wrong start"),))
    assert check_derivation(wrong, sympy.Rational(1, 1000)).start_status == "mismatch"
