"""Symbolic proofs that an expression is zero, or of a sign, for the derivation engine: the cheap transforms
(expand, factor, together, cancel, and sympy.simplify below a size cap) and a structural sign argument over sums,
products and powers of terms whose signs the symbols' assumptions decide; a constant is decided on enclosures.
:mod:`certunlearn.derive.engine` grades a step ``identity`` or ``proved`` from these."""
from __future__ import annotations

import functools
from collections.abc import Callable

import sympy

from ..numeric.enclosure import Decision, decide
from ..numeric.sympy_arb import arb_eval
from . import guard

#: Expressions larger than this (sympy.count_ops) are not passed to sympy.simplify.
SIMPLIFY_OPS = 250
#: Sign proofs pass expressions up to this size to sympy.simplify (larger ones: expand/factor only).
SIMPLIFY_SIGN_OPS = 80


# ----------------------------------------------------------------------------------------------------
# identity


def _squares(e: sympy.Expr, careful: bool = False) -> sympy.Expr:
    """Write each positive symbol as the square of a positive dummy, and factor every radicand."""
    subs = {}
    for s in e.free_symbols:
        if isinstance(s, sympy.Symbol) and s.is_positive:
            subs[s] = sympy.Dummy(s.name, positive=True) ** 2
    out = e.xreplace(subs) if subs else e
    return out.replace(
        lambda z: z.is_Pow and z.exp.is_Rational and not z.exp.is_Integer and z.base.is_Add,
        lambda z: sympy.Pow(_factor_or_keep(z.base, careful), z.exp),
    )


def _factor_or_keep(e: sympy.Expr, careful: bool = False) -> sympy.Expr:
    """``e`` factored when the guard allows it (:mod:`.guard`), else ``e`` as it is."""
    f = guard.factor(e, careful)
    return e if f is None else f


def _simplify_squares(z: sympy.Expr, ops: int, careful: bool = False, doit: bool = True) -> sympy.Expr | None:
    """sympy.simplify of :func:`_squares` (None when the guard declines ``z``); ``doit``: as :func:`.guard.simplify`."""
    if not guard.tractable(z, ops, careful):
        return None
    return sympy.simplify(_squares(z, careful)) if doit else sympy.simplify(_squares(z, careful), doit=False)


def _transforms(e: sympy.Expr, doit: bool = True) -> list[tuple[str, Callable[[sympy.Expr], sympy.Expr | None]]]:
    """The identity transforms, cheapest first; a guarded one (:mod:`.guard`) returns None when it declines.
    ``doit=False``: the two ``simplify`` transforms without sympy's final ``doit`` (no integration)."""
    big = guard.count_ops(e) > SIMPLIFY_OPS
    ts: list[tuple[str, Callable[[sympy.Expr], sympy.Expr | None]]] = [
        ("", lambda z: z),
        ("expand", sympy.expand),
        ("together", guard.together),
    ]
    if e.has(sympy.Pow) and any(p.exp.free_symbols for p in e.atoms(sympy.Pow)):
        # symbolic exponents: x^(a+b) = x^a·x^b and (xy)^a = x^a·y^a split, expanded, and merged again (none forced:
        # only what the bases' assumptions allow): γ^{a−𝓘}·γ^𝓘 = γ^a, (M/(m𝓘))^a·(m𝓘)^a = M^a
        ts.append(("powers", lambda z: sympy.powsimp(sympy.expand(sympy.expand_power_exp(z)))))
        ts.append(("powers, together", lambda z: guard.together(
            sympy.powsimp(sympy.expand_power_base(sympy.expand_power_exp(z))))))
    if not big:
        ts.append(("simplify", lambda z: guard.simplify(z, SIMPLIFY_OPS, doit=doit)))
    ts.append(("squares", (lambda z: _simplify_squares(z, SIMPLIFY_OPS, doit=doit)) if not big
               else (lambda z: sympy.expand(_squares(z)))))
    return ts


