"""Reference runs of descent-to-delete for comparison with a candidate implementation.

A :class:`D2DCase` is one input of Algorithm 1 (``"d2d.alg1"``: learn on ``X`` from ``theta``) or of
Algorithm 2 (``"d2d.alg2"``: apply ``update`` to ``X``, then descend from ``theta``), each followed by
Algorithm 3 (publish with Gaussian noise of scale ``sigma``), on the checker's problem family: the
quadratic loss f_x(θ) = ½(θ − x)ᵀA(θ − x) with ‖x‖ ≤ R on the box Θ = [lo, hi], plus the regulariser
(reg/2)‖θ‖² of eq. (5). Every number is a float64, so a numpy candidate and the reference see identical
inputs; the reference (``certunlearn.algorithms.d2d``) runs them at ``DEFAULT_DPS`` digits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import functools

import numpy as np

from ..algorithms.d2d import Problem, Update, apply_update, projected_gd
from ..errors import InvalidParameterError
from ..numeric import linalg as la
from ..numeric.fraction import Fraction
from ..problems import Box, Quadratic
from .hooks import NoiseTape

__all__ = ["D2DCase", "ReferenceRun", "reference_run", "ALGORITHMS", "case_size", "case_claims", "case_from_instance"]

ALGORITHMS = ("d2d.alg1", "d2d.alg2")


def _floats(x: Any, ndim: int, name: str) -> np.ndarray:
    arr = np.array(x, dtype=np.float64)
    if arr.ndim != ndim or not np.all(np.isfinite(arr)):
        raise InvalidParameterError(name, f"expected a finite {ndim}-d float array, got shape {arr.shape}")
    arr.setflags(write=False)
    return arr


@dataclass(frozen=True, eq=False)
class D2DCase:
    """One input of Algorithm 1 or 2 (float64 throughout; arrays read-only).

    ``A`` (d×d, symmetric positive definite), ``R``, ``lo``/``hi`` (Θ), ``X`` (n×d: D_0 for Algorithm 1, D_{i−1}
    for Algorithm 2), ``theta`` (θ'_0 of Algorithm 1, or the model θ_i Algorithm 2 starts from), ``T`` (gradient
    steps: T of Algorithm 1 or T_i of Algorithm 2), ``eta`` (step size), ``sigma`` (the certified noise scale of
    Algorithm 3), ``update`` (``None`` for Algorithm 1; ``("add" | "delete", x)`` for Algorithm 2), ``reg``."""

    A: np.ndarray
    R: float
    lo: np.ndarray
    hi: np.ndarray
    X: np.ndarray
    theta: np.ndarray
    T: int
    eta: float
    sigma: float
    update: tuple[str, np.ndarray] | None = None
    reg: float = 0.0

    def __post_init__(self) -> None:
        set_ = lambda k, v: object.__setattr__(self, k, v)  # noqa: E731
        set_("A", _floats(self.A, 2, "A"))
        set_("lo", _floats(self.lo, 1, "lo"))
        set_("hi", _floats(self.hi, 1, "hi"))
        set_("X", _floats(self.X, 2, "X"))
        set_("theta", _floats(self.theta, 1, "theta"))
        d = self.A.shape[0]
        if self.A.shape != (d, d) or self.lo.shape != (d,) or self.hi.shape != (d,) or self.theta.shape != (d,) \
                or self.X.shape[1:] != (d,):
            raise InvalidParameterError("case", "A, lo, hi, X and theta must agree on the dimension d")
        if not (isinstance(self.T, (int, np.integer)) and self.T >= 0):
            raise InvalidParameterError("T", f"must be a non-negative integer, got {self.T!r}")
        for name in ("R", "eta", "sigma"):
            if not (np.isfinite(getattr(self, name)) and getattr(self, name) > 0):
                raise InvalidParameterError(name, f"must be a finite number > 0, got {getattr(self, name)!r}")
        if self.update is not None:
            kind, x = self.update
            if kind not in ("add", "delete"):
                raise InvalidParameterError("update", f"kind must be 'add' or 'delete', got {kind!r}")
            set_("update", (kind, _floats(x, 1, "update")))

    @property
    def algorithm(self) -> str:
        return "d2d.alg1" if self.update is None else "d2d.alg2"

    def problem(self) -> Problem:
        """The reference's problem: exact (Fraction) copies of the float inputs."""
        A = tuple(tuple(Fraction(float(v)) for v in row) for row in self.A)
        box = Box(tuple(Fraction(float(v)) for v in self.lo), tuple(Fraction(float(v)) for v in self.hi))
        return Problem(Quadratic(A=A, R=Fraction(float(self.R))), box, reg=Fraction(float(self.reg)))

    def describe(self) -> str:
        upd = "" if self.update is None else f", update={self.update[0]} {self.update[1].tolist()}"
        return (f"{self.algorithm}: n={self.X.shape[0]}, d={self.X.shape[1]}, T={self.T}, eta={self.eta!r}, "
                f"sigma={self.sigma!r}, reg={self.reg!r}, A={self.A.tolist()}, R={self.R!r}, lo={self.lo.tolist()}, "
                f"hi={self.hi.tolist()}, X={self.X.tolist()}, theta={self.theta.tolist()}{upd}")


