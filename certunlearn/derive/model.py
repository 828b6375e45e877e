"""The derivation model: steps, derivations, and the (picklable, sympy-free) results of checking them.

A :class:`Derivation` is a paper's chain of steps as printed. Each :class:`Step` states ``lhs rel rhs``
(``rel`` in ``==``, ``<=``, ``<``) between sympy expressions with a justification; ``lhs=None`` continues a
chain from the previous step's right-hand side. Auxiliary quantities are declared once as abbreviations
(``where``: symbol := expression, e.g. ρ := Δ²/(2σ²)); outside results are either *premises* (displayed,
cited, carrying no status) or cited steps (which the engine still tests numerically). A step that is an instance of
another claim's derivation refers to it as a :class:`Lemma` (established only when that derivation is complete).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sympy

#: Relations a step may state. Chains are written in increasing direction.
RELATIONS = ("==", "<=", "<")
#: The relations ``small rel big`` a stated one implies (an equation gives ≤ as well, a strict inequality ≤).
IMPLIED = {"==": frozenset({"==", "<="}), "<": frozenset({"<", "<="}), "<=": frozenset({"<="})}

# Step statuses (contract strings).
IDENTITY = "identity"
PROVED = "proved"
PROVED_ON_BOX = "proved-on-box"
EVIDENCE = "evidence"
CITED = "cited"
REFUTED = "refuted"
#: Neither established nor tested: no symbolic proof and no rigorous numeric form (e.g. an unevaluated integral).
UNCHECKED = "unchecked"
STATUSES = (IDENTITY, PROVED, PROVED_ON_BOX, EVIDENCE, CITED, REFUTED, UNCHECKED)
#: Statuses that establish a step (no trust in outside sources, no sampling).
ESTABLISHED = frozenset({IDENTITY, PROVED, PROVED_ON_BOX})

#: How a step's status was reached (``StepResult.method``): simplification; a sign argument (possibly after
#: reparametrising by the conditions, with symbol facts, or on one declared range); a sign argument in each case of
#: a split; monotonicity in one variable; interval branch-and-bound; a numeric screen, sampling or counterexample
#: search (decided on enclosures); an instance of a complete lemma (:class:`Lemma`); a citation; nothing at all.
METHODS = ("simplification", "sign", "case-split", "monotonicity", "branch-and-bound", "screen", "sampling",
           "search", "lemma", "citation", "none")

# Link and start statuses.
LINK_IDENTITY = "identity"
LINK_BROKEN = "broken"
START_STATED = "stated"
#: Start statuses (``DerivationResult.start_status``): the chain's first left side against the claim's closed-form
#: quantity (``Claim.quantity_expr``): ``checked`` (symbolically equal), ``mismatch`` (not shown equal — or the
#: chain does not start from the expression the derivation says it starts from), ``stated`` (nothing to check).
START_CHECKED = "checked"
START_MISMATCH = "mismatch"

# Proof statuses (:func:`proof_status`, contract strings of the checker's ``proof`` field).
PROOF_COMPLETE = "complete"
PROOF_PARTIAL = "partial"
PROOF_BROKEN = "broken"
PROOF_NONE = "none"

Box = tuple[tuple[sympy.Symbol, Any, Any], ...]


def _pairs(value: Mapping | tuple | None) -> tuple:
    if value is None:
        return ()
    if isinstance(value, Mapping):
        return tuple(value.items())
    return tuple(value)


def _box(value: Mapping | tuple | None) -> Box | None:
    if value is None:
        return None
    items = value.items() if isinstance(value, Mapping) else [(s, (lo, hi)) for s, lo, hi in value]
    out = []
    for sym, (lo, hi) in items:
        if not isinstance(sym, sympy.Symbol):
            raise TypeError(f"box keys are sympy Symbols, not {sym!r}")
        out.append((sym, lo, hi))
    return tuple(out)


@dataclass(frozen=True)
class Monotone:
    """Hint: ``rhs − lhs`` is monotone in ``variable`` and tends to a nonnegative limit at ``endpoint``.

    With ``endpoint = oo`` the engine proves the derivative ≤ 0 (so the difference decreases toward its
    limit); with a finite endpoint (the lower end of the variable's domain) it proves the derivative ≥ 0.
    Then it proves the one-sided limit at the endpoint (``sympy.limit``) is ≥ 0. The variable ranges over its
    sympy assumptions and the derivation's conditions on it.
    """

    variable: sympy.Symbol
    endpoint: sympy.Expr = sympy.oo


@dataclass(frozen=True)
class SymbolicStart:
    """The claim's quantity at symbolic input, to check the start of the final chain against (issue 25, item 3).

    ``compute()`` runs the reference algorithm (exact mode) on sympy symbols — or evaluates a closed form of what the
    claim's quantity computes, proved equal to it at symbolic input — and returns the quantity as an expression in the
    derivation's symbols. The start is ``checked`` when the final chain's first left side equals it (abbreviations
    substituted), else ``mismatch``; a run that raises is a ``mismatch`` too. ``what`` names the run (for the output).
    Used where the claim has no ``quantity_expr`` (the claim's closed form, when it has one, is checked first).
    """

    compute: Callable[[], sympy.Expr]
    what: str


@dataclass(frozen=True)
class Lemma:
    """A step's reference to another claim's derivation: the step is an instance of that lemma (issue 25, item 1).

    ``claim_id`` names the lemma's claim (its registered derivation is the lemma's proof); ``substitution`` maps the
    lemma's base symbols to expressions of the citing derivation (symbols it leaves out stand for themselves). The
    lemma's statement is ``start rel bound``: its final chain's first left side and its claim's target expression
    (abbreviations substituted), ``rel`` the weakest relation the chain gives (``==`` if every step of the chain is
    an equation, ``<`` if one is strict, else ``<=``), under its conditions (the derivation's, its steps',
    δ, β, p ≤ 1 for the probabilities it uses, and its symbols' signs: a > 0 for a positive a), for integer values of the symbols its steps declare ``integers``,
    and — when a step or abbreviation of the lemma is ``proved-on-box`` — on the intersection of those boxes.

    The engine grades the citing step ``proved`` (method ``lemma``; ``proved-on-box`` with the lemma's box written
    in the substituted expressions when the lemma holds on a box only) iff (a) the lemma's derivation is
    ``complete``; (b) the step's sides equal the statement's sides under ``substitution`` (symbolically) and its
    relation is implied by the statement's; (c) each lemma condition, substituted, is proved under the citing
    derivation's conditions, and each integer symbol of the lemma is mapped to a symbol the step declares
    ``integers``; (d) no cycle (a lemma reaching the citing derivation back through lemma references). Otherwise
    the step is checked like any other and, unless proved on its own, stays ``cited`` with the reason.
    """

    claim_id: str
    substitution: tuple[tuple[sympy.Symbol, sympy.Expr], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.claim_id, str) or not self.claim_id:
            raise TypeError(f"a lemma is named by its claim id, not {self.claim_id!r}")
        pairs = tuple((k, sympy.sympify(v)) for k, v in _pairs(self.substitution))
        for k, _ in pairs:
            if not isinstance(k, sympy.Symbol):
                raise TypeError(f"a lemma substitution maps the lemma's symbols, not {k!r}")
        object.__setattr__(self, "substitution", pairs)


@dataclass(frozen=True)
class Premise:
    """An outside result the derivation rests on, displayed and listed as cited; it bears no status.

    ``relation`` (optional) is the statement in symbols — a relational, or an ``And`` of relationals — displayed
    with it; a step condition it states or implies is reported with the origin ``premise Pk``
    (:mod:`.step_conditions`): the step then rests on this listed premise, not on an unlisted assumption.
    """

    statement: str
    citation: str
    relation: sympy.Basic | None = None


@dataclass(frozen=True)
class Step:
    """One relation ``lhs rel rhs`` of a derivation.

    - ``lhs=None`` continues the chain: the left-hand side is the previous step's right-hand side;
    - ``box``: {symbol: (lo, hi)} over which the engine may prove the step by interval branch-and-bound
      (symbols are the derivation's base symbols: abbreviations are substituted first);
    - ``cited``: the outside source the step is taken from (still tested numerically: a cited step that
      fails at a point is refuted);
    - ``monotone``: a :class:`Monotone` hint for a symbolic monotonicity proof;
    - ``given``: {symbol: expression} substitutions under which the step is stated (e.g. the calibration
      equation ε = ρ + 2√(ρL)); they are displayed with the step;
    - ``conditions``: extra relationals holding at this step (added to the derivation's conditions);
    - ``integers``: symbols that take integer values only at this step (a hypothesis, e.g. the dimension d): the
      interval branch-and-bound then runs once per integer value of the (one) such symbol in its box, each value
      proved by simplification or by branch-and-bound on the other symbols;
    - ``lemma``: a :class:`Lemma` (or a claim id, or a pair (claim id, substitution)) the step is an instance of; without ``cited`` the step cites the
      lemma's claim id when the lemma does not establish it.
    """

    lhs: sympy.Expr | None
    rel: str
    rhs: sympy.Expr
    justification: str
    box: Box | None = None
    cited: str | None = None
    monotone: Monotone | None = None
    given: tuple[tuple[sympy.Symbol, sympy.Expr], ...] = ()
    conditions: tuple[sympy.Rel, ...] = ()
    integers: tuple[sympy.Symbol, ...] = ()
    lemma: Lemma | None = None

    def __post_init__(self) -> None:
        if isinstance(self.lemma, str):
            object.__setattr__(self, "lemma", Lemma(self.lemma))
        elif isinstance(self.lemma, tuple):  # (claim id, substitution)
            object.__setattr__(self, "lemma", Lemma(*self.lemma))
        if self.lemma is not None and not isinstance(self.lemma, Lemma):
            raise TypeError(f"a step's lemma is a Lemma or a claim id, not {self.lemma!r}")
        if self.lemma is not None and self.cited is None:
            object.__setattr__(self, "cited", f"{self.lemma.claim_id} (lemma)")
        object.__setattr__(self, "integers", tuple(self.integers))
        if any(not isinstance(x, sympy.Symbol) for x in self.integers):
            raise TypeError(f"a step's integers are sympy Symbols, not {self.integers!r}")
        if self.rel not in RELATIONS:
            raise ValueError(f"a step relates by one of {RELATIONS}, not {self.rel!r}")
        if self.lhs is not None:
            object.__setattr__(self, "lhs", sympy.sympify(self.lhs))
        object.__setattr__(self, "rhs", sympy.sympify(self.rhs))
        object.__setattr__(self, "box", _box(self.box))
        object.__setattr__(self, "given", _pairs(self.given))
        object.__setattr__(self, "conditions", tuple(self.conditions))

    @property
    def chained(self) -> bool:
        return self.lhs is None


def step(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, justification: str, **kw: Any) -> Step:
    """A step stating its own left-hand side (starts a chain, or an independent relation)."""
    if lhs is None:
        raise ValueError("step() needs a left-hand side; use then() to continue a chain")
    return Step(lhs, rel, rhs, justification, **kw)


def then(rel: str, rhs: sympy.Expr, justification: str, **kw: Any) -> Step:
    """A step continuing the chain from the previous right-hand side."""
    return Step(None, rel, rhs, justification, **kw)


@dataclass(frozen=True)
class Derivation:
    """A paper's derivation of one claim's ``target``: ``"bound"`` or the name of a prescribed parameter.

    ``steps`` end with the chain whose last right-hand side must equal the target expression (the link);
    ``start`` says what that chain starts from — a sympy expression (checked against the first left-hand side
    of the final chain) or free text. ``conditions`` are relationals holding under the claim's hypotheses
    (e.g. ε ≤ 1); ``where`` declares abbreviations ``symbol := expression`` (later ones may use earlier ones);
    ``domain`` is the parameter box {symbol: (lo, hi)} used to sample steps and to validate abbreviations.
    """

    claim_id: str
    target: str
    title: str
    steps: tuple[Step, ...]
    start: str | sympy.Expr = ""
    conditions: tuple[sympy.Rel, ...] = ()
    where: tuple[tuple[sympy.Symbol, sympy.Expr], ...] = ()
    premises: tuple[Premise, ...] = ()
    domain: Box | None = None
    samples: int = 48
    note: str = ""
    #: The quantity computed at symbolic input, when the claim has no closed-form ``quantity_expr``.
    symbolic_start: SymbolicStart | None = None
    #: Why the start cannot be checked against the claim's quantity (shown with a ``stated`` start).
    start_reason: str = ""

    def __post_init__(self) -> None:
        if self.symbolic_start is not None and not isinstance(self.symbolic_start, SymbolicStart):
            raise TypeError(f"{self.claim_id}: symbolic_start is a SymbolicStart, not {self.symbolic_start!r}")
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "conditions", tuple(self.conditions))
        object.__setattr__(self, "where", _pairs(self.where))
        object.__setattr__(self, "premises", tuple(self.premises))
        object.__setattr__(self, "domain", _box(self.domain))
        if not self.steps:
            raise ValueError(f"{self.claim_id}: a derivation needs at least one step")
        if self.steps[0].lhs is None:
            raise ValueError(f"{self.claim_id}: the first step must state its left-hand side")
        if not self.target:
            raise ValueError(f"{self.claim_id}: the target is 'bound' or a prescribed parameter's name")
        if not isinstance(self.start, (str, sympy.Basic)):
            object.__setattr__(self, "start", sympy.sympify(self.start))

    def expand(self, e: sympy.Basic) -> sympy.Basic:
        """``e`` with every abbreviation (``where``) replaced by its definition (repeatedly, so the order of ``where``
        does not matter; a cyclic definition is left partly unexpanded)."""
        abbrev = {sym for sym, _ in self.where}
        for _ in range(len(self.where) + 1):
            if not (e.free_symbols & abbrev):
                break
            for sym, val in reversed(self.where):
                e = e.subs(sym, val)
        return e

    @property
    def chain_start(self) -> int:
        """Index (0-based) of the first step of the final chain (the run ending at the last step)."""
        i = len(self.steps) - 1
        while i > 0 and self.steps[i].lhs is None:
            i -= 1
        return i


def small_rel_big(c: sympy.Basic) -> tuple[sympy.Expr, str, sympy.Expr] | None:
    """A relational as (small, rel, big) with rel in :data:`RELATIONS` (``a ≥ b`` is ``(b, "<=", a)``), or None for
    anything else (≠, And, True, …)."""
    for kind, rel, flipped in ((sympy.StrictLessThan, "<", False), (sympy.LessThan, "<=", False),
                               (sympy.StrictGreaterThan, "<", True), (sympy.GreaterThan, "<=", True),
                               (sympy.Equality, "==", False)):
        if isinstance(c, kind):
            return (c.rhs, rel, c.lhs) if flipped else (c.lhs, rel, c.rhs)
    return None


# ----------------------------------------------------------------------------------------------------
# Results: plain strings and numbers only, so they pickle across processes and serialise to JSON.


#: Origins of a step's own conditions (``ConditionRecord.origin``; an earlier step's is ``"step k"``, a premise's
#: ``"premise Pk"``).
ORIGIN_HYPOTHESIS, ORIGIN_STEP, ORIGIN_PROVED, ORIGIN_PREMISE, ORIGIN_ASSUMED = (
    "hypothesis", "step", "proved", "premise", "assumed")


@dataclass(frozen=True)
class ConditionRecord:
    """One of a step's own conditions and where it comes from (:mod:`.step_conditions`): ``origin`` is
    ``hypothesis``, ``step k``, ``proved``, ``premise Pk`` or ``assumed``; ``detail`` says how."""

    text: str
    latex: str
    origin: str
    detail: str = ""

    @property
    def kind(self) -> str:
        """The origin without the step's number: one of the ``ORIGIN_*`` strings."""
        return self.origin.split()[0]

    def to_json(self) -> dict[str, Any]:
        return {"condition": self.text, "origin": self.origin, "detail": self.detail}


@dataclass(frozen=True)
class StepResult:
    """The status of one step, with what established or refuted it."""

    index: int  # 1-based, as printed
    text: str  # the relation, e.g. "sigma == Delta/sqrt(2*rho)"
    rel: str
    lhs: str
    rhs: str
    lhs_latex: str
    rhs_latex: str
    chained: bool
    status: str
    justification: str
    detail: str = ""
    citation: str | None = None
    given: str = ""
    given_latex: str = ""
    point: tuple[tuple[str, str], ...] | None = None  # refuting point: name → exact decimal
    lhs_value: str | None = None  # enclosure midpoints at the refuting point
    rhs_value: str | None = None
    boxes: int | None = None
    samples: int | None = None
    seconds: float = 0.0
    #: How the status was reached (one of :data:`METHODS`).
    method: str = ""
    #: The box a ``proved-on-box`` step was proved on: (name, lo, hi) as exact decimals.
    box: tuple[tuple[str, str, str], ...] | None = None
    #: Of ``samples``, how many points were decided on enclosures (the rest overlapped at 512 bits).
    decided: int | None = None
    #: The step's own conditions, each with its origin (a hypothesis, an earlier step, proved, or assumed).
    conditions: tuple[ConditionRecord, ...] = ()

    @property
    def assumed(self) -> tuple[ConditionRecord, ...]:
        """The step's conditions established nowhere in the derivation: the step holds under them."""
        return tuple(c for c in self.conditions if c.kind == ORIGIN_ASSUMED)

    @property
    def point_dict(self) -> dict[str, str] | None:
        return dict(self.point) if self.point is not None else None

    @property
    def box_dict(self) -> dict[str, list[str]] | None:
        return {n: [lo, hi] for n, lo, hi in self.box} if self.box is not None else None

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.index, "relation": self.text, "status": self.status, "method": self.method or None,
            "box": self.box_dict, "justification": self.justification,
            "detail": self.detail, "citation": self.citation, "given": self.given or None,
            "point": self.point_dict, "boxes": self.boxes, "samples": self.samples, "decided": self.decided,
            "conditions": [c.to_json() for c in self.conditions],
            "seconds": round(self.seconds, 4),
        }


@dataclass(frozen=True)
class DefinitionResult:
    """An abbreviation ``symbol := expression`` and whether its symbol's assumptions (e.g. positive) hold."""

    symbol: str
    symbol_latex: str
    expr: str
    expr_latex: str
    assumption: str  # e.g. "positive", or "" when the symbol carries none
    status: str
    detail: str = ""
    point: tuple[tuple[str, str], ...] | None = None
    prescribed: str = ""  # "identity"/"broken" when the symbol is a parameter the claim prescribes, else ""


@dataclass(frozen=True)
class PremiseRecord:
    statement: str
    citation: str
    relation: str = ""
    relation_latex: str = ""


@dataclass(frozen=True)
class DerivationResult:
    """The checked derivation: per-step statuses, abbreviation checks, premises, and the link."""

    claim_id: str
    target: str
    title: str
    start: str
    start_check: str  # "identity", "broken", or "stated" (free text, not checked)
    start_detail: str
    steps: tuple[StepResult, ...]
    chain_start: int  # 1-based index of the first step of the final chain
    link: str  # "identity" or "broken"
    link_text: str
    link_detail: str
    last_rhs: str
    target_expr: str
    target_latex: str
    definitions: tuple[DefinitionResult, ...] = ()
    premises: tuple[PremiseRecord, ...] = ()
    conditions: tuple[str, ...] = ()
    conditions_latex: tuple[str, ...] = ()
    note: str = ""
    seconds: float = 0.0
    start_status: str = START_STATED  # checked / mismatch / stated: the start against the claim's quantity
    start_status_detail: str = ""

    @property
    def ok(self) -> bool:
        """No step or abbreviation refuted, the link holds, and the chain starts where it says."""
        return (
            self.link == LINK_IDENTITY
            and self.start_check != LINK_BROKEN
            and all(s.status != REFUTED for s in self.steps)
            and all(d.status != REFUTED and d.prescribed != LINK_BROKEN for d in self.definitions)
        )

    @property
    def established(self) -> bool:
        """ok, and every step identity / proved / proved-on-box (premises are listed separately)."""
        return self.ok and all(s.status in ESTABLISHED for s in self.steps) and all(
            d.status in ESTABLISHED or d.status == "" for d in self.definitions)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.status] = out.get(s.status, 0) + 1
        return out

    def refuted(self) -> list[StepResult]:
        return [s for s in self.steps if s.status == REFUTED]

    def refuting_points(self) -> list[dict[str, Any]]:
        """Every refuted step (and abbreviation) with the point where it fails (exact decimals), for JSON."""
        out: list[dict[str, Any]] = []
        for s in self.steps:
            if s.status == REFUTED:
                out.append({"step": s.index, "relation": s.text, "point": s.point_dict, "lhs": s.lhs_value,
                            "rhs": s.rhs_value, "detail": s.detail})
        for d in self.definitions:
            if d.status == REFUTED:
                out.append({"step": None, "relation": f"{d.symbol} := {d.expr} ({d.assumption})",
                            "point": dict(d.point) if d.point is not None else None, "lhs": None, "rhs": None,
                            "detail": d.detail})
        return out

    @property
    def proof(self) -> str:
        """The proof status: see :func:`proof_status`."""
        return proof_status(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "claim": self.claim_id, "target": self.target, "title": self.title, "ok": self.ok,
            "proof": self.proof,
            "start": {"text": self.start, "status": self.start_check, "detail": self.start_detail,
                      "against_quantity": self.start_status, "quantity_detail": self.start_status_detail,
                      "reason": self.start_status_detail if self.start_status == START_STATED else None},
            "steps": [s.to_json() for s in self.steps],
            "definitions": [{"symbol": d.symbol, "expr": d.expr, "assumption": d.assumption, "status": d.status,
                             "detail": d.detail} for d in self.definitions],
            "premises": [{"statement": p.statement, "citation": p.citation, "relation": p.relation or None}
                         for p in self.premises],
            "link": {"status": self.link, "last_rhs": self.last_rhs, "target": self.target_expr,
                     "detail": self.link_detail},
            "refuting_points": self.refuting_points(),
            "seconds": round(self.seconds, 3),
        }


def proof_status(result: DerivationResult | None) -> str:
    """What a claim's derivation establishes, one of ``complete``, ``partial``, ``broken``, ``none``.

    - ``none``: no derivation (``result`` is None);
    - ``broken``: a refuted step or abbreviation, a broken link (also an abbreviation that differs from the
      parameter the claim prescribes), or a start ``mismatch``;
    - ``complete``: every step identity / proved / proved-on-box and none established only under an ``assumed``
      condition of its own (``StepResult.assumed``, :mod:`.step_conditions`: each comes from a hypothesis, an earlier
      step, a proof or a premise), every abbreviation's assumption established, the link an identity and the start
      ``checked`` against the claim's closed-form quantity;
    - ``partial``: otherwise (no step refuted, but some step evidence / cited / unchecked or under an assumed
      condition, or a ``stated`` start).

    ``complete`` is relative to what the derivation lists as given: its premises (cited, no status), printed with it.
    """
    if result is None:
        return PROOF_NONE
    if (result.link != LINK_IDENTITY or result.start_status == START_MISMATCH or result.start_check == LINK_BROKEN
            or any(s.status == REFUTED for s in result.steps)
            or any(d.status == REFUTED or d.prescribed == LINK_BROKEN for d in result.definitions)):
        return PROOF_BROKEN
    if (result.start_status == START_CHECKED and all(s.status in ESTABLISHED and not s.assumed for s in result.steps)
            and all(d.status in ESTABLISHED or d.status == "" for d in result.definitions)):
        return PROOF_COMPLETE
    return PROOF_PARTIAL



# ----------------------------------------------------------------------------------------------------
# what a check reads from a claim (the engine's inputs, and the cache's key parts)


def target_expr(claim: Any, target: str) -> tuple[sympy.Expr | None, str]:
    """The expression a derivation of ``target`` (``"bound"`` or a prescribed parameter) must end at, and the text
    naming it; ``claim`` may be the target expression itself."""
    if isinstance(claim, sympy.Basic):
        return claim, "the given target expression"
    if target == "bound":
        return getattr(claim, "bound", None), f"the bound of {getattr(claim, 'id', 'the claim')}"
    prescribed = getattr(claim, "prescribed", {}) or {}
    if target in prescribed:
        return prescribed[target], f"the {target} prescribed by {getattr(claim, 'id', 'the claim')}"
    return None, f"{getattr(claim, 'id', 'the claim')} prescribes no {target!r}"


def check_inputs(derivation: Derivation, claim: Any) -> tuple[sympy.Expr | None, str, tuple, sympy.Expr | None]:
    """What :func:`check_derivation` reads from ``claim``: (target expression, the text naming it, the prescribed
    parameters, the closed-form quantity) — also the arguments of the cache keys."""
    target, what = target_expr(claim, derivation.target)
    prescribed = tuple(sorted((getattr(claim, "prescribed", None) or {}).items()))
    quantity = None if isinstance(claim, sympy.Basic) else getattr(claim, "quantity_expr", None)
    return target, what, prescribed, quantity


__all__ = [
    "RELATIONS", "STATUSES", "ESTABLISHED", "IDENTITY", "PROVED", "PROVED_ON_BOX", "EVIDENCE", "CITED", "REFUTED",
    "UNCHECKED", "METHODS", "LINK_IDENTITY", "LINK_BROKEN", "START_STATED", "START_CHECKED", "START_MISMATCH",
    "PROOF_COMPLETE", "PROOF_PARTIAL", "PROOF_BROKEN", "PROOF_NONE", "proof_status", "check_inputs", "target_expr", "Monotone", "Lemma", "Premise", "SymbolicStart", "Step", "step", "then",
    "Derivation", "StepResult", "DefinitionResult", "PremiseRecord", "DerivationResult",
]
