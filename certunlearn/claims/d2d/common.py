"""Shared helpers of the d2d claims: exact arithmetic, the perturbed-GD problem of an instance, its hypotheses,
exact probability helpers, and the quantities every perturbed-GD claim measures.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. The instance family (Setup, ``pgd_instance``) is the quadratic
``f_x(θ) = ½(θ − x)ᵀA(θ − x)`` on a box Θ (Section 2.2, lines 133–147: the constants L, m, M, D of Definitions
2.9–2.11, checked against the family's declared constants); Assumption 2.6 (line 113) is ``n_i ≥ n/2``.
``unlearning_delta`` (Definition 2.4, lines 105–110) and ``accuracy_probability`` (Definition 2.7, line 121) run
Algorithms 1–3 (lines 175–195) exactly with the parameters ``theorem_parameters`` evaluates. ``CLAIMS_BY_ID`` is
filled by the section modules as they are imported.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import sympy
from flint import arb, ctx

from ...algorithms.parameters import ceil_exact, theorem_parameters
from ...errors import UndecidedError
from ...formulas.symbols import delta, epsilon
from ...numeric.enclosure import Decision, decide, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from ...numeric.rationals import rational_eval
from ...numeric.sympy_arb import arb_eval
from ...privacy import delta_enclosure
from ...privacy.generalized_chi2 import generalized_chi2_sf
from ...numeric.enclosure import erfc_ball
from ...privacy.profile import profile_arb
from ..hypotheses import H, P, holds
from ..instances import frac, instance_key, is_int
from ..model import Claim, Hypothesis, Instance
from .offtheta_excess import offtheta_excess_of
from ...formulas.d2d import M, beta, m


# =========================================================================== small exact helpers
def _vec(row: Sequence[Any]) -> np.ndarray:
    return np.asarray([frac(v) for v in row], dtype=object)


def frac_matrix(rows: Sequence[Sequence[Any]]) -> np.ndarray:
    return np.asarray([[frac(v) for v in row] for row in rows], dtype=object)


def sq_norm(v: np.ndarray) -> Fraction:
    return sum((x * x for x in v), Fraction(0))


def _true() -> Decision:
    return Decision.TRUE


def decide_ge(a: Any, b: Any) -> Decision:
    """a ≥ b decided on enclosures (a, b exact numbers, arbs or zero-argument callables)."""
    return decide(b, "<=", a, max_prec=1024).decision


UNIT = arb(0).union(arb(1))


def clamp01(x: arb) -> arb:
    """An enclosure of a probability intersected with [0, 1]."""
    return x.intersection(UNIT) if x.overlaps(UNIT) else x


EPS_POS = H("ε > 0", ">", epsilon, 0)
DELTA_RANGE = (H("δ > 0", ">", delta, 0), H("δ < 1", "<", delta, 1))


# =========================================================================== the perturbed-GD problem of an instance
class Setup:
    """The problem an instance describes: the diagonal quadratic loss, the box Θ, D_0, the updates, θ'_0."""

    def __init__(self, values: Instance, reg_free: bool = True):
        from ...algorithms.d2d import Update
        from ...problems import Box
        from ...problems.huber import HuberQuadratic
        from ...problems.rounded_ball import RoundedBall
        from ...problems.rounded_logistic import RoundedLogistic

        a = [frac(v) for v in values["A"]]
        self.dim = len(a)
        self.a = a
        self.R = frac(values["R"])
        self.huber = tuple(frac(v) for v in values["huber"]) if values.get("huber") else None
        # the slope K of a loss extended above Θ otherwise than its formula (certunlearn.claims.d2d.offtheta_excess)
        self.offtheta = frac(values["offtheta"]) if "offtheta" in values else None
        self.logistic = bool(values.get("logistic")) and frac(values["logistic"]) == 1
        self.linear = bool(values.get("linear")) and frac(values["linear"]) == 1
        if self.linear:  # ⟨x, θ⟩ + (λ/2)‖θ‖², λ = A's (equal) entries: exact, convex (m = λ, possibly 0)
            if any(v != a[0] for v in a) or self.logistic or values.get("huber"):
                raise ValueError("the linear family's ridge is isotropic: A = λ(1, …, 1)")
            from ...problems import Linear

            self.loss = Linear(R=self.R, lam=a[0])
        elif self.logistic:  # log(1 + e^{−⟨x, θ⟩}) + (λ/2)‖θ‖², λ = A's (equal) entries: gradients rounded, certified
            if any(v != a[0] for v in a):
                raise ValueError("the logistic family's ridge is isotropic: A = λ(1, …, 1)")
            self.loss = RoundedLogistic(lam=a[0], R=self.R)
        elif self.huber is not None:  # ½(θ − x)ᵀdiag(a)(θ − x) + c·Σ_k hub_w(θ_k − x_k): not quadratic, exact
            self.loss = HuberQuadratic(a=tuple(a), c=self.huber[0], w=self.huber[1], R=self.R)
        else:
            A = tuple(tuple(a[r] if r == c else Fraction(0) for c in range(self.dim)) for r in range(self.dim))
            self.loss = _quadratic(A, self.R)
        self.lo = [frac(v) for v in values["lo"]]
        self.hi = [frac(v) for v in values["hi"]]
        self.ball = frac(values["ball"]) if values.get("ball") else None
        self.polytope = values.get("polytope")
        if self.ball is not None:  # Θ = {‖θ‖ ≤ ball} (lo/hi: its bounding box, for display only)
            self.domain = RoundedBall(self.ball, self.dim)
        elif self.polytope:  # Θ = {Gθ ≤ h}, rows (g, h) rational (lo/hi: its bounding box, for display only)
            from ...problems.polytope import Polytope

            self.domain = Polytope(tuple(tuple(frac(v) for v in row) for row in self.polytope))
        else:
            self.domain = Box(tuple(self.lo), tuple(self.hi))
        self.X = frac_matrix(values["X"])
        self.updates = []
        for row in values.get("U", []):
            op, x = frac(row[0]), [frac(v) for v in row[1:]]
            if op not in (1, -1):
                raise ValueError("an update's op is 1 (add) or -1 (delete)")
            self.updates.append(Update.add(x) if op == 1 else Update.delete(x))
        self.theta0 = _vec(values["theta0"]) if "theta0" in values else None
        self._minimisers: dict[tuple, np.ndarray] = {}
        self._datasets: list[np.ndarray] | None = None

    def datasets(self) -> list[np.ndarray]:
        """D_0, D_1, …: the datasets after each update (Definition 2.2), as Fraction arrays (computed once per
        instance, fresh copies each time)."""
        from ...algorithms.d2d import Problem, apply_update

        if self._datasets is None:
            prob = Problem(self.loss, self.domain)
            out = [self.X]
            for u in self.updates:
                out.append(apply_update(prob, out[-1], None, u)[0])
            self._datasets = out
        return [X.copy() for X in self._datasets]

    def minimiser(self, X: np.ndarray) -> np.ndarray:
        """The exact argmin over Θ of f on the dataset ``X`` (memoised on its exact rows: every round of every claim
        evaluating this instance asks for it; a fresh copy each time)."""
        key = tuple(tuple(frac(v) for v in row) for row in X)
        if key not in self._minimisers:
            self._minimisers[key] = self._minimiser(X)
        return self._minimisers[key].copy()

    def _minimiser(self, X: np.ndarray) -> np.ndarray:
        from ...problems import minimize

        if self.ball is not None or self.logistic or self.linear:
            raise ArithmeticError("the exact minimiser is computed for quadratic and Huber losses on boxes")
        if self.polytope:  # a diagonal quadratic on a polytope: active-set enumeration (problems.polytope)
            if self.huber is not None:
                raise ArithmeticError("the exact minimiser on a polytope is computed for quadratic losses")
            xbar = [sum((row[j] for row in X), Fraction(0)) / len(X) for j in range(self.dim)]
            return np.asarray(self.domain.quadratic_argmin(self.a, xbar), dtype=object)
        if self.huber is not None:  # separable, piecewise-linear derivative: exact (problems.huber)
            return np.asarray(self.loss.box_minimiser(X, self.lo, self.hi), dtype=object)
        res = minimize(self.loss, self.domain, X)
        if not res.exact:
            raise ArithmeticError("the minimiser is not exact")
        return np.asarray([frac(v) for v in res.theta], dtype=object)


