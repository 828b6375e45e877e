"""Derivations of the Gaussian-mechanism claims (``certunlearn.claims.gaussian``), step by step.

- ``gaussian.renyi``   D_α(N(0,σ²) ‖ N(Δ,σ²)) = αΔ²/(2σ²), by completing the square and integrating.
- ``gaussian.zcdp``    the σ of the zCDP calibration (Bun & Steinke 2016, Prop. 1.3), with the optimal Rényi
                       order found by calculus and the calibration equation solved in closed form; then a final
                       chain bounds the claim's quantity, the true δ at ε at that σ, directly:
                       δ(ε) ≤ P[ℓ > ε] = Q(√(2 ln(1/δ))) ≤ δ.
- ``gaussian.classic`` Dwork & Roth 2014, Thm A.1 (Gaussian mechanism), the proof as printed — including
                       its side condition c ≥ 3/2 and its bound c² − ε + ε²/(4c²) ≥ c² − 8/9, which the
                       engine tests on the library's whole range (ε ∈ [1e-4, 1], δ ∈ [1e-300, 1/2]).
- ``gaussian.laplace`` the Laplace mechanism's exact profile at the calibrated scale b = Δ/(ε − 2 ln(1 − δ)).
- ``gaussian.exact``   the exact (analytic) calibration of Balle & Wang 2018: their Thm 8 proved from the hockey-stick
                       integral, the monotonicity in σ that makes rounding σ up safe, and the calibration's own
                       enclosure check (cited).
- ``gaussian.subsampled-poisson:remove`` / ``:add``  the one-step profile of the subsampled Gaussian's dominating pair
                       (Zhu, Dong & Wang 2022, Thm 11): the loss's threshold, its monotonicity, the tails integrated.
- ``gaussian.subsampled-poisson:certificate``, ``gaussian.subsampled-fixed:certificate``  the audit claims of the
                       subsampled Gaussian: the RDP accountant's δ bounds the mechanism's true δ (cited steps).
- ``gaussian.composition`` / ``-heterogeneous``  composed Gaussian steps: a sufficient statistic reduces them to one
                       Gaussian pair whose normalised shift is √(Σ Δ²/σᵢ²).

Convention: ``derivations() -> list[Derivation]`` (see :mod:`certunlearn.derive`).
"""
from __future__ import annotations

import sympy
from sympy import Derivative, Function, Integral, Rational, Subs, exp, log, oo, pi, sqrt

from certunlearn.formulas.gaussian import (
    DELTA_GAUSSIAN_COMPOSED, DELTA_GAUSSIAN_EXACT, DELTA_GAUSSIAN_HETEROGENEOUS, DELTA_SUBSAMPLED_ADD, DELTA_SUBSAMPLED_REMOVE, X_SUBSAMPLED,
    X_SUBSAMPLED_ADD, k, k1, k2, q, sigma1, sigma2, DELTA_GAUSSIAN, DELTA_LAPLACE, RENYI_DEFINITION, RENYI_GAUSSIAN, SCALE_LAPLACE, SIGMA_ZCDP, b, gaussian_delta, normal_pdf,
    normal_tail as Q, x_out as x,
)
from certunlearn.formulas.symbols import Delta, alpha, delta, epsilon, rho, sigma
from certunlearn.derive import Derivation, Monotone, Premise, step, then

L = sympy.Symbol("L", positive=True)  # ln(1/δ)
c = sympy.Symbol("c", positive=True)  # Dwork–Roth: σ = cΔ/ε
t = sympy.Symbol("t", positive=True)  # standardised threshold of the privacy-loss event

#: The library's supported range for the (ε, δ) calibrations with ε ≤ 1 (log-split in both coordinates).
CLASSIC_BOX = {epsilon: ("0.0001", "1"), delta: ("1e-300", "0.5")}
DOMAIN = {epsilon: ("0.0001", "500"), delta: ("1e-300", "0.5"), Delta: ("0.01", "100"), sigma: ("0.001", "1000"),
          alpha: ("1.001", "10000")}


def _shown(*factors: sympy.Expr) -> sympy.Expr:
    """A product kept as written (sympy would otherwise merge an exponential's terms on display)."""
    return sympy.Mul(*factors, evaluate=False)




# ----------------------------------------------------------------------------------------------------


