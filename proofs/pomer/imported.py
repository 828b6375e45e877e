"""Derivations of the lemmas POMER imports (``certunlearn.claims.pomer.imported``): Lemmas 2.3, 4.7, 4.8 and B.4
(paper file ``papers/001_8748437fc158d2af.txt``, lines 109–115, 292–296, 553–569, 559–563), by their standard
arguments, each final chain starting from the claim's quantity on a small structured instance (issue 25)."""
from __future__ import annotations

import functools

import sympy
from sympy import exp, log

from certunlearn.derive import Derivation, Premise, SymbolicStart, step, then

from .common import kappa

# ---------------------------------------------------------------------------------------------- imported lemmas

tv_ = sympy.Symbol("TV", positive=True)  # ‖μ − ν‖_TV = sup_A (μ(A) − ν(A))
fmax_ = sympy.Symbol("M_f", positive=True)  # max_K |f|
hp_ = sympy.Symbol("h_+", positive=True)  # Σ (μ − ν)⁺
hm_ = sympy.Symbol("h_-", positive=True)  # Σ (μ − ν)⁻
gap_ = sympy.Symbol("Delta_f", nonnegative=True)  # |E_μ f − E_ν f|


#: Lemma 4.7's structured instance: K = {0, 1}, μ = (m, 1 − m), ν = (n, 1 − n), f = (f₀, f₁)
m47, n47 = sympy.Symbol("m", nonnegative=True), sympy.Symbol("n", nonnegative=True)
f47 = sympy.symbols("f_0 f_1", real=True)


def lem47_parts() -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """(|E_μ f − E_ν f|, ‖μ − ν‖_TV, max_K |f|) as ``claims.pomer.imported.lem47_ratio`` computes them — the two
    expectations as sums, the total variation as sup_A (μ(A) − ν(A)) over every event A ⊆ K (``total_variation``), the
    max of |f| over K — on the structured two-point instance."""
    import itertools

    mu, nu = (m47, 1 - m47), (n47, 1 - n47)
    gap = sympy.Abs(sum(a * x for a, x in zip(mu, f47)) - sum(b * x for b, x in zip(nu, f47)))
    events = (e for k in range(3) for e in itertools.combinations(range(2), k))
    tv = sympy.Max(*(sum((mu[i] - nu[i] for i in e), sympy.S.Zero) for e in events))
    return gap, tv, sympy.Max(*(sympy.Abs(x) for x in f47))


def lem47_run() -> sympy.Expr:
    """``pomer.lem4.7``'s quantity |E_μ f − E_ν f| / (2‖μ − ν‖_TV max_K |f|) on the two-point instance."""
    gap, tv, fmax = lem47_parts()
    return gap / (2 * tv * fmax)


