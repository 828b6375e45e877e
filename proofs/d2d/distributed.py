"""Section 4 (perturbed distributed descent): Lemmas 4.2–4.3 (Appendix C) and Theorem 4.5 (Appendix F: its σ,
eqs. (27)–(28), its (α, β)-accuracy), with Fact F.3 on B = n^ξ."""
from __future__ import annotations

import sympy
from sympy import Rational, log, sqrt

from certunlearn.formulas.d2d import (
    A45, ACC_45, ACC_45_FIX, ALPHA_45, ALPHA_45_FIX, B, D, E1_45, GAMMA_SC, L, M, RHO_45, RHO_45_FIX, SIGMA_45,
    T_45, T_I_45, V, beta, d, deltap, i, m, n, xi, zcdp_gap,
)
from certunlearn.formulas.symbols import Delta, delta, epsilon, sigma
from certunlearn.derive import Derivation, Premise, step, then

from .common import PGD_DOMAIN, SC_COND, c, chi2_tail, g, k, n_i, s, u, w


def factF3() -> list[Derivation]:
    """Fact F.3 (line 709): B = n^ξ ≥ n for ξ ≥ 1, n ≥ 1; Kn² = n^(2+ξ/2) ≥ n^(2ξ) = B² for ξ ≤ 4/3."""
    from certunlearn.claims.d2d.boosting import B2_OVER_KN2, N_OVER_B

    out = []
    for cid, expr, why in (("d2d.factF.3:b-ge-n", N_OVER_B, "n/B = n^(1−ξ) ≤ 1 for n ≥ 1, ξ ≥ 1"),
                           ("d2d.factF.3:kn2-ge-b2", B2_OVER_KN2, "B²/(Kn²) = n^((3ξ−4)/2) ≤ 1 for n ≥ 1, ξ ≤ 4/3")):
        out.append(Derivation(
            claim_id=cid,
            target="bound",
            title=f"Fact F.3: {why}",
            start=expr,
            conditions=(sympy.Ge(n, 1), sympy.Ge(xi, 1), sympy.Le(xi, Rational(4, 3))),
            domain={n: ("1", "1e6"), xi: ("1", "1.3333333")},
            steps=(step(expr, "<=", sympy.Integer(1), why),),
        ))
    return out


npv = sympy.Symbol("n_prev", positive=True)  # n_{i−1} = |D_{i−1}|
cc = sympy.Symbol("c", positive=True)  # copies of the updated point z in D_{i−1}
kv = sympy.Symbol("k_v", positive=True)  # copies of another value v
na = sympy.Symbol("n_a", positive=True)  # n_i after an addition (n_{i−1} = n_a − 1)
LEM42_DOMAIN = {kv: ("1", "50"), cc: ("1", "50"), w: ("0.001", "50"), B: ("1", "100"), na: ("2", "100")}


def _lem42_steps(fix: bool) -> tuple:
    if fix:
        dele = (
            step(kv / npv + (cc / npv) * (1 / cc) * (kv / n_i), "==", kv / n_i,
                 "deletion, v ≠ z: the slot keeps v, or held the deleted copy (probability 1/n_{i−1}) and is redrawn "
                 "from P(D_i)"),
            step((cc / npv) * ((cc - 1) / cc) + (1 / npv) * ((cc - 1) / n_i), "==", (cc - 1) / n_i,
                 "deletion, the value z: kept if the slot held another of its c copies (probability (c − 1)/n_{i−1}), "
                 "else redrawn onto one of the c − 1 copies left"),
        )
    else:
        dele = (
            step(kv / (npv - cc), "==", kv / n_i,
                 "“the distribution of z_l | z_l ≠ z_i for z_i ∈ D_{i−1} is uniform over D_{i−1} \\ {z_i} = D_i” — "
                 "conditioning on z_l ≠ z_i removes all c copies of z_i, the deletion only one"),
            step((npv - cc) / npv * (kv / n_i) + cc / npv * (kv / n_i), "==", kv / n_i,
                 "total probability: a slot ≠ z_i keeps its point (law as in the previous step), a slot = z_i is "
                 "redrawn from P(D_i)"),
        )
    add = (
        step(kv / (na - 1) * (1 - 1 / na), "==", kv / na,
             "addition (reservoir sampling with replacement [Vit85]): N ~ Binomial(B, 1/n_i) positions chosen "
             "uniformly = each slot independently overwritten by z_i with probability 1/n_i"),
    )
    return dele + add