def renyi() -> Derivation:
    shift = (1 - alpha) * Delta
    gap = alpha * (alpha - 1) * Delta**2 / (2 * sigma**2)
    line = (x, -oo, oo)
    d_alpha = RENYI_DEFINITION
    return Derivation(
        claim_id="gaussian.renyi",
        target="bound",
        title="Rényi divergence of two Gaussians with equal variance (Mironov 2017, Prop. 7)",
        start=d_alpha,
        conditions=(sympy.Gt(alpha, 1),),
        premises=(
            Premise("For isotropic N(μ, σ²I_d) and N(μ', σ²I_d), rotate so that μ' − μ = ‖μ' − μ‖₂·e₁; Rényi "
                    "divergence is invariant under this bijection and additive over the independent coordinates, "
                    "which agree except the first: the d-dimensional case is the 1-D one with Δ = ‖μ' − μ‖₂.",
                    "van Erven & Harremoës 2014, Thm 28 (additivity); invariance under bijections"),
            Premise("D_α(P‖Q) = 1/(α−1) · ln ∫ p^α q^(1−α) dx for α > 1 (definition).", "Rényi 1961; Mironov 2017, Def. 3"),
        ),
        steps=(
            step(d_alpha, "==", log(Integral(exp(gap, evaluate=False) * normal_pdf(x, shift, sigma), line)) / (alpha - 1),
                 "complete the square: αx² + (1−α)(x−Δ)² = (x − (1−α)Δ)² − α(α−1)Δ², so p^α q^(1−α) = "
                 "e^(α(α−1)Δ²/(2σ²)) · N(x; (1−α)Δ, σ²)"),
            then("==", log(exp(gap, evaluate=False) * Integral(normal_pdf(x, shift, sigma), line), evaluate=False)
                 / (alpha - 1),
                 "the constant factor leaves the integral"),
            then("==", log(exp(gap, evaluate=False), evaluate=False) / (alpha - 1),
                 "a Gaussian density integrates to 1 (sympy.integrate)"),
            then("==", alpha * Delta**2 / (2 * sigma**2), "ln e^a = a; cancel α − 1"),
        ),
    )


def zcdp() -> Derivation:
    eps_of = alpha * rho + L / (alpha - 1)  # the DP ε at order α (premise P1 with D_α = αρ)
    a_star = 1 + sqrt(L / rho)
    eps_rho = rho + 2 * sqrt(rho * L)
    return Derivation(
        claim_id="gaussian.zcdp",
        target="bound",
        title="The zCDP calibration's σ (Bun & Steinke 2016, Prop. 1.3), and its true δ at ε bounded by δ",
        start=DELTA_GAUSSIAN,
        conditions=(sympy.Lt(delta, 1), sympy.Gt(alpha, 1)),
        where=((rho, Delta**2 / (2 * sigma**2)), (L, log(1 / delta))),
        domain=DOMAIN,
        premises=(
            Premise("If a mechanism satisfies (α, ε_α)-RDP, it satisfies (ε_α + ln(1/δ)/(α−1), δ)-DP for every "
                    "δ ∈ (0, 1). With ε_α = D_α = αρ this gives (ε(α), δ)-DP, ε(α) = αρ + L/(α−1), for every α > 1.",
                    "Mironov 2017, Prop. 3 (RDP → DP)",
                    sympy.Eq(sympy.Symbol("epsilon_alpha", positive=True), eps_of)),
            Premise("(ε', δ)-DP with ε' ≤ ε implies (ε, δ)-DP.", "definition of (ε, δ)-DP"),
        ),
        steps=(
            step(alpha * Delta**2 / (2 * sigma**2), "==", alpha * rho,
                 "gaussian.renyi: D_α(N(0,σ²) ‖ N(Δ,σ²)) = αΔ²/(2σ²) = αρ for every α > 1, i.e. the Gaussian "
                 "mechanism is ρ-zCDP (Bun & Steinke 2016, Def. 1.1)"),
            step(1, "<", a_star, "α* = 1 + √(L/ρ) is an admissible Rényi order"),
            step(Subs(Derivative(eps_of, alpha), alpha, a_star), "==", 0,
                 "α* is a stationary point of ε(α) = αρ + L/(α−1)"),
            step(0, "<", Derivative(eps_of, (alpha, 2)),
                 "ε(α) is strictly convex for α > 1, so α* minimises it"),
            step(Subs(eps_of, alpha, a_star), "==", eps_rho,
                 "ε(α*) = ρ + 2√(ρL): ρ-zCDP gives (ρ + 2√(ρ ln(1/δ)), δ)-DP (Bun & Steinke 2016, Prop. 1.3)"),
            step(eps_rho + L, "==", (sqrt(rho) + sqrt(L)) ** 2, "completing the square"),
            step(0, "<", Derivative(eps_rho, rho),
                 "ρ ↦ ρ + 2√(ρL) is strictly increasing, so the calibration equation ρ + 2√(ρL) = ε has one "
                 "root, and the equalities below read in both directions"),
            step(sigma, "==", Delta / sqrt(2 * rho), "ρ = Δ²/(2σ²) solved for σ > 0"),
            then("==", Delta / (sqrt(2) * (sqrt(L + epsilon) - sqrt(L))),
                 "calibration: the DP ε of step 5 equals the target ε; then ε + L = (√ρ + √L)² (step 6), "
                 "so √ρ = √(L + ε) − √L",
                 given={epsilon: eps_rho}),
            then("==", SIGMA_ZCDP, "L = ln(1/δ)"),
            # the final chain: the true δ at ε (the claim's quantity) at this σ, bounded directly
            step(DELTA_GAUSSIAN, "<=", Q(epsilon * sigma / Delta - Delta / (2 * sigma)),
                 "the privacy loss ℓ(x) = (2xΔ + Δ²)/(2σ²), x ~ N(0, σ²), exceeds ε iff x > σ²ε/Δ − Δ/2; "
                 "δ(ε) = E[(1 − e^(ε−ℓ))₊] ≤ P[ℓ > ε]"),
            then("==", Q(sqrt(2 * L)),
                 "at σ = Δ/(√2(√(L + ε) − √L)) (step 10): εσ/Δ − Δ/(2σ) = (√(L + ε) + √L)/√2 − (√(L + ε) − √L)/√2 = √(2L)",
                 given={sigma: Delta / (sqrt(2) * (sqrt(L + epsilon) - sqrt(L)))}),
            then("==", Q(sqrt(2 * log(1 / delta))), "L = ln(1/δ)"),
            then("<=", delta, "Q(√(2 ln(1/δ))) ≤ δ: the Gaussian tail Q(y) ≤ e^(−y²/2)/2 for y ≥ 0",
                 box={delta: ("1e-300", "0.5")}),
        ),
    )