def _doit(e: sympy.Expr, **hints) -> sympy.Expr | None:
    if not e.has(sympy.Integral, sympy.Derivative, sympy.Subs, sympy.Limit, sympy.Sum):
        return None
    out = e.doit(**hints)
    if out.has(sympy.Integral, sympy.Piecewise):  # unevaluated or conditional: not an identity proof
        return None
    return out


def _integrands(lhs: sympy.Expr, rhs: sympy.Expr) -> str | None:
    """Identity by comparing integrands: both sides are F(∫ f) and F(∫ g) with the same limits and f = g."""
    li = sorted(lhs.atoms(sympy.Integral), key=sympy.default_sort_key)
    ri = sorted(rhs.atoms(sympy.Integral), key=sympy.default_sort_key)
    if len(li) != 1 or len(ri) != 1 or li[0].limits != ri[0].limits:
        return None
    j = sympy.Dummy("J", positive=True)
    outer = lhs.xreplace({li[0]: j}) - rhs.xreplace({ri[0]: j})
    if _zero_plain(outer) is None:
        return None
    inner = _zero_plain(li[0].function - ri[0].function)
    if inner is None:
        return None
    return f"integrands agree pointwise ({inner or 'directly'})"


def _zero_plain(e: sympy.Expr, doit: bool = True) -> str | None:
    """The name of the transform showing e == 0, or None (``doit``: as :func:`_transforms`)."""
    for name, t in _transforms(e, doit):
        try:
            z = t(e)
            if z is not None and z == 0:
                return name
        except (TypeError, ValueError, NotImplementedError, RecursionError, ZeroDivisionError):
            continue
    return None


#: How deep :func:`_congruent` descends through equal heads.
CONGRUENCE_DEPTH = 4


def _congruent(lhs: sympy.Expr, rhs: sympy.Expr, depth: int = 0) -> str | None:
    """Equal heads with arguments shown equal pairwise (f(a) = f(b) when a = b): erfc(ε/s − s/2)/2 = erfc(√(2L))/2
    from the arguments' identity, which simplifying the whole difference does not see. None when the heads differ,
    an argument pair is not shown equal, or past :data:`CONGRUENCE_DEPTH`."""
    if depth >= CONGRUENCE_DEPTH or lhs.func != rhs.func or len(lhs.args) != len(rhs.args) or not lhs.args:
        return None  # (sums and products pair their arguments in sympy's order: a pairing that fails proves nothing)
    for a, b in zip(lhs.args, rhs.args):
        if a == b:
            continue
        if not isinstance(a, sympy.Expr) or not isinstance(b, sympy.Expr):
            return None
        if _zero_plain(a - b) is None and _congruent(a, b, depth + 1) is None:
            return None
    return f"{lhs.func.__name__} of arguments shown equal pairwise"


#: Results kept per process (the same expressions recur across a derivation's steps, variants and facts).
CACHE_SIZE = 16384


@functools.lru_cache(maxsize=CACHE_SIZE)
def zero_proof(lhs: sympy.Expr, rhs: sympy.Expr) -> str | None:
    """How ``lhs − rhs`` was shown to be 0 (a short method name, possibly ''), or None."""
    if lhs.has(sympy.Integral) or rhs.has(sympy.Integral):
        how = _integrands(lhs, rhs)
        if how is not None:
            return how
    e = lhs - rhs
    # With an unevaluated integral, sympy.simplify's last act is doit — integrating it, by Meijer G functions when
    # nothing quicker applies (tens of CPU seconds for a normal density over a half-line, once per simplify
    # transform): the transforms run without it first, the integral is evaluated once, below, by the quicker
    # methods (heuristics, no Meijer G) and only then by every method; the transforms with their doit run last,
    # so that whatever they proved before is still proved.
    integral = e.has(sympy.Integral)
    how = _zero_plain(e, doit=not integral)
    if how is not None:
        return how
    how = _congruent(lhs, rhs)
    if how is not None:
        return how
    for hints in ({"meijerg": False}, {}) if integral else ({},):
        how = _zero_by_doit(lhs, rhs, hints)
        if how is not None:
            return how
    return _zero_plain(e) if integral else None