def lem42(fix: bool) -> Derivation:
    pi_v = kv / npv + (cc / npv) * (1 / cc) * (kv / n_i) if fix else (npv - cc) / npv * (kv / n_i) + cc / npv * (kv / n_i)
    return Derivation(
        claim_id="d2d.lem4.2" + ("+fix" if fix else ""), target="bound",
        title="Lemma 4.2: the reservoir keeps S_i ~ P^B(D_i)" + (" (by-copy deletion)" if fix else " (Appendix C, as printed)"),
        start="max_s P[S_i = s]/P^B(D_i)(s)",
        start_reason=("the quantity (claims.d2d.reservoir.lem42_quantity, a maximum over the enumerated outcomes) has no "
                      "closed form in the chain's counts; at any instance where the lemma holds it is 1, the bound "
                      "itself, so a start checked against a run at a fixed shape would compare the bound with itself "
                      "(tests/claims/test_no_self_check.py)") if fix else "",
        where=((npv, cc + kv + w), (n_i, npv - 1)),
        domain=LEM42_DOMAIN, samples=12,
        premises=(Premise("by induction S_{i−1} ~ P^B(D_{i−1}); Algorithm 5 acts on each slot independently, so the slots of "
                          "S_i are i.i.d. and the likelihood ratio of S_i is the product of the slots' ratios",
                          "proof of Lemma 4.2, lines 540–545"),),
        note=("Printed: the first step fails for c ≥ 2 copies of the deleted point." if not fix else
              "With the deleted copy (not value) resampled, every slot's law is P(D_i)."),
        steps=(*_lem42_steps(fix),
               step((pi_v / (kv / n_i)) ** B, "==", 1,
                    "each of the B i.i.d. slots has law P(D_i): the likelihood ratio is 1")),
    )


def lem43(fix: bool) -> Derivation:
    """Appendix C, proof of Lemma 4.3 (lines 547–555), then Lemma A.5 at the threshold. μ = 2B/n ≥ 1 and
    ℓ = log(1/δ') ≥ 1 are written as free symbols under those conditions."""
    mu = sympy.Symbol("mu", positive=True)
    ell = sympy.Symbol("ell", positive=True)
    ni_ = n / 2 + w  # n_{i−1} ≥ n/2
    xr = (ell + sqrt(ell**2 + 8 * mu * ell)) / (2 * mu)
    if fix:
        first = step(1 / ni_, "<=", 2 / n, "by-copy deletion: a slot changes only if it holds the deleted copy "
                     "(probability 1/n_{i−1}), an addition overwrites it with probability 1/n_i; n_{i−1}, n_i ≥ n/2")
    else:
        first = step((1 + k) / ni_, "<=", 2 / n, "“for any data point z, the number of copies of z subsampled in S_i is "
                     "Binomial(B, p) where p ≤ 2/n” — a point with 1 + k copies in D_{i−1} has p = (1 + k)/n_{i−1} (and "
                     "the printed deletion resamples all of them)")
    return Derivation(
        claim_id="d2d.lem4.3" + ("+fix" if fix else ""), target="bound",
        title="Lemma 4.3: few positions change per update" + (" (by-copy Algorithm 5)" if fix else " (Appendix C)"),
        start="P[s_i > 10(B/n)log(1/δ')]",
        start_reason=("the quantity (claims.d2d.reservoir.lem43_quantity) is a binomial tail at the whole threshold "
                      "⌈10(B/n)log(1/δ')⌉, a finite sum with no closed form in B, n, δ'; at the smallest shapes (B = n "
                      "< 10) the threshold exceeds B and the tail is 0, which says nothing about the chain "
                      "(Lemma A.5's Chernoff bound)") if fix else "",
        domain={n: ("1", "1000"), deltap: ("1e-12", "0.36"), w: ("0.001", "500"), k: ("0.001", "20"),
                mu: ("1", "1000"), ell: ("1", "30")},
        samples=12,
        premises=(Premise("s_i is at most the number of slots holding the updated point (Binomial(B, p)), stochastically "
                          "at most Binomial(B, 2/n) when p ≤ 2/n; Lemma A.5 with μ = 2B/n ≥ 1 (B ≥ n) and ℓ = log(1/δ') ≥ 1 "
                          "(δ' ≤ 1/e)", "Lemma A.5 (d2d.lemA.5)"),),
        steps=(
            first,
            step(mu * xr**2 - ell * xr - 2 * ell, "==", 0, "the Chernoff exponent μx²/(2 + x) equals ℓ at "
                 "x = (ℓ + √(ℓ² + 8μℓ))/(2μ): P[X ≥ (1 + x)μ] ≤ e^{−ℓ} = δ'"),
            step(ell, "<=", sqrt(ell**2 + 8 * mu * ell),
                 "so the threshold (1 + x)μ = μ + (ℓ + √(ℓ² + 8μℓ))/2 is at most the printed μ + √(ℓ² + 8μℓ) = "
                 "μ(1 + √(ℓ²/μ² + 8ℓ/μ))"),
            step(sqrt(ell**2 / mu**2 + 8 * ell / mu), "<=", sqrt(ell**2 + 8 * ell), "μ = 2B/n ≥ 1 (B ≥ n)",
                 conditions=(sympy.Ge(mu, 1),)),
            step(sqrt(ell**2 + 8 * ell), "<=", 5 * ell - 1, "ℓ = log(1/δ') ≥ 1: μ(1 + √(ℓ² + 8ℓ)) ≤ 5μℓ",
                 conditions=(sympy.Ge(ell, 1),)),
            step(5 * (2 * B / n) * log(1 / deltap), "==", 10 * B / n * log(1 / deltap), "μ = 2B/n, ℓ = log(1/δ')"),
            step(sympy.exp(-log(1 / deltap)), "==", deltap, "P[s_i > 10(B/n)log(1/δ')] ≤ e^{−ℓ} = δ'"),
        ),
    )


