"""Claims of Descent-to-Delete (Neel, Roth, Sharifi-Malvajerdi, v1 preprint), encoded as printed.

Paper file: ``papers/002_7f80bf4846a5a6af.txt`` (line numbers below refer to it). Every numbered statement
with a constant is a claim; order-of-magnitude bounds are checked through the explicit inequality their
proof establishes before the O(·). Derivations: ``proofs/d2d.py``.

**Instances.** The perturbed-GD claims run on the :class:`~certunlearn.problems.Quadratic` family
``f_x(θ) = ½(θ − x)ᵀA(θ − x)`` with a *diagonal* A (anisotropic: the contraction of Theorem 2.13 is
attained along its eigenvectors), ``‖x‖ ≤ R``, on a box Θ = [lo, hi] — so projected gradient descent
is exact in Fractions. An instance holds the scalars of the theorem (``epsilon``, ``delta``, ``I``, ``n``,
``d``, ``L``, ``m``, ``M``, ``D``, ``beta`` …) and the problem itself: ``A`` (diagonal), ``R``, ``lo``,
``hi``, the dataset ``X`` (n×d), the update sequence ``U`` (rows ``[op, x…]``, op = 1 add, −1 delete) and
Algorithm 1's initial point ``theta0`` (also the retraining's — the adversary chooses it). Hypotheses
check the theorem's assumptions exactly: the declared constants of the family on Θ (verified by
``problems.verify``) against ``L``, ``m``, ``M``, ``D``; the data radius by ``check_data``;
Assumption 2.6 (``n_i ≥ n/2``).

**Quantities** are exact: the algorithms (``certunlearn.algorithms.d2d``, parameters from
``theorem_parameters`` evaluating this module's prescribed expressions) run in Fractions; the published
laws are Gaussians whose means are then exact rationals; the true δ at ε between the update's and the
retraining's published laws is ``privacy.delta_enclosure`` at the exact mean shift (or, where the two
laws have different variances, the exact 1-d hockey-stick divergence by erfc in both directions).
Accuracy probabilities are exact noncentral chi-square tails (erfc in 1-d, regularised incomplete gamma
series with a rigorous remainder otherwise).
"""
from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import sympy
from flint import arb
from sympy import Rational, ceiling, log, sqrt

from ..errors import CertunlearnError
from ..numeric.enclosure import Decision, decide, to_arb
from ..numeric.precision import precisions, workprec
from ..numeric.sympy_arb import arb_eval
from ..privacy import delta_enclosure
from ..privacy.profile import erfc_ball, profile_arb
from .model import Adversary, Claim, Control, Hypothesis, Instance, Kind, Space
from .symbols import Delta, delta, epsilon, sigma

# =========================================================================== symbols (shared with proofs/d2d.py)
L = sympy.Symbol("L", positive=True)  # Lipschitz constant of f_z on Θ
m = sympy.Symbol("m", positive=True)  # strong convexity (or the regulariser of eq. (5))
M = sympy.Symbol("M", positive=True)  # smoothness
n = sympy.Symbol("n", positive=True)  # size of the training dataset D_0
d = sympy.Symbol("d", positive=True)  # dimension
D = sympy.Symbol("D", positive=True)  # diameter of Θ
I = sympy.Symbol("I", positive=True)  # the per-update iteration budget 𝓘
i = sympy.Symbol("i", positive=True)  # the update round
T = sympy.Symbol("T", positive=True)  # Algorithm 1's iteration count
beta = sympy.Symbol("beta", positive=True)  # failure probability of an accuracy guarantee
xi = sympy.Symbol("xi", positive=True)  # Remark 3.6's exponent ξ ≥ 1
gamma = sympy.Symbol("gamma", positive=True)  # contraction factor (an abbreviation in the proofs)
B = sympy.Symbol("B", positive=True)  # bootstrap sample size (Section 4)
N = sympy.Symbol("N", positive=True)  # number of Binomial trials (Lemma A.5)
p = sympy.Symbol("p", positive=True)  # Binomial success probability (Lemma A.5)
deltap = sympy.Symbol("delta_p", positive=True)  # δ' of Lemmas 4.3 and A.5
k = sympy.Symbol("k", positive=True)  # multiplicity of the updated point (Lemma 4.3 +fix)


def zcdp_gap(shift: sympy.Expr, lg: sympy.Expr) -> sympy.Expr:
    """√(lg + shift) − √lg — the denominator of the zCDP calibration (Lemma A.3 solved for σ)."""
    return sqrt(lg + shift) - sqrt(lg)


LOG1D = log(1 / delta)
GAMMA_SC = (M - m) / (M + m)  # Theorems 3.1, 3.2, 4.5: γ = (M − m)/(M + m)
GAMMA_REG = M / (M + 2 * m)  # Theorems 3.4, 3.5: γ = M/(M + 2m)
GAP = zcdp_gap(epsilon, LOG1D)  # √(log(1/δ) + ε) − √log(1/δ)

#: Theorem 3.1 (lines 200–209)
SIGMA_31 = 4 * sqrt(2) * L * GAMMA_SC**I / (m * n * (1 - GAMMA_SC**I) * GAP)
T_31 = I + log(D * m * n / (2 * L)) / log(1 / GAMMA_SC)
ETA_31 = 2 / (M + m)
PRESCRIBED_31 = {"eta": ETA_31, "T": T_31, "T_i": I, "sigma": SIGMA_31}
#: the explicit radius of the accuracy proof (line 244): ‖θ̃_i − θ*_i‖ < ρ with probability ≥ 1 − β
RHO_31 = 4 * L / (m * n) * GAMMA_SC**I / (1 - GAMMA_SC**I) + sigma * sqrt(2 * d) * log(2 * d / beta)
ALPHA_31 = M / 2 * RHO_31**2
ALPHA_31_FIX = L * RHO_31 + M / 2 * RHO_31**2

#: Theorem 3.2 (lines 256–265)
LG2 = 2 * log(2 / delta)
GAP_32 = sqrt(LG2 + 3 * epsilon) - sqrt(LG2 + 2 * epsilon)
GAP_32_I = sqrt(LG2 + epsilon) - sqrt(LG2)
SIGMA_32 = 8 * L * GAMMA_SC**I * (1 - GAMMA_SC**I) ** -1 / (m * n * GAP_32)
T_I_32 = I + log(log(4 * d * i / delta)) / log(1 / GAMMA_SC)
I_MIN_32 = log(sqrt(2 * d) * (1 - GAMMA_SC) ** -1 / GAP_32_I) / log(1 / GAMMA_SC)
PRESCRIBED_32 = {"eta": ETA_31, "T": T_31, "T_i": T_I_32, "sigma": SIGMA_32}
RHO_32 = GAMMA_SC**I / (1 - GAMMA_SC**I) * (4 * L / (m * n) + sigma * sqrt(2 * d)) + sigma * sqrt(2 * d) * log(2 * d / beta)
ALPHA_32 = M / 2 * RHO_32**2
ALPHA_32_FIX = L * RHO_32 + M / 2 * RHO_32**2
#: Theorem 3.2 +fix: the budget 2(√(2log(2/δ)+2ε) − √(2log(2/δ))) split evenly between the two terms of Δ/σ
G2_32 = sqrt(LG2 + 2 * epsilon) - sqrt(LG2)
SIGMA_32_FIX = 16 * L * GAMMA_SC**I / ((1 - GAMMA_SC**I) * m * n * G2_32)
I_MIN_32_FIX = log(4 * sqrt(2 * d) / ((1 - GAMMA_SC) * G2_32)) / log(1 / GAMMA_SC)
PRESCRIBED_32_FIX = {"eta": ETA_31, "T": T_31, "T_i": T_I_32, "sigma": SIGMA_32_FIX}

#: Lemma 2.12 (line 153); Theorem 2.13 (line 165)
SENSITIVITY_212 = 2 * L / (m * n)
CONTRACTION_213 = ((M - m) / (M + m)) ** T

#: Lemma A.2 (line 476), Lemma A.3 (line 480), Lemma A.5 (line 492)
TAIL_A2 = sigma * sqrt(2 * d) * log(2 * d / beta)
EPS_A3 = Delta**2 / (2 * sigma**2) + Delta / sigma * sqrt(2 * log(1 / delta))
CHERNOFF_A5 = sympy.exp(-N * p * deltap**2 / (2 + deltap))

#: Lemma 4.3 (line 368)
S_43 = 10 * B / n * log(1 / deltap)


