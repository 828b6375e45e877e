"""Whole-trajectory privacy of POMER in one dimension for any T, as a rigorous two-sided enclosure (paper file 001,
Algorithm 1, lines 176–204; Theorem 4.3, lines 244–256).

The published output is x_1..x_T. While the budget cannot bind (b_t ≤ T − 2 < B for the decisions that shape the
output), the output splits by its switch pattern — blocks [s, e] on which x is constant, x_s drawn fresh from ν_s
(ν₁ the initial law, ν_s = μ̄_s for s ≥ 2) — and the parts of different patterns are mutually singular (a fresh
draw repeats the previous value with probability 0). On a pattern the density is a product of one-variable factors

    f_{s,e}(y) = ν_s(y) · Π_{τ=s}^{e−1} keep_τ(y) · switch_e(y)      (no switch factor for the last block, e = T),

so the privacy loss L = log(P/P') is a sum of independent block terms ℓ_{s,e}(y_j) and

    δ(ε) = Σ_patterns E_P[(1 − e^{ε−L})₊; pattern].

On a grid of cells (all knots included) each ℓ_{s,e} is enclosed by interval evaluation on sub-cells. Upper bound:
rounding the enclosure's upper end up to a lattice of step h gives U ≥ L, and as u ↦ (1 − e^{ε−u})₊ increases,
δ(ε) ≤ E_P[(1 − e^{ε−U})₊]. Lower bound: labelling each cell by its rounded log ratio defines events E_k (the lattice
value of the summed labels), and by data processing δ(ε) ≥ Σ_k (P(E_k) − e^ε P'(E_k))₊. The laws of U and of the
labels under P and P', summed over all patterns, come from the transfer recursion A(s) = Σ_e F_{s,e}·A(e + 1) on
polynomials in z (arb_poly, rigorous), with O(T²) block polynomials for the 2^{T−1} patterns. If even the largest
privacy loss over all outputs (the heaviest path of the same recursion) is at most ε, δ(ε) = 0 exactly. The
bracket narrows as the grid and the lattice refine; its upper end carries an O(T·h) lattice bias at small ε.
"""
from __future__ import annotations

from functools import cached_property, reduce
from typing import Sequence

from flint import arb, arb_poly, ctx

from ...errors import InvalidParameterError
from ...numeric.fraction import Fraction
from .gibbs import PiecewiseLinear, as_arb, as_fraction, gibbs, log_partition, prefix_totals, uniform
from .law import INITIAL_POINTS, below_budget, ratio_factors