def _quadratic(A: tuple, R: Fraction) -> Any:
    """The diagonal quadratic loss of weights diag(A): :class:`certunlearn.problems.Quadratic` (A positive definite),
    or with a zero weight (a flat direction: convex, m = 0) :class:`.psd_quadratic.SemidefiniteQuadratic`."""
    from ...problems import Quadratic

    if min(A[k][k] for k in range(len(A))) == 0:
        from .psd_quadratic import SemidefiniteQuadratic

        return SemidefiniteQuadratic(A=A, R=R)
    return Quadratic(A=A, R=R)


@functools.lru_cache(maxsize=4096)
def setup_cached(key: tuple) -> Setup:
    return Setup(dict((k, v) for k, v in key))


SETUP_NAMES = ("A", "R", "lo", "hi", "X", "U", "theta0", "huber", "ball", "logistic", "polytope", "linear", "offtheta")


def setup_of(values: Instance) -> Setup:
    return setup_cached(instance_key(values, SETUP_NAMES))


def _data_ok(values: Instance) -> Decision:
    """The instance is well formed: dimensions agree, every point (data and updates) has ‖x‖ ≤ R, deletions
    remove a present point, n = |D_0|, d = dim, θ'_0 ∈ Θ, and Assumption 2.6 (n_i ≥ n/2, n_i ≥ 1)."""
    s = setup_of(values)
    if s.X.ndim != 2 or s.X.shape[1] != s.dim or len(s.lo) != s.dim or len(s.hi) != s.dim:
        return Decision.FALSE
    if "n" in values and frac(values["n"]) != s.X.shape[0]:
        return Decision.FALSE
    if "d" in values and frac(values["d"]) != s.dim:
        return Decision.FALSE
    if s.theta0 is not None and (len(s.theta0) != s.dim or not s.domain.contains(s.theta0)):
        return Decision.FALSE
    s.loss.check_data(s.X)
    for u in s.updates:
        s.loss.check_data(np.asarray([u.x], dtype=object))
    sizes = [len(X) for X in s.datasets()]  # raises for a deletion of an absent point
    n0 = sizes[0]
    return holds(all(2 * ni >= n0 and ni >= 1 for ni in sizes))


def _declared(values: Instance) -> dict[str, Any]:
    s = setup_of(values)
    c = s.loss.constants(s.domain)
    return {"L": c.value("L"), "M": c.value("M"), "m": c.value("m"), "D": c.value("D")}


def constants_ok(names: Sequence[str]) -> Callable[[Instance], Decision]:
    """The instance's constants are valid for the family on Θ: L ≥ the declared (verified) Lipschitz constant,
    M ≥ the declared smoothness, m ≤ the declared strong convexity, D ≥ the diameter of Θ."""

    def check(values: Instance) -> Decision:
        dec = _declared(values)
        for name in names:
            exact = dec[name]
            own = frac(values[name])
            q = rational_eval(exact)
            if q is not None:  # decided exactly: a declared constant at equality (a boundary instance) is admissible
                if not (q >= own if name == "m" else own >= q):
                    return Decision.FALSE
                continue
            if name == "m":
                r = decide_ge(lambda: arb_eval(exact), own)
            else:
                r = decide_ge(own, lambda: arb_eval(exact))
            if r is not Decision.TRUE:
                return r
        return Decision.TRUE

    return check


def pgd_hypotheses(constants: Sequence[str] = ("L", "m", "M", "D")) -> tuple[Hypothesis, ...]:
    return (
        P("data: ‖x‖ ≤ R, dims, deletions of present points, Assumption 2.6 (n_i ≥ n/2), θ'_0 ∈ Θ", _data_ok),
        P("f_z is m-strongly convex, L-Lipschitz, M-smooth on Θ (declared, verified constants); D ≥ diam Θ",
          constants_ok(constants)),
    )


