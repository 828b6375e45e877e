"""Size guards for sympy's expensive algorithms in the derivation engine: every ``factor``, ``together``,
``simplify`` and (in careful mode) ``expand`` the provers run passes through here.

sympy's multivariate factorisation (Wang's Hensel lifting), ``cancel`` and ``simplify`` can take minutes on an
expression of modest printed size once it is put over a common denominator — a slack or a reparametrisation
substituted into a rational function multiplies degrees. A guard decides *before* the call, from the
expression's structure alone (no expansion), whether the call is attempted:

- always: ``sympy.count_ops`` at most a cap (the caps the engine's first-line sign argument and identity
  prover have always used);
- **careful** mode (the second-line methods — facts from definitions, slacks, case splits, one declared range,
  the factored difference for branch-and-bound — whose substitutions raise degrees): also at most
  :data:`MAX_GENERATORS` generators (free symbols, and function or radical atoms a polynomial algorithm treats
  as variables), and the numerator and denominator over a common denominator estimated from the tree, without
  expanding — total degree at most :data:`MAX_DEGREE`, terms at most :data:`MAX_TERMS` (upper bounds: a sum's
  common denominator is the product of its terms' denominators, a product's terms multiply); ``expand`` only
  when its terms, estimated the same way, are at most :data:`MAX_TERMS`.

A guarded call that is declined returns ``None`` and the caller falls through to its next method: every status
the engine gives is decided by the expression, never by wall-clock time, the same on every machine and run.
"""
from __future__ import annotations

import functools
import math

import sympy

#: count_ops caps: for factor/cancel/together (polynomial algorithms) and for simplify.
MAX_OPS = 250
MAX_SIMPLIFY_OPS = 80
#: Generators a polynomial algorithm may see.
MAX_GENERATORS = 7
#: Total degree of numerator plus denominator over a common denominator (estimated from above).
MAX_DEGREE = 24
#: Terms of the expanded numerator over a common denominator (estimated from above).
MAX_TERMS = 600

_CAP = 10**6
#: Results kept per process: the same expressions reach the guard from many provers (a relation's strict and
#: non-strict forms, its pieces, the facts of every abbreviation), and each call below is deterministic.
CACHE_SIZE = 8192


@functools.lru_cache(maxsize=CACHE_SIZE)
def count_ops(e: sympy.Basic) -> int:
    """``sympy.count_ops(e)``, kept per process."""
    return sympy.count_ops(e)


class _Shape:
    """(numerator degree, denominator degree, numerator terms, denominator terms), all upper bounds."""

    __slots__ = ("nd", "dd", "nt", "dt")

    def __init__(self, nd: int, dd: int, nt: int, dt: int):
        self.nd, self.dd, self.nt, self.dt = min(nd, _CAP), min(dd, _CAP), min(nt, _CAP), min(dt, _CAP)


_ATOM = _Shape(1, 0, 1, 1)
_CONST = _Shape(0, 0, 1, 1)


def _power_terms(t: int, n: int) -> int:
    """Most terms of the n-th power of a sum of t terms: the monomials of degree n in t variables."""
    return min(math.comb(t + n - 1, n), _CAP) if t < _CAP else _CAP


