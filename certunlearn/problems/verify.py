"""Verification of declared loss constants: proved, refuted with a point, or undecided.

The d2d theorems assume ``f_z`` "m-strongly convex, L-Lipschitz, and M-smooth" (Thm 3.1, line 200) and,
for Thm 4.5 (line 407), a G-Lipschitz Hessian; a wrong constant silently breaks every certificate
downstream. :func:`verify_constants` checks each declared constant of a loss family on a domain:

1. **proof** — the family's reduction lemma (:class:`~.losses.Reduction`) bounds the quantity by a scalar
   function φ of a few nonnegative variables (‖x‖, ‖θ‖, |y|, |σ − ½|) on a box. sympy then checks the
   relaxations (an identity ``new − φ ≡ gap`` with ``gap ≥ 0``) and eliminates variables by monotonicity
   (the sign of ∂φ/∂v decided symbolically), giving ``sup φ`` in closed form; exact eigenvalue
   obligations (``a_max·I − A ⪰ 0``) are decided by exact rational elimination. If the declared
   constant is ≥ that sup (symbolically for all parameter values, or on rigorous enclosures at the
   declared values) the status is ``"proved"``. Otherwise (or with ``prefer="box"``) a rigorous arb
   branch-and-bound over the box, with a monotonicity test, may prove ``φ ≤ declared``:
   ``"proved-on-box"``.
2. **witnesses** — structured extremal points from the family plus a seeded random search polished by
   Nelder–Mead, made exactly admissible (rational θ ∈ Θ, ‖x‖ ≤ R, valid label) and evaluated on arb
   enclosures with the family's own gradient/Hessian code. A witness beyond the declared constant gives
   ``"refuted"`` with that point; the largest value found is reported as ``tightest`` (attained, so a
   lower bound on the true sup), next to the proved ``bound`` (an upper bound).

A witness beyond a *proved* bound would mean an unsound reduction: that raises RuntimeError.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy
from flint import arb

from ..errors import InvalidParameterError
from ..numeric import linalg as la
from ..numeric.boxes import PROVED as BOX_PROVED
from ..numeric.boxes import prove_on_box
from ..numeric.enclosure import Decision, arb_decimal, arb_lower_float, arb_upper_float, decide, exact_decimal, to_arb
from ..numeric.fraction import RATIONAL_TYPES, Fraction
from ..numeric.precision import workprec
from ..numeric.sympy_arb import arb_eval
from .domains import Domain, Whole
from .losses import (
    CONSTANT_NAMES, TITLES, Constants, LossFamily, Reduction, eig_bounds, convert, psd_exact, substitute,
)

__all__ = ["verify_constants", "Verification", "ConstantCheck", "PROVED", "PROVED_ON_BOX", "REFUTED", "UNDECIDED"]

PROVED = "proved"
PROVED_ON_BOX = "proved-on-box"
REFUTED = "refuted"
UNDECIDED = "undecided"

_PREC = 128
_SEARCH_RADIUS = 1000.0  # θ search range on an unbounded domain


@dataclass(frozen=True)
class ConstantCheck:
    """The verdict on one declared constant.

    ``bound``: the best bound proved (sup of the reduction; an inf for ``m``), a decimal string.
    ``tightest``: the most extreme value attained at an admissible point found (lower bound on the true
    sup, upper bound on the true inf). ``tightness`` = tightest/declared (declared/tightest for ``m``):
    1.0 means the declared constant is attained. ``point``: where ``tightest`` is attained (exact
    decimal strings); for a refuted constant, the refuting point."""

    name: str
    title: str
    declared: str
    declared_value: str
    status: str
    bound: str | None
    tightest: str | None
    tightness: float | None
    point: dict[str, Any] | None
    method: str
    steps: tuple[str, ...] = ()
    data_value: str | None = None

    @property
    def ok(self) -> bool:
        return self.status in (PROVED, PROVED_ON_BOX)


@dataclass(frozen=True)
class Verification:
    """Per-constant verdicts for one loss family on one domain."""

    family: str
    domain: str
    dim: int
    checks: tuple[ConstantCheck, ...]
    seed: int
    data_points: int = 0

    def __getitem__(self, name: str) -> ConstantCheck:
        for c in self.checks:
            if c.name == name:
                return c
        raise KeyError(name)

    @property
    def ok(self) -> bool:
        """Every declared constant proved."""
        return all(c.ok for c in self.checks)

    @property
    def refuted(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.checks if c.status == REFUTED)

    def summary(self) -> str:
        lines = [f"{self.family} on {self.domain} (d = {self.dim}, seed {self.seed})"]
        for c in self.checks:
            t = "" if c.tightness is None else f"  tightness {c.tightness:.6g}"
            lines.append(f"  {c.name} = {c.declared} = {c.declared_value}: {c.status}"
                         f"  (bound {c.bound}, tightest found {c.tightest}{t})")
            lines.append(f"      {c.method}")
        return "\n".join(lines)


# --------------------------------------------------------------------------- entry point
def verify_constants(
    loss: LossFamily,
    domain: Domain,
    data: tuple[Any, Any] | None = None,
    *,
    declared: Constants | None = None,
    dim: int | None = None,
    prefer: str = "symbolic",
    seed: int = 0,
    restarts: int = 2,
    budget: int = 2000,
) -> Verification:
    """Check every declared constant of ``loss`` on ``domain`` (see the module doc).

    ``data=(X, y)`` is first checked against the loss's assumptions (AssumptionViolatedError), then the
    most extreme value on those points is reported as ``data_value``. ``declared`` overrides the family's
    declaration (e.g. ``loss.constants(domain).replace(M=...)``). ``prefer="box"`` proves by interval
    branch-and-bound instead of sympy. ``seed`` drives the random witness search (recorded)."""
    if prefer not in ("symbolic", "box"):
        raise InvalidParameterError("prefer", f"expected 'symbolic' or 'box', got {prefer!r}")
    d = dim or loss.dim or domain.dim or (np.shape(data[0])[1] if data is not None else None) or 2
    if data is not None:
        loss.check_data(*data)
    constants = declared if declared is not None else loss.constants(domain)
    rng = np.random.default_rng(seed)
    checks = tuple(
        _check(loss, domain, constants, name, d, data, prefer, rng, restarts, budget) for name in CONSTANT_NAMES
    )
    n = 0 if data is None else int(np.shape(data[0])[0])
    return Verification(type(loss).__name__, str(domain), d, checks, seed, n)


def _check(loss, domain, constants, name, d, data, prefer, rng, restarts, budget) -> ConstantCheck:
    red = loss.reduction(name, domain)
    env = constants.params
    declared_expr = constants.expr(name)
    declared_value = constants.value(name)
    steps: list[str] = [f"lemma: {red.lemma}"]
    sup = red.kind == "sup"

    status, method, bound_value = UNDECIDED, "", None
    proof = _symbolic_sup(loss, red, env, d, steps)
    if proof is not None:
        sup_expr, env_used, all_params = proof
        bound_value = substitute(sup_expr, env_used)
        status, method = _compare(declared_expr, declared_value, sup_expr, bound_value, env_used, all_params, sup)
    if (prefer == "box" or status != PROVED) and red.box:
        box_status, box_method = _prove_on_box(red, proof[1] if proof is not None else env,
                                               declared_value, sup, budget)
        steps.append(box_method)
        if box_status == PROVED:
            status, method = PROVED_ON_BOX, box_method

    # witnesses: structured + random search, evaluated rigorously
    cands = _candidates(loss, domain, name, d, rng, restarts)
    best, best_point, best_arb = None, None, None
    refuting = None
    with workprec(_PREC):
        for w in cands:
            val = _quantity(loss, name, w)
            if val is None or not val.is_finite():
                continue
            key = float(val.mid())
            if best is None or (key > best if sup else key < best):
                best, best_point, best_arb = key, w, val
    if best_point is not None and declared_value is not sympy.oo:
        c = decide(lambda: _quantity(loss, name, best_point), ">" if sup else "<",
                   lambda: _declared_arb(declared_value))
        if c.decision is Decision.TRUE:
            refuting = best_point
    if refuting is not None:
        if status in (PROVED, PROVED_ON_BOX):
            raise RuntimeError(f"unsound reduction for {type(loss).__name__}.{name}: a witness exceeds the proved bound")
        status = REFUTED
        method = (f"refuted: at the reported point the {'value' if sup else 'curvature'} "
                  f"{arb_decimal(best_arb, 20)} {'>' if sup else '<'} declared {_fmt(declared_value)}")
    elif status == UNDECIDED and not method:
        method = "undecided: no proof and no refuting point"
    if bound_value is not None and best_arb is not None and bound_value is not sympy.oo:
        beyond = decide(lambda: _quantity(loss, name, best_point), ">" if sup else "<",
                        lambda: arb_eval(bound_value))
        if beyond.decision is Decision.TRUE:
            raise RuntimeError(f"unsound reduction for {type(loss).__name__}.{name}: "
                               f"a witness lies beyond the proved bound {_fmt(bound_value)}")

    tightness = _tightness(best_arb, declared_value, sup)
    data_value = _data_value(loss, domain, name, data, sup) if data is not None else None
    return ConstantCheck(
        name=name, title=TITLES[name], declared=str(declared_expr), declared_value=_fmt(declared_value),
        status=status, bound=None if bound_value is None else _fmt(bound_value),
        tightest=None if best_arb is None else arb_decimal(best_arb, 20), tightness=tightness,
        point=None if best_point is None else _point_strings(best_point), method=method,
        steps=tuple(steps), data_value=data_value,
    )


# --------------------------------------------------------------------------- symbolic proof
def _symbolic_sup(loss: LossFamily, red: Reduction, env: dict, d: int, steps: list[str]):
    """``(sup_expr, env_used, all_params)``: ``sup φ`` over the box in closed form, or None."""
    env_used = dict(env)
    all_params = True
    for kind, sym, A in red.eig:
        Am = np.asarray(A, dtype=object)
        I = np.eye(len(A), dtype=int).astype(object)
        val = env_used[sym]
        ok = False
        if val.is_Rational:
            q = Fraction(int(val.p), int(val.q))
            ok = psd_exact(q * I - Am) if kind == "max" else psd_exact(Am - q * I)
        if ok:
            steps.append(f"exact PSD test: {'λ_max(A) ≤' if kind == 'max' else 'λ_min(A) ≥'} {sym} = {val}")
        else:
            lo, hi = eig_bounds(A)
            q = hi if kind == "max" else lo
            env_used[sym] = sympy.Rational(q.numerator, q.denominator)
            all_params = False
            steps.append(f"declared {sym} = {val} fails the exact PSD test; using the certified bound {float(q):.17g}")
    phi = sympy.sympify(red.phi)
    if red.polynomial:
        expr, th, _, _ = loss.expression(d)
        nonzero = [(i, j, k) for i in range(d) for j in range(i, d) for k in range(j, d)
                   if sympy.simplify(sympy.diff(expr, th[i], th[j], th[k])) != 0]
        if nonzero:
            steps.append(f"sympy: ∂³ℓ/∂θ{nonzero[0]} ≠ 0")
            return None
        steps.append(f"sympy: every third derivative of ℓ vanishes (d = {d})")
    for new, gap in red.relax:
        ident = sympy.simplify(sympy.expand(new - phi - gap)) == 0
        nonneg = sympy.sympify(gap).is_nonnegative is True
        if not (ident and nonneg):
            steps.append(f"sympy could not check the relaxation φ ≤ {new}")
            return None
        steps.append(f"sympy: {new} − φ ≡ {gap} ≥ 0")
        phi = sympy.sympify(new)
    remaining = list(red.box)
    while remaining:
        for item in remaining:
            v, lo, hi = item
            g = sympy.diff(phi, v)
            up = g.is_nonnegative if red.kind == "sup" else g.is_nonpositive
            down = g.is_nonpositive if red.kind == "sup" else g.is_nonnegative
            if up is True or down is True:
                end = hi if up is True else lo
                phi = _at(phi, v, sympy.sympify(end))
                steps.append(f"sympy: φ is {'non-decreasing' if g.is_nonnegative else 'non-increasing'} in {v}: "
                             f"{'sup' if red.kind == 'sup' else 'inf'} at {v} = {end}")
                remaining.remove(item)
                break
        else:
            steps.append(f"sympy could not settle monotonicity in {[str(v) for v, _, _ in remaining]}")
            return None
    steps.append(f"{'sup' if red.kind == 'sup' else 'inf'} φ = {phi}")
    return phi, env_used, all_params


def _at(phi: sympy.Expr, v: sympy.Symbol, end: sympy.Expr) -> sympy.Expr:
    if end is sympy.oo or end.has(sympy.oo):
        return sympy.limit(phi, v, sympy.oo)
    return phi.subs(v, end)


def _compare(declared_expr, declared_value, sup_expr, bound_value, env_used, all_params, sup):
    """Is the declared constant on the right side of the proved bound?"""
    if declared_value is sympy.oo and sup:
        return PROVED, "declared ∞ (no finite constant on this domain)"
    if all_params:
        gap = sympy.simplify(declared_expr - sup_expr if sup else sup_expr - declared_expr)
        if gap == 0 or gap.is_nonnegative is True:
            rel = "=" if gap == 0 else ("≥" if sup else "≤")
            return PROVED, f"symbolic, all parameter values: declared {rel} {'sup' if sup else 'inf'} = {sup_expr}"
    if bound_value is sympy.oo:
        return UNDECIDED, "the proved bound is infinite"
    c = _cmp(declared_value, ">=" if sup else "<=", bound_value)
    if c is Decision.TRUE:
        return PROVED, (f"rigorous at the declared parameters: declared {_fmt(declared_value)} "
                        f"{'≥' if sup else '≤'} {'sup' if sup else 'inf'} φ = {_fmt(bound_value)}")
    if c is Decision.FALSE:
        return UNDECIDED, f"declared {_fmt(declared_value)} is beyond the proved bound {_fmt(bound_value)}"
    return UNDECIDED, "the comparison with the proved bound is undecided"


def _cmp(a: sympy.Expr, op: str, b: sympy.Expr) -> Decision:
    """``a op b`` for exact sympy numbers: exactly when both are rational or sympy proves them equal,
    otherwise on arb enclosures (with precision doubling)."""
    a, b = sympy.sympify(a), sympy.sympify(b)
    if a.is_Rational and b.is_Rational:
        ok = {"<=": a <= b, ">=": a >= b, "<": a < b, ">": a > b}[op]
        return Decision.TRUE if bool(ok) else Decision.FALSE
    if op in ("<=", ">=") and sympy.simplify(a - b) == 0:
        return Decision.TRUE
    return decide(lambda: arb_eval(a), op, lambda: arb_eval(b)).decision


def _declared_arb(value: sympy.Expr) -> arb:
    return arb_eval(value)


# --------------------------------------------------------------------------- branch and bound
def _rational_outer(e: sympy.Expr, upper: bool) -> Fraction | None:
    if e is sympy.oo or e.has(sympy.oo):
        return None
    if e.is_Rational:
        return Fraction(int(e.p), int(e.q))
    with workprec(_PREC):
        a = arb_eval(e)
    return Fraction(arb_upper_float(a) if upper else arb_lower_float(a))


def _prove_on_box(red: Reduction, env: dict, declared_value, sup: bool, budget: int) -> tuple[str, str]:
    """Prove ``φ ≤ declared`` (``≥`` for an inf) on the box with the parameters at their values."""
    if declared_value is sympy.oo:
        return UNDECIDED, "box: declared ∞"
    phi = substitute(red.phi, env)
    box = {}
    for v, lo, hi in red.box:
        flo = _rational_outer(substitute(sympy.sympify(lo), env), upper=False)
        fhi = _rational_outer(substitute(sympy.sympify(hi), env), upper=True)
        if flo is None or fhi is None:
            return UNDECIDED, f"box: {v} has an infinite range"
        box[v] = (flo, fhi)
    lhs, rhs = (phi, declared_value) if sup else (declared_value, phi)
    outcome = prove_on_box(lhs, "<=", rhs, box, budget=budget)
    if outcome.status == BOX_PROVED:
        return PROVED, f"interval branch-and-bound: φ {'≤' if sup else '≥'} declared on all of {outcome.boxes} sub-boxes"
    return UNDECIDED, f"box: {outcome.status} ({outcome.detail})"


# --------------------------------------------------------------------------- quantities at points
def _to_arb_vec(v: Any) -> np.ndarray:
    return convert(np.asarray(v, dtype=object), "arb")


def _norm_arb(v: np.ndarray) -> arb:
    s = arb(0)
    for t in v.flat:
        s += t * t
    return s.sqrt()


def _quantity(loss: LossFamily, name: str, w: dict[str, Any]) -> arb | None:
    """The constant's quantity at the witness, as an arb enclosure at the working precision."""
    th, x = _to_arb_vec(w["theta"]), _to_arb_vec(w["x"])
    y = None if w.get("y") is None else to_arb(w["y"])
    try:
        if name == "L":
            return _norm_arb(loss.grad(th, x, y))
        v = _to_arb_vec(w["v"])
        if name == "M":
            return _norm_arb(loss.hessian(th, x, y) @ v) / _norm_arb(v)
        if name == "m":
            H = loss.hessian(th, x, y)
            return (v @ (H @ v)) / (v @ v)
        ww = _to_arb_vec(w["w"])
        T = loss.third(th, x, y, v)
        return _norm_arb(T @ ww) / (_norm_arb(v) * _norm_arb(ww))
    except (ZeroDivisionError, ValueError):
        return None


