"""The adversaries of the regret claims over the theorems' whole class at k = 0 (:mod:`.general`; paper file
``papers/000_8245766a2c9b0ba6.txt``, Theorems 2, 3, 5, Corollary 7, Table 1 — lines 163–249, 659–670).

- :func:`hand_instances` — the extremal linear streams of issue 23, derived by hand (L = D = 2, K the unit disc):
  Theorem 3 at T = 1, f_1(z) = ⟨(−2, 0), z⟩ from z_1 = (−1, 0): the step η_1 = D/L = 1 lands on (1, 0), regret
  ⟨g, z_1⟩ − min_K⟨g, z⟩ = 2 + 2 = 4 against 3DL√T = 12 (1/3). Theorem 5 at T = 4: iterates (−1,0) → (0,1) → (1,0) →
  (0,1) → (1,0) with gradients √2(x_t − x_{t+1}) (norm 2 = L; the step √(2D²/(TL²)) = 1/√2 lands exactly on the next
  point, no projection acts): Σ⟨g_t, x_t⟩ = √2Σ_t(‖x_t‖² − ⟨x_{t+1}, x_t⟩) = 4√2 (consecutive points orthogonal) and
  min_K⟨Σg_t, z⟩ = −‖√2(x_1 − x_5)‖ = −2√2: regret 6√2 against LD√(2T) = 8√2 (exactly 3/4, PEPit's value at every T).
- :func:`linear_worst_instances` — the worst linear streams on the disc found by a local search over gradient
  sequences (shipped in ``claims/pep_worst_cases.json`` as kind ``linear``, exact rationals: each gradient scaled
  exactly into the L-ball, z_1 into K); every profile runs all of them, n = 2..32 (a T = 32 linear stream is
  decided in about 2 ms, and n = 32 is where Theorem 3's worst case over its class is largest).
- :func:`linear_space` — a search over unit-circle gradients L·((1 − s²)/(1 + s²), 2s/(1 + s²)) (exact norm L) and
  a start on the circle, T = 1..8.
- :func:`quadratic_instances` — quadratics with a Hessian and a centre per round (centres anywhere, far outside
  K), on balls (isotropic) and boxes, d = 2 and 3, L the exact (rounded-up) Lipschitz constant on K.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from ...numeric.fraction import Fraction
from ..model import Adversary, Space
from ..pep import shipped
from .families import sqrt_up
from .general import BALL, BOX, COMPOSITE_LOSS, HUBER_LOSS, LINEAR_LOSS, QUADRATIC_LOSS, general_instance, unit
from .general_composite import HUBER, LOGISTIC
from .general_huber import max_grad_norm2

__all__ = ["hand_instances", "linear_worst_instances", "linear_space", "quadratic_instances", "huber_instances",
           "composite_instances", "COMPOSITE_ADVERSARY", "general_adversaries",
           "rational_into_ball", "QUICK_SIZE"]

#: the quick profile's structured size: larger requests (thorough) unlock the larger horizons
QUICK_SIZE = 40
TWO = Fraction(2)


def _sqrt_down(q: Fraction, digits: int = 15) -> Fraction:
    s = Fraction(math.isqrt(int(q * 10 ** (2 * digits))), 10**digits)
    while s * s > q:
        s -= Fraction(1, 10**digits)
    return max(s, Fraction(0))


def rational_into_ball(v, r: Fraction, denominator: int = 10**6) -> list[Fraction]:
    """``v`` rationalised (denominator ≤ ``denominator``) and scaled by a rational ≤ 1 into the ball of radius r."""
    p = [Fraction(x).limit_denominator(denominator) for x in v]
    n2 = sum((x * x for x in p), Fraction(0))
    if n2 <= r * r:
        return p
    s = _sqrt_down(r * r / n2)
    return [x * s for x in p]


def hand_instances() -> list[dict]:
    """The issue's two hand examples, with the μ, β every claim reads (β ≥ μ: linear losses are β-smooth)."""
    pts = [(-1, 0), (0, 1), (1, 0), (0, 1), (1, 0)]
    bounce = [[Fraction(a[0] - b[0]), Fraction(a[1] - b[1])] for a, b in zip(pts, pts[1:])]
    return [general_instance(LINEAR_LOSS, [[-2, 0]], [-1, 0], L=TWO, D=TWO, beta=TWO, hand="thm3 T=1"),
            general_instance(LINEAR_LOSS, bounce, [-1, 0], c=TWO, L=TWO, D=TWO, beta=TWO, hand="thm5 T=4")]


