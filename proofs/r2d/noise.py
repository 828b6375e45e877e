"""The last chain of every derivation of a prescribed Gaussian σ in Rewind-to-Delete (Theorem 3.1, Remark 3.3, the
experiments' certificates of Section 4.2 and Appendix D.1): from the claim's quantity — Balle & Wang's δ at ε of the
two published laws, at the prescribed σ and the true mean shift — to the claim's bound δ.

Paper file ``papers/003_4ace1bceaf1cf3d6.txt`` (line numbers below refer to it): the proofs end "σ =
‖θ'_T − θ''_K‖√(2log(1.25/δ))/ε" (line 451), Theorem B.1 (lines 344–348) at the shift bound of lines 437–441.

The true shift is written κ·Δ_b, κ = 1/(1 + w) ∈ (0, 1] (Δ_b the proof's bound: Lemmas B.2–B.3), so that "δ increases
with the shift" is proved by monotonicity in w; then Theorem B.1 for ε ≤ 1 is the corrected chain of
``r2d.thmB.1+fix`` (Dwork & Roth's proof with c − ε/(2c) = t₀ + x, x = (1 − ε)/(2c) ≥ 0). The start is checked
against the quantity at symbolic input (:class:`~certunlearn.derive.SymbolicStart`): Balle & Wang's δ
(:func:`~certunlearn.formulas.gaussian.gaussian_delta`) at the claim's prescribed σ (from
:mod:`certunlearn.formulas.r2d`) and the shift κ·(the lemmas' bound, written from their own formulas) — so the
engine proves that the prescribed σ is Theorem B.1's σ at the proof's shift.
"""
from __future__ import annotations

import functools

import sympy
from sympy import Rational, log, sqrt

from certunlearn.formulas.gaussian import gaussian_delta, normal_tail
from certunlearn.formulas.r2d import C_DR
from certunlearn.formulas.symbols import delta, epsilon
from certunlearn.derive import Derivation, Monotone, Premise, Step, SymbolicStart, step, then

#: the proof's shift bound Δ_b (an abbreviation: its value is the derivation's ``shift``)
SHIFT_BOUND = sympy.Symbol("Delta_b", positive=True)
#: the true shift ‖θ'_T − θ''_K‖ over Δ_b (≤ 1 by the lemmas), and κ = 1/(1 + w)
KAPPA = sympy.Symbol("kappa_D", positive=True)
W_SLACK = sympy.Symbol("w_D", nonnegative=True)
SHIFT = sympy.Symbol("x_D", positive=True)  # the true shift κ·Δ_b
#: Theorem B.1's σ at the proof's shift, cΔ_b/ε: the start check proves it is the claim's prescribed σ (the run puts the
#: prescribed σ's formula in its place), so it is not also declared as the prescribed parameter's definition
SIGMA_B = sympy.Symbol("sigma_b", positive=True)
_C = sympy.Symbol("c_B1", positive=True)  # √(2 log(1.25/δ)), given at the last step
_T0 = _C - 1 / (2 * _C)  # t₀ = c − 1/(2c), inline: c's value enters at the last step
_X = sympy.Symbol("x_B1", nonnegative=True)  # (1 − ε)/(2c) ≥ 0 (ε ≤ 1)


def _quantity(prescribed_sigma: sympy.Expr, shift_bound: sympy.Expr, at: tuple) -> sympy.Expr:
    """What the claim's quantity (the true δ at ε of the two published Gaussians) evaluates at symbolic input: Balle &
    Wang's δ at the prescribed σ and the true shift κ·(the proof's bound), κ = 1/(1 + w), at the input ``at`` (n = m + r,
    T = K + j: the chain's parameters); √(2log(1.25/δ)) is written c, as in the chain (its value enters at the last
    step)."""
    sd = prescribed_sigma.subs(sqrt(log(Rational(5, 4) / delta)), _C / sqrt(2))
    if delta in sd.free_symbols:
        raise ValueError(f"the prescribed σ {sd} is not written with c = √(2log(1.25/δ))")
    return gaussian_delta(epsilon, sd, shift_bound / (1 + W_SLACK)).subs(dict(at))


