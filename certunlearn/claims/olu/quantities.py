"""Exact quantities shared by the olu claims (paper file ``papers/000_8245766a2c9b0ba6.txt``).

Streams and schedules of an instance, the noise variances of Algorithm 1 (σ_i², line 120 read through eq. (8)
step (b), line 417) and Algorithm 2 (eq. (40), line 880), step-size schedules (constant, 1/(μt), Theorem 5's and
Table 1's η, Theorem 4's adaptive η_t = D/√p(t)), the exact Rényi divergences of Definition 2 (eq. (4), line 89)
between output laws, the exact expected regret of eq. (5) (line 99) and the hypotheses it needs along the
unprojected process, the exact instance entries of Theorems 4 and 6, Proposition 1's chains of laws and the
helpers of Lemmas 3 and 8. See :mod:`certunlearn.claims.olu` for the conventions.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

import sympy
from flint import arb, ctx

from ...algorithms import olu as A
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import START_PREC, precisions, workprec
from ...numeric.sympy_arb import arb_eval
from ...privacy import renyi_enclosure
from ..hypotheses import P
from ..instances import frac, instance_key
from ..model import Hypothesis, Instance
from ...formulas.symbols import Delta

from ...formulas.olu import ETA_TABLE1, ETA_THM5, gamma, GAMMA_SC, gap, I2s, i_, SIGMA2_ALG1, SIGMA2_ALG2


def stream_of(values: Instance) -> A.Stream:
    fam = int(frac(values["family"]))
    X = tuple(tuple(frac(x) for x in row) for row in values["X"])
    lam = tuple(frac(x) for x in values.get("lam", ())) if fam == A.QUADRATIC else ()
    return A.Stream(fam, X, lam)


def ints(values: Instance, key: str) -> list[int]:
    out = [frac(v) for v in values[key]]
    if any(v.denominator != 1 for v in out):
        raise ValueError(f"{key} holds integers")
    return [int(v) for v in out]


def schedule_of(values: Instance) -> tuple[list[int], list[int]]:
    return ints(values, "tau"), ints(values, "u")


def sq(v: Iterable[Fraction]) -> Fraction:
    return sum((x * x for x in v), Fraction(0))


def valid_stream(values: Instance) -> bool:
    s = stream_of(values)
    tau, u = schedule_of(values)
    A.check_schedule(s, tau, u)
    return len(values["z1"]) == s.d and (s.family == A.LINEAR or all(l >= 0 for l in s.lam))


def noise_free_states(values: Instance, etas: list[Fraction]) -> list[tuple]:
    """The noise-free OGD states w_0, … (exact), for C3 at the states the deleted steps act on."""
    s = stream_of(values)
    laws = A.run_laws(s, tuple(frac(z) for z in values["z1"]), etas, set(), {})
    return [law.mean for law in laws]


def c3(values: Instance, etas: list[Fraction]) -> bool:
    """Condition C3 with Δ_t = η_t L (see the module docstring): linear ‖x_t‖ ≤ L for every t; quadratic
    u[j] ≤ τ[1] and ‖λ⊙(w_{u−1} − x_u)‖ ≤ L at the noise-free state."""
    s = stream_of(values)
    tau, u = schedule_of(values)
    L2 = frac(values["L"]) ** 2
    if s.family == A.LINEAR:
        return all(sq(x) <= L2 for x in s.X)
    w = noise_free_states(values, etas)
    return all(uj <= tau[0] for uj in u) and all(
        sq(l * (wk - xk) for l, wk, xk in zip(s.lam, w[uj - 1], s.X[uj - 1])) <= L2 for uj in u)


def const_etas(values: Instance) -> list[Fraction]:
    return [frac(values["eta"])] * len(values["X"])


def lam_range(values: Instance, lo: Fraction | None, hi: Fraction | None) -> bool:
    s = stream_of(values)
    lams = list(s.lam) if s.family == A.QUADRATIC else [Fraction(0)] * s.d
    return all((lo is None or l >= lo) and (hi is None or l <= hi) for l in lams)


@functools.lru_cache(maxsize=1024)
def _sigma2_alg1(i: int, gap_: int, gamma_expr: sympy.Expr) -> sympy.Expr:
    """σ_i² of Algorithm 1 with i, τ[i] − u[i] and γ substituted (memoised: the substitution, not the evaluation)."""
    return SIGMA2_ALG1.subs({i_: i, gap: gap_}).subs(gamma, gamma_expr)


def noise_variances(values: Instance, gamma_expr: sympy.Expr, etas: list, scale: Any = 1) -> list[arb]:
    """σ_i² of Algorithm 1 for each deletion, with the claim's γ and Δ_{u[i]} = η_{u[i]}L (times ``scale``)."""
    tau, u = schedule_of(values)
    env = dict(values)
    out = []
    for i, (t, ui) in enumerate(zip(tau, u), start=1):
        expr = _sigma2_alg1(i, t - ui, gamma_expr)
        env[Delta.name] = to_arb(etas[ui - 1]) * to_arb(values["L"])
        out.append(arb_eval(expr, env) * to_arb(scale))
    return out


