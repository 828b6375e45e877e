"""The lemmas POMER imports and uses, checked exactly on finite instances (paper file ``001_8748437fc158d2af.txt``).

* Lemma 2.3 (lines 109–115), follow-the-leader / be-the-leader (Hazan 2016): Σ_{t=0}^T l_t(y_{t+1}) ≤ Σ_{t=0}^T l_t(x)
  for every x ∈ 𝓑, y_t = argmin_𝓑 Σ_{i<t} l_i (``pomer.lem2.3``).
* Lemma 4.7 (lines 292–296, Levin & Peres 2017): |E_μ f − E_ν f| ≤ 2‖μ − ν‖_TV max|f| (``pomer.lem4.7``).
* Lemma 4.8 / B.3 (lines 314–318, 553–557), the Gibbs variational principle: μ ∝ μ₀e^{−f} minimises
  E_{μ'}f + KL(μ'‖μ₀) (``pomer.lem4.8``; the printed argmin's minimum, uniqueness in the tests).
* Lemma B.4 (lines 559–563, Donsker & Varadhan 1975): KL(ν₁‖ν₂) = sup_{u∈U} (E_{ν₁} log u − log E_{ν₂} u), its two
  halves (``pomer.lemB.4``, ``pomer.lemB.4:lower``) and the '≥' half with U holding a multiple of dν₁/dν₂
  (``pomer.lemB.4:lower+fix``).

Every claim is written as a ratio whose bound is 1 (the printed inequality divided by its positive right side, or
exponentiated); the quantities are exact rationals, or exact products of rational powers (exact where the exponents
merge to integers, else enclosed), so equality is proved where it holds and the tightness is meaningful.
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import sympy
from flint import arb

from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ..growth import rational
from ..hypotheses import P_exact
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind, Narrowing, Space

ONE = sympy.Integer(1)


def _fracs(xs) -> list[Fraction]:
    return [frac(x) for x in xs]


def _is_distribution(xs) -> bool:
    v = _fracs(xs)
    return bool(v) and all(x >= 0 for x in v) and sum(v) == 1


def _distribution(rng: np.random.Generator, n: int, zeros: bool = False) -> list[Fraction]:
    w = [int(rng.integers(0 if zeros else 1, 9)) for _ in range(n)]
    if sum(w) == 0:
        w[0] = 1
    return [Fraction(x, sum(w)) for x in w]


# ---------------------------------------------------------------------------------------------- Lemma 4.7


def total_variation(mu, nu) -> Fraction:
    """‖μ − ν‖_TV = sup_A (μ(A) − ν(A)) by enumerating every event A ⊆ K (the definition of line 547; exponential in
    |K|, an independent route from ½Σ|μ − ν|)."""
    mu, nu = _fracs(mu), _fracs(nu)
    n = len(mu)
    return max(sum(mu[i] - nu[i] for i in event) for k in range(n + 1) for event in itertools.combinations(range(n), k))


def lem47_ratio(values: Instance) -> Fraction:
    """|E_μ f − E_ν f| / (2‖μ − ν‖_TV max_K |f|), exactly."""
    mu, nu, f = _fracs(values["mu"]), _fracs(values["nu"]), _fracs(values["f"])
    gap = abs(sum(m * x for m, x in zip(mu, f)) - sum(v * x for v, x in zip(nu, f)))
    return gap / (2 * total_variation(mu, nu) * max(abs(x) for x in f))


def _lem47_valid(values: Instance) -> bool:
    mu, nu, f = values["mu"], values["nu"], values["f"]
    return _is_distribution(mu) and _is_distribution(nu) and len(mu) == len(nu) == len(f)


def _lem47_nondegenerate(values: Instance) -> bool:
    return _fracs(values["mu"]) != _fracs(values["nu"]) and any(x != 0 for x in _fracs(values["f"]))


def _lem47_grid(rng: np.random.Generator, size: int) -> list[Instance]:
    """The extremal f = ±max|f| on the two sides of {μ > ν} (equality), point masses, disjoint supports, and random
    rational laws and functions on 2–6 points."""
    out: list[Instance] = []
    for n in (2, 3, 4, 6):
        mu, nu = _distribution(rng, n, zeros=True), _distribution(rng, n, zeros=True)
        if mu == nu:
            nu = [Fraction(1 if i == 0 else 0) for i in range(n)]
            mu = [Fraction(1 if i == n - 1 else 0) for i in range(n)]
        scale = rational(rng, 1, 5, 4)
        out.append({"mu": mu, "nu": nu, "f": [scale if m > v else -scale for m, v in zip(mu, nu)]})
        out.append({"mu": mu, "nu": nu, "f": [scale if m > v else (0 if m == v else -scale / 2)
                                              for m, v in zip(mu, nu)]})
    out.append({"mu": [1, 0], "nu": [0, 1], "f": [1, -1]})  # disjoint point masses: 2 = 2·1·1
    out.append({"mu": [1, 0, 0], "nu": [0, 0, 1], "f": [3, 7, 3]})  # a constant shift on the supports: 0
    out.append({"mu": ["1/2", "1/2"], "nu": ["1/3", "2/3"], "f": [1, 1]})  # constant f: 0
    while len(out) < max(size, 16):
        n = int(rng.integers(2, 7))
        out.append({"mu": _distribution(rng, n, zeros=True), "nu": _distribution(rng, n),
                    "f": [rational(rng, -3, 3, 8) for _ in range(n)]})
    return out


def _lem47_build(v: dict) -> Instance:
    w_mu = [Fraction(v[f"m{i}"]) for i in range(4)]
    w_nu = [Fraction(v[f"n{i}"]) for i in range(4)]
    return {"mu": [x / sum(w_mu) for x in w_mu], "nu": [x / sum(w_nu) for x in w_nu],
            "f": [Fraction(v[f"f{i}"]) for i in range(4)]}


LEM47 = Claim(
    id="pomer.lem4.7", source="Lemma 4.7 (lines 292–296; Levin & Peres 2017, Prop. 4.5)", kind=Kind.INEQUALITY,
    statement="for probability laws μ, ν on K and f: K → ℝ, |E_μ f − E_ν f| ≤ 2‖μ − ν‖_TV max_K |f|, written as "
              "|E_μ f − E_ν f| / (2‖μ − ν‖_TV max|f|) ≤ 1",
    hypotheses=(P_exact("μ, ν probability laws on one finite K, f: K → ℚ", _lem47_valid),
                P_exact("μ ≠ ν and f ≢ 0 (the ratio's denominator is positive)", _lem47_nondegenerate)),
    bound=ONE, quantity=lem47_ratio,
    adversaries=(
        Adversary("grid: f = ±c on the two sides of {μ > ν} (equality), disjoint point masses, constant f, random laws",
                  generate=_lem47_grid,
                  reaches="finite K of 2–6 points, every pair of rational laws (zeros included) and rational f"),
        Adversary("search: laws and f on 4 points", space=Space(
            {**{f"m{i}": (0.0, 1.0) for i in range(4)}, **{f"n{i}": (0.01, 1.0) for i in range(4)},
             **{f"f{i}": (-1.0, 1.0) for i in range(4)}}, build=_lem47_build),
                  reaches="K of 4 points, laws and f with binary-rational entries"),
    ),
    derivation="pomer.lem4.7",
    theorem_class="probability laws μ, ν on a set K and any f: K → ℝ with max_K |f| finite",
    narrowed=(
        Narrowing("K infinite (continuous laws)",
                  "no exact evaluation of E_μ f and ‖μ − ν‖_TV for general laws on an infinite K; the inequality only "
                  "sees the signed measure μ − ν and f, and on a finite partition of K on which f is constant it is "
                  "this finite case, so the finite laws carry every extremal configuration"),
        Narrowing("μ = ν or f ≡ 0", "both sides are 0 (E_μ f = E_ν f, resp. every expectation 0): 0 ≤ 0 by "
                                   "arithmetic, and the ratio is undefined"),
        Narrowing("|K| > 6 in the grid, > 4 in the search",
                  "cost: the total variation is the supremum over all 2^|K| events, enumerated"),
    ),
    note="The total variation is computed from its definition, sup_A (μ(A) − ν(A)) over every event (line 547 uses it "
         "in this form), not from ½Σ|μ − ν|; the expectations are exact rational sums. f = ±c on the two sides of "
         "{μ > ν} attains the bound (ratio exactly 1, proved).",
)


# ---------------------------------------------------------------------------------------------- Lemma 2.3


def _argmin_set(cumulative: list[Fraction]) -> list[int]:
    m = min(cumulative)
    return [i for i, v in enumerate(cumulative) if v == m]


def btl_table(table) -> tuple[Fraction, Fraction, Fraction]:
    """(Σ_t l_t(y_{t+1}) for the worst choice of every tied leader, min_x Σ_t l_t(x), Σ_t min_x l_t(x)) for the
    losses l_t = ``table[t]`` on a finite 𝓑 = {0, …, n − 1}, by enumeration."""
    rows = [_fracs(row) for row in table]
    n = len(rows[0])
    cumulative = [Fraction(0)] * n
    leaders = Fraction(0)
    for row in rows:
        cumulative = [c + x for c, x in zip(cumulative, row)]  # Σ_{i ≤ t} l_i: y_{t+1} minimises it
        leaders += max(row[i] for i in _argmin_set(cumulative))
    return leaders, min(cumulative), sum(min(row) for row in rows)


# A 1-d loss is [a, b, c, h, k]: l(x) = a x² + b x + c + h|x − k| on 𝓑 = [lo, hi] (a, h of any sign).


def _value(loss, x: Fraction) -> Fraction:
    a, b, c, h, k = loss
    return a * x * x + b * x + c + h * abs(x - k)


def _candidates(losses, lo: Fraction, hi: Fraction) -> tuple[list[Fraction], list[tuple[Fraction, Fraction]]]:
    """The points where Σ losses attains its extrema on [lo, hi] (ends, kinks, vertices of every quadratic piece),
    and the pieces between consecutive kinks."""
    cuts = sorted({lo, hi, *(l[4] for l in losses if lo < l[4] < hi)})
    pieces = list(zip(cuts, cuts[1:])) or [(lo, hi)]
    points = set(cuts)
    for u, v in pieces:
        mid = (u + v) / 2
        a = sum(l[0] for l in losses)
        b = sum(l[1] + (l[3] if mid > l[4] else -l[3]) for l in losses)
        if a != 0 and u <= -b / (2 * a) <= v:
            points.add(-b / (2 * a))
    return sorted(points), pieces


def _flat(losses, u: Fraction, v: Fraction) -> bool:
    mid = (u + v) / 2
    return (sum(l[0] for l in losses) == 0
            and sum(l[1] + (l[3] if mid > l[4] else -l[3]) for l in losses) == 0)


def btl_interval(values: Instance) -> tuple[Fraction, Fraction, Fraction]:
    """:func:`btl_table`'s three sums for the losses [a, b, c, h, k] on 𝓑 = [lo, hi], exactly: every minimum and
    maximum of a sum of such losses on an interval lies among its candidates (ends, kinks, piece vertices); a leader
    set is its minimising candidates plus every flat piece at the minimum."""
    lo, hi = frac(values["lo"]), frac(values["hi"])
    losses = [tuple(_fracs(l)) for l in values["losses"]]
    leaders = Fraction(0)
    for t in range(len(losses)):
        prefix = losses[:t + 1]
        points, pieces = _candidates(prefix, lo, hi)
        m = min(sum(_value(l, x) for l in prefix) for x in points)
        where = [(x, x) for x in points if sum(_value(l, x) for l in prefix) == m]
        where += [(u, v) for u, v in pieces if _flat(prefix, u, v) and sum(_value(l, u) for l in prefix) == m]
        worst = []
        for u, v in where:  # the max of l_t over a leader piece [u, v] lies among l_t's candidates there
            worst += [_value(losses[t], x) for x in _candidates([losses[t]], u, v)[0]]
        leaders += max(worst)
    points, _ = _candidates(losses, lo, hi)
    best = min(sum(_value(l, x) for l in losses) for x in points)
    floor = sum(min(_value(l, x) for x in _candidates([l], lo, hi)[0]) for l in losses)
    return leaders, best, floor


def _btl_sums(values: Instance) -> tuple[Fraction, Fraction, Fraction]:
    return btl_table(values["table"]) if "table" in values else btl_interval(values)


def lem23_ratio(values: Instance) -> Fraction:
    """(Σ_t l_t(y_{t+1}) − Σ_t min l_t) / (min_x Σ_t l_t(x) − Σ_t min l_t): the printed inequality for the best x (the
    hardest), both sides measured above the per-round minima (which neither goes below)."""
    leaders, best, floor = _btl_sums(values)
    return (leaders - floor) / (best - floor)


def _lem23_valid(values: Instance) -> bool:
    if "table" in values:
        rows = values["table"]
        return bool(rows) and len(rows[0]) > 0 and all(len(r) == len(rows[0]) for r in rows)
    return frac(values["lo"]) < frac(values["hi"]) and all(len(l) == 5 for l in values["losses"]) and bool(values["losses"])


def _lem23_nondegenerate(values: Instance) -> bool:
    _, best, floor = _btl_sums(values)
    return best > floor


def _lem23_tables(rng: np.random.Generator, size: int) -> list[Instance]:
    """Ties everywhere (leaders chosen worst), the alternating FTL sequence, and random rational tables."""
    out: list[Instance] = [
        {"table": [["1/2", 0], [0, 1], [1, 0], [0, 1], [1, 0]]},  # Hazan's FTL example: leaders swing every round
        {"table": [[0, 0, 0], [1, 0, 1], [0, 1, 1], [1, 1, 0]]},  # ties at every round
        {"table": [[0, 1], [1, 0], [0, 1], [1, 0]]},
        {"table": [[1, 2, 3], [3, 2, 1], [2, 2, 2]]},
    ]
    while len(out) < max(size, 16):
        n, rounds = int(rng.integers(2, 6)), int(rng.integers(1, 8))
        den = int(rng.choice([1, 2, 4]))
        out.append({"table": [[Fraction(int(rng.integers(-3 * den, 3 * den + 1)), den) for _ in range(n)]
                              for _ in range(rounds)]})
    return out


def _lem23_interval(rng: np.random.Generator, size: int) -> list[Instance]:
    """Linear losses ±x (the FTL swing), quadratics (z − x)², hinges, concave pieces, and random mixtures on [lo, hi]."""
    out: list[Instance] = [
        {"lo": -1, "hi": 1, "losses": [[0, "1/2", 0, 0, 0], [0, -1, 0, 0, 0], [0, 1, 0, 0, 0], [0, -1, 0, 0, 0]]},
        {"lo": -1, "hi": 1, "losses": [[1, -2 * z, z * z, 0, 0] for z in (Fraction(1), Fraction(-1), Fraction(1, 2))]},
        {"lo": 0, "hi": 2, "losses": [[0, 0, 0, 1, 1], [0, 1, 0, 0, 0], [0, -1, 0, 0, 0], [0, 0, 0, 1, "1/2"]]},
        {"lo": -2, "hi": 3, "losses": [[-1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [0, 0, 0, -1, 1]]},
    ]
    while len(out) < max(size, 16):
        rounds = int(rng.integers(1, 7))
        out.append({"lo": rational(rng, -2, 0, 2) - 1, "hi": rational(rng, 0, 2, 2) + 1, "losses": [
            [rational(rng, -1, 2, 2), rational(rng, -2, 2, 4), rational(rng, -1, 1, 2), rational(rng, -1, 1, 2),
             rational(rng, -2, 2, 4)] for _ in range(rounds)]})
    return out


def _lem23_build(v: dict) -> Instance:
    return {"table": [[Fraction(v[f"l{t}{i}"]) for i in range(3)] for t in range(4)]}


LEM23 = Claim(
    id="pomer.lem2.3", source="Lemma 2.3 (lines 109–115; FTL-BTL, Hazan 2016, Lemma 5.3)", kind=Kind.INEQUALITY,
    statement="for losses l_0, …, l_T on a set 𝓑 and y_t = argmin_𝓑 Σ_{i<t} l_i: Σ_{t=0}^T l_t(y_{t+1}) ≤ "
              "Σ_{t=0}^T l_t(x) for every x ∈ 𝓑; checked at the minimising x (the hardest), for the worst choice "
              "among tied leaders, as (Σ l_t(y_{t+1}) − Σ min l_t)/(min_x Σ l_t(x) − Σ min l_t) ≤ 1",
    hypotheses=(P_exact("losses on one set 𝓑 (a finite table, or [a, b, c, h, k] on [lo, hi] with lo < hi)",
                        _lem23_valid),
                P_exact("no point minimises every l_t (the ratio's denominator is positive)", _lem23_nondegenerate)),
    bound=ONE, quantity=lem23_ratio,
    adversaries=(
        Adversary("tables: FTL's swing, ties at every round (worst leader), random rational tables",
                  generate=_lem23_tables,
                  reaches="finite 𝓑 of 2–5 points, 1–7 rounds, arbitrary rational losses (no convexity)"),
        Adversary("interval: linear, quadratic, hinge and concave losses on [lo, hi]", generate=_lem23_interval,
                  reaches="𝓑 an interval, losses a x² + b x + c + h|x − k| of either sign (leaders exact rationals)"),
        Adversary("search: 4 rounds on 3 points", space=Space({f"l{t}{i}": (-1.0, 1.0) for t in range(4)
                                                             for i in range(3)}, build=_lem23_build),
                  reaches="finite 𝓑 of 3 points, 4 rounds, losses with binary-rational values"),
    ),
    derivation="pomer.lem2.3",
    theorem_class="any loss sequence l_0, …, l_T on any set 𝓑 whose leaders y_t exist (no convexity, any T ≥ 0)",
    narrowed=(
        Narrowing("infinite 𝓑 other than an interval, and other loss shapes",
                  "no exact argmin in general; and none is needed: an instance on any 𝓑 restricts to the finite set "
                  "{y_1, …, y_{T+1}, x}, where the same points are still leaders and both sides are unchanged, so the "
                  "finite tables (up to their sizes) carry every instance"),
        Narrowing("a point minimising every l_t",
                  "then every leader minimises every l_t (the argmin of the sum is the intersection of the argmins), "
                  "both sides equal Σ min l_t and the inequality is an equality; the ratio is 0/0"),
        Narrowing("|𝓑| > 5 or T > 6", "cost of the enumeration grows with |𝓑|·T; by the restriction above, |𝓑| ≤ T + 2 "
                                       "suffices for the rounds reached"),
    ),
    note="The leaders are exact: on a finite 𝓑 by enumeration, on an interval from the candidates of a piecewise "
         "quadratic (ends, kinks, vertices). Where several points lead, the one worst for l_t is taken at every "
         "round (the lemma holds for any choice).",
)



# ---------------------------------------------------------------------------------------------- exact products


def _small_factors(n: int) -> dict[int, int]:
    """n's prime factors below 10³ with their multiplicities, and the remaining cofactor (if > 1) as one more base."""
    out: dict[int, int] = {}
    for q in _PRIMES:
        while n % q == 0:
            out[q] = out.get(q, 0) + 1
            n //= q
    if n > 1:
        out[n] = out.get(n, 0) + 1
    return out