GF = sympy.Symbol("gamma_f", positive=True)  # any γ ∈ (0, 1) (free: lemmas about the contraction factor)
XF = sympy.Symbol("X", positive=True)
GI = sympy.Symbol("g", positive=True)  # g = γ^a/(1 − γ^a)


def thm45(fix: bool) -> Derivation:
    """Appendix F (lines 716–800): Fact F.1 (Lemma 4.3), (21), (22), the induction (23), (24)–(26), Lemma A.3 at δ/2,
    Lemma A.1 — with the coupling S'_i = S_i of Lemma 4.2. The contraction lemmas are stated for any γ ∈ (0, 1)."""
    lg = log(2 * i / delta)
    vv = sympy.Symbol("v", positive=True)
    return Derivation(
        claim_id="d2d.thm4.5" + ("+fix" if fix else ""), target="bound",
        title="Theorem 4.5: unlearning of perturbed distributed descent (Appendix F)" + (", by-copy reservoir" if fix else ""),
        start="δ of f_publish(R_A(S_{i−1}, u_i, θ̂_{i−1})) vs f_publish(A(D_i)) at ε",
        start_reason=("the quantity is the privacy δ between the two published laws, mixtures over the reservoir's "
                      "samples and the runs' updates (claims.d2d.distributed): no closed form in the chain's symbols; "
                      "the chain bounds the shift Δ and applies Lemma A.3 and Lemma A.1") if fix else "",
        conditions=SC_COND,
        where=((npv, cc + kv + w), (n_i, npv - 1)),
        domain={**PGD_DOMAIN, i: ("1", "100"), xi: ("1", "1.3333"), kv: ("1", "50"), cc: ("1", "50"), w: ("0.001", "50"),
                GF: ("0.01", "0.99"), XF: ("1", "1e6"), GI: ("0.001", "100")},
        samples=12,
        premises=(Premise("Fact F.1: s̃_i ≤ 10(B/n)log(2i/δ) with probability ≥ 1 − δ/2 (Lemma 4.3 at δ' = δ/(2i), union "
                          "over l ≤ i)", "d2d.lem4.3" + ("+fix" if fix else "")),
                  Premise("Theorem 2.13 per part; Lemma 2.12 per part (size B/K), applied 2s_ij times",
                          "d2d.thm2.13, d2d.lem2.12"),
                  Premise("Lemma A.3 at δ/2 and Lemma A.1", "Bun & Steinke 2016; d2d.lemA.3")),
        note=("Printed: the coupling S'_i = S_i needs Lemma 4.2, whose proof step fails for repeated points." if not fix
              else "With the by-copy reservoir the coupling holds (d2d.lem4.2+fix)."),
        steps=(
            *(_lem42_steps(fix)[:1]),
            step(sqrt(n**xi) * n**2 * T_I_45 / (10 * (n**xi) ** 2 * lg), "==",
                 A45 + log(1 + 10 * i * lg) / log(1 / GAMMA_SC),
                 "(21): K n²T_i/(10B² log(2i/δ)) at B = n^ξ, K = √B, the printed T_i: T'_i ≥ KnT_i/(Bs_i) is at least "
                 "a + log(1 + 10i log(2i/δ))/log(1/γ), a = 𝓘n^{(4−3ξ)/2}, on the event of Fact F.1"),
            step(T_45, "==", A45 + log(D * m * n**xi * (1 + 10 * log(2 / delta)) / L) / log(1 / GAMMA_SC),
                 "the printed T is a + log(X)/log(1/γ), X = DmL⁻¹B(1 + 10log(2/δ))"),
            step(GF ** (log(XF) / log(1 / GF)), "==", 1 / XF,
                 "(22), (23): γ^{log X/log(1/γ)} = 1/X, so γ^T D ≤ γ^a L/(mB(1 + 10log(2/δ))) and "
                 "γ^{T'_i} ≤ γ^a/(1 + 10i log(2i/δ))"),
            step(4 * L / (m * n * (1 + vv) * (1 + 10 * i * lg)) * GI * (1 + i * 10 * (1 + vv) * lg), "<=",
                 4 * L / (m * n) * GI, "(25): s̃_i ≤ 10(B/n)log(2i/δ) and B = n(1 + v) ≥ n (log(2i/δ) > 0: i ≥ 1, "
                 "δ < 1)", conditions=(sympy.Ge(i, 1),)),
            step(4 * L / (m * n) * GF**A45 + 4 * L / (m * n) * GF**A45 / (1 - GF**A45), "<=",
                 8 * L / (m * n) * GF**A45 / (1 - GF**A45), "(26): (24) + (25) ≤ Δ = (8L/(mn))γ^a/(1 − γ^a)",
                 conditions=(sympy.Lt(GF, 1),)),
            step(Delta**2 / (2 * (Delta / (sqrt(2) * zcdp_gap(epsilon, log(2 / delta)))) ** 2)
                 + sqrt(2) * zcdp_gap(epsilon, log(2 / delta)) * sqrt(2 * log(2 / delta)), "==", epsilon,
                 "Lemma A.3 at δ/2 with σ = Δ/(√2(√(log(2/δ)+ε) − √log(2/δ))) — the printed σ for Δ of (26)"),
            step(SIGMA_45, "==", 8 * L / (m * n) * GAMMA_SC**A45 / (1 - GAMMA_SC**A45)
                 / (sqrt(2) * zcdp_gap(epsilon, log(2 / delta))), "the printed σ is Δ/(√2·gap)"),
            step(delta / 2 + delta / 2, "==", delta, "Lemma A.1: (ε, δ/2) given the sampling, off an event of probability "
                 "δ/2 (Fact F.1)"),
        ),
    )


