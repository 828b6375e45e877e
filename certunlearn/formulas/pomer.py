"""POMER's symbols and printed expressions (Agarwal, Kale, Singh, Thakurta — *Improved Differentially Private and
Lazy Online Convex Optimization*; paper file ``001_8748437fc158d2af.txt``, line numbers below refer to it).

Each expression is named after the item that prints it and cites its lines. Claims:
:mod:`certunlearn.claims.pomer`; algorithms: :mod:`certunlearn.algorithms.pomer` (:func:`parameters` evaluates
``PRESCRIBED``); derivations: ``proofs/pomer/``.
"""
from __future__ import annotations

import sympy

from .symbols import delta, epsilon

# ---------------------------------------------------------------------------------------------- symbols

beta = sympy.Symbol("beta", positive=True)  # temperature β (Algorithm 1, line 176)
lam = sympy.Symbol("lam", positive=True)  # regularisation λ (Algorithm 1, line 176)
G = sympy.Symbol("G", positive=True)  # Lipschitz constant (Assumption 2.1)
D = sympy.Symbol("D", positive=True)  # diameter of K
T = sympy.Symbol("T", positive=True)  # horizon
d = sympy.Symbol("d", positive=True)  # dimension
p = sympy.Symbol("p", nonnegative=True)  # switching rate (Algorithm 1)
Phi = sympy.Symbol("Phi", positive=True)  # scale parameter Φ (Definition 3.4, Algorithm 1)
S = sympy.Symbol("S", positive=True)  # switching budget of Theorem 4.5
r = sympy.Symbol("r", positive=True)  # deviation in Lemma 3.3
c_lsi = sympy.Symbol("c", positive=True)  # LSI constant (Definition 3.1)
t_round = sympy.Symbol("t", positive=True)  # round t of Lemma 4.6
#: β as Theorem 4.5 prescribes it (named apart from the symbol β in BETA_45).
LAM_BETA = sympy.Symbol("lam_beta", positive=True)

# ---------------------------------------------------------------------------------------------- Section 3 (lines 117–160)

#: Lemma 3.3 (lines 139–141), Herbst with c = βλ (Lemma 3.2) and L = 1: Pr(|F(X) − E F(X)| ≥ r) ≤ 2e^{−cr²/(2L²)}.
CONCENTRATION_33 = 2 * sympy.exp(-beta * lam * r**2 / 2)
#: Lemma 3.5 (lines 151–153): the closeness scale of two Gibbs laws whose losses differ by a G-Lipschitz function.
PHI_35 = sympy.exp(2 * beta * G**2 / lam + sympy.sqrt(8 * beta * G**2 * sympy.log(2 / delta) / lam))
#: Lemma 3.5 (lines 151–153) without its concentration term (the negative control's Φ; not printed).
PHI_35_NO_CONCENTRATION = sympy.exp(2 * beta * G**2 / lam)
#: Lemma 3.6 / A.1 (lines 157–159, 428): W∞(μ̄(l, β, λ), μ̄(l', β, λ)) ≤ G/λ.
W_INFINITY_36 = G / lam

# ---------------------------------------------------------------------------------------------- Section 4 (lines 161–369)

#: p̃ = p + 1 − Φ⁻² (Theorem 4.1, line 224; Lemma 4.2, line 231).
P_TILDE = p + 1 - Phi**-2
#: Lemma 4.2 / B.1 (lines 225–227, 494): E[S_T] ≤ p̃T, and (Chernoff, footnote 5) Pr[S_T ≥ 3p̃T] ≤ e^{−p̃T}.
SWITCHES_42 = P_TILDE * T
SWITCH_TAIL_42 = sympy.exp(-P_TILDE * T)
#: Lemma 4.6 / B.2 (lines 277–279, 510): ‖q_t − μ̄_t‖_TV ≤ 3δ(t − 1) for B = ∞.
DRIFT_46 = 3 * delta * (t_round - 1)
#: Lemma 4.6 / B.2 (lines 280–282, 510): ‖q_t − μ̄_t‖_TV ≤ e^{−p̃T} + 3δ(t − 1) for B = 3p̃T.
DRIFT_46_BUDGET = sympy.exp(-(p + 1 - Phi**-2) * T) + 3 * delta * (t_round - 1)
#: Theorem 4.1 (lines 213–221): B = ∞ and B = 3p̃T.
REGRET_41 = lam * D**2 / 2 + G**2 * T / lam + d * sympy.log(T) / beta + G * D + 6 * G * D * delta * T**2
REGRET_41_BUDGET = (lam * D**2 / 2 + G**2 * T / lam + d * sympy.log(T) / beta
                    + 2 * G * D * T * (sympy.exp(-P_TILDE * T) + 3 * delta * T) + G * D)
