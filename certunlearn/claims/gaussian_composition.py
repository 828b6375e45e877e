"""Claims about what ``certunlearn score`` computes beyond one Gaussian or Laplace step: the subsampled Gaussian's
one-step profile and the composition of Gaussian steps — the library checks its own accounting, each against a
route that shares nothing with the formula (registered with :mod:`certunlearn.claims.gaussian`, whose ``CLAIMS``
include these).

- ``gaussian.subsampled-poisson:remove`` / ``:add``: the closed-form profile of one Poisson-subsampled Gaussian step
  (add/remove), each direction of the dominating pair (Zhu, Dong & Wang 2022, Thm 11), against the hockey-stick
  integral ∫(p − e^ε q)₊ of the two normal mixtures computed on arb balls with rigorous sign decisions
  (:mod:`certunlearn.privacy.mixture_integral`; no privacy-loss threshold used). Positive controls: equal, so the
  tightness must be 1 (an identity of transcendental numbers: the verdict itself stays undecided).
- ``gaussian.subsampled-fixed``: fixed-size sampling (without replacement, ratio q = m/n) under replace-one —
  **cited**, not derived here: Zhu, Dong & Wang 2022 give the same mixture pair with Δ the replace-one sensitivity,
  so the profile is DELTA_SUBSAMPLED_REMOVE at that Δ; checked against the same integral.
- ``gaussian.composition``: k steps of N(0, σ²) against N(Δ, σ²) have the profile of one step at σ/√k; the quantity
  is the certified PLD bracket (:mod:`certunlearn.privacy.pld`: k-fold convolution of the discretised one-step
  loss), so the bracket must contain the closed form (verdict: undecided, unless one of the two is wrong — then
  violated). ``gaussian.composition-heterogeneous``: k₁ steps at σ₁ and k₂ at σ₂ against the Gaussian at
  1/√(k₁/σ₁² + k₂/σ₂²), through :func:`certunlearn.privacy.score.composed`.
- ``gaussian.composition-rdp``: the RDP route (Mironov 2017) for k Gaussian steps, (kαΔ²/(2σ²) + ln(1/δ)/(α − 1), δ),
  against the certified PLD bracket of the true composed δ: holds with room; its negative control forgets k and
  must come out violated. (The identities above are positive controls or undecided by construction; a negative
  control of such a base would prove nothing — the verdict rule — so the wrong variants of the profile (q² for q)
  and of composition (one step's δ, noise levels averaged) are caught in tests/claims/test_gaussian_composition.py.)
- ``gaussian.subsampled-poisson:certificate`` / ``gaussian.subsampled-fixed:certificate``: the audit claims of the
  subsampled Gaussian (issue 29, item 4). An instance is a mechanism — its own rate ``q``, noise ``sigma``,
  sensitivity ``Delta`` and ``steps`` — and the (ε, δ) claimed for it; the bound is that δ; the quantity is the true
  δ(ε) of the mechanism's dominating pair (both directions, the larger): the exact profile for one step
  (:func:`certunlearn.privacy.subsampled.subsampled_delta_enclosure`), the certified PLD bracket for k steps. The
  structured instances claim what an RDP accountant certifies (:func:`certunlearn.privacy.score.rdp_delta`, a route
  that shares nothing with the quantity's); the laws (:class:`SubsampledGaussianLaws`) give ``epsilon_tightness``,
  and ``certunlearn audit certunlearn.audit.mechanisms:subsampled_gaussian --claim …`` samples the mixture.
  Negative control ``gaussian.subsampled-poisson:certificate-control-small-q-rdp``: the δ of the small-q RDP approximation
  2q²αΔ²/σ² (Mironov, Talwar & Zhang 2019, Sec. 3.3) used outside its range, which must come out violated.
"""
from __future__ import annotations

import functools
from decimal import ROUND_CEILING, Decimal

import numpy as np
import sympy
from flint import arb

from ..numeric.fraction import Fraction
from . import growth
from ..formulas import prescription
from ..formulas.gaussian import (DELTA_GAUSSIAN_COMPOSED, DELTA_GAUSSIAN_HETEROGENEOUS, DELTA_SUBSAMPLED_ADD,
                                 DELTA_SUBSAMPLED_REMOVE, RDP_SMALL_Q, k, q)
from ..formulas.symbols import alpha, delta, epsilon
from ..numeric.enclosure import Decision, arb_upper_float
from ..numeric.precision import workprec
from ..numeric.sympy_arb import arb_eval, ball
from ..privacy import pld
from ..privacy.conversions import rdp_curve_to_delta
from ..privacy.mixture_integral import mixture_hockey_stick
from ..privacy.score import composed, rdp_delta, score
from ..privacy.subsampled import dominating_losses, subsampled_delta_enclosure
from .declared_scope import Scope, with_scope
from .model import Adversary, Claim, Control, Hypothesis, Instance, Kind, Narrowing, SubsampledGaussianLaws