def classic() -> Derivation:
    exponent = c**2 - epsilon + epsilon**2 / (4 * c**2)
    return Derivation(
        claim_id="gaussian.classic",
        target="bound",
        title="Classic Gaussian mechanism, σ = Δ√(2 ln(1.25/δ))/ε (Dwork & Roth 2014, Thm A.1), the proof as printed",
        start=DELTA_GAUSSIAN,
        conditions=(sympy.Le(epsilon, 1), sympy.Le(delta, Rational(1, 2))),
        where=((c, sqrt(2 * log(Rational(5, 4) / delta))), (sigma, c * Delta / epsilon), (t, c - epsilon / (2 * c))),
        domain={**CLASSIC_BOX, Delta: ("0.01", "100")},
        premises=(
            Premise("The true δ at ε of N(0, σ²) vs N(Δ, σ²) is δ(ε) = Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ) "
                    "= E[(1 − e^(ε−ℓ))₊], ℓ the privacy loss.", "Balle & Wang 2018, Thm 8"),
        ),
        note=("Dwork & Roth prove the bound by sufficient conditions; the chain writes them forwards. Their "
              "side condition c ≥ 3/2 does not follow from the hypotheses when δ > 1.25·e^(−9/8) ≈ 0.4067, and their "
              "bound c² − ε + ε²/(4c²) ≥ c² − 8/9 holds only for c ≤ 3/2 (at ε = 1); the conclusion survives "
              "because the last steps have slack, which the checker measures directly."),
        steps=(
            step(c - Rational(1, 2), "<=", t,
                 "DR: ε ≤ 1 and c ≥ 1 give c − ε/(2c) ≥ c − 1/2", box=CLASSIC_BOX),
            step(Rational(3, 2), "<=", c,
                 "DR: “ln(c − ε/(2c)) > 0 provided c ≥ 3/2” — an assumption of the proof, not of the theorem",
                 box=CLASSIC_BOX),
            step(DELTA_GAUSSIAN, "<=", Q(epsilon * sigma / Delta - Delta / (2 * sigma)),
                 "privacy loss ℓ(x) = (2xΔ + Δ²)/(2σ²) exceeds ε iff x > σ²ε/Δ − Δ/2; δ(ε) = E[(1 − e^(ε−ℓ))₊] "
                 "≤ P[ℓ > ε] = P[x > σ²ε/Δ − Δ/2] for x ~ N(0, σ²)"),
            then("==", Q(t), "σ = cΔ/ε: (σ²ε/Δ − Δ/2)/σ = c − ε/(2c) = t"),
            then("<=", exp(-t**2 / 2) / (t * sqrt(2 * pi)),
                 "Gaussian tail bound P[Z > t] ≤ e^(−t²/2)/(t√(2π)) for t > 0",
                 cited="Dwork & Roth 2014, Thm A.1 proof (tail bound)", monotone=Monotone(t, oo)),
            then("==", _shown(exp(-t**2 / 2 - log(t), evaluate=False), 1 / sqrt(2 * pi)), "1/t = e^(−ln t)"),
            then("<=", exp(-t**2 / 2) / sqrt(2 * pi),
                 "DR: drop −ln t, as ln(c − ε/(2c)) ≥ 0 by steps 1–2", box=CLASSIC_BOX),
            then("==", _shown(exp(-exponent / 2, evaluate=False), 1 / sqrt(2 * pi)), "t² = c² − ε + ε²/(4c²)"),
            then("<=", _shown(exp(-(c**2 - Rational(8, 9)) / 2, evaluate=False), 1 / sqrt(2 * pi)),
                 "DR: “since ε ≤ 1 the derivative of c² − ε + ε²/(4c²) with respect to c is positive for c ≥ 3/2, "
                 "so c² − ε + ε²/(4c²) ≥ c² − 8/9”", box=CLASSIC_BOX),
            then("==", _shown(exp(-log(Rational(5, 4) / delta, evaluate=False) + Rational(4, 9), evaluate=False),
                              1 / sqrt(2 * pi)),
                 "c² = 2 ln(1.25/δ)"),
            then("==", 4 * delta * exp(Rational(4, 9)) / (5 * sqrt(2 * pi)), "e^(−ln(1.25/δ)) = δ/1.25"),
            then("<=", delta / 2, "DR: (2/π)e^(8/9) < 1.55 < 1.25², i.e. 4e^(4/9)/(5√(2π)) ≤ 1/2"),
            then("<=", delta, "one tail suffices here (DR bound each tail of |x| by δ/2)"),
        ),
    )