# =========================================================================== small exact helpers
def frac(v: Any) -> Fraction:
    """The exact value of an instance entry (int, float, Fraction, decimal string)."""
    if isinstance(v, Fraction):
        return v
    if isinstance(v, bool):
        raise TypeError("a boolean is not a number")
    if isinstance(v, (int, np.integer)):
        return Fraction(int(v))
    if isinstance(v, (float, np.floating)):
        return Fraction(float(v))
    if isinstance(v, str):
        return Fraction(v)
    raise TypeError(f"not an exact number: {v!r}")


def _freeze(v: Any) -> Any:
    if isinstance(v, (list, tuple, np.ndarray)):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, arb):
        return None  # prescribed values are recomputed from the exact entries
    return frac(v)


def instance_key(values: Instance, names: Iterable[str]) -> tuple:
    """A hashable key of the exact instance entries ``names`` (for caching exact computations)."""
    return tuple((k, _freeze(values[k])) for k in names if k in values)


def _vec(row: Sequence[Any]) -> np.ndarray:
    return np.asarray([frac(v) for v in row], dtype=object)


def _mat(rows: Sequence[Sequence[Any]]) -> np.ndarray:
    return np.asarray([[frac(v) for v in row] for row in rows], dtype=object)


def _sq(v: np.ndarray) -> Fraction:
    return sum((x * x for x in v), Fraction(0))


def _true() -> Decision:
    return Decision.TRUE


def _holds(flag: bool) -> Decision:
    return Decision.TRUE if flag else Decision.FALSE


def _ge(a: Any, b: Any) -> Decision:
    """a ≥ b decided on enclosures (a, b exact numbers, arbs or zero-argument callables)."""
    return decide(b, "<=", a, max_prec=1024).decision


def exact_int(expr: sympy.Expr, env: dict[str, Any]) -> int:
    """⌈expr⌉ (clamped at 0) decided exactly: on enclosures at rising precision; a value that is exactly an
    integer (e.g. log 4/log 2) is recognised by sympy; failing both, the ceiling of the upper bound (the rule
    of ``algorithms.d2d.theorem_parameters``)."""
    upper = None
    for prec in precisions(64, 1024):
        with workprec(prec):
            b = arb_eval(expr, env)
            if not b.is_finite():
                raise ArithmeticError(f"{expr} is not finite here")
            u = b.ceil().unique_fmpz()
            if u is not None:
                return max(0, int(u))
            upper = b.upper().ceil().unique_fmpz()
    sub = sympy.simplify(sympy.sympify(expr).subs({sympy.Symbol(k, positive=True): sympy.nsimplify(frac(v))
                                                   for k, v in env.items()}))
    if sub.is_Rational:
        return max(0, math.ceil(Fraction(int(sub.p), int(sub.q))))
    return max(0, int(upper))


UNIT = arb(0).union(arb(1))


def clamp01(x: arb) -> arb:
    """An enclosure of a probability intersected with [0, 1]."""
    return x.intersection(UNIT) if x.overlaps(UNIT) else x


def rel(kind: str, lhs: sympy.Expr, rhs: sympy.Expr) -> sympy.Rel:
    return {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}[kind](lhs, rhs, evaluate=False)


def H(name: str, kind: str, lhs: sympy.Expr, rhs: sympy.Expr) -> Hypothesis:
    return Hypothesis(name, rel(kind, lhs, rhs))


def P(name: str, fn: Callable[[Instance], Decision]) -> Hypothesis:
    """A predicate hypothesis; an exception while deciding counts as 'outside'."""

    def decide_safely(values: Instance) -> Decision:
        try:
            return fn(values)
        except (CertunlearnError, ValueError, TypeError, KeyError, IndexError, ArithmeticError):
            return Decision.FALSE

    return Hypothesis(name, predicate=decide_safely)


def is_int(v: Any) -> bool:
    try:
        return frac(v).denominator == 1
    except TypeError:
        return False


EPS_POS = H("ε > 0", ">", epsilon, 0)
DELTA_RANGE = (H("δ > 0", ">", delta, 0), H("δ < 1", "<", delta, 1))


# =========================================================================== the perturbed-GD problem of an instance
class Setup:
    """The problem an instance describes: the diagonal quadratic loss, the box Θ, D_0, the updates, θ'_0."""

    def __init__(self, values: Instance, reg_free: bool = True):
        from ..algorithms.d2d import Update
        from ..problems import Box, Quadratic

        a = [frac(v) for v in values["A"]]
        self.dim = len(a)
        self.a = a
        self.R = frac(values["R"])
        A = tuple(tuple(a[r] if r == c else Fraction(0) for c in range(self.dim)) for r in range(self.dim))
        self.loss = Quadratic(A=A, R=self.R)
        self.lo = [frac(v) for v in values["lo"]]
        self.hi = [frac(v) for v in values["hi"]]
        self.domain = Box(tuple(self.lo), tuple(self.hi))
        self.X = _mat(values["X"])
        self.updates = []
        for row in values.get("U", []):
            op, x = frac(row[0]), [frac(v) for v in row[1:]]
            if op not in (1, -1):
                raise ValueError("an update's op is 1 (add) or -1 (delete)")
            self.updates.append(Update.add(x) if op == 1 else Update.delete(x))
        self.theta0 = _vec(values["theta0"]) if "theta0" in values else None

    def datasets(self) -> list[np.ndarray]:
        """D_0, D_1, …: the datasets after each update (Definition 2.2), as Fraction arrays."""
        from ..algorithms.d2d import Problem, apply_update

        prob = Problem(self.loss, self.domain)
        out = [self.X]
        for u in self.updates:
            out.append(apply_update(prob, out[-1], None, u)[0])
        return out

    def minimiser(self, X: np.ndarray) -> np.ndarray:
        from ..problems import minimize

        res = minimize(self.loss, self.domain, X)
        if not res.exact:
            raise ArithmeticError("the minimiser is not exact")
        return np.asarray([frac(v) for v in res.theta], dtype=object)


@functools.lru_cache(maxsize=4096)
def _setup_cached(key: tuple) -> Setup:
    return Setup(dict((k, v) for k, v in key))


SETUP_NAMES = ("A", "R", "lo", "hi", "X", "U", "theta0")


def setup_of(values: Instance) -> Setup:
    return _setup_cached(instance_key(values, SETUP_NAMES))


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
    return _holds(all(2 * ni >= n0 and ni >= 1 for ni in sizes))


def _declared(values: Instance) -> dict[str, Any]:
    s = setup_of(values)
    c = s.loss.constants(s.domain)
    return {"L": c.value("L"), "M": c.value("M"), "m": c.value("m"), "D": c.value("D")}


def _constants_ok(names: Sequence[str]) -> Callable[[Instance], Decision]:
    """The instance's constants are valid for the family on Θ: L ≥ the declared (verified) Lipschitz constant,
    M ≥ the declared smoothness, m ≤ the declared strong convexity, D ≥ the diameter of Θ."""

    def check(values: Instance) -> Decision:
        dec = _declared(values)
        for name in names:
            exact = dec[name]
            own = frac(values[name])
            if name == "m":
                r = _ge(lambda: arb_eval(exact), own)
            else:
                r = _ge(own, lambda: arb_eval(exact))
            if r is not Decision.TRUE:
                return r
        return Decision.TRUE

    return check


def pgd_hypotheses(constants: Sequence[str] = ("L", "m", "M", "D")) -> tuple[Hypothesis, ...]:
    return (
        P("data: ‖x‖ ≤ R, dims, deletions of present points, Assumption 2.6 (n_i ≥ n/2), θ'_0 ∈ Θ", _data_ok),
        P("f_z is m-strongly convex, L-Lipschitz, M-smooth on Θ (declared, verified constants); D ≥ diam Θ",
          _constants_ok(constants)),
    )


SC_HYPS = (H("m < M", "<", m, M), P("I is a positive integer", lambda v: _holds(is_int(v["I"]) and frac(v["I"]) >= 1)))


def constants_env(values: Instance, names: Iterable[str]) -> dict[str, Any]:
    return {k: frac(values[k]) for k in names if k in values}