def noise_chain(*, claim_id: str, title: str, prescribed_sigma: sympy.Expr, shift: sympy.Expr, shift_what: str,
                side_steps: tuple[Step, ...] = (), where: tuple = (), domain: dict, premises: tuple = (),
                note: str = "", conditions: tuple = (), samples: int = 48, at: tuple = (),
                shift_written: sympy.Expr | None = None) -> Derivation:
    """The derivation ``side_steps`` (the proof's shift bound, as printed — kept, each checked) followed by the final
    chain δ_BW(ε; σ, κΔ_b) ≤ δ_BW(ε; σ, Δ_b) ≤ Q(εσ/Δ_b − Δ_b/(2σ)) = Q(t₀ + x) ≤ Q(t₀) ≤ δ, σ = cΔ_b/ε.

    ``shift`` is the proof's bound Δ_b in the claim's symbols (written from the lemmas' formulas); ``prescribed_sigma``
    is the claim's prescribed σ (its formula); the start is checked against δ_BW at that σ and κ·``shift``, both at the
    symbolic input ``at`` ((symbol, value) pairs: the claim's parameters written as the chain's, n = m + r …).
    ``shift_written`` is Δ_b's definition in the chain (default ``shift``): the same value written so that its sign is
    proved (e.g. with an abbreviation in (0, 1) of ``where``)."""
    final = (
        step(gaussian_delta(epsilon, SIGMA_B, SHIFT), "<=", gaussian_delta(epsilon, SIGMA_B, SHIFT_BOUND),
             "δ(ε) increases with the shift (Balle & Wang 2018, Lemma 5 — proved here by monotonicity in w): the true "
             "shift is κ·Δ_b, κ = 1/(1 + w) ≤ 1 (" + shift_what + ")", monotone=Monotone(W_SLACK, 0)),
        then("<=", normal_tail(epsilon * SIGMA_B / SHIFT_BOUND - SHIFT_BOUND / (2 * SIGMA_B)),
             "δ(ε) = E[(1 − e^(ε−ℓ))₊] ≤ P[ℓ > ε], ℓ the privacy loss (Theorem B.1's proof)"),
        then("==", normal_tail(_T0 + _X), "σ = cΔ_b/ε (line 451): (σ²ε/Δ_b − Δ_b/2)/σ = c − ε/(2c) = t₀ + x"),
        then("<=", normal_tail(_T0), "Q is decreasing and x ≥ 0 (ε ≤ 1)", monotone=Monotone(_X, 0)),
        then("<=", delta, "Q(c − 1/(2c)) ≤ δ for c = √(2log(1.25/δ)), δ ∈ (0, 1) (as r2d.thmB.1+fix)",
             given=((_C, C_DR),), box={delta: ("1e-300", "0.99")}),
    )
    return Derivation(
        claim_id=claim_id, target="bound", title=title,
        start=gaussian_delta(epsilon, SIGMA_B, SHIFT),
        symbolic_start=SymbolicStart(functools.partial(_quantity, prescribed_sigma, shift, tuple(at)),
                                     "Balle & Wang's δ (formulas.gaussian.gaussian_delta, what the claim's quantity "
                                     "encloses) at the claim's prescribed σ and the shift κ·Δ_b, Δ_b = " + shift_what),
        conditions=(sympy.Le(epsilon, 1),) + tuple(conditions),
        where=tuple(at) + tuple(where) + ((KAPPA, 1 / (1 + W_SLACK)), (SHIFT, KAPPA * SHIFT_BOUND), (SHIFT_BOUND, shift if shift_written is None else shift_written),
                              (SIGMA_B, _C * SHIFT_BOUND / epsilon),
                              (_X, (1 - epsilon) / (2 * _C))),
        domain={**domain, epsilon: ("0.0001", "1"), delta: ("1e-300", "0.99"), W_SLACK: ("0", "1000"), _C: ("0.5", "12")},
        premises=tuple(premises) + (
            Premise("The true δ at ε of N(μ, σ²I) vs N(μ', σ²I) is that of N(0, σ²) vs N(Δ, σ²), Δ = ‖μ − μ'‖: "
                    "Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ)", "Balle & Wang 2018, Thm 8"),),
        note=(note + " " if note else "") + (
            "The final chain (from the claim's quantity to δ): the true shift κ·Δ_b (κ ≤ 1 by the proof's bound), then "
            "Theorem B.1 for ε ≤ 1 at Δ_b (r2d.thmB.1+fix's chain) with σ = cΔ_b/ε, c = √(2log(1.25/δ))."),
        steps=tuple(side_steps) + final, samples=samples,
    )