#: Theorem 4.1 (line 213) and Theorem 4.3 (line 233): the switching budget B = 3p̃T.
BUDGET_41 = 3 * P_TILDE * T
#: Theorem 4.5 (lines 257–261): the prescribed parameters and the regret bound.
DELTA_45 = 2 / T**2
LAM_45 = sympy.Max(G * sympy.sqrt(2 * T) / D, sympy.sqrt(512 * d * G * sympy.log(T)) / D * T / S)
BETA_45 = lam / (256 * G**2 * sympy.log(T)) * S**2 / T**2
REGRET_45 = G * D * sympy.sqrt(2 * T) + 16 * G * D * sympy.log(T) * sympy.sqrt(d) * T / S + 13 * G * D
#: Theorem 4.4's λ, β (lines 245–251).
LAM_44 = G / D * sympy.Max(2 * sympy.sqrt(T),
                           10**3 * T ** sympy.Rational(1, 3) * sympy.sqrt(d) * sympy.log(T / delta) / epsilon,
                           10**3 * T ** sympy.Rational(3, 8) * sympy.sqrt(d) * sympy.log(T / delta) / epsilon ** sympy.Rational(3, 4))
BETA_44 = lam / (10**5 * G**2 * sympy.log(T / delta) ** 2) * sympy.Min(epsilon**2 / T ** sympy.Rational(2, 3),
                                                                       epsilon ** sympy.Rational(3, 2) / T ** sympy.Rational(3, 4))
#: Theorem 4.3 (lines 233–239): δ', Φ = Φ'² with Φ' from Lemma 3.5 at (G' = 3G, δ'), p, ε', ε and the total δ.
DELTA_PRIME_43 = delta / T**2 / 60
PHI_43 = PHI_35.subs({G: 3 * G, delta: DELTA_PRIME_43}) ** 2
P_43 = sympy.Max(T ** sympy.Rational(-1, 3), (G**4 * beta**2 / (lam**2 * sympy.log(Phi) ** 2)) ** sympy.Rational(1, 3))
EPS_PRIME_43 = (7 * T ** sympy.Rational(2, 3) * sympy.log(Phi) ** 2 + 12 * sympy.log(Phi) ** 3 * T
                + 11 * (G**4 * beta**2 / lam**2) ** sympy.Rational(1, 3) * sympy.log(Phi) ** sympy.Rational(4, 3) * T)
