"""Performance estimation (PEP) of online gradient descent's regret, with PEPit: the worst case over a function
class as a semidefinite program, its dual bound, and the primal worst case extracted as a concrete loss sequence.

Paper-agnostic: a *step rule* is a list of step sizes η_1..η_n (floats for the SDP); the claims of a paper turn
a worst case into one of their instances and evaluate it **exactly** with their own quantity — the SDP only
proposes. Two classes:

- :func:`quadratic_pep` — losses ``f_t(z) = (λ/2)‖z − c_t‖²`` with one curvature λ > 0 for the whole stream,
  centres ``c_t`` and start ``w_0`` in the ball of diameter D centred at 0, OGD ``w_t = w_{t−1} − η_t∇f_t(w_{t−1})``
  unprojected, regret ``Σ_t f_t(w_{t−1}) − min_z Σ_t f_t(z)`` (the minimiser is the mean of the centres). Every
  iterate is linear in the points (w_0, c_1..c_n), so the regret is a linear function of their Gram matrix and
  the SDP below *is* the worst case over all dimensions (no relaxation): PEPit models it with leaf points and no
  function class. The primal Gram factor gives the worst centres and start (:func:`extract`), rationalised and
  pulled exactly into the ball.
- :func:`lipschitz_pep_unprojected` — the same class with OGD unprojected and every iterate within D of the
  comparator; its primal worst case is extracted as piecewise-linear losses max(two affine pieces) — convex and
  M-Lipschitz — whose regret :func:`piecewise_linear_regret` evaluates exactly (Fractions), a certified lower
  bound beside the SDP's value and dual bound.
- :func:`smooth_sc_pep` — μ-strongly convex β-smooth losses with gradient norms ≤ M where queried, OGD projected on
  a set of diameter D (PEPit's trace heuristic for a low-rank primal); its iterates and gradients are returned for a
  realisation by the claims (olu: ``claims/olu/sc_worst_case.py``).
- :func:`lipschitz_pep` — PEPit's own example (``examples/online_learning/online_gradient_descent.py``): convex
  M-Lipschitz losses, OGD projected on a convex set of diameter D; the reference worst case of issue 13's table
  (a larger class than quadratics; its worst cases are piecewise linear).

Results are cached on disk per (class, rule, n, parameters) as JSON under ``$CERTUNLEARN_CACHE_DIR/pep`` (default
``~/.cache/certunlearn/pep``); the small-n cases the quick profile needs ship in ``pep_worst_cases.json`` beside
this module (:func:`shipped`), so a check runs no SDP.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..numeric.fraction import Fraction

__all__ = ["PepCase", "quadratic_pep", "lipschitz_pep", "smooth_sc_pep", "lipschitz_pep_unprojected", "piecewise_linear_regret", "extract", "quadratic_regret", "cache_dir", "cached",
           "shipped", "SHIPPED_FILE", "vertex_worst"]

SHIPPED_FILE = Path(__file__).with_name("pep_worst_cases.json")


@dataclass(frozen=True)
class PepCase:
    """One solved PEP: ``value`` (the primal worst case the solver found), ``dual`` (the dual certificate's bound),
    and — for the quadratic class — the worst start ``z1`` and centres ``C`` (float coordinates, as solved)."""

    label: str
    rule: str
    n: int
    value: float
    dual: float
    params: dict
    z1: list | None = None
    C: list | None = None
    #: the primal data of :func:`lipschitz_pep_unprojected` (for :func:`piecewise_linear_regret`)
    data: dict | None = None


def _solve(problem: Any, **options: Any) -> tuple[float, float]:
    """Solve with Clarabel (SCS if Clarabel is absent); (primal value, dual bound). ``options`` go to PEPit's
    ``solve`` (e.g. ``dimension_reduction_heuristic="trace"`` for a low-rank, extremal primal worst case)."""
    try:
        dual = problem.solve(wrapper="cvxpy", solver="CLARABEL", verbose=0, **options)
    except Exception:  # noqa: BLE001 — solver missing or failed: the open first-order solver
        dual = problem.solve(wrapper="cvxpy", solver="SCS", verbose=0, **options)
    primal = float(problem.objective.eval()) if problem.objective is not None else float(dual)
    return primal, float(dual)


def quadratic_pep(etas: Sequence[float], lam: float, D: float, *, rule: str = "", label: str = "") -> PepCase:
    """The exact worst-case regret of OGD with steps ``etas`` over quadratics (λ/2)‖z − c_t‖² with w_0 and every
    c_t in the ball of diameter D (see the module docstring)."""
    from PEPit import PEP

    n = len(etas)
    problem = PEP()
    z1 = problem.set_initial_point()
    C = [problem.set_initial_point() for _ in range(n)]
    r2 = (D / 2) ** 2
    problem.set_initial_condition(z1 ** 2 <= r2)
    for c in C:
        problem.set_initial_condition(c ** 2 <= r2)
    w, terms = z1, []
    cbar = C[0]
    for c in C[1:]:
        cbar = cbar + c
    cbar = cbar / n
    for t in range(n):
        terms.append(lam / 2 * (w - C[t]) ** 2 - lam / 2 * (cbar - C[t]) ** 2)
        w = w - etas[t] * lam * (w - C[t])
    metric = terms[0]
    for e in terms[1:]:
        metric = metric + e
    problem.set_performance_metric(metric)
    primal, dual = _solve(problem)
    primal = float(metric.eval())
    return PepCase(label=label, rule=rule, n=n, value=primal, dual=dual, params={"lam": lam, "D": D},
                   z1=[float(x) for x in z1.eval()], C=[[float(x) for x in c.eval()] for c in C])


def lipschitz_pep(etas: Sequence[float], M: float, D: float, *, rule: str = "", label: str = "") -> PepCase:
    """PEPit's worst-case regret of projected OGD over convex M-Lipschitz losses on a set of diameter D."""
    import numpy as np
    from PEPit import PEP
    from PEPit.functions import ConvexIndicatorFunction, ConvexLipschitzFunction
    from PEPit.primitive_steps import proximal_step

    n = len(etas)
    problem = PEP()
    fs = [problem.declare_function(ConvexLipschitzFunction, M=M) for _ in range(n)]
    h = problem.declare_function(ConvexIndicatorFunction, D=D)
    F = np.sum(fs)
    xr, _, _ = proximal_step(problem.set_initial_point(), h, 1)
    _, Fr = F.oracle(xr)
    x, _, _ = proximal_step(problem.set_initial_point(), h, 1)
    vals = []
    for t in range(n):
        g, f = fs[t].oracle(x)
        vals.append(f)
        x, _, _ = proximal_step(x - etas[t] * g, h, etas[t])
    metric = np.sum(vals) - Fr
    problem.set_performance_metric(metric)
    primal, dual = _solve(problem)
    return PepCase(label=label, rule=rule, n=n, value=float(metric.eval()), dual=dual, params={"M": M, "D": D})


def lipschitz_pep_unprojected(etas: Sequence[float], M: float, D: float, *, rule: str = "",
                              label: str = "") -> tuple[PepCase, dict]:
    """The same class without projection (K = R^d), every iterate and the start within D of the comparator x_ref
    (the olu proofs' uses of K): the worst case and its primal data — x_ref, x_1..x_n, the subgradients g_t of f_t
    at x_t and h_t at x_ref, the values f_t(x_t), f_t(x_ref) — for :func:`piecewise_linear_regret`."""
    from PEPit import PEP
    from PEPit.functions import ConvexLipschitzFunction

    n = len(etas)
    problem = PEP()
    fs = [problem.declare_function(ConvexLipschitzFunction, M=M) for _ in range(n)]
    xr = problem.set_initial_point()
    x = problem.set_initial_point()
    xs, gs, fx, hs, fr = [], [], [], [], []
    for t in range(n):
        problem.add_constraint((x - xr) ** 2 <= D * D)
        g, f = fs[t].oracle(x)
        h, v = fs[t].oracle(xr)
        xs.append(x), gs.append(g), fx.append(f), hs.append(h), fr.append(v)
        x = x - etas[t] * g
    metric = fx[0] - fr[0]
    for a, b in zip(fx[1:], fr[1:]):
        metric = metric + a - b
    problem.set_performance_metric(metric)
    primal, dual = _solve(problem)
    vec = lambda p: [float(c) for c in p.eval()]
    data = {"xref": vec(xr), "x1": vec(xs[0]), "g": [vec(g) for g in gs], "h": [vec(h) for h in hs],
            "fx": [float(f.eval()) for f in fx], "fr": [float(v.eval()) for v in fr]}
    return PepCase(label=label, rule=rule, n=n, value=float(metric.eval()), dual=dual, params={"M": M, "D": D},
                   data=data), data


def smooth_sc_pep(etas: Sequence[float], mu: float, beta: float, M: float, D: float, *, rule: str = "",
                  label: str = "") -> PepCase:
    """PEPit's worst-case regret of projected OGD over μ-strongly convex β-smooth losses on a set of diameter D whose
    gradients have norm ≤ M at the iterates and at the comparator (the Lipschitz condition where the losses are
    queried: a relaxation of "M-Lipschitz on K", so the value is an upper bound on the class's worst case). The primal
    data — the iterates x_t, the gradients g_t there, the comparator — are returned in ``data`` for a realisation
    (``claims/olu/worst_case.py``: each f_t the μ-quadratic with gradient g_t at x_t, which OGD follows exactly)."""
    import numpy as np
    from PEPit import PEP
    from PEPit.functions import ConvexIndicatorFunction, SmoothStronglyConvexFunction
    from PEPit.primitive_steps import proximal_step

    n = len(etas)
    problem = PEP()
    fs = [problem.declare_function(SmoothStronglyConvexFunction, mu=mu, L=beta) for _ in range(n)]
    h = problem.declare_function(ConvexIndicatorFunction, D=D)
    xr, _, _ = proximal_step(problem.set_initial_point(), h, 1)
    x, _, _ = proximal_step(problem.set_initial_point(), h, 1)
    vals, refs, xs, gs = [], [], [], []
    for t in range(n):
        g, f = fs[t].oracle(x)
        gr, fr = fs[t].oracle(xr)
        problem.add_constraint(g ** 2 <= M * M)
        problem.add_constraint(gr ** 2 <= M * M)
        vals.append(f), refs.append(fr), xs.append(x), gs.append(g)
        x, _, _ = proximal_step(x - etas[t] * g, h, etas[t])
    metric = np.sum(vals) - np.sum(refs)
    problem.set_performance_metric(metric)
    primal, dual = _solve(problem, dimension_reduction_heuristic="trace")
    vec = lambda p: [float(c) for c in p.eval()]
    data = {"xref": vec(xr), "x": [vec(p) for p in xs], "g": [vec(g) for g in gs]}
    return PepCase(label=label, rule=rule, n=n, value=float(metric.eval()), dual=dual,
                   params={"mu": mu, "beta": beta, "M": M, "D": D}, data=data)


def piecewise_linear_regret(data: dict, etas: Sequence[Fraction], M: Fraction, *, denominator: int = 10**6,
                            shrink: Fraction = 1 - Fraction(1, 10**6)) -> tuple[Fraction, Fraction]:
    """The exact regret against x_ref of unprojected OGD on the extracted losses f_t(z) = max(a_t(z), b_t(z)) with
    a_t(z) = f_t(x_t) + ⟨g_t, z − x_t⟩ and b_t(z) = f_t(x_ref) + ⟨h_t, z − x_ref⟩ — convex and M-Lipschitz (each
    gradient is rationalised and scaled exactly into the ball of radius M). The iterates are recomputed exactly
    from the rationalised data (x_t are the SDP's only at the start), the subgradient played is the active piece's
    (a_t on ties). The worst case puts iterates at distance exactly D, so the instance is contracted about x_ref by
    ``shrink`` = s (positions relative to x_ref and gradients times s, values times s²: the same run scaled, regret
    times s²). A lower bound on the worst case whenever every iterate stays within D of x_ref (returned with the
    largest squared distance: ``(regret, max_t ‖x_t − x_ref‖²)``)."""
    q = lambda v: [Fraction(c).limit_denominator(denominator) for c in v]
    xr = q(data["xref"])
    x = [r + shrink * (u - r) for u, r in zip(q(data["x1"]), xr)]
    # piece a_t is anchored at the SDP's x_t: recompute the SDP's iterates in floats to place it
    xs_f, xf = [], list(data["x1"])
    for t, g in enumerate(data["g"]):
        xs_f.append(list(xf))
        xf = [a - float(etas[t]) * b for a, b in zip(xf, g)]
    dot = lambda a, b: sum((u * v for u, v in zip(a, b)), Fraction(0))
    regret, far = Fraction(0), Fraction(0)
    for t in range(len(data["g"])):
        g = [shrink * c for c in _into_ball(q(data["g"][t]), M * M)]
        h = [shrink * c for c in _into_ball(q(data["h"][t]), M * M)]
        anchor = [r + shrink * (u - r) for u, r in zip(q(xs_f[t]), xr)]
        fa = shrink**2 * Fraction(data["fx"][t]).limit_denominator(denominator)
        fb = shrink**2 * Fraction(data["fr"][t]).limit_denominator(denominator)
        a = lambda z: fa + dot(g, [u - v for u, v in zip(z, anchor)])
        b = lambda z: fb + dot(h, [u - v for u, v in zip(z, xr)])
        far = max(far, dot([u - v for u, v in zip(x, xr)], [u - v for u, v in zip(x, xr)]))
        va, vb = a(x), b(x)
        sub = g if va >= vb else h
        regret += max(va, vb) - max(a(xr), b(xr))
        x = [u - etas[t] * v for u, v in zip(x, sub)]
    return regret, far


# ---------------------------------------------------------------------------------------------- exact side
def _sqrt_down(q: Fraction, digits: int = 12) -> Fraction:
    """A rational ≤ √q (q ≥ 0), within 10^−digits·(1 + √q)."""
    s = Fraction(math.isqrt(int(q * 10 ** (2 * digits))), 10**digits)
    while s * s > q:
        s -= Fraction(1, 10**digits)
    return max(s, Fraction(0))


def _into_ball(p: list[Fraction], r2: Fraction) -> list[Fraction]:
    n2 = sum((x * x for x in p), Fraction(0))
    if n2 <= r2:
        return p
    s = _sqrt_down(r2 / n2)
    return [x * s for x in p]


def extract(case: PepCase, *, denominator: int = 10**6, tol: float = 1e-7) -> tuple[list[Fraction], list[list[Fraction]]]:
    """The quadratic worst case as exact data: coordinates where some point exceeds ``tol`` are kept, rounded to
    rationals (denominator ≤ ``denominator``) and each point is scaled exactly into the ball of diameter D."""
    if case.z1 is None or case.C is None:
        raise ValueError("only quadratic cases carry points")
    pts = [case.z1, *case.C]
    keep = [j for j in range(len(case.z1)) if max(abs(p[j]) for p in pts) > tol] or [0]
    r2 = Fraction(case.params["D"]).limit_denominator(10**6) ** 2 / 4
    exact = [_into_ball([Fraction(p[j]).limit_denominator(denominator) for j in keep], r2) for p in pts]
    return exact[0], exact[1:]


def quadratic_regret(z1: Sequence[Any], C: Sequence[Sequence[Any]], lam: Any, etas: Sequence[Any]) -> Any:
    """The regret of unprojected OGD on (λ/2)‖z − c_t‖², in the scalar type of the inputs (Fraction: exact)."""
    n, d = len(C), len(z1)
    cbar = [sum((c[j] for c in C), 0 * lam) / n for j in range(d)]
    w, total = list(z1), 0 * lam
    for t in range(n):
        total += lam / 2 * (sum(((a - b) ** 2 for a, b in zip(w, C[t])), 0 * lam)
                            - sum(((a - b) ** 2 for a, b in zip(cbar, C[t])), 0 * lam))
        w = [a - etas[t] * lam * (a - b) for a, b in zip(w, C[t])]
    return total


def vertex_worst(etas: Sequence[float], lam: float, D: float) -> tuple[float, list[int]]:
    """Brute force in one dimension: the largest regret over w_0, c_t ∈ {−D/2, D/2} (2^{n+1} sign patterns) — a
    lower bound on the quadratic PEP for an independent check (the regret is convex in each point when ηλ ≤ 1,
    so in d = 1 the maximum over the box is at a vertex)."""
    import itertools

    best, arg = -math.inf, []
    for signs in itertools.product((-1, 1), repeat=len(etas) + 1):
        v = quadratic_regret([signs[0] * D / 2], [[s * D / 2] for s in signs[1:]], lam, etas)
        if v > best:
            best, arg = v, list(signs)
    return best, arg


# ---------------------------------------------------------------------------------------------- caches
def cache_dir() -> Path:
    root = os.environ.get("CERTUNLEARN_CACHE_DIR")
    return (Path(root) if root else Path.home() / ".cache" / "certunlearn") / "pep"


def _key(kind: str, rule: str, n: int, params: dict) -> str:
    return hashlib.sha256(json.dumps([kind, rule, n, params], sort_keys=True).encode()).hexdigest()[:24]


def cached(kind: str, rule: str, etas: Sequence[float], params: dict, label: str = "") -> PepCase:
    """``quadratic_pep`` (kind ``quadratic``: params lam, D), ``lipschitz_pep`` (kind ``lipschitz``: M, D) or
    ``lipschitz_pep_unprojected`` (kind ``lipschitz-unprojected``: M, D) or ``smooth_sc_pep`` (kind ``smooth-sc``: mu,
    beta, M, D), read from / written to the disk cache."""
    path = cache_dir() / f"{kind}-{_key(kind, rule, len(etas), params)}.json"
    if path.exists():
        return PepCase(**json.loads(path.read_text()))
    if kind == "quadratic":
        case = quadratic_pep(etas, params["lam"], params["D"], rule=rule, label=label)
    elif kind == "lipschitz":
        case = lipschitz_pep(etas, params["M"], params["D"], rule=rule, label=label)
    elif kind == "smooth-sc":
        case = smooth_sc_pep(etas, params["mu"], params["beta"], params["M"], params["D"], rule=rule, label=label)
    elif kind == "lipschitz-unprojected":
        case, _ = lipschitz_pep_unprojected(etas, params["M"], params["D"], rule=rule, label=label)
    else:
        raise ValueError(kind)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(asdict(case)))
    return case


def shipped() -> dict[str, dict]:
    """The shipped worst cases: label → {rule, n, value, dual, params, z1, X (exact decimal strings)}."""
    if not SHIPPED_FILE.exists():
        return {}
    return json.loads(SHIPPED_FILE.read_text())