SC_HYPS = (H("m < M", "<", m, M), P("I is a positive integer", lambda v: holds(is_int(v["I"]) and frac(v["I"]) >= 1)))


def constants_env(values: Instance, names: Iterable[str]) -> dict[str, Any]:
    return {k: frac(values[k]) for k in names if k in values}


# =========================================================================== exact probability helpers
def _ball_key(v: arb) -> tuple | None:
    """An arb ball as a hashable exact value (midpoint and radius as mantissa–exponent pairs); None if not finite."""
    if not v.is_finite():
        return None
    return v.mid().man_exp(), v.rad().man_exp()


#: (dof, λ's ball, x's ball, working precision) → :func:`ncx2_sf`'s enclosure (the accuracy claims ask for the same
#: tail many times: the instances of one item share rounds, the search revisits points); bounded, oldest dropped
_NCX2_MEMO: dict[tuple, arb] = {}


def ncx2_sf(dof: int, lam: arb, x: arb) -> arb:
    """:func:`ncx2_tail`, memoised on the exact balls and the working precision (a pure function of them: the memoised
    enclosure is the one a fresh evaluation gives)."""
    kl, kx = _ball_key(lam), _ball_key(x)
    if kl is None or kx is None:
        return ncx2_tail(dof, lam, x)
    key = (dof, kl, kx, ctx.prec)
    hit = _NCX2_MEMO.get(key)
    if hit is None:
        if len(_NCX2_MEMO) >= 8192:
            del _NCX2_MEMO[next(iter(_NCX2_MEMO))]
        hit = _NCX2_MEMO[key] = ncx2_tail(dof, lam, x)
    return hit


def ncx2_tail(dof: int, lam: arb, x: arb) -> arb:
    """P[‖c + W‖² > x] for W ~ N(0, I_dof) and ‖c‖² = lam (noncentral χ² survival), rigorously.

    dof = 1: (erfc((s − c)/√2) + erfc((s + c)/√2))/2 with s = √x, c = √lam. Otherwise the Poisson mixture
    Σ_j e^{−λ/2}(λ/2)^j/j! · Q(dof/2 + j, x/2) (regularised upper incomplete gamma, arb: one evaluation, then the
    recurrence Q(s + 1, y) = Q(s, y) + y^s e^{−y}/Γ(s + 1)), truncated where the remaining Poisson weight w_rem is
    below 2^(−80); the remainder lies in [0, w_rem].
    """
    if not x > 0:
        if x <= 0:
            return arb(1)
        x = x.nonnegative_part()
    lam = lam.nonnegative_part()
    if dof == 1:
        r2 = arb(2).sqrt()
        s, c = x.sqrt(), lam.sqrt()
        return (erfc_ball((s - c) / r2) + erfc_ball((s + c) / r2)) / 2
    if lam.upper() > 400:
        # large noncentrality (the Poisson mixture would need about λ/2 terms): the generalised χ² tail with equal
        # weights and the offset rotated onto e_1, whose linearised bracket and Chernoff bound reach it
        return generalized_chi2_sf([1] * dof, [lam.sqrt()] + [0] * (dof - 1), x)
    half = lam / 2
    w = (-half).exp()
    total, weight = arb(0), arb(0)
    tol = arb(2) ** (-80)
    y, s0 = x / 2, arb(dof) / 2
    q = y.gamma_upper(s0, regularized=1)  # Q(s0 + j, y), then by Q(s + 1, y) = Q(s, y) + y^s e^{−y}/Γ(s + 1)
    t = (-y).exp() * y**s0 / (s0 + 1).gamma()  # y^(s0 + j) e^{−y}/Γ(s0 + j + 1)
    for j in range(0, 4000):
        total += w * q
        weight += w
        rem = 1 - weight
        if j > half.mid() and rem < tol:
            break
        if j > 2000:
            break
        w = w * half / (j + 1)
        q, t = q + t, t * y / (s0 + j + 1)
    rem = (1 - weight).nonnegative_part()
    return total + arb(0).union(rem)


def gaussian_outside(mean: arb, var: arb, lo: Fraction, hi: Fraction) -> arb:
    """P[N(mean, var) ∉ [lo, hi]] (1-d), by erfc."""
    r2 = arb(2).sqrt()
    sd = var.sqrt()
    return (erfc_ball((to_arb(hi) - mean) / (r2 * sd)) + erfc_ball((mean - to_arb(lo)) / (r2 * sd))) / 2


def hockey_1d(eps: arb, m0: arb, q0: Fraction, m1: arb, q1: Fraction) -> arb:
    """E_ε(N(m0, q0) ‖ N(m1, q1)) = sup_S P(S) − e^ε Q(S) in one dimension, in units where the reference
    standard deviation is 1 (means divided by σ, variances q exact rationals): the roots of the quadratic
    log-likelihood ratio bound the optimal S, masses by erfc; equal variances use the Balle–Wang profile."""
    if q0 == q1:
        s = abs(m1 - m0) / to_arb(q0).sqrt()
        if s == 0:
            return (1 - eps.exp()).nonnegative_part()
        if not s > 0:
            return arb(0).union(profile_arb(eps, s.upper()) if s.upper() > 0 else arb(0)).union(
                (1 - eps.exp()).nonnegative_part())
        return profile_arb(eps, s)
    v0, v1 = to_arb(q0), to_arb(q1)
    a = to_arb((1 / q1 - 1 / q0) / 2)
    b = m0 / v0 - m1 / v1
    c = m1 * m1 / (2 * v1) - m0 * m0 / (2 * v0) + (v1 / v0).log() / 2 - eps
    root = (b * b - 4 * a * c).nonnegative_part().sqrt()
    lo_r, hi_r = (-b - root) / (2 * a), (-b + root) / (2 * a)
    positive = q0 > q1  # a = (1/q1 − 1/q0)/2 > 0: the optimal S lies outside the roots
    if not positive:
        lo_r, hi_r = hi_r, lo_r
    r2 = arb(2).sqrt()

    def mass(mu: arb, v: arb) -> arb:
        z_lo, z_hi = (lo_r - mu) / (r2 * v.sqrt()), (hi_r - mu) / (r2 * v.sqrt())
        if positive:  # outside the roots
            return (erfc_ball(-z_lo) + erfc_ball(z_hi)) / 2
        return (erfc_ball(z_lo) - erfc_ball(z_hi)) / 2  # between the roots

    return mass(m0, v0) - eps.exp() * mass(m1, v1)