def lem47() -> Derivation:
    """Lemma 4.7 (lines 292–296), the standard argument (Levin & Peres 2017, Prop. 4.5) on the signed measure
    h = μ − ν: |Σ f h| ≤ Σ |f||h| ≤ max|f|·Σ|h|, and Σh = 0 makes Σh⁺ = Σh⁻ = sup_A h(A) = ‖μ − ν‖_TV. The chain
    starts from the claim's quantity on a two-point instance (:func:`lem47_run`), names its three parts, and runs the
    general argument on them."""
    gap, tv, fmax = lem47_parts()
    start = lem47_run()
    return Derivation(
        claim_id="pomer.lem4.7", target="bound",
        title="Lemma 4.7: |E_μ f − E_ν f| ≤ 2‖μ − ν‖_TV max|f| (lines 292–296)",
        start=start,
        conditions=(sympy.Le(kappa, 1), sympy.Le(m47, 1), sympy.Le(n47, 1), sympy.Ne(m47, n47)),
        domain={kappa: ("0.001", "1"), tv_: ("0.001", "1"), fmax_: ("0.001", "100"), hp_: ("0.001", "1"),
                hm_: ("0.001", "1"), gap_: ("0", "100"), m47: ("0", "1"), n47: ("0", "1"), f47[0]: ("-10", "10"),
                f47[1]: ("-10", "10")},
        premises=(Premise("|Σ_x f(x)h(x)| ≤ Σ_x |f(x)||h(x)| ≤ max|f|·Σ_x|h(x)| (triangle inequality), i.e. "
                          "|E_μ f − E_ν f| = κ·max|f|·(Σh⁺ + Σh⁻) with κ ≤ 1", "triangle inequality"),
                  Premise("the instance K = {0, 1}, μ = (m, 1 − m), ν = (n, 1 − n) (μ ≠ ν), f = (f₀, f₁) ≠ 0: the "
                          "quantity's parts Δ_f = |E_μ f − E_ν f|, TV = sup_A (μ(A) − ν(A)) > 0, M_f = max|f| > 0",
                          "claims.pomer.imported")),
        steps=(
            step(start, "==", gap_ / (2 * tv_ * fmax_), "Δ_f, TV and M_f named", given={gap_: gap, tv_: tv, fmax_: fmax}),
            then("==", kappa * (hp_ + hm_) / (2 * tv_),
                 "|E_μ f − E_ν f| = κ·max|f|·Σ|μ − ν|, κ ≤ 1", given={gap_: kappa * fmax_ * (hp_ + hm_)}),
            then("==", kappa, "Σh = 0 gives Σh⁺ = Σh⁻, and sup_A h(A) is attained at A = {μ > ν}: both are "
                              "‖μ − ν‖_TV", given={hp_: tv_, hm_: tv_}),
            then("<=", sympy.Integer(1), "κ ≤ 1"),
        ),
        symbolic_start=SymbolicStart(lem47_run, "lem47_ratio (|E_μ f − E_ν f| / (2‖μ − ν‖_TV max|f|), the total "
                                     "variation as sup over the events A ⊆ K) on K = {0, 1}, μ = (m, 1 − m), "
                                     "ν = (n, 1 − n), f = (f₀, f₁)"),
    )


s_prev_ = sympy.Symbol("S_{T-1}", real=True)  # Σ_{t<T} l_t(y_{t+1})
a_prev_ = sympy.Symbol("A_{T-1}", real=True)  # Σ_{t<T} l_t(y_{T+1})
l_last_ = sympy.Symbol("l_T", real=True)  # l_T(y_{T+1})
best_ = sympy.Symbol("B_T", real=True)  # min_x Σ_{t≤T} l_t(x) = Σ_{t≤T} l_t(y_{T+1})
floor_ = sympy.Symbol("m_T", real=True)  # Σ_{t≤T} min_x l_t(x)
slack_ = sympy.Symbol("u", nonnegative=True)  # A_{T−1} − S_{T−1} ≥ 0 (the induction hypothesis)
width_ = sympy.Symbol("w", positive=True)  # B_T − m_T > 0


#: Lemma 2.3's structured instance: 𝓑 = {0, 1} and three losses (rows: the values at 0 and 1) whose leader switches
#: at the last round — l₀ = (0, e + g), l₁ = (z + e, z), l₂ = (q + g + k, q) with e, g, k > 0 (so y₁ = y₂ = 0, y₃ = 1)
e23, g23, k23 = (sympy.Symbol(n, positive=True) for n in ("e", "g", "k"))
z23, q23 = sympy.Symbol("z", real=True), sympy.Symbol("q", real=True)
LEM23_TABLE = ((sympy.S.Zero, e23 + g23), (z23 + e23, z23), (q23 + g23 + k23, q23))


def _decided_min(values) -> sympy.Expr:
    """The least of ``values``, each comparison decided by the symbols' signs (else an error: no guess)."""
    best = values[0]
    for v in values[1:]:
        diff = sympy.simplify(v - best)
        if diff.is_negative:
            best = v
        elif not diff.is_nonnegative:
            raise ValueError(f"the order of {v} and {best} is not decided")
    return best


def btl_table_symbolic(table) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """``claims.pomer.imported.btl_table`` on a table of sympy values whose comparisons the symbols' signs decide: the
    cumulative sums Σ_{i≤t} l_i, the leader set (their minimisers), the worst l_t over it, summed; min_x Σ_t l_t(x);
    Σ_t min_x l_t(x)."""
    n = len(table[0])
    cumulative = [sympy.S.Zero] * n
    leaders = sympy.S.Zero
    for row in table:
        cumulative = [c + x for c, x in zip(cumulative, row)]
        m = _decided_min(cumulative)
        ties = [i for i in range(n) if sympy.simplify(cumulative[i] - m) == 0]
        leaders += row[ties[0]] if len(ties) == 1 else sympy.Max(*(row[i] for i in ties))
    return leaders, _decided_min(cumulative), sum((_decided_min(list(row)) for row in table), sympy.S.Zero)


