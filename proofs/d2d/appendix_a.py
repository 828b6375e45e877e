"""Appendix A (Probabilistic Tools, lines 460–494): Lemmas A.2–A.5, the tail, mechanism, best-of-N and Chernoff
bounds that the theorems' proofs cite."""
from __future__ import annotations

import sympy
from sympy import Rational, log, sqrt

from certunlearn.formulas.gaussian import normal_tail
from certunlearn.formulas.d2d import BW_A3, CHERNOFF_A5, EPS_A3, N, beta, d, deltap, p
from certunlearn.formulas.symbols import Delta, delta, sigma
from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, step, then

from .common import chi2_tail, s, u
from .starts import tail_min_run


def lemA2() -> Derivation:
    """Lemma A.2 (line 476; the paper prints no proof). The union bound over the d coordinates, P[χ²_d ≥ 2dt²] ≤
    d·erfc(t), is proved by interval branch-and-bound once per integer d = 2..50 (d = 1 is the identity
    P[χ²₁ ≥ 2t²] = erfc(t)) with the χ² tail enclosed on arb (Γ(d/2, dt²)/Γ(d/2)); then erfc(t) ≤ e^(−t) (t ≥ 0) on
    the same box. Conditions: d ≥ 1 (a positive integer, the claim's hypothesis) and β ≤ 1 (a probability), so the
    lemma serves every β ∈ [10⁻¹², 1] — also beyond 2d/e — where its users cite it (``Lemma("d2d.lemA.2", …)``)."""
    t = sympy.Symbol("t", positive=True)
    box = {d: ("1", "50"), beta: ("1e-12", "1")}
    return Derivation(
        claim_id="d2d.lemA.2",
        target="bound",
        title="Gaussian norm tail (Lemma A.2; the paper prints no proof: union bound over coordinates)",
        start="P[‖Z‖ ≥ σ√(2d)log(2d/β)]",
        conditions=(sympy.Ge(d, 1),),
        where=((t, log(2 * d / beta)),),
        domain=box,
        note="Proved for integer d ∈ [1, 50] and β ∈ [10⁻¹², 1] (the box of the branch-and-bound); the claim itself "
             "is checked for all β > 0.",
        steps=(
            step(chi2_tail(d, 2 * d * t**2), "<=", d * sympy.erfc(t),
                 "‖Z‖ ≥ σ√(2d)t ⇒ some |Z_k| ≥ σ√2·t; P[|Z_k| ≥ σ√2·t] = erfc(t); union over d coordinates (proved "
                 "per integer d: the χ² tail on arb)", box=box, integers=(d,)),
            then("<=", d * sympy.exp(-t), "erfc(t) ≤ e^(−t) for t ≥ 0 (t ≥ log 2 as β ≤ 1 ≤ d)", box=box),
            then("==", beta / 2, "d·e^(−log(2d/β)) = β/2"),
            then("<=", beta, "β/2 ≤ β"),
        ),
    )


def lemA3() -> Derivation:
    rho = sympy.Symbol("rho", positive=True)
    Lg = sympy.Symbol("L_delta", positive=True)
    bw = BW_A3
    return Derivation(
        claim_id="d2d.lemA.3",
        target="bound",
        title="Gaussian mechanism (Lemma A.3, [BS16] Prop. 1.3)",
        start=bw,
        conditions=(sympy.Lt(delta, 1),),
        where=((rho, Delta**2 / (2 * sigma**2)), (Lg, log(1 / delta))),
        domain={Delta: ("0.001", "100"), sigma: ("0.001", "100"), delta: ("1e-30", "0.9")},
        premises=(Premise("The Gaussian mechanism is ρ-zCDP with ρ = Δ²/(2σ²), and ρ-zCDP implies "
                          "(ρ + 2√(ρ log(1/δ)), δ)-DP", "Bun & Steinke 2016, Props. 1.3, 1.6 (gaussian.zcdp)"),),
        steps=(
            step(EPS_A3, "==", rho + 2 * sqrt(rho * Lg), "ε = ρ + 2√(ρ log(1/δ)) with ρ = Δ²/(2σ²)"),
            step(bw, "<=", normal_tail(EPS_A3 * sigma / Delta - Delta / (2 * sigma)),
                 "the true δ at that ε (Balle & Wang 2018, Thm 8): δ(ε) = E[(1 − e^(ε−ℓ))₊] ≤ P[ℓ > ε], ℓ ~ N(ρ, 2ρ)"),
            then("==", normal_tail(sqrt(2 * log(1 / delta))), "εσ/Δ − Δ/(2σ) = √(2log(1/δ)) at ε = ρ + 2√(ρlog(1/δ))"),
            then("<=", delta, "Q(√(2log(1/δ))) ≤ δ (the Gaussian tail, Q(y) ≤ e^(−y²/2)): Bun & Steinke 2016, "
                 "Prop. 1.3's conclusion, proved", box={delta: ("1e-300", "0.99")}),
        ),
    )


