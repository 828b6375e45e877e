"""Claims about the Gaussian mechanism itself: the library checks its own accounting.

Every paper calibrates Gaussian noise with one of these formulas; a wrong formula here would make
every verdict downstream wrong, so they are claims like any other. Instances are (ε, δ, Δ) —
plus the Rényi order α for ``gaussian.renyi``; the quantity is the true δ at ε of
N(0, σ²) versus N(Δ, σ²) (Balle & Wang 2018, Thm 8), computed on enclosures.
"""
from __future__ import annotations

import functools
import itertools

import numpy as np
import sympy
from flint import arb

from ..numeric.enclosure import to_arb
from ..numeric.fraction import Fraction
from ..numeric.rationals import Program, rational_program
from ..privacy import calibrate, delta_enclosure, renyi_enclosure
from ..privacy.divergences import renyi_exact
from ..privacy.laplace import laplace_profile_arb
from ..privacy.subsampled import subsampled_rdp
from . import growth
from .declared_scope import Scope, with_scope
from .model import Adversary, Claim, Control, Hypothesis, Instance, Kind, LaplacePair, Narrowing, Space
from ..formulas.gaussian import (DELTA_GAUSSIAN, DELTA_GAUSSIAN_EXACT, DELTA_LAPLACE, PRESCRIBED, RDP_SMALL_Q, RENYI_DEFINITION,
                                 RENYI_GAUSSIAN, SCALE_LAPLACE, b)
from ..formulas.symbols import Delta, alpha, delta, epsilon

EPSILONS_SMALL = ("0.0001", "0.001", "0.01", "0.1", "0.5", "0.9", "1")
EPSILONS_LARGE = ("1.5", "2", "5", "10", "50", "100", "500")
DELTAS = ("1e-300", "1e-100", "1e-30", "1e-17", "1e-10", "1e-5", "0.001", "0.05", "0.2", "0.5")
SENSITIVITIES = ("1", "0.37", "12.5")

DELTA_RANGE = (Hypothesis("δ > 0", sympy.Gt(delta, 0, evaluate=False)), Hypothesis("δ ≤ 1/2", sympy.Le(delta, sympy.Rational(1, 2), evaluate=False)))
EPSILON_POSITIVE = Hypothesis("ε > 0", sympy.Gt(epsilon, 0, evaluate=False))


def _grid(epsilons: tuple[str, ...]):
    """Structured adversary: every (ε, δ, Δ) of a grid spanning the supported range and its edges."""

    def generate(rng: np.random.Generator, size: int):
        points = list(itertools.product(epsilons, DELTAS, SENSITIVITIES))
        if size < len(points):
            points = [points[i] for i in sorted(rng.choice(len(points), size, replace=False))]
        return [{"epsilon": e, "delta": d, "Delta": s} for e, d, s in points]

    return Adversary(f"grid ε∈[{epsilons[0]}, {epsilons[-1]}] × δ × Δ", generate=generate)


def _search(eps_range: tuple[float, float]) -> Adversary:
    return Adversary(
        "search over (ε, δ) in log scale",
        space=Space(
            bounds={"epsilon": eps_range, "delta": (1e-300, 0.5), "Delta": (0.01, 100.0)},
            log=frozenset({"epsilon", "delta", "Delta"}),
        ),
    )


def _true_delta(values: Instance) -> arb:
    """The true δ at ε of the Gaussian mechanism with the claim's σ."""
    return delta_enclosure(values["epsilon"], values["sigma"], values["Delta"])


def _true_delta_calibrated(scale: Fraction):
    def quantity(values: Instance) -> arb:
        s = calibrate(float(values["epsilon"]), float(values["delta"]), float(values["Delta"]), method="exact")
        return delta_enclosure(values["epsilon"], Fraction(s) * scale, values["Delta"])

    return quantity