@functools.lru_cache(maxsize=1)
def lem23_sums() -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """:func:`btl_table_symbolic` on ``LEM23_TABLE`` (computed once)."""
    return btl_table_symbolic(LEM23_TABLE)


def lem23_run() -> sympy.Expr:
    """``pomer.lem2.3``'s quantity (``lem23_ratio``: (Σ_t l_t(y_{t+1}) − Σ_t min l_t)/(min_x Σ_t l_t(x) − Σ_t min l_t))
    on the three-round table ``LEM23_TABLE``: e/(e + g)."""
    leaders, best, floor = lem23_sums()
    return (leaders - floor) / (best - floor)


def lem23() -> Derivation:
    """Lemma 2.3 (lines 109–115), the standard induction on T (Hazan 2016, Lemma 5.3): the lemma for l_0, …, l_{T−1}
    at x = y_{T+1} bounds the first T terms by Σ_{t<T} l_t(y_{T+1}); adding l_T(y_{T+1}) gives Σ_{t≤T} l_t(y_{T+1}),
    the minimum over x since y_{T+1} is the leader of all T + 1 losses. The final chain starts from the claim's
    quantity on a three-round table whose leader switches (:func:`lem23_run`) and names its sums."""
    leaders, best, floor = lem23_sums()
    last = LEM23_TABLE[-1][1]  # l_T(y_{T+1}), y_3 = 1
    start = lem23_run()
    return Derivation(
        claim_id="pomer.lem2.3", target="bound",
        title="Lemma 2.3 (FTL–BTL): Σ_t l_t(y_{t+1}) ≤ Σ_t l_t(x) (lines 109–115)",
        start=start,
        domain={s_prev_: ("-10", "10"), a_prev_: ("-10", "10"), l_last_: ("-10", "10"), best_: ("-10", "10"),
                floor_: ("-20", "-10"), slack_: ("0", "10"), width_: ("0.001", "10"), e23: ("0.01", "10"),
                g23: ("0.01", "10"), k23: ("0.01", "10"), z23: ("-10", "10"), q23: ("-10", "10")},
        premises=(
            Premise("T = 0: l_0(y_1) = min l_0 ≤ l_0(x), y_1 being the leader of l_0 alone", "definition of y_1"),
            Premise("induction hypothesis at x = y_{T+1}: S_{T−1} = Σ_{t<T} l_t(y_{t+1}) ≤ Σ_{t<T} l_t(y_{T+1}) = "
                    "A_{T−1}, i.e. S_{T−1} = A_{T−1} − u with u ≥ 0", "Lemma 2.3 for T − 1"),
            Premise("A_{T−1} + l_T(y_{T+1}) = Σ_{t≤T} l_t(y_{T+1}) = min_x Σ_{t≤T} l_t(x) = B_T (y_{T+1} is the leader); "
                    "B_T − m_T = w > 0 (no point minimises every l_t)", "definition of y_{T+1}"),
            Premise("the instance 𝓑 = {0, 1}, T = 2, l₀ = (0, e + g), l₁ = (z + e, z), l₂ = (q + g + k, q), e, g, k > 0: "
                    "the leaders are y₁ = y₂ = 0, y₃ = 1", "claims.pomer.imported (btl_table)"),
        ),
        steps=(
            step(s_prev_ + l_last_, "==", a_prev_ - slack_ + l_last_, "induction hypothesis at x = y_{T+1}",
                 given={s_prev_: a_prev_ - slack_}),
            then("<=", a_prev_ + l_last_, "u ≥ 0"),
            then("==", best_, "y_{T+1} minimises Σ_{t≤T} l_t", given={a_prev_: best_ - l_last_}),
            step(start, "==", (s_prev_ + l_last_ - floor_) / (best_ - floor_),
                 "S_{T−1} = l₀(y₁) + l₁(y₂), l_T(y_{T+1}) = l₂(y₃), B_T and m_T of the instance named",
                 given={s_prev_: leaders - last, l_last_: last, best_: best, floor_: floor}),
            then("==", (width_ - slack_) / width_, "the steps above: S_{T−1} + l_T = B_T − u, and B_T − m_T = w",
                 given={s_prev_: floor_ + width_ - l_last_ - slack_, best_: floor_ + width_}),
            then("<=", sympy.Integer(1), "u ≥ 0, w > 0"),
        ),
        symbolic_start=SymbolicStart(lem23_run, "lem23_ratio by btl_table's enumeration (cumulative sums, leader "
                                     "sets, per-round minima; comparisons decided by the symbols' signs) on 𝓑 = {0, 1}, "
                                     "l₀ = (0, e + g), l₁ = (z + e, z), l₂ = (q + g + k, q)"),
    )


