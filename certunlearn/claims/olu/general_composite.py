"""Strongly convex losses without a closed-form comparator, at k = 0 (issue 23: Theorem 2 lines 185–193, Corollary 7
lines 659–670, Theorem 6's regret lines 270–274; paper file ``papers/000_8245766a2c9b0ba6.txt``).

**Loss** (``loss`` 3 of :mod:`.general`, ``COMPOSITE_LOSS``): f_t(z) = ½(z − x_t)ᵀQ_t(z − x_t) + a_t·φ(⟨v_t, z⟩ − o_t)
with a full symmetric Hessian Q_t and a centre x_t per round (anywhere), a weight a_t ≥ 0, a direction v_t and an
offset o_t; φ is the logistic log(1 + e^s) (``phi`` 1: φ' ∈ (0, 1), φ'' ≤ 1/4) or the Huber function hub_δ (``phi``
2: φ' = clip(s/δ, −1, 1), φ'' ≤ 1/δ). With v_t off the axes neither is separable; on a ball or a box in d ≥ 2.

**Constants, verified on the instance**: μ-strong convexity — Q_t − μI is positive semidefinite (every principal
minor ≥ 0, exact rationals; φ is convex); β-smoothness — (β − a_t c_φ‖v_t‖²)I − Q_t is positive semidefinite
(c_φ = 1/4 or 1/δ, exact); L-Lipschitz on K — sup_K ‖∇f_t‖ ≤ λ̄(Q_t)(R_K + ‖x_t‖) + a_t‖v_t‖ ≤ L with λ̄ the smaller
of the largest absolute row sum and the Frobenius norm (≥ λ_max) and R_K = sup_K ‖z‖, decided on enclosures (an
upper bound: it decides TRUE, or leaves the hypothesis undecided — never FALSE).

**Regret** (:func:`composite_regret`): projected OGD on arb balls, Σ_t f_t(w_{t−1}), minus min_K Σ_t f_t enclosed by
:func:`certunlearn.problems.min_enclosure.min_enclosure` (the gradient-mapping certificate, m = Tμ, M = Tβ) from a
point refined first in floats (the floats only propose it; the certificate decides its width).
"""
from __future__ import annotations

import itertools
import math
from typing import Any

from flint import arb

from ...algorithms.olu import printed as Pr
from ...numeric.enclosure import Decision, int_power, to_arb
from ...numeric.fraction import Fraction
from ...problems.min_enclosure import min_enclosure
from ..instances import frac

__all__ = ["LOGISTIC", "HUBER", "psd", "lipschitz_decision", "curvature_ok", "shape_ok", "composite_sum", "composite_regret",
           "composite_minimum"]

LOGISTIC, HUBER = 1, 2


def _rows(values, key: str) -> list[list[Fraction]]:
    return [[frac(x) for x in r] for r in values[key]]


def _matrices(values) -> list[list[list[Fraction]]]:
    return [[[frac(x) for x in r] for r in q] for q in values["Q"]]


# ---------------------------------------------------------------------------------------------- exact checks
def shape_ok(values, d: int) -> bool:
    """The composite rows are well formed: a d×d matrix, a direction, an offset and a weight ≥ 0 per round; φ known."""
    T = len(values["X"])
    try:
        Q, V = _matrices(values), _rows(values, "V")
        kind, A, off = int(frac(values["phi"])), [frac(a) for a in values["A"]], [frac(o) for o in values["off"]]
    except (KeyError, TypeError, ValueError):
        return False
    return (len(Q) == T == len(V) == len(A) == len(off) and all(len(q) == d and all(len(r) == d for r in q) for q in Q)
            and all(len(v) == d for v in V) and all(a >= 0 for a in A) and kind in (LOGISTIC, HUBER)
            and (kind == LOGISTIC or frac(values["delta"]) > 0))


def _det(M: list[list[Fraction]]) -> Fraction:
    """Determinant by exact elimination."""
    A = [list(r) for r in M]
    n, det = len(A), Fraction(1)
    for i in range(n):
        p = next((r for r in range(i, n) if A[r][i] != 0), None)
        if p is None:
            return Fraction(0)
        if p != i:
            A[i], A[p] = A[p], A[i]
            det = -det
        det *= A[i][i]
        for r in range(i + 1, n):
            f = A[r][i] / A[i][i]
            A[r] = [a - f * b for a, b in zip(A[r], A[i])]
    return det


