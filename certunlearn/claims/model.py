"""The claim model: a numbered statement of a paper, encoded as printed.

A :class:`Claim` says: on every instance satisfying ``hypotheses``, ``quantity(instance)`` (the
true value of what the paper bounds, computed exactly) is at most ``bound`` (a sympy expression in
the instance's parameters and the claim's prescribed parameters). The checker attacks it with
``adversaries``; ``derivation`` names the paper's chain of steps in ``proofs/<paper>.py``.
"""
from __future__ import annotations

import enum
import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

import numpy as np
import sympy
from flint import arb

from ..numeric.enclosure import Decision, Exact, decide, exact_decimal, parse_exact
from ..numeric.fraction import Fraction
from ..numeric.rationals import NotRational, rational_eval, rational_value
from ..numeric.sympy_arb import arb_eval
from ..numeric.symbolic_equality import proved_equal

#: An instance: parameter name → an exact value (int, Fraction, float, decimal string) or a nested
#: list of them (a data matrix, an update sequence). Saved as exact decimal strings; see
#: :func:`encode_instance`.
Instance = Mapping[str, Any]

ID_PATTERN = re.compile(r"^(?P<paper>[a-z][a-z0-9_]*)\.(?P<item>[A-Za-z0-9._\-]+)(?::(?P<part>[A-Za-z0-9._\-]+))?(?P<fix>\+fix)?$")


class Kind(str, enum.Enum):
    """What a claim bounds."""

    UNLEARNING = "unlearning"
    PRIVACY = "privacy"
    SENSITIVITY = "sensitivity"
    CONTRACTION = "contraction"
    ITERATIONS = "iterations"
    REGRET = "regret"
    ACCURACY = "accuracy"
    INEQUALITY = "inequality"