_PRIMES = tuple(int(q) for q in sympy.primerange(2, 1000))


def coprime_base(numbers) -> list[int]:
    """Pairwise coprime integers > 1 of which every one of ``numbers`` (integers ≥ 1) is a product (factor
    refinement: a pair x, y with g = gcd(x, y) > 1 is replaced by x/g, y/g, g until none is left; no factoring)."""
    base = sorted({n for n in numbers if n > 1})
    while True:
        pair = next(((i, j, g) for i in range(len(base)) for j in range(i + 1, len(base))
                     if (g := math.gcd(base[i], base[j])) > 1), None)
        if pair is None:
            return base
        i, j, g = pair
        base = sorted({*(x for k, x in enumerate(base) if k not in (i, j)),
                       *(x for x in (base[i] // g, base[j] // g, g) if x > 1)})


def _over_base(n: int, base: list[int]) -> dict[int, int]:
    """n as Π b^k over the coprime base (every n the base was built from is such a product)."""
    out: dict[int, int] = {}
    for b in base:
        while n % b == 0:
            out[b] = out.get(b, 0) + 1
            n //= b
    if n != 1:
        raise ArithmeticError(f"{n} is not a product of the coprime base")
    return out


def power_product(factors) -> Fraction | arb:
    """Π bᵉ over ``factors`` (pairs of a positive rational base and a rational exponent), written over a coprime base
    of the bases' numerators and denominators (primes below 10³ by trial division, the cofactors refined by gcds):
    exact when every merged exponent is an integer, else an enclosure exp(Σ e·log p). Pairwise coprime integers > 1
    have disjoint prime supports, so the product is 1 exactly when every merged exponent is 0 — proved, not left to
    enclosures that overlap 1 at every precision (large cofactors such as a sum Σν₂u's numerator no longer stay apart
    from the same prime inside another cofactor)."""
    factors = [(Fraction(base), Fraction(exponent)) for base, exponent in factors if exponent]
    parts = [_small_factors(part) for base, _ in factors for part in (base.numerator, base.denominator)]
    base = coprime_base(q for part in parts for q in part)
    merged: dict[int, Fraction] = {}
    for (_, exponent), numerator, denominator in zip(factors, parts[0::2], parts[1::2]):
        for part, sign in ((numerator, 1), (denominator, -1)):
            for q, k in part.items():
                for b, j in _over_base(q, base).items():
                    merged[b] = merged.get(b, Fraction(0)) + sign * k * j * exponent
    merged = {b: e for b, e in merged.items() if e}
    if all(e.denominator == 1 for e in merged.values()):
        out = Fraction(1)
        for b, e in merged.items():
            out *= Fraction(b) ** int(e)
        return out
    return sum((to_arb(e) * to_arb(b).log() for b, e in merged.items()), arb(0)).exp()


def _gibbs(prior, weights) -> list[Fraction]:
    z = sum(p * w for p, w in zip(prior, weights))
    return [p * w / z for p, w in zip(prior, weights)]


def free_energy_factors(nu, prior, weights, sign: int):
    """exp(± F(ν)), F(ν) = E_ν f + KL(ν‖μ₀) with f = −log w: the factors (ν_i/(μ₀_i w_i))^{±ν_i} over supp ν, or None
    when KL(ν‖μ₀) = ∞ (ν charges a point μ₀ does not)."""
    factors = []
    for n, p, w in zip(nu, prior, weights):
        if n:
            if not p:
                return None
            factors.append((n / (p * w), sign * n))
    return factors


def lem48_ratio(values: Instance) -> Fraction | arb:
    """exp(F(μ) − F(μ')) for the Gibbs law μ ∝ μ₀e^{−f} and the instance's μ' (0 when KL(μ'‖μ₀) = ∞)."""
    prior, weights, other = _fracs(values["prior"]), _fracs(values["weights"]), _fracs(values["other"])
    gibbs = free_energy_factors(_gibbs(prior, weights), prior, weights, 1)
    rival = free_energy_factors(other, prior, weights, -1)
    return Fraction(0) if rival is None else power_product(gibbs + rival)


def _lem48_valid(values: Instance) -> bool:
    prior, weights, other = values["prior"], values["weights"], values["other"]
    return (_is_distribution(prior) and _is_distribution(other) and len(prior) == len(weights) == len(other)
            and all(w > 0 for w in _fracs(weights)))


def _lem48_grid(rng: np.random.Generator, size: int) -> list[Instance]:
    """μ' = μ (the minimiser), μ' = μ₀, point masses, μ' near μ, μ' charging a point μ₀ does not, random laws."""
    out: list[Instance] = []
    for n in (2, 3, 5):
        prior = _distribution(rng, n, zeros=n == 5)
        weights = [rational(rng, 1, 4, 3) for _ in range(n)]
        gibbs = _gibbs(prior, weights)
        near = [(999 * g + p) / 1000 for g, p in zip(gibbs, prior)]
        out += [{"prior": prior, "weights": weights, "other": o}
                for o in (gibbs, prior, near, [Fraction(int(i == 0)) for i in range(n)], _distribution(rng, n))]
    out.append({"prior": [0, "1/2", "1/2"], "weights": [1, 2, 3], "other": ["1/3", "1/3", "1/3"]})  # KL = ∞
    out.append({"prior": ["1/2", "1/2"], "weights": [1, 1], "other": ["1/2", "1/2"]})  # f constant: μ = μ₀
    while len(out) < max(size, 20):
        n = int(rng.integers(2, 6))
        out.append({"prior": _distribution(rng, n), "weights": [rational(rng, 1, 8, 4) for _ in range(n)],
                    "other": _distribution(rng, n, zeros=True)})
    return out


def _lem48_build(v: dict) -> Instance:
    prior = [Fraction(v[f"p{i}"]) for i in range(3)]
    other = [Fraction(v[f"o{i}"]) for i in range(3)]
    return {"prior": [x / sum(prior) for x in prior], "weights": [Fraction(v[f"w{i}"]) for i in range(3)],
            "other": [x / sum(other) for x in other]}


LEM48 = Claim(
    id="pomer.lem4.8", source="Lemma 4.8 / B.3 (lines 314–318, 553–557; Gibbs variational principle)",
    kind=Kind.INEQUALITY,
    statement="μ ∝ μ₀e^{−f} minimises F(μ') = E_{μ'}f + KL(μ'‖μ₀) over laws μ' on K: F(μ) ≤ F(μ') for every μ', "
              "written as exp(F(μ) − F(μ')) ≤ 1 (the 'min' of the printed argmin; the Gibbs law itself attains it)",
    hypotheses=(P_exact("μ₀, μ' laws on one finite K; f bounded, given by w = e^{−f} > 0 rational", _lem48_valid),),
    bound=ONE, quantity=lem48_ratio,
    adversaries=(
        Adversary("grid: μ' = μ (attains), μ' = μ₀, point masses, μ' near μ, KL(μ'‖μ₀) = ∞, random laws",
                  generate=_lem48_grid,
                  reaches="finite K of 2–5 points, priors with zeros, e^{−f} rational, μ' any rational law"),
        Adversary("search: prior, e^{−f} and μ' on 3 points", space=Space(
            {**{f"p{i}": (0.01, 1.0) for i in range(3)}, **{f"w{i}": (0.05, 4.0) for i in range(3)},
             **{f"o{i}": (0.0, 1.0) for i in range(3)}}, log=frozenset(f"w{i}" for i in range(3)),
            build=_lem48_build), reaches="K of 3 points, full-support priors, binary-rational e^{−f} and μ'"),
    ),
    derivation="pomer.lem4.8",
    theorem_class="a prior μ₀ on K, a bounded f: K → ℝ, and every law μ' on K",
    narrowed=(
        Narrowing("K infinite (continuous μ₀, μ')",
                  "no exact evaluation of E_{μ'}f + KL(μ'‖μ₀) for general laws on an infinite K in the project"),
        Narrowing("f with e^{−f} irrational somewhere",
                  "instances are exact rationals; e^{−f} ranges over the positive rationals, dense in (0, ∞), and "
                  "both sides are continuous in f on a finite K"),
    ),
    note="Uniqueness (the 'arg' of argmin): for μ' ≠ μ the quantity is exp(−KL(μ'‖μ)) < 1, decided strictly below 1 "
         "on enclosures (tests). The quantity is an exact product of rational powers: F(μ) and F(μ') are computed "
         "term by term from their definitions, equal bases merged, and it is exact wherever the merged exponents are "
         "integers — at μ' = μ all bases are 1/Z, so the value 1 is proved, not guessed.",
)

CLAIMS = (LEM23, LEM47, LEM48)


# ---------------------------------------------------------------------------------------------- Lemma B.4


def dv_maximiser(nu1, nu2, c1: Fraction, c2: Fraction) -> list[Fraction]:
    """The u ∈ [c1, c2]^K maximising E_{ν₁} log u − log E_{ν₂} u, exactly. The objective is concave in v = log u and
    its KKT conditions read u_i = clip(W·ν₁_i/ν₂_i, c1, c2) with W = E_{ν₂} u (u_i = c2 where ν₂_i = 0 < ν₁_i); the
    fixed point W is the root of the nonincreasing piecewise-linear h(W) = Σ ν₂_j clip(W r_j) − W, found exactly
    between consecutive breakpoints c/r_j."""
    def clip(w: Fraction, i: int) -> Fraction:
        if nu2[i] == 0:
            return c2 if nu1[i] else c1
        return min(max(w * nu1[i] / nu2[i], c1), c2)

    def h(w: Fraction) -> Fraction:
        return sum(nu2[i] * clip(w, i) for i in range(len(nu1))) - w

    cuts = sorted({Fraction(0), *(c * nu2[i] / nu1[i] for i in range(len(nu1)) if nu1[i] and nu2[i] for c in (c1, c2))})
    cuts.append(cuts[-1] + c2 + 1)
    for lo, hi in zip(cuts, cuts[1:]):
        if h(lo) >= 0 >= h(hi):
            w = lo if h(lo) == h(hi) else lo + h(lo) * (hi - lo) / (h(lo) - h(hi))
            return [clip(w, i) for i in range(len(nu1))]
    raise AssertionError("h is positive at 0 and negative past the last breakpoint")  # pragma: no cover


def _kl_factors(nu1, nu2, sign: int):
    """exp(±KL(ν₁‖ν₂)) as factors (ν₁_i/ν₂_i)^{±ν₁_i}, or None when KL = ∞."""
    out = []
    for a, b in zip(nu1, nu2):
        if a:
            if not b:
                return None
            out.append((a / b, sign * a))
    return out


def _dv_factors(nu1, nu2, u, sign: int):
    """exp(±(E_{ν₁} log u − log E_{ν₂} u)) as factors."""
    return [*((x, sign * a) for a, x in zip(nu1, u)), (sum(b * x for b, x in zip(nu2, u)), -sign)]


def _dv_inputs(values: Instance):
    return _fracs(values["nu1"]), _fracs(values["nu2"]), frac(values["c1"]), frac(values["c2"])


def dv_upper_ratio(values: Instance) -> Fraction | arb:
    """exp(sup_U DV − KL(ν₁‖ν₂)) (0 when KL = ∞): the '≤' half of Lemma B.4's equality."""
    nu1, nu2, c1, c2 = _dv_inputs(values)
    kl = _kl_factors(nu1, nu2, -1)
    return Fraction(0) if kl is None else power_product(_dv_factors(nu1, nu2, dv_maximiser(nu1, nu2, c1, c2), 1) + kl)


def dv_lower_ratio(values: Instance) -> Fraction | arb:
    """exp(KL(ν₁‖ν₂) − sup_U DV) (+∞ when KL = ∞): the '≥' half of Lemma B.4's equality."""
    nu1, nu2, c1, c2 = _dv_inputs(values)
    kl = _kl_factors(nu1, nu2, 1)
    if kl is None:
        return arb.pos_inf()
    return power_product(_dv_factors(nu1, nu2, dv_maximiser(nu1, nu2, c1, c2), -1) + kl)


def _dv_valid(values: Instance) -> bool:
    nu1, nu2 = values["nu1"], values["nu2"]
    return (_is_distribution(nu1) and _is_distribution(nu2) and len(nu1) == len(nu2)
            and 0 < frac(values["c1"]) <= frac(values["c2"]))


def _ratio_fits(values: Instance) -> bool:
    """ν₁ ≪ ν₂ ≪ ν₁ and max r / min r ≤ c2/c1 for r = dν₁/dν₂: some multiple of the density lies in U."""
    nu1, nu2, c1, c2 = _dv_inputs(values)
    if any((a == 0) != (b == 0) for a, b in zip(nu1, nu2)):
        return False
    r = [a / b for a, b in zip(nu1, nu2) if b]
    return max(r) * c1 <= min(r) * c2


def _dv_grid(rng: np.random.Generator, size: int) -> list[Instance]:
    """Boxes wide enough for the density ratio (attained), exactly as wide, too narrow, constants only (c1 = c2),
    ν₁ not ≪ ν₂ (KL = ∞), and random laws and boxes."""
    out: list[Instance] = [
        {"nu1": ["9/10", "1/10"], "nu2": ["1/2", "1/2"], "c1": 1, "c2": 9},  # spread 9 = c2/c1: attained
        {"nu1": ["9/10", "1/10"], "nu2": ["1/2", "1/2"], "c1": 1, "c2": 2},  # too narrow
        {"nu1": ["9/10", "1/10"], "nu2": ["1/2", "1/2"], "c1": 1, "c2": 1},  # constants only: sup = 0
        {"nu1": [1, 0], "nu2": [0, 1], "c1": "1/2", "c2": 2},  # KL = ∞
        {"nu1": ["1/2", "1/2", 0], "nu2": ["1/3", "1/3", "1/3"], "c1": "1/10", "c2": 10},  # ν₂ charges 3, ν₁ not
        {"nu1": ["1/4", "1/4", "1/2"], "nu2": ["1/4", "1/4", "1/2"], "c1": 1, "c2": 1},  # ν₁ = ν₂: 0 = 0
    ]
    while len(out) < max(size, 20):
        n = int(rng.integers(2, 6))
        c1 = rational(rng, 1, 4, 4)
        out.append({"nu1": _distribution(rng, n, zeros=bool(rng.integers(0, 2))), "nu2": _distribution(rng, n),
                    "c1": c1, "c2": c1 * rational(rng, 1, 12, 2)})
    return out


def _dv_build(v: dict) -> Instance:
    a = [Fraction(v[f"a{i}"]) for i in range(3)]
    b = [Fraction(v[f"b{i}"]) for i in range(3)]
    return {"nu1": [x / sum(a) for x in a], "nu2": [x / sum(b) for x in b], "c1": 1, "c2": Fraction(v["spread"])}


_DV_ADVERSARIES = (
    Adversary("grid: boxes wider than, equal to and narrower than the density ratio's spread, c1 = c2, KL = ∞, random",
              generate=_dv_grid, reaches="finite K of 2–5 points, rational ν₁, ν₂ (zeros included), rational boxes"),
    Adversary("search: ν₁, ν₂ on 3 points, c2/c1 ∈ [1, 50]", space=Space(
        {**{f"a{i}": (0.01, 1.0) for i in range(3)}, **{f"b{i}": (0.01, 1.0) for i in range(3)}, "spread": (1.0, 50.0)},
        log=frozenset({"spread"}), build=_dv_build), reaches="K of 3 points, full supports, binary-rational laws and box"),
)
def _dv_fit_build(v: dict) -> Instance:
    inst = _dv_build(v)
    r = [a / b for a, b in zip(inst["nu1"], inst["nu2"])]
    return {**inst, "c1": min(r), "c2": max(r) * Fraction(v["spread"])}


_DV_FIX_ADVERSARIES = (
    _DV_ADVERSARIES[0],
    Adversary("search: ν₁, ν₂ on 3 points, [c1, c2] = [min r, s·max r], s ∈ [1, 50]", space=Space(
        {**{f"a{i}": (0.01, 1.0) for i in range(3)}, **{f"b{i}": (0.01, 1.0) for i in range(3)}, "spread": (1.0, 50.0)},
        log=frozenset({"spread"}), build=_dv_fit_build),
        reaches="K of 3 points, full supports, boxes holding dν₁/dν₂ from exactly to 50 times too wide"),
)
_DV_CLASS = ("laws ν₁, ν₂ on K and U = {u continuous on K with values in [c1, c2]} for constants 0 < c1 ≤ c2, "
             "read literally: one pair of constants for the whole set (line 559)")
_DV_NARROWED = (
    Narrowing("K infinite", "the supremum over U has no exact evaluation for general laws on an infinite K; on a finite "
                            "K every function is continuous and U is the box [c1, c2]^K, maximised exactly (KKT)"),
)
_DV_SOURCE = "Lemma B.4 (lines 559–563; Donsker & Varadhan 1975, Lemma 2.1, rephrased)"

LEMB4 = Claim(
    id="pomer.lemB.4", source=_DV_SOURCE, kind=Kind.INEQUALITY,
    statement="sup_{u∈U} (E_{ν₁} log u − log E_{ν₂} u) ≤ KL(ν₁‖ν₂) (the '≤' half of the printed equality), written as "
              "exp(sup − KL) ≤ 1",
    hypotheses=(P_exact("ν₁, ν₂ laws on one finite K; 0 < c1 ≤ c2", _dv_valid),),
    bound=ONE, quantity=dv_upper_ratio, adversaries=_DV_ADVERSARIES, derivation="pomer.lemB.4",
    theorem_class=_DV_CLASS, narrowed=_DV_NARROWED,
    note="The supremum is the exact maximiser of the concave problem on the box (its KKT fixed point, a rational u); "
         "KL is computed from its definition; both as exact products of rational powers (exact where the exponents "
         "merge to integers, else enclosed).",
)
LEMB4_LOWER = Claim(
    id="pomer.lemB.4:lower", source=_DV_SOURCE + ", the '≥' half", kind=Kind.INEQUALITY,
    statement="KL(ν₁‖ν₂) ≤ sup_{u∈U} (E_{ν₁} log u − log E_{ν₂} u) with U the continuous functions with values in one "
              "box [c1, c2] (as printed), written as exp(KL − sup) ≤ 1",
    hypotheses=(P_exact("ν₁, ν₂ laws on one finite K; 0 < c1 ≤ c2", _dv_valid),),
    bound=ONE, quantity=dv_lower_ratio, adversaries=_DV_ADVERSARIES, derivation="pomer.lemB.4:lower",
    theorem_class=_DV_CLASS, narrowed=_DV_NARROWED,
    reading="'for some constants c1, c2 > 0' (line 559) read as one box [c1, c2] for all of U; read per function, as "
            "Donsker–Varadhan state it, the equality holds (pomer.lemB.4:lower+fix) — a violation that rests on this "
            "reading is listed under readings, not as a printed violation",
    note="With one box for all of U the supremum is below KL whenever no multiple of dν₁/dν₂ fits in [c1, c2] (its "
         "spread max/min exceeds c2/c1, or ν₁ is not ≪ ν₂ and KL = ∞). Donsker–Varadhan's Lemma 2.1 takes every "
         "positive continuous u (each bounded by its own constants): pomer.lemB.4:lower+fix. The paper uses only the "
         "'≤' half (line 563), which holds (pomer.lemB.4).",
)
LEMB4_LOWER_FIX = Claim(
    id="pomer.lemB.4:lower+fix", source=_DV_SOURCE + ", the '≥' half with U large enough", kind=Kind.INEQUALITY,
    statement="if some multiple of dν₁/dν₂ takes values in [c1, c2] (ν₁, ν₂ mutually absolutely continuous and "
              "max r/min r ≤ c2/c1) — as it does for Donsker–Varadhan's U of all positive continuous functions — then "
              "KL(ν₁‖ν₂) ≤ sup_{u∈U} (E_{ν₁} log u − log E_{ν₂} u)",
    hypotheses=(P_exact("ν₁, ν₂ laws on one finite K; 0 < c1 ≤ c2", _dv_valid),
                P_exact("a multiple of dν₁/dν₂ lies in [c1, c2]", _ratio_fits)),
    bound=ONE, quantity=dv_lower_ratio, adversaries=_DV_FIX_ADVERSARIES, derivation="pomer.lemB.4:lower+fix",
    corrects="pomer.lemB.4:lower", theorem_class=_DV_CLASS + ", with a multiple of dν₁/dν₂ in [c1, c2]",
    narrowed=_DV_NARROWED,
    note="Every u = c·dν₁/dν₂ ∈ U gives E_{ν₁} log u − log E_{ν₂} u = KL exactly; Donsker–Varadhan's own U (positive "
         "continuous u, each with its own bounds) contains such a u whenever KL < ∞ and ν₂ ≪ ν₁, and approaches it "
         "otherwise.",
)

CLAIMS = (*CLAIMS, LEMB4, LEMB4_LOWER, LEMB4_LOWER_FIX)