def psd(M: list[list[Fraction]]) -> bool:
    """M symmetric and positive semidefinite, exactly: every principal minor ≥ 0."""
    n = len(M)
    if any(M[i][j] != M[j][i] for i in range(n) for j in range(n)):
        return False
    return all(_det([[M[i][j] for j in S] for i in S]) >= 0
               for k in range(1, n + 1) for S in itertools.combinations(range(n), k))


def _shift(Q, s: Fraction, sign: int) -> list[list[Fraction]]:
    """sign·(Q − sI)."""
    return [[sign * (q - (s if i == j else 0)) for j, q in enumerate(r)] for i, r in enumerate(Q)]


def _c_phi(values) -> Fraction:
    return Fraction(1, 4) if int(frac(values["phi"])) == LOGISTIC else 1 / frac(values["delta"])


def curvature_ok(values, lo: Fraction) -> bool:
    """Every f_t lo-strongly convex and β-smooth (module docstring), exactly."""
    beta, c = frac(values["beta"]), _c_phi(values)
    for Q, v, a in zip(_matrices(values), _rows(values, "V"), values["A"]):
        top = beta - frac(a) * c * sum((x * x for x in v), Fraction(0))
        if not (psd(_shift(Q, lo, 1)) and psd(_shift(Q, top, -1))):
            return False
    return True


def _radius_k(values) -> arb:
    d = len(values["z1"])
    if int(frac(values["K"])) == 0:
        return to_arb(values["D"]) / 2
    return to_arb(frac(values["b"]) ** 2 * d).sqrt()


def lipschitz_decision(values) -> Decision:
    """sup_K ‖∇f_t‖ ≤ L for every t via the upper bound of the module docstring: TRUE when it decides, else UNDECIDED."""
    L, R = to_arb(values["L"]), _radius_k(values)
    for Q, x, v, a in zip(_matrices(values), _rows(values, "X"), _rows(values, "V"), values["A"]):
        row = max(sum((abs(q) for q in r), Fraction(0)) for r in Q)
        lam = to_arb(row).min(to_arb(sum((q * q for r in Q for q in r), Fraction(0))).sqrt())
        up = lam * (R + to_arb(sum((c * c for c in x), Fraction(0))).sqrt()) \
            + to_arb(frac(a)) * to_arb(sum((c * c for c in v), Fraction(0))).sqrt()
        if not up <= L:
            return Decision.UNDECIDED
    return Decision.TRUE


# ---------------------------------------------------------------------------------------------- the losses
def _phi(s: Any, kind: int, delta: Any) -> Any:
    if kind == LOGISTIC:
        return (1 + s.exp()).log() if isinstance(s, arb) else math.log1p(math.exp(s)) if s < 30 else s + math.exp(-s)
    a = abs(s)  # hub_δ(s) = min(|s|, δ)²/(2δ) + max(|s| − δ, 0), rigorous on balls straddling ±δ
    if isinstance(s, arb):
        return int_power(a.min(delta), 2) / (2 * delta) + (a - delta).max(arb(0))
    return min(a, delta) ** 2 / (2 * delta) + max(a - delta, 0.0)


def _dphi(s: Any, kind: int, delta: Any) -> Any:
    if kind == LOGISTIC:
        return 1 / (1 + (-s).exp()) if isinstance(s, arb) else 1 / (1 + math.exp(-s))
    if isinstance(s, arb):
        return (s / delta).min(arb(1)).max(arb(-1))
    return max(-1.0, min(1.0, s / delta))