def upper_fraction(expr: sympy.Expr, bits: int = 40) -> Fraction:
    """A rational ≥ ``expr`` (exact when ``expr`` is rational), on a 2^-bits grid otherwise."""
    expr = sympy.sympify(expr)
    if expr.is_Rational:
        return Fraction(int(expr.p), int(expr.q))
    with workprec(128):
        b = arb_eval(expr)
    return Fraction(math.ceil(Fraction(float(b.upper())) * 2**bits + 1), 2**bits)


def _exact_key(value: Any) -> Any:
    """An argument of :func:`declared_constants` as a hashable exact value (sequences → tuples of Fractions)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (list, tuple, np.ndarray)):
        return tuple(_exact_key(v) for v in value)
    return frac(value)


def declared_constants(A: Sequence[Any], R: Any, lo: Sequence[Any], hi: Sequence[Any],
                       huber: Sequence[Any] | None = None, ball: Any = None,
                       logistic: bool = False, polytope: Sequence[Any] | None = None,
                       linear: bool = False) -> dict[str, Fraction]:
    """Rational L ≥, M ≥, m ≤, D ≥ the declared constants of the diagonal quadratic family on the box (with
    ``huber`` = (c, w): of the Huber-smoothed quadratic, :class:`certunlearn.problems.huber.HuberQuadratic`; with
    ``ball`` = r: on Θ = {‖θ‖ ≤ r} instead of the box; ``logistic``: of log(1 + e^{−⟨x, θ⟩}) + (λ/2)‖θ‖², λ = A's
    entries, :class:`certunlearn.problems.rounded_logistic.RoundedLogistic`; ``polytope``: on {Gθ ≤ h} with these
    rows (g, h), :class:`certunlearn.problems.polytope.Polytope`; ``linear``: of ⟨x, θ⟩ + (λ/2)‖θ‖², λ = A's entries,
    :class:`certunlearn.problems.Linear`, convex with m = M = λ, possibly 0). Memoised on the exact arguments: the search asks
    for the same family's constants thousands of times per claim (a third of d2d.thm3.2's check)."""
    args = (A, R, lo, hi, huber, ball, logistic, polytope) + ((linear,) if linear else ())
    return dict(_declared_constants(*(_exact_key(v) for v in args)))


@functools.lru_cache(maxsize=4096)
def _declared_constants(A: tuple, R: Fraction, lo: tuple, hi: tuple, huber: tuple | None, ball: Fraction | None,
                        logistic: bool, polytope: tuple | None, linear: bool = False) -> dict[str, Fraction]:
    from ...problems import Box
    from ...problems.huber import HuberQuadratic
    from ...problems.rounded_ball import RoundedBall

    a = [frac(v) for v in A]
    dim = len(a)
    if linear:
        from ...problems import Linear

        loss = Linear(R=frac(R), lam=a[0])
    elif logistic:
        from ...problems.rounded_logistic import RoundedLogistic

        loss = RoundedLogistic(lam=a[0], R=frac(R))
    elif huber:
        loss = HuberQuadratic(a=tuple(a), c=frac(huber[0]), w=frac(huber[1]), R=frac(R))
    else:
        Am = tuple(tuple(a[r] if r == c else Fraction(0) for c in range(dim)) for r in range(dim))
        loss = _quadratic(Am, frac(R))
    dom = RoundedBall(frac(ball), dim) if ball else Box(tuple(frac(v) for v in lo), tuple(frac(v) for v in hi))
    if polytope:
        from ...problems.polytope import Polytope

        dom = Polytope(tuple(tuple(frac(v) for v in row) for row in polytope))
    c = loss.constants(dom)
    M_ = rational_eval(c.value("M"))
    m_ = rational_eval(c.value("m"))
    return {"L": upper_fraction(c.value("L")), "M": M_ if M_ is not None else max(a), "m": m_ if m_ is not None else min(a),
            "D": upper_fraction(c.value("D"))}


def pgd_instance(A, R, lo, hi, X, U, theta0, huber=None, ball=None, logistic=False, **scalars) -> dict[str, Any]:
    """An instance of the perturbed-GD family with the tightest valid declared constants (unless given); ``huber``
    = (c, w) makes the loss the Huber-smoothed quadratic (not quadratic; exact on rationals), ``ball`` = r makes Θ the
    ball {‖θ‖ ≤ r} (its projection rounded with a certified error, :mod:`certunlearn.problems.rounded_ball`)."""
    consts = declared_constants(A, R, lo, hi, huber, ball, logistic)
    out = {"A": list(A), "R": R, "lo": list(lo), "hi": list(hi), "X": [list(r) for r in X],
           "U": [list(u) for u in U], "theta0": list(theta0), "n": len(X), "d": len(A),
           "i": max(1, len(U))}  # i: the last round (only displays a round-dependent T_i)
    if huber:
        out["huber"] = [frac(huber[0]), frac(huber[1])]
    if ball:
        out["ball"] = frac(ball)
    if logistic:
        out["logistic"] = Fraction(1)
    for key in ("L", "D"):
        out[key] = consts[key]
    out["m"], out["M"] = consts["m"], consts["M"]
    out.update(scalars)
    return out


def grid_fraction(x: float, grid: int = 2**12) -> Fraction:
    """A float parameter rounded to a short dyadic (so instances stay small and exact)."""
    return Fraction(round(float(x) * grid), grid)


# =========================================================================== perturbed GD runs (Theorems 3.1, 3.4, 3.5)
CONST_NAMES = ("epsilon", "delta", "L", "M", "m", "n", "d", "D", "I", "xi")
CLAIMS_BY_ID: dict[str, Claim] = {}


@functools.lru_cache(maxsize=None)
def run_owner(claim_id: str) -> str:
    """The first claim registered with the same prescribed parameters as ``claim_id`` (a claim, its parts and its
    accuracy claims run one algorithm): the key under which their exact runs are memoised, so the claims of one item,
    checked in one worker, share the runs of the instances they have in common."""
    prescribed = CLAIMS_BY_ID[claim_id].prescribed
    return next(cid for cid, c in CLAIMS_BY_ID.items() if c.prescribed == prescribed)


def _secret_runs(claim_id: str, key: tuple) -> tuple:
    """:func:`_owner_runs` under the claim's :func:`run_owner`."""
    return _owner_runs(run_owner(claim_id), key)


