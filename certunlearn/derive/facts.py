"""What the sign prover may assume beyond the symbols' own assumptions: conditions put in a usable form, facts
that follow from the derivation's definitions, and case splits of ``Abs``, ``Max``, ``Min``, ``ceiling`` and
``floor``.

- **Conditions** (:func:`normal_conditions`): ``|e| ≤ c`` becomes ``−c ≤ e ≤ c``; a relation linear in a single
  symbol with constant coefficients (``x − 1 ≥ 0``, ``2x ≤ 3``) becomes ``symbol op constant``, the form the
  engine's reparametrisations use; anything else is kept as it is.
- **Symbol facts** (:func:`definition_facts`): each abbreviation ``s := e`` of the derivation gets the bounds
  ``0 < s``, ``s < 1`` (or ``≤``) that are *proved* for ``e`` from the conditions and the earlier facts — so
  γ := (M − m)/(M + m) gets γ ∈ (0, 1) from m < M, and G := γ^I then G ∈ (0, 1); and each probability of the
  project's formulas (δ, β, p: :data:`PROBABILITIES`) lies in (0, 1] where the derivation's declared domain puts it
  there (:func:`probability_facts`) — a name alone is no fact: pomer's β is an inverse temperature, olu's a
  smoothness constant.
- **Powers of a contraction** (:func:`power_abstraction`): each power ``b^e`` whose exponent has symbols, with
  ``0 < b < 1`` proved from the conditions and ``e > 0`` (or ``b > 1`` and ``e < 0``), is a number in (0, 1) — so
  ((M − m)/(M + m))^I, written out in a step, is G ∈ (0, 1) for m < M. Exponents are first split (b^(I+k) =
  b^I·b^k, after writing a symbol with a lower bound c as c + slack: I ≥ 1 gives b^I = b·b^slack), then each power is
  replaced by a fresh symbol bounded by (0, 1); a relation proved for every such value holds at the power's own.
- **Case splits** (:func:`case_splits`): each ``Abs(e)`` is split into ``e ≥ 0`` (``|e| = e``) and ``e ≤ 0``
  (``|e| = −e``); ``Max(a, b)`` into ``a ≥ b`` / ``a ≤ b``, ``Min`` likewise; ``ceiling(e)`` is ``e + f`` and
  ``floor(e)`` is ``e − f`` with a fresh f ∈ [0, 1) — each case carries its conditions. The cases cover every
  point, so a relation proved in each case is proved.
"""
from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence

import sympy

from . import guard

#: Symbols of the project's formulas that are probabilities (each in (0, 1] wherever it appears): δ of
#: (ε, δ)-privacy, β the failure probability of an accuracy guarantee (d2d, e.g. Theorem 3.1's accuracy, lines
#: 241–247), p the Binomial success probability (d2d Lemma A.5).
PROBABILITIES = (
    sympy.Symbol("delta", positive=True),
    sympy.Symbol("beta", positive=True),
    sympy.Symbol("p", positive=True),
)

#: Abbreviations whose definition has more operations (sympy.count_ops) get no facts (:func:`definition_facts`).
FACT_OPS = 80

#: Most cases a split may produce (each Abs/Max/Min doubles them).
MAX_CASES = 8

_UPPER = (sympy.LessThan, sympy.StrictLessThan)
_LOWER = (sympy.GreaterThan, sympy.StrictGreaterThan)


def _const(e: sympy.Basic) -> bool:
    return isinstance(e, sympy.Expr) and not e.free_symbols and e.is_real is True


def _relational(kind: type, lhs: sympy.Expr, rhs: sympy.Expr) -> sympy.Rel:
    return kind(lhs, rhs, evaluate=False)