def _renyi(values: Instance) -> arb | Fraction:
    """D_α(N(0, σ²I₂) ‖ N(Δ·(3/5, 4/5), σ²I₂)) by the general-covariance formula: exactly in rationals where its
    log-determinant term vanishes exactly (so equality with the bound can be proved), else on enclosures."""
    var = to_arb(values["sigma"]) ** 2
    shift = to_arb(values["Delta"])
    cov = [[var, 0], [0, var]]
    exact = _renyi_exact(values)
    if exact is not None:
        return exact
    return renyi_enclosure(values["alpha"], [0, 0], cov, [shift * 3 / 5, shift * 4 / 5], cov)


def _renyi_exact(values: Instance) -> Fraction | None:
    try:
        sigma, shift = Fraction(values["sigma"]), Fraction(values["Delta"])
    except (TypeError, ValueError):
        return None
    cov = [[sigma**2, 0], [0, sigma**2]]
    return renyi_exact(values["alpha"], [0, 0], cov, [shift * 3 / 5, shift * 4 / 5], cov)


def _laplace_delta(values: Instance) -> arb | Fraction | sympy.Expr:
    """The true δ at ε of Lap(0, b) against Lap(Δ, b), b the claim's prescribed scale: as a closed form (the profile
    DELTA_LAPLACE at b = SCALE_LAPLACE, both at the instance's rationals, on its branch ε < Δ/b, which holds for
    every δ > 0) where the instance is rational, so that equality with the bound can be proved; else on a ball."""
    try:  # Fraction reads ints, floats, Fractions and decimal strings exactly; an arb ball raises TypeError
        rational = {s: Fraction(values[s.name]) for s in (epsilon, delta, Delta)}
    except (TypeError, ValueError):
        return laplace_profile_arb(to_arb(values["epsilon"]), to_arb(values["Delta"]) / to_arb(values["b"]))
    if rational[Delta] != 0 and rational[epsilon] > 0 and 0 <= rational[delta] < 1:
        value = _laplace_at_scale()({s.name: v for s, v in rational.items()})
        if value is not None:
            return value
    exact = {s: sympy.Rational(v) for s, v in rational.items()}
    value = DELTA_LAPLACE.subs({**exact, b: SCALE_LAPLACE.subs(exact)})
    return Fraction(int(value.p), int(value.q)) if isinstance(value, sympy.Rational) else value


@functools.cache
def _laplace_at_scale() -> Program:
    """DELTA_LAPLACE at b = SCALE_LAPLACE, substituted once on the symbols and compiled
    (:func:`~certunlearn.numeric.rationals.rational_program`): :func:`_laplace_delta`'s value without two sympy
    ``subs`` per instance (they were nearly all of ``gaussian.laplace``'s time). Where Δ ≠ 0, ε > 0 and 0 ≤ δ < 1 the
    scale b = Δ/(ε − 2 ln(1 − δ)) is a finite nonzero number, so substituting it before or after the instance's
    values gives the same number (sympy's ``subs`` at the values simplifies Δ/b and exp(ln(1 − δ)) the same way);
    elsewhere, and where the program does not show the value rational, :func:`_laplace_delta` calls ``subs``.
    ``tests/claims/test_gaussian_laplace_fast.py`` compares both routes on the claim's instances."""
    return rational_program(DELTA_LAPLACE.subs(b, SCALE_LAPLACE))



def _laplace_laws(values: Instance) -> LaplacePair:
    return LaplacePair(values["Delta"], values["b"])


def _subsampled_rdp(values: Instance) -> arb:
    """The exact integer-order Rényi divergence of one Poisson-subsampled Gaussian step (Mironov, Talwar & Zhang
    2019, Thm 5: a finite binomial sum on balls)."""
    return subsampled_rdp(int(values["alpha"]), values["q"], values["sigma"], values["Delta"])



def _subsampled_rdp_family(rng: np.random.Generator, size: int) -> list[dict]:
    """The grid of orders, rates and small noise (q ≤ 0.99: at q = 1 the claim is an equality, which enclosures
    cannot decide); thorough: random integer orders, rates, noise and sensitivities after it."""
    listed = [{"alpha": a, "q": qq, "sigma": s, "Delta": "1"}
              for a in (2, 8, 32) for qq in ("0.01", "0.2", "0.9", "0.99") for s in ("0.3", "0.7", "2")]

    def draw(r: np.random.Generator) -> dict:
        return {"alpha": int(r.integers(2, 129)), "q": growth.decimal(r, "0.001", "0.99", 3),
                "sigma": growth.decimal(r, "0.2", "5", 2), "Delta": growth.decimal(r, "0.25", "4", 2)}

    return growth.grown(listed, size, draw, rng, most=36)