@functools.lru_cache(maxsize=2048)
def _owner_runs(claim_id: str, key: tuple) -> tuple:
    """Rounds 0..k of the secret-state algorithm and of retraining on each D_i, exactly.

    Returns ``(means, retrain_means, datasets, params)``: θ̂_i (Fractions), the retraining's θ̂ on D_i
    (Algorithm 1 from the instance's θ'_0 with T evaluated at n_i), the datasets, and the parameters the
    algorithm used (``theorem_parameters`` of the claim: η, T, T_i, σ rounded up, and m when prescribed)."""
    from ...algorithms.d2d import PerturbedGD, Problem

    claim = CLAIMS_BY_ID[claim_id]
    values = dict(key)
    s = setup_cached(instance_key(values, SETUP_NAMES))
    # a prescribed parameter (the regulariser m of Theorems 3.4/3.5) is frozen as None: recomputed here
    consts = {k: v for k, v in values.items() if k in CONST_NAMES and v is not None and k not in claim.prescribed}
    params = theorem_parameters(claim, **consts)
    # the driver of PerturbedGD.from_theorem, built from the same evaluated parameters (evaluated once); the
    # learning T is re-evaluated at n = |D_i| for retraining, from the claim's expression (⌈·⌉ decided exactly)
    env = {**consts, **{k: v for k, v in params.items() if not callable(v) and k != "T"}}
    problem = Problem(s.loss, s.domain, reg=params["m"]) if "m" in claim.prescribed else Problem(s.loss, s.domain)
    T_expr = claim.prescribed["T"]
    pgd = PerturbedGD(problem, params["eta"], functools.lru_cache(maxsize=None)(
        lambda nn: ceil_exact(T_expr, {**env, "n": nn})), params["T_i"], params["sigma"], perfect=False,
        theta0=s.theta0, claim_id=claim.id, guarantee_parameters=consts)
    if "m" in claim.prescribed and frac(pgd.problem.reg) == 0:
        raise ArithmeticError("the prescribed regulariser rounded to 0")
    rels = pgd.run(s.X, None, s.updates)
    means = [np.asarray([frac(v) for v in r.law.mean], dtype=object) for r in rels]
    retrain = [None] + [np.asarray([frac(v) for v in pgd.retrain(r).law.mean], dtype=object) for r in rels[1:]]
    datasets = [r.state.X for r in rels]
    reg = frac(pgd.problem.reg)
    return means, retrain, datasets, {**params, "reg": reg}


def run_key(values: Instance) -> tuple:
    return instance_key(values, SETUP_NAMES + CONST_NAMES)


def secret_runs_of(claim_id: str, values: Instance) -> tuple:
    """:func:`_secret_runs` of an instance (cached on its exact entries): the exact means of the secret-state
    algorithm and of retraining per round, the datasets and the parameters (used by ``certunlearn.audit``)."""
    return _secret_runs(claim_id, run_key(values))


def _sigma_used(claim: Claim, values: Instance, reg: Fraction) -> arb:
    """The claim's σ as the algorithm uses it: the prescribed expression, with a prescribed regulariser m
    replaced by the value the algorithm runs with (``theorem_parameters`` rounds an irrational m to a float)."""
    if "m" not in claim.prescribed:
        return to_arb(values["sigma"])
    env = {k: v for k, v in values.items() if not isinstance(v, arb)}
    env["m"] = reg
    return arb_eval(claim.prescribed["sigma"], env)


def rounded_run_error(s: Any, eta: Fraction, gamma: Fraction) -> Fraction:
    """A rational ≥ the distance of every iterate of a rounded projected-GD run on the Setup ``s`` from the exact run,
    the step being γ-Lipschitz (γ < 1): e_{t+1} ≤ γe_t + ητ_g + τ_p from e_0 = 0, so e ≤ (τ_p + ητ_g)/(1 − γ)
    (τ_p the projection's certified error, τ_g the gradient's; 0 for exact runs)."""
    tau_p = getattr(s.domain, "projection_error", Fraction(0))
    tau_g = getattr(s.loss, "gradient_error", Fraction(0))
    if not gamma < 1:
        raise ArithmeticError("the gradient step is not a contraction: no bound on the rounded run's error")
    return (tau_p + eta * tau_g) / (1 - gamma)


def run_error(claim_id: str, values: Instance) -> Fraction:
    """A rational ≥ the distance of every computed iterate (secret state and retraining, every round) from the exact
    run: 0 for exact runs (quadratic and Huber losses on a box); on a ball each projection errs by at most τ_p
    (``RoundedBall.projection_error``), a logistic gradient by at most τ_g (``RoundedLogistic.gradient_error``), and
    each step x ↦ x − η∇g(x) of the run's objective g (the loss plus the algorithm's regulariser) is γ-Lipschitz with
    γ = max(|1 − ηm_g|, |1 − ηM_g|) < 1 (m_g ≤ ∇²g ≤ M_g; the exact projection is nonexpansive):
    :func:`rounded_run_error`."""
    s = setup_of(values)
    if (getattr(s.domain, "projection_error", Fraction(0)) == 0
            and getattr(s.loss, "gradient_error", Fraction(0)) == 0):
        return Fraction(0)
    _, _, _, params = _secret_runs(claim_id, run_key(values))
    eta, reg = frac(params["eta"]), frac(params["reg"])
    lo, hi = s.loss.risk_strong_convexity() + reg, s.loss.risk_smoothness_bound() + reg
    return rounded_run_error(s, eta, max(abs(1 - eta * lo), abs(1 - eta * hi)))