def case_size(case: D2DCase) -> tuple[int, int, int]:
    """The order in which a failing case counts as smaller: (n·d, T, d)."""
    return (case.X.size, case.T, case.X.shape[1])


@dataclass(frozen=True, eq=False)
class ReferenceRun:
    """The reference's iterates θ_1..θ_T (float64 copies of the high-precision values), the deterministic
    output θ_T, the certified scale and the published value θ_T + σZ with the tape's draw Z."""

    iterates: tuple[np.ndarray, ...]
    deterministic: np.ndarray
    sigma: float
    published: np.ndarray


def reference_run(case: D2DCase, tape: NoiseTape) -> ReferenceRun:
    """Run Algorithm 1 or 2 then 3 on ``case`` at high precision; the noise is recorded on ``tape``."""
    problem = case.problem()
    X, _ = problem.check(la.asarray(case.X.astype(object), "mpmath"))
    if case.update is not None:
        kind, x = case.update
        X, _ = apply_update(problem, X, None, Update(kind, la.asarray(x.astype(object), "mpmath")))
    theta = la.asarray(case.theta.astype(object), "mpmath")
    iterates = []
    for _ in range(int(case.T)):  # one step at a time: the same projected_gd, its trajectory kept
        theta = projected_gd(problem, X, None, theta, eta=Fraction(float(case.eta)), T=1)
        iterates.append(la.to_mode(theta, "float").astype(np.float64))
    det = la.to_mode(theta, "float").astype(np.float64)
    z = tape.record(det.shape)
    return ReferenceRun(tuple(iterates), det, float(case.sigma), det + case.sigma * z)


@functools.cache
def case_claims() -> frozenset[str]:
    """The d2d unlearning claims whose instances define Algorithm 2 cases (secret-state perturbed GD)."""
    from ..claims import all_claims
    from ..claims.model import Kind

    return frozenset(c.id for c in all_claims("d2d") if c.kind is Kind.UNLEARNING
                     and {"eta", "T_i", "sigma"} <= set(c.prescribed) and not c.id.startswith("d2d.thm3.2")
                     and not c.id.startswith("d2d.thm4"))


def _f(v: Any) -> float:
    return float(Fraction(v) if isinstance(v, str) else v)


def case_from_instance(claim_id: str, instance: dict[str, Any]) -> D2DCase:
    """The Algorithm 2 case of a perturbed-GD instance: D_0 = ``X``, the first update of ``U``, θ = ``theta0``,
    with the claim's η, T_1 and σ (evaluated by ``algorithms.parameters.theorem_parameters``, σ rounded up)."""
    from ..claims import get_claim
    from ..algorithms.parameters import theorem_parameters
    from ..claims.d2d.common import CONST_NAMES, frac, setup_of

    claim = get_claim(claim_id)
    s = setup_of(instance)
    consts = {k: v for k, v in instance.items() if k in CONST_NAMES and k not in claim.prescribed}
    p = theorem_parameters(claim, **{k: frac(v) for k, v in consts.items()})
    T1 = p["T_i"](1) if callable(p["T_i"]) else p["T_i"]
    d = s.dim
    A = [[_f(s.a[r]) if r == c else 0.0 for c in range(d)] for r in range(d)]
    u = s.updates[0]
    return D2DCase(A=A, R=_f(s.R), lo=[_f(v) for v in s.lo], hi=[_f(v) for v in s.hi],
                   X=[[_f(v) for v in row] for row in s.X], theta=[_f(v) for v in s.theta0], T=int(T1),
                   eta=_f(p["eta"]), sigma=_f(p["sigma"]), update=(u.kind, [_f(v) for v in u.x]),
                   reg=_f(p.get("m", 0)) if "m" in claim.prescribed else 0.0)