_RELATIONS: dict[str, Callable[[Fraction, Fraction], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq, "!=": operator.ne}


class QuantityKind(str, enum.Enum):
    """What a claim's ``quantity`` returns about the true value of what the bound bounds."""

    ENCLOSURE = "enclosure"  # a ball containing the true value: can show "within" and "violated"
    LOWER = "lower"  # a certified lower bound on the true value: can only show "violated"
    UPPER = "upper"  # a certified upper bound on the true value: can only show "within"
    #: a ``numeric.confidence.ConfidenceInterval`` from sampling: decides at its confidence, and the claim's verdict
    #: is labelled statistical (never counted with exact verdicts)
    STATISTICAL = "statistical"


@dataclass(frozen=True)
class GaussianPair:
    """Two published laws N(m0, σ²I), N(m1, σ²I) at an instance: ``shift`` = ‖m1 − m0‖, ``sigma`` = σ (enclosures or
    exact numbers). Their δ(ε) is the Balle–Wang profile of ``shift``/``sigma``."""

    shift: Any
    sigma: Any


@dataclass(frozen=True)
class LaplacePair:
    """Two published laws Lap(m0, b), Lap(m1, b) (one coordinate carries the shift): ``shift`` = |m1 − m0|,
    ``scale`` = b. Their δ(ε) is 1 − e^{(ε − shift/b)/2} on [0, shift/b], 0 above (:mod:`certunlearn.privacy.laplace`)."""

    shift: Any
    scale: Any


@dataclass(frozen=True)
class SubsampledGaussianLaws:
    """The published laws of ``steps`` composed releases of the Gaussian mechanism (noise ``sigma``, sensitivity
    ``shift``) run on a subsample drawn with probability ``q`` (``sampling`` "poisson" or "fixed", ``relation``
    "add-remove" or "replace-one"); q = 1 is plain composition. Their δ(ε) is enclosed by
    :func:`certunlearn.privacy.score.score` (the exact profile for one step, the certified PLD otherwise)."""

    q: Any
    sigma: Any
    shift: Any
    steps: int = 1
    sampling: str = "poisson"
    relation: str | None = None


@dataclass(frozen=True)
class PointMass:
    """A deterministic release: the two published values at distance ``shift``. δ(ε) = 1 at every ε when the shift is
    not 0 (the value itself tells the datasets apart), 0 when it is."""

    shift: Any


@dataclass(frozen=True)
class DeltaProfile:
    """The exact privacy profile ε ↦ δ(ε) (hockey-stick divergence, decreasing in ε) of two published laws at an
    instance, as a function returning an enclosure at the working precision."""

    delta: Callable[[arb], arb]


#: The laws a claim may state for its two published outputs (``Claim.laws``).
Laws = Union[GaussianPair, LaplacePair, SubsampledGaussianLaws, PointMass, DeltaProfile]


class Control(str, enum.Enum):
    """Role of a claim in the checker's self-check."""

    NONE = "none"
    NEGATIVE = "negative"  # deliberately wrong: must come out violated
    POSITIVE = "positive"  # exact answer known: must hold with the known tightness


def encode_instance(instance: Instance) -> dict[str, Any]:
    """The instance with every number written as an exact decimal string (lists kept as lists)."""
    return {k: _encode(v) for k, v in instance.items()}


def decode_instance(written: Mapping[str, Any]) -> dict[str, Any]:
    """Inverse of :func:`encode_instance`: decimal strings back to exact Fractions."""
    return {k: _decode(v) for k, v in written.items()}


def _encode(v: Any) -> Any:
    if isinstance(v, (list, tuple, np.ndarray)):
        return [_encode(x) for x in v]
    return exact_decimal(v)


def _decode(v: Any) -> Any:
    return [_decode(x) for x in v] if isinstance(v, list) else parse_exact(v)


@dataclass(frozen=True)
class Hypothesis:
    """A checkable predicate on an instance, decided rigorously.

    Either ``relation``, a sympy relational in the instance's scalar parameters (built with
    ``evaluate=False`` so the symbols' assumptions cannot reduce it to ``True``), or ``predicate``,
    a function of the instance returning a :class:`Decision` (for data-level assumptions such as
    ‖x_i‖ ≤ R, decided exactly by the loss's ``check_data``).
    """

    name: str
    relation: sympy.Rel | None = None
    predicate: Callable[[Instance], Decision] | None = None

    def __post_init__(self) -> None:
        if (self.relation is None) == (self.predicate is None):
            raise TypeError(f"hypothesis {self.name!r}: give exactly one of relation and predicate")
        if self.relation is not None and not isinstance(self.relation, sympy.core.relational.Relational):
            raise TypeError(f"hypothesis {self.name!r} must stay a relation (build it with evaluate=False); "
                            f"sympy reduced it to {self.relation!r} from the symbols' assumptions")

    def decide(self, values: Instance) -> Decision:
        """Exactly where both sides are rational at ``values`` (a boundary case such as η = 2/M is decided, not
        left to overlapping enclosures), else on enclosures at rising precision; where those still overlap, an
        equality of the two sides' closed forms proved exactly (:func:`proved_equal`: S = √T·√d at T = 64, d = 4)
        decides a non-strict relation true and a strict one false."""
        if self.predicate is not None:
            return self.predicate(values)
        rel = self.relation
        lhs, rhs = rational_eval(rel.lhs, values), rational_eval(rel.rhs, values)
        if lhs is not None and rhs is not None:
            return Decision.TRUE if _RELATIONS[rel.rel_op](lhs, rhs) else Decision.FALSE
        decision = decide(lambda: arb_eval(rel.lhs, values), rel.rel_op, lambda: arb_eval(rel.rhs, values)).decision
        if decision is Decision.UNDECIDED:
            lhs_form, rhs_form = closed_form_at(rel.lhs, values), closed_form_at(rel.rhs, values)
            if lhs_form is not None and rhs_form is not None and proved_equal(lhs_form, rhs_form) is True:
                return Decision.TRUE if rel.rel_op in ("<=", ">=") else Decision.FALSE
        return decision


@dataclass(frozen=True)
class Space:
    """A box of instance parameters for search adversaries; ``log`` coordinates for scales."""


    bounds: Mapping[str, tuple[float, float]]
    log: frozenset[str] = frozenset()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    build: Callable[[dict[str, Any]], Instance] | None = None

    def from_unit(self, u: np.ndarray) -> Instance:
        """Map a point of the unit cube to an instance (floats, so exactly representable);
        ``build``, if given, turns those parameters into the full instance (e.g. a dataset)."""
        out: dict[str, Any] = dict(self.fixed)
        for ui, (name, (lo, hi)) in zip(np.clip(u, 0.0, 1.0), self.bounds.items()):
            if name in self.log:
                value = float(np.exp(np.log(lo) + ui * (np.log(hi) - np.log(lo))))
            else:
                value = float(lo + ui * (hi - lo))
            out[name] = min(max(value, lo), hi)  # rounding must not leave the box
        return self.build(out) if self.build else out

    @property
    def dim(self) -> int:
        return len(self.bounds)


@dataclass(frozen=True)
class Narrowing:
    """A part of the theorem's hypothesis class that no adversary of the claim reaches, and why (DESIGN.md "Scope"):
    no exact or enclosure evaluation known there, or its cost. A narrowing without a true why is a defect."""

    what: str
    why: str

    def __post_init__(self) -> None:
        if not (isinstance(self.what, str) and self.what.strip() and isinstance(self.why, str) and self.why.strip()):
            raise ValueError("a narrowing names what is not reached and why, both non-empty strings")


#: The scope of a claim whose printed hypothesis class is not declared yet: nothing is claimed about its reach.
UNDECLARED = Narrowing("the theorem's hypothesis class", "not declared for this claim yet (theorem_class is empty)")


@dataclass(frozen=True)
class Adversary:
    """A source of instances.

    ``structured`` adversaries yield extremal instances from ``generate(rng, size)``; ``search``
    adversaries give a :class:`Space` in which the checker maximises observed/bound by random
    restarts and local optimisation.
    """

    name: str
    generate: Callable[[np.random.Generator, int], Iterable[Instance]] | None = None
    space: Space | None = None
    #: The part of the claim's hypothesis class this adversary reaches, in words (DESIGN.md "Scope").
    reaches: str = ""
    #: A family that may find no instance inside the hypotheses (a generated boundary adversary, issue 23): when it
    #: yields none, the verdict does not ask it for a decided instance; when it yields some, it is judged as any other.
    optional: bool = False
    #: False: the generated boundary adversary (:func:`certunlearn.claims.boundaries.boundary_of`) does not start from
    #: this family (a costly widening whose boundary moves, e.g. δ → 0⁺ lengthening every exact run, would cost more
    #: than the family itself, and would redraw the boundary family the claim already had).
    boundary_base: bool = True

    @property
    def kind(self) -> str:
        return "search" if self.space is not None else "structured"


@dataclass(frozen=True)
class Claim:
    """One guarantee of one paper, as printed (or, with ``+fix``, as corrected)."""

    id: str
    source: str
    kind: Kind
    statement: str
    hypotheses: tuple[Hypothesis, ...]
    bound: sympy.Expr
    quantity: Callable[[Instance], arb]
    adversaries: tuple[Adversary, ...]
    prescribed: Mapping[str, sympy.Expr] = field(default_factory=dict)
    derivation: str | None = None
    control: Control = Control.NONE
    corrects: str | None = None
    note: str = ""
    #: What ``quantity`` returns: an enclosure of the true value (default), or a certified lower / upper bound.
    quantity_kind: QuantityKind = QuantityKind.ENCLOSURE
    #: The quantity's closed form in the instance's symbols, where it has one (derivations start from it).
    quantity_expr: sympy.Expr | None = None
    #: For (ε, δ) certificates: the two published laws at an instance's evaluated values (``GaussianPair``,
    #: ``LaplacePair``, ``SubsampledGaussianLaws``, ``PointMass`` or ``DeltaProfile``), from which the checker
    #: computes the ε-scale tightness.
    laws: Callable[[Instance], Laws] | None = None
    #: The printed hypothesis class in words (losses, streams, dimensions, counts, boundaries) — DESIGN.md "Scope".
    theorem_class: str = ""
    #: What of ``theorem_class`` no adversary reaches, each with its why; empty means the whole class is attacked.
    narrowed: tuple[Narrowing, ...] = ()
    #: For a claim encoding an O(·)/Õ(·) entry: the constant it reads the entry with (e.g. "the O(·) constant read as
    #: 1"). A violation of such a claim is a reading, not a printed violation (DESIGN "Verdicts").
    reading: str = ""
    #: For a claim whose quantity is what a step of the paper's route computes (e.g. Theorem 4.4's proof applying
    #: Theorem 4.3's δ), or a transcription of one printed formula into another (a table entry from its theorem),
    #: rather than the true value of what the theorem bounds: which step. A violation refutes that step (a gap in the
    #: route), not the theorem; such a claim is never a printed violation nor a fix holding (DESIGN "Verdicts").
    proof_step: str = ""

    def __post_init__(self) -> None:
        m = ID_PATTERN.match(self.id)
        if not m:
            raise ValueError(f"malformed claim id {self.id!r}: expected '<paper>.<item>[:<part>][+fix]' (e.g. "
                             "'mypaper.thm2', 'mypaper.thm2:accuracy'), the paper a lowercase name, item and part "
                             "letters, digits, '.', '-' or '_'")
        if (m["fix"] is not None) != (self.corrects is not None):
            raise ValueError(f"{self.id}: a +fix claim, and only one, names the claim it corrects")
        if not self.adversaries:
            raise ValueError(f"{self.id}: a claim needs at least one adversary")

    @property
    def paper(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def scope(self) -> dict[str, Any]:
        """``{"full", "narrowed": [{"what", "why"}]}`` (the JSON contract): full only when the printed class is
        declared and nothing of it is narrowed; an undeclared class is reported as a narrowing, never as full."""
        narrowed = self.narrowed if self.theorem_class.strip() else (UNDECLARED, *self.narrowed)
        return {"full": not narrowed, "narrowed": [{"what": n.what, "why": n.why} for n in narrowed]}

    def with_prescribed(self, instance: Instance) -> dict[str, Exact | arb]:
        """The instance extended by the prescribed parameters, enclosed at the working precision."""
        values: dict[str, Exact | arb] = dict(instance)
        for name, expr in self.prescribed.items():
            values[name] = arb_eval(expr, values)
        return values

    def bound_value(self, instance: Instance) -> arb:
        """An enclosure of the bound at ``instance`` (at the working precision)."""
        return arb_eval(self.bound, self.with_prescribed(instance))

    def bound_exact(self, instance: Instance) -> Fraction | None:
        """The bound's exact value at ``instance`` when it is rational there (prescribed parameters included), else
        None — what proves an equality with an exact quantity."""
        values: dict[str, Any] = dict(instance)
        for name, expr in self.prescribed.items():
            value = rational_eval(expr, values)
            if value is None:
                return None
            values[name] = value
        return rational_eval(self.bound, values)

    def bound_closed_form(self, instance: Instance) -> sympy.Expr | None:
        """The bound at ``instance`` as a sympy number (√q, e^q, …) when every value it depends on (prescribed
        parameters included) is rational there, else None — what proves an irrational equality with a quantity that
        returns a closed form (:mod:`certunlearn.numeric.symbolic_equality`)."""
        values: dict[str, Any] = dict(instance)
        for name, expr in self.prescribed.items():
            values[name] = closed_form_at(expr, values)
            if values[name] is None:
                return None
        return closed_form_at(self.bound, values)


def closed_form_at(expr: Any, values: Mapping[str, Any]) -> sympy.Expr | None:
    """``expr`` at ``values`` as a sympy number (√q, e^q, log q, …) when every symbol it has is given a rational (an
    int, a Fraction, a decimal string, …) or a closed form itself, else None: the closed form an equality is proved
    on (:mod:`certunlearn.numeric.symbolic_equality`)."""
    expr = sympy.sympify(expr)
    subs = {}
    for s in expr.free_symbols:
        if s.name not in values:
            return None
        v = values[s.name]
        if isinstance(v, sympy.Basic) and not v.free_symbols:  # a sympy number (a Rational included)
            subs[s] = v
            continue
        try:
            q = rational_value(v)
        except NotRational:
            return None
        subs[s] = sympy.Rational(q.numerator, q.denominator)
    return expr.subs(subs)