def thm45_accuracy(fix: bool) -> Derivation:
    """Appendix F, eqs. (27)–(28) (lines 806–812)."""
    E1 = sympy.Symbol("E_1", positive=True)
    two = 2 if fix else 1
    Ea_ = E1 / (1 + s) ** 2  # any value in (0, E₁]
    Eb_ = V / (1 + c) ** 2  # any value in (0, V]
    Eab_ = sqrt(Ea_ * Eb_) * (2 / (1 + k) - 1)
    return Derivation(
        claim_id="d2d.thm4.5:accuracy" + ("+fix" if fix else ""), target="bound",
        title="Theorem 4.5, accuracy: eqs. (27)–(28)" + (", corrected" if fix else ", as printed"),
        start="E‖θ̂_{i,avg} − θ*_i‖² = E‖a‖² + E‖b‖² + 2E[aᵀb], a = θ̂_avg − θ*_avg, b = θ*_avg − θ*",
        start_reason=("the quantity is an expectation over the bootstrap law P^B(D_i) and the runs on its parts "
                      "(claims.d2d.distributed): no closed form in the chain's symbols E‖a‖², E‖b‖², V") if fix else "",
        where=((npv, cc + kv + w), (n_i, npv - 1)),
        domain={**PGD_DOMAIN, xi: ("1", "1.3333"), V: ("0.001", "10"), E1: ("0.001", "10"), kv: ("1", "50"),
                cc: ("1", "50"), w: ("0.001", "50"), k: ("0.001", "50"), GI: ("0.001", "100")},
        samples=12,
        premises=(Premise("Theorem 4.4 (Corollary 2 of [ZDW12]) bounds E‖θ*_{i,avg} − θ*_i‖² for S_i ~ P^B(D_i): V is any "
                          "such bound; S_i ~ P^B(D_i) by Lemma 4.2", "[ZDW12] Cor. 2 (cited)"),
                  Premise("Cauchy–Schwarz: |E[aᵀb]| ≤ √(E‖a‖²E‖b‖²)", "Cauchy–Schwarz")),
        steps=(
            *(_lem42_steps(fix)[:1]),
            step((4 * L / (m * n) * GI) ** 2 * (1 - delta) + delta * D**2, "<=", 16 * L**2 * GI**2 / (m**2 * n**2) + delta * D**2,
                 "(28): law of total expectation; (24)–(25) give ‖a‖ ≤ (4L/(mn))g with probability ≥ 1 − δ, ‖a‖ ≤ D "
                 "otherwise (g = γ^a/(1 − γ^a))"),
            step(E1_45, "==", 16 * L**2 * (GAMMA_SC**A45 / (1 - GAMMA_SC**A45)) ** 2 / (m**2 * n**2) + delta * D**2,
                 "E₁ of (28)"),
            step(Ea_ + Eb_ + 2 * Eab_, "<=", Ea_ + Eb_ + two * sqrt(Ea_ * Eb_),
                 ("Cauchy–Schwarz: 2E[aᵀb] ≤ 2√(E‖a‖²E‖b‖²)" if fix else
                  "(27) as printed: “2E[aᵀb] ≤ √(E‖a‖²E‖b‖²)” — the factor 2 is dropped")),
            step(Ea_ + Eb_ + two * sqrt(Ea_ * Eb_), "<=", E1 + V + two * sqrt(E1 * V),
                 "(28): E‖a‖² ≤ E₁; Theorem 4.4: E‖b‖² ≤ V"),
            step(E1_45 + V + two * sqrt(E1_45 * V), "==", ACC_45_FIX if fix else ACC_45, "E₁ = E₁ of (28)"),
        ),
    )


