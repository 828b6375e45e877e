"""Independent numeric re-checks of derivation steps (mpmath at 100 digits), shared by the derivation tests."""
import mpmath
import sympy


def step_sides(d, index: int):
    """(lhs, rhs, rel) of step ``index`` (1-based) of derivation ``d`` in the base symbols: the step's givens and
    the derivation's abbreviations substituted, derivatives evaluated (integrals are left to mpmath)."""
    prev = lhs = st = None
    for i, st in enumerate(d.steps, start=1):
        lhs = st.lhs if st.lhs is not None else prev
        prev = st.rhs
        if i == index:
            break
    else:
        raise IndexError(index)
    l, r = lhs.subs(dict(st.given)), st.rhs.subs(dict(st.given))
    for sym, val in reversed(d.where):
        l, r = l.subs(sym, val), r.subs(sym, val)
    if not (l.has(sympy.Integral) or r.has(sympy.Integral)):
        l, r = l.doit(), r.doit()
    return l, r, st.rel


def value_at(expr, point) -> mpmath.mpf:
    """``expr`` at ``point`` (symbol name → decimal string) with mpmath at the current precision."""
    syms = sorted(expr.free_symbols, key=lambda s: s.name)
    f = sympy.lambdify(syms, expr, "mpmath")
    return mpmath.mpf(f(*[mpmath.mpf(point[s.name]) for s in syms]))


def holds_at(l, rel: str, r, point) -> bool:
    """Whether ``l rel r`` holds at ``point``, at 100 digits (``==`` to 80 digits)."""
    with mpmath.workdps(100):
        lv, rv = value_at(l, point), value_at(r, point)
        if rel == "==":
            return abs(lv - rv) <= mpmath.mpf(10) ** -80 * (abs(lv) + abs(rv) + mpmath.mpf(10) ** -300)
        return lv <= rv if rel == "<=" else lv < rv


def refuted_values(d, step):
    """(lhs, rhs, holds) of a refuted step at its reported point, at 100 digits."""
    assert step.point_dict is not None, step.index
    l, r, rel = step_sides(d, step.index)
    with mpmath.workdps(100):
        lv, rv = value_at(l, step.point_dict), value_at(r, step.point_dict)
    return lv, rv, holds_at(l, rel, r, step.point_dict)