fz_ = sympy.Symbol("Z", positive=True)  # E_{μ₀} e^{−f}
kl_ = sympy.Symbol("K_L", nonnegative=True)  # KL(μ'‖μ) ≥ 0
f_mu_ = sympy.Symbol("F_mu", real=True)  # F(μ) = E_μ f + KL(μ‖μ₀)
f_other_ = sympy.Symbol("F_mu'", real=True)  # F(μ')


#: Lemma 4.8's structured instance: K = {0, 1}, the prior μ₀ = (q, 1 − q), weights e^{−f} = (w₀, w₁), μ' = (o, 1 − o)
q48, o48 = sympy.Symbol("q", positive=True), sympy.Symbol("o", positive=True)
w48 = sympy.symbols("w_0 w_1", positive=True)


def lem48_run() -> sympy.Expr:
    """``pomer.lem4.8``'s quantity exp(F(μ) − F(μ')) as ``claims.pomer.imported.lem48_ratio`` computes it — the Gibbs law
    μ_i = μ₀_i w_i/Z, then the factors (ν_i/(μ₀_i w_i))^{±ν_i} of ``free_energy_factors`` multiplied — on the two-point
    instance with every mass positive (KL(μ'‖μ₀) finite)."""
    prior, other = (q48, 1 - q48), (o48, 1 - o48)
    z = sum(p_ * w for p_, w in zip(prior, w48))
    gibbs = [p_ * w / z for p_, w in zip(prior, w48)]
    out = sympy.S.One
    for law, sign in ((gibbs, 1), (other, -1)):
        for n_, p_, w in zip(law, prior, w48):
            out *= (n_ / (p_ * w)) ** (sign * n_)
    return out


def _free_energy_48(law) -> sympy.Expr:
    """F(ν) = E_ν f + KL(ν‖μ₀) = Σ ν_i log(ν_i/(μ₀_i w_i)) on the instance (f = −log w), written as the log of
    Π_i (ν_i/(μ₀_i w_i))^{ν_i} (every base positive)."""
    out = sympy.S.One
    for n_, p_, w in zip(law, (q48, 1 - q48), w48):
        out *= (n_ / (p_ * w)) ** n_
    return log(out)