class _Run:
    """Per-round ingredients of Algorithm 1 on one loss sequence (laws, keep/switch factors, log ratios)."""

    def __init__(self, losses, beta, lam, p, log_phi: arb, initial: str):
        a, b = losses[0].domain
        self.cum = prefix_totals(losses, a, b)
        self.log_z = [log_partition(c, beta, lam) for c in self.cum]
        self.losses, self.beta, self.log_phi = losses, as_arb(beta), log_phi
        self.log_q = (1 - (p if isinstance(p, arb) else as_arb(p))).log()
        self._args = (beta, lam, p, initial)
        self._masses: dict = {}

    @cached_property
    def nu(self) -> list:
        """[None, ν₁, ..., ν_T]: the law of a block's value drawn in round s."""
        beta, lam, _, initial = self._args
        a, b = self.losses[0].domain
        first = uniform(a, b, beta, lam) if initial == "uniform" else gibbs(self.cum[0], beta, lam)
        return [None, first] + [gibbs(self.cum[s - 1], beta, lam) for s in range(2, len(self.losses) + 1)]

    @cached_property
    def factors(self) -> list:
        """[None, (keep_1, switch_1), ..., (keep_{T−1}, switch_{T−1})] as functions of the current point."""
        beta, lam, p, _ = self._args
        return [None] + [ratio_factors(self.losses[t - 1], self.cum[t - 1], beta, lam, p, self.log_phi)
                         for t in range(1, len(self.losses))]

    def block_masses(self, s: int, cells: list) -> list[list[arb]]:
        """For e = s..T: the masses on ``cells`` of the block f_{s,e} = ν_s·Π_{τ=s}^{e−1} keep_τ·switch_e (no switch
        factor for e = T). Memoised per (s, cells, precision): both directions of δ integrate the same blocks of each
        run."""
        key = (s, tuple(cells), ctx.prec)
        if key not in self._masses:
            t_max, density, out = len(self.losses), self.nu[s], []
            for e in range(s, t_max + 1):
                block = density * self.factors[e][1] if e < t_max else density
                out.append([block.restricted(u, v).integral() for u, v in cells])
                if e < t_max:
                    density = density * self.factors[e][0]
            self._masses[key] = out
        return self._masses[key]

    def log_nu_ratios(self, other: "_Run", s: int, ys: list[arb]) -> list[arb]:
        """log(ν_s/ν'_s)(y) = −β(cum_{s−1} − cum'_{s−1})(y) − log Z_{s−1} + log Z'_{s−1} at each ball y (s ≥ 2; 0 for
        s = 1: the initial law is common), with the difference evaluated once so the ball stays narrow."""
        if s == 1:
            return [arb(0)] * len(ys)
        diff, offset = self.cum[s - 1] - other.cum[s - 1], other.log_z[s - 1] - self.log_z[s - 1]
        return [-self.beta * diff.at(y) + offset for y in ys]

    def log_ratio(self, t: int, y: arb) -> arb:
        """log r_t(y) = −β l_t(y) + log Z_{t−1} − log Z_t − log Φ (the unclipped log ratio of line 192)."""
        return -self.beta * self.losses[t - 1].at(y) + self.log_z[t - 1] - self.log_z[t] - self.log_phi

    def log_keep_switch(self, r: arb) -> tuple[arb, arb]:
        """(log keep, log switch) at log r_t = r: keep = (1 − p)·Π(e^r) (Π clips to [Φ⁻², 1])."""
        log_keep = self.log_q + r.min(arb(0)).max(-2 * self.log_phi)
        return log_keep, (1 - log_keep.exp()).log()


def _round_ratios(run: _Run, alt: _Run, t: int, y: arb) -> tuple[arb, arb]:
    """Enclosures of log(keep_t/keep'_t) and log(switch_t/switch'_t) on the ball y.

    Where l_t = l'_t, r' = r + c with a constant c, and both differences are monotone in r between the clipping
    breakpoints {−2 log Φ, 0} − {0, c} (each is φ(r) − φ(r + c), or one of the two terms is constant, with
    φ = log keep or log switch monotone, and φ(r) − φ(r + c) monotone as φ is linear, resp. concave, in r): the
    range is the hull of the values at the ends of y's r-range and the breakpoints inside. Otherwise (the round
    where the sequences differ) the ball evaluation encloses them."""
    r = run.log_ratio(t, y)
    if run.losses[t - 1] != alt.losses[t - 1]:
        (k1, s1), (k2, s2) = run.log_keep_switch(r), alt.log_keep_switch(alt.log_ratio(t, y))
        return k1 - k2, s1 - s2
    c = alt.log_z[t - 1] - alt.log_z[t] - run.log_z[t - 1] + run.log_z[t]
    lo, hi = r.lower(), r.upper()
    points = [lo, hi] + [bp for bp in (-2 * run.log_phi, arb(0), -2 * run.log_phi - c, -c) if not (bp < lo or bp > hi)]
    keep = switch = None
    for x in points:
        (k1, s1), (k2, s2) = run.log_keep_switch(x), alt.log_keep_switch(x + c)
        keep = k1 - k2 if keep is None else keep.union(k1 - k2)
        switch = s1 - s2 if switch is None else switch.union(s1 - s2)
    return keep, switch