def linear_worst_instances(rule: str, size: int) -> list[dict]:
    """The shipped worst linear streams of ``rule`` (``convex`` or ``thm5``), every n (``size`` is not read: they are
    few and cheap)."""
    out = []
    for entry in shipped().values():
        if entry.get("kind") != "linear" or entry["rule"] != rule:
            continue
        out.append(general_instance(LINEAR_LOSS, [[Fraction(x) for x in r] for r in entry["X"]],
                                    [Fraction(z) for z in entry["z1"]], L=TWO, D=TWO, beta=TWO, linear_n=entry["n"]))
    return out


def linear_space() -> Space:
    n_max = 8

    def build(p: dict[str, float]) -> dict:
        T_ = max(1, min(n_max, int(p["T"])))
        q = lambda x: Fraction(x).limit_denominator(10**4)
        X = [[TWO * c for c in unit(q(p[f"s{t}"]))] for t in range(T_)]
        return general_instance(LINEAR_LOSS, X, list(unit(q(p["s_z"]))), L=TWO, D=TWO, beta=TWO)

    bounds = {"T": (1.0, n_max + 0.999), "s_z": (-4.0, 4.0), **{f"s{t}": (-4.0, 4.0) for t in range(n_max)}}
    return Space(bounds=bounds, build=build)


def quadratic_instances(strongly_convex: bool):
    """Quadratics with a Hessian and a centre per round: curvatures cycling over [μ, β] (or [0, β]), centres
    alternating far outside K (‖x_t‖ up to 3D), on the ball (isotropic) and on boxes, d = 2, 3; T up to 12 (24 in
    the thorough profile)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        horizons = (1, 2, 4, 12) + ((24,) if size > QUICK_SIZE else ())
        for beta_, T_, d, K, far in itertools.product((Fraction(1), Fraction(4)), horizons, (2, 3), (BALL, BOX),
                                                       (Fraction(1), Fraction(3))):
            mu_ = Fraction(1)
            if beta_ < mu_:
                continue
            lo = mu_ if strongly_convex else Fraction(0)
            curv = [beta_, lo, (lo + beta_) / 2] if beta_ > lo else [beta_]
            X, H = [], []
            for t in range(T_):
                sign = 1 if t % 2 == 0 else -1
                X.append([sign * (far if j == t % d else -far / 2) for j in range(d)])
                h = curv[t % len(curv)]
                H.append([h] * d if K == BALL else [curv[(t + j) % len(curv)] for j in range(d)])
            z1 = [Fraction(-1, d)] * d
            if K == BALL:
                R = Fraction(1)
                L_ = max(h[0] * R + sqrt_up(sum((x * x for x in xr), Fraction(0))) * h[0] for h, xr in zip(H, X))
                out.append(general_instance(QUADRATIC_LOSS, X, z1, K=BALL, H=H, L=L_, D=TWO, mu=mu_, beta=beta_))
            else:
                b = Fraction(1, 2) if d != 4 else Fraction(1, 2)
                D_ = 2 * b * sqrt_up(Fraction(d))
                L_ = max(sqrt_up(sum((hk * hk * max((b - xk) ** 2, (b + xk) ** 2) for hk, xk in zip(h, xr)), Fraction(0)))
                         for h, xr in zip(H, X))
                out.append(general_instance(QUADRATIC_LOSS, X, z1, K=BOX, b=b, H=H, L=L_, D=D_, mu=mu_, beta=beta_))
        rng.shuffle(out)
        return out[:size]

    return generate


def huber_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Ridge + Huber losses on the box [−1, 1]^d (μ = 1): curvature H ∈ {μ, 2μ}, Huber weight a ∈ {1, 4} and width
    δ ∈ {1/4, 1} (β = max H + a/δ), ridge centres x_t and Huber centres y_t alternating at ±far (far ∈ {1/2, 3}: inside
    and far outside K), z_1 at a corner; d = 1, 2, T up to 12 (24 in the thorough profile). L is the exact largest
    gradient norm over the box, rounded up to a rational."""
    out = []
    b = Fraction(1)
    horizons = (1, 2, 4, 12) + ((24,) if size > QUICK_SIZE else ())
    for T_, d, a, delta, far, h2 in itertools.product(horizons, (1, 2), (Fraction(1), Fraction(4)),
                                                      (Fraction(1, 4), Fraction(1)), (Fraction(1, 2), Fraction(3)),
                                                      (Fraction(1), Fraction(2))):
        X, Y, H, A = [], [], [], []
        for t in range(T_):
            sign = 1 if t % 2 == 0 else -1
            X.append([sign * far * (1 if j == t % d else -1) for j in range(d)])
            Y.append([-sign * far for _ in range(d)])
            H.append([h2 if (t + j) % 2 else Fraction(1) for j in range(d)])
            A.append(a)
        L2 = max(max_grad_norm2(h, x, y, a_, delta, b) for h, x, y, a_ in zip(H, X, Y, A))
        inst = general_instance(HUBER_LOSS, X, [-b] * d, K=BOX, b=b, H=H, L=sqrt_up(L2), D=2 * b * sqrt_up(Fraction(d)),
                                mu=Fraction(1), beta=max(max(r) for r in H) + a / delta)
        inst.update(Y=[[Fraction(v) for v in r] for r in Y], A=list(A), delta=delta)
        out.append(inst)
    rng.shuffle(out)
    return out[:size]