def _solved(c: sympy.Rel) -> sympy.Rel:
    """``c`` as ``symbol op constant`` when it is linear in one symbol with a constant coefficient, else ``c``."""
    if not isinstance(c, _UPPER + _LOWER):
        return c
    if isinstance(c.lhs, sympy.Symbol) and _const(c.rhs) or isinstance(c.rhs, sympy.Symbol) and _const(c.lhs):
        return c
    e = sympy.expand(c.lhs - c.rhs)  # e op 0
    free = e.free_symbols
    if len(free) != 1:
        return c
    (x,) = free
    if not isinstance(x, sympy.Symbol):
        return c
    try:
        poly = sympy.Poly(e, x)
    except sympy.PolynomialError:
        return c
    if poly.degree() != 1:
        return c
    a, b = poly.all_coeffs()
    if not (_const(a) and _const(b)) or a == 0:
        return c
    sign = a.is_positive
    if sign is None:
        return c
    bound = sympy.nsimplify(-b / a) if isinstance(-b / a, sympy.Float) else -b / a
    upper = isinstance(c, _UPPER)
    strict = isinstance(c, (sympy.StrictLessThan, sympy.StrictGreaterThan))
    if not sign:
        upper = not upper
    kind = (sympy.StrictLessThan if strict else sympy.LessThan) if upper else \
        (sympy.StrictGreaterThan if strict else sympy.GreaterThan)
    return _relational(kind, x, bound)


def normal_conditions(conditions: Sequence[sympy.Basic]) -> list[sympy.Basic]:
    """The conditions in the form the prover uses (see the module docstring); nothing is dropped."""
    out: list[sympy.Basic] = []
    for c in conditions:
        if isinstance(c, _UPPER) and isinstance(c.lhs, sympy.Abs) and _const(c.rhs) \
                or isinstance(c, _LOWER) and isinstance(c.rhs, sympy.Abs) and _const(c.lhs):
            inner, bound = (c.lhs.args[0], c.rhs) if isinstance(c, _UPPER) else (c.rhs.args[0], c.lhs)
            strict = isinstance(c, (sympy.StrictLessThan, sympy.StrictGreaterThan))
            le = sympy.StrictLessThan if strict else sympy.LessThan
            ge = sympy.StrictGreaterThan if strict else sympy.GreaterThan
            out += [_solved(_relational(le, inner, bound)), _solved(_relational(ge, inner, -bound))]
        else:
            out.append(_solved(c))
    return list(dict.fromkeys(out))


Prover = Callable[[sympy.Expr, str, sympy.Expr, Sequence[sympy.Basic]], "str | None"]


def definition_facts(where: Sequence[tuple[sympy.Symbol, sympy.Expr]], conditions: Sequence[sympy.Basic],
                     prove: Prover, symbols: set[sympy.Basic], domain: Sequence | None = None) -> list[sympy.Rel]:
    """Bounds of the abbreviations (and probabilities) that follow from their definitions, as conditions.

    ``prove(lhs, rel, rhs, conditions)`` is the engine's symbolic prover. Each abbreviation's definition is
    bounded by 0 below and 1 above where the prover shows it, using the conditions and the facts found for
    the abbreviations defined before it; a definition of more than :data:`FACT_OPS` operations is skipped. Only abbreviations and probabilities in ``symbols`` (the step's,
    with the abbreviations they use) are returned.
    """
    facts: list[sympy.Rel] = probability_facts(symbols, domain)
    used = set(symbols)
    for _ in where:  # the abbreviations the step's symbols use, through one another
        used |= {s for sym, val in where if sym in used for s in val.free_symbols}
    # definitions beyond FACT_OPS operations are left out: the facts the prover needs bound short definitions
    # (γ, G, ρ), and proving bounds of a long one (a whole theorem's bound) costs seconds for nothing
    pending = [(sym, val) for sym, val in where if sym in used and guard.count_ops(val) <= FACT_OPS]
    done: dict[sympy.Symbol, tuple[bool, bool]] = {}  # symbol → (lower found, upper found)
    for _ in range(len(pending)):  # definitions may come in any order: repeat while new facts appear
        grew = False
        for sym, val in pending:
            lower, upper = done.get(sym, (bool(sym.is_positive or sym.is_nonnegative), False))
            if upper:
                continue
            conds = list(conditions) + facts
            if not lower:
                if prove(sympy.S.Zero, "<", val, conds) is not None:
                    facts.append(sympy.StrictGreaterThan(sym, 0, evaluate=False))
                    lower = grew = True
                elif prove(sympy.S.Zero, "<=", val, conds) is not None:
                    facts.append(sympy.GreaterThan(sym, 0, evaluate=False))
                    lower = grew = True
            if lower:
                if prove(val, "<", sympy.S.One, conds) is not None:
                    facts.append(sympy.StrictLessThan(sym, 1, evaluate=False))
                    upper = grew = True
                elif prove(val, "<=", sympy.S.One, conds) is not None:
                    facts.append(sympy.LessThan(sym, 1, evaluate=False))
                    upper = grew = True
            done[sym] = (lower, upper)
        if not grew:
            break
    return facts