def _quantity_float(loss: LossFamily, name: str, th, x, y, v, w) -> float:
    if name == "L":
        return float(np.linalg.norm(loss.grad(th, x, y)))
    if name == "M":
        return float(np.linalg.norm(loss.hessian(th, x, y) @ v) / np.linalg.norm(v))
    if name == "m":
        return float(v @ loss.hessian(th, x, y) @ v / (v @ v))
    return float(np.linalg.norm(loss.third(th, x, y, v) @ w) / (np.linalg.norm(v) * np.linalg.norm(w)))


# --------------------------------------------------------------------------- witnesses
def _candidates(loss, domain, name, d, rng, restarts) -> list[dict[str, Any]]:
    cands = [w for w in loss.witnesses(name, domain, d)]
    cands = [c for c in (_admissible(loss, domain, w, d) for w in cands) if c is not None]
    sup = name != "m"
    labels = loss.label_kind
    R = float(loss.R)
    bounded = not isinstance(domain, Whole)

    nv = {"L": 0, "M": 1, "m": 1, "G": 2}[name]  # direction vectors the quantity uses
    e1 = np.eye(d)[0]

    def unpack(z: np.ndarray, ysign: float):
        th = z[:d]
        th = np.asarray(domain.project(th), dtype=float) if bounded else \
            th * min(1.0, _SEARCH_RADIUS / max(np.linalg.norm(th), 1e-300))
        x = z[d:2 * d]
        nx = np.linalg.norm(x)
        x = x * min(1.0, R / nx) if nx > 0 else x
        if labels == "sign":
            y = ysign
        elif labels == "interval":
            Yf = float(loss.Y)
            y = float(np.clip(z[2 * d], -Yf, Yf))
        else:
            y = None
        v = z[2 * d + 1:3 * d + 1] if nv >= 1 else e1
        w = z[3 * d + 1:4 * d + 1] if nv >= 2 else e1
        v = v if np.any(v) else e1
        w = w if np.any(w) else e1
        return th, x, y, v, w

    def objective(z, ysign):
        try:
            q = _quantity_float(loss, name, *unpack(z, ysign))
        except (FloatingPointError, ValueError, ZeroDivisionError):
            return math.inf
        if not math.isfinite(q):
            return math.inf
        return -q if sup else q

    from scipy.optimize import minimize as sp_minimize

    starts = []
    for w in cands[:2]:
        z = np.concatenate([np.asarray(w["theta"], dtype=float), np.asarray(w["x"], dtype=float),
                            [float(w["y"]) if w.get("y") is not None else 0.0],
                            np.asarray(w.get("v", e1), dtype=float),
                            np.asarray(w.get("w", e1), dtype=float)])[:(2 + nv) * d + 1]
        starts.append((z, float(w["y"]) if labels == "sign" else 1.0))
    scale = float(domain.norm_bound()) if bounded and domain.norm_bound() is not sympy.oo else 1.0
    for _ in range(restarts):
        z = np.concatenate([rng.normal(size=d) * max(scale, 1e-3), rng.normal(size=d) * R,
                            rng.uniform(-1, 1, size=1) * (float(getattr(loss, "Y", 1))),
                            rng.normal(size=d), rng.normal(size=d)])[:(2 + nv) * d + 1]
        starts.append((z, float(rng.choice([-1.0, 1.0]))))
    for z0, ysign in starts:
        with np.errstate(all="ignore"):
            res = sp_minimize(objective, z0, args=(ysign,), method="Nelder-Mead",
                              options={"maxfev": 60 * len(z0), "xatol": 1e-12, "fatol": 1e-15})
        th, x, y, v, w = unpack(res.x, ysign)
        cand = _admissible(loss, domain, {"theta": th, "x": x, "y": y, "v": v, "w": w}, d)
        if cand is not None:
            cands.append(cand)
    return cands