# =========================================================================== exact probability helpers
def ncx2_sf(dof: int, lam: arb, x: arb) -> arb:
    """P[‖c + W‖² > x] for W ~ N(0, I_dof) and ‖c‖² = lam (noncentral χ² survival), rigorously.

    dof = 1: (erfc((s − c)/√2) + erfc((s + c)/√2))/2 with s = √x, c = √lam. Otherwise the Poisson mixture
    Σ_j e^{−λ/2}(λ/2)^j/j! · Q(dof/2 + j, x/2) (regularised upper incomplete gamma, arb), truncated where the
    remaining Poisson weight w_rem is below 2^(−prec); the remainder lies in [0, w_rem].
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
        # large noncentrality: ‖c + W‖² = (‖c‖ + W_1)² + χ²_{dof−1} (rotate c onto e_1), so
        # P[(‖c‖ + W_1)² > x] ≤ P ≤ P[(‖c‖ + W_1)² > x − t] + P[χ²_{dof−1} > t]
        t = arb(2 * (45 + dof))
        lower = ncx2_sf(1, lam, x)
        upper = ncx2_sf(1, lam, x - t) + t.gamma_upper(arb(dof - 1) / 2, regularized=1) if dof > 1 else lower
        return lower.union(upper)
    half = lam / 2
    w = (-half).exp()
    total, weight = arb(0), arb(0)
    tol = arb(2) ** (-80)
    for j in range(0, 4000):
        q = (x / 2).gamma_upper(arb(dof) / 2 + j, regularized=1)
        total += w * q
        weight += w
        rem = 1 - weight
        if j > half.mid() and rem < tol:
            break
        if j > 2000:
            break
        w = w * half / (j + 1)
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


def declared_constants(A: Sequence[Any], R: Any, lo: Sequence[Any], hi: Sequence[Any]) -> dict[str, Fraction]:
    """Rational L ≥, M ≥, m ≤, D ≥ the declared constants of the diagonal quadratic family on the box."""
    from ..problems import Box, Quadratic

    a = [frac(v) for v in A]
    dim = len(a)
    Am = tuple(tuple(a[r] if r == c else Fraction(0) for c in range(dim)) for r in range(dim))
    loss = Quadratic(A=Am, R=frac(R))
    c = loss.constants(Box(tuple(frac(v) for v in lo), tuple(frac(v) for v in hi)))
    return {"L": upper_fraction(c.value("L")), "M": max(a), "m": min(a), "D": upper_fraction(c.value("D"))}


def pgd_instance(A, R, lo, hi, X, U, theta0, **scalars) -> dict[str, Any]:
    """An instance of the perturbed-GD family with the tightest valid declared constants (unless given)."""
    consts = declared_constants(A, R, lo, hi)
    out = {"A": list(A), "R": R, "lo": list(lo), "hi": list(hi), "X": [list(r) for r in X],
           "U": [list(u) for u in U], "theta0": list(theta0), "n": len(X), "d": len(A),
           "i": max(1, len(U))}  # i: the last round (only displays a round-dependent T_i)
    for key in ("L", "D"):
        out[key] = consts[key]
    out["m"], out["M"] = consts["m"], consts["M"]
    out.update(scalars)
    return out


def _q(x: float, grid: int = 2**12) -> Fraction:
    """A float parameter rounded to a short dyadic (so instances stay small and exact)."""
    return Fraction(round(float(x) * grid), grid)


# =========================================================================== Lemma 2.12 (sensitivity)
def _sensitivity(values: Instance) -> arb:
    """‖θ*_D − θ*_{D∘u}‖ exactly: both minimisers are exact rationals (problems.minimize on the box)."""
    return to_arb(_sensitivity_sq(instance_key(values, SETUP_NAMES))).sqrt()


@functools.lru_cache(maxsize=4096)
def _sensitivity_sq(key: tuple) -> Fraction:
    s = _setup_cached(key)
    D0, D1 = s.datasets()[:2]
    return _sq(s.minimiser(D0) - s.minimiser(D1))


def _one_update(values: Instance) -> Decision:
    return _holds(len(values["U"]) == 1)


def _lem212_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Extreme points of the data domain: n points at ±R, the update removes (or adds) an extreme point;
    Θ = [−r, r] with r around R (r = R makes the lemma's factor-2 slack exact: tightness 1/2); 2-d thin
    anisotropic quadratics on boxes; additions and deletions."""
    out = []
    for n0, r, a, op in itertools.product((2, 3, 5), (Fraction(1, 2), Fraction(1), Fraction(2)), (1, 3), (-1, 1)):
        X = [[1]] + [[-1]] * (n0 - 1) if n0 > 2 else [[1], [-1]]
        z = [-1] if op == -1 else [1]
        out.append(pgd_instance([a], 1, [-r], [r], X, [[op, *z]], [0]))
    for n0, (a1, a2), op in itertools.product((2, 4), ((1, 4), (1, 16), (2, 3)), (-1, 1)):
        X = [[1, 0], [0, 1]] + [[-1, 0]] * (n0 - 2)
        z = [1, 0] if op == -1 else [-1, 0]
        out.append(pgd_instance([a1, a2], 1, [-1, -1], [1, 1], X, [[op, *z]], [0, 0]))
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _lem212_build(q: dict) -> dict:
    r = _q(q["r"])
    pts = [[_q(q[f"x{j}"])] for j in range(3)]
    z = [_q(q["z"])]
    op = 1 if q["op"] > 0 else -1
    U = [[op, *z]] if op == 1 else [[-1, *pts[0]]]
    return pgd_instance([_q(q["a"])], 1, [-r], [r], pts, U, [0])


LEM212_SEARCH = Adversary("search over 1-d quadratics: curvature, Θ = [−r, r], three points, the update", space=Space(
    bounds={"a": (0.1, 10.0), "r": (0.1, 3.0), "x0": (-1.0, 1.0), "x1": (-1.0, 1.0), "x2": (-1.0, 1.0),
            "z": (-1.0, 1.0), "op": (-1.0, 1.0)}, log=frozenset({"a"}), build=_lem212_build))

# =========================================================================== Theorem 2.13 (contraction)


def _contraction(values: Instance) -> arb:
    """‖θ_T − θ*‖/‖θ_0 − θ*‖ exactly for T steps of projected GD with η = 2/(m + M) on h = f_D (exact)."""
    num, den = _contraction_sq(instance_key(values, SETUP_NAMES + ("T", "m", "M")))
    return (to_arb(num) / to_arb(den)).sqrt()


@functools.lru_cache(maxsize=4096)
def _contraction_sq(key: tuple) -> tuple[Fraction, Fraction]:
    from ..algorithms.d2d import Problem, projected_gd

    values = dict(key)
    s = _setup_cached(instance_key(values, SETUP_NAMES))
    star = s.minimiser(s.X)
    eta = 2 / (values["m"] + values["M"])
    th = projected_gd(Problem(s.loss, s.domain), s.X, None, s.theta0, eta=eta, T=int(values["T"]))
    th = np.asarray([frac(v) for v in th], dtype=object)
    den = _sq(s.theta0 - star)
    if den == 0:
        raise ArithmeticError("θ_0 = θ*: the ratio is undefined")
    return _sq(th - star), den


def _thm213_hyps() -> tuple[Hypothesis, ...]:
    def ok(values):
        s = setup_of(values)
        if s.theta0 is None or not s.domain.contains(s.theta0) or len(s.theta0) != s.dim:
            return Decision.FALSE
        if not (is_int(values["T"]) and frac(values["T"]) >= 1):
            return Decision.FALSE
        # h = f_D = ½(θ − x̄)ᵀA(θ − x̄) + c: m ≤ λ_min(A), M ≥ λ_max(A)
        return _holds(frac(values["m"]) <= min(s.a) and frac(values["M"]) >= max(s.a) and _sq(s.theta0 - s.minimiser(s.X)) > 0)

    return (H("0 < m", ">", m, 0), H("m ≤ M", "<=", m, M),
            P("h = f_D is m-strongly convex and M-smooth (m ≤ λ_min A, M ≥ λ_max A); θ_0 ∈ Θ, θ_0 ≠ θ*; T ≥ 1", ok))