#: The privacy loss ℓ(x) = ln(p(x)/q(x)) of N(Δ, σ²) against N(0, σ²), and the output x* where it equals ε.
GAUSSIAN_LOSS = log(normal_pdf(x, Delta, sigma) / normal_pdf(x, 0, sigma))
X_GAUSSIAN = sigma**2 * epsilon / Delta + Delta / 2


def _hockey_stick(sd: sympy.Expr, shift: sympy.Expr) -> sympy.Expr:
    """∫ over {ℓ > ε} of (p − e^ε q) for p = N(shift, sd²), q = N(0, sd²): the loss increases in x and exceeds ε
    exactly above x* (``gaussian.exact``, steps 2–3, at σ = sd and Δ = shift)."""
    threshold = X_GAUSSIAN.subs({sigma: sd, Delta: shift}, simultaneous=True)
    return Integral(normal_pdf(x, shift, sd) - exp(epsilon) * normal_pdf(x, 0, sd), (x, threshold, oo))


def exact() -> Derivation:
    return Derivation(
        claim_id="gaussian.exact",
        target="bound",
        title="Exact (analytic) calibration of the Gaussian mechanism (Balle & Wang 2018)",
        start=DELTA_GAUSSIAN_EXACT,
        domain=DOMAIN,
        premises=(Premise("δ(ε) = ∫(p − e^ε q)₊ = ∫ over {ℓ > ε} of (p − e^ε q), ℓ = ln(p/q) the privacy loss",
                          "Balle & Wang 2018, Thm 5 (hockey-stick divergence)"),),
        note=("σ_cal(ε, δ, Δ) is the σ returned by certunlearn.privacy.calibrate(method='exact'); the claim's "
              "quantity is Balle & Wang's δ at ε at that σ (quantity_expr), which steps 2–4 prove to be the hockey-stick "
              "divergence of N(Δ, σ²) against N(0, σ²) at every σ > 0. The calibration's own enclosure check is the "
              "proof of the last step at each call; the checker attacks the claim directly."),
        steps=(
            step(Derivative(DELTA_GAUSSIAN, sigma), "<", 0,
                 "δ(ε; σ) strictly decreases in σ (∂δ/∂σ = −(Δ/σ²)·φ(Δ/(2σ) − εσ/Δ)): rounding σ up never "
                 "increases δ, and bisection on σ is valid"),
            step(0, "<", Derivative(GAUSSIAN_LOSS, x),
                 "the privacy loss ℓ(x) = (2xΔ − Δ²)/(2σ²) increases in x, so {ℓ > ε} is a half-line"),
            step(GAUSSIAN_LOSS.subs(x, X_GAUSSIAN), "==", epsilon, "ℓ(x*) = ε at x* = σ²ε/Δ + Δ/2: {ℓ > ε} = (x*, ∞)"),
            step(_hockey_stick(sigma, Delta), "==", gaussian_delta(epsilon, sigma, Delta),
                 "Balle & Wang 2018, Thm 8: the hockey-stick integral over (x*, ∞) is Φ(Δ/(2σ) − εσ/Δ) − "
                 "e^ε Φ(−Δ/(2σ) − εσ/Δ) (normal tails integrated)"),
            step(DELTA_GAUSSIAN_EXACT, "<=", delta,
                 "calibrate returns σ_cal only after deciding δ(ε; σ_cal) ≤ δ on rigorous enclosures (σ rounded up, "
                 "safe by step 1)", cited="certunlearn.privacy.calibrate (enclosure check)"),
        ),
    )


