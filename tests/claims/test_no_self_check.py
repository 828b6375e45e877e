"""No claim checks itself: a quantity is never its own bound, and no claim is another registered claim again."""
import types

import pytest
import sympy

from certunlearn.claims import all_claims


def referenced_expressions(fn, depth: int = 3, seen=None) -> list[sympy.Basic]:
    """The sympy expressions a quantity can reach: its closure, default arguments and the globals it names, following
    the functions it calls ``depth`` levels down (modules are not entered)."""
    seen = set() if seen is None else seen
    if id(fn) in seen or depth < 0:
        return []
    seen.add(id(fn))
    found: list[sympy.Basic] = []
    if isinstance(fn, types.MethodType):
        fn = fn.__func__
    if not isinstance(fn, types.FunctionType):
        return found
    values = [c.cell_contents for c in (fn.__closure__ or ()) if _filled(c)]
    values += list(fn.__defaults__ or ())
    values += [fn.__globals__[n] for n in fn.__code__.co_names if n in fn.__globals__]
    for v in values:
        if isinstance(v, sympy.Basic):
            found.append(v)
        elif isinstance(v, (types.FunctionType, types.MethodType)):
            found += referenced_expressions(v, depth - 1, seen)
    return found


def _filled(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _same(a: sympy.Basic, b: sympy.Basic) -> bool:
    if a == b:
        return True
    if not isinstance(a, sympy.Expr) or not isinstance(b, sympy.Expr) or a.free_symbols != b.free_symbols:
        return False
    # doit=False: the detector compares formulas as written; an unevaluated integral or sum is another route to its
    # value, and asking simplify to evaluate one (the Rényi integral against its closed form) cost 53 CPU-s for nothing
    return a.free_symbols and sympy.simplify(a - b, doit=False) == 0


@pytest.mark.parametrize("paper", sorted({c.paper for c in all_claims()}))  # one test per paper: spread over workers
def test_no_quantity_evaluates_its_own_bound(paper):
    offenders = []
    for c in all_claims(paper):
        if c.bound.is_Symbol or c.bound.is_Number:
            candidates = [c.quantity_expr] if c.quantity_expr is not None else []  # δ or 0: names, not formulas
        else:
            candidates = referenced_expressions(c.quantity) + ([c.quantity_expr] if c.quantity_expr is not None else [])
        if any(_same(e, c.bound) for e in candidates):
            offenders.append(c.id)
    assert offenders == []


def test_no_claim_is_another_claim_again():
    claims = all_claims()
    twins = [(a.id, b.id) for i, a in enumerate(claims) for b in claims[i + 1:]
             if a.quantity is b.quantity and a.adversaries == b.adversaries and _same(a.bound, b.bound)
             and [h.name for h in a.hypotheses] == [h.name for h in b.hypotheses]
             and a.prescribed.keys() == b.prescribed.keys()
             and all(_same(sympy.sympify(a.prescribed[k]), sympy.sympify(b.prescribed[k])) for k in a.prescribed)]
    assert twins == []


def test_the_self_check_detector_bites():
    x = sympy.Symbol("x", positive=True)
    bound = 2 * x

    def quantity(values):
        return sympy.Float(bound.subs(x, values["x"]))

    assert any(_same(e, bound) for e in referenced_expressions(quantity))
    assert not any(_same(e, 3 * x) for e in referenced_expressions(quantity))
    rewritten = (x**2 - 1) / (x - 1)  # the bound x + 1 written otherwise: equal only after simplification

    def rewritten_quantity(values):
        return sympy.Float(rewritten.subs(x, values["x"]))

    assert any(_same(e, x + 1) for e in referenced_expressions(rewritten_quantity))
    assert not any(_same(e, x + 2) for e in referenced_expressions(rewritten_quantity))


# ---------------------------------------------------------------------------------------------------------------------
# Issue 24: a claim that cannot fail. Each claim's quantity is evaluated on a few instances of its first structured
# adversary (inside the hypotheses, 64 bits): a quantity constant over them, a ratio identically 1, or a quantity
# whose closed form equals the bound symbolically is a claim that may compare a formula with itself. It must be a
# control, say which step of the paper's route it checks (``Claim.proof_step``: never a printed finding), be 0 (the
# checker then reports it vacuous), or be reviewed below: an exact identity whose quantity comes by another route.

#: Claims whose quantity equals the bound on the probed instances by a route independent of the bound, and why.
REVIEWED_EQUALITIES = {
    "d2d.lem4.2": "the exact law of S_i, enumerated in Fractions, against P^B(D_i): a likelihood ratio that is 1 "
                  "exactly when the lemma holds",
    "d2d.lem4.2+fix": "as d2d.lem4.2, with the by-copy deletion",
    "d2d.factF.3:b-ge-n": "n/B from the instance's n and ξ, attained at the ends of the ξ range the adversary probes",
    "d2d.factF.3:kn2-ge-b2": "B²/(Kn²) from the instance's n and ξ, attained at the ends of the ξ range",
    "olu.lemD.1": "the exact Lipschitz constant max_k |1 − ηλ_k| of a quadratic's gradient step, against 1 − ηM",
    "olu.lemD.1+fix": "the exact Lipschitz constant of the gradient step, against 1 (a flat direction attains it)",
    "r2d.table1:r2d-storage": "scalars counted in the reference implementation's state at d and d2",
    "r2d.table1:d2d-storage": "scalars counted in the reference implementation's state at d and d2",
    "retain.lemD.1": "RS by enumerating every non-edge at every weight of {0, B/2, B}, against the lemma's cut formula",
    "retain.lemD.1:m-edges+fix": "RS_m by enumeration, against the sum of the m heaviest exposed MST edges",
    "retain.thmD.4+fix": "RS by enumeration, against the corrected formula",
    "retain.lemC.1:m-points+fix": "RS_m by enumerating every multiset of m points, against the order-statistic formula",
    "retain.lem3.1:lower": "the '≥' half of Lemma 3.1's equality: its printed gap formula over RS_median found by "
                           "enumerating the universe {0, B} ∪ R ∪ midpoints, 1 wherever the lemma's '=' holds",
    "pomer.lemB.4:lower+fix": "the '≥' half of Donsker–Varadhan's equality with a multiple of dν₁/dν₂ in U: exp(KL − "
                              "sup_U DV), the supremum found by maximising over the box (dv_maximiser), the KL in "
                              "closed form; 1 wherever the supremum is attained",
}


def _probe(c, size: int = 8):
    """(quantity, bound) enclosures at the instances inside the hypotheses that each structured adversary generates
    at ``size`` (a family of several grids draws ``size`` from each).

    Every adversary is probed, and every instance it gives, not only the first three of the first: a family built to
    attain the bound (a lemma's equality case) or a grid at one corner of the class (where retraining takes one
    round) is not a claim that cannot fail when the claim's other instances move the quantity."""
    import numpy as np

    from certunlearn.numeric.enclosure import Decision, to_arb
    from certunlearn.numeric.precision import workprec

    structured = [a for a in c.adversaries if a.space is None]
    if not structured or c.quantity_kind.value == "statistical":
        return []
    found = []
    for adversary in structured:
        for instance in adversary.generate(np.random.default_rng(0), size):
            try:
                if any(h.decide(instance) is not Decision.TRUE for h in c.hypotheses):
                    continue
                with workprec(64):
                    found.append((to_arb(c.quantity(c.with_prescribed(instance))), c.bound_value(instance)))
            except Exception:  # noqa: BLE001 - the checker reports errors; here only values matter
                continue
    return found


def cannot_fail(c) -> str:
    """Why ``c`` may compare a formula with itself ("" when nothing shows)."""
    if c.quantity_expr is not None:
        expr = sympy.sympify(c.quantity_expr).subs({sympy.Symbol(k): v for k, v in c.prescribed.items()})
        bound = sympy.sympify(c.bound).subs({sympy.Symbol(k): v for k, v in c.prescribed.items()})
        if expr.free_symbols == bound.free_symbols and sympy.simplify(expr - bound, doit=False) == 0:
            return "its quantity equals its bound symbolically"
    values = _probe(c)
    if len(values) < 2:
        return ""
    if all(q.is_exact() and b.is_exact() and q == b for q, b in values) and not values[0][0].is_zero():
        return "observed/bound is identically 1"
    if len(values) >= 3 and all(q.is_exact() and q == values[0][0] for q, _ in values) and not values[0][0].is_zero():
        return f"its quantity is the constant {values[0][0]}"
    return ""


@pytest.mark.slow  # every claim's quantity at three instances: about a minute of CPU
def test_no_claim_cannot_fail_unnoticed():
    offenders = {}
    for c in all_claims():
        if c.control.value != "none" or c.proof_step or c.id in REVIEWED_EQUALITIES:
            continue
        why = cannot_fail(c)
        if why:
            offenders[c.id] = why
    assert offenders == {}


def test_the_cannot_fail_detector_bites():
    from certunlearn.numeric.fraction import Fraction

    from certunlearn.claims import Adversary, Claim, Kind

    x = sympy.Symbol("x", positive=True)
    points = Adversary("p", generate=lambda rng, size: [{"x": str(k)} for k in range(1, 6)])

    def make(quantity, bound=x, **extra):
        return Claim(id="gaussian.synthetic", source="t", kind=Kind.INEQUALITY, statement="s", hypotheses=(),
                     bound=bound, quantity=quantity, adversaries=(points,), **extra)

    assert cannot_fail(make(lambda v: Fraction(v["x"]))) == "observed/bound is identically 1"
    assert cannot_fail(make(lambda v: Fraction(1, 2), bound=x + 1)).startswith("its quantity is the constant")
    assert cannot_fail(make(lambda v: Fraction(v["x"]) / 2, quantity_expr=(2 * x) / 2)) == \
        "its quantity equals its bound symbolically"
    assert cannot_fail(make(lambda v: Fraction(v["x"]) / 2)) == ""
    assert cannot_fail(make(lambda v: Fraction(0))) == ""  # 0 everywhere: the checker reports it vacuous
    assert cannot_fail(make(lambda v: Fraction(0), bound=x - x)) == ""