def _shape(e: sympy.Basic) -> _Shape:
    if not e.free_symbols:
        return _CONST
    if e.is_Symbol or not isinstance(e, (sympy.Add, sympy.Mul, sympy.Pow)):
        return _ATOM  # a symbol, or a function atom a polynomial algorithm treats as a generator
    if e.is_Add:
        parts = [_shape(a) for a in e.args]
        dd = sum(p.dd for p in parts)
        dt = 1
        for p in parts:
            dt = min(dt * p.dt, _CAP)
        nd = max(p.nd + dd - p.dd for p in parts)
        nt = 0
        for p in parts:
            nt += p.nt * max(dt // max(p.dt, 1), 1)
        return _Shape(nd, dd, nt, dt)
    if e.is_Mul:
        parts = [_shape(a) for a in e.args]
        nt = dt = 1
        for p in parts:
            nt, dt = min(nt * p.nt, _CAP), min(dt * p.dt, _CAP)
        return _Shape(sum(p.nd for p in parts), sum(p.dd for p in parts), nt, dt)
    base, ex = e.args
    if ex.is_Integer:
        p, n = _shape(base), abs(int(ex))
        if n > 64:
            return _Shape(_CAP, _CAP, _CAP, _CAP)
        nd, dd, nt, dt = p.nd * n, p.dd * n, _power_terms(p.nt, n), _power_terms(p.dt, n)
        return _Shape(nd, dd, nt, dt) if ex > 0 else _Shape(dd, nd, dt, nt)
    return _ATOM  # a radical or a symbolic power: a generator


def generators(e: sympy.Basic) -> int:
    """Free symbols plus the non-polynomial atoms (functions, radicals, symbolic powers) of ``e``."""
    atoms = {a for a in sympy.preorder_traversal(e)
             if a.free_symbols and (isinstance(a, sympy.Function)
                                    or (a.is_Pow and not a.exp.is_Integer))}
    return len(e.free_symbols) + len(atoms)


@functools.lru_cache(maxsize=CACHE_SIZE)
def tractable(e: sympy.Basic, ops: int = MAX_OPS, careful: bool = True) -> bool:
    """Whether a polynomial algorithm (factor, cancel, together) or simplify may be run on ``e``: always its
    count_ops at most ``ops``; ``careful`` (the engine's second-line methods: facts, slacks, case splits, a
    declared range, the factored difference of branch-and-bound) also the generator, degree and term bounds of
    the module docstring. Kept per process."""
    if not isinstance(e, sympy.Basic):
        return False
    if count_ops(e) > ops:
        return False
    if not careful:
        return True
    if generators(e) > MAX_GENERATORS:
        return False
    s = _shape(e)
    return s.nd + s.dd <= MAX_DEGREE and s.nt <= MAX_TERMS and s.dt <= MAX_TERMS


def expandable(e: sympy.Basic) -> bool:
    """Whether ``sympy.expand`` may be run on ``e`` in careful mode: the expanded terms, estimated from above
    without expanding (a product's terms multiply, a power's raise to its exponent), at most :data:`MAX_TERMS`,
    for ``e`` and for every function argument (expand works inside them too)."""
    if _terms(e) > MAX_TERMS:
        return False
    return all(_terms(arg) <= MAX_TERMS for f in e.atoms(sympy.Function) for arg in f.args)


def _terms(e: sympy.Basic) -> int:
    if not e.free_symbols or e.is_Symbol or not isinstance(e, (sympy.Add, sympy.Mul, sympy.Pow)):
        return 1
    if e.is_Add:
        return min(sum(_terms(a) for a in e.args), _CAP)
    if e.is_Mul:
        n = 1
        for a in e.args:
            n = min(n * _terms(a), _CAP)
        return n
    base, ex = e.args
    if ex.is_Integer and abs(int(ex)) <= 64:
        return _power_terms(_terms(base), abs(int(ex)))
    return _CAP if ex.is_Integer else _terms(base)


#: Lenient count_ops cap of factor (the engine's first-line sign argument, as it always ran).
MAX_OPS_LENIENT = 1000


@functools.lru_cache(maxsize=CACHE_SIZE)
def factor(e: sympy.Expr, careful: bool = False) -> sympy.Expr | None:
    """``sympy.factor(sympy.together(e))``, or None when the guard declines (kept per process)."""
    return sympy.factor(sympy.together(e)) if tractable(e, MAX_OPS if careful else MAX_OPS_LENIENT, careful) \
        else None


@functools.lru_cache(maxsize=CACHE_SIZE)
def together(e: sympy.Expr, careful: bool = False) -> sympy.Expr | None:
    """``sympy.factor_terms(sympy.together(e))``, or None (kept per process)."""
    return sympy.factor_terms(sympy.together(e)) if tractable(e, MAX_OPS_LENIENT, careful) else None


@functools.lru_cache(maxsize=CACHE_SIZE)
def simplify(e: sympy.Expr, ops: int = MAX_SIMPLIFY_OPS, careful: bool = False, doit: bool = True
             ) -> sympy.Expr | None:
    """``sympy.simplify(e)``, or None when the guard declines (count_ops above ``ops``; careful: the shape).
    ``doit=False``: without sympy's final ``doit`` (which integrates every unevaluated integral, by Meijer G when
    nothing quicker applies). Kept per process."""
    if not tractable(e, ops, careful):
        return None
    return sympy.simplify(e) if doit else sympy.simplify(e, doit=False)


@functools.lru_cache(maxsize=CACHE_SIZE)
def expand(e: sympy.Expr, careful: bool = False) -> sympy.Expr | None:
    """``sympy.expand(e)``, or None when careful and :func:`expandable` says no (kept per process)."""
    return sympy.expand(e) if not careful or expandable(e) else None


__all__ = ["count_ops", "MAX_OPS", "MAX_OPS_LENIENT", "MAX_SIMPLIFY_OPS", "MAX_GENERATORS", "MAX_DEGREE", "MAX_TERMS",
           "generators", "tractable", "expandable", "factor", "together", "simplify", "expand"]