def laplace() -> Derivation:
    """The Laplace mechanism at the scale b = Δ/(ε − 2 ln(1 − δ)): its exact profile equals δ."""
    u = (Delta / b - epsilon) / 2  # the threshold x* = (Δ − εb)/2 in units of b
    return Derivation(
        claim_id="gaussian.laplace",
        target="bound",
        title="The Laplace mechanism's exact profile δ(ε) = 1 − e^((ε − Δ/b)/2), at the calibrated scale",
        start=DELTA_LAPLACE,
        conditions=(sympy.Lt(delta, 1),),
        domain={epsilon: ("0.0001", "500"), delta: ("1e-30", "0.5"), Delta: ("0.01", "100")},
        premises=(
            Premise("The privacy loss of Lap(0, b) against Lap(Δ, b) is L(x) = (|x − Δ| − |x|)/b, which decreases "
                    "from Δ/b (x ≤ 0) to −Δ/b (x ≥ Δ); for 0 ≤ ε < Δ/b, L(x) > ε exactly for x < x* = (Δ − εb)/2 ∈ "
                    "(0, Δ/2]. Then δ(ε) = P[X < x*] − e^ε P[Y < x*] with X ~ Lap(0, b), Y ~ Lap(Δ, b): "
                    "1 − e^(−x*/b)/2 − e^ε e^((x* − Δ)/b)/2, and with u = x*/b = (Δ/b − ε)/2, ε + u − Δ/b = −u, so "
                    "δ(ε) = 1 − e^(−u) = 1 − e^((ε − Δ/b)/2); above Δ/b the loss never exceeds ε and δ = 0.",
                    "Balle & Wang 2018, Thm 5 (δ(ε) = P[L > ε] − e^ε P'[L > ε]); Laplace CDF"),
        ),
        where=((b, SCALE_LAPLACE),),
        steps=(
            step(DELTA_LAPLACE, "==", 1 - exp(-u), "the profile in u = (Δ/b − ε)/2 (premise)"),
            then("==", 1 - exp(log(1 - delta), evaluate=False),
                 "b = Δ/(ε − 2 ln(1 − δ)): Δ/b = ε − 2 ln(1 − δ), so −u = ln(1 − δ)"),
            then("==", delta, "e^(ln(1 − δ)) = 1 − δ"),
        ),
    )


def subsampled_rdp() -> Derivation:
    """D_α of one Poisson-subsampled Gaussian step is at most the plain Gaussian step's: the subsampled pair is the
    mixture (1 − q)N(0, σ²) + qN(Δ, σ²) against N(0, σ²) (and the reverse), and D_α is jointly quasi-convex."""
    return Derivation(
        claim_id="gaussian.subsampled-rdp",
        target="bound",
        title="Subsampling never increases the Rényi divergence (quasi-convexity of D_α)",
        start="D_α((1 − q)N(0, σ²) + qN(Δ, σ²) ‖ N(0, σ²)), and the reverse order",
        premises=(Premise("D_α(Σλ_iP_i ‖ Σλ_iQ_i) ≤ max_i D_α(P_i ‖ Q_i): joint quasi-convexity of the Rényi "
                          "divergence", "van Erven & Harremoës 2014, Thm 13"),),
        note="Quasi-convexity with the pairs (N(0, σ²), N(0, σ²)) of divergence 0 and (N(Δ, σ²), N(0, σ²)) of divergence "
             "αΔ²/(2σ²) (gaussian.renyi), in either order, puts the subsampled divergence at αΔ²/(2σ²)/(1 + w), w ≥ 0.",
        steps=(step(RENYI_GAUSSIAN / (1 + sympy.Symbol("w", nonnegative=True)), "<=", RENYI_GAUSSIAN,
                    "the subsampled divergence is at most the larger one of the two pairs (quasi-convexity)"),),
    )


#: The subsampled loss L(x) = ln(1 − q + q e^{(2xΔ − Δ²)/(2σ²)}) of (1 − q)N(0, σ²) + qN(Δ, σ²) against N(0, σ²).
SUBSAMPLED_LOSS = log(1 - q + q * exp((2 * x * Delta - Delta**2) / (2 * sigma**2)))
SUBSAMPLED_DOMAIN = {epsilon: ("0.01", "4"), q: ("0.001", "0.999"), sigma: ("0.1", "10"), Delta: ("0.1", "10"),
                     x: ("-20", "20")}
_HOCKEY = Premise("δ(ε) = ∫(p − e^ε q)₊ = P[L > ε] − e^ε Q[L > ε] for the privacy loss L = ln(dP/dQ)",
                  "Balle & Wang 2018, Thm 5")
_PAIR = Premise("One Poisson-subsampled Gaussian step (add/remove) is dominated by the pair (1 − q)N(0, σ²) + "
                "qN(Δ, σ²) against N(0, σ²) (remove) and its reverse (add), tightly", "Zhu, Dong & Wang 2022, Thm 11")
_MONOTONE = Premise("L′(x) = (qΔ/σ²)e^{(2xΔ − Δ²)/(2σ²)}/(1 − q + qe^{(2xΔ − Δ²)/(2σ²)}) > 0: L increases, so {L > ε} "
                    "is a half-line {x > x*} and {−L > ε} = {L < −ε} a half-line {x < x*}", "calculus")