EPSILONS = ("0.01", "0.5", "4")
RATES = ("0.001", "0.1", "0.9")
NOISES = ("0.5", "2")
#: The quick profile (structured size 40) checks size // SHARE points of these grids, thorough every point.
SUBSAMPLED_SHARE = 10
COMPOSITION_SHARE = 3
#: The grid step of the composition claims' PLD (a power of two): brackets a few per cent wide, ~0.1 s each.
COMPOSITION_H = 2.0**-10

EPSILON_POSITIVE = Hypothesis("ε > 0", sympy.Gt(epsilon, 0, evaluate=False))
DELTA_OPEN = (Hypothesis("δ > 0", sympy.Gt(delta, 0, evaluate=False)), Hypothesis("δ < 1", sympy.Lt(delta, 1, evaluate=False)))
RATE = (Hypothesis("q > 0", sympy.Gt(q, 0, evaluate=False)), Hypothesis("q ≤ 1", sympy.Le(q, 1, evaluate=False)))
#: The add direction's loss is at most −ln(1 − q): above it δ = 0 and the closed form (a log of a negative) is void.
ADD_RANGE = Hypothesis("e^(−ε) > 1 − q", sympy.Gt(sympy.exp(-epsilon), 1 - q, evaluate=False))


def _mixture_pair(values: Instance, direction: str, rate=None):
    """(P, Q) as (weight, mean) lists of unit-variance normals: the pair scaled by 1/σ."""
    qq = Fraction(values["q"]) if rate is None else rate
    mu = Fraction(values["Delta"]) / Fraction(values["sigma"])
    mixture, plain = [(1 - qq, 0), (qq, mu)], [(1, 0)]
    return (mixture, plain) if direction == "remove" else (plain, mixture)


def _integral(direction: str):
    def quantity(values: Instance) -> arb:
        """The hockey-stick divergence of the direction's pair by rigorous integration (module docstring)."""
        p, qm = _mixture_pair(values, direction)
        return mixture_hockey_stick(values["epsilon"], p, qm)

    return quantity


