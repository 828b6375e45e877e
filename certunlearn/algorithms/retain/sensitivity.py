"""Retain sensitivity, side by side with the paper's bound and the global sensitivity; the chain check.

Paper: Heinzler, Malihi, Sanyal, "Less Noise, Same Certificate: Retain Sensitivity for Unlearning",
``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).

Definitions (m = 1 is the paper's; every mechanism here also takes deletion sets of size m):

* retain sensitivity ``RS_f(R) = max_{|Z| = 1} ‖f(R ∪ Z) − f(R)‖`` (Definition 2.7, line 91) and, for an
  unlearning pair, ``RS_(A,Ā)(R) = max_{|Z| = 1} ‖Ā_0(∅, A(R), R) − Ā_0(Z, A(R ∪ Z), R ∪ Z)‖``
  (Definition 2.10, lines 103–107). For m deletions: ``RS_m(R) = max_{|Z| = m} …`` — what Definition 2.2
  (line 45, "every forget set U with |U ∪ R| ≤ n + m") needs, since a calibration must cover every U;
* global sensitivity ``GS_f = max_{d(S, S') = 1} ‖f(S) − f(S')‖`` (Definition 2.5, line 69);
* the norm is that of the vector the mechanism really releases (``Mechanism.norm``): for the PCA projector
  the upper-triangular entries (Lemma E.3, lines 521–529), not the Frobenius norm of Lemma 3.4.

Every mechanism (:class:`Mechanism`) reports, for a retained set R and a deletion set U (|U| = m), a
:class:`Sensitivities` record:

* ``actual_shift`` — ``‖Ā_0(U, A(R ∪ U), R ∪ U) − Ā_0(∅, A(R), R)‖`` for this U, exactly or enclosed;
* ``exact_rs`` — ``RS_m(R)``: ``exact_rs_kind = "exact"`` when computed in closed form or by brute force
  over a finite universe (enumerated exactly), ``"lower-bound"`` when the universe is continuous and the
  value is the (rigorously evaluated) shift at the best witness of a multistart search — the given U is
  always among the candidates, so ``actual_shift ≤ exact_rs`` holds by construction for lower bounds;
* ``bound`` — the paper's closed-form bound (as printed for m = 1; for m > 1 the extension derived in the
  mechanism's docstring, meant as a ``+fix``-style extension claim);
* ``global_`` — the paper's global sensitivity (``global_kind``: ``"exact"``, ``"upper-bound"`` — e.g.
  ``Δ_GS`` of Lemma 3.7 — or ``"lower-bound"`` — e.g. ``(n − 2)B`` of Theorem D.4, which the paper only
  shows to be attained).

:func:`check_chain` decides ``actual ≤ RS ≤ bound ≤ GS`` (and ``RS ≤ GS``) on rigorous enclosures and
reports every violated link; it never hides one (a violated ``RS ≤ bound`` is a finding about the paper).
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import sympy

from ...errors import InvalidParameterError
from ...numeric.enclosure import Comparison, Decision, decide
from ...numeric.precision import workprec
from ...formulas.retain import SYMBOLS  # the printed formulas' symbols (re-exported)
from .numeric import Real

__all__ = [
    "SYMBOLS", "RS_KINDS", "GLOBAL_KINDS", "RSResult", "Quantity", "Sensitivities", "Link", "ChainCheck",
    "check_chain", "Mechanism", "deletion_size", "maximize_in_balls", "best_witness",
]

RS_KINDS = ("exact", "lower-bound")
GLOBAL_KINDS = ("exact", "upper-bound", "lower-bound")


def deletion_size(m: Any) -> int:
    """A deletion-set size m ≥ 1 (an int), or an error naming ``m``."""
    if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or m < 1:
        raise InvalidParameterError("m", f"the deletion-set size must be an integer ≥ 1, got {m!r}")
    return int(m)


# =========================================================================== results
@dataclass(frozen=True, eq=False)
class RSResult:
    """``RS_m(R)``: ``value``; ``kind`` ``"exact"`` or ``"lower-bound"``; ``method`` (closed form, brute force
    over N candidates, multistart with k starts …); ``witness``: a deletion set attaining ``value``."""

    value: Real
    kind: str
    method: str
    witness: Any = None
    witness_is_include: bool = False

    def __post_init__(self) -> None:
        if self.kind not in RS_KINDS:
            raise InvalidParameterError("kind", f"expected one of {RS_KINDS}, got {self.kind!r}")


@dataclass(frozen=True, eq=False)
class Quantity:
    """A bound or a global sensitivity: ``value``, ``source`` (lemma and lines, or the extension used) and
    ``kind`` (for global sensitivities: exact / upper-bound / lower-bound)."""

    value: Real
    source: str
    kind: str = "exact"


@dataclass(frozen=True, eq=False)
class Sensitivities:
    """The three sensitivities of one mechanism on one instance, and the actual shift (module doc)."""

    mechanism: str
    m: int
    actual_shift: Real
    exact_rs: Real
    exact_rs_kind: str
    bound: Real
    global_: Real
    exact_rs_method: str = ""
    witness: Any = None
    bound_source: str = ""
    global_kind: str = "exact"
    global_source: str = ""
    norm: str = ""

    def as_floats(self) -> dict[str, float]:
        """Display values (floats; decisions use :func:`check_chain`)."""
        return {"actual_shift": float(self.actual_shift), "exact_rs": float(self.exact_rs),
                "bound": float(self.bound), "global": float(self.global_)}


@dataclass(frozen=True, eq=False)
class Link:
    """One link ``lhs ≤ rhs`` of the chain with its rigorous decision; ``meaning``: what a violation says."""

    name: str
    lhs: Real
    rhs: Real
    decision: Decision
    meaning: str
    comparison: Comparison | None = None

    def __str__(self) -> str:
        return f"{self.name}: {float(self.lhs):.6g} ≤ {float(self.rhs):.6g} → {self.decision.value}"


@dataclass(frozen=True, eq=False)
class ChainCheck:
    """The decided chain of a :class:`Sensitivities` record."""

    sensitivities: Sensitivities
    links: tuple[Link, ...]

    @property
    def holds(self) -> bool:
        return all(link.decision is Decision.TRUE for link in self.links)

    @property
    def violations(self) -> tuple[Link, ...]:
        return tuple(link for link in self.links if link.decision is Decision.FALSE)

    @property
    def undecided(self) -> tuple[Link, ...]:
        return tuple(link for link in self.links if link.decision is Decision.UNDECIDED)

    def link(self, name: str) -> Link:
        for link in self.links:
            if link.name == name:
                return link
        raise InvalidParameterError("name", f"no link {name!r}; links: {[x.name for x in self.links]}")

    def summary(self) -> str:
        s = self.sensitivities
        head = f"{s.mechanism} (m = {s.m}, RS {s.exact_rs_kind}, GS {s.global_kind})"
        lines = [head] + [f"  {link}" + (f"  — {link.meaning}" if link.decision is Decision.FALSE else "")
                          for link in self.links]
        return "\n".join(lines)

    def assert_holds(self) -> None:
        """Raise AssertionError listing every violated or undecided link."""
        bad = self.violations + self.undecided
        if bad:
            raise AssertionError("chain actual ≤ RS ≤ bound ≤ GS fails:\n" + self.summary())


def _decide_le(lhs: Real, rhs: Real) -> tuple[Decision, Comparison | None]:
    if lhs is rhs or rhs.is_infinite:
        return Decision.TRUE, None
    if lhs.is_infinite:
        return Decision.FALSE, None
    if lhs.kind in ("rational", "sqrt") and rhs.kind in ("rational", "sqrt"):  # exact: compare squares
        a, b = lhs.q, rhs.q
        if lhs.kind == "rational" and rhs.kind == "rational":
            return (Decision.TRUE if a <= b else Decision.FALSE), None
        sa = a if lhs.kind == "sqrt" else (a * a if a >= 0 else -(a * a))  # signed squares
        sb = b if rhs.kind == "sqrt" else (b * b if b >= 0 else -(b * b))
        return (Decision.TRUE if sa <= sb else Decision.FALSE), None
    c = decide(lhs.arb, "<=", rhs.arb)
    return c.decision, c


def check_chain(s: Sensitivities) -> ChainCheck:
    """Decide ``actual ≤ RS``, ``RS ≤ bound``, ``bound ≤ GS`` and ``RS ≤ GS`` rigorously (never from floats).

    Meaning of a violation: ``actual ≤ RS`` with an exact RS — an inconsistency of the computation (a bug);
    ``RS ≤ bound`` — the paper's bound (or the m-extension) fails on this instance (RS exact or a certified
    lower bound, so the failure is certain); ``bound ≤ GS`` — the bound is looser than the global
    sensitivity (a finding only where the paper claims the ratio is ≤ 1); ``RS ≤ GS`` — the paper's global
    sensitivity is wrong (when GS is claimed exact or an upper bound)."""
    rs_word = "RS" if s.exact_rs_kind == "exact" else "a certified lower bound on RS"
    gs_word = {"exact": "the global sensitivity", "upper-bound": "the paper's upper bound on GS",
               "lower-bound": "the paper's lower bound on GS (not a violation of a printed claim)"}[s.global_kind]
    specs = [
        ("actual ≤ RS", s.actual_shift, s.exact_rs,
         "the shift of this U exceeds RS: inconsistent computation" if s.exact_rs_kind == "exact"
         else "the search missed the given U (cannot happen: U is a candidate)"),
        ("RS ≤ bound", s.exact_rs, s.bound, f"{rs_word} exceeds the closed-form bound ({s.bound_source})"),
        ("bound ≤ GS", s.bound, s.global_, f"the closed-form bound exceeds {gs_word}"),
        ("RS ≤ GS", s.exact_rs, s.global_, f"{rs_word} exceeds {gs_word}"),
    ]
    links = []
    for name, lhs, rhs, meaning in specs:
        decision, comparison = _decide_le(lhs, rhs)
        links.append(Link(name, lhs, rhs, decision, meaning, comparison))
    return ChainCheck(s, tuple(links))


# =========================================================================== mechanisms
class Mechanism(ABC):
    """A deterministic map whose output is released with Gaussian noise (Definition 2.3, lines 51–55).

    ``baseline(R)`` is ``Ā_0(∅, A(R), R)`` and ``update(R, U)`` is ``Ā_0(U, A(R ∪ U), R ∪ U)`` — for a
    passive mechanism both are ``f`` itself (``f(R)`` and ``f(R ∪ U)``). Datasets and deletion sets are of
    the mechanism's own type (numbers, graphs, labelled points); ``prepare``/``deletion`` validate them
    exactly and raise errors naming the parameter (``R``, ``U``) or the violated assumption."""

    name: ClassVar[str] = ""
    source: ClassVar[str] = ""
    norm: ClassVar[str] = "ℓ2 norm of the released vector"
    passive: ClassVar[bool] = True

    # -- data ---------------------------------------------------------------------------------------
    @abstractmethod
    def prepare(self, R: Any) -> Any:
        """R validated and converted to exact values."""

    @abstractmethod
    def deletion(self, R: Any, U: Any) -> Any:
        """U validated against R (and the universe) and converted to exact values."""

    @abstractmethod
    def size(self, U: Any) -> int:
        """|U|, the m of the deletion set."""

    # -- the maps -----------------------------------------------------------------------------------
    @abstractmethod
    def baseline(self, R: Any) -> np.ndarray:
        """``Ā_0(∅, A(R), R)``: the released vector of the retrained world."""

    @abstractmethod
    def update(self, R: Any, U: Any) -> np.ndarray:
        """``Ā_0(U, A(R ∪ U), R ∪ U)``: the released vector of the unlearning world."""

    @abstractmethod
    def shift(self, R: Any, U: Any) -> Real:
        """``‖update(R, U) − baseline(R)‖``, exact or enclosed."""

    # -- sensitivities ------------------------------------------------------------------------------
    @abstractmethod
    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        """``RS_m(R)`` (exact or a certified lower bound); ``include``: a deletion set that must be among the
        candidates of a search."""

    @abstractmethod
    def bound(self, R: Any, m: int = 1) -> Quantity:
        """The paper's closed-form bound on ``RS_m(R)`` (as printed for m = 1)."""

    @abstractmethod
    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        """The paper's global sensitivity for deletion sets of size m (with its kind)."""

    def sensitivities(self, R: Any, U: Any, *, rng: Any = None) -> Sensitivities:
        """The :class:`Sensitivities` record for R and the deletion set U (m = |U|)."""
        R = self.prepare(R)
        U = self.deletion(R, U)
        m = self.size(U)
        actual = self.shift(R, U)
        rs = self.exact_rs(R, m, include=U, rng=rng)
        b = self.bound(R, m)
        g = self.global_sensitivity(R, m)
        rs_value = actual if rs.witness_is_include else rs.value  # the same number: x ≤ x is decided
        return Sensitivities(self.name, m, actual, rs_value, rs.kind, b.value, g.value, rs.method, rs.witness,
                             b.source, g.kind, g.source, self.norm)

    def calibration_sensitivity(self, R: Any, m: int = 1, *, use: str = "bound") -> Real:
        """The sensitivity σ(R) is calibrated to (Theorem 2.11): the closed-form ``bound`` (default) or the
        ``exact`` RS — refused when RS is only a lower bound (calibrating to it certifies nothing)."""
        if use == "bound":
            return self.bound(R, m).value
        if use == "exact":
            rs = self.exact_rs(R, m)
            if rs.kind != "exact":
                raise InvalidParameterError("sensitivity", f"RS of {self.name} is only a {rs.kind} here "
                                                           f"({rs.method}); calibrate to the bound instead")
            return rs.value
        raise InvalidParameterError("sensitivity", f"expected 'bound' or 'exact', got {use!r}")