def subsampled_remove() -> Derivation:
    """Remove direction: L increases in x and crosses ε at X_SUBSAMPLED, so δ(ε) is two normal tails there."""
    return Derivation(
        claim_id="gaussian.subsampled-poisson:remove",
        target="bound",
        title="One Poisson-subsampled Gaussian step, remove direction: the exact profile",
        start="∫((1 − q)φ_σ(x) + qφ_σ(x − Δ) − e^ε φ_σ(x))₊ dx",
        domain=SUBSAMPLED_DOMAIN,
        premises=(_PAIR, _HOCKEY, _MONOTONE),
        steps=(
            step(SUBSAMPLED_LOSS.subs(x, X_SUBSAMPLED), "==", epsilon,
                 "x* = X_SUBSAMPLED solves L(x) = ε (e^ε − 1 + q > 0 for every ε > 0)"),
            step(Integral((1 - q) * normal_pdf(x, 0, sigma) + q * normal_pdf(x, Delta, sigma)
                          - exp(epsilon) * normal_pdf(x, 0, sigma), (x, X_SUBSAMPLED, oo)), "==", DELTA_SUBSAMPLED_REMOVE,
                 "P[L > ε] − e^ε Q[L > ε]: the densities integrated over x > x* (normal tails)",
                 cited="∫_t^∞ φ_σ(x − m) dx = Q((t − m)/σ), the normal tail"),
        ),
    )


def subsampled_add() -> Derivation:
    """Add direction: its loss −L(x) exceeds ε exactly where L(x) < −ε, x below X_SUBSAMPLED at −ε."""
    return Derivation(
        claim_id="gaussian.subsampled-poisson:add",
        target="bound",
        title="One Poisson-subsampled Gaussian step, add direction: the exact profile (e^(−ε) > 1 − q)",
        start="∫(φ_σ(x) − e^ε((1 − q)φ_σ(x) + qφ_σ(x − Δ)))₊ dx",
        domain={**SUBSAMPLED_DOMAIN, epsilon: ("0.001", "0.1"), q: ("0.2", "0.999")},
        conditions=(sympy.Gt(exp(-epsilon), 1 - q),),
        premises=(_PAIR, _HOCKEY, _MONOTONE),
        steps=(
            step(SUBSAMPLED_LOSS.subs(x, X_SUBSAMPLED_ADD), "==", -epsilon,
                 "x* = X_SUBSAMPLED at −ε solves L(x) = −ε (needs e^(−ε) − 1 + q > 0)"),
            step(Integral(normal_pdf(x, 0, sigma) - exp(epsilon) * ((1 - q) * normal_pdf(x, 0, sigma)
                                                                   + q * normal_pdf(x, Delta, sigma)),
                          (x, -oo, X_SUBSAMPLED_ADD)), "==", DELTA_SUBSAMPLED_ADD,
                 "P[−L > ε] − e^ε Q[−L > ε]: the densities integrated over x < x*",
                 cited="∫_−∞^t φ_σ(x − m) dx = Q((m − t)/σ), the normal tail"),
        ),
    )


_HOCKEY_STICK = Premise("δ(ε) = ∫(p − e^ε q)₊ = ∫ over {ℓ > ε} of (p − e^ε q); for a Gaussian pair N(m, s²) against "
                        "N(0, s²) the loss ℓ increases in x and {ℓ > ε} = (s²ε/m + m/2, ∞) (gaussian.exact, steps 2–3)",
                        "Balle & Wang 2018, Thm 5 (hockey-stick divergence)")
_STATED_PLD = ("the claim's quantity is the composed δ enclosed by the certified privacy-loss distribution (a numeric "
               "bracket, no closed form), and the closed form it would be compared with is the claim's bound itself; the "
               "chain starts from the hockey-stick integral of the sufficient statistic's pair, equal to the composed "
               "pair's by the premise and step 1")