def renyi_diag(a: Any, P: A.Law, Q: A.Law) -> arb:
    """D_α(P‖Q) for diagonal Gaussians; coordinates without noise in both must agree (else +∞)."""
    keep = []
    for k_, (vp, vq) in enumerate(zip(P.var, Q.var)):
        zp, zq = to_arb(vp) == 0, to_arb(vq) == 0
        if zp and zq:
            diff = to_arb(P.mean[k_]) - to_arb(Q.mean[k_])
            if diff == 0:
                continue
            if not diff.contains(0):
                return arb.pos_inf()
            raise ArithmeticError("cannot decide whether a noiseless coordinate agrees")
        if zp or zq:
            return arb.pos_inf()
        keep.append(k_)
    if not keep:
        return arb(0)
    diag = lambda v: [[v[r] if r == c else 0 for c in keep] for r in keep]
    return renyi_enclosure(a, [P.mean[r] for r in keep], diag(P.var), [Q.mean[r] for r in keep], diag(Q.var))


def arb_etas(values: Instance, kind: str) -> list:
    n = len(values["X"])
    if kind == "const":
        return [to_arb(values["eta"])] * n
    if kind == "sc":
        return [1 / (to_arb(values["mu"]) * t) for t in range(1, n + 1)]
    if kind == "convex":
        return [to_arb(values["D"]) / (to_arb(values["L"]) * arb(t).sqrt()) for t in range(1, n + 1)]
    if kind == "adaptive":
        return [to_arb(values["D"]) / to_arb(p).sqrt() for p in grad_norms2(values)]
    if kind in ("thm5", "table1"):
        v = arb_eval(ETA_THM5 if kind == "thm5" else ETA_TABLE1, values)
        return [v] * n
    raise ValueError(kind)


def arb_stream(s: A.Stream) -> A.Stream:
    return A.Stream(s.family, tuple(tuple(to_arb(x) for x in r) for r in s.X), tuple(to_arb(l) for l in s.lam))


def divergences(values: Instance, gamma_expr: sympy.Expr, scale: Any = 1, kind: str = "const") -> list[tuple[arb, arb]]:
    """(D_α(OLU ‖ reference_i), D_α(reference_i ‖ OLU)) at τ[i], for i = 1..k, exactly."""
    s = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    etas = arb_etas(values, kind)
    var = noise_variances(values, gamma_expr, etas, scale)
    z1 = tuple(to_arb(z) for z in values["z1"])
    olu = A.passive_laws(s, z1, etas, tau, u, var)
    out = []
    for i, t in enumerate(tau, start=1):
        ref = A.passive_laws(s, z1, etas, tau, u, var, reference=i)
        out.append((renyi_diag(values["alpha"], olu[t], ref[t]), renyi_diag(values["alpha"], ref[t], olu[t])))
    return out