def probability_facts(symbols: set[sympy.Basic], domain: Sequence | None = None) -> list[sympy.Rel]:
    """``p ≤ 1`` for each of :data:`PROBABILITIES` among ``symbols`` whose range in ``domain`` (the derivation's
    declared box, ``(symbol, lo, hi)`` triples) ends at or below 1.

    The symbol's name decides nothing by itself: the same names mean other things elsewhere (β is pomer's inverse
    temperature, declared up to 10⁶, and olu's smoothness constant), and a fact p ≤ 1 there would let a sign or box
    proof use a false hypothesis — a derivation whose probability should be ≤ 1 declares it in its domain or its
    conditions."""
    ranges = {sym: hi for sym, _, hi in (domain or ())}
    out = []
    for p in PROBABILITIES:
        if p in symbols and p in ranges and sympy.Rational(str(ranges[p])) <= 1:
            out.append(sympy.LessThan(p, 1, evaluate=False))
    return out


def slack_substitution(conditions: Sequence[sympy.Basic]) -> tuple[dict[sympy.Symbol, sympy.Expr], list]:
    """See :func:`_slack_substitution` (the same slacks for the same conditions within a process)."""
    subs, rest = _slack_substitution(tuple(conditions))
    return dict(subs), list(rest)


@functools.lru_cache(maxsize=4096)
def _slack_substitution(conditions: tuple[sympy.Basic, ...]) -> tuple[dict[sympy.Symbol, sympy.Expr], tuple]:
    """Each condition ``e ≥ 0`` (``> 0``) that is not ``symbol op constant`` but is linear in a symbol ``s`` with a
    constant coefficient, solved for ``s`` with a fresh slack ``w ≥ 0`` (``> 0``): ``s = (w − rest)/c``.

    Returns (substitution, the conditions it does not absorb). Every point satisfying the absorbed conditions is
    the image of some admissible slack, so a relation proved after substituting holds wherever they hold (the
    substitution may also reach points outside ``s``'s own sign assumption: a proof there is only stronger)."""
    subs: dict[sympy.Symbol, sympy.Expr] = {}
    rest: list = []
    for c in conditions:
        if not isinstance(c, _UPPER + _LOWER) or _solved(c) is not c or \
                isinstance(c.lhs, sympy.Symbol) and _const(c.rhs) or isinstance(c.rhs, sympy.Symbol) and _const(c.lhs):
            rest.append(c)
            continue
        gap = (c.rhs - c.lhs) if isinstance(c, _UPPER) else (c.lhs - c.rhs)
        gap = sympy.expand(gap.xreplace(subs)) if subs else sympy.expand(gap)
        strict = isinstance(c, (sympy.StrictLessThan, sympy.StrictGreaterThan))
        chosen = None
        for s in sorted((s for s in gap.free_symbols if isinstance(s, sympy.Symbol) and s not in subs),
                        key=lambda s: s.name):
            coeff = gap.coeff(s)
            if _const(coeff) and coeff != 0 and not (gap - coeff * s).has(s):
                chosen = (s, coeff)
                break
        if chosen is None:
            rest.append(c)
            continue
        s, coeff = chosen
        w = sympy.Dummy(f"w_{s.name}", positive=True) if strict else sympy.Dummy(f"w_{s.name}", nonnegative=True)
        value = (w - (gap - coeff * s)) / coeff
        subs = {k: v.xreplace({s: value}) for k, v in subs.items()}
        subs[s] = value
    return subs, tuple(rest)


#: Most powers :func:`power_abstraction` replaces in one relation.
MAX_POWERS = 6