def _zero_by_doit(lhs: sympy.Expr, rhs: sympy.Expr, hints: dict) -> str | None:
    """``lhs − rhs`` shown 0 once its integrals, derivatives, limits and sums are evaluated (``doit(**hints)``:
    unconditional results only), or None."""
    try:
        ld, rd = _doit(lhs, **hints), _doit(rhs, **hints)
    except (TypeError, ValueError, NotImplementedError, RecursionError):
        return None
    if ld is None and rd is None:
        return None
    diff = (ld if ld is not None else lhs) - (rd if rd is not None else rhs)
    how = _zero_plain(diff)
    if how is None and diff.has(sympy.erfc):  # sympy integrates normal tails to erf, simplify keeps erf + erfc
        how = _zero_plain(diff.rewrite(sympy.erf))
        how = None if how is None else "erfc = 1 − erf" + (f", {how}" if how else "")
    if how is not None:
        return "symbolic integration/differentiation (doit)" + (f", {how}" if how else "")
    return None


# ----------------------------------------------------------------------------------------------------
# signs

#: The signs :func:`sign_of` proves.
POS, NONNEG, NEG, NONPOS, ZERO = "pos", "nonneg", "neg", "nonpos", "zero"


def _constant_sign(e: sympy.Expr) -> str | None:
    """Sign of a closed constant, decided on rigorous enclosures."""
    try:
        c = decide(lambda: arb_eval(e), ">", 0, max_prec=1024)
        if c.decision is Decision.TRUE:
            return POS
        c = decide(lambda: arb_eval(e), "<", 0, max_prec=1024)
        if c.decision is Decision.TRUE:
            return NEG
    except (KeyError, NotImplementedError, ZeroDivisionError, ValueError, TypeError):
        pass
    return ZERO if e == 0 else None


def sign_of(e: sympy.Expr, depth: int = 0) -> str | None:
    """A proved sign of ``e`` from its symbols' assumptions (None when nothing is proved)."""
    if e.is_zero:
        return ZERO
    if not e.free_symbols:
        return _constant_sign(e)
    if e.is_positive:
        return POS
    if e.is_negative:
        return NEG
    fallback = NONNEG if e.is_nonnegative else NONPOS if e.is_nonpositive else None
    if depth > 40:
        return fallback
    s = _structural_sign(e, depth + 1)
    return s if s is not None else fallback


def _neg(s: str | None) -> str | None:
    return {POS: NEG, NEG: POS, NONNEG: NONPOS, NONPOS: NONNEG, ZERO: ZERO}.get(s) if s else None


def _structural_sign(e: sympy.Expr, depth: int) -> str | None:
    if e.is_Add:
        signs = [sign_of(a, depth) for a in e.args]
        if all(s in (POS, NONNEG, ZERO) for s in signs):
            return POS if POS in signs else NONNEG
        if all(s in (NEG, NONPOS, ZERO) for s in signs):
            return NEG if NEG in signs else NONPOS
        return None
    if e.is_Mul:
        result = POS
        for a in e.args:
            s = sign_of(a, depth)
            if s is None:
                return None
            if s == ZERO:
                return ZERO
            negative = result in (NEG, NONPOS)
            weak = result in (NONNEG, NONPOS) or s in (NONNEG, NONPOS)
            if s in (NEG, NONPOS):
                negative = not negative
            result = (NONPOS if weak else NEG) if negative else (NONNEG if weak else POS)
        return result
    if e.is_Pow:
        base, ex = e.args
        bs = sign_of(base, depth)
        if bs == POS:
            return POS
        if ex.is_Integer and int(ex) % 2 == 0:
            if bs in (POS, NEG):
                return POS
            return NONNEG if base.is_extended_real and int(ex) > 0 else None
        if ex.is_Integer and bs is not None:
            return bs if int(ex) > 0 or bs not in (NONNEG, NONPOS, ZERO) else None
        if bs in (NONNEG, ZERO) and ex.is_positive:
            return NONNEG
        return None
    if isinstance(e, sympy.exp):
        return POS if e.args[0].is_extended_real else None
    if isinstance(e, sympy.erfc):
        return POS if e.args[0].is_extended_real else None
    if isinstance(e, sympy.erf):
        return sign_of(e.args[0], depth)
    if isinstance(e, sympy.log):
        a = e.args[0]
        if sign_of(a, depth) != POS:
            return None
        return sign_of(a - 1, depth)
    if isinstance(e, sympy.Abs):
        return NONNEG
    return None