def shift_enclosure(claim_id: str, values: Instance) -> Fraction | arb:
    """max over rounds i ≥ 1 of ‖θ̂_i − μ_i‖ of the exact runs: exact on a box (:func:`exact_sqrt`), on a ball the
    computed value ± twice :func:`run_error` (both runs err), its lower end cut at 0."""
    shift2 = max_shift2(claim_id, values)
    err = run_error(claim_id, values)
    if err == 0:
        return exact_sqrt(shift2)
    return (to_arb(shift2).sqrt() + arb(0, to_arb(2 * err).upper())).nonnegative_part()


def unlearning_delta(claim_id: str) -> Callable[[Instance], arb]:
    """The true δ at ε between f_publish(R_A(D_{i−1}, u_i, θ̂_{i−1})) = N(θ̂_i, σ²I) and f_publish(A(D_i)) =
    N(μ_i, σ²I), maximised over the rounds i ≥ 1: both means are exact, so δ = δ_BW(ε; σ, max_i ‖θ̂_i − μ_i‖)
    (Balle & Wang 2018, Thm 8; monotone in the shift)."""

    def quantity(values: Instance) -> arb:
        claim = CLAIMS_BY_ID[claim_id]
        _, _, _, params = _secret_runs(claim_id, run_key(values))
        shift = shift_enclosure(claim_id, values)
        sig = _sigma_used(claim, values, params["reg"])
        if shift == 0:
            return arb(0)
        if isinstance(shift, arb) and not shift > 0:  # a ball's shift reaching 0: δ from 0 to δ(upper end)
            return arb(0).union(delta_enclosure(values["epsilon"], sig, arb(shift.upper())))
        return delta_enclosure(values["epsilon"], sig, to_arb(shift))

    return quantity


def excess_probability(s: Setup, X: np.ndarray, mean: np.ndarray, sigma_: arb, alpha_: arb, reg: Fraction = Fraction(0),
                       err: Fraction = Fraction(0)) -> arb:
    """P[f_D(θ̂ + Z) − min_Θ f_D > α], Z ~ N(0, σ²I), θ̂ known within ``err`` (in norm). For the isotropic quadratic
    f_D = (a/2)‖θ − x̄‖² + c the event is ‖Z + (θ̂ − x̄)‖² > ‖θ* − x̄‖² + 2α/a (θ* = argmin over Θ), a noncentral χ²
    tail; for a diagonal anisotropic quadratic the exterior of an ellipsoid (:mod:`.ellipse_tail`; any d),
    θ* exact on a box and enclosed on a ball (:mod:`.ball_argmin`); for the one-dimensional Huber-smoothed
    quadratic the exterior of the sublevel interval (:mod:`.interval_tail`), for logistic + ridge in d = 1 too (its
    ends and θ* bracketed by bisection on enclosures); for the Huber-smoothed quadratic in d = 2 on a box the exterior
    of the separable sublevel set, one outer integral of interval masses (:mod:`.separable_tail`); for every other
    non-quadratic loss of the class (logistic + ridge in d ≥ 2, the Huber-smoothed quadratic in d ≥ 3 or on a ball or a
    polytope) between the χ² tails of two quadratic models with curvatures m and M around the enclosed θ* and ∇f(θ*)
    (:mod:`.sandwich_tail`).
    (f is the *unregularised* loss: the accuracy of Definition 2.7 is measured on f_{D_i}.) A loss extended above Θ
    otherwise than its formula (``s.offtheta``; the printed class constrains f_z on Θ only) has its own exact event
    (:func:`.offtheta_excess.offtheta_excess_of`)."""
    if s.offtheta is not None:
        return offtheta_excess_of(s, X, mean, sigma_, alpha_, err)
    if s.huber is not None and s.dim == 1 and s.ball is None:
        return _piecewise_1d_probability(s, X, mean, sigma_, alpha_, err)
    if s.logistic and s.dim == 1 and s.ball is None:
        return _smooth_1d_probability(s, X, mean, sigma_, alpha_, err)
    if s.huber is not None and s.dim == 2 and s.ball is None and not s.polytope:  # separable: one outer integral
        from .separable_tail import huber_exterior

        star = s.minimiser(X)
        return huber_exterior(s.a, s.huber, X, s.loss.risk(star, X), mean, sigma_, alpha_, err)
    if s.linear or s.loss.risk_strong_convexity() == 0:  # m = 0: around a feasible point, no minimiser needed
        from .convex_tail import convex_probability

        return convex_probability(s, X, mean, sigma_, alpha_, err, ncx2_sf)
    if s.huber is not None or s.logistic:  # any other Θ and d: between two quadratic models (χ² tails)
        from .sandwich_tail import sandwich_probability

        return sandwich_probability(s, X, mean, sigma_, alpha_, err, ncx2_sf)
    a = s.a[0]
    xbar = np.asarray([sum((row[j] for row in X), Fraction(0)) / len(X) for j in range(s.dim)], dtype=object)
    slack = arb(0, to_arb(err).upper()) if err else arb(0)
    if any(v != a for v in s.a):  # anisotropic: Σ a_k(Z_k + c_k)² > 2α + Σ a_k(θ*_k − x̄_k)², an ellipsoid's exterior
        from .ellipse_tail import ellipsoid_exterior

        if s.ball is not None:  # θ* = (A + νI)⁻¹Ax̄ on the sphere, ν enclosed (secular equation)
            from .ball_argmin import ball_argmin

            star = ball_argmin(s.a, list(xbar), s.ball)
        else:
            star = s.minimiser(X)
        c = [(to_arb(m_ - x_) + slack) / sigma_ for m_, x_ in zip(mean, xbar)]
        gap = sum((to_arb(ak) * (to_arb(t) - to_arb(x_)) * (to_arb(t) - to_arb(x_)) for ak, t, x_ in zip(s.a, star, xbar)),
                  arb(0))
        tau = (2 * alpha_ + gap) / (sigma_ * sigma_)
        return ellipsoid_exterior([to_arb(ak) for ak in s.a], c, tau)
    if s.ball is not None:  # Θ a ball, A = aI: θ* = x̄·min(1, r/‖x̄‖), ‖θ* − x̄‖ = (‖x̄‖ − r)₊; θ̂ known within err
        gap = (to_arb(sq_norm(xbar)).sqrt() - to_arb(s.ball)).nonnegative_part()
        dist = to_arb(sq_norm(mean - xbar)).sqrt() + slack
        z = dist.nonnegative_part() / sigma_
        lam = z * z  # (not z**2: a ball reaching 0 would give nan)
        thr = (gap * gap + 2 * alpha_ / to_arb(a)) / (sigma_ * sigma_)
        return ncx2_sf(s.dim, lam, thr)
    star = s.minimiser(X)
    lam = to_arb(sq_norm(mean - xbar)) / (sigma_ * sigma_)
    thr = (to_arb(sq_norm(star - xbar)) + 2 * alpha_ / to_arb(a)) / (sigma_ * sigma_)
    return ncx2_sf(s.dim, lam, thr)