def _exponent_slacks(e: sympy.Expr, conditions: Sequence[sympy.Basic]) -> dict[sympy.Symbol, sympy.Expr]:
    """``s ↦ c + w`` (a fresh w ≥ 0, > 0 if strict) for each symbol of an exponent of ``e`` with a constant lower
    bound ``s ≥ c`` (``s > c``), c > 0, among the (normal) conditions."""
    in_exponents = {s for p in e.atoms(sympy.Pow) for s in p.exp.free_symbols if isinstance(s, sympy.Symbol)}
    out: dict[sympy.Symbol, sympy.Expr] = {}
    for c in conditions:
        if isinstance(c, _LOWER) and isinstance(c.lhs, sympy.Symbol) and c.lhs in in_exponents and _const(c.rhs) \
                and c.rhs.is_positive and c.lhs not in out:
            strict = isinstance(c, sympy.StrictGreaterThan)
            w = sympy.Dummy(f"w_{c.lhs.name}", positive=True) if strict else sympy.Dummy(f"w_{c.lhs.name}",
                                                                                          nonnegative=True)
            out[c.lhs] = c.rhs + w
    return out


def _exponent_sign(e: sympy.Expr, conds: Sequence[sympy.Basic], prove: Prover) -> str | None:
    """"pos" / "nonneg" when ``e > 0`` / ``e ≥ 0`` follows from the assumptions, or is proved as N < P (≤) for
    ``e = P − N`` split by the signs of its terms' coefficients (I·n^c − I > 0 for n ≥ 2, c > 0); else None."""
    if e.is_positive:
        return "pos"
    if e.is_nonnegative:
        return "nonneg"
    terms = sympy.Add.make_args(sympy.expand(e))
    neg = sympy.Add(*[-t for t in terms if t.could_extract_minus_sign()])
    pos = sympy.Add(*[t for t in terms if not t.could_extract_minus_sign()])
    if neg == 0 or pos == 0:
        return None
    if prove(neg, "<", pos, conds) is not None:
        return "pos"
    if prove(neg, "<=", pos, conds) is not None:
        return "nonneg"
    return None


def power_abstraction(lhs: sympy.Expr, rhs: sympy.Expr, conditions: Sequence[sympy.Basic], prove: Prover
                      ) -> list[tuple[sympy.Expr, sympy.Expr, list[sympy.Rel], str]]:
    """Abstractions of ``lhs``, ``rhs``: each power of a base in (0, 1) (a positive exponent with symbols; or a base
    > 1 and a negative exponent) replaced by a fresh positive symbol G, with the conditions G < 1 (G ≤ 1 where only
    ``b ≤ 1`` or ``e ≥ 0`` is proved), and a description — first with the powers as written, then with the exponents
    split (empty when there is no such power).

    ``prove(lhs, rel, rhs, conditions)`` is the engine's symbolic prover, used on the bases and exponents with the
    ``conditions`` (normal form). Sound: each G ranges over a superset of the values its power takes, so a relation
    proved for all admissible G (and the other symbols) holds for the powers themselves. In the split form, exponent
    symbols with a positive constant lower bound are first written ``c + w`` so that b^I = b^c·b^w separates b^c
    (I ≥ 1 keeps γ^I ≤ γ). Outer powers are replaced before the powers inside them."""
    out = []
    for split in (False, True):
        slacks = _exponent_slacks(lhs + rhs, conditions) if split else {}
        l0, r0 = (lhs.xreplace(slacks), rhs.xreplace(slacks)) if slacks else (lhs, rhs)
        if split:
            l0, r0 = sympy.expand_power_exp(l0), sympy.expand_power_exp(r0)
            if (l0, r0) == (lhs, rhs):
                continue
        conds = [c.xreplace(slacks) for c in conditions] if slacks else list(conditions)
        powers = sorted({p for e in (l0, r0) for p in e.atoms(sympy.Pow) if p.exp.free_symbols and p.base.free_symbols
                         and not p.base.is_Pow}, key=lambda p: (-guard.count_ops(p), sympy.default_sort_key(p)))
        subs: dict[sympy.Basic, sympy.Expr] = {}
        new: list[sympy.Rel] = []
        for p in powers[:MAX_POWERS]:
            if any(p in q.args[0].atoms(sympy.Pow) or p in q.args[1].atoms(sympy.Pow) for q in subs):
                continue  # inside a power already replaced
            b, e = p.base, p.exp
            if prove(sympy.S.Zero, "<", b, conds) is None:
                continue
            below = prove(b, "<", sympy.S.One, conds) is not None
            weak_below = below or prove(b, "<=", sympy.S.One, conds) is not None
            if weak_below and (e_sign := _exponent_sign(e, conds, prove)) in ("pos", "nonneg"):
                strict = below and e_sign == "pos"
            elif not weak_below and prove(sympy.S.One, "<", b, conds) is not None and \
                    (e_sign := _exponent_sign(-e, conds, prove)) in ("pos", "nonneg"):
                strict = e_sign == "pos"
            else:
                continue
            g = sympy.Dummy("G", positive=True)
            subs[p] = g
            new.append(sympy.StrictLessThan(g, 1, evaluate=False) if strict else sympy.LessThan(g, 1, evaluate=False))
        if not subs:
            continue
        text = ", ".join(f"{sympy.sstr(p)} ∈ (0, 1{')' if c.rel_op == '<' else ']'}" for p, c in zip(subs, new))
        if slacks:
            text += " (writing " + ", ".join(f"{k.name} = {sympy.sstr(v)}" for k, v in slacks.items()) + ")"
        out.append((l0.xreplace(subs), r0.xreplace(subs), conds + new, text))
    return out