def lem48() -> Derivation:
    """Lemma 4.8 / B.3 (lines 314–318, 553–569): log(μ/μ₀) = −f − log Z, so F(μ') = E_{μ'}f + E_{μ'} log(μ'/μ₀) =
    −log Z + KL(μ'‖μ) for every μ' (F(μ) = −log Z, line 565), and KL ≥ 0 (Gibbs' inequality) makes μ the minimiser.
    The chain starts from the claim's quantity on a two-point instance (:func:`lem48_run`) and names F(μ), F(μ')."""
    z = sum(p_ * w for p_, w in zip((q48, 1 - q48), w48))
    gibbs = [p_ * w / z for p_, w in zip((q48, 1 - q48), w48)]
    start = lem48_run()
    return Derivation(
        claim_id="pomer.lem4.8", target="bound",
        title="Lemma 4.8 / B.3: the Gibbs law minimises E_{μ'}f + KL(μ'‖μ₀) (lines 553–569)",
        start=start,
        conditions=(sympy.Lt(q48, 1), sympy.Lt(o48, 1)),
        domain={fz_: ("0.01", "100"), kl_: ("0", "50"), f_mu_: ("-10", "10"), f_other_: ("-10", "10"),
                q48: ("0.01", "0.99"), o48: ("0.01", "0.99"), w48[0]: ("0.01", "10"), w48[1]: ("0.01", "10")},
        premises=(
            Premise("F(μ') = E_{μ'}[f + log(μ'/μ₀)] = E_{μ'}[log(μ'/μ)] − log Z = KL(μ'‖μ) − log Z, since "
                    "log(μ/μ₀) = −f − log Z (line 565); at μ' = μ, F(μ) = −log Z", "definition of μ (line 553)"),
            Premise("KL(μ'‖μ) ≥ 0, with equality iff μ' = μ", "Gibbs' inequality (Jensen)"),
            Premise("the instance K = {0, 1}, μ₀ = (q, 1 − q), e^{−f} = (w₀, w₁), μ' = (o, 1 − o), every mass positive",
                    "claims.pomer.imported"),
        ),
        steps=(
            step(start, "==", exp(f_mu_ - f_other_), "F(μ) = Σ μ_i log(μ_i/(μ₀_i w_i)) = log Π_i (μ_i/(μ₀_i w_i))^{μ_i} "
                 "and F(μ') the same with μ' (f = −log w)", given={f_mu_: _free_energy_48(gibbs), f_other_: _free_energy_48((o48, 1 - o48))}),
            then("==", exp(-log(fz_) - (kl_ - log(fz_))), "F(μ) = −log Z, F(μ') = KL(μ'‖μ) − log Z",
                 given={f_mu_: -log(fz_), f_other_: kl_ - log(fz_)}),
            then("<=", sympy.Integer(1), "KL(μ'‖μ) ≥ 0"),
        ),
        symbolic_start=SymbolicStart(lem48_run, "lem48_ratio (the Gibbs law μ ∝ μ₀w, then free_energy_factors' "
                                     "(ν_i/(μ₀_i w_i))^{±ν_i} multiplied) on K = {0, 1}, μ₀ = (q, 1 − q), "
                                     "e^{−f} = (w₀, w₁), μ' = (o, 1 − o)"),
    )


kl12_ = sympy.Symbol("KL_12", nonnegative=True)  # KL(ν₁‖ν₂)
kl1u_ = sympy.Symbol("KL_1u", nonnegative=True)  # KL(ν₁‖ν_u), ν_u ∝ u·ν₂
dv_ = sympy.Symbol("DV_u", real=True)  # E_{ν₁} log u − log E_{ν₂} u
dv_sup_ = sympy.Symbol("DV_sup", real=True)  # sup_{u∈U} DV_u
dv_gap_ = sympy.Symbol("s_DV", nonnegative=True)  # sup − DV(u_r) ≥ 0 when u_r ∈ U


#: Lemma B.4's structured instances: K = {0, 1}, ν₁ = (a, 1 − a), ν₂ = (b, 1 − b) (full supports), U = [c1, c2]^K
a_b4, b_b4 = sympy.Symbol("a", positive=True), sympy.Symbol("b", positive=True)
c1_b4, c2_b4 = sympy.Symbol("c_1", positive=True), sympy.Symbol("c_2", positive=True)
w_b4 = sympy.Symbol("W", positive=True)  # E_{ν₂}u at the maximiser (any level on the fitting branch)


def _b4_laws():
    return (a_b4, 1 - a_b4), (b_b4, 1 - b_b4)


def dv_power(u) -> sympy.Expr:
    """exp(E_{ν₁} log u − log E_{ν₂} u) on the two-point instance, as ``_dv_factors`` writes it: Π u_i^{ν₁_i}/E_{ν₂}u."""
    nu1, nu2 = _b4_laws()
    return sympy.Mul(*(x**e for x, e in zip(u, nu1))) / sum(q_ * x for q_, x in zip(nu2, u))


def kl_power() -> sympy.Expr:
    """exp(KL(ν₁‖ν₂)) on the two-point instance, as ``_kl_factors`` writes it: Π (ν₁_i/ν₂_i)^{ν₁_i}."""
    nu1, nu2 = _b4_laws()
    return sympy.Mul(*((p_ / q_) ** p_ for p_, q_ in zip(nu1, nu2)))


def dv_clipped_maximiser() -> tuple[sympy.Expr, sympy.Expr]:
    """``dv_maximiser`` on the branch where both coordinates clip: u = (c2, c1), the KKT fixed point when
    W·a/b ≥ c2 and W(1 − a)/(1 − b) ≤ c1 at W = E_{ν₂}u = bc2 + (1 − b)c1 (dν₁/dν₂ spread beyond c2/c1)."""
    return c2_b4, c1_b4