def unlearning_quantity(gamma_expr: sympy.Expr, scale: Any = 1) -> Callable[[Instance], arb]:
    def quantity(values: Instance) -> arb:
        out = arb(0)
        for forward, _ in divergences(values, gamma_expr, scale):
            out = out.max(forward)
        return out

    return quantity


def contraction(values: Instance) -> Fraction:
    """The exact Lipschitz constant of every OGD step w ↦ w − η∇f_t(w): max_k |1 − ηλ_k| (linear: 1)."""
    s = stream_of(values)
    e = frac(values["eta"])
    return max(abs(1 - e * l) for l in s.lam) if s.family == A.QUADRATIC else Fraction(1)


# ---- regret
def data_in_ball(values: Instance) -> bool:
    """K := the ball of diameter D centred at 0 holds z_1 and every x_t; L ≥ λ_max·D (Lipschitz on K)."""
    s = stream_of(values)
    r2 = frac(values["D"]) ** 2 / 4
    pts = [tuple(frac(z) for z in values["z1"]), *s.X]
    return (s.family == A.QUADRATIC and all(sq(p) <= r2 for p in pts)
            and frac(values["L"]) >= max(s.lam) * frac(values["D"]))


def s_value(values: Instance, which: str) -> Fraction:
    tau, u = schedule_of(values)
    if which == "S1":
        g = (frac(values["beta"]) / frac(values["mu"]) - 1) / (frac(values["beta"]) / frac(values["mu"]) + 1)
        return sum((Fraction(t) ** 2 * g ** (4 * (t - ui)) / Fraction(ui) ** 4 for t, ui in zip(tau, u)), Fraction(0))
    return sum((Fraction(t, ui**2) for t, ui in zip(tau, u)), Fraction(0))


def counts(values: Instance) -> bool:
    tau, _ = schedule_of(values)
    return (frac(values["k"]) == len(tau) and frac(values["T"]) == len(values["X"])
            and frac(values["d"]) == len(values["X"][0]) and len(tau) <= len(values["X"]))


def qg(values: Instance) -> bool:
    """Assumption 1 for Σ_{t≤τ[i]} f_t with parameter κ(τ[i] − τ[i−1]): that sum is τ[i]λ_min-strongly convex."""
    tau, _ = schedule_of(values)
    lmin = min(stream_of(values).lam)
    return all(frac(values["kappa"]) * (t - p) <= t * lmin for p, t in zip([0, *tau], tau))


def _regret_laws(values: Instance, kind: str, gamma_expr: sympy.Expr):
    """The arb stream, the exact laws of w_0..w_T of Algorithm 1 and the comparators z*_i (cached per instance and
    working precision: the hypotheses and the quantity share one run)."""
    return _regret_laws_cached(kind, gamma_expr, instance_key(values, sorted(values)), ctx.prec)


@functools.lru_cache(maxsize=128)
def _regret_laws_cached(kind: str, gamma_expr: sympy.Expr, key: tuple, prec: int):
    values = dict(key)
    s = stream_of(values)
    tau, u = schedule_of(values)
    etas = arb_etas(values, kind)
    var = noise_variances(values, gamma_expr, etas)
    ar = arb_stream(s)
    laws = A.passive_laws(ar, tuple(to_arb(z) for z in values["z1"]), etas, tau, u, var)
    return ar, laws, [tuple(to_arb(x) for x in z) for z in A.comparators(s, tau, u)], tau


def regret_quantity(kind: str, gamma_expr: sympy.Expr) -> Callable[[Instance], arb]:
    """The exact expected regret (eq. (5)) of Algorithm 1 with the schedule ``kind`` and its printed noise."""

    def quantity(values: Instance) -> arb:
        ar, laws, zs, tau = _regret_laws(values, kind, gamma_expr)
        total = arb(0)
        for t in range(1, ar.T + 1):
            total += ar.expected_value(t, laws[t - 1]) - ar.value(t, zs[A.interval_of(t, tau)])
        return total

    return quantity