def _largest_loss(t_max: int, nu_ratio, keep_ratio, switch_ratio) -> arb:
    """An upper bound on the privacy loss L over all outputs: the heaviest path of the block recursion
    M(s) = max_e [max over sub-cells of ℓ_{s,e} + M(e + 1)], M(T + 1) = 0."""
    best = {t_max + 1: arb(0)}
    for s in range(t_max, 0, -1):
        ratio, top = list(nu_ratio[s]), None
        for e in range(s, t_max + 1):
            block = ratio if e == t_max else [r + w for r, w in zip(ratio, switch_ratio[e])]
            value = reduce(lambda x, y: x.max(y), (r.upper() for r in block)) + best[e + 1]
            top = value if top is None else top.max(value)
            if e < t_max:
                ratio = [r + w for r, w in zip(ratio, keep_ratio[e])]
        best[s] = top
    return best[1]


def _grid(a: Fraction, b: Fraction, knots, points: int) -> list[Fraction]:
    return sorted({a + (b - a) * Fraction(i, points) for i in range(points + 1)} | set(knots))


def _shifted(poly: arb_poly, offset: int, target: int) -> list[arb]:
    """The coefficients of ``poly`` (whose constant term sits at lattice index ``offset``) aligned at ``target``."""
    return [arb(0)] * (offset - target) + [poly[i] for i in range(poly.degree() + 1)]


def _add(x: tuple[int, arb_poly] | None, y: tuple[int, arb_poly]) -> tuple[int, arb_poly]:
    if x is None:
        return y
    low = min(x[0], y[0])
    cx, cy = _shifted(x[1], x[0], low), _shifted(y[1], y[0], low)
    n = max(len(cx), len(cy))
    cx, cy = cx + [arb(0)] * (n - len(cx)), cy + [arb(0)] * (n - len(cy))
    return low, arb_poly([u + v for u, v in zip(cx, cy)])


def _lattice(masses: list[arb], values: list[int]) -> tuple[int, arb_poly]:
    """Σ masses[i]·z^{values[i]} as (lowest index, polynomial)."""
    low = min(values)
    coeffs = [arb(0)] * (max(values) - low + 1)
    for m, v in zip(masses, values):
        coeffs[v - low] += m
    return low, arb_poly(coeffs)


def _ceil_index(q: arb) -> int:
    """⌈upper end of the ball q⌉ (exact: the end is a point)."""
    k = q.upper().ceil().unique_fmpz()
    if k is None:
        raise ArithmeticError(f"cannot round {q} up")
    return int(k)


def trajectory_delta_bounds(losses: Sequence[PiecewiseLinear], others: Sequence[PiecewiseLinear], beta, lam, p,
                            log_phi: arb, epsilon, budget=None, initial: str = "uniform", points: int = 48,
                            refine: int = 8, step=Fraction(1, 64)) -> arb:
    """An enclosure of δ(ε) = sup_O P[(x_1..x_T) ∈ O] − e^ε P'[(x_1..x_T) ∈ O] for Algorithm 1, P on ``losses``,
    P' on ``others`` (same T and K; swap them for the other direction, or see :func:`trajectory_delta_pair`). ``p``
    ∈ (0, 1) exact or a ball, ``budget`` B (None = ∞); where B could bind (T − 2 ≥ B) the bracket for B = ∞ is
    widened by (1 + e^ε)·:func:`budget_slack`; ``points`` grid cells on K, each split into ``refine`` sub-cells for
    the log ratios; ``step`` the lattice of the privacy loss."""
    run, alt, rest = _setup(losses, others, beta, lam, p, log_phi, epsilon, budget, initial, points, refine, step)
    return _delta(run, alt, *rest)