#: δ above 1/2 is inside calibrate()'s domain (0, 1) but outside these claims' hypotheses (δ ≤ 1/2, the range the
#: calibrations are customarily stated for): a narrowing of the encoding, said so.
_DELTA_ABOVE_HALF = Narrowing("δ ∈ (1/2, 1)", "the claims' hypotheses stop at δ ≤ 1/2 (the customary range of these "
                                                  "calibrations), so no adversary proposes larger δ")
_CALIBRATION = "every ε > 0 the method admits, δ ∈ (0, 1), sensitivity Δ > 0; the mean shift at most Δ in any dimension"
#: DESIGN.md "Scope" for the library's own accounting: the class each formula is stated for, what the grids and
#: searches reach (ε from 10⁻⁴ to 500, δ from 10⁻³⁰⁰ to 1/2, three sensitivities; the δ of two Gaussians depends on
#: the shift only through ‖μ − μ'‖/σ, so one dimension is the whole class), and what they leave out.
SCOPE = {
    "renyi": Scope("every order α > 1, every σ > 0, every mean shift μ − μ' in any dimension (D_α depends on "
                   "‖μ − μ'‖/σ only)", "orders α and scales ‖μ − μ'‖/σ on a grid and by search"),
    "classic": Scope("ε ∈ (0, 1], δ ∈ (0, 1), sensitivity Δ > 0 (Dwork & Roth, Theorem A.1)",
                     "ε on a grid of (0, 1] and by search, δ from 10⁻³⁰⁰ to 1/2, three Δ",
                     (_DELTA_ABOVE_HALF,)),
    "classic:control": Scope("ε > 1 (outside the classic formula's range, on purpose), δ ∈ (0, 1), Δ > 0",
                             "ε from 1.5 to 500, δ from 10⁻³⁰⁰ to 1/2, three Δ", (_DELTA_ABOVE_HALF,)),
    "zcdp": Scope(_CALIBRATION, "ε from 10⁻⁴ to 500, δ from 10⁻³⁰⁰ to 1/2, three Δ", (_DELTA_ABOVE_HALF,)),
    "exact": Scope(_CALIBRATION, "ε from 10⁻⁴ to 500, δ from 10⁻³⁰⁰ to 1/2, three Δ", (_DELTA_ABOVE_HALF,)),
    "laplace": Scope("every ε > 0, δ ∈ [0, 1), sensitivity Δ > 0 (one dimension, the ℓ1 shift Δ)",
                     "ε from 10⁻⁴ to 500, δ from 10⁻³⁰⁰ to 1/2, three Δ", (_DELTA_ABOVE_HALF,)),
    "subsampled-rdp": Scope("Poisson sampling rate q ∈ (0, 1], σ > 0, integer orders α ≥ 2, sensitivity Δ > 0",
                            "orders, rates and small noise on a grid; thorough: random integer α ≤ 128, q ≤ 0.99, σ, Δ "
                            "after it"),
}