def arb_checks(pairs: Iterable[tuple[arb, arb]]) -> Decision:
    """Every ``lhs ≤ rhs`` of ``pairs`` decided on enclosures: FALSE as soon as one is decided false, TRUE when every
    one is decided true, else UNDECIDED. A NaN is an error (ArithmeticError), never a decision (DESIGN.md "Verdicts")."""
    out = Decision.TRUE
    for lhs, rhs in pairs:
        if lhs.is_nan() or rhs.is_nan():
            raise ArithmeticError("nan in a hypothesis's enclosure")
        if lhs > rhs:
            return Decision.FALSE
        if not lhs <= rhs:
            out = Decision.UNDECIDED
    return out


def decided_on_enclosures(pairs: Callable[[Instance], Iterable[tuple[arb, arb]]], values: Instance) -> Decision:
    """:func:`arb_checks` at rising working precision (64 … 4096 bits) until decided."""
    out = Decision.UNDECIDED
    for prec in precisions(START_PREC, 4096):
        with workprec(prec):
            out = arb_checks(pairs(values))
        if out is not Decision.UNDECIDED:
            break
    return out


def mean_square_hypothesis(kind: str, gamma_expr: sympy.Expr, diameter: bool) -> Hypothesis:
    """The proofs' uses of K, in mean square along the unprojected process: E‖∇f_t(w_{t−1})‖² ≤ L² for every t
    (and, with ``diameter``, E‖w_{t−1} − z*_i‖² ≤ D² for every t and i) — decided on enclosures (precision raised
    while undecided; a NaN is an error)."""

    def pairs(values: Instance) -> Iterable[tuple[arb, arb]]:
        ar, laws, zs, _ = _regret_laws(values, kind, gamma_expr)
        L2, D2 = A.square(to_arb(values["L"])), A.square(to_arb(values["D"]))
        for t in range(1, ar.T + 1):
            law, x = laws[t - 1], ar.X[t - 1]
            yield sum((l * l * (A.square(m - xk) + v) for l, m, xk, v in zip(ar.lam, law.mean, x, law.var)), arb(0)), L2
            if diameter:
                for z in zs:
                    yield sum((A.square(m - zk) + v for m, zk, v in zip(law.mean, z, law.var)), arb(0)), D2

    name = ("E‖∇f_t(w_{t−1})‖² ≤ L²" + (" and E‖w_{t−1} − z*_i‖² ≤ D²" if diameter else "")
            + " along the unprojected process (the proof's uses of K)")
    return P(name, lambda values: Decision.TRUE if int(frac(values["family"])) != A.QUADRATIC
             else decided_on_enclosures(pairs, values))


# ---- Theorem 6 (Algorithm 2)
@functools.lru_cache(maxsize=1024)
def _sigma2_alg2(i: int, gap_: int, i2: int) -> sympy.Expr:
    """σ_i² of eq. (40) with i, τ[i] − u[i] and I₂ substituted (memoised: the substitution, not the evaluation)."""
    return SIGMA2_ALG2.subs({i_: i, gap: gap_, I2s: i2})


def alg2_noise(values: Instance, etas: list) -> list[arb]:
    """σ_i² of eq. (40) for each deletion, with η_{u[i]} from ``etas``."""
    tau, u = schedule_of(values)
    env = {**values, "gamma": arb_eval(GAMMA_SC, values)}
    return [arb_eval(_sigma2_alg2(i, t - ui, int(frac(values["I_2"]))),
                     {**env, "tau_i": t, "eta_u": etas[ui - 1]}) for i, (t, ui) in enumerate(zip(tau, u), start=1)]


# ---- Proposition 1 (group privacy of an RDP online learner)
def _chain_law(values: Instance, c: int) -> tuple:
    """The output law of the chain mechanism after c of the deleted functions were seen: Bernoulli(p_c)
    (``family`` 0) or N(m_c, s²) (``family`` 1)."""
    return tuple(frac(x) for x in values["chain"])[c], frac(values.get("s2", 1))