def _thm213_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Thin anisotropic quadratics A = diag(m, M) on boxes: θ_0 − θ* along an eigenvector (the contraction
    |1 − ηλ| = γ is attained exactly while the projection is inactive), mixed directions, boundary optima
    (the projection active), and far starting corners."""
    out = []
    for (mm, MM), T_, start in itertools.product(((1, 2), (1, 10), (1, 100), (3, 5)), (1, 2, 5),
                                                  ("e1", "e2", "mix", "corner")):
        A = [mm, MM]
        X = [[Fraction(1, 4), Fraction(-1, 4)]]
        th0 = {"e1": [1, Fraction(-1, 4)], "e2": [Fraction(1, 4), 1], "mix": [-1, 1], "corner": [-1, -1]}[start]
        out.append({"A": A, "R": 1, "lo": [-1, -1], "hi": [1, 1], "X": X, "U": [], "theta0": th0, "T": T_,
                    "m": mm, "M": MM})
    for (mm, MM), T_ in itertools.product(((1, 3), (1, 50)), (1, 3)):
        # optimum outside Θ: θ* on the boundary, the projection active at every step
        out.append({"A": [mm, MM], "R": 5, "lo": [-1, -1], "hi": [1, 1], "X": [[3, 3]], "U": [], "theta0": [-1, -1],
                    "T": T_, "m": mm, "M": MM})
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _thm213_build(q: dict) -> dict:
    mm = _q(q["m"])
    MM = mm * _q(q["ratio"])
    a1 = mm + (MM - mm) * _q(q["s1"])
    a2 = mm + (MM - mm) * _q(q["s2"])
    return {"A": [a1, a2], "R": 4, "lo": [-1, -1], "hi": [1, 1], "X": [[_q(q["x1"]), _q(q["x2"])]], "U": [],
            "theta0": [_q(q["t1"]), _q(q["t2"])], "T": max(1, round(q["T"])), "m": mm, "M": MM}


THM213_SEARCH = Adversary("search over 2-d quadratics (curvatures in [m, M], optimum, start, T)", space=Space(
    bounds={"m": (0.1, 3.0), "ratio": (1.01, 100.0), "s1": (0.0, 1.0), "s2": (0.0, 1.0), "x1": (-2.0, 2.0),
            "x2": (-2.0, 2.0), "t1": (-1.0, 1.0), "t2": (-1.0, 1.0), "T": (1.0, 6.0)},
    log=frozenset({"ratio"}), build=_thm213_build))


# =========================================================================== perturbed GD runs (Theorems 3.1, 3.4, 3.5)
CONST_NAMES = ("epsilon", "delta", "L", "M", "m", "n", "d", "D", "I", "xi")
_CLAIMS_BY_ID: dict[str, Claim] = {}


@functools.lru_cache(maxsize=2048)
def _secret_runs(claim_id: str, key: tuple) -> tuple:
    """Rounds 0..k of the secret-state algorithm and of retraining on each D_i, exactly.

    Returns ``(means, retrain_means, datasets, params)``: θ̂_i (Fractions), the retraining's θ̂ on D_i
    (Algorithm 1 from the instance's θ'_0 with T evaluated at n_i), the datasets, and the parameters the
    algorithm used (``theorem_parameters`` of the claim: η, T, T_i, σ rounded up, and m when prescribed)."""
    from ..algorithms.d2d import PerturbedGD, Problem, theorem_parameters

    claim = _CLAIMS_BY_ID[claim_id]
    values = dict(key)
    s = _setup_cached(instance_key(values, SETUP_NAMES))
    consts = {k: v for k, v in values.items() if k in CONST_NAMES}
    params = theorem_parameters(claim, **consts)
    pgd = PerturbedGD.from_theorem(claim, Problem(s.loss, s.domain), theta0=s.theta0, perfect=False, **consts)
    if "m" in claim.prescribed and frac(pgd.problem.reg) == 0:
        raise ArithmeticError("the prescribed regulariser rounded to 0")
    rels = pgd.run(s.X, None, s.updates)
    means = [np.asarray([frac(v) for v in r.law.mean], dtype=object) for r in rels]
    retrain = [None] + [np.asarray([frac(v) for v in pgd.retrain(r).law.mean], dtype=object) for r in rels[1:]]
    datasets = [r.state.X for r in rels]
    reg = frac(pgd.problem.reg)
    return means, retrain, datasets, {**params, "reg": reg}


def _run_key(values: Instance) -> tuple:
    return instance_key(values, SETUP_NAMES + CONST_NAMES)


def _sigma_used(claim: Claim, values: Instance, reg: Fraction) -> arb:
    """The claim's σ as the algorithm uses it: the prescribed expression, with a prescribed regulariser m
    replaced by the value the algorithm runs with (``theorem_parameters`` rounds an irrational m to a float)."""
    if "m" not in claim.prescribed:
        return to_arb(values["sigma"])
    env = {k: v for k, v in values.items() if not isinstance(v, arb)}
    env["m"] = reg
    return arb_eval(claim.prescribed["sigma"], env)


def unlearning_delta(claim_id: str) -> Callable[[Instance], arb]:
    """The true δ at ε between f_publish(R_A(D_{i−1}, u_i, θ̂_{i−1})) = N(θ̂_i, σ²I) and f_publish(A(D_i)) =
    N(μ_i, σ²I), maximised over the rounds i ≥ 1: both means are exact, so δ = δ_BW(ε; σ, max_i ‖θ̂_i − μ_i‖)
    (Balle & Wang 2018, Thm 8; monotone in the shift)."""

    def quantity(values: Instance) -> arb:
        claim = _CLAIMS_BY_ID[claim_id]
        means, retrain, _, params = _secret_runs(claim_id, _run_key(values))
        shift2 = max((_sq(a - b) for a, b in zip(means[1:], retrain[1:])), default=Fraction(0))
        if shift2 == 0:
            return arb(0)
        return delta_enclosure(values["epsilon"], _sigma_used(claim, values, params["reg"]), to_arb(shift2).sqrt())

    return quantity


def _excess_probability(s: Setup, X: np.ndarray, mean: np.ndarray, sigma_: arb, alpha_: arb, reg: Fraction = Fraction(0)) -> arb:
    """P[f_D(θ̂ + Z) − min_Θ f_D > α], Z ~ N(0, σ²I), for the isotropic quadratic f_D = (a/2)‖θ − x̄‖² + c:
    the event is ‖Z + (θ̂ − x̄)‖² > ‖θ* − x̄‖² + 2α/a (θ* = argmin over Θ, exact), a noncentral χ² tail.
    (f is the *unregularised* loss: the accuracy of Definition 2.7 is measured on f_{D_i}.)"""
    a = s.a[0]
    xbar = np.asarray([sum((row[j] for row in X), Fraction(0)) / len(X) for j in range(s.dim)], dtype=object)
    star = s.minimiser(X)
    lam = to_arb(_sq(mean - xbar)) / (sigma_ * sigma_)
    thr = (to_arb(_sq(star - xbar)) + 2 * alpha_ / to_arb(a)) / (sigma_ * sigma_)
    return ncx2_sf(s.dim, lam, thr)


def accuracy_probability(claim_id: str, alpha_expr: sympy.Expr) -> Callable[[Instance], arb]:
    """max over rounds i ≥ 0 of P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] with θ̃_i = θ̂_i + Z_i (θ̂_i exact, secret-state
    algorithm) and α the explicit radius of the proof (Definition 2.7)."""

    def quantity(values: Instance) -> arb:
        claim = _CLAIMS_BY_ID[claim_id]
        means, _, datasets, params = _secret_runs(claim_id, _run_key(values))
        s = setup_of(values)
        sig = _sigma_used(claim, values, params["reg"])
        env = dict(values)
        env["sigma"] = sig
        if "m" in claim.prescribed:
            env["m"] = params["reg"]
        alpha_ = arb_eval(alpha_expr, env)
        worst = arb(0)
        for X, mean in zip(datasets, means):
            worst = worst.max(_excess_probability(s, X, mean, sig, alpha_))
        return worst

    return quantity


def _isotropic(values: Instance) -> Decision:
    a = [frac(v) for v in values["A"]]
    return _holds(all(v == a[0] for v in a))


ISOTROPIC = P("A = aI (isotropic: the accuracy event is a noncentral χ² tail, computed exactly)", _isotropic)


def _pgd_structured(kind: str) -> Callable[[np.random.Generator, int], list[dict]]:
    """Structured instances of perturbed GD.

    * ``thin``: thin anisotropic quadratics A = diag(m, M) on boxes (the contraction γ attained along e_1,
      e_2), data at extreme points ±R, update sequences alternating deletions and additions of opposite
      extreme points (the optimum swings by the full sensitivity each round), Algorithm 1 (and the
      retraining) started at the corner of Θ farthest from the optimum;
    * ``iso``: the same on isotropic quadratics with loose declared constants (m < a ≤ M), including
      optima on the boundary of Θ (data outside Θ) — where ∇f(θ*) ≠ 0;
    * ``1d``: one-dimensional versions (a = m or a = M: ρ = ±γ) — the exactly computable case of Thm 3.2.
    """

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        seqs = {
            1: [[-1, 1]],
            2: [[-1, 1], [1, -1]],
            4: [[-1, 1], [1, -1], [-1, -1], [1, 1]],
        }
        for kk, (eps, dl), I_, r in itertools.product((1, 2, 4), ((Fraction(1, 2), Fraction(1, 10**5)),
                                                                   (Fraction(1), Fraction(1, 100)),
                                                                   (Fraction(4), Fraction(1, 10**8))),
                                                       (1, 2, 4), (Fraction(1, 2), Fraction(1), Fraction(2))):
            U1 = seqs[kk]
            if kind == "thin":
                for (mm, MM) in ((1, 3), (1, 20)):
                    X = [[1, 0], [-1, 0], [0, 1], [0, -1]]
                    U = [[op, z, 0] for op, z in U1]
                    inst = pgd_instance([mm, MM], 1, [-r, -r], [r, r], X, U, [-r, -r], epsilon=eps, delta=dl, I=I_)
                    out.append(inst)
            elif kind == "iso":
                for (a, mm, MM), Rr in itertools.product(((1, Fraction(1, 2), 1), (2, 1, 4)), (1, 3)):
                    X = [[Rr, 0], [Rr, 0], [-1, 0], [0, 1]] if Rr > 1 else [[1, 0], [-1, 0], [0, 1], [0, -1]]
                    U = [[op, z * (Rr if z > 0 else 1), 0] for op, z in U1]
                    if Rr > 1:
                        U = [[-1, -1, 0], [1, Rr, 0], [-1, Rr, 0], [1, -1, 0]][:kk]
                    inst = pgd_instance([a, a], Rr, [-r, -r], [r, r], X, U, [-r, -r], epsilon=eps, delta=dl, I=I_)
                    inst["m"], inst["M"] = Fraction(mm), Fraction(MM)
                    out.append(inst)
            else:
                for (a, mm, MM), Rr in itertools.product(((1, 1, 3), (3, 1, 3), (2, 1, 2)), (1, 3)):
                    X = [[Rr], [Rr], [-1], [1]]
                    U = [[op, z if z < 0 else Rr] for op, z in U1]
                    inst = pgd_instance([a], Rr, [-r], [r], X, U, [-r], epsilon=eps, delta=dl, I=I_)
                    inst["m"], inst["M"] = Fraction(mm), Fraction(MM)
                    out.append(inst)
        if size < len(out):
            out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
        return out

    return generate


def _boundary_structured(dim: int, perfect: bool = False) -> Callable[[np.random.Generator, int], list[dict]]:
    """Optima on the boundary of Θ: every data point at 2e_1 outside Θ = [−1, 1]^d, so θ* = e_1 with
    ∇f(θ*) ≠ 0; many iterations (small σ), few updates; the published noise pointing into Θ then raises
    f_D by about ‖∇f(θ*)‖·‖Z‖ ≫ (M/2)‖Z‖²."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for n0, kk, I_, bt in itertools.product((4, 8), (0, 1, 2), (10, 20, 40),
                                                 (Fraction(1, 20), Fraction(1, 1000))):
            e1 = [2] + [0] * (dim - 1)
            X = [e1] * n0
            U = [[1, *e1], [-1, *e1]][:kk]
            inst = pgd_instance([1] * dim, 2, [-1] * dim, [1] * dim, X, U, [-1] * dim, epsilon=Fraction(1),
                                delta=Fraction(1, 10**5), I=I_, beta=bt)
            inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
            out.append(inst)
        if size < len(out):
            out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
        return out

    return generate