def thm45_alpha(fix: bool) -> Derivation:
    """Theorem 4.5's (α, β)-accuracy (lines 407–421; proof lines 779–791): eq. (30) by Lemma A.4 over the C copies, the
    least-loss copy taken as the closest, Lemma A.2 for the noise, M-smoothness, a union bound."""
    Ev = sympy.Symbol("E", positive=True)  # the bound of eq. (27) on one copy's E‖θ̂_avg − θ*‖²
    Cn = sympy.Symbol("C_copies", positive=True)
    xr = sympy.Symbol("kappa", positive=True)  # M/m ≥ 1, written 1 + κ
    rf = sympy.Symbol("rho", positive=True)
    el = sqrt(2 * Ev) / (1 + s)  # the closest copy's distance: any value in (0, √(2E)]
    e_ = rf / (1 + s)  # ‖θ̃ − θ*‖ on the event: any value in (0, ρ]
    E_ = ACC_45_FIX if fix else ACC_45
    if fix:
        closest = (
            step(2 / m * (L * el + M / 2 * el**2), "<=", 2 / m * (L * sqrt(2 * Ev) + M * Ev),
                 "Claim B.1 and the choice l* = argmin_l f: (m/2)‖θ̂_best − θ*‖² ≤ f(θ̂_best) − f* ≤ f(θ̂_l) − f* ≤ "
                 "L e_l + (M/2)e_l² (M-smoothness, |∇f(θ*)ᵀ(θ̂_l − θ*)| ≤ L e_l), e_l² < 2E on the event of (30)"),
        )
        last = (step(L * e_ * (2 / (1 + c) - 1) + M * e_**2 / 2, "<=", L * e_ + M * e_**2 / 2,
                     "|∇f_D(θ*)ᵀ(θ̃ − θ*)| ≤ L e (Cauchy–Schwarz; f_z L-Lipschitz)"),
                then("<=", L * rf + M / 2 * rf**2, "on the event ‖θ̃ − θ*‖ < ρ: e ≤ ρ"),
                step((L * rf + M / 2 * rf**2).subs(rf, RHO_45_FIX), "==", ALPHA_45_FIX, "α at the radius ρ"))
        rho_step = step(sqrt(2 / m * (L * sqrt(2 * E_) + M * E_)) + sigma * sqrt(2 * d) * log(4 * d / beta), "==",
                        RHO_45_FIX, "ρ: the least-loss copy's radius plus the noise radius of Lemma A.2 at β/2; E of (27)")
    else:
        closest = (
            step((1 + xr) * el**2, "<=", el**2,
                 "printed: “by strong convexity, the smaller the loss of a model is, the closer the model parameter is to "
                 "the optimizer” — the least-loss copy can be (M/m) = 1 + κ times farther in squared distance (Claim B.1 "
                 "and M-smoothness: ‖θ̂_best − θ*‖² ≤ (2/m)(f(θ̂_l) − f*) ≤ (M/m)e_l²); equal only for κ = 0"),
        )
        last = (step(g + M * e_**2 / 2, "<=", M * e_**2 / 2,
                     "printed: “by M-smoothness, f_D(θ̃) − f_D(θ*) ≤ (M/2)‖θ̃ − θ*‖²” — drops g = ∇f_D(θ*)ᵀ(θ̃ − θ*), "
                     "zero only at an interior minimiser"),
                then("<=", M / 2 * rf**2, "on the event ‖θ̃ − θ*‖ < ρ: e ≤ ρ"),
                step((M / 2 * rf**2).subs(rf, RHO_45), "==", ALPHA_45, "α at the radius ρ"))
        rho_step = step(sqrt(2 * E_) + sigma * sqrt(2 * d) * log(4 * d / beta), "==", RHO_45,
                        "ρ: (30)'s radius √(2E) plus the noise radius of Lemma A.2 at β/2; E of (27)")
    return Derivation(
        claim_id="d2d.thm4.5:alpha" + ("+fix" if fix else ""), target="bound",
        title="Theorem 4.5, (α, β)-accuracy: eqs. (30)–(31) and the last display" + (", corrected" if fix else ", as printed"),
        start="Pr[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]",
        start_reason=("the quantity is a probability over the C copies' bootstrap samples, the least-loss choice and "
                      "the noise (claims.d2d.distributed): the published copy's law has no closed form in the chain's "
                      "symbols (the chain bounds it by Lemma A.4, Lemma A.2 and a union bound)") if fix else "",
        where=((Cn, log(2 / beta) / log(2) + u),),
        conditions=SC_COND,
        domain={**PGD_DOMAIN, Ev: ("0.001", "10"), xr: ("0.001", "50"), rf: ("0.001", "100"), u: ("0", "20"),
                V: ("0.001", "10"), xi: ("1", "1.3333"), g: ("0.01", "10"), s: ("0", "50"), c: ("0.001", "50")},
        samples=12,
        premises=(Premise("eq. (27) (checked as d2d.thm4.5:accuracy" + ("+fix" if fix else "") + "): one copy's "
                          "E‖θ̂_{i,avg} − θ*_i‖² ≤ E; the C copies are i.i.d.", "eq. (27)"),
                  Premise("‖θ̃_i − θ*_i‖ ≤ ‖θ̂_{best,avg} − θ*_i‖ + ‖Z_i‖ (triangle inequality)", "triangle inequality")),
        steps=(
            step(Rational(1, 2) ** Cn, "<=", Rational(1, 2) ** (log(2 / beta) / log(2)),
                 "Lemma A.4 (Markov: P[e_l² ≥ 2E] ≤ 1/2; independence over the copies), C ≥ log(2/β)/log 2",
                 cited="Lemma A.4 (checked as d2d.lemA.4)"),
            then("==", beta / 2, "(1/2)^(log(2/β)/log 2) = β/2: eq. (30) holds with probability ≥ 1 − β/2"),
            *closest,
            step(chi2_tail(d, 2 * d * log(4 * d / beta) ** 2), "<=", beta / 2,
                 "Lemma A.2 at β/2: P[‖Z‖ ≥ σ√(2d)log(4d/β)] ≤ β/2", lemma=("d2d.lemA.2", {beta: beta / 2}),
                 integers=(d,)),
            rho_step,
            *last,
            step(beta / 2 + beta / 2, "==", beta, "union bound over the two failure events"),
        ),
    )
