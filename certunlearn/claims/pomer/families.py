"""The instance families and adversaries of the POMER claims (paper file ``001_8748437fc158d2af.txt``).

* LSI (Definition 3.1, Lemma 3.2; lines 136–144): :func:`lsi_grid`, :func:`lsi_search`.
* closeness (Lemmas 3.5, 3.6; lines 158–170): :func:`closeness_grid`, :func:`closeness_search`.
* Algorithm 1's law (Lemma 4.2, Theorem 4.1; lines 176–233): :data:`SEQUENCES`, :func:`law_grid`, :func:`law_search`.
* Lemma 4.6 (lines 294–301): at t = 1 :func:`first_round_grid`, rounds t ≥ 2 :func:`drift_grid`.
* Claim C.2 (line 595; its case t > t₀, proof lines 687–697): :func:`post_grid`, :func:`post_search`; footnote 4 (line 231): :func:`footnote_grid`.
* Theorems 4.3/4.4 (lines 233–255): :func:`thm44_grid`, :func:`thm44_regret_grid`, :func:`composition_grid`, :func:`trajectory_grid`,
  :func:`trajectory_instances`, :func:`trajectory_meaningful`; Theorem 4.5 (lines 257–267): :func:`thm45_grid`.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from ...numeric.fraction import Fraction
from ..growth import grown, rational
from ..instances import frac
from ..model import Adversary, Instance, Space
from .common import closeness_level, losses_of


def lsi_grid(with_losses: bool):
    def generate(rng: np.random.Generator, size: int):
        losses = ([[]] + ([[[0, -1, 1]], [["1/3", -2, 1], [-1, 0, "1/2"]], [[-5, 1, 1]]] if with_losses else []))
        out = []
        for (lo, hi), (bt, lm), s, ls in itertools.product(
                (("-1", "1"), ("-4", "3"), ("-1/2", "2")), (("4", "1"), ("1", "1"), ("20", "3")),
                ("1/10", "1", "-2"), losses):
            out.append({"a": lo, "b": hi, "beta": bt, "lam": lm, "s": s, "losses": ls})
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return out
    return Adversary("grid: K, (β, λ), slope s of g = e^{sx}" + (", hinge losses" if with_losses else ""), generate=generate)


def lsi_search(with_losses: bool) -> Adversary:
    def build(v: dict) -> Instance:
        if not with_losses:
            return {**v, "losses": []}
        k, left, jump = v.pop("k"), v.pop("left"), v.pop("jump")
        return {**v, "losses": [[k, left, left + jump]]}

    bounds = {"a": (-5.0, -0.01), "b": (0.01, 5.0), "beta": (0.05, 50.0), "lam": (0.05, 20.0), "s": (-5.0, 5.0)}
    if with_losses:
        bounds.update({"k": (-3.0, 3.0), "left": (-3.0, 3.0), "jump": (0.0, 4.0)})
    return Adversary("search over K, (β, λ), s" + (" and a hinge loss" if with_losses else ""),
                     space=Space(bounds, log=frozenset({"beta", "lam"}), build=build))


def closeness_grid(rng: np.random.Generator, size: int):
    out = []
    for (lo, hi), (bt, lm), gg, dl in itertools.product(
            (("-1", "1"), ("-3", "1/2"), ("-10", "10")), (("1", "1"), ("10", "1"), ("1/10", "4"), ("50", "2")),
            ("1", "1/4", "3"), ("1/2", "1e-3", "1e-8")):
        g = frac(gg)
        for first, second in (([-99, g, g], [-99, -g, -g]),  # ±Gx: l − l' = 2Gx
                              ([0, 0, g], [-99, 0, 0]),  # hinge vs zero
                              ([0, -g, g], [-99, g, g])):  # |x| vs linear
            inst = {"a": lo, "b": hi, "beta": bt, "lam": lm, "delta": dl, "losses": [first], "other": [second]}
            (f,), (h,) = losses_of(inst), losses_of(inst, "other")
            out.append({**inst, "G": (f - h).lipschitz})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def closeness_search() -> Adversary:
    def build(v: dict) -> Instance:
        g1, g2 = v.pop("g1"), v.pop("g2")
        return {**v, "G": abs(frac(g1) - frac(g2)), "losses": [[0, g1, g1]], "other": [[0, g2, g2]]}

    return Adversary("search: linear losses on K, (β, λ, δ)", space=Space(
        {"a": (-5.0, -0.01), "b": (0.01, 5.0), "beta": (0.01, 100.0), "lam": (0.01, 10.0), "delta": (1e-10, 1.0),
         "g1": (-3.0, 3.0), "g2": (-3.0, 3.0)}, log=frozenset({"beta", "lam", "delta"}), build=build))


def _t_and_shape(values: Instance) -> dict:
    a, b = frac(values["a"]), frac(values["b"])
    return {"T": len(values["losses"]), "D": b - a, "d": 1}


SEQUENCES = (
    [[-9, 1, 1], [9, -1, -1], [-9, 1, 1]],  # ±Gx alternating (kinks outside K: linear)
    [[0, -1, 1], [0, -1, 1], [0, -1, 1]],  # |x| repeatedly
    [["1/2", -1, 1], ["-1/2", -1, 1], [0, 0, 1], [-9, 1, 1]],  # hinges, then linear
    [[-9, 1, 1], [-9, 1, 1], [9, -1, -1], [9, -1, -1]],  # FTL-adversarial block
    [[-9, 1, 1], [9, -1, -1]],
)


def law_grid(with_delta: bool, params=(("1", "1", "0", "5/4"), ("4", "2", "1/10", "3/2"), ("20", "1", "1/4", "11/10"),
                                        ("1/2", "1/2", "1/2", "2"), ("1", "1", "0", "8"), ("4", "2", "1/10", "60")),
             name: str = "loss sequences (±Gx, |x|, hinges, FTL blocks) × (β, λ, p, Φ) × initial point"):
    def generate(rng: np.random.Generator, size: int):
        out = []
        for seq, (bt, lm, pp, ph), init in itertools.product(SEQUENCES, params, ("uniform", "gibbs")):
            inst = {"a": "-1", "b": "1", "beta": bt, "lam": lm, "p": pp, "Phi": ph, "G": "1", "losses": seq,
                    "initial": init}
            if with_delta:
                inst["delta"] = closeness_level(inst)
            out.append({**inst, **_t_and_shape(inst)})
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return out
    return Adversary(name, generate=generate)


def small_switch_grid(with_delta: bool) -> Adversary:
    """The loss sequences at p̃ = p + 1 − Φ⁻² ≤ 1/3, where 3p̃T ≤ T: the switch tail Pr[S_T ≥ 3p̃T] can be positive and
    the budget B = 3p̃T can bind (at every (β, λ, p, Φ) of :func:`law_grid` p̃ > 1/3, so the tail is 0 and the budget
    never binds). For the tail: β ∈ {1, 20, 100} (sharp laws switch most), λ = 1, (p, Φ) ∈ {(0, 21/20), (0, 11/10),
    (1/20, 101/100), (1/10, 101/100)} (p̃ from 0.06 to 0.17). With ``with_delta`` (Theorem 4.1's hypothesis that
    consecutive laws are (Φ, δ)-close at δ ≤ 1/2, which sharp laws at Φ near 1 break): β ∈ {1/20, 1/5}, λ ∈ {1, 4},
    (p, Φ) ∈ {(0, 21/20), (1/20, 21/20), (0, 11/10), (0, 6/5)} (p̃ from 0.09 to 0.31; the budget binds at the first
    two)."""
    if with_delta:
        scales = (("1/20", "1"), ("1/20", "4"), ("1/5", "1"), ("1/5", "4"))
        switch = (("0", "21/20"), ("1/20", "21/20"), ("0", "11/10"), ("0", "6/5"))
    else:
        scales = (("1", "1"), ("20", "1"), ("100", "1"))
        switch = (("0", "21/20"), ("0", "11/10"), ("1/20", "101/100"), ("1/10", "101/100"))
    params = tuple((bt, lm, pp, ph) for (bt, lm), (pp, ph) in itertools.product(scales, switch))
    return law_grid(with_delta, params, name="p̃ ≤ 1/3 (p ∈ {0, 1/20, 1/10}, Φ near 1), where the tail's threshold and "
                                             "the budget 3p̃T lie below T: loss sequences × (β, λ) × initial point")


def law_search(with_delta: bool) -> Adversary:
    def build(v: dict) -> Instance:
        g = [v.pop(f"g{i}") for i in range(3)]
        inst = {**v, "a": "-1", "b": "1", "G": "1", "losses": [[-9, gi, gi] for gi in g], "initial": "uniform"}
        if with_delta:
            inst["delta"] = closeness_level(inst)
        return {**inst, **_t_and_shape(inst)}

    return Adversary("search: three linear losses g_t·x, |g_t| ≤ 1, and (β, λ, p, Φ)", space=Space(
        {"beta": (0.05, 50.0), "lam": (0.05, 20.0), "p": (0.0, 1.0), "Phi": (1.0001, 4.0),
         "g0": (-1.0, 1.0), "g1": (-1.0, 1.0), "g2": (-1.0, 1.0)}, log=frozenset({"beta", "lam"}), build=build))


def random_interval(rng: np.random.Generator) -> tuple[Fraction, Fraction]:
    """K = [a, b] ∋ 0 with −a, b random in [1/10, 3] (tenths)."""
    return -rational(rng, Fraction(1, 10), 3, 10), rational(rng, Fraction(1, 10), 3, 10)


def random_hinge(rng: np.random.Generator, g: Fraction = Fraction(1)) -> list[Fraction]:
    """A random convex G-Lipschitz loss ``[kink, left, right]``: kink in [−2, 2], slopes −G ≤ left ≤ right ≤ G
    (eighths of G; a kink outside K makes it linear there)."""
    left = rational(rng, -1, 1, 8)
    return [rational(rng, -2, 2, 4), g * left, g * rational(rng, left, 1, 8)]


def first_round_grid(initial: str) -> Adversary:
    """Lemma 4.6 at t = 1: K ∈ {[−1, 1], [−3, 1], [−1/10, 1/10]} × (β, λ); above the quick size
    (:mod:`certunlearn.claims.growth`), random K ∋ 0 and β, λ ∈ [1/100, 100] after the list."""

    def draw(rng: np.random.Generator) -> dict:
        a, b = random_interval(rng)
        return {"a": a, "b": b, "beta": rational(rng, Fraction(1, 100), 100, 100),
                "lam": rational(rng, Fraction(1, 100), 100, 100), "initial": initial}

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        listed = [{"a": lo, "b": hi, "beta": bt, "lam": lm, "initial": initial}
                  for (lo, hi), (bt, lm) in itertools.product((("-1", "1"), ("-3", "1"), ("-1/10", "1/10")),
                                                              (("1", "1"), ("10", "1"), ("1/100", "1"), ("100", "5")))]
        return grown(listed, size, draw, rng)

    return Adversary("K and (β, λ)", generate=generate)


def drift_grid(initial: str):
    """Loss sequences × (β, λ, p, Φ) × rounds t ≥ 2, with (β, λ, p, Φ) such that the least closeness level δ lies
    in (0.004, 1/2). For x₁ uniform also Φ = 8 at β = λ = 1, where consecutive laws are (Φ, 0)-close on K: the bound
    is then 0, and with x₁ ∼ μ̄₁ q_t = μ̄_t exactly (0 ≤ 0, which an enclosure cannot decide). Above the quick size
    (:mod:`certunlearn.claims.growth`), random instances after the list: 2–5 random convex 1-Lipschitz hinges, K,
    β ∈ [1/10, 20], λ ∈ [1/10, 5], p ∈ [0, 1], Φ ∈ [11/10, 8], δ as above (redrawn, at most 20 times, while the
    least level is not in (1/250, 1/2): below it the drift's enclosure, a few thousandths wide, decides nothing), t
    random."""

    def draw(rng: np.random.Generator) -> dict:
        for _ in range(20):
            length = int(rng.integers(2, 6))
            a, b = random_interval(rng)
            inst = {"a": a, "b": b, "beta": rational(rng, Fraction(1, 10), 20, 10),
                    "lam": rational(rng, Fraction(1, 10), 5, 10), "p": rational(rng, 0, 1, 20),
                    "Phi": rational(rng, Fraction(11, 10), 8, 10), "G": "1",
                    "losses": [random_hinge(rng) for _ in range(length)], "initial": initial}
            inst["delta"] = closeness_level(inst)
            if Fraction(1, 250) < inst["delta"] < Fraction(1, 2):
                break
        return {**inst, "t": int(rng.integers(2, length + 1)), **_t_and_shape(inst)}
    params = (("4", "2", "1/10", "8"), ("2", "1", "0", "3"), ("1", "1", "0", "2"), ("4", "2", "1/10", "4"))
    params = params if initial == "gibbs" else (("1", "1", "0", "8"),) + params

    def generate(rng: np.random.Generator, size: int):
        out = []
        for seq, (bt, lm, pp, ph) in itertools.product(SEQUENCES[:3], params):
            inst = {"a": "-1", "b": "1", "beta": bt, "lam": lm, "p": pp, "Phi": ph, "G": "1", "losses": seq,
                    "initial": initial}
            inst["delta"] = closeness_level(inst)
            out.extend({**inst, "t": t, **_t_and_shape(inst)} for t in range(2, len(seq) + 1))
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return grown(out, size, draw, rng)
    return Adversary(f"loss sequences × (β, λ, p, Φ) × rounds t ≥ 2, x₁ {initial}", generate=generate)


def post_grid(rng: np.random.Generator, size: int):
    out = []
    for (bt, lm), (lo, hi), gsign, prefix in itertools.product(
            (("1", "1"), ("10", "1"), ("1/4", "2"), ("100", "10"), ("3", "1/10")),
            (("-1", "1"), ("-10", "10"), ("-1/2", "3")), (1, -1), ([], [[0, -1, 1]], [[-99, 1, 1], [-99, 1, 1]])):
        seq = [[-99, 1, 1]] + prefix  # l_{t0} = +Gx
        out.append({"a": lo, "b": hi, "beta": bt, "lam": lm, "G": "1", "t0": 1, "losses": seq,
                    "replacement": [[-99, -1, -1]], "current": [[-99, gsign, gsign]]})  # l'_{t0} = −Gx, l_t = ±Gx
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def post_search() -> Adversary:
    def build(v: dict) -> Instance:
        g0, g1, gt, k = v.pop("g0"), v.pop("g1"), v.pop("gt"), v.pop("k")
        return {**v, "G": "1", "t0": 1, "losses": [[-99, g0, g0]], "replacement": [[-99, g1, g1]],
                "current": [[k, -abs(gt), abs(gt)]]}

    return Adversary("search: l_{t0}, l'_{t0} linear, l_t hinge, K and (β, λ)", space=Space(
        {"a": (-10.0, -0.01), "b": (0.01, 10.0), "beta": (0.01, 100.0), "lam": (0.01, 10.0), "g0": (-1.0, 1.0),
         "g1": (-1.0, 1.0), "gt": (0.0, 1.0), "k": (-2.0, 2.0)}, log=frozenset({"beta", "lam"}), build=build))


def footnote_grid(rng: np.random.Generator, size: int):
    """Constants c added to l_t = |x| or x after the prefix max(0, x) on K = [−1, 1], (β, λ) × c × Φ. The quick profile
    (size ≤ 40) takes ten: three where the ratio is proved = 1 symbolically (~1 s an instance) and seven at
    (β, λ) = (5, 2) with Φ ≤ 3/2, where every x is clipped alike and the ratio is exactly 1; the thorough profile all 54."""
    out = []
    for (bt, lm), shift, cur, ph in itertools.product((("1", "1"), ("5", "2"), ("1/3", "1/2")), ("1", "-1", "7/2"),
                                                      ([[0, -1, 1]], [[-9, 1, 1]]), ("3/2", "5", "11/10")):
        out.append({"a": "-1", "b": "1", "beta": bt, "lam": lm, "shift": shift, "losses": [[0, 0, 1]],
                    "current": cur, "Phi": ph})
    if size <= 40:
        picks = ((("1", "1"), "1", 0, "5"), (("1", "1"), "7/2", 1, "5"), (("1/3", "1/2"), "-1", 0, "3/2"),
                 (("5", "2"), "1", 0, "3/2"), (("5", "2"), "-1", 1, "3/2"), (("5", "2"), "7/2", 0, "3/2"),
                 (("5", "2"), "1", 1, "3/2"), (("5", "2"), "-1", 0, "3/2"), (("5", "2"), "7/2", 1, "3/2"),
                 (("5", "2"), "1", 0, "11/10"))
        out = [i for i in out for (bt, lm), shift, cur, ph in picks
               if (i["beta"], i["lam"], i["shift"], i["Phi"]) == (bt, lm, shift, ph)
               and i["current"] == ([[0, -1, 1]], [[-9, 1, 1]])[cur]]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def thm44_grid(rng: np.random.Generator, size: int):
    out = [{"epsilon": e, "delta": dl, "T": t, "G": g, "D": dd, "d": dim}
           for e, dl, t, g, dd, dim in itertools.product(("1", "1/2", "1/100"), ("1/2", "1e-5", "1e-12"),
                                                          ("100", "10000", "1000000000"), ("1", "1/10"), ("1", "7"),
                                                          ("1", "100"))]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def thm44_regret_grid(rng: np.random.Generator, size: int):
    """Theorem 4.4's regret in one dimension: K = [−1, 1] (D = 2, d = 1), T as small as T ≥ 12 log(1/δ) allows
    (T = 9 at δ = 1/2, T = 12 at δ = 2/5), ε ∈ {1, 1/2, 1/100}; ±Gx alternating, |x| repeated (its regret grows
    fastest), an FTL-adversarial block and hinges at ±1/2; x₁ uniform (as printed) or ∼ μ̄₁. The quick profile
    (size ≤ 40) keeps twelve (x₁ uniform, ε ∈ {1, 1/100}, no hinges); the thorough profile all 48 and T = 24 at
    δ = 1/2 (~0.5 s per instance)."""
    lengths = (("1/2", 9), ("2/5", 12)) + ((("1/2", 24),) if size > 40 else ())
    out = []
    for (dl, t_len), pattern, eps, init in itertools.product(
            lengths, ("alternate", "abs", "block", "hinge"), ("1", "1/2", "1/100"), ("uniform", "gibbs")):
        seq = {"alternate": [[-9, (-1) ** t, (-1) ** t] for t in range(t_len)], "abs": [[0, -1, 1]] * t_len,
               "block": [[-9, 1, 1]] * (t_len // 2) + [[9, -1, -1]] * (t_len - t_len // 2),
               "hinge": [["1/2" if t % 2 else "-1/2", -1, 1] for t in range(t_len)]}[pattern]
        if size > 40 or (eps != "1/2" and init == "uniform" and pattern != "hinge"):
            out.append({"a": "-1", "b": "1", "G": "1", "D": "2", "d": 1, "T": t_len, "delta": dl, "epsilon": eps,
                        "losses": seq, "initial": init})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def composition_grid(rng: np.random.Generator, size: int):
    out = [{"beta": bt, "lam": lm, "G": g, "T": t, "delta": dl}
           for bt, lm, g, t, dl in itertools.product(("1e-6", "1e-3", "1/10", "1"), ("1", "100", "10000"), ("1", "1/10"),
                                                      ("100", "10000", "1000000"), ("1/2", "1e-6"))]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def trajectory_grid(per_forty: int):
    """Neighbouring sequences of ±Gx and hinges differing first, in the middle or last; T as small as the
    hypothesis T ≥ 12 log(1/δ) allows; (β, λ) with βG²/λ from 10⁻³ to 10⁻² and βλ from 10⁻² to 10³. The profile
    (size 40 in quick) takes the first ``per_forty``·size/40 of the 64 instances; the full bracket costs ~1 s per
    instance and direction (the claim's instances are cheap: the privacy loss stays below its ε)."""
    def generate(rng: np.random.Generator, size: int):
        return trajectory_instances()[:max(1, per_forty * size // 40)]
    return generate


def trajectory_instances() -> list:
    out = []
    for (bt, lm), (dl, t_len), (pattern, t0), init in itertools.product(
            (("1/10", "100"), ("1", "100"), ("1/1000", "1"), ("1", "1000")), (("1/2", 9), ("2/5", 12)),
            (("alternate", 0), ("hinge", 0), ("same", 4), ("alternate", -1)), ("uniform", "gibbs")):
        base = {"alternate": [[-9, (-1) ** t, (-1) ** t] for t in range(t_len)],
                "hinge": [[0, -1, 1]] * t_len, "same": [[-9, 1, 1]] * t_len}[pattern]
        other = list(base)
        other[t0] = [-9, -base[t0][2], -base[t0][2]] if pattern != "hinge" else [-9, 1, 1]
        out.append({"a": "-1", "b": "1", "G": "1", "beta": bt, "lam": lm, "delta": dl, "T": t_len,
                    "losses": base, "other": other, "initial": init})
    return out  # the first two differ in the first round (uniform and Gibbs x₁)


def trajectory_meaningful(rng: np.random.Generator, size: int):
    """Neighbouring ±Gx / hinge sequences (differing in round 1) at T and β/λ where Theorem 4.3's certificate is
    meaningful: λ = 10⁴ on K = [−1, 1] and β/λ small enough for ε of order 1, large enough for 3Te^{−(1−Φ⁻²)T} ≪ 1.
    T = 40, β = 1/50, δ = 1/5: certified (ε, δ) ≈ (5.2, 0.37); the thorough profile (size > 40) adds x₁ ∼ μ̄₁ and
    T = 100, β = 53/10⁴, δ = 1/10: (ε, δ) ≈ (3.9, 0.12), where B = 3p̃T ≈ 93 may bind (the bracket is widened by
    the binomial bound on the budget's effect) — ~1 s (T = 40) and ~3 s (T = 100) per instance."""
    settings = [(40, "1/50", "1/5", "uniform")]
    if size > 40:
        settings += [(40, "1/50", "1/5", "gibbs"), (100, "53/10000", "1/10", "uniform")]
    out = []
    for (t_len, bt, dl, init), pattern in itertools.product(settings, ("alternate", "hinge")):
        base = ([[-9, (-1) ** t, (-1) ** t] for t in range(t_len)] if pattern == "alternate" else [[0, -1, 1]] * t_len)
        other = list(base)
        other[0] = [-9, -base[0][2], -base[0][2]] if pattern == "alternate" else [-9, 1, 1]
        out.append({"a": "-1", "b": "1", "G": "1", "beta": bt, "lam": "10000", "delta": dl, "T": t_len,
                    "losses": base, "other": other, "initial": init})
    return out


def thm45_grid(rng: np.random.Generator, size: int):
    """Theorem 4.5: the loss sequences of length ≥ 3 × S ∈ {1, 2, 3} × initial point, on K = [−1, 1] with G = 1;
    above the quick size (:mod:`certunlearn.claims.growth`), random instances after the list: K ∋ 0, G ∈ [1/4, 2],
    T = 3 … 7 random convex G-Lipschitz hinges, S ∈ {1, …, T}, either initial point."""

    def draw(rng: np.random.Generator) -> dict:
        a, b = random_interval(rng)
        g = rational(rng, Fraction(1, 4), 2, 4)
        length = int(rng.integers(3, 8))
        return {"a": a, "b": b, "G": g, "D": b - a, "d": 1, "T": length, "S": int(rng.integers(1, length + 1)),
                "losses": [random_hinge(rng, g) for _ in range(length)],
                "initial": ("uniform", "gibbs")[int(rng.integers(2))]}

    out = []
    for seq, s_budget, g in itertools.product(SEQUENCES[:4], ("1", "2", "3"), ("1",)):
        if len(seq) < 3:
            continue
        out.append({"a": "-1", "b": "1", "G": g, "D": "2", "d": 1, "T": len(seq), "S": s_budget, "losses": seq,
                    "initial": "uniform"})
        out.append({"a": "-1", "b": "1", "G": g, "D": "2", "d": 1, "T": len(seq), "S": s_budget, "losses": seq,
                    "initial": "gibbs"})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return grown(out, size, draw, rng)


def t0_grid(rng: np.random.Generator, size: int):
    """Claim C.2 at t = t₀: l_{t₀} = Gx vs −Gx or hinge vs 0, a shared prefix, x across K, (β, λ, Φ, p)."""
    out = []
    for (bt, lm), prefix, (first, second), ph, pp, x in itertools.product(
            (("1", "1"), ("10", "1"), ("1/4", "2")), ([], [[0, -1, 1]]),
            (([-9, 1, 1], [-9, -1, -1]), ([0, 0, 1], [-9, 0, 0])), ("5", "100", "3/2"), ("1/10", "1/2", "1"),
            ("-1", "-1/2", "0", "1/2", "1")):
        out.append({"a": "-1", "b": "1", "beta": bt, "lam": lm, "G": "1", "losses": prefix, "changed": [first],
                    "replacement": [second], "Phi": ph, "p": pp, "x": x})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def c3_grid(marginal: bool):
    """Claim C.3 at t = 2 with l_1 = Gx vs l'_1 = −Gx (t₀ = 1) and l_2 = ±Gx; T = 9 or 12, δ at the least value
    T ≥ 12 log(1/δ) allows; K = [−R, R] with R from 1 (E_t = K) to 400 (E_t ≠ K at Theorem 4.3's Φ ≈ e^{89}).
    The conditional form puts x_{t−1} = x across K (ζ_{t−1} = 0); the marginal form runs the exact law. Above the
    quick size (:mod:`certunlearn.claims.growth`), random instances after the list: R ∈ [1/2, 400], β ∈ [1/20, 4],
    λ ∈ [1/10, 2], G ∈ [1/4, 2], l_2 = g·x with |g| ≤ G, T = 9 … 16 with δ the least multiple of 1/1000 that
    T ≥ 12 log(1/δ) allows (at most 1/2), x across K in the conditional form."""

    def draw(rng: np.random.Generator) -> dict:
        radius = rational(rng, Fraction(1, 2), 400, 2)
        g = rational(rng, Fraction(1, 4), 2, 4)
        g2 = g * rational(rng, -1, 1, 4)
        t_len = int(rng.integers(9, 17))
        inst = {"a": -radius, "b": radius, "beta": rational(rng, Fraction(1, 20), 4, 20),
                "lam": rational(rng, Fraction(1, 10), 2, 10), "G": g, "T": t_len,
                "delta": min(Fraction(1, 2), Fraction(math.ceil(1000 * math.exp(-t_len / 12) + 1), 1000)),
                "losses": [[-999, g, g], [-999, g2, g2]], "other": [[-999, -g, -g], [-999, g2, g2]],
                "initial": "gibbs"}
        if not marginal:
            inst["x"] = rational(rng, -radius, radius, 2)
        return inst

    def generate(rng: np.random.Generator, size: int):
        out = []
        for (bt, lm), radius, (t_len, dl), g2, x in itertools.product(
                (("1", "1"), ("1/10", "1")), ("1", "200", "400"), ((9, "1/2"), (12, "2/5")), (1, -1),
                ((None,) if marginal else ("0", "1/2", "150", "-150", "399/2"))):
            if x is not None and abs(frac(x)) > frac(radius):
                continue
            inst = {"a": f"-{radius}", "b": radius, "beta": bt, "lam": lm, "G": "1", "T": t_len, "delta": dl,
                    "losses": [[-999, 1, 1], [-999, g2, g2]], "other": [[-999, -1, -1], [-999, g2, g2]],
                    "initial": "gibbs"}
            if x is not None:
                inst["x"] = x
            out.append(inst)
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return grown(out, size, draw, rng)
    return generate


def w_infinity_grid(rng: np.random.Generator, size: int):
    """Lemma 3.6: the closeness grid's pairs (±Gx, hinge vs 0, |x| vs linear) on K = [−1, 1] and [−3, 1/2], where
    truncation to K keeps W∞ below G/λ by a margin an enclosure can decide, and a few (≤ 10%) on K = [−10, 10],
    where for ±Gx W∞ = G/λ up to a truncation effect of order e^{−50}: attained for every practical purpose, so those
    stay undecided."""
    out = [inst for inst in closeness_grid(rng, 10**6) if inst["delta"] == "1/2" and inst["a"] != "-10"]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    wide = [inst for inst in closeness_grid(rng, 10**6) if inst["delta"] == "1/2" and inst["a"] == "-10"]
    return out + wide[:max(1, len(out) // 10)]