def best_witness(candidates: Sequence[tuple[Real, Any]], include: tuple[Real, Any] | None, *, method: str
                 ) -> RSResult:
    """The certified lower bound on RS from rigorously evaluated witnesses ``(shift, deletion set)``: the one with
    the largest enclosure; ``include`` (the given U) is preferred unless another witness is certainly larger."""
    pool = list(candidates) + ([include] if include is not None else [])
    if not pool:
        raise InvalidParameterError("starts", "no candidate deletion set was evaluated")
    with workprec(128):
        best = max(pool, key=lambda c: float(c[0].arb().lower()))
        if include is not None and best is not include:
            if not include[0].arb() < best[0].arb():
                best = include
    return RSResult(best[0], "lower-bound", method, best[1], witness_is_include=best is include)


# =========================================================================== multistart search
def maximize_in_balls(objective: Callable[[np.ndarray], float], shape: tuple[int, int], radius: float,
                      starts: Sequence[np.ndarray], *, rng: np.random.Generator, random_starts: int = 4,
                      maxiter: int = 400, keep: int = 3) -> list[tuple[float, np.ndarray]]:
    """Local maximisation (scipy Powell) of ``objective(X)`` over ``X`` of ``shape`` = (m, d) whose rows lie in
    the ball of ``radius``, from ``starts`` plus ``random_starts`` uniform points; rows are kept in the ball by
    radial projection. Returns the ``keep`` best ``(value, X)`` found (floats; heuristic — callers evaluate
    the witnesses rigorously)."""
    from scipy.optimize import minimize

    m, d = shape

    def to_points(v: np.ndarray) -> np.ndarray:
        X = v.reshape(m, d).copy()
        norms = np.linalg.norm(X, axis=1)
        scale = np.where(norms > radius, radius / np.where(norms > 0, norms, 1.0), 1.0)
        return X * scale[:, None]

    def neg(v: np.ndarray) -> float:
        try:
            val = float(objective(to_points(v)))
        except (np.linalg.LinAlgError, ValueError, ArithmeticError):
            return math.inf
        return -val if math.isfinite(val) else math.inf

    points = [np.asarray(s, dtype=float).reshape(m, d) for s in starts]
    for _ in range(random_starts):
        g = rng.standard_normal((m, d))
        g /= np.maximum(np.linalg.norm(g, axis=1, keepdims=True), 1e-300)
        points.append(g * radius * rng.uniform(0.5, 1.0, size=(m, 1)) ** (1 / d))
    found: list[tuple[float, np.ndarray]] = []
    for p in points:
        found.append((-neg(p.ravel()), to_points(p.ravel())))
        res = minimize(neg, p.ravel(), method="Powell",
                       options={"maxiter": maxiter, "maxfev": 8 * maxiter, "xtol": 1e-9, "ftol": 1e-13})
        if math.isfinite(res.fun):
            found.append((-float(res.fun), to_points(res.x)))
    found.sort(key=lambda t: -t[0])
    out: list[tuple[float, np.ndarray]] = []
    for val, X in found:
        if all(np.max(np.abs(X - Y)) > 1e-9 for _, Y in out):
            out.append((val, X))
        if len(out) == keep:
            break
    return out