def _grid(add: bool = False):
    def generate(rng, size):
        out = []
        for e in EPSILONS:
            for r in RATES:
                if add and not Fraction(e) < -sympy.log(1 - sympy.Rational(r)):  # the add range, decided exactly
                    continue
                for s in NOISES:
                    out.append({"epsilon": e, "q": r, "sigma": s, "Delta": "1"})
        keep = max(1, size // SUBSAMPLED_SHARE)  # quick: 4 points (each is a rigorous integral of seconds)
        return out[::-(-len(out) // keep)] if keep < len(out) else out

    return Adversary(f"grid ε ∈ [{EPSILONS[0]}, {EPSILONS[-1]}] × q ∈ [{RATES[0]}, {RATES[-1]}] × σ", generate=generate)


def _lower_end(bracket):
    def lower(values: Instance) -> arb:
        """The certified lower end of the PLD bracket, exactly (a binary number): the true δ is at least this."""
        return arb(bracket(values)[0])

    return lower


def composed_bracket(values: Instance) -> tuple[float, float]:
    """(lo, hi) with lo ≤ the true δ at ε of k composed Gaussian steps ≤ hi: the certified PLD bracket of the one-step
    loss convolved k times (privacy.pld), never the closed form."""
    return pld.delta_bracket(composed_measures(values["sigma"], values["Delta"], int(values["k"])), values["epsilon"])


def composed_measures(sigma, sensitivity, steps: int) -> list:
    """The (optimistic, pessimistic) measures of k composed Gaussian steps, the one-step loss discretised on
    :data:`COMPOSITION_H` and convolved k times: they do not depend on ε, so an instance grid's points (and the
    negative control's, on the same worker) that share (σ, Δ, k) share them (:func:`_composed_measures`)."""
    try:
        return _composed_measures(sigma, sensitivity, steps)
    except TypeError:  # an unhashable number (a ball): computed afresh
        return _composed_measures.__wrapped__(sigma, sensitivity, steps)


@functools.lru_cache(maxsize=64)
def _composed_measures(sigma, sensitivity, steps: int) -> list:
    (loss,) = dominating_losses(1, sigma, sensitivity)
    return [tuple(pld.power(m, steps, 1e-18) for m in pld.discretise(loss, COMPOSITION_H))]


def heterogeneous_bracket(values: Instance) -> tuple[float, float]:
    """(lo, hi) around the true δ at ε of k₁ steps at σ₁ and k₂ at σ₂ (privacy.score.composed)."""
    (a,), (b,) = dominating_losses(1, values["sigma1"], values["Delta"]), dominating_losses(1, values["sigma2"], values["Delta"])
    return composed([(a, int(values["k1"])), (b, int(values["k2"]))], epsilon=values["epsilon"])


def pld_composed(values: Instance) -> arb:
    """A ball containing the true δ at ε of k composed Gaussian steps (:func:`composed_bracket`)."""
    return ball(*composed_bracket(values))


def pld_heterogeneous(values: Instance) -> arb:
    """A ball containing the true δ of the heterogeneous composition (:func:`heterogeneous_bracket`)."""
    return ball(*heterogeneous_bracket(values))


def _small(rng: np.random.Generator, lo_exp: int, hi_exp: int) -> str:
    """A random m·10^−e (m ∈ 1..9, lo_exp ≤ e ≤ hi_exp) as a decimal string: log-spread small numbers, exact."""
    return f"{int(rng.integers(1, 10))}e-{int(rng.integers(lo_exp, hi_exp + 1))}"


#: The most random instances each composition family draws after its grid (thorough): each is a fresh k-fold PLD
#: convolution (its own σ, Δ, k), so the cap keeps one thorough claim to a few minutes.
COMPOSITION_MOST = 40


def _composition_grid(generate_steps=(2, 5, 16, 64)):
    def generate(rng, size):
        out = [{"epsilon": e, "sigma": s, "Delta": "1", "k": str(kk)}
               for kk in generate_steps for s in ("2", "8") for e in ("0.5", "1", "2")]
        keep = max(1, size // COMPOSITION_SHARE)
        out = out[::-(-len(out) // keep)] if keep < len(out) else out
        return growth.grown(out, size, _composition_draw, rng, COMPOSITION_MOST)

    return Adversary("grid k ∈ {2, 5, 16, 64} × σ ∈ {2, 8} × ε ∈ {0.5, 1, 2}", generate=generate,
                     reaches="the grid; thorough: random k ∈ [1, 64], σ ∈ [1, 10], Δ ∈ [0.5, 2], ε ∈ [0.1, 3] after it")


def _composition_draw(rng: np.random.Generator) -> dict:
    return {"epsilon": growth.decimal(rng, "0.1", "3", 2), "sigma": growth.decimal(rng, "1", "10", 2),
            "Delta": growth.decimal(rng, "0.5", "2", 2), "k": str(int(rng.integers(1, 65)))}


def _rdp_grid():
    def generate(rng, size):
        out = [{"alpha": a, "delta": d, "k": kk, "sigma": s, "Delta": "1"}
               for a in ("2", "8", "32") for d in ("1e-5", "0.001") for kk in ("4", "64") for s in ("2", "8")]
        return growth.grown(out, size, _rdp_draw, rng, COMPOSITION_MOST)

    return Adversary("grid α ∈ {2, 8, 32} × δ ∈ {1e-5, 1e-3} × k ∈ {4, 64} × σ ∈ {2, 8}", generate=generate,
                     reaches="the grid; thorough: random α ∈ [1.1, 64], δ = m·10^−e (e ≤ 9), k ∈ [1, 64], "
                             "σ ∈ [1, 10], Δ ∈ [0.5, 2] after it")


def _rdp_draw(rng: np.random.Generator) -> dict:
    return {"alpha": growth.decimal(rng, "1.1", "64", 1), "delta": _small(rng, 2, 9), "k": str(int(rng.integers(1, 65))),
            "sigma": growth.decimal(rng, "1", "10", 2), "Delta": growth.decimal(rng, "0.5", "2", 2)}


def _heterogeneous_grid():
    def generate(rng, size):
        out = [{"epsilon": e, "sigma1": s1, "sigma2": s2, "k1": a, "k2": b, "Delta": "1"}
               for (s1, s2, a, b) in (("2", "3", "3", "2"), ("1", "4", "1", "8"), ("3", "6", "5", "5"))
               for e in ("0.5", "1", "1.5", "3")]
        return growth.grown(out, size, _heterogeneous_draw, rng, COMPOSITION_MOST + 8)

    return Adversary("three mixes of (k₁, σ₁), (k₂, σ₂) × ε ∈ {0.5, 1, 1.5, 3}", generate=generate,
                     reaches="three mixes; thorough: random k₁, k₂ ∈ [1, 16], σ₁, σ₂ ∈ [1, 8], Δ ∈ [0.5, 2], "
                             "ε ∈ [0.1, 3] after them")


def _heterogeneous_draw(rng: np.random.Generator) -> dict:
    return {"epsilon": growth.decimal(rng, "0.1", "3", 2), "sigma1": growth.decimal(rng, "1", "8", 2),
            "sigma2": growth.decimal(rng, "1", "8", 2), "k1": str(int(rng.integers(1, 17))),
            "k2": str(int(rng.integers(1, 17))), "Delta": growth.decimal(rng, "0.5", "2", 2)}


# ---- the audit claims of the subsampled Gaussian: a mechanism (q, σ, Δ, k) and the (ε, δ) claimed for it ----------

CERTIFICATE_EPSILONS = ("0.5", "1", "2")
CERTIFICATE_RATES = ("0.01", "0.1", "0.5")
CERTIFICATE_NOISES = ("0.8", "1.5")
CERTIFICATE_STEPS = (1, 8)
#: The orders of the RDP accountant (integers: the binomial expansion of Mironov, Talwar & Zhang 2019, Thm 5).
RDP_ORDERS = range(2, 129)
DELTA_BELOW_ONE = (Hypothesis("δ > 0", sympy.Gt(delta, 0, evaluate=False)),
                   Hypothesis("δ < 1", sympy.Lt(delta, 1, evaluate=False)))


#: Below this δ a k-step instance is left out: the certified PLD bracket's width there (its trimmed tail mass, about
#: 10⁻¹³ on this grid) exceeds the δ itself, so it could decide nothing.
PLD_RESOLVED = Decimal("1e-10")


def _whole_steps(values: Instance) -> Decision:
    try:
        steps = Fraction(values["steps"])
    except (TypeError, ValueError):
        return Decision.FALSE
    return Decision.TRUE if steps.denominator == 1 and steps >= 1 else Decision.FALSE


STEPS = Hypothesis("steps k ≥ 1, an integer", predicate=_whole_steps)


def rounded_up(value: float, digits: int = 4) -> str:
    """``value`` rounded up to ``digits`` significant decimal digits, as a decimal string (what an accountant prints;
    never below ``value``: the float is read exactly)."""
    exact = Decimal(value)
    return str(exact.quantize(Decimal(1).scaleb(exact.adjusted() - digits + 1), rounding=ROUND_CEILING))


def accountant_delta(values: Instance) -> float:
    """What an RDP accountant certifies at the instance's ε (:func:`certunlearn.privacy.score.rdp_delta`)."""
    return rdp_delta(values["q"], values["sigma"], int(values["steps"]), values["epsilon"], values["Delta"], RDP_ORDERS)


def small_q_delta(values: Instance) -> float:
    """The δ of the small-q RDP approximation k·2q²αΔ²/σ² (formulas.gaussian.RDP_SMALL_Q), converted as the accountant
    converts (the negative control's certificate)."""
    steps = int(values["steps"])
    with workprec(128):
        rdps = [arb_upper_float(steps * arb_eval(RDP_SMALL_Q, {**values, "alpha": a})) for a in RDP_ORDERS]
    return rdp_curve_to_delta(list(RDP_ORDERS), rdps, values["epsilon"])


#: The most random mechanisms the certificate grids draw after the grid (thorough), and their step counts (a k-step
#: one is a certified PLD composition, ~0.3 s and more with k).
CERTIFICATE_MOST = 36
CERTIFICATE_RANDOM_STEPS = (1, 1, 2, 3, 4, 6, 8, 12, 16)


def _certificate_grid(claimed, share: int = 1):
    """Every (ε, q, σ, k) of the grid at Δ = 1, each with the δ ``claimed`` for it rounded up to 4 digits (instances
    whose claimed δ reaches 1 claim nothing and are left out, and k-step ones claiming δ below :data:`PLD_RESOLVED`);
    the quick profile keeps about size/share of them."""

    def with_claim(inst: dict) -> dict | None:
        """The mechanism with its claimed δ, or None where that δ claims nothing (≥ 1) or is unresolved (k > 1)."""
        d = rounded_up(claimed(inst))
        return {**inst, "delta": d} if Decimal(d) < 1 and (inst["steps"] == 1 or Decimal(d) >= PLD_RESOLVED) else None

    def generate(rng, size):
        out = []
        for steps in CERTIFICATE_STEPS:
            for e in CERTIFICATE_EPSILONS:
                for r in CERTIFICATE_RATES:
                    for s in CERTIFICATE_NOISES:
                        mech = with_claim({"epsilon": e, "q": r, "sigma": s, "Delta": "1", "steps": steps})
                        if mech is not None:
                            out.append(mech)
        keep = max(1, size // share)
        out = out[::-(-len(out) // keep)] if keep < len(out) else out
        # thorough: random mechanisms (ε, q, σ, Δ, k) after the grid, each with its δ claimed as the grid claims it
        wanted, tries = growth.random_count(size, CERTIFICATE_MOST), 0
        while wanted and tries < 3 * CERTIFICATE_MOST:
            tries += 1
            mech = with_claim({"epsilon": growth.decimal(rng, "0.2", "3", 2),
                                "q": growth.decimal(rng, "0.005", "0.7", 3),
                                "sigma": growth.decimal(rng, "0.6", "3", 2), "Delta": growth.decimal(rng, "0.5", "2", 2),
                                "steps": int(rng.choice(CERTIFICATE_RANDOM_STEPS))})
            if mech is not None:
                out.append(mech)
                wanted -= 1
        return out

    return Adversary(f"grid ε ∈ {{{', '.join(CERTIFICATE_EPSILONS)}}} × q ∈ {{{', '.join(CERTIFICATE_RATES)}}} × σ ∈ "
                     f"{{{', '.join(CERTIFICATE_NOISES)}}} × k ∈ {{1, 8}}, δ claimed by the "
                     f"{'RDP accountant' if claimed is accountant_delta else 'small-q RDP approximation'}",
                     generate=generate)


def true_delta(sampling: str):
    """The quantity of the certificate claims: the true δ(ε) of the mechanism (module docstring)."""

    def quantity(values: Instance) -> arb:
        steps = int(values["steps"])
        if steps == 1:
            return subsampled_delta_enclosure(values["epsilon"], values["q"], values["sigma"], values["Delta"], sampling)
        result = score("subsampled-gaussian", sigma=values["sigma"], sensitivity=values["Delta"], q=values["q"],
                       steps=steps, sampling=sampling, epsilon=values["epsilon"], rdp=False)  # the bound is RDP's
        return ball(*result.interval)

    return quantity


def subsampled_laws(sampling: str):
    def laws(values: Instance) -> SubsampledGaussianLaws:
        return SubsampledGaussianLaws(values["q"], values["sigma"], values["Delta"], int(values["steps"]), sampling)

    return laws


_SUBSAMPLED_NOTE = ("Positive control: the closed form (formulas.gaussian) against the hockey-stick integral of the "
                    "normal mixtures on arb balls (privacy.mixture_integral), which never uses the loss's threshold; "
                    "equal, so tightness 1 (the verdict of an identity stays undecided).")
_COMPOSITION_NARROWING = Narrowing("k above 64 steps", "the PLD quantity convolves k times; larger k are checked by "
                                   "tests/privacy/test_pld.py (up to 1000 steps), not by this claim's adversary")

_INTEGRAL_COST = ("cost: every instance is a rigorous hockey-stick integral of seconds, and the boundary moves (ε → 0⁺, "
                  "q → 0⁺, q = 1) add as many again; the grid's corners (ε = 0.01, q = 0.001 and 0.9) stand near them")

_CERTIFICATE_ONLY_GRID = ("a boundary move of one coordinate (q → 1, ε → 0⁺, …) would keep the δ claimed for another "
                          "point: not a certificate anyone issues there; the grid states the claimed δ at its own point")
_CERTIFICATE_STEPS = (Narrowing("k other than 1 and 8 steps, σ outside {0.8, 1.5} (quick; thorough's random draws reach "
                                "k ≤ 16, σ ∈ [0.6, 3])",
                                "cost: each k-step instance is a certified PLD composition (~0.3 s); k-fold "
                                "composition of the pair is checked up to 1000 steps by tests/privacy/test_pld.py"),
                      Narrowing("k > 1 steps with a claimed δ below 1e-10",
                                "the certified PLD bracket is wider than such a δ (its trimmed tail mass is about "
                                "1e-13): no enclosure of the composed mixture's δ is known there"))

SCOPE = {
    "subsampled-poisson:certificate": Scope(
        "a Poisson-subsampled Gaussian mechanism (rate q ∈ (0, 1], noise σ > 0, sensitivity Δ > 0, k ≥ 1 steps, "
        "add/remove) and the (ε, δ) claimed for it: here the δ an RDP accountant certifies at ε (an audit instance "
        "states its own)", "ε ∈ {0.5, 1, 2}, q ∈ {0.01, 0.1, 0.5}, σ ∈ {0.8, 1.5}, k ∈ {1, 8} at Δ = 1"
        "; thorough: random ε ∈ [0.2, 3], q ∈ [0.005, 0.7], σ ∈ [0.6, 3], Δ ∈ [0.5, 2], k ≤ 16 after the grid",
        _CERTIFICATE_STEPS, no_boundary=_CERTIFICATE_ONLY_GRID),
    "subsampled-poisson:certificate-control-small-q-rdp": Scope(
        "as gaussian.subsampled-poisson:certificate, with the δ of the small-q RDP approximation claimed (on purpose "
        "outside its range)", "ε ∈ {0.5, 1, 2}, q ∈ {0.01, 0.1, 0.5}, σ ∈ {0.8, 1.5}, k ∈ {1, 8} at Δ = 1"
        "; thorough: random ε ∈ [0.2, 3], q ∈ [0.005, 0.7], σ ∈ [0.6, 3], Δ ∈ [0.5, 2], k ≤ 16 after the grid",
        _CERTIFICATE_STEPS, no_boundary=_CERTIFICATE_ONLY_GRID),
    "subsampled-fixed:certificate": Scope(
        "a fixed-size subsampled Gaussian mechanism (ratio q = m/n ∈ (0, 1], noise σ > 0, replace-one sensitivity "
        "Δ > 0, k ≥ 1 steps) and the (ε, δ) claimed for it: here the δ of the RDP accountant of its cited dominating "
        "pair (an audit instance states its own)",
        "ε ∈ {0.5, 1, 2}, q ∈ {0.01, 0.1, 0.5}, σ ∈ {0.8, 1.5}, k ∈ {1, 8} at Δ = 1 (half of them in the quick "
        "profile); thorough: random ε ∈ [0.2, 3], q ∈ [0.005, 0.7], σ ∈ [0.6, 3], Δ ∈ [0.5, 2], k ≤ 16 after the grid", _CERTIFICATE_STEPS, no_boundary=_CERTIFICATE_ONLY_GRID),
    "subsampled-poisson": Scope("one Poisson-subsampled Gaussian step, add/remove: every ε > 0, q ∈ (0, 1], σ > 0, "
                                "Δ > 0 (δ depends on Δ/σ only)",
                                "ε ∈ {0.01, 0.5, 4}, q ∈ {0.001, 0.1, 0.9}, σ ∈ {0.5, 2} at Δ = 1",
                                no_boundary=_INTEGRAL_COST),
    "subsampled-fixed": Scope("one fixed-size (without replacement) subsampled Gaussian step, replace-one, sampling "
                              "ratio q ∈ (0, 1], every ε > 0, σ > 0, Δ the replace-one sensitivity",
                              "ε ∈ {0.01, 0.5, 4}, q ∈ {0.001, 0.1, 0.9}, σ ∈ {0.5, 2} at Δ = 1",
                              no_boundary=_INTEGRAL_COST),
    "composition": Scope("k ≥ 1 composed Gaussian steps (σ, Δ), every ε > 0",
                         "k ∈ {2, 5, 16, 64}, σ ∈ {2, 8}, ε ∈ {0.5, 1, 2} at Δ = 1; thorough: random k ≤ 64, "
                         "σ ∈ [1, 10], Δ ∈ [0.5, 2], ε ∈ [0.1, 3] after the grid", (_COMPOSITION_NARROWING,)),
    "composition-rdp": Scope("k ≥ 1 Gaussian steps (σ, Δ), every order α > 1, δ ∈ (0, 1)",
                             "α ∈ {2, 8, 32}, δ ∈ {1e-5, 1e-3}, k ∈ {4, 64}, σ ∈ {2, 8} at Δ = 1; thorough: random "
                             "α ∈ [1.1, 64], δ down to 1e-9, k ≤ 64, σ ∈ [1, 10], Δ ∈ [0.5, 2] after the grid"),
    "composition-heterogeneous": Scope("k₁ steps at σ₁ and k₂ at σ₂ (sensitivity Δ), every ε > 0",
                                       "three (k₁, σ₁, k₂, σ₂) mixes, ε ∈ {0.5, 1, 1.5, 3} at Δ = 1; thorough: "
                                       "random k₁, k₂ ≤ 16, σ₁, σ₂ ∈ [1, 8], Δ, ε after them"),
}

CLAIMS = with_scope((
    Claim(
        id="gaussian.subsampled-poisson:remove",
        source="Zhu, Dong & Wang 2022, Thm 11 (dominating pair of the Poisson-subsampled Gaussian, remove direction); "
               "its hockey-stick divergence in closed form (derived in proofs/gaussian.py)",
        kind=Kind.PRIVACY,
        statement="one Poisson-subsampled Gaussian step, remove direction: δ(ε) = (1 − q)Q(x/σ) + qQ((x − Δ)/σ) "
                  "− e^ε Q(x/σ) at x = (σ²/Δ)ln((e^ε − 1 + q)/q) + Δ/2",
        hypotheses=(EPSILON_POSITIVE, *RATE),
        bound=DELTA_SUBSAMPLED_REMOVE,
        quantity=_integral("remove"),
        adversaries=(_grid(),),
        derivation="gaussian.subsampled-poisson:remove",
        control=Control.POSITIVE,
        note=_SUBSAMPLED_NOTE,
    ),
    Claim(
        id="gaussian.subsampled-poisson:add",
        source="Zhu, Dong & Wang 2022, Thm 11 (add direction: N(0, σ²) against the mixture); closed form derived in "
               "proofs/gaussian.py",
        kind=Kind.PRIVACY,
        statement="one Poisson-subsampled Gaussian step, add direction, for e^(−ε) > 1 − q: δ(ε) = Φ(x/σ) − "
                  "e^ε((1 − q)Φ(x/σ) + qΦ((x − Δ)/σ)) at x = (σ²/Δ)ln((e^(−ε) − 1 + q)/q) + Δ/2",
        hypotheses=(EPSILON_POSITIVE, *RATE, ADD_RANGE),
        bound=DELTA_SUBSAMPLED_ADD,
        quantity=_integral("add"),
        adversaries=(_grid(add=True),),
        derivation="gaussian.subsampled-poisson:add",
        control=Control.POSITIVE,
        note=_SUBSAMPLED_NOTE,
    ),
    Claim(
        id="gaussian.subsampled-fixed",
        source="cited: Zhu, Dong & Wang 2022 (sampling without replacement, replace-one: the same mixture pair with Δ "
               "the replace-one sensitivity and q = m/n) — not re-derived here",
        kind=Kind.PRIVACY,
        statement="one fixed-size subsampled Gaussian step (ratio q, replace-one sensitivity Δ), remove direction of "
                  "the cited dominating pair: δ(ε) = DELTA_SUBSAMPLED_REMOVE",
        hypotheses=(EPSILON_POSITIVE, *RATE),
        bound=DELTA_SUBSAMPLED_REMOVE,
        quantity=_integral("remove"),
        adversaries=(_grid(),),
        derivation="gaussian.subsampled-poisson:remove",
        control=Control.POSITIVE,
        note="The dominating pair is cited (the claim checks the profile of the cited pair, not the citation). "
             + _SUBSAMPLED_NOTE,
    ),
    Claim(
        id="gaussian.subsampled-poisson:certificate",
        source="audit claim of the Poisson-subsampled Gaussian: its dominating pair (Zhu, Dong & Wang 2022, Thm 11, both "
               "directions), the δ claimed by the RDP accountant (Mironov, Talwar & Zhang 2019, Thm 5; Canonne, "
               "Kamath & Steinke 2020, Prop. 12)",
        kind=Kind.PRIVACY,
        statement="a Poisson-subsampled Gaussian mechanism (q, σ, Δ, k steps, add/remove) is (ε, δ)-DP at the (ε, δ) "
                  "claimed for it — the δ its RDP accountant certifies at ε",
        hypotheses=(EPSILON_POSITIVE, *RATE, *DELTA_BELOW_ONE, STEPS),
        bound=delta,
        quantity=true_delta("poisson"),
        adversaries=(_certificate_grid(accountant_delta),),
        derivation="gaussian.subsampled-poisson:certificate",
        laws=subsampled_laws("poisson"),
        note="The quantity is the mechanism's true δ(ε) (one step: the exact profile of both directions of the "
             "dominating pair, the larger; k steps: the certified PLD bracket), never the accountant's route; the "
             "RDP route is loose, so the claim holds with room. `certunlearn audit "
             "certunlearn.audit.mechanisms:subsampled_gaussian --claim gaussian.subsampled-poisson:certificate` "
             "audits the mixture sampler against it.",
    ),
    Claim(
        id="gaussian.subsampled-poisson:certificate-control-small-q-rdp",
        source="negative control: the small-q RDP approximation D_α ≈ 2q²αΔ²/σ² (Mironov, Talwar & Zhang 2019, Sec. "
               "3.3) converted to δ by the accountant, claimed outside its range (q not small, σ < 1)",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) a Poisson-subsampled Gaussian mechanism is (ε, δ)-DP at the δ of the RDP curve "
                  "k·2q²αΔ²/σ² for every q, σ",
        hypotheses=(EPSILON_POSITIVE, *RATE, *DELTA_BELOW_ONE, STEPS),
        bound=delta,
        quantity=true_delta("poisson"),
        adversaries=(_certificate_grid(small_q_delta),),
        control=Control.NEGATIVE,
        laws=subsampled_laws("poisson"),
    ),
    Claim(
        id="gaussian.subsampled-fixed:certificate",
        source="audit claim of the fixed-size subsampled Gaussian (replace-one): its dominating pair cited from Zhu, "
               "Dong & Wang 2022 (the Poisson mixture with Δ the replace-one sensitivity, q = m/n), the δ claimed "
               "by the RDP accountant of that pair (Mironov, Talwar & Zhang 2019, Thm 5)",
        kind=Kind.PRIVACY,
        statement="a fixed-size subsampled Gaussian mechanism (q = m/n, σ, replace-one Δ, k steps) is (ε, δ)-DP at the "
                  "(ε, δ) claimed for it — the δ the RDP accountant of its cited dominating pair certifies at ε",
        hypotheses=(EPSILON_POSITIVE, *RATE, *DELTA_BELOW_ONE, STEPS),
        bound=delta,
        quantity=true_delta("fixed"),
        adversaries=(_certificate_grid(accountant_delta, share=2),),
        derivation="gaussian.subsampled-fixed:certificate",
        laws=subsampled_laws("fixed"),
        note="As gaussian.subsampled-poisson:certificate, for sampling without replacement under replace-one (the "
             "dominating pair is cited, so the claim checks the accountant against the cited pair's true δ).",
    ),
    Claim(
        id="gaussian.composition",
        source="k-fold composition of the Gaussian mechanism: the sum of the outputs is sufficient (derived in "
               "proofs/gaussian.py); Balle & Wang 2018, Thm 8 at σ/√k",
        kind=Kind.PRIVACY,
        statement="k composed steps of the Gaussian mechanism (σ, Δ) have δ(ε) = δ_BW(ε; σ/√k, Δ)",
        hypotheses=(EPSILON_POSITIVE,),
        bound=DELTA_GAUSSIAN_COMPOSED,
        quantity=_lower_end(composed_bracket),
        adversaries=(_composition_grid(),),
        derivation="gaussian.composition",
        note="Checked through an independent route on its safe side: the quantity is the lower end of the certified "
             "PLD bracket of the k-fold convolution (privacy.pld), a certified lower bound of the true composed δ; "
             "the closed form must not lie below it (a closed form under the true δ would be unsafe). The other side "
             "(the closed form not above the bracket's upper end) is tests/claims/test_gaussian_composition.py's; "
             "the negative control forgets the composition (k = 1).",
    ),
    Claim(
        id="gaussian.composition:control-one-step",
        source="negative control: the closed form with the composition forgotten (one step's δ at σ)",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) k composed Gaussian steps have one step's δ(ε)",
        hypotheses=(EPSILON_POSITIVE,),
        bound=DELTA_GAUSSIAN_COMPOSED.subs(k, 1),
        quantity=_lower_end(composed_bracket),
        adversaries=(_composition_grid(),),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="gaussian.composition-heterogeneous",
        source="composition of Gaussian steps with different noise: the squared normalised shifts add (derived in "
               "proofs/gaussian.py); Balle & Wang 2018, Thm 8 at the combined noise",
        kind=Kind.PRIVACY,
        statement="k₁ Gaussian steps at σ₁ and k₂ at σ₂ have δ(ε) = δ_BW(ε; 1/√(k₁/σ₁² + k₂/σ₂²), Δ)",
        hypotheses=(EPSILON_POSITIVE,),
        bound=DELTA_GAUSSIAN_HETEROGENEOUS,
        quantity=_lower_end(heterogeneous_bracket),
        adversaries=(_heterogeneous_grid(),),
        derivation="gaussian.composition-heterogeneous",
        note="As gaussian.composition: the closed form must not lie below the lower end of the certified PLD bracket "
             "of the heterogeneous convolution (privacy.score.composed).",
    ),
    Claim(
        id="gaussian.composition-rdp",
        source="Mironov 2017, Prop. 1 (RDP composes additively), Prop. 7 (the Gaussian's D_α = αΔ²/(2σ²)) and Prop. 3 "
               "(RDP to (ε, δ))",
        kind=Kind.PRIVACY,
        statement="k Gaussian steps (σ, Δ) are (kαΔ²/(2σ²) + ln(1/δ)/(α − 1), δ)-DP for every order α > 1",
        hypotheses=(Hypothesis("α > 1", sympy.Gt(alpha, 1, evaluate=False)), *DELTA_OPEN),
        bound=delta,
        prescribed=prescription("gaussian.composition-rdp").prescribed,
        quantity=pld_composed,
        adversaries=(_rdp_grid(),),
        derivation="gaussian.composition-rdp",
        note="The quantity is the certified PLD bracket of the true composed δ at the prescribed ε (never the closed "
             "form); the RDP route is loose, so the claim holds with room. The negative control forgets k.",
    ),
    Claim(
        id="gaussian.composition-rdp:control-no-composition",
        source="negative control: the RDP route with the composition forgotten (k = 1 in the prescribed ε)",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) k Gaussian steps are (αΔ²/(2σ²) + ln(1/δ)/(α − 1), δ)-DP",
        hypotheses=(Hypothesis("α > 1", sympy.Gt(alpha, 1, evaluate=False)), *DELTA_OPEN),
        bound=delta,
        prescribed=prescription("gaussian.composition-rdp:control-no-composition").prescribed,
        quantity=pld_composed,
        adversaries=(_rdp_grid(),),
        control=Control.NEGATIVE,
    ),
), SCOPE)