def chain_renyi(values: Instance, a: Any, c0: int, c1: int) -> arb:
    """D_a(P_{c0} ‖ P_{c1}) exactly (arb): Bernoulli in closed form, Gaussians through :func:`renyi_enclosure`."""
    (p, s2), (q, _) = _chain_law(values, c0), _chain_law(values, c1)
    a_ = to_arb(a)
    if int(frac(values["family"])) == 1:
        return renyi_enclosure(a, [p], [[s2]], [q], [[s2]])
    P_, Q_ = to_arb(p), to_arb(q)
    s = P_ ** a_ * Q_ ** (1 - a_) + (1 - P_) ** a_ * (1 - Q_) ** (1 - a_)
    return s.log() / (a_ - 1)


def chain_rdp(values: Instance) -> arb:
    """The mechanism's RDP at order α: max over neighbouring counts c, c+1 of D_α in both directions."""
    kk = len(values["chain"]) - 1
    out = arb(0)
    for c in range(kk):
        out = out.max(chain_renyi(values, values["alpha"], c, c + 1)).max(chain_renyi(values, values["alpha"], c + 1, c))
    return out


# ---- Theorem 4 (adaptive steps from public gradient norms), on linear streams
def grad_norms2(values: Instance) -> list[Fraction]:
    """p(t) = Σ_{s≤t}‖∇f_s(z_s)‖², t = 1..T: for linear losses ‖x_s‖², whatever the iterate (so the adaptive steps
    are deterministic and every output stays exactly Gaussian)."""
    out, acc = [], Fraction(0)
    for row in stream_of(values).X:
        acc += sq(row)
        out.append(acc)
    return out


def box_comparators(values: Instance) -> list[tuple]:
    """z*_i of eq. (5) over the box K = [lo, hi] for linear losses: the vertex minimising ⟨Σ_{t∉U_i} x_t, z⟩."""
    s = stream_of(values)
    tau, u = schedule_of(values)
    lo, hi = [frac(x) for x in values["lo"]], [frac(x) for x in values["hi"]]
    out = []
    for i in range(len(tau) + 1):
        g = [sum((s.X[t - 1][c] for t in range(1, s.T + 1) if t not in u[:i]), Fraction(0)) for c in range(s.d)]
        out.append(tuple(lo[c] if g[c] >= 0 else hi[c] for c in range(s.d)))
    return out


def thm4_entries(values: Instance) -> dict[str, Fraction]:
    """The exact instance entries of Theorem 4's bound: F* = Σ_i Σ_{τ[i]<t≤τ[i+1]} f_t(z*_i), S₃ = Σ_i p(τ[i])/p(u[i])²
    (G₃ = √(βS₃)), P_T = p(T)."""
    s = stream_of(values)
    tau, u = schedule_of(values)
    p, zs = grad_norms2(values), box_comparators(values)
    return {"F_star": sum((s.value(t, zs[A.interval_of(t, tau)]) for t in range(1, s.T + 1)), Fraction(0)),
            "S_3": sum((p[t - 1] / p[ui - 1] ** 2 for t, ui in zip(tau, u)), Fraction(0)), "P_T": p[-1]}


def thm6_entries(values: Instance) -> dict[str, Fraction]:
    """G₂ = Σ_i γ^{τ[i]−τ[i−1]}(τ[i] − τ[i−1]), H_T = Σ_{t≤T} 1/t, R_τ = Σ_i 1/τ[i], R_T = Σ_i (T − i − τ[i])."""
    tau, _ = schedule_of(values)
    g = (frac(values["beta"]) / frac(values["mu"]) - 1) / (frac(values["beta"]) / frac(values["mu"]) + 1)
    T_ = len(values["X"])
    return {"G_2": sum((g ** (t - p) * (t - p) for p, t in zip([0, *tau], tau)), Fraction(0)),
            "H_T": sum((Fraction(1, t) for t in range(1, T_ + 1)), Fraction(0)),
            "R_tau": sum((Fraction(1, t) for t in tau), Fraction(0)),
            "R_T": Fraction(sum(T_ - i - t for i, t in enumerate(tau, start=1)))}