def trajectory_delta_pair(losses: Sequence[PiecewiseLinear], others: Sequence[PiecewiseLinear], beta, lam, p,
                          log_phi: arb, epsilon, budget=None, initial: str = "uniform", points: int = 48,
                          refine: int = 8, step=Fraction(1, 64)) -> tuple[arb, arb]:
    """(δ(ε) of P against P', δ(ε) of P' against P): :func:`trajectory_delta_bounds` both ways, each result the
    same ball, with the two runs (laws, keep/switch factors, per-block masses on the grid) built once."""
    run, alt, rest = _setup(losses, others, beta, lam, p, log_phi, epsilon, budget, initial, points, refine, step)
    return _delta(run, alt, *rest), _delta(alt, run, *rest)


def _setup(losses, others, beta, lam, p, log_phi: arb, epsilon, budget, initial: str, points: int, refine: int, step):
    """The checked inputs of :func:`trajectory_delta_bounds`: (run on ``losses``, run on ``others``, (T, cells,
    sub-cells, refine, ε, lattice step, budget slack))."""
    t_max = len(losses)
    if t_max == 0 or len(others) != t_max:
        raise InvalidParameterError("losses", "need two loss sequences of the same length T ≥ 1")
    if initial not in INITIAL_POINTS:
        raise InvalidParameterError("initial", f"choose from {INITIAL_POINTS}, got {initial!r}")
    pa = p if isinstance(p, arb) else as_arb(as_fraction(p, "p"))
    if not (pa > 0 and pa < 1):
        raise InvalidParameterError("p", f"the block decomposition needs 0 < p < 1, got {p}")
    if not log_phi > 0:
        raise InvalidParameterError("Phi", "needs Φ > 1")
    slack = budget_slack(t_max, pa, log_phi, budget)
    a, b = losses[0].domain
    step = as_fraction(step, "step")
    eps = epsilon if isinstance(epsilon, arb) else as_arb(as_fraction(epsilon, "epsilon"))
    run, alt = (_Run(seq, beta, lam, p, log_phi, initial) for seq in (losses, others))
    knots = set().union(*(f.knots for f in list(losses) + list(others)))
    grid = _grid(Fraction(a), Fraction(b), knots, points)
    cells = list(zip(grid, grid[1:]))
    # per sub-cell (``refine`` per cell): enclosures of the per-round log ratios; a block's log ratio is summed on
    # each sub-cell (the terms of one round share y) before the lattice index takes the extreme over the cell
    subs = [as_arb(u + (v - u) * Fraction(i, refine)).union(as_arb(u + (v - u) * Fraction(i + 1, refine)))
            for u, v in cells for i in range(refine)]
    return run, alt, (t_max, cells, subs, refine, eps, step, slack)