def _piecewise_1d_probability(s: Setup, X: np.ndarray, mean: np.ndarray, sigma_: arb, alpha_: arb,
                              err: Fraction) -> arb:
    """P[θ̂ + Z ∉ {f_D ≤ min_Θ f_D + α}] for the one-dimensional Huber-smoothed quadratic (piecewise quadratic,
    breakpoints x_i ± w): the sublevel interval's ends are exact quadratic-formula roots on their pieces
    (:func:`.interval_tail.sublevel_interval`), the mass outside it by erfc."""
    from .interval_tail import outside_mass, sublevel_interval

    star = s.minimiser(X)[0]

    def f(th: Fraction) -> Fraction:
        return s.loss.risk(np.asarray([th], dtype=object), X)

    w = s.huber[1]
    knots = sorted({frac(x[0]) + e for x in X for e in (-w, w)})
    lo, hi = sublevel_interval(f, knots, star, to_arb(f(star)) + alpha_)
    centre = to_arb(mean[0]) + (arb(0, to_arb(err).upper()) if err else arb(0))
    return outside_mass(centre, sigma_, lo, hi)


def _smooth_1d_probability(s: Setup, X: np.ndarray, mean: np.ndarray, sigma_: arb, alpha_: arb, err: Fraction) -> arb:
    """P[θ̂ + Z ∉ {f_D ≤ min_Θ f_D + α}] for a smooth convex one-dimensional f_D evaluated on arb (logistic + ridge):
    the sublevel interval of :func:`smooth_sublevel_ends`, the mass by erfc."""
    from .interval_tail import outside_mass

    centre = to_arb(mean[0]) + (arb(0, to_arb(err).upper()) if err else arb(0))
    return outside_mass(centre, sigma_, *smooth_sublevel_ends(s, X, alpha_))


def smooth_sublevel_ends(s: Setup, X: np.ndarray, alpha_: arb) -> tuple[arb, arb]:
    """Enclosures of the ends of {f_D ≤ min_Θ f_D + α} for a smooth convex one-dimensional f_D evaluated on arb
    (logistic + ridge): θ* bracketed on Θ = [lo, hi] by the sign of f_D', min_Θ f_D enclosed by f_D on that bracket,
    the ends bracketed by the sign of f_D − t (:func:`.interval_tail.sublevel_bisect`); where the bracket of θ* stops
    wide (f_D′ undecided at its midpoint p), min_Θ f_D is enclosed by convexity from f_D(p) and f_D′(p) instead."""
    from .interval_tail import argmin_bracket, sublevel_bisect

    steps = ctx.prec + 16

    def f(th: Any) -> arb:
        return s.loss.risk(np.asarray([to_arb(th)], dtype=object), X)

    def df(th: Fraction) -> arb:
        return np.asarray(s.loss.risk_grad(np.asarray([to_arb(th)], dtype=object), X)).ravel()[0]

    u, v = argmin_bracket(df, s.lo[0], s.hi[0], steps)
    t = f(to_arb(u).union(to_arb(v))) + alpha_  # f on the bracket encloses min_Θ f

    def g(th: Fraction) -> arb:  # a sign decided for the whole ball t decides it for min_Θ f + α
        return f(th) - t

    try:
        return sublevel_bisect(g, u, False, steps), sublevel_bisect(g, v, True, steps)
    except UndecidedError:  # the bracket stopped wide at an undecided f′(p), p = (u + v)/2 (f′(p) = 0 exactly, e.g.
        # balanced data at p = 0): θ* ∈ [u, v] and convexity give min_Θ f ∈ [f(p) − |f′(p)|(v − u)/2, f(p)]
        p = (u + v) / 2
        fp = f(p)
        t = fp.union(fp - abs(df(p)) * to_arb((v - u) / 2)) + alpha_
        return sublevel_bisect(g, p, False, steps), sublevel_bisect(g, p, True, steps)


#: accuracy claim id → the explicit α of its proof (filled by :func:`accuracy_probability`).
ACCURACY_ALPHA: dict[str, sympy.Expr] = {}


def accuracy_radius(claim_id: str, values: Instance) -> tuple[arb, arb]:
    """(α, σ) of an accuracy claim at ``values`` (its instance with the prescribed parameters): the claim's α as its
    quantity evaluates it, at the σ the algorithm uses (``certunlearn.testing.accuracy`` reads it from here)."""
    claim = CLAIMS_BY_ID[claim_id]
    env = dict(values)
    if "m" in claim.prescribed:  # the regulariser the algorithm runs with (only then is the run needed)
        env["m"] = _secret_runs(claim_id, run_key(values))[3]["reg"]
    sig = _sigma_used(claim, values, env.get("m"))
    env["sigma"] = sig
    return arb_eval(ACCURACY_ALPHA[claim_id], env), sig


def accuracy_probability(claim_id: str, alpha_expr: sympy.Expr) -> Callable[[Instance], arb]:
    """max over rounds i ≥ 0 of P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] with θ̃_i = θ̂_i + Z_i (θ̂_i exact, secret-state
    algorithm) and α the explicit radius of the proof (Definition 2.7)."""
    ACCURACY_ALPHA[claim_id] = alpha_expr

    def quantity(values: Instance) -> arb:
        means, _, datasets, params = _secret_runs(claim_id, run_key(values))
        s = setup_of(values)
        alpha_, sig = accuracy_radius(claim_id, values)
        err = run_error(claim_id, values)
        worst = arb(0)
        for X, mean in zip(datasets, means):
            worst = worst.max(excess_probability(s, X, mean, sig, alpha_, err=err))
        return worst

    return quantity