def _frac_vec(v: Any) -> np.ndarray:
    return la.to_mode(np.asarray(v, dtype=object), "fraction")


def _admissible(loss: LossFamily, domain: Domain, w: dict[str, Any], d: int) -> dict[str, Any] | None:
    """The witness with exact rational entries, θ ∈ Θ and the data assumptions holding exactly."""
    try:
        th = _frac_vec(w["theta"])
        if not domain.contains(th):
            c = domain.centre(d)
            for k in (52, 40, 30, 20, 10):
                t = c + (th - c) * (1 - Fraction(1, 2**k))
                if domain.contains(t):
                    th = t
                    break
            else:
                th = c
        x = _frac_vec(w["x"])
        R2 = loss.R * loss.R
        for k in (52, 40, 30, 20, 10, 1):
            if la.sqnorm(x) <= R2:
                break
            nx = Fraction(math.sqrt(float(la.sqnorm(x))))
            x = x * (loss.R / nx) * (1 - Fraction(1, 2**k))
        else:
            return None
        y = w.get("y")
        if loss.uses_labels:
            y = Fraction(y) if not isinstance(y, RATIONAL_TYPES) else y
            if loss.label_kind == "sign":
                y = Fraction(1) if y >= 0 else Fraction(-1)
            else:
                Yq = loss.Y
                y = min(max(y, -Yq), Yq)
        else:
            y = None
        out = {"theta": th, "x": x, "y": y}
        for key in ("v", "w"):
            vv = w.get(key)
            vv = _frac_vec(vv) if vv is not None else None
            if vv is None or not any(vv):
                vv = np.asarray([Fraction(1)] + [Fraction(0)] * (d - 1), dtype=object)
            out[key] = vv
        loss.check_data(np.asarray([x], dtype=object), None if y is None else [y])
        return out
    except (ValueError, TypeError, ArithmeticError):
        return None


