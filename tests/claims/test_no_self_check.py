"""No claim checks itself: a quantity is never its own bound, and no claim is another registered claim again."""
import types

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
    return a.free_symbols and sympy.simplify(a - b) == 0


def test_no_quantity_evaluates_its_own_bound():
    offenders = []
    for c in all_claims():
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