def _means_inside(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable:
    """Keep instances whose datasets' unconstrained optima (the data means) all lie in Θ (where the exact law
    of the perfect variant is the affine chain's, up to an astronomically small P(E^c))."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for inst in gen(rng, 10 * size):
            s = setup_of(inst)
            ok = True
            for X in s.datasets():
                c = [sum((row[j] for row in X), Fraction(0)) / len(X) for j in range(s.dim)]
                ok = ok and all(lo <= v <= hi for lo, v, hi in zip(s.lo, c, s.hi))
            if ok:
                out.append(inst)
        return out[:size]

    return generate


def _pgd_build(dim: int, iso: bool) -> Callable[[dict], dict]:
    def build(q: dict) -> dict:
        a = _q(q["a"])
        ratio = _q(q["ratio"])
        r = _q(q["r"])
        R = _q(q["R"])
        n0 = 4
        pts = []
        for j in range(n0):
            v = [_q(q[f"x{j}"]) * R] + [Fraction(0)] * (dim - 1)
            pts.append(v)
        U = [[-1, *pts[0]], [1, *([-pts[0][0]] + [Fraction(0)] * (dim - 1))]]
        A = [a] * dim if iso else ([a, a * ratio] if dim == 2 else [a])
        inst = pgd_instance(A, R, [-r] * dim, [r] * dim, pts, U, [-r] * dim,
                            epsilon=_q(q["epsilon"], 2**16), delta=Fraction(1, 10 ** max(1, round(q["logdelta"]))),
                            I=max(1, round(q["I"])))
        if iso or dim == 1:
            inst["m"], inst["M"] = a / ratio, a
        return inst

    return build


def pgd_search(dim: int, iso: bool) -> Adversary:
    return Adversary(f"search over {dim}-d {'isotropic' if iso else 'anisotropic'} quadratics, data, ε, δ, I",
                     space=Space(bounds={"a": (0.2, 5.0), "ratio": (1.05, 30.0), "r": (0.3, 3.0), "R": (0.5, 3.0),
                                         "x0": (-1.0, 1.0), "x1": (-1.0, 1.0), "x2": (-1.0, 1.0), "x3": (-1.0, 1.0),
                                         "epsilon": (0.05, 5.0), "logdelta": (1.0, 9.0), "I": (1.0, 6.0)},
                                 log=frozenset({"a", "ratio", "epsilon"}), build=_pgd_build(dim, iso)))


# =========================================================================== Theorem 3.2 (perfect unlearning)
@functools.lru_cache(maxsize=2048)
def _perfect_chain(claim_id: str, key: tuple) -> tuple:
    """The perfect variant in one dimension, exactly: everything but the projections is affine.

    Round 0 publishes θ̃_0 ~ N(θ̂_0, σ²). Round i starts Algorithm 2 at θ̃_{i−1} and runs T_i projected steps on
    f_{D_i} = (a/2)(θ − c_i)² + const; while no projection is active a step is θ ↦ c_i + ρ(θ − c_i), ρ = 1 − ηa,
    so on the event E that every pre-projection iterate lies in Θ the published θ̃_i is Gaussian with an exactly
    computable mean and variance (the *affine chain*). The exact law differs from the affine one only on E^c,
    and P(E^c) ≤ Σ_t P[affine iterate t ∉ Θ] (first exit: up to it the two chains coincide).

    Returns, per round i ≥ 0: (c_i, ρ, T_i, affine mean of θ̂_i (Fraction), coefficient list for the variance,
    retrain mean μ_i (Fraction) or None for i = 0, the dataset). Variances are built later from σ (arb)."""
    from ..algorithms.d2d import Problem, projected_gd

    claim = _CLAIMS_BY_ID[claim_id]
    values = dict(key)
    s = _setup_cached(instance_key(values, SETUP_NAMES))
    if s.dim != 1:
        raise ArithmeticError("the exact perfect-variant law is computed in one dimension")
    env = {k: v for k, v in values.items() if k in CONST_NAMES}
    eta = 2 / (env["M"] + env["m"])
    a = s.a[0]
    rho = 1 - eta * a
    prob = Problem(s.loss, s.domain)
    Ds = s.datasets()

    def retrain(X: np.ndarray) -> Fraction:
        Tn = exact_int(claim.prescribed["T"], {**env, "n": len(X)})
        return frac(projected_gd(prob, X, None, s.theta0, eta=eta, T=Tn)[0])

    rounds = [(None, rho, 0, retrain(Ds[0]), None, Ds[0])]
    mean = rounds[0][3]
    for r, X in enumerate(Ds[1:], start=1):
        c = sum((row[0] for row in X), Fraction(0)) / len(X)
        Ti = exact_int(claim.prescribed["T_i"], {**env, "i": r})
        mean = c + rho**Ti * (mean - c)
        rounds.append((c, rho, Ti, mean, None, X))
        rounds[-1] = (c, rho, Ti, mean, retrain(X), X)
    return rounds


def _perfect_laws(claim_id: str, values: Instance):
    """Yield per round i ≥ 0: (mean_i, q_i, P(E^c) up to round i (arb upper bound), retrain mean μ_i, D_i),
    where the affine published θ̃_i ~ N(mean_i, σ² q_i) (q_i ≥ 1 exact: q_0 = 1, q_i = ρ^{2T_i} q_{i−1} + 1)."""
    rounds = _perfect_chain(claim_id, _run_key(values))
    s = setup_of(values)
    sig = to_arb(values["sigma"])
    lo, hi = s.lo[0], s.hi[0]
    _, rho, _, mean0, _, X0 = rounds[0]
    q, p_out = Fraction(1), arb(0)
    yield mean0, q, p_out, None, X0
    prev_mean = mean0
    for c, rho, Ti, mean_i, mu_i, X in rounds[1:]:
        for t in range(1, Ti + 1):
            mt = c + rho**t * (prev_mean - c)
            qt = rho ** (2 * t) * q
            if qt == 0:
                p_out = p_out + (0 if lo <= mt <= hi else 1)
            else:
                p_out = p_out + gaussian_outside(to_arb(mt), to_arb(qt) * sig * sig, lo, hi)
        q = rho ** (2 * Ti) * q + 1
        prev_mean = mean_i
        yield mean_i, q, p_out, mu_i, X


def perfect_delta(claim_id: str) -> Callable[[Instance], arb]:
    """The true δ at ε between the perfect variant's published θ̃_i (Algorithm 2 started at θ̃_{i−1}, a law
    averaged over all earlier noise) and f_publish(A(D_i)) = N(μ_i, σ²), max over rounds i ≥ 1 and both
    directions of Definition 2.3: the exact 1-d hockey-stick divergence of the affine chain's Gaussian against
    N(μ_i, σ²), widened by ± P(E^c) (|P(S) − P_aff(S)| ≤ P(E^c) for every S), which is astronomically small
    on these instances. An enclosure of the true δ."""

    def quantity(values: Instance) -> arb:
        eps = to_arb(values["epsilon"])
        sig = to_arb(values["sigma"])
        worst = arb(0)
        for mean_i, q, p_out, mu_i, _ in _perfect_laws(claim_id, values):
            if mu_i is None:
                continue
            mi, mu = to_arb(mean_i) / sig, to_arb(mu_i) / sig
            h = hockey_1d(eps, mi, q, mu, Fraction(1)).max(hockey_1d(eps, mu, Fraction(1), mi, q))
            worst = worst.max(clamp01(h + arb(0, p_out.upper())))
        return worst

    return quantity


def perfect_accuracy(claim_id: str, alpha_expr: sympy.Expr) -> Callable[[Instance], arb]:
    """max over rounds i ≥ 0 of P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] for the perfect variant (one dimension):
    with f = (a/2)(θ − c)² + const and θ* = clip(c), the event is |θ̃_i − c| > √((θ* − c)² + 2α/a); the law of
    θ̃_i is the affine chain's Gaussian, ± P(E^c)."""

    def quantity(values: Instance) -> arb:
        s = setup_of(values)
        a = to_arb(s.a[0])
        alpha_ = arb_eval(alpha_expr, values)
        worst = arb(0)
        sig = to_arb(values["sigma"])
        for mean_i, q, p_out, _, X in _perfect_laws(claim_id, values):
            var = to_arb(q) * sig * sig
            c = sum((row[0] for row in X), Fraction(0)) / len(X)
            star = min(max(c, s.lo[0]), s.hi[0])
            rad = (to_arb((star - c) ** 2) + 2 * alpha_ / a).sqrt()
            r2 = arb(2).sqrt()
            sd = var.sqrt()
            mi = to_arb(mean_i)
            cc = to_arb(c)
            prob = (erfc_ball((cc + rad - mi) / (r2 * sd)) + erfc_ball((mi - (cc - rad)) / (r2 * sd))) / 2
            worst = worst.max(clamp01(prob + arb(0, p_out.upper())))
        return worst

    return quantity