def lemb4_run() -> sympy.Expr:
    """``pomer.lemB.4``'s quantity exp(sup_U DV − KL(ν₁‖ν₂)) as ``dv_upper_ratio`` computes it (the maximiser's DV
    factors times exp(−KL)) on the two-point instance, on the branch of :func:`dv_clipped_maximiser`."""
    return dv_power(dv_clipped_maximiser()) / kl_power()


def lemb4_fit_run() -> sympy.Expr:
    """``pomer.lemB.4:lower+fix``'s quantity exp(KL(ν₁‖ν₂) − sup_U DV) as ``dv_lower_ratio`` computes it on the
    two-point instance when a multiple of dν₁/dν₂ fits in [c1, c2] (the fix's hypothesis): the KKT fixed point is
    then unclipped, u = W·dν₁/dν₂ for a level W (DV does not depend on it)."""
    nu1, nu2 = _b4_laws()
    return kl_power() / dv_power(tuple(w_b4 * p_ / q_ for p_, q_ in zip(nu1, nu2)))


def lemb4() -> Derivation:
    """Lemma B.4's '≤' half (lines 559–563), the standard argument: with ν_u ∝ u·ν₂ (u bounded, so ν_u is a law),
    E_{ν₁} log u − log E_{ν₂} u = E_{ν₁} log(dν_u/dν₂) = KL(ν₁‖ν₂) − KL(ν₁‖ν_u) ≤ KL(ν₁‖ν₂), for every u ∈ U. The chain
    starts from the claim's quantity at a two-point instance whose maximiser clips (:func:`lemb4_run`) and names its
    DV and KL."""
    start = lemb4_run()
    return Derivation(
        claim_id="pomer.lemB.4", target="bound",
        title="Lemma B.4, '≤': E_{ν₁} log u − log E_{ν₂} u ≤ KL(ν₁‖ν₂) for every u ∈ U (lines 559–563)",
        start=start,
        domain={kl12_: ("0", "20"), kl1u_: ("0", "20"), dv_: ("-20", "20"), a_b4: ("0.5", "0.99"),
                b_b4: ("0.01", "0.5"), c1_b4: ("0.01", "1"), c2_b4: ("1", "2")},
        premises=(Premise("dν_u/dν₂ = u/E_{ν₂}u, so E_{ν₁} log u − log E_{ν₂}u = E_{ν₁} log(dν_u/dν₂) = "
                          "KL(ν₁‖ν₂) − KL(ν₁‖ν_u) (both finite, or the left side −∞ … and KL(ν₁‖ν₂) = ∞)",
                          "definition of KL"),
                  Premise("KL(ν₁‖ν_u) ≥ 0", "Gibbs' inequality (Jensen)"),
                  Premise("the instance K = {0, 1}, ν₁ = (a, 1 − a), ν₂ = (b, 1 − b), U = [c1, c2]^K with the maximiser "
                          "u = (c2, c1) (both coordinates clipped: W·a/b ≥ c2, W(1 − a)/(1 − b) ≤ c1, "
                          "W = bc2 + (1 − b)c1)", "claims.pomer.imported (dv_maximiser)")),
        steps=(
            step(start, "==", exp(dv_ - kl12_), "DV(u) = log(Π u_i^{ν₁_i}/E_{ν₂}u) and KL(ν₁‖ν₂) = log Π (ν₁_i/ν₂_i)^{ν₁_i} "
                 "named", given={dv_: log(dv_power(dv_clipped_maximiser())), kl12_: log(kl_power())}),
            then("==", exp(-kl1u_), "DV(u) = KL(ν₁‖ν₂) − KL(ν₁‖ν_u)", given={dv_: kl12_ - kl1u_}),
            then("<=", sympy.Integer(1), "KL(ν₁‖ν_u) ≥ 0; the supremum over U of quantities ≤ KL is ≤ KL"),
        ),
        symbolic_start=SymbolicStart(lemb4_run, "dv_upper_ratio (the maximiser's DV factors times exp(−KL)) on "
                                     "K = {0, 1}, ν₁ = (a, 1 − a), ν₂ = (b, 1 − b), at dv_maximiser's clipped "
                                     "branch u = (c2, c1)"),
    )