EPS_43 = 3 * EPS_PRIME_43 / 2 + sympy.sqrt(6 * EPS_PRIME_43) * sympy.sqrt(sympy.log(2 / delta))
DELTA_43 = delta + 3 * T * sympy.exp(-(1 - Phi**-2) * T)
#: Theorem 4.3's proof (lines 613–617) before its last two inequalities: Lemma 2.2's δ/2 plus Σ_t δ_t with Claim 4.9's
#: δ_t = 4δ' + 9δ'T + 3e^{−p̃T} (line 597), p̃ = p + 1 − Φ⁻² kept whole (the δ the proof's own chain certifies).
DELTA_CHAIN_43 = delta / 2 + 4 * DELTA_PRIME_43 * T + 9 * T**2 * DELTA_PRIME_43 + 3 * T * sympy.exp(-P_TILDE * T)
#: The δ Theorem 4.4 can state (the fix of ``pomer.thm4.4:delta``): p̃T ≥ pT ≥ T^{2/3} since p ≥ T^{−1/3} (line 233).
DELTA_44_FIX = delta + 3 * T * sympy.exp(-T ** sympy.Rational(2, 3))
#: Theorem 4.4's regret (lines 245–253). The theorem prints Õ(GD√T + GD√d(T^{1/3}/ε + T^{3/8}/ε^{3/4})) (line 253)
#: and no proof: "Using Lemma 3.5 and combining Theorem 4.3 and Theorem 4.1, we get ... via straightforward
#: calculations" (line 243). The last explicit inequality that combination gives is Theorem 4.1's case B = 3p̃T
#: (lines 219–221) with the closeness level of Theorem 4.3 (line 233): consecutive μ̄_t differ by a G-Lipschitz l_t
#: (G ≤ G' = 3G), so Lemma 3.5 (line 151) makes them (Φ', δ')-close, hence (Φ, δ')-close for Φ = Φ'² ≥ Φ',
#: δ' = δT⁻²/60.
REGRET_44 = REGRET_41_BUDGET.subs(delta, DELTA_PRIME_43)
#: L = log(T/δ), the logarithm of Theorem 4.4's λ and β (lines 247–249).
LOG_44 = sympy.log(T / delta)
#: The "straightforward calculation" (line 243) made explicit: at Theorem 4.4's λ, β (and p̃ ≥ p ≥ T^{−1/3}),
#: λD²/2 ≤ GD·max{√T, 500√dL·T^{1/3}/ε, 500√dL·T^{3/8}/ε^{3/4}}, G²T/λ ≤ GD√T/2,
#: d log T/β ≤ 100GD√dL log T·max{T^{1/3}/ε, T^{3/8}/ε^{3/4}}, 2GDT(e^{−p̃T} + 3δ'T) ≤ 2GDTe^{−T^{2/3}} + GD/20:
#: R_T ≤ GD(Λ₄₄·entry + C₄₄) for each Table 1 row's entry, with the polylog factor and the additive constant below.
LAMBDA_44 = sympy.Rational(3, 2) + LOG_44 * (500 + 100 * sympy.log(T))
C_44 = 2 * T * sympy.exp(-T ** sympy.Rational(2, 3)) + sympy.Rational(21, 20)
#: Table 2's factor for Theorem 4.5 (lines 257–261): GD√(2T) + 16GD log T·√dT/S + 13GD ≤ GD(Λ₄₅·entry + 13).
LAMBDA_45 = sympy.sqrt(2) + 16 * sympy.log(T)
C_45 = sympy.Integer(13)
#: Table 1 (lines 58–69), column "Theorem 4.4": the entries of the rows, as printed (the ε ranges are the claims'
#: hypotheses). Rows 5–6 of that column are blank in the text: read as cells merged with row 7's (the conversion
#: keeps one entry for a merged cell; row 7's entry √d·T^{1/3}/ε is what Theorem 4.4 gives on rows 5–7 alike).
TABLE1_ENTRY = {
    "row1": sympy.sqrt(T),  # ε ≥ dT^{−1/6}
    "row2": sympy.sqrt(d * T),  # ε ∈ [d^{2/3}T^{−1/6}, dT^{−1/6}]
    "row3": sympy.sqrt(d) * T ** sympy.Rational(3, 8) * epsilon ** sympy.Rational(-3, 4),  # ε ∈ [√dT^{−1/6}, d^{2/3}T^{−1/6}]
    "row4": sympy.sqrt(d) * T ** sympy.Rational(1, 3) / epsilon,  # ε ∈ [T^{−1/6}, √dT^{−1/6}]
    "row5": sympy.sqrt(d) * T ** sympy.Rational(1, 3) / epsilon,  # ε ∈ [d^{3/2}T^{−1/3}, T^{−1/6}] (blank: merged)
    "row6": sympy.sqrt(d) * T ** sympy.Rational(1, 3) / epsilon,  # ε ∈ [dT^{−1/3}, d^{3/2}T^{−1/3}] (blank: merged)
    "row7": sympy.sqrt(d) * T ** sympy.Rational(1, 3) / epsilon,  # ε ≤ dT^{−1/3}
}
#: Table 2 (lines 71–79), column "Theorem 4.5"; row 4 of that column is blank in the text: read as merged with row
#: 5's cell (√d·T/S, what Theorem 4.5 gives for every S ≤ √(dT)).
TABLE2_ENTRY = {
    "row1": sympy.sqrt(T),  # d√T ≤ S ≪ T
    "row2": sympy.sqrt(T),  # √(dT) ≤ S ≤ d√T
    "row3": sympy.sqrt(d) * T / S,  # d² ≤ S ≤ √d·T
    "row4": sympy.sqrt(d) * T / S,  # d ≤ S ≤ d² (blank: merged)
    "row5": sympy.sqrt(d) * T / S,  # S ≤ d
}
#: Each row's explicit form: the entry times the theorem's own polylog factor, plus its additive constant.
TABLE1_FORM = {row: G * D * (LAMBDA_44 * e + C_44) for row, e in TABLE1_ENTRY.items()}
TABLE2_FORM = {row: G * D * (LAMBDA_45 * e + C_45) for row, e in TABLE2_ENTRY.items()}
#: Row 4 of Table 1 corrected: in ε ∈ [T^{−1/6}, √dT^{−1/6}] the term T^{3/8}/ε^{3/4} of Theorem 4.4 dominates
#: T^{1/3}/ε (their ratio is (εT^{1/6})^{1/4} ∈ [1, d^{1/8}]), so the entry is √d·T^{3/8}ε^{−3/4}.
TABLE1_FORM_FIX = {"row4": TABLE1_FORM["row3"]}
#: Claim C.2, case t > t₀ (lines 595–599; proof lines 689–697): the log ratio of the keep probabilities is at most 2G²β/λ.
POST_RATIO = 2 * G**2 * beta / lam