def _i_min_32(expr: sympy.Expr) -> Callable[[Instance], Decision]:
    def ok(values: Instance) -> Decision:
        env = {k: frac(values[k]) for k in ("M", "m", "d", "delta", "epsilon")}
        return _ge(frac(values["I"]), lambda: arb_eval(expr, env))

    return ok


ONE_D = P("d = 1 (the perfect variant's exact law is computed in one dimension)",
          lambda v: _holds(len(v["A"]) == 1 and frac(v["d"]) == 1))


# =========================================================================== the claims, Sections 2–3
_PGD_HYPS = (EPS_POS, *DELTA_RANGE, *SC_HYPS, *pgd_hypotheses())
_ACC_HYPS = (*_PGD_HYPS, H("β > 0", ">", beta, 0), H("β < 1", "<", beta, 1), ISOTROPIC)
_THIN = Adversary("thin anisotropic quadratics, extreme points, alternating deletions/additions, far start",
                  generate=_pgd_structured("thin"))
_ISO = Adversary("isotropic quadratics with loose constants, optima inside and on the boundary of Θ",
                 generate=_pgd_structured("iso"))
_ONE = Adversary("one-dimensional quadratics with a = m or a = M (ρ = ±γ), extreme points, swings",
                 generate=_pgd_structured("1d"))