HUBER_ADVERSARY = Adversary(
    "k = 0: ridge + Huber losses on a box, d = 1, 2 (exact, rational steps 1/(μt))", generate=huber_instances,
    reaches="k = 0: μ-strongly convex β-smooth non-quadratic losses — separable ridge + Huber (convex piecewise "
            "quadratics with rational breakpoints), centres inside and far outside K — on boxes in d = 1, 2")


def general_adversaries(rule: str, strongly_convex: bool) -> tuple[Adversary, ...]:
    """The k = 0 whole-class adversaries of a regret claim with step rule ``rule``."""
    quad = Adversary("k = 0: quadratics with a Hessian and a centre per round, anywhere; K a ball or a box, d = 2, 3",
                     generate=quadratic_instances(strongly_convex),
                     reaches="k = 0: " + ("μ-strongly convex" if strongly_convex else "convex")
                             + " β-smooth quadratics with per-round Hessians and centres anywhere, K a ball (d = 2, 3) or a box")
    if strongly_convex:
        return (quad, HUBER_ADVERSARY, COMPOSITE_ADVERSARY)
    return (
        Adversary("k = 0: the issue's hand examples (linear losses on the unit disc)",
                  generate=lambda rng, size: hand_instances()[:size],
                  reaches="k = 0: the extremal linear streams derived by hand (Theorem 3 at T = 1, Theorem 5's bounce at T = 4)"),
        Adversary("k = 0: worst linear streams on the disc (local search, shipped), n = 2..32",
                  generate=lambda rng, size: linear_worst_instances(rule, size),
                  reaches="k = 0: linear L-Lipschitz losses on a ball in d = 2, 3 at the worst gradient sequences found "
                          "(≥ 0.9 of the PEP worst case over convex L-Lipschitz losses, benchmarks/adversaries.py)"),
        Adversary("k = 0 search: unit-circle gradients of norm L and a start on the circle, T = 1..8",
                  space=linear_space(), reaches="k = 0: linear losses of norm L on the disc, any direction sequence"),
        quad,
    )


#: rational directions of norm 1 (Pythagorean), for the composite losses' ⟨v_t, z⟩
_DIRS = {2: ([Fraction(3, 5), Fraction(4, 5)], [Fraction(-4, 5), Fraction(3, 5)], [Fraction(5, 13), Fraction(-12, 13)]),
         3: ([Fraction(2, 3), Fraction(2, 3), Fraction(1, 3)], [Fraction(-2, 3), Fraction(1, 3), Fraction(2, 3)],
             [Fraction(1, 3), Fraction(-2, 3), Fraction(2, 3)])}
#: full (non-diagonal) Hessians with λ_min ≥ 1 = μ; the largest absolute row sum bounds λ_max
_HESS = {2: ([[Fraction(2), Fraction(1)], [Fraction(1), Fraction(2)]],
             [[Fraction(3, 2), Fraction(-1, 2)], [Fraction(-1, 2), Fraction(3, 2)]]),
         3: ([[Fraction(2), Fraction(1), Fraction(0)], [Fraction(1), Fraction(2), Fraction(0)], [Fraction(0), Fraction(0), Fraction(1)]],
             [[Fraction(3, 2), Fraction(0), Fraction(-1, 2)], [Fraction(0), Fraction(1), Fraction(0)], [Fraction(-1, 2), Fraction(0), Fraction(3, 2)]])}