def composition() -> Derivation:
    """k Gaussian steps: their sum is sufficient, N(0, kσ²) against N(kΔ, kσ²) — one step at σ/√k."""
    s_stat = sympy.Symbol("S", real=True)  # S = Σ yᵢ
    s_sd, m_shift = sympy.Symbol("s", positive=True), sympy.Symbol("m", positive=True)  # S's sd √k·σ and shift kΔ
    return Derivation(
        claim_id="gaussian.composition",
        target="bound",
        title="k composed Gaussian steps are one Gaussian step at noise σ/√k",
        start="∫(p_S − e^ε q_S)₊ for the laws of S = Σyᵢ, N(kΔ, kσ²) against N(0, kσ²)",
        start_reason=_STATED_PLD,
        where=((s_sd, sqrt(k) * sigma), (m_shift, k * Delta)),
        domain={epsilon: ("0.01", "10"), sigma: ("0.1", "100"), Delta: ("0.1", "10"), k: ("1", "1000"),
                s_stat: ("-100", "100")},
        premises=(Premise("The likelihood ratio of k independent outputs yᵢ ~ N(θ, σ²), θ ∈ {0, Δ}, is "
                          "exp((ΔΣyᵢ − kΔ²/2)/σ²), a function of S = Σyᵢ alone: the pair of composed laws and the pair "
                          "of laws of S, N(0, kσ²) against N(kΔ, kσ²), have the same hockey-stick divergences",
                          "sufficiency (Fisher–Neyman factorisation); Dong, Roth & Su 2022 (μ-GDP composes to √k·μ)"),
                  _HOCKEY_STICK),
        steps=(
            step(Delta * s_stat / sigma**2 - k * Delta**2 / (2 * sigma**2), "==",
                 log(normal_pdf(s_stat, k * Delta, sqrt(k) * sigma) / normal_pdf(s_stat, 0, sqrt(k) * sigma)),
                 "the k steps' losses Σ(2Δyᵢ − Δ²)/(2σ²) = (ΔS − kΔ²/2)/σ² are the loss of N(kΔ, kσ²) against "
                 "N(0, kσ²) at S: the product density's ratio depends on S alone"),
            step(_hockey_stick(s_sd, m_shift), "==", gaussian_delta(epsilon, s_sd, m_shift),
                 "the normal tails integrated over (x*, ∞) (Balle & Wang 2018, Thm 8, as proved in gaussian.exact)"),
            then("==", DELTA_GAUSSIAN_COMPOSED, "it depends on shift/sd only: kΔ/(√kσ) = Δ/(σ/√k)"),
        ),
    )


def composition_heterogeneous() -> Derivation:
    """k₁ steps at σ₁ and k₂ at σ₂: T = Σ yᵢ/σᵢ² is sufficient, N(0, P) against N(ΔP, P), P = k₁/σ₁² + k₂/σ₂²."""
    precision = k1 / sigma1**2 + k2 / sigma2**2
    p_sym = sympy.Symbol("P", positive=True)  # the precision Σ kᵢ/σᵢ²
    t_stat = sympy.Symbol("T", real=True)  # T = Σ yᵢ/σᵢ²
    return Derivation(
        claim_id="gaussian.composition-heterogeneous",
        target="bound",
        title="Gaussian steps with different noise compose to one Gaussian step at 1/√(Σ kᵢ/σᵢ²)",
        start="∫(p_T − e^ε q_T)₊ for the laws of T = Σyᵢ/σᵢ², N(ΔP, P) against N(0, P)",
        start_reason=_STATED_PLD,
        where=((p_sym, precision),),
        domain={epsilon: ("0.01", "10"), sigma1: ("0.1", "100"), sigma2: ("0.1", "100"), Delta: ("0.1", "10"),
                k1: ("1", "1000"), k2: ("1", "1000"), t_stat: ("-100", "100")},
        premises=(Premise("The likelihood ratio of the outputs yᵢ ~ N(θ, σᵢ²) is exp(Σ(Δyᵢ − Δ²/2)/σᵢ²), a function "
                          "of T = Σyᵢ/σᵢ² alone, with T ~ N(θP, P), P = Σ 1/σᵢ²: the composed pair and the pair of "
                          "laws of T have the same hockey-stick divergences", "sufficiency (Fisher–Neyman factorisation)"),
                  _HOCKEY_STICK),
        steps=(
            step(Delta * t_stat - p_sym * Delta**2 / 2, "==",
                 log(normal_pdf(t_stat, Delta * p_sym, sqrt(p_sym)) / normal_pdf(t_stat, 0, sqrt(p_sym))),
                 "the losses Σ(Δyᵢ − Δ²/2)/σᵢ² = ΔT − PΔ²/2 are the loss of N(ΔP, P) against N(0, P) at T"),
            step(_hockey_stick(sqrt(p_sym), Delta * p_sym), "==", gaussian_delta(epsilon, sqrt(p_sym), Delta * p_sym),
                 "the normal tails integrated over (x*, ∞) (Balle & Wang 2018, Thm 8, as proved in gaussian.exact)"),
            then("==", DELTA_GAUSSIAN_HETEROGENEOUS, "shift/sd: ΔP/√P = Δ/(1/√P), P = k₁/σ₁² + k₂/σ₂²"),
        ),
    )