def lemb4_lower(fix: bool) -> Derivation:
    """Lemma B.4's '≥' half (Donsker & Varadhan's argument): the supremum is at least the value at u_r = c·dν₁/dν₂,
    which is KL(ν₁‖ν₂) exactly — provided u_r ∈ U. With one box [c1, c2] for all of U (as printed) that premise is
    not a hypothesis: it fails when max r/min r > c2/c1; the fix assumes it. The fix's chain starts from its quantity at
    a two-point instance where u_r fits (:func:`lemb4_fit_run`); the printed half's start stays stated (below)."""
    premises = [Premise("DV(c·dν₁/dν₂) = E_{ν₁} log(dν₁/dν₂) + log c − log c = KL(ν₁‖ν₂)", "definition of KL")]
    premises.append(Premise("u_r = c·dν₁/dν₂ ∈ U for some c > 0" + (" (the fix's hypothesis)" if fix else
                            ": not among the printed hypotheses (one box [c1, c2] for all of U); false when "
                            "max r/min r > c2/c1 or ν₁ is not ≪ ν₂"), "Lemma B.4" + (" +fix" if fix else " (line 559)")))
    general = (
        then("==", exp(kl12_ - dv_ - dv_gap_), "sup_U DV ≥ DV(u_r) (u_r ∈ U)", given={dv_sup_: dv_ + dv_gap_}),
        then("<=", exp(kl12_ - dv_), "the gap is ≥ 0"),
        then("==", sympy.Integer(1), "DV(u_r) = KL(ν₁‖ν₂)", given={dv_: kl12_}),
    )
    if fix:
        start = lemb4_fit_run()
        premises.append(Premise("the instance K = {0, 1}, ν₁ = (a, 1 − a), ν₂ = (b, 1 − b), a multiple W·dν₁/dν₂ in "
                                "[c1, c2]: the maximiser is unclipped, u = W·dν₁/dν₂", "claims.pomer.imported"))
        steps = (step(start, "==", exp(kl12_ - dv_sup_), "KL(ν₁‖ν₂) = log Π (ν₁_i/ν₂_i)^{ν₁_i} and sup_U DV = DV(u) "
                      "named", given={kl12_: log(kl_power()), dv_sup_: log(dv_power(
                          tuple(w_b4 * p_ / q_ for p_, q_ in zip(*_b4_laws()))))}),) + general
        extra = dict(symbolic_start=SymbolicStart(lemb4_fit_run, "dv_lower_ratio (exp(KL) times the maximiser's DV "
                                                  "factors inverted) on K = {0, 1}, ν₁ = (a, 1 − a), ν₂ = (b, 1 − b), "
                                                  "at dv_maximiser's unclipped branch u = W·dν₁/dν₂"))
        dom = {a_b4: ("0.01", "0.99"), b_b4: ("0.01", "0.99"), w_b4: ("0.01", "10")}
    else:
        start = exp(kl12_ - dv_sup_)
        steps = (step(start, "==", exp(kl12_ - dv_ - dv_gap_), "sup_U DV ≥ DV(u_r) (u_r ∈ U)",
                      given={dv_sup_: dv_ + dv_gap_}),) + general[1:]
        extra = dict(start_reason="the chain rests on the premise u_r = c·dν₁/dν₂ ∈ U, which the printed hypotheses "
                                  "(one box [c1, c2] for all of U) do not give; its start is left unchecked against the "
                                  "quantity so that a proof resting on a premise the hypotheses do not imply is not "
                                  "reported complete (the fix, pomer.lemB.4:lower+fix, assumes it and is checked)")
        dom = {}
    return Derivation(
        claim_id="pomer.lemB.4:lower" + ("+fix" if fix else ""), target="bound",
        title="Lemma B.4, '≥': KL(ν₁‖ν₂) ≤ sup_U DV (lines 559–563)" + (", U holding c·dν₁/dν₂" if fix else ""),
        start=start,
        domain={kl12_: ("0", "20"), dv_: ("-20", "20"), dv_gap_: ("0", "20"), dv_sup_: ("-20", "20"), **dom},
        premises=tuple(premises),
        steps=steps, **extra,
    )