def _sign_transforms(e: sympy.Expr, careful: bool) -> list[tuple[str, Callable[[sympy.Expr], sympy.Expr | None]]]:
    """The sign transforms, cheapest first; a guarded one (:mod:`.guard`; ``careful``: its degree and term
    bounds too) returns None when it declines."""
    big = guard.count_ops(e) > SIMPLIFY_SIGN_OPS
    ts: list[tuple[str, Callable[[sympy.Expr], sympy.Expr | None]]] = [
        ("", lambda z: z),
        ("expand", lambda z: guard.expand(z, careful)),
        ("factor", lambda z: guard.factor(z, careful)),
    ]
    if not big and not careful:  # careful: the second-line methods stop at factor (cheapest first)
        ts.append(("simplify", lambda z: guard.simplify(z, SIMPLIFY_SIGN_OPS, careful)))
        ts.append(("squares", lambda z: _factor_or_keep(s, careful)
                   if (s := _simplify_squares(z, SIMPLIFY_SIGN_OPS, careful)) is not None else None))
    return ts


def _sign_ok(s: str | None, strict: bool) -> bool:
    return s == POS if strict else s in (POS, NONNEG, ZERO)


def nonnegative_proof(e: sympy.Expr, strict: bool, careful: bool = False) -> str | None:
    """How ``e ≥ 0`` (``> 0`` if strict) was proved from the symbols' assumptions, or None: the first sign
    transform whose result has a proved sign of the kind asked. ``careful``: the transforms under :mod:`.guard`'s
    degree and term bounds too (the engine's second-line methods)."""
    for name, sign in _transformed_signs(e, careful):
        if _sign_ok(sign, strict):
            return name or "sign"
    return None


@functools.lru_cache(maxsize=CACHE_SIZE)
def _transformed_signs(e: sympy.Expr, careful: bool) -> "_TransformedSigns":
    """The sign of ``e`` under each sign transform, computed as far as asked and kept per process: the strict and
    the non-strict question about the same expression (a fact's 0 < v, then 0 ≤ v) share every transform."""
    return _TransformedSigns(e, careful)


class _TransformedSigns:
    """(transform name, proved sign or None) for each of :func:`_sign_transforms`, cheapest first, each computed
    once, when an iteration first reaches it (a transform that raises gives None)."""

    __slots__ = ("_e", "_transforms", "_signs")

    def __init__(self, e: sympy.Expr, careful: bool):
        try:
            d = _doit(e)
        except (TypeError, ValueError, NotImplementedError, RecursionError):
            d = None
        self._e = d if d is not None else e
        self._transforms = _sign_transforms(self._e, careful)
        self._signs: list[tuple[str, str | None]] = []

    def __iter__(self):
        i = 0
        while i < len(self._transforms):
            if i == len(self._signs):
                name, t = self._transforms[i]
                try:
                    z = t(self._e)
                    sign = sign_of(z) if z is not None else None
                except (TypeError, ValueError, NotImplementedError, RecursionError, ZeroDivisionError,
                        AttributeError):
                    sign = None
                self._signs.append((name, sign))
            yield self._signs[i]
            i += 1


# ----------------------------------------------------------------------------------------------------
# conditions as reparametrisations