def composition_rdp() -> Derivation:
    """The RDP route for k Gaussian steps: composition adds the orders' divergences, then Mironov's conversion."""
    delta_k = Function("delta_k")(epsilon)
    s_sd, m_shift = sympy.Symbol("s", positive=True), sympy.Symbol("m", positive=True)  # S's sd √k·σ and shift kΔ
    return Derivation(
        claim_id="gaussian.composition-rdp",
        where=((s_sd, sqrt(k) * sigma), (m_shift, k * Delta)),
        start_reason=("the claim's quantity is the composed δ enclosed by the certified privacy-loss distribution (a "
                      "numeric bracket); its closed form, Balle & Wang's δ at noise σ/√k (gaussian.composition) at "
                      "ε = EPSILON_RDP_COMPOSED, is not yet the chain's start: from it to δ the chain would need the "
                      "normal tail bound Q(t) ≤ e^{−t²/2} (through Mills' ratio), which the engine does not prove — the "
                      "conversion stays cited"),
        target="bound",
        title="k Gaussian steps are (kαΔ²/(2σ²) + ln(1/δ)/(α − 1), δ)-DP (the RDP route)",
        start=delta_k,
        domain={alpha: ("1.001", "100"), delta: ("1e-30", "0.5"), sigma: ("0.1", "100"), Delta: ("0.1", "10"),
                k: ("1", "1000")},
        note="δ_k(ε) is the true δ at ε of k composed Gaussian steps; the claim's quantity encloses it by the certified "
             "PLD, independently of this route.",
        steps=(
            step(RENYI_GAUSSIAN.subs({Delta: m_shift, sigma: s_sd}, simultaneous=True), "==", k * RENYI_GAUSSIAN,
                 "composition on the Gaussian pair (Mironov 2017, Prop. 1, here an identity): the k outputs' sufficient "
                 "statistic S = Σyᵢ has the pair N(kΔ, kσ²), N(0, kσ²) (gaussian.composition, step 1), so D_α of the "
                 "k-fold product is gaussian.renyi's αΔ²/(2σ²) at shift kΔ and noise √k·σ: k times one step's"),
            step(delta_k, "<=", delta,
                 "k steps are (α, kαΔ²/(2σ²))-RDP (the previous step); (α, ρ)-RDP gives (ρ + ln(1/δ)/(α − 1), δ)-DP, at "
                 "ε = EPSILON_RDP_COMPOSED",
                 cited="Mironov 2017, Prop. 3 (conversion from RDP to (ε, δ)-DP)"),
        ),
    )


def subsampled_certificate(sampling: str) -> Derivation:
    """The audit claims of the subsampled Gaussian: the δ an RDP accountant issues bounds the true δ of the mechanism.
    Each step is a cited result (the dominating pair, the pair's RDP, composition, the conversion)."""
    delta_m = Function("delta_M")(epsilon)
    pair = (_PAIR.statement + ", and k steps are dominated by the k-fold product of the pair" if sampling == "poisson"
            else "One fixed-size (without replacement) subsampled Gaussian step under replace-one is dominated by the "
                 "same mixture pair with Δ the replace-one sensitivity and q = m/n")
    return Derivation(
        claim_id=f"gaussian.subsampled-{sampling}:certificate",
        target="bound",
        title=f"The RDP accountant's δ certifies the {'Poisson' if sampling == 'poisson' else 'fixed-size'}-subsampled "
              f"Gaussian (k steps)",
        start=delta_m,
        domain={epsilon: ("0.01", "10"), delta: ("1e-30", "0.5"), q: ("0.001", "1"), sigma: ("0.1", "100"),
                Delta: ("0.1", "10"), k: ("1", "1000")},
        premises=(Premise(pair, "Zhu, Dong & Wang 2022, Thm 11 (and their sampling-without-replacement case)"),
                  Premise("The pair's Rényi divergence of integer order α is ln(Σ_j C(α, j)(1 − q)^{α−j} q^j "
                          "e^{(j² − j)Δ²/(2σ²)})/(α − 1) in both orders (at most the remove order's)",
                          "Mironov, Talwar & Zhang 2019, Thm 4 and 5")),
        note="δ_M(ε) is the true δ at ε of the mechanism (its dominating pair, the larger direction, k-fold); the "
             "claim's quantity encloses it (exact profile or certified PLD), independently of this route. δ is the "
             "instance's claimed δ: for the structured instances, the accountant's, rounded up.",
        steps=(
            step(delta_m, "<=", delta,
                 "k steps are (α, kD_α)-RDP (composition); (α, ρ)-RDP gives (ε, exp((α − 1)(ρ − ε + ln(1 − 1/α)) − "
                 "ln α))-DP; the accountant takes the least δ over the orders α = 2, …, 128, every term rounded up",
                 cited="Mironov 2017, Prop. 1 (composition); Canonne, Kamath & Steinke 2020, Prop. 12 (conversion)"),
        ),
    )


def derivations() -> list[Derivation]:
    return [renyi(), zcdp(), classic(), exact(), laplace(), subsampled_rdp(), subsampled_remove(), subsampled_add(),
            composition(), composition_heterogeneous(), composition_rdp(), subsampled_certificate("poisson"),
            subsampled_certificate("fixed")]