def _with_beta(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable[[np.random.Generator, int], list[dict]]:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for j, inst in enumerate(gen(rng, size)):
            inst = dict(inst)
            inst["beta"] = (Fraction(1, 20), Fraction(1, 1000), Fraction(1, 2))[j % 3]
            out.append(inst)
        return out

    return generate


def _search_with_beta(adv: Adversary) -> Adversary:
    sp = adv.space
    bounds = dict(sp.bounds)
    bounds["beta"] = (1e-4, 0.5)

    def build(q: dict) -> dict:
        inst = sp.build({k: v for k, v in q.items() if k != "beta"})
        inst["beta"] = _q(q["beta"], 2**20) or Fraction(1, 2**20)
        return inst

    return Adversary(adv.name + ", β", space=Space(bounds=bounds, log=sp.log | {"beta"}, build=build))


CLAIMS_23 = [
    Claim(
        id="d2d.lem2.12",
        source="Lemma 2.12 (line 153; proof Appendix B, lines 496–536)",
        kind=Kind.SENSITIVITY,
        statement="f_z L-Lipschitz and m-strongly convex ⇒ ‖θ*_D − θ*_{D∘u}‖₂ ≤ 2L/(mn) for |D| = n and any update u",
        hypotheses=(*pgd_hypotheses(("L", "m")), P("a single update", _one_update)),
        bound=SENSITIVITY_212,
        quantity=_sensitivity,
        adversaries=(Adversary("extreme points ±R, Θ = [−r, r], 2-d thin quadratics", generate=_lem212_structured),
                     LEM212_SEARCH),
        derivation="d2d.lem2.12",
        note="Quantity: the exact distance of the two exact rational minimisers (problems.minimize on the box).",
    ),
    Claim(
        id="d2d.lem2.12:control-bound-quartered",
        source="negative control: Lemma 2.12 with its bound divided by 4",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖θ*_D − θ*_{D∘u}‖₂ ≤ L/(2mn)",
        hypotheses=(*pgd_hypotheses(("L", "m")), P("a single update", _one_update)),
        bound=SENSITIVITY_212 / 4,
        quantity=_sensitivity,
        adversaries=(Adversary("extreme points ±R, Θ = [−r, r], 2-d thin quadratics", generate=_lem212_structured),
                     LEM212_SEARCH),
        control=Control.NEGATIVE,
        note="The printed bound is attained up to its factor-2 slack (tightness 1/2 at n = 2, r = R), so a bound "
             "divided by 2 is met with equality; divided by 4 it must be violated.",
    ),
    Claim(
        id="d2d.thm2.13",
        source="Theorem 2.13 (line 165; cited from [Che19])",
        kind=Kind.CONTRACTION,
        statement="h m-strongly convex and M-smooth: T steps of projected GD with η = 2/(m+M) give "
                  "‖θ_T − θ*‖₂ ≤ ((M−m)/(M+m))^T ‖θ_0 − θ*‖₂",
        hypotheses=_thm213_hyps(),
        bound=CONTRACTION_213,
        quantity=_contraction,
        adversaries=(Adversary("thin anisotropic quadratics diag(m, M) on boxes, eigen-directions, boundary optima",
                               generate=_thm213_structured), THM213_SEARCH),
        derivation="d2d.thm2.13",
        note="Quantity: ‖θ_T − θ*‖/‖θ_0 − θ*‖ exactly (Fractions); attained (ratio 1) along an eigenvector of the "
             "extreme curvature while the projection is inactive.",
    ),
]


def _with_min_I(gen: Callable[[np.random.Generator, int], list[dict]], expr: sympy.Expr) -> Callable:
    """Raise each instance's I to the theorem's lower bound ⌈I_min⌉ (+0 or +3), so it lies in the hypotheses."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for j, inst in enumerate(gen(rng, size)):
            inst = dict(inst)
            env = {k: frac(inst[k]) for k in ("M", "m", "d", "delta", "epsilon")}
            inst["I"] = max(frac(inst["I"]) if frac(inst["I"]) >= 10 else 0, exact_int(expr, env) + (0, 3)[j % 2])
            out.append(inst)
        return out

    return generate


def _search_min_I(adv: Adversary, expr: sympy.Expr) -> Adversary:
    sp = adv.space

    def build(q: dict) -> dict:
        inst = sp.build(q)
        env = {k: frac(inst[k]) for k in ("M", "m", "d", "delta", "epsilon")}
        inst["I"] = exact_int(expr, env) + max(0, round(q["I"]) - 1)
        return inst

    return Adversary(adv.name + " (I from its lower bound up)", space=Space(sp.bounds, sp.log, sp.fixed, build))


_TARGET_31 = "(ε, δ)-indistinguishable: the true δ at ε of N(θ̂_i, σ²I) vs N(μ_i, σ²I), max over rounds, ≤ δ"

CLAIMS_3 = [
    Claim(
        id="d2d.thm3.1",
        source="Theorem 3.1, unlearning (lines 200–209; proof lines 211–240)",
        kind=Kind.UNLEARNING,
        statement="m-SC, L-Lipschitz, M-smooth f_z; η = 2/(M+m), T ≥ I + log(Dmn/2L)/log(1/γ), T_i = I, "
                  "σ = 4√2Lγ^I/(mn(1−γ^I)(√(log(1/δ)+ε) − √log(1/δ))): R_A is a strong (ε, δ)-unlearning "
                  "algorithm (secret state θ̂_{i−1})",
        hypotheses=_PGD_HYPS,
        bound=delta,
        prescribed=PRESCRIBED_31,
        quantity=unlearning_delta("d2d.thm3.1"),
        adversaries=(_THIN, _ONE, pgd_search(2, False)),
        derivation="d2d.thm3.1",
        note=_TARGET_31 + ". Means exact (Fractions) from certunlearn.algorithms.d2d.PerturbedGD.from_theorem.",
    ),
    Claim(
        id="d2d.thm3.1:accuracy",
        source="Theorem 3.1, accuracy (lines 205–209; proof lines 242–254)",
        kind=Kind.ACCURACY,
        statement="(α, β)-accuracy with the proof's explicit α = (M/2)(4Lγ^I/(mn(1−γ^I)) + σ√(2d)log(2d/β))² "
                  "(the bound behind the printed O(ML²γ^{2I}d log(1/δ)log²(d/β)/((1−γ^I)²m²ε²n²)))",
        hypotheses=_ACC_HYPS,
        bound=beta,
        prescribed=PRESCRIBED_31,
        quantity=accuracy_probability("d2d.thm3.1:accuracy", ALPHA_31),
        adversaries=(Adversary("isotropic quadratics, optima inside and on the boundary, β ∈ {1/20, 10⁻³, 1/2}",
                               generate=_with_beta(_pgd_structured("iso"))),
                     Adversary("optima on the boundary of Θ (∇f(θ*) ≠ 0), many iterations", generate=_boundary_structured(2)),
                     _search_with_beta(pgd_search(1, True))),
        derivation="d2d.thm3.1:accuracy",
        note="Quantity: max_i P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α], an exact noncentral χ² tail. The proof's last "
             "step f(θ̃) − f(θ*) ≤ (M/2)‖θ̃ − θ*‖² needs ∇f(θ*) = 0, false when θ* is on the boundary of Θ.",
    ),
    Claim(
        id="d2d.thm3.1:accuracy+fix",
        source="Theorem 3.1, accuracy, corrected (the smoothness step of line 254 keeps ∇f(θ*)ᵀ(θ̃ − θ*))",
        kind=Kind.ACCURACY,
        statement="(α, β)-accuracy with α = Lρ + (M/2)ρ², ρ = 4Lγ^I/(mn(1−γ^I)) + σ√(2d)log(2d/β)",
        hypotheses=_ACC_HYPS,
        bound=beta,
        prescribed=PRESCRIBED_31,
        quantity=accuracy_probability("d2d.thm3.1:accuracy+fix", ALPHA_31_FIX),
        adversaries=(Adversary("isotropic quadratics, optima inside and on the boundary, β ∈ {1/20, 10⁻³, 1/2}",
                               generate=_with_beta(_pgd_structured("iso"))),
                     Adversary("optima on the boundary of Θ (∇f(θ*) ≠ 0), many iterations", generate=_boundary_structured(2)),
                     _search_with_beta(pgd_search(1, True))),
        derivation="d2d.thm3.1:accuracy+fix",
        corrects="d2d.thm3.1:accuracy",
        note="Corrects the last step of the accuracy proof: by M-smoothness f(θ̃) − f(θ*) ≤ ∇f(θ*)ᵀ(θ̃ − θ*) + "
             "(M/2)‖θ̃ − θ*‖², and ∇f(θ*) = 0 only for an interior optimum; ‖∇f_D(θ*)‖ ≤ L keeps the term.",
    ),
    Claim(
        id="d2d.thm3.2",
        source="Theorem 3.2, perfect unlearning (lines 256–265; proof Appendix D, lines 557–599)",
        kind=Kind.UNLEARNING,
        statement="m-SC, L-Lipschitz, M-smooth f_z; θ_i = θ̃_{i−1}, T_i = I + log(log(4di/δ))/log(1/γ), "
                  "I ≥ log(√(2d)(1−γ)⁻¹/(√(2log(2/δ)+ε) − √(2log(2/δ))))/log(1/γ), "
                  "σ = 8Lγ^I(1−γ^I)⁻¹/(mn(√(2log(2/δ)+3ε) − √(2log(2/δ)+2ε))): strong (ε, δ)-perfect unlearning",
        hypotheses=(*_PGD_HYPS, ONE_D, P("I ≥ the printed lower bound", _i_min_32(I_MIN_32))),
        bound=delta,
        prescribed=PRESCRIBED_32,
        quantity=perfect_delta("d2d.thm3.2"),
        adversaries=(Adversary("one-dimensional quadratics, extreme points, swings, I at its lower bound",
                               generate=_means_inside(_with_min_I(_pgd_structured("1d"), I_MIN_32))),
                     _search_min_I(pgd_search(1, False), I_MIN_32)),
        derivation="d2d.thm3.2",
        note="Quantity: the exact δ (both directions) between the perfect variant's published law — Gaussian on "
             "the event that no projection acts, whose complement's probability widens the enclosure — and "
             "retraining's N(μ_i, σ²).",
    ),
    Claim(
        id="d2d.thm3.2+fix",
        source="Theorem 3.2, corrected σ and I (the Lemma A.3 step of line 591 fails for the printed ones)",
        kind=Kind.UNLEARNING,
        statement="as Theorem 3.2 with G = √(2log(2/δ)+2ε) − √(2log(2/δ)), σ = 16Lγ^I/((1−γ^I)mnG) and "
                  "I ≥ log(4√(2d)/((1−γ)G))/log(1/γ)",
        hypotheses=(*_PGD_HYPS, ONE_D, P("I ≥ the corrected lower bound", _i_min_32(I_MIN_32_FIX))),
        bound=delta,
        prescribed=PRESCRIBED_32_FIX,
        quantity=perfect_delta("d2d.thm3.2+fix"),
        adversaries=(Adversary("one-dimensional quadratics, extreme points, swings, I at its lower bound",
                               generate=_means_inside(_with_min_I(_pgd_structured("1d"), I_MIN_32_FIX))),
                     _search_min_I(pgd_search(1, False), I_MIN_32_FIX)),
        derivation="d2d.thm3.2+fix",
        corrects="d2d.thm3.2",
        note="The printed proof needs Δ/σ ≤ √(2log(2/δ)+2ε) − √(2log(2/δ)) for Lemma A.3 at δ/2; the printed σ "
             "and I only give Δ/σ ≤ (√(L+3ε) − √(L+2ε)) + 2(√(L+ε) − √L) (L = 2log(2/δ)), which exceeds it by "
             "concavity of √. The fix gives each of the two terms of Δ/σ half of the budget.",
    ),
    Claim(
        id="d2d.thm3.2:accuracy",
        source="Theorem 3.2, accuracy (lines 263–265; proof lines 601–612)",
        kind=Kind.ACCURACY,
        statement="(α, β + δ)-accuracy with the proof's explicit α = (M/2)(γ^I/(1−γ^I)(4L/(mn) + σ√(2d)) + "
                  "σ√(2d)log(2d/β))²",
        hypotheses=(*_PGD_HYPS, ONE_D, P("I ≥ the printed lower bound", _i_min_32(I_MIN_32)),
                    H("β > 0", ">", beta, 0), H("β < 1", "<", beta, 1)),
        bound=beta + delta,
        prescribed=PRESCRIBED_32,
        quantity=perfect_accuracy("d2d.thm3.2:accuracy", ALPHA_32),
        adversaries=(Adversary("one-dimensional quadratics, optima inside Θ",
                               generate=_with_beta(_means_inside(_with_min_I(_pgd_structured("1d"), I_MIN_32)))),
                     Adversary("optima on the boundary of Θ (∇f(θ*) ≠ 0), many iterations (round 0 exact)",
                               generate=_with_min_I(_boundary_structured(1, True), I_MIN_32)),
                     _search_with_beta(_search_min_I(pgd_search(1, False), I_MIN_32))),
        derivation="d2d.thm3.2:accuracy",
    ),
    Claim(
        id="d2d.thm3.2:accuracy+fix",
        source="Theorem 3.2, accuracy, corrected (the smoothness step of line 612 keeps ∇f(θ*)ᵀ(θ̃ − θ*))",
        kind=Kind.ACCURACY,
        statement="(α, β + δ)-accuracy with α = Lρ + (M/2)ρ², ρ = γ^I/(1−γ^I)(4L/(mn) + σ√(2d)) + σ√(2d)log(2d/β)",
        hypotheses=(*_PGD_HYPS, ONE_D, P("I ≥ the printed lower bound", _i_min_32(I_MIN_32)),
                    H("β > 0", ">", beta, 0), H("β < 1", "<", beta, 1)),
        bound=beta + delta,
        prescribed=PRESCRIBED_32,
        quantity=perfect_accuracy("d2d.thm3.2:accuracy+fix", ALPHA_32_FIX),
        adversaries=(Adversary("one-dimensional quadratics, optima inside Θ",
                               generate=_with_beta(_means_inside(_with_min_I(_pgd_structured("1d"), I_MIN_32)))),
                     Adversary("optima on the boundary of Θ (∇f(θ*) ≠ 0), many iterations (round 0 exact)",
                               generate=_with_min_I(_boundary_structured(1, True), I_MIN_32)),
                     _search_with_beta(_search_min_I(pgd_search(1, False), I_MIN_32))),
        derivation="d2d.thm3.2:accuracy+fix",
        corrects="d2d.thm3.2:accuracy",
    ),
]

CLAIMS = tuple(CLAIMS_23 + CLAIMS_3)
_CLAIMS_BY_ID.update({c.id: c for c in CLAIMS})


# =========================================================================== Appendix A (probabilistic tools with constants)
def _tail_a2(values: Instance) -> arb:
    """P[‖Z‖ ≥ σ√(2d)log(2d/β)] for Z ~ N(0, σ²I_d), exactly: σ cancels, the probability is the χ²_d tail
    Q(d/2, d·log²(2d/β)) (regularised upper incomplete gamma, arb); 1 where the threshold is ≤ 0."""
    dd, bt = int(frac(values["d"])), to_arb(values["beta"])
    t = (2 * dd / bt).log()
    if t <= 0:
        return arb(1)
    if not t > 0:
        return arb(0).union(arb(1))
    return (dd * t * t).gamma_upper(arb(dd) / 2, regularized=1)


def _a2_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Dimensions 1–50 and β from 1e-12 to beyond 2d/e (where log(2d/β) < 1 and the union-bound proof breaks)."""
    betas = ("1e-12", "1e-3", "0.05", "0.3", "0.7", "0.735", "0.9", "1", "1.5", "5")
    out = [{"d": dd, "beta": Fraction(b)} for dd in (1, 2, 3, 5, 10, 50) for b in betas]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _true_delta_a3(values: Instance) -> arb:
    """The true δ at ε = Δ²/(2σ²) + (Δ/σ)√(2 log(1/δ)) of N(μ, σ²I) vs N(μ', σ²I), ‖μ − μ'‖ = Δ (Balle & Wang)."""
    return delta_enclosure(values["epsilon"], values["sigma"], values["Delta"])


def _a3_structured(rng: np.random.Generator, size: int) -> list[dict]:
    out = [{"Delta": Fraction(D_), "sigma": Fraction(s_), "delta": Fraction(d_)}
           for D_ in ("0.01", "1", "10") for s_ in ("0.1", "1", "30") for d_ in ("1e-30", "1e-5", "0.01", "0.3", "0.9")]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _binomial_tail(values: Instance) -> arb:
    """P[X ≥ (1 + δ')Np] for X ~ Binomial(N, p), exactly (a Fraction: the threshold's ceiling decided exactly)."""
    return to_arb(_binomial_tail_exact(frac(values["N"]), frac(values["p"]), frac(values["delta_p"])))


@functools.lru_cache(maxsize=4096)
def _binomial_tail_exact(NN: Fraction, pp: Fraction, dp: Fraction) -> Fraction:
    NN = int(NN)
    k0 = math.ceil((1 + dp) * NN * pp)
    return sum((Fraction(math.comb(NN, kk)) * pp**kk * (1 - pp) ** (NN - kk) for kk in range(max(k0, 0), NN + 1)),
               Fraction(0))


def _a5_structured(rng: np.random.Generator, size: int) -> list[dict]:
    out = [{"N": NN, "p": Fraction(p_), "delta_p": Fraction(d_)}
           for NN in (1, 2, 5, 20, 100) for p_ in ("0.01", "0.1", "0.5", "0.9")
           for d_ in ("0", "0.01", "0.1", "0.5", "1", "3", "10")]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _a5_build(q: dict) -> dict:
    return {"N": max(1, round(q["N"])), "p": _q(q["p"], 2**16) or Fraction(1, 2**16), "delta_p": _q(q["dp"], 2**12)}


CLAIMS_A = [
    Claim(
        id="d2d.lemA.2",
        source="Lemma A.2 (line 476; used in the proofs of Theorems 3.1, 3.2, 3.5, 4.5)",
        kind=Kind.INEQUALITY,
        statement="Z ~ N(0, σ²I_d): P[‖Z‖₂ ≥ σ√(2d)log(2d/β)] ≤ β for any β > 0",
        hypotheses=(H("β > 0", ">", beta, 0), P("d is a positive integer", lambda v: _holds(is_int(v["d"]) and frac(v["d"]) >= 1))),
        bound=beta,
        quantity=_tail_a2,
        adversaries=(Adversary("dimensions 1–50, β up to beyond 2d/e", generate=_a2_structured),
                     Adversary("search over (d, β)", space=Space(
                         {"d": (1.0, 60.0), "beta": (1e-12, 10.0)}, log=frozenset({"beta"}),
                         build=lambda q: {"d": max(1, round(q["d"])), "beta": _q(q["beta"], 2**40) or Fraction(1, 2**40)}))),
        derivation="d2d.lemA.2",
        note="Quantity: the exact χ²_d tail (σ cancels).",
    ),
    Claim(
        id="d2d.lemA.3",
        source="Lemma A.3 (line 480; Bun & Steinke 2016)",
        kind=Kind.PRIVACY,
        statement="‖μ − μ'‖ ≤ Δ: N(μ, σ²I) and N(μ', σ²I) are (Δ²/(2σ²) + (Δ/σ)√(2log(1/δ)), δ)-indistinguishable",
        hypotheses=DELTA_RANGE,
        bound=delta,
        prescribed={"epsilon": EPS_A3},
        quantity=_true_delta_a3,
        adversaries=(Adversary("shifts, noise levels and δ from 1e-30 to 0.9", generate=_a3_structured),
                     Adversary("search over (Δ, σ, δ)", space=Space(
                         {"Delta": (1e-3, 100.0), "sigma": (1e-3, 100.0), "delta": (1e-30, 0.95)},
                         log=frozenset({"Delta", "sigma", "delta"})))),
        derivation="d2d.lemA.3",
        note="Quantity: the exact δ at the lemma's ε (Balle & Wang 2018, Thm 8). The same calibration is "
             "gaussian.zcdp solved for σ.",
    ),
    Claim(
        id="d2d.lemA.5",
        source="Lemma A.5 (line 492; used in the proof of Lemma 4.3)",
        kind=Kind.INEQUALITY,
        statement="X ~ Binomial(N, p), μ = Np: P[X ≥ (1 + δ')μ] ≤ exp(−μδ'²/(2 + δ')) for every δ' ≥ 0",
        hypotheses=(H("0 < p", ">", p, 0), H("p ≤ 1", "<=", p, 1),
                    P("N a positive integer, δ' ≥ 0", lambda v: _holds(is_int(v["N"]) and frac(v["N"]) >= 1 and frac(v["delta_p"]) >= 0))),
        bound=CHERNOFF_A5,
        quantity=_binomial_tail,
        adversaries=(Adversary("N up to 100, p from 0.01 to 0.9, δ' from 0 to 10", generate=_a5_structured),
                     Adversary("search over (N, p, δ')", space=Space(
                         {"N": (1.0, 200.0), "p": (1e-3, 1.0), "dp": (0.0, 20.0)}, log=frozenset({"p"}),
                         build=_a5_build))),
        derivation="d2d.lemA.5",
        note="Quantity: the exact binomial tail (Fractions).",
    ),
]

CLAIMS = tuple(CLAIMS_23 + CLAIMS_3 + CLAIMS_A)
_CLAIMS_BY_ID.update({c.id: c for c in CLAIMS})