def lemA4() -> Derivation:
    """Lemma A.4 (lines 484–490): independence, Markov, and N ≥ log(1/δ)/log 2 (written N = log(1/δ)/log 2 + u). The
    chain starts from the claim's quantity P[X ≥ 2μ]^N; its symbolic start is that quantity on the two-point law
    {0, a} with mass q = 1/(2(1 + s)) at a — every tail mass q ∈ (0, 1/2) Markov allows."""
    Nn = sympy.Symbol("N_draws", positive=True)
    q = sympy.Symbol("q", positive=True)  # P[X ≥ 2μ] ≤ 1/2 (Markov), written 1/(2(1 + s))
    a = sympy.Symbol("a", positive=True)  # the two-point law's upper atom
    q_def, n_def = 1 / (2 * (1 + s)), log(1 / delta) / log(2) + u
    return Derivation(
        claim_id="d2d.lemA.4",
        target="bound",
        title="Best of N draws (Lemma A.4)",
        start="P[min_j X_j ≥ 2μ] = P[X ≥ 2μ]^N",
        where=((Nn, n_def), (q, q_def)),
        domain={delta: ("1e-12", "0.9"), u: ("0", "20"), s: ("0", "100")},
        symbolic_start=SymbolicStart(
            lambda: tail_min_run((0, a), (1 - q_def, q_def), n_def),
            "P[X ≥ 2μ]^N (what claims.d2d.boosting's Lemma A.4 quantity computes) on the two-point law {0, a} with "
            "mass q = 1/(2(1 + s)) at a and N = log(1/δ)/log 2 + u draws (proofs.d2d.starts.tail_min_run): the start "
            "is checked on that shape, which reaches every tail mass q ∈ (0, 1/2)"),
        premises=(Premise("Markov: P[X_j ≥ 2μ] ≤ μ/(2μ) = 1/2; the X_j are independent, so "
                          "P[min_j X_j ≥ 2μ] = Π_j P[X_j ≥ 2μ] = q^N with q ≤ 1/2", "Markov's inequality"),),
        steps=(
            step(q**Nn, "<=", Rational(1, 2) ** Nn, "Markov: q = P[X ≥ 2μ] ≤ 1/2"),
            then("<=", Rational(1, 2) ** (log(1 / delta) / log(2)), "N ≥ log(1/δ)/log 2"),
            then("==", delta, "(1/2)^(log(1/δ)/log 2) = δ"),
        ),
    )


def lemA5() -> Derivation:
    mu = N * p
    return Derivation(
        claim_id="d2d.lemA.5",
        target="bound",
        title="Multiplicative Chernoff bound (Lemma A.5)",
        start="P[X ≥ (1 + δ')μ]",
        domain={N: ("1", "1000"), p: ("0.001", "1"), deltap: ("0.001", "50")},
        premises=(Premise("P[X ≥ (1 + δ')μ] ≤ (e^δ'/(1 + δ')^(1+δ'))^μ (Markov on e^(tX), t = log(1 + δ'))",
                          "Chernoff 1952; Mitzenmacher & Upfal Thm 4.4"),),
        steps=(
            step(sympy.exp(mu * (deltap - (1 + deltap) * log(1 + deltap))), "<=", CHERNOFF_A5,
                 "(1 + δ')log(1 + δ') − δ' ≥ δ'²/(2 + δ') for δ' ≥ 0 (log(1 + x) ≥ 2x/(2 + x)): the difference of the "
                 "exponents vanishes at δ' = 0 with its first derivative, and its second is "
                 "μδ'(δ'² + 6δ' + 4)/((1 + δ')(2 + δ')³) ≥ 0",
                 monotone=Monotone(deltap, sympy.S.Zero)),
        ),
    )