CLAIMS = tuple(with_scope((
    Claim(
        id="gaussian.renyi",
        source="Mironov 2017, Prop. 7; used by olu Lemma 3 and pomer (Rényi accounting)",
        kind=Kind.PRIVACY,
        statement="D_α(N(μ, σ²I) ‖ N(μ', σ²I)) = α‖μ − μ'‖²/(2σ²)",
        hypotheses=(Hypothesis("α > 1", sympy.Gt(alpha, 1, evaluate=False)),),
        bound=RENYI_GAUSSIAN,
        quantity=_renyi,
        quantity_expr=RENYI_DEFINITION,
        adversaries=(
            Adversary(
                "orders and scales",
                generate=lambda rng, size: [
                    {"alpha": a, "sigma": s, "Delta": d}
                    for a in ("1.5", "2", "10", "1000")
                    for s in ("0.01", "1", "30")
                    for d in ("0.001", "1", "50")
                ],
            ),
            Adversary("search", space=Space({"alpha": (1.01, 1e4), "sigma": (1e-3, 1e3), "Delta": (1e-3, 1e3)}, log=frozenset({"alpha", "sigma", "Delta"}))),
        ),
        derivation="gaussian.renyi",
        control=Control.POSITIVE,
        note="Positive control: equality, so the checker must report it attained (tightness 1).",
    ),
    Claim(
        id="gaussian.classic",
        source="Dwork & Roth 2014, Thm A.1; as retain Fact 1 (line 77), r2d Thm B.1",
        kind=Kind.PRIVACY,
        statement="σ = Δ√(2 ln(1.25/δ))/ε gives (ε, δ)-DP for ε ≤ 1",
        hypotheses=(EPSILON_POSITIVE, Hypothesis("ε ≤ 1", sympy.Le(epsilon, 1, evaluate=False)), *DELTA_RANGE),
        bound=delta,
        prescribed=PRESCRIBED["gaussian.classic"],
        quantity=_true_delta,
        quantity_expr=DELTA_GAUSSIAN,
        adversaries=(_grid(EPSILONS_SMALL), _search((1e-4, 1.0))),
        derivation="gaussian.classic",
    ),
    Claim(
        id="gaussian.zcdp",
        source="Bun & Steinke 2016, Prop. 1.3; as d2d Lemma A.3 (lines 480–484)",
        kind=Kind.PRIVACY,
        statement="σ = Δ/(√2(√(ln(1/δ)+ε) − √ln(1/δ))) gives (ε, δ)-DP",
        hypotheses=(EPSILON_POSITIVE, *DELTA_RANGE),
        bound=delta,
        prescribed=PRESCRIBED["gaussian.zcdp"],
        quantity=_true_delta,
        quantity_expr=DELTA_GAUSSIAN,
        adversaries=(_grid(EPSILONS_SMALL + EPSILONS_LARGE), _search((1e-4, 500.0))),
        derivation="gaussian.zcdp",
    ),
    Claim(
        id="gaussian.exact",
        source="Balle & Wang 2018, Thm 8 (analytic Gaussian mechanism); certunlearn.privacy.calibrate",
        kind=Kind.PRIVACY,
        statement="calibrate(ε, δ, Δ, method='exact') gives (ε, δ)-DP and is optimal (the bound is attained)",
        hypotheses=(EPSILON_POSITIVE, *DELTA_RANGE),
        bound=delta,
        quantity=_true_delta_calibrated(Fraction(1)),
        quantity_expr=DELTA_GAUSSIAN_EXACT,
        adversaries=(_grid(EPSILONS_SMALL + EPSILONS_LARGE), _search((1e-4, 500.0))),
        derivation="gaussian.exact",
        control=Control.POSITIVE,
        note="Positive control: the exact calibration attains its target, so tightness must be 1 to 1e-9.",
    ),
    Claim(
        id="gaussian.classic:control-epsilon-above-1",
        source="negative control: Dwork & Roth Thm A.1 used outside its hypothesis ε ≤ 1",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) σ = Δ√(2 ln(1.25/δ))/ε gives (ε, δ)-DP for every ε > 0",
        hypotheses=(EPSILON_POSITIVE, *DELTA_RANGE),
        bound=delta,
        prescribed=PRESCRIBED["gaussian.classic:control-epsilon-above-1"],
        quantity=_true_delta,
        adversaries=(_grid(EPSILONS_LARGE), _search((1.0, 500.0))),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="gaussian.laplace",
        source="Dwork, McSherry, Nissim & Smith 2006, Prop. 1 (δ = 0); the exact Laplace profile for δ > 0",
        kind=Kind.PRIVACY,
        statement="b = Δ/(ε − 2 ln(1 − δ)) makes the Laplace mechanism (ε, δ)-DP, exactly (b = Δ/ε for δ = 0)",
        hypotheses=(EPSILON_POSITIVE, *DELTA_RANGE),
        bound=delta,
        prescribed=PRESCRIBED["gaussian.laplace"],
        quantity=_laplace_delta,
        quantity_expr=DELTA_LAPLACE,
        adversaries=(_grid(EPSILONS_SMALL + EPSILONS_LARGE),
                     Adversary("search", space=Space({"epsilon": (1e-4, 500.0), "delta": (1e-30, 0.5),
                                                      "Delta": (0.01, 100.0)}, log=frozenset({"epsilon", "delta", "Delta"})))),
        derivation="gaussian.laplace",
        control=Control.POSITIVE,
        laws=_laplace_laws,
        note="Positive control: the Laplace profile at this scale equals δ, so tightness and ε-tightness must be 1.",
    ),
    Claim(
        id="gaussian.subsampled-rdp",
        source="subsampling never increases the Rényi divergence: quasi-convexity of D_α (van Erven & Harremoës 2014, "
               "Thm 13) applied to the Poisson-subsampled Gaussian (Mironov, Talwar & Zhang 2019, Sec. 3)",
        kind=Kind.PRIVACY,
        statement="one Poisson-subsampled Gaussian step (rate q, noise σ, sensitivity Δ) has D_α ≤ αΔ²/(2σ²), the "
                  "Rényi divergence of the Gaussian step without sampling, for every q ∈ (0, 1] (equality at q = 1)",
        hypotheses=(Hypothesis("α ≥ 2", sympy.Ge(alpha, 2, evaluate=False)),),
        bound=RENYI_GAUSSIAN,
        quantity=_subsampled_rdp,
        adversaries=(Adversary("orders, rates up to q = 0.99 and small noise", generate=_subsampled_rdp_family,
                               reaches="α ∈ {2, 8, 32}, q ∈ {0.01, 0.2, 0.9, 0.99}, σ ∈ {0.3, 0.7, 2} at Δ = 1; "
                                       "thorough: random integer α ∈ [2, 128], q ∈ [0.001, 0.99], σ ∈ [0.2, 5], "
                                       "Δ ∈ [0.25, 4] after the grid"),),
        derivation="gaussian.subsampled-rdp",
        note="The quantity is the exact integer-order RDP of the subsampled pair (privacy.subsampled.subsampled_rdp, "
             "the larger direction); at q = 1 it is the plain Gaussian's (equality there, which enclosures cannot decide, so "
             "the family stops at q = 0.99). The negative "
             "control replaces the bound by the small-q approximation 2q²αΔ²/σ² outside its range.",
    ),
    Claim(
        id="gaussian.subsampled-rdp:control-small-q-outside-range",
        source="negative control: the small-q approximation D_α ≈ 2q²α/σ² (Mironov, Talwar & Zhang 2019, Sec. 3.3) "
               "applied outside its range (q not small, σ < 1)",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) one Poisson-subsampled Gaussian step has D_α ≤ 2q²αΔ²/σ² for every q, σ",
        hypotheses=(Hypothesis("α ≥ 2", sympy.Ge(alpha, 2, evaluate=False)),),
        bound=RDP_SMALL_Q,
        quantity=_subsampled_rdp,
        adversaries=(Adversary("orders, rates and small noise", generate=lambda rng, size: [
            {"alpha": a, "q": qq, "sigma": s, "Delta": "1"}
            for a in (2, 8, 32) for qq in ("0.01", "0.2", "0.9") for s in ("0.3", "0.7", "2")]),),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="gaussian.exact:control-sigma-halved",
        source="negative control: the exact calibration with σ halved",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) calibrate(ε, δ, Δ)/2 gives (ε, δ)-DP",
        hypotheses=(EPSILON_POSITIVE, *DELTA_RANGE),
        bound=delta,
        quantity=_true_delta_calibrated(Fraction(1, 2)),
        adversaries=(_grid(EPSILONS_SMALL + EPSILONS_LARGE), _search((1e-4, 500.0))),
        control=Control.NEGATIVE,
    ),
), SCOPE))

from .gaussian_composition import CLAIMS as COMPOSITION_CLAIMS  # noqa: E402  (subsampled profile, composition)

CLAIMS = (*CLAIMS, *COMPOSITION_CLAIMS)