def alg2_sigma_sum(values: Instance) -> arb:
    return sum((v.sqrt() for v in alg2_noise(values, arb_etas(values, "sc"))), arb(0))


def vec(values: Instance, key: str) -> tuple[Fraction, ...]:
    return tuple(frac(x) for x in values[key])


def r_value(values: Instance) -> Fraction:
    """Σ_t R_α(ζ_t, a_t) = Σ_t αa_t²/(2σ_t²) (Lemma A; R_α(Dirac, 0) = 0)."""
    al = frac(values["alpha"])
    return sum((al * frac(a_t) ** 2 / (2 * frac(v)) for a_t, v in zip(values["a"], values["S2"]) if frac(v) > 0),
               Fraction(0))


# ---- Lemma 8 (Srebro et al.)
def lem8_parts(values: Instance) -> tuple[Fraction, Fraction]:
    """(‖∇f(x)‖², f(x) − inf f) exactly. Family 0: f(x) = ½Σλ_k(x_k − c_k)² + f₀ (inf = f₀); family 1: f(x) =
    Σ_k s_k·h_δ(x_k − c_k) with Huber h_δ(r) = r²/2 (|r| ≤ δ), δ|r| − δ²/2 (else), inf = 0; s_k ≥ 0."""
    x, c, w = vec(values, "x"), vec(values, "centre"), vec(values, "lam")
    r = [xi - ci for xi, ci in zip(x, c)]
    if int(frac(values["f"])) == 0:
        return sq(l * ri for l, ri in zip(w, r)), sum((l * ri * ri for l, ri in zip(w, r)), Fraction(0)) / 2
    dl = frac(values["delta"])
    grad = [s * (ri if abs(ri) <= dl else dl * (1 if ri > 0 else -1)) for s, ri in zip(w, r)]
    val = sum((s * (ri * ri / 2 if abs(ri) <= dl else dl * abs(ri) - dl * dl / 2) for s, ri in zip(w, r)), Fraction(0))
    return sq(grad), val


def renyi_diag_exact(a: Any, P: A.Law, Q: A.Law) -> Fraction | arb:
    """D_α(P‖Q) for diagonal Gaussians by the general formula (α/2)Σ_k Δ_k²/v_{α,k} − (1/(2(α−1)))Σ_k log(v_{α,k} /
    (v_{P,k}^{1−α} v_{Q,k}^α)), v_α = αv_Q + (1−α)v_P, evaluated exactly: a Fraction where the log term is log 1 = 0
    exactly (equal variances, rational α), so that equality with a rational bound can be proved; otherwise
    :func:`renyi_diag` (an arb enclosure). +∞ (arb) where some v_{α,k} ≤ 0."""
    al = frac(a)
    if len(P.mean) != len(Q.mean):
        return renyi_diag(a, P, Q)
    keep = []
    for k_, (vp, vq) in enumerate(zip(P.var, Q.var)):  # noiseless coordinates: equal point masses add 0, else +∞
        if vp == 0 and vq == 0:
            if P.mean[k_] != Q.mean[k_]:
                return arb.pos_inf()
        elif vp == 0 or vq == 0:
            return arb.pos_inf()
        else:
            keep.append(k_)
    P = A.Law(tuple(P.mean[k_] for k_ in keep), tuple(P.var[k_] for k_ in keep))
    Q = A.Law(tuple(Q.mean[k_] for k_ in keep), tuple(Q.var[k_] for k_ in keep))
    if not keep:
        return Fraction(Fraction(0))
    va = [al * vq + (1 - al) * vp for vp, vq in zip(P.var, Q.var)]
    if any(v <= 0 for v in va):
        return arb.pos_inf()
    if tuple(P.var) != tuple(Q.var):
        return renyi_diag(a, P, Q)
    return Fraction(al / 2 * sum(((p - q) ** 2 / v for p, q, v in zip(P.mean, Q.mean, va)), Fraction(0)))