def _isotropic(values: Instance) -> Decision:
    a = [frac(v) for v in values["A"]]
    return holds(all(v == a[0] for v in a))


ISOTROPIC = P("A = aI (isotropic: the accuracy event is a noncentral χ² tail, computed exactly)", _isotropic)
def _enclosed_acc(values: Instance) -> Decision:
    """A quadratic (any d, any Θ), the Huber-smoothed quadratic in d ≤ 2 on a box or logistic + ridge in d = 1 on an
    interval (exact sublevel sets); any other loss of the family if its declared m, M (global Hessian bounds) have
    0 < m ≤ M — θ* and ∇f(θ*) are then enclosed by the contraction certificate of :mod:`.sandwich_tail` — or m = 0 ≤ M
    (a merely convex loss: logistic without ridge, a linear loss), enclosed around a feasible point by
    :mod:`.convex_tail`. Not a restriction of the class: it checks that the declared curvatures are ordered."""
    huber, logistic = bool(values.get("huber")), bool(values.get("logistic"))
    linear = bool(values.get("linear"))
    if not huber and not logistic and not linear:
        return Decision.TRUE
    box = not values.get("ball") and not values.get("polytope")
    if box and not linear and (len(values["A"]) == 1 or (len(values["A"]) == 2 and huber and not logistic)):
        return Decision.TRUE
    dec = _declared(values)
    if rational_eval(dec["m"]) == 0:  # m = 0: the convex route needs only 0 ≤ M
        return decide_ge(lambda: arb_eval(dec["M"]), 0)
    positive = decide(0, "<", lambda: arb_eval(dec["m"]), max_prec=1024).decision
    return positive if positive is not Decision.TRUE else decide_ge(lambda: arb_eval(dec["M"]),
                                                                    lambda: arb_eval(dec["m"]))


ENCLOSED_ACC = P("a quadratic loss (any d), the Huber-smoothed quadratic in d ≤ 2 on a box or logistic + ridge in d = 1 "
                 "(exact sublevel sets), any other loss of the class with 0 < m ≤ M (θ* and ∇f(θ*) enclosed: the event "
                 "between two quadratic models' χ² tails) or with m = 0 ≤ M (convex: the event between a half-space "
                 "and the M-model around a feasible point)", _enclosed_acc)


# =========================================================================== the claims, Sections 2–3
PGD_HYPS = (EPS_POS, *DELTA_RANGE, *SC_HYPS, *pgd_hypotheses())
ACC_HYPS = (*PGD_HYPS, H("β > 0", ">", beta, 0), H("β < 1", "<", beta, 1), ENCLOSED_ACC)


def datasets_of(data: tuple, ups: list) -> list[tuple]:
    from ...algorithms.d2d import multiset_update

    out = [data]
    for kind, z in ups:
        out.append(multiset_update(out[-1], kind, z))
    return out


def gd_diag(prob: Any, content: tuple, start: tuple, eta: Any, steps: int) -> tuple:
    """``steps`` iterations of projected GD (``algorithms.d2d.projected_gd``) on the mean loss over ``content``
    (points as tuples; e.g. ½(θ − x)ᵀA(θ − x) with a diagonal A) from ``start``, as a tuple of Fractions: ``projected_gd`` runs it (a diagonal
    quadratic on a box coordinate by coordinate, with a closed-form tail once the projection cannot act; any other
    exact problem — a polytope's exact projection, the Huber-smoothed quadratic — step by step); a rounded one (a
    ball, logistic) raises, as its error is not tracked here."""
    from ...algorithms.d2d import projected_gd

    if getattr(prob.domain, "projection_error", 0) or getattr(prob.loss, "gradient_error", 0):
        raise ArithmeticError("gd_diag runs exact problems only: a rounded run's error is not tracked here")
    X = np.asarray([list(x) for x in content], dtype=object)
    th = projected_gd(prob, X, None, np.asarray(list(start), dtype=object), eta=eta, T=steps)
    return tuple(frac(v) for v in th)


def gd_1d(prob: Any, content: tuple, start: Fraction, eta: Any, steps: int) -> Fraction:
    """:func:`gd_diag` in one dimension, on scalars."""
    return gd_diag(prob, tuple((c,) for c in content), (start,), eta, steps)[0]


def max_shift2(claim_id: str, values: Instance) -> Fraction:
    """max over rounds i ≥ 1 of ‖θ̂_i − μ_i‖², exactly: the squared mean shift between the update's and the
    retraining's published Gaussians (the quantity the worst-case-shift adversaries maximise)."""
    means, retrain, _, _ = _secret_runs(claim_id, run_key(values))
    return max((sq_norm(a - b) for a, b in zip(means[1:], retrain[1:])), default=Fraction(0))


def secret_laws(claim_id: str) -> Callable[[Instance], Any]:
    """The two published laws of a secret-state certificate at an instance, for the ε-scale tightness: N(θ̂_i, σ²I)
    and N(μ_i, σ²I) at the round of the largest shift (a ``GaussianPair``; the δ profile is monotone in the shift)."""
    from ..model import GaussianPair

    def laws(values: Instance) -> Any:
        claim = CLAIMS_BY_ID[claim_id]
        _, _, _, params = _secret_runs(claim_id, run_key(values))
        return GaussianPair(shift=to_arb(shift_enclosure(claim_id, values)),
                            sigma=_sigma_used(claim, values, params["reg"]))

    return laws


def exact_sqrt(q: Fraction) -> Fraction | arb:
    """√q exactly (a Fraction) when q is the square of a rational, else an enclosure — so that an attained bound is
    proved equal, not left as overlapping enclosures."""
    q = Fraction(q)
    if q >= 0:
        a, b = math.isqrt(q.numerator), math.isqrt(q.denominator)
        if a * a == q.numerator and b * b == q.denominator:
            return Fraction(a, b)
    return to_arb(q).sqrt()