def _data_value(loss, domain, name, data, sup) -> str | None:
    """The most extreme value of the quantity found with z among the data points (θ at the centre or an
    extreme point of Θ in the direction ±x)."""
    X, y = data
    Xf = la.to_mode(np.asarray(X, dtype=object), "fraction")
    n, d = Xf.shape
    yf = None if y is None or not loss.uses_labels else la.to_mode(np.asarray(y, dtype=object), "fraction")
    best, best_w = None, None
    for i in range(min(n, 64)):
        x = Xf[i]
        thetas = [domain.centre(d)]
        if not isinstance(domain, Whole) and any(x):
            xf = np.asarray([float(t) for t in x])
            thetas += [domain.extreme_point(xf), domain.extreme_point(-xf)]
        v = np.asarray([Fraction(1)] + [Fraction(0)] * (d - 1), dtype=object)
        if any(x):
            v = x
        for th in thetas:
            w = {"theta": th, "x": x, "y": None if yf is None else yf[i], "v": v, "w": v}
            q = _quantity_float(loss, name, np.asarray(th, dtype=float), np.asarray(x, dtype=float),
                                None if yf is None else float(yf[i]), np.asarray(v, dtype=float),
                                np.asarray(v, dtype=float))
            if best is None or (q > best if sup else q < best):
                best, best_w = q, w
    if best_w is None:
        return None
    with workprec(_PREC):
        val = _quantity(loss, name, best_w)
    return None if val is None else arb_decimal(val, 20)


# --------------------------------------------------------------------------- formatting
def _fmt(v: sympy.Expr) -> str:
    if v is sympy.oo:
        return "oo"
    if v.is_Rational:
        text = exact_decimal(Fraction(int(v.p), int(v.q)))
        if len(text) <= 30:
            return text
    with workprec(_PREC):
        return arb_decimal(arb_eval(v), 20)


def _tightness(best: arb | None, declared_value, sup: bool) -> float | None:
    if best is None or declared_value is sympy.oo:
        return None
    dv = float(sympy.N(declared_value, 30))
    bv = float(best.mid())
    if sup:
        if dv == 0:
            return 1.0 if bv == 0 else math.inf
        return bv / dv
    if bv == 0:
        return 1.0 if dv == 0 else math.inf
    return dv / bv


def _point_strings(w: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in w.items():
        if v is None:
            out[k] = None
        elif isinstance(v, np.ndarray):
            out[k] = [exact_decimal(Fraction(t)) for t in v]
        else:
            out[k] = exact_decimal(Fraction(v))
    return out