class _Round:
    """f_t in one scalar type (arb for the decisions, float for proposing the comparator's point)."""

    def __init__(self, Q, x, v, o, a, kind: int, delta, conv) -> None:
        self.Q = [[conv(q) for q in r] for r in Q]
        self.x, self.v = [conv(c) for c in x], [conv(c) for c in v]
        self.o, self.a, self.kind, self.delta = conv(o), conv(a), kind, conv(delta)

    def value(self, z) -> Any:
        r = [zk - xk for zk, xk in zip(z, self.x)]
        quad = sum((ri * qij * rj for ri, row in zip(r, self.Q) for qij, rj in zip(row, r)), 0 * r[0]) / 2
        s = sum((vk * zk for vk, zk in zip(self.v, z)), 0 * r[0]) - self.o
        return quad + self.a * _phi(s, self.kind, self.delta)

    def grad(self, z) -> list:
        r = [zk - xk for zk, xk in zip(z, self.x)]
        s = sum((vk * zk for vk, zk in zip(self.v, z)), 0 * r[0]) - self.o
        p = self.a * _dphi(s, self.kind, self.delta)
        return [sum((q * rj for q, rj in zip(row, r)), 0 * r[0]) + p * vk for row, vk in zip(self.Q, self.v)]


def _rounds(values, conv) -> list[_Round]:
    kind = int(frac(values["phi"]))
    delta = frac(values["delta"]) if kind == HUBER else Fraction(1)
    return [_Round(Q, x, v, frac(o), frac(a), kind, delta, conv)
            for Q, x, v, o, a in zip(_matrices(values), _rows(values, "X"), _rows(values, "V"), values["off"], values["A"])]


def _float_set(values) -> Pr.Ball | Pr.Box:
    d = len(values["z1"])
    if int(frac(values["K"])) == 0:
        return Pr.Ball(tuple(0.0 for _ in range(d)), float(frac(values["D"])) / 2)
    b = float(frac(values["b"]))
    return Pr.Box(tuple(-b for _ in range(d)), tuple(b for _ in range(d)))


def _propose(values, m: float, M: float) -> list[float]:
    """A float point near argmin_K Σ f_t (accelerated projected gradient): only a proposal, certified afterwards."""
    fs, K = _rounds(values, float), _float_set(values)
    q = (math.sqrt(M / m) - 1) / (math.sqrt(M / m) + 1)
    x = [float(frac(z)) for z in values["z1"]]
    y = list(x)
    for _ in range(int(60 * math.sqrt(M / m)) + 50):
        g = [sum(c) for c in zip(*(f.grad(y) for f in fs))]
        xn = [float(c) for c in K.project([a - gk / M for a, gk in zip(y, g)])]
        y = [a + q * (a - b) for a, b in zip(xn, x)]
        done = max(abs(a - b) for a, b in zip(xn, x)) <= 1e-15 * (1 + max(abs(a) for a in xn))
        x = xn
        if done:
            break
    return x


def composite_sum(values):
    """(F, ∇F) of F = Σ_t f_t on lists of arb balls."""
    fs = _rounds(values, to_arb)
    F = lambda z: sum((f.value(z) for f in fs), arb(0))
    grad = lambda z: [sum(c, arb(0)) for c in zip(*(f.grad(z) for f in fs))]
    return F, grad


def composite_minimum(values, K) -> arb:
    """min_K Σ_t f_t, enclosed (module docstring); ``K`` the arb set of :mod:`.general`."""
    T, mu_, beta_ = len(values["X"]), frac(values["mu"]), frac(values["beta"])
    if not curvature_ok(values, mu_):  # m = Tμ and M = Tβ must hold for the certificate
        raise ValueError("a composite loss breaks its declared μ or β: the comparator's certificate needs them")
    F, grad = composite_sum(values)
    x0 = _propose(values, float(T * mu_), float(T * beta_))
    return min_enclosure(F, grad, K.project, x0, to_arb(T * mu_), to_arb(T * beta_)).value


def composite_regret(values, K, etas) -> arb:
    """Σ_t f_t(w_{t−1}) − min_K Σ_t f_t for projected OGD with steps ``etas`` on ``K`` (arb)."""
    fs = _rounds(values, to_arb)
    w = [to_arb(z) for z in values["z1"]]
    total = arb(0)
    for f, eta in zip(fs, etas):
        total += f.value(w)
        w = list(K.project([wk - eta * gk for wk, gk in zip(w, f.grad(w))]))
    return total - composite_minimum(values, K)