# ---------------------------------------------------------------------------------------------- prescriptions

#: Theorem 4.3 (lines 233–239): Φ, p, B = 3p̃T and the certified ε (evaluated in that order).
PRESCRIBED_43 = {"Phi": PHI_43, "p": P_43, "B": BUDGET_41, "epsilon": EPS_43}
#: Theorem 4.5 (lines 257–261): δ = 2/T², λ, β (as ``lam_beta``), and Φ of Lemma 3.5 at those λ, β.
PRESCRIBED_45 = {"delta": DELTA_45, "lam": LAM_45, "lam_beta": BETA_45.subs(lam, sympy.Symbol("lam")),
                 "Phi": PHI_35.subs({beta: LAM_BETA, lam: sympy.Symbol("lam")})}


def prescribed_44() -> dict:
    """λ, β of Theorem 4.4 (lines 245–251), then Φ and p of Theorem 4.3 (lines 233–239) at those λ, β
    (evaluated in that order)."""
    lam_, beta_ = sympy.Symbol("lam"), sympy.Symbol("beta")
    at = {lam: lam_, beta: beta_}
    return {"lam": LAM_44, "beta": BETA_44.subs(lam, lam_), "Phi": PHI_43.subs(at),
            "p": P_43.subs(at)}


def at_prescribed_44(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with Theorem 4.4's λ, β and Theorem 4.3's Φ, p substituted (by symbol name, later names first): the
    closed form of a Theorem 4.4 claim's quantity in its free parameters (ε, δ, T, G, D, d)."""
    out = expr
    for name, value in reversed(list(prescribed_44().items())):
        out = out.subs({sym: value for sym in out.free_symbols if sym.name == name})
    return out


PRESCRIBED: dict[str, dict[str, sympy.Expr]] = {
    "pomer.lem3.5": {"Phi": PHI_35},
    "pomer.lem3.5:control-no-concentration": {"Phi": PHI_35_NO_CONCENTRATION},
    "pomer.thm4.3": PRESCRIBED_43,
    "pomer.thm4.3:control-no-composition": {**PRESCRIBED_43, "epsilon": sympy.Integer(0)},
    "pomer.thm4.3:composition": {"Phi": PHI_43, "p": P_43, "B": BUDGET_41},
    "pomer.thm4.4:epsilon": prescribed_44(),
    "pomer.thm4.4:delta": prescribed_44(),
    "pomer.thm4.4:delta+fix": prescribed_44(),
    "pomer.thm4.4:regret": {**prescribed_44(), "B": BUDGET_41},
    "pomer.claimC.3": {"Phi": PHI_43, "p": P_43},
    "pomer.thm4.5": PRESCRIBED_45,
    "pomer.thm4.5:switches": PRESCRIBED_45,
}
# The regret claim's control, and Table 1's rows (lines 58–69), evaluate Theorem 4.4's explicit bound at the
# theorem's prescribed parameters.
PRESCRIBED["pomer.thm4.4:regret-control-stability-only"] = PRESCRIBED["pomer.thm4.4:regret"]
PRESCRIBED.update({f"pomer.table1:{row}{fix}": PRESCRIBED["pomer.thm4.4:regret"]
                   for row in TABLE1_FORM for fix in ("", "+fix") if not fix or row in TABLE1_FORM_FIX})

# Claim C.3's +fix runs the algorithm Claim C.3 states (the same Φ and p).
PRESCRIBED["pomer.claimC.3+fix"] = PRESCRIBED["pomer.claimC.3"]