def _delta(run: _Run, alt: _Run, t_max: int, cells: list, subs: list[arb], refine: int, eps: arb, step: Fraction,
           slack: arb) -> arb:
    """The bracket of :func:`trajectory_delta_bounds` for P = ``run``'s law against P' = ``alt``'s."""
    nu_ratio = {s: run.log_nu_ratios(alt, s, subs) for s in range(1, t_max + 1)}
    keep_ratio, switch_ratio = {}, {}
    for t in range(1, t_max):
        pairs = [_round_ratios(run, alt, t, y) for y in subs]
        keep_ratio[t], switch_ratio[t] = [k for k, _ in pairs], [w for _, w in pairs]

    def upper_indices(ratios: list[arb]) -> list[int]:
        """⌈max of the block's log ratio over each cell / h⌉: U ≥ L on the cell."""
        return [max(_ceil_index(r / h) for r in ratios[i * refine:(i + 1) * refine])
                for i in range(len(cells))]

    def event_indices(ratios: list[arb]) -> list[int]:
        """a lattice label per cell (the rounded midpoint of the log ratio): any labelling defines events."""
        return [round(float(ratios[i * refine + refine // 2].mid() / h)) for i in range(len(cells))]

    widen = slack * (1 + eps.upper().exp())  # the budget's effect on δ(ε): P_B vs P_∞ and P'_B vs P'_∞ (TV ≤ slack)
    if not _largest_loss(t_max, nu_ratio, keep_ratio, switch_ratio) > eps.upper():
        # the privacy loss never exceeds ε: δ(ε) = 0 exactly without a budget, at most ``widen`` with it
        return arb(0) if slack == 0 else arb(0).union(widen)
    h = as_arb(step)
    one = (0, arb_poly([1]))
    tails = {t_max + 1: (one, one, one)}  # the laws of (U under P, label under P, label under P') from round s on
    for s in range(t_max, 0, -1):
        ratio = list(nu_ratio[s])
        acc = [None, None, None]
        for e, masses, masses_alt in zip(range(s, t_max + 1), run.block_masses(s, cells), alt.block_masses(s, cells)):
            block_ratio = ratio
            if e < t_max:
                block_ratio = [r + w for r, w in zip(ratio, switch_ratio[e])]
            labels = event_indices(block_ratio)
            for j, part in enumerate((_lattice(masses, upper_indices(block_ratio)), _lattice(masses, labels),
                                      _lattice(masses_alt, labels))):
                t_low, t_poly = tails[e + 1][j]
                acc[j] = _add(acc[j], (part[0] + t_low, part[1] * t_poly))
            if e < t_max:
                ratio = [r + w for r, w in zip(ratio, keep_ratio[e])]
        tails[s] = tuple(acc)
    (u_low, u_poly), (p_low, p_poly), (q_low, q_poly) = tails[1]
    eps_lo, scale = eps.lower(), eps.upper().exp()
    upper = arb(0)  # E_P[(1 − e^{ε−U})₊] ≥ δ(ε)
    for i in range(u_poly.degree() + 1):
        u = h * (u_low + i)
        if not u < eps_lo:
            upper += u_poly[i] * (1 - (eps_lo - u).exp()).max(arb(0))
    lower = arb(0)  # Σ_k (P(E_k) − e^ε P'(E_k))₊ ≤ δ(ε) (data processing on the labels)
    p_coef, q_coef = (_shifted(x, low, min(p_low, q_low)) for x, low in ((p_poly, p_low), (q_poly, q_low)))
    for k in range(max(len(p_coef), len(q_coef))):
        gap = (p_coef[k] if k < len(p_coef) else arb(0)) - scale * (q_coef[k] if k < len(q_coef) else arb(0))
        lower += gap.max(arb(0))
    if slack == 0:
        return lower.union(upper)
    return (lower - widen).max(arb(0)).union((upper + widen).min(arb(1)))


def budget_slack(t_max: int, p, log_phi: arb, budget) -> arb:
    """A bound on the total-variation distance between the output laws of Algorithm 1 with budget B and with B = ∞
    (both sequences): coupled on the same coins the runs agree unless the unbudgeted run makes ≥ B switches in
    rounds 1..T − 2, and as every round switches with probability ≤ p̃ = p + (1 − p)(1 − Φ⁻²) given the past, that
    count is dominated by a Binomial(T − 1, p̃): the bound is Pr[Bin(T − 1, p̃) ≥ ⌈B⌉], exactly 0 when
    T − 2 < B."""
    if t_max < 2 or below_budget(t_max - 2, budget):
        return arb(0)
    if isinstance(budget, arb):  # the least count that may reach B: ⌈lower end⌉ (a point, so exact)
        k_min = int(budget.lower().ceil().unique_fmpz())
    else:
        q = as_fraction(budget, "B")
        k_min = -(-q.numerator // q.denominator)
    ptilde = p + (1 - p) * (1 - (-2 * log_phi).exp())
    n = t_max - 1
    tail = arb(0)
    for k in range(max(0, k_min), n + 1):
        tail += arb.bin_uiui(n, k) * ptilde**k * (1 - ptilde) ** (n - k)
    return tail.min(arb(1))