def composite_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Logistic + ridge and Huber + ridge along off-axis directions (not separable), and quadratics with full
    Hessians, centres anywhere (‖x_t‖ up to 3√d, outside K), on the disc/ball of diameter 2 and the box [−1/2, 1/2]^d,
    d = 2, 3, μ = 1 (:mod:`.general_composite`); every third round is a bare quadratic (a_t = 0). The comparator is
    enclosed by the gradient-mapping certificate. β is the exact bound max_t (row sum of Q_t + a_t c_φ‖v_t‖²), L the
    Lipschitz hypothesis's bound rounded up to 1/1000 (plus 1/1000). T up to 8 (quick: size//3 points of a 128-point
    grid, shuffled) or 24 (thorough: all 192 points, quick's included)."""
    out = []
    thorough = size > QUICK_SIZE
    horizons = (1, 2, 4, 8, 12, 24) if thorough else (1, 2, 4, 8)  # thorough ⊇ quick
    grid = list(itertools.product((LOGISTIC, HUBER), horizons, (2, 3), (BALL, BOX), (False, True),
                                  (Fraction(1, 2), Fraction(3))))
    rng.shuffle(grid)
    for phi, T_, d, K, full, far in grid[:size if thorough else max(1, size // 3)]:
        delta = Fraction(1, 4) if (T_ + d) % 2 else Fraction(1)
        c_phi = Fraction(1, 4) if phi == LOGISTIC else 1 / delta
        Q, X, V, off, A = [], [], [], [], []
        for t in range(T_):
            sign = 1 if t % 2 == 0 else -1
            Q.append(_HESS[d][t % 2] if full else [[(Fraction(1 + t % 2) if i == j else Fraction(0)) for j in range(d)]
                                                    for i in range(d)])
            X.append([sign * (far if j == t % d else -far / 2) for j in range(d)])
            V.append(_DIRS[d][t % 3])
            off.append(Fraction(-1) if t % 2 else Fraction(1, 2))
            A.append((Fraction(4), Fraction(1), Fraction(0))[t % 3])  # every third round a bare (full-Hessian) quadratic
        row = [max(sum((abs(q) for q in r), Fraction(0)) for r in qt) for qt in Q]
        beta_ = max(rw + a * c_phi for rw, a in zip(row, A))  # ‖v_t‖ = 1
        if K == BALL:
            R_up, b, D_ = Fraction(1), None, TWO
        else:
            b = Fraction(1, 2)
            R_up, D_ = sqrt_up(b * b * d), 2 * b * sqrt_up(Fraction(d))
        # the hypothesis's bound in floats, rounded up to 1/1000 plus 1/1000: above it by far more than the float error,
        # so the enclosed hypothesis decides TRUE at any precision (it decides; this only proposes L)
        L_f = max(float(rw) * (float(R_up) + math.sqrt(float(sum((x * x for x in xr), Fraction(0))))) + float(a)
                  for rw, xr, a in zip(row, X, A))
        L_ = Fraction(math.ceil(L_f * 1000) + 1, 1000)
        z1 = [Fraction(-1, 2)] + [Fraction(0)] * (d - 1)
        out.append(general_instance(COMPOSITE_LOSS, X, z1, K=K, b=b, L=L_, D=D_, mu=Fraction(1), beta=beta_, Q=Q, V=V,
                                    off=off, A=A, phi=phi, delta=delta))
    return out


COMPOSITE_ADVERSARY = Adversary(
    "k = 0: logistic + ridge, Huber + ridge along off-axis directions, full-Hessian quadratics; ball or box, d = 2, 3 "
    "(comparator enclosed by the gradient-mapping certificate)", generate=composite_instances,
    reaches="k = 0: μ-strongly convex β-smooth losses without a closed-form comparator — logistic + ridge, Huber + "
            "ridge (non-separable), quadratics with full Hessians (bare in every third round, with a logistic or Huber "
            "term in the others), centres anywhere — on a ball or a box in d = 2, 3")
