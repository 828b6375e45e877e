"""The d2d families beyond quadratic losses (issue 23): the structured families of the Section 2–3 unlearning claims,
re-run on the Huber-smoothed quadratic f_x(θ) = Σ_k ½a_k(θ_k − x_k)² + c·hub_w(θ_k − x_k)
(:class:`certunlearn.problems.huber.HuberQuadratic`), which is m-strongly convex, M-smooth and L-Lipschitz (d2d
Definitions 2.9–2.11, ``papers/002_7f80bf4846a5a6af.txt`` lines 133–147) but not quadratic: its gradient is piecewise
linear with rational breakpoints x_k ± w, so projected GD (Algorithms 1–2, lines 175–195) stays in the rationals and
every branch is decided exactly (Fractions compare exactly: no instance sits on a breakpoint undecided).

The Huber weight is chosen so that the declared smoothness stays the family's: c/w = M − a_max when the instance
declares M > a_max (then γ = (M − m)/(M + m), the step η = 2/(M + m) and every iteration count are those of the
quadratic instance — only the loss's curvature now switches between a_k and a_k + c/w along the run), otherwise
c/w = a_max (M doubles). L is re-declared for the Huber loss (``declared_constants``); m and D are unchanged.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...numeric.fraction import Fraction
from ..instances import frac
from ..model import Adversary
from .common import declared_constants

#: how many times the quick profile's count of a widened family the deeper profiles run (thorough's structured size is
#: 10⁵: "per 40 of the size" would run every instance of the base family at every width, each a full rational run)
THOROUGH_FACTOR = 8


def widened_count(cap: int, size: int) -> int:
    """The number of instances a widened family draws at the profile's structured ``size``."""
    return cap if size <= 40 else THOROUGH_FACTOR * cap


#: band widths w of the Huber term: a narrow band (the curvature a_k + c/w only near the data points) and a wide one
WIDTHS = (Fraction(1, 8), Fraction(1, 2))


def huberise(inst: dict, w: Fraction) -> dict:
    """The instance with its quadratic loss replaced by the Huber-smoothed one of band width ``w`` (see the module
    docstring for c), constants re-declared; the stream, Θ, θ'_0 and the scalars are kept."""
    a = [frac(v) for v in inst["A"]]
    M_old = frac(inst["M"])
    extra = M_old - max(a) if M_old > max(a) else max(a)
    c = w * extra
    out = dict(inst)
    out["huber"] = [c, w]
    consts = declared_constants(a, inst["R"], inst["lo"], inst["hi"], (c, w))
    out["L"], out["M"] = consts["L"], max(M_old, consts["M"])
    out["D"] = max(frac(inst["D"]), consts["D"])
    if "m" in out:
        out["m"] = min(frac(out["m"]), consts["m"])
    return out


def huber_gen(gen: Callable[[np.random.Generator, int], list[dict]], cap: int,
              widths: tuple[Fraction, ...] = WIDTHS) -> Callable[[np.random.Generator, int], list[dict]]:
    """Every instance of ``gen`` at every band width: ``cap`` in the quick profile, ``THOROUGH_FACTOR``·cap beyond."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        want = widened_count(cap, size)
        out = [huberise(inst, w) for inst in gen(rng, want) for w in widths]
        return out[:want]

    return generate


def huber_adversary(name: str, gen: Callable[[np.random.Generator, int], list[dict]], cap: int, reaches: str) -> Adversary:
    return Adversary("Huber-smoothed quadratics (not quadratic; exact): " + name, generate=huber_gen(gen, cap),
                     reaches="losses beyond quadratics: the Huber-smoothed quadratic ½(θ − x)ᵀdiag(a)(θ − x) + "
                             "c·Σ_k hub_w(θ_k − x_k), curvature switching between a_k and a_k + c/w along the run; "
                             + reaches)


# =========================================================================== logistic + ridge (enclosed runs)
def logisticise(inst: dict, lam: Fraction) -> dict:
    """The instance with its loss replaced by log(1 + e^{−⟨x, θ⟩}) + (λ/2)‖θ‖² (labels folded into the points;
    :class:`certunlearn.problems.rounded_logistic.RoundedLogistic`), constants re-declared (m = λ, M = λ + R²/4,
    L = R + λB); the stream, Θ, θ'_0 and the scalars are kept."""
    dim = len(inst["A"])
    out = dict(inst)
    out.pop("huber", None)
    out["A"], out["logistic"] = [lam] * dim, Fraction(1)
    consts = declared_constants(out["A"], inst["R"], inst["lo"], inst["hi"], None, inst.get("ball"), True)
    out.update(L=consts["L"], M=consts["M"], D=consts["D"])
    if "m" in inst:
        out["m"] = consts["m"]
    return out


def logistic_gen(gen: Callable[[np.random.Generator, int], list[dict]], cap: int,
                 lams: tuple[Fraction, ...] = (Fraction(1, 4), Fraction(1))) -> Callable[[np.random.Generator, int], list[dict]]:
    """Every instance of ``gen`` at every ridge λ: ``cap`` in the quick profile, ``THOROUGH_FACTOR``·cap beyond."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        want = widened_count(cap, size)
        return [logisticise(inst, lam) for inst in gen(rng, want) for lam in lams][:want]

    return generate


def logistic_adversary(name: str, gen: Callable[[np.random.Generator, int], list[dict]], cap: int,
                       reaches: str) -> Adversary:
    return Adversary("logistic + ridge (smooth, not quadratic; runs enclosed): " + name, generate=logistic_gen(gen, cap),
                     reaches="smooth losses beyond piecewise quadratics: logistic + ridge, its irrational gradients "
                             "rounded with a certified error and the mean shift enclosed; " + reaches)