_SPLIT = (sympy.Abs, sympy.Max, sympy.Min, sympy.ceiling, sympy.floor)


def _splittable(e: sympy.Basic) -> list[sympy.Basic]:
    """The innermost Abs/Max/Min/ceiling/floor atoms of ``e`` with free symbols."""
    atoms = [a for a in sympy.preorder_traversal(e) if isinstance(a, _SPLIT) and a.free_symbols
             and not any(isinstance(b, _SPLIT) for arg in a.args for b in sympy.preorder_traversal(arg))]
    return list(dict.fromkeys(atoms))


def _cases_of(atom: sympy.Basic) -> list[tuple[sympy.Expr, list[sympy.Rel]]]:
    """(replacement, conditions) for each case of one atom."""
    if isinstance(atom, sympy.Abs):
        (a,) = atom.args
        return [(a, [sympy.GreaterThan(a, 0, evaluate=False)]), (-a, [sympy.LessThan(a, 0, evaluate=False)])]
    if isinstance(atom, (sympy.Max, sympy.Min)):
        args = atom.args
        if len(args) > 3:
            return []
        out = []
        for i, a in enumerate(args):
            rel = sympy.GreaterThan if isinstance(atom, sympy.Max) else sympy.LessThan
            out.append((a, [rel(a, b, evaluate=False) for j, b in enumerate(args) if j != i]))
        return out
    if isinstance(atom, (sympy.ceiling, sympy.floor)):
        (a,) = atom.args
        f = sympy.Dummy("frac", nonnegative=True)
        rep = a + f if isinstance(atom, sympy.ceiling) else a - f
        return [(rep, [sympy.StrictLessThan(f, 1, evaluate=False)])]
    return []


@functools.lru_cache(maxsize=4096)
def case_splits(e: sympy.Expr) -> list[tuple[dict[sympy.Basic, sympy.Expr], list[sympy.Rel]]] | None:
    """The cases of every innermost Abs/Max/Min/ceiling/floor in ``e``, each a substitution and its conditions;
    None when there is nothing to split or too many cases."""
    atoms = _splittable(e)
    if not atoms:
        return None
    options = []
    for atom in atoms:
        cases = _cases_of(atom)
        if not cases:
            return None
        options.append([(atom, rep, conds) for rep, conds in cases])
    total = 1
    for o in options:
        total *= len(o)
    if total > MAX_CASES:
        return None
    out = []
    for combo in itertools.product(*options):
        subs = {atom: rep for atom, rep, _ in combo}
        conds = [c for _, _, cs in combo for c in cs]
        out.append((subs, conds))
    return out


__all__ = ["PROBABILITIES", "FACT_OPS", "MAX_CASES", "MAX_POWERS", "power_abstraction", "normal_conditions", "definition_facts", "probability_facts",
           "slack_substitution", "case_splits"]
