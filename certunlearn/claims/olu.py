"""Claims of Online Learning and Unlearning (Hu, Schölkopf & Sanyal), encoded as printed.

Paper file ``papers/000_8245766a2c9b0ba6.txt`` (line numbers below refer to it). Algorithms:
:mod:`certunlearn.algorithms.olu` (its docstring states the one indexing convention: the output at time t is
``w_t = w_{t−1} − η_t∇f_t(w_{t−1}) (+ ξ_i at t = τ[i])``, the point played in round t is ``w_{t−1}``).
Derivations: ``proofs/olu.py``.

**Instances.** ``family`` (0: linear f_t(z) = ⟨x_t, z⟩; 1: quadratic ½Σ_k λ_k(z_k − x_{t,k})²), ``X`` (row t−1
is x_t), ``lam`` (the diagonal Hessian), ``z1`` (the initial point), ``tau`` and ``u`` (deletion times and deleted
indices, u[i] ≤ τ[i]), the scalars ``alpha``, ``epsilon``, ``omega`` (ω > 1 of Algorithm 1), ``L`` and the claim's
constants (``eta``, ``gamma``, ``mu``, ``beta``, ``D``, ``kappa``). K = R^d: no projection is active, so every
output is exactly Gaussian (diagonal covariance) and the quantities are exact (arb enclosures).

**Sensitivity (Condition C3) on R^d.** A linear step is a translation by η_t x_t: C3 holds globally with
Δ_t = η_t L when ‖x_t‖ ≤ L. A quadratic step is not: its displacement η_tλ⊙(w − x_t) is unbounded on R^d.
For quadratic streams the unlearning claims therefore require every deleted index to precede the first noisy
time (u[j] ≤ τ[1]: each skipped step acts on a noise-free state) and check C3 *at that state*:
‖λ⊙(w_{u−1} − x_u)‖ ≤ L. Regret claims on quadratics take K := the ball of diameter D holding z_1 and every x_t
(so L ≥ λ_max·D is the Lipschitz constant on K) and evaluate the unprojected process (the noise may leave K).

**Unlearning quantity** (Definition 2, eq. (4), line 89): max over i = 1..k of the exact D_α between Algorithm 1's
output law at τ[i] and the reference process's (f_{u[1:i]} replaced by ⊥, same deletion times and noise). The
outputs over [τ[i], τ[i+1]) are the output at τ[i] followed by the same deterministic maps in both processes,
so this is exactly the divergence of the output sequences. The definition's direction D_α(OLU ‖ reference) is
checked; :func:`divergences` also gives the reverse direction (the notebook shows both). Definition 2 prints i = 1..k−1; the proof
of Theorem 1 (eq. (8)) covers every i ≤ k, which is what is checked (τ[k+1] := T + 1).

**Noise.** Algorithm 1, line 5 prints σ_i = √(ω^{iω}/(2(ω−1)ε))·γ^{τ[i]−u[i]}Δ_{u[i]} — garbled; step (b) of
eq. (8) (line 417) fixes σ_i² = i^ω ω(γ^{τ[i]−u[i]}Δ_{u[i]})²/(2(ω−1)ε), which is used (``SIGMA2_ALG1``). For OGD
Δ_t = η_t L (Condition C3 with L-Lipschitz losses). Theorem 2's proof (line 597) carries an extra α in σ_i²;
the algorithm's σ_i is used, as the theorem is about Algorithm 1.

**Regret quantity**: the exact expected regret of eq. (5) for quadratics, E f_t(w) = f_t(m) + ½Σ_k λ_k var_k, with
exact comparators z*_i. The proofs use K only through ‖∇f_t(z_t)‖ ≤ L and ‖z_t − z*‖ ≤ D inside expectations;
the regret claims require exactly that along the unprojected process (:func:`mean_square_hypothesis`), so a
violation is a failure of the proof's chain, not of the idealisation. Bounds with sums over deletions carry
them as exact rational instance entries S₁, S₂, checked against their definitions.

**Claims** (ids ``olu.*``): ``prop1`` (+ ``:control-no-group``); ``thm1`` (+ ``thm1:control-sigma-halved``),
``cor1:convex``, ``cor1:sc`` and ``cor1:sc+fix`` (γ = 1 − ημ); ``lemD.1`` (+fix: factor 1), ``lemD.2``
(+ ``:control-squared``); regret ``thm2`` (as printed), ``thm2:proof`` (eqs. (18)+(19); + ``thm2:control-eighth``),
``cor7``, ``thm3``, ``thm4`` (eq. (36)) and ``thm4+fix``, ``thm5``, ``table1:constant``; ``thm6`` (Algorithm 2's
unlearning guarantee, exact laws with general covariances) and ``thm6:regret``; Table 2's baselines ``table2:restart``,
``table2:retrain`` (both (α, 0)-OLU; + ``table2:control-no-restart``), ``table2:restart-regret-sc`` and
``table2:restart-regret-c``; the lemmas ``lem5``, ``lem6`` (+ ``lem5:control-quarter``), ``lem9``
(+ ``:control-no-root``), ``lem10`` (+fix); the borrowed lemmas ``lemA``, ``lemC``, ``lem3``, ``lem4`` (as printed)
and ``lem4:as-used``, ``lem7``, ``lem8``, ``lemE``, each with a negative control.

**Lemmas 3, 4 and C** (shifted Rényi divergences, Definition 5) are checked on contractive noisy iterations with
diagonal affine maps ψ_t(x) = a_t⊙x + c_t, ψ'_t(x) = a_t⊙x + c'_t and Gaussian or Dirac noise, where every law is an
exact diagonal Gaussian (:class:`algorithms.olu.Law`). A shifted divergence D_α^{(e)}(P‖Q) is evaluated only where
it is known exactly (:func:`shifted_renyi`): e = 0 (D_α itself), or equal covariances and e ≥ ‖mean(P) − mean(Q)‖
(then 0); instances needing any other value are outside the claims' hypotheses. Shift norms s_t are kept rational
so e_t = Σγ^{t−i}(s_i − a_i) is exact. Lemma 4 prints ψ'(X) on its left side (vacuous: ψ(X), ψ'(X) are within s);
eq. (9) step (c) uses ψ'(X'), encoded as ``lem4:as-used``. Lemmas 4 and C compare divergences, so their quantity
is a difference (left − right part), with bound 0 (Lemma 4; tightness is then not a ratio) or R_α(ζ, a) (Lemma C).
**Lemma 7** is checked as the ratio of its sides (step functions exactly, f = 1/√x in arb); **Lemma 8** on
quadratics and Huber losses with exact f(x) − inf f; **Lemma E** on averages of quadratics with one Hessian.

**Proposition 1** is checked on online learners whose output law depends only on how many of the deleted functions
they saw (a chain of laws P_0..P_k, Bernoulli or Gaussian): such a learner is (α, ε)-RDP exactly when consecutive
laws are ε-close at order α, and the quantity is max_i D_{α/k}(P_i ‖ P_0).

**Theorem 4** (adaptive steps η_t = D/√p(t), p(t) = Σ_{s≤t}‖∇f_s(z_s)‖²) is checked on **linear streams only**: their
gradient norms do not depend on the iterate, so the steps are deterministic and every output stays exactly Gaussian.
Quadratic streams would make p(t) random (Monte Carlo) and are left out. K is a box [lo, hi] (its minimising vertex
is an exact comparator) on which every f_t ≥ 0, as the proof's step (b) assumes; the bound is eq. (36) at ω = 3/2,
with F* = Σ_i Σ_t f_t(z*_i), S₃ = Σ_i p(τ[i])/p(u[i])² and P_T = p(T) as exact instance entries.

**Table 2**: the baselines' unlearning rows are (α, 0)-OLU (outputs are point masses, compared exactly); their
regret rows are checked through explicit bounds for discard-and-restart (one OGD run per interval: (k+1)L²(1 + log T)/(2μ)
and (3/2)(k+1)DL√T). Not encoded: the regret rows of retraining (the table's log T and √T against eq. (5)'s
per-interval comparators have no explicit form in the paper: a sub-interval of an OGD run has no log T bound), the
Online-DP rows (no algorithm given), and the computation column.

**Theorem 6's regret** (``thm6:regret``): its proof (lines 1015–1140) ends in an O(·) (eq. (56)); the bound checked
is the sum of the explicit parts it combines, as printed — (C + D + E)/2 + E[B] + (1+k)kL²/μ with eqs. (47), (49),
(50), (55) — for Algorithm 2 with η_t = 1/(μt) on streams satisfying Assumption 2 (exactly). Eq. (47) prints Σ_i σ_i
(dropping L√d) and cites eq. (59); eq. (40)'s σ_i is used. Σ_i σ_i is irrational: the instance carries a rational
Σ_σ ≥ Σ_i σ_i (rounded up by at most 2⁻⁴⁰ relative), so a violation found is a violation of the exact bound.
Algorithm 3 is implemented (``algorithms.olu.newton_laws``) but the text states no theorem for it and its σ
(eq. (59)) is garbled.
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import numpy as np
import sympy
from flint import arb, ctx
from sympy import Rational, log, sqrt

from ..algorithms import olu as A
from ..numeric.enclosure import arb_upper_float, to_arb
from ..numeric.sympy_arb import arb_eval
from ..privacy import renyi_enclosure
from .hypotheses import H, P_exact
from .instances import frac, instance_key
from .model import Adversary, Claim, Control, Hypothesis, Instance, Kind, Space
from ..formulas.symbols import Delta, alpha, epsilon

# =========================================================================== symbols (shared with proofs/olu.py)
omega = sympy.Symbol("omega", positive=True)  # ω > 1 of Algorithm 1
gamma = sympy.Symbol("gamma", positive=True)  # contraction coefficient
mu = sympy.Symbol("mu", positive=True)  # strong convexity
beta = sympy.Symbol("beta", positive=True)  # smoothness
eta = sympy.Symbol("eta", positive=True)  # a (constant) step size
L = sympy.Symbol("L", positive=True)  # Lipschitz constant
D = sympy.Symbol("D", positive=True)  # diameter of K
kappa = sympy.Symbol("kappa", positive=True)  # quadratic-growth parameter (Assumption 1)
T = sympy.Symbol("T", positive=True)  # rounds
k = sympy.Symbol("k", positive=True)  # deletions
d = sympy.Symbol("d", positive=True)  # dimension
i_ = sympy.Symbol("i", positive=True)  # deletion number
gap = sympy.Symbol("ell", nonnegative=True)  # τ[i] − u[i]
S1 = sympy.Symbol("S_1", nonnegative=True)  # Σ τ[i]²γ^{4(τ[i]−u[i])}/u[i]⁴  (G₁ = √S₁, Theorem 2)
S2 = sympy.Symbol("S_2", nonnegative=True)  # Σ τ[i]/u[i]²  (G₂ = √S₂, Theorem 3)
Mc = sympy.Symbol("M", positive=True)  # smoothness in Lemma D
mc = sympy.Symbol("m", positive=True)  # strong convexity in Lemma D
cnt = sympy.Symbol("c", positive=True)  # number of removed functions (Lemmas 5, 6)
a9, b9, c9 = sympy.symbols("a b c9", positive=True)  # Lemma 9 (c9 is its c)
a10, b10, c10 = sympy.symbols("a10 b10 c10", real=True)  # Lemma 10's points (on a line)

# =========================================================================== printed expressions
#: σ_i² of Algorithm 1 (line 120, read through eq. (8) step (b), line 417)
SIGMA2_ALG1 = i_**omega * omega * (gamma**gap * Delta) ** 2 / (2 * (omega - 1) * epsilon)
#: Corollary 1 (line 155): γ in the strongly convex case
GAMMA_SC = (beta / mu - 1) / (beta / mu + 1)
#: the contraction factor of a GD step with η ≤ 2/(β+μ) on a μ-strongly convex β-smooth loss (the fix)
GAMMA_SC_FIX = 1 - eta * mu
#: Theorem 2 (line 180), stated with “=”; checked as an upper bound
THM2 = L**2 / mu * (log(T) + 2 * k**2 + sqrt(3) * d * k ** Rational(17, 10) / epsilon * sqrt(S1))
#: Theorem 2's proof, eqs. (18) + (19) (lines 612, 621) at ω = 6/5
_W = Rational(6, 5)
THM2_PROOF = (L**2 / mu * (1 + log(T)) + d * _W * k ** (_W + Rational(1, 2)) * L**2
              / (2 * sqrt(3) * epsilon * mu * (_W - 1)) * sqrt(S1) + (1 + k) * k * L**2 / mu)
#: Theorem 3 (line 206)
THM3 = 3 * D * L * sqrt(T) + 2 * k**2 * L**2 / kappa + 3 * D * L * d * k ** Rational(17, 10) / (2 * epsilon) * sqrt(S2)
#: Theorem 5 (line 247); its step size, from the proof (line 862) at ω = 6/5
THM5 = L * (D + k ** Rational(11, 10) * sqrt(d / epsilon)) * sqrt(2 * T) + 2 * L**2 * k**2 / kappa
ETA_THM5 = sqrt(2 * D**2 / (T * (L**2 + _W * k ** (_W + 1) * L**2 * d / (2 * (_W**2 - 1) * epsilon))))
#: Table 1, row "Constant" (line 167): η = √(2D²/(TL²(1 + 1.2k^{2.2}d/(0.42ε)))) (the proof's 2(ω² − 1) is 0.88)
ETA_TABLE1 = sqrt(2 * D**2 / (T * L**2 * (1 + Rational(6, 5) * k ** Rational(11, 5) * d / (Rational(21, 50) * epsilon))))
#: Corollary 7 (line 659)
COR7 = (L**2 / mu * (1 + k + k**2 + log(T))
        + d * _W * k ** (_W + 1) * L**2 / (2 * sqrt(3) * sympy.E * log(1 / gamma) * epsilon * mu * (_W - 1)))
#: Theorem 4 (lines 218–222): the explicit bound of its proof, eq. (36) at ω = 3/2 (line 869); F* = Σ_i Σ_t f_t(z*_i),
#: S₃ = Σ_i p(τ[i])/p(u[i])² (G₃ = √(βS₃)), P_T = p(T)
Fs, S3, PT = sympy.Symbol("F_star", nonnegative=True), sympy.Symbol("S_3", nonnegative=True), sympy.Symbol("P_T", positive=True)
THM4 = 9 * D**2 * beta / 4 + 3 * D * sqrt(Fs) + 3 * d * k**2 * L**2 * D**2 / (4 * epsilon) * sqrt(beta * S3)
#: the bound eqs. (32)–(34) give before Lemma 8, with the comparator switches charged and Cauchy–Schwarz kept exact
THM4_FIX = (3 + k) * D / 2 * sqrt(PT) + 3 * d * k**2 * L**2 * D / (4 * epsilon) * sqrt(S3)
#: Algorithm 2, eq. (40) (line 880): σ_i = γ^{I₂}√(i^ω ω/(2(ω−1)ε))·L(6i + Lγ^{τ[i]−u[i]}η_{u[i]})/(τ[i]μ)
I2s = sympy.Symbol("I_2", nonnegative=True)
tau_s = sympy.Symbol("tau_i", positive=True)
eta_u = sympy.Symbol("eta_u", positive=True)
SIGMA2_ALG2 = (gamma**I2s * sqrt(i_**omega * omega / (2 * (omega - 1) * epsilon))
               * L * (6 * i_ + L * gamma**gap * eta_u) / (tau_s * mu)) ** 2
#: Theorem 6's regret, assembled from its proof's explicit parts (lines 1015–1140): (C + D + E)/2 + E[B] + drift with
#: C ≤ G₂L + kμ(2γ^{I₂}L + D²) (eq. (55)), D ≤ L²H_T/μ (eq. (49)), E ≤ 2kLD (eq. (50)), E[B] ≤ Σ_i σ_i + d_i +
#: L(T − i − τ[i])/(Tμ) with d_i = 2γ^{I₂}DL/(τ[i]μ) (eq. (47)), drift (1 + k)kL²/μ (last display)
G2s, HTs, Rtau, RT, Sig = sympy.symbols("G_2 H_T R_tau R_T Sigma_sigma", real=True)
THM6_REGRET = ((G2s * L + k * mu * (2 * gamma**I2s * L + D**2) + L**2 * HTs / mu + 2 * k * L * D) / 2
               + Sig + 2 * gamma**I2s * D * L / mu * Rtau + L * RT / (T * mu) + (1 + k) * k * L**2 / mu)
#: Lemma D (line 545): contraction of w ↦ w − η∇ℓ(w)
LEMD_1 = 1 - eta * Mc
LEMD_2 = (Mc / mc - 1) / (Mc / mc + 1)
#: Lemma 5 (line 627), Lemma 6 (line 718)
LEM5 = 2 * cnt * L / (mu * T)
LEM6 = 2 * cnt * L / kappa
#: Lemma 9 (line 803): x ≤ a + c + 2√(b + ac)
LEM9 = a9 + c9 + 2 * sqrt(b9 + a9 * c9)
#: Lemma 10 (line 1000): right-hand side ‖a − c‖² + 2‖a − c‖‖c − b‖
LEM10 = (a10 - c10) ** 2 + 2 * sympy.Abs(a10 - c10) * sympy.Abs(c10 - b10)


# =========================================================================== exact helpers
def stream_of(values: Instance) -> A.Stream:
    fam = int(frac(values["family"]))
    X = tuple(tuple(frac(x) for x in row) for row in values["X"])
    lam = tuple(frac(x) for x in values.get("lam", ())) if fam == A.QUADRATIC else ()
    return A.Stream(fam, X, lam)


def _ints(values: Instance, key: str) -> list[int]:
    out = [frac(v) for v in values[key]]
    if any(v.denominator != 1 for v in out):
        raise ValueError(f"{key} holds integers")
    return [int(v) for v in out]


def schedule_of(values: Instance) -> tuple[list[int], list[int]]:
    return _ints(values, "tau"), _ints(values, "u")


def _sq(v: Iterable[Fraction]) -> Fraction:
    return sum((x * x for x in v), Fraction(0))


def _valid_stream(values: Instance) -> bool:
    s = stream_of(values)
    tau, u = schedule_of(values)
    A.check_schedule(s, tau, u)
    return len(values["z1"]) == s.d and (s.family == A.LINEAR or all(l >= 0 for l in s.lam))


def _noise_free_states(values: Instance, etas: list[Fraction]) -> list[tuple]:
    """The noise-free OGD states w_0, … (exact), for C3 at the states the deleted steps act on."""
    s = stream_of(values)
    laws = A.run_laws(s, tuple(frac(z) for z in values["z1"]), etas, set(), {})
    return [law.mean for law in laws]


def _c3(values: Instance, etas: list[Fraction]) -> bool:
    """Condition C3 with Δ_t = η_t L (see the module docstring): linear ‖x_t‖ ≤ L for every t; quadratic
    u[j] ≤ τ[1] and ‖λ⊙(w_{u−1} − x_u)‖ ≤ L at the noise-free state."""
    s = stream_of(values)
    tau, u = schedule_of(values)
    L2 = frac(values["L"]) ** 2
    if s.family == A.LINEAR:
        return all(_sq(x) <= L2 for x in s.X)
    w = _noise_free_states(values, etas)
    return all(uj <= tau[0] for uj in u) and all(
        _sq(l * (wk - xk) for l, wk, xk in zip(s.lam, w[uj - 1], s.X[uj - 1])) <= L2 for uj in u)


def _const_etas(values: Instance) -> list[Fraction]:
    return [frac(values["eta"])] * len(values["X"])


def _lam_range(values: Instance, lo: Fraction | None, hi: Fraction | None) -> bool:
    s = stream_of(values)
    lams = list(s.lam) if s.family == A.QUADRATIC else [Fraction(0)] * s.d
    return all((lo is None or l >= lo) and (hi is None or l <= hi) for l in lams)


# =========================================================================== unlearning quantity
def noise_variances(values: Instance, gamma_expr: sympy.Expr, etas: list, scale: Any = 1) -> list[arb]:
    """σ_i² of Algorithm 1 for each deletion, with the claim's γ and Δ_{u[i]} = η_{u[i]}L (times ``scale``)."""
    tau, u = schedule_of(values)
    env = dict(values)
    out = []
    for i, (t, ui) in enumerate(zip(tau, u), start=1):
        expr = SIGMA2_ALG1.subs({i_: i, gap: t - ui}).subs(gamma, gamma_expr)
        env[Delta.name] = to_arb(etas[ui - 1]) * to_arb(values["L"])
        out.append(arb_eval(expr, env) * to_arb(scale))
    return out


def _renyi_diag(a: Any, P: A.Law, Q: A.Law) -> arb:
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
        out.append((_renyi_diag(values["alpha"], olu[t], ref[t]), _renyi_diag(values["alpha"], ref[t], olu[t])))
    return out


def unlearning_quantity(gamma_expr: sympy.Expr, scale: Any = 1) -> Callable[[Instance], arb]:
    def quantity(values: Instance) -> arb:
        out = arb(0)
        for forward, _ in divergences(values, gamma_expr, scale):
            out = out.max(forward)
        return out

    return quantity


# =========================================================================== unlearning hypotheses and adversaries
BASE = (
    H("α > 1", ">", alpha, 1), H("ε > 0", ">", epsilon, 0), H("ω > 1", ">", omega, 1), H("L > 0", ">", L, 0),
    P_exact("stream: rows of equal length, 1 ≤ u[i] ≤ τ[i], τ increasing, distinct u", _valid_stream),
)
C3 = P_exact("Condition C3 with Δ_t = η_t L (linear: ‖x_t‖ ≤ L; quadratic: u[j] ≤ τ[1], checked at the state)",
       lambda v: _c3(v, _const_etas(v)))


def _contraction(values: Instance) -> Fraction:
    """The exact Lipschitz constant of every OGD step w ↦ w − η∇f_t(w): max_k |1 − ηλ_k| (linear: 1)."""
    s = stream_of(values)
    e = frac(values["eta"])
    return max(abs(1 - e * l) for l in s.lam) if s.family == A.QUADRATIC else Fraction(1)


def stream_instance(family: int, X, lam, z1, tau, u, **scalars) -> dict[str, Any]:
    return {"family": family, "X": [list(r) for r in X], "lam": list(lam), "z1": list(z1), "tau": list(tau),
            "u": list(u), **scalars}


OMEGAS = (Fraction(101, 100), Fraction(6, 5), Fraction(2), Fraction(5))
SCHEDULES = {
    # name: (T, tau, u)
    "earliest point deleted last": (12, [12], [1]),
    "one deletion, no gap": (6, [3], [3]),
    "bunched, right after each other": (10, [4, 5, 6], [1, 2, 3]),
    "spread": (16, [4, 10, 16], [1, 2, 3]),
    "later points first": (10, [5, 6], [4, 1]),
}


def _linear_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Aligned linear losses with ‖x_t‖ = L (every skipped step shifts by exactly Δ = ηL, in one direction)."""
    out = []
    for (name, (T_, tau, u)) in SCHEDULES.items():
        for om in OMEGAS:
            for e in (Fraction(1, 2), Fraction(2)):
                X = [[Fraction(1)]] * T_
                out.append(stream_instance(A.LINEAR, X, [], [0], tau, u, alpha=Fraction(3), epsilon=Fraction(1, 2),
                                            omega=om, L=Fraction(1), eta=e, gamma=Fraction(1), beta=Fraction(1),
                                            mu=Fraction(1, 2)))
    rng.shuffle(out)
    return out[:size]


def _quadratic_family(beta_over_mu: Iterable[Fraction], eta_rule: Callable[[Fraction, Fraction], Fraction]):
    """1-D and 2-D quadratics with λ = (μ, β): the weakly curved coordinate contracts least; all deleted indices
    before the first noise; C3 attained at the deleted states (L = their gradient norm)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for r in beta_over_mu:
            mu_, beta_ = Fraction(1), Fraction(r)
            e = eta_rule(mu_, beta_)
            for (T_, tau, u) in ((10, [8], [1]), (12, [3, 4, 12], [1, 2, 3]), (9, [2, 9], [1, 2]), (6, [1], [1])):
                for lam in ([mu_], [mu_, beta_]):
                    dim = len(lam)
                    X = [[Fraction(1)] * dim if t % 2 == 0 else [Fraction(-1)] * dim for t in range(T_)]
                    inst = stream_instance(A.QUADRATIC, X, lam, [Fraction(3)] * dim, tau, u, alpha=Fraction(2),
                                            epsilon=Fraction(1), omega=Fraction(3), L=Fraction(1), eta=e,
                                            gamma=Fraction(1), beta=beta_, mu=mu_)
                    w = _noise_free_states(inst, [e] * T_)
                    inst["L"] = max(_sqrt_up(_sq(l * (wk - xk) for l, wk, xk in zip(lam, w[uj - 1], X[uj - 1])))
                                    for uj in u)
                    inst["gamma"] = max(abs(1 - e * l) for l in lam) or Fraction(1, 2)
                    out.append(inst)
        rng.shuffle(out)
        return out[:size]

    return generate


def _sqrt_up(q: Fraction) -> Fraction:
    """A rational ≥ √q, within 2^-60 relative (so C3 holds and is nearly attained)."""
    if q == 0:
        return Fraction(1, 10**9)
    r = Fraction(int(float(q) ** 0.5 * 2**60), 2**60)
    while r * r < q:
        r += Fraction(1, 2**60)
    return r


def _search_space(eta_rule: Callable[[Fraction, Fraction], Fraction], fixed_gamma: bool) -> Space:
    def build(p: dict[str, float]) -> dict:
        mu_, beta_ = Fraction(1), Fraction(p["ratio"]).limit_denominator(10**6)
        e = eta_rule(mu_, beta_)
        gap_ = int(p["gap"])
        T_ = gap_ + 2
        X = [[Fraction(1) if t % 2 == 0 else Fraction(-1)] for t in range(T_)]
        inst = stream_instance(A.QUADRATIC, X, [mu_], [Fraction(3)], [1 + gap_], [1],
                                alpha=Fraction(p["alpha"]).limit_denominator(1000), epsilon=Fraction(1),
                                omega=Fraction(p["omega"]).limit_denominator(1000), L=Fraction(2) * mu_ * e,
                                eta=e, beta=beta_, mu=mu_)
        inst["L"] = _sqrt_up(_sq([mu_ * (Fraction(3) - 1)]))
        inst["gamma"] = abs(1 - e * mu_) if fixed_gamma else Fraction(1)
        return inst

    return Space(bounds={"ratio": (1.01, 20.0), "gap": (0.0, 12.0), "alpha": (1.1, 20.0), "omega": (1.05, 6.0)},
                 log=frozenset({"ratio"}), build=build)


def _sc_eta(mu_: Fraction, beta_: Fraction) -> Fraction:
    return 1 / (beta_ + mu_)


def _convex_eta(mu_: Fraction, beta_: Fraction) -> Fraction:
    return 2 / beta_


RATIOS = (Fraction(11, 10), Fraction(2), Fraction(10))
UNLEARN_ADVERSARIES_SC = (
    Adversary("quadratics λ ∈ {μ, β}, η = 1/(β+μ), deletion schedules", generate=_quadratic_family(RATIOS, _sc_eta)),
    Adversary("search: β/μ, gap τ − u, α, ω", space=_search_space(_sc_eta, fixed_gamma=False)),
)
UNLEARN_ADVERSARIES_CONVEX = (
    Adversary("aligned linear losses, deletion schedules, ω grid", generate=_linear_family),
    Adversary("quadratics λ ∈ {μ, β}, η = 2/β", generate=_quadratic_family(RATIOS, _convex_eta)),
)


def _unlearning_claim(cid: str, source: str, statement: str, gamma_expr: sympy.Expr, hyps: tuple,
                      adversaries: tuple, scale: Any = 1, **kw: Any) -> Claim:
    return Claim(id=cid, source=source, kind=Kind.UNLEARNING, statement=statement, hypotheses=BASE + hyps,
                 bound=alpha * epsilon, quantity=unlearning_quantity(gamma_expr, scale), adversaries=adversaries,
                 derivation=kw.pop("derivation", cid), **kw)


SC_HYPS = (
    H("μ > 0", ">", mu, 0),
    P_exact("family quadratic with μ ≤ λ_k ≤ β (μ-strongly convex, β-smooth)",
      lambda v: int(frac(v["family"])) == A.QUADRATIC and _lam_range(v, frac(v["mu"]), frac(v["beta"]))),
    C3,
)

# =========================================================================== contraction (Lemma D) and regret
def _lemd_instances(strongly: bool):
    """Quadratics with eigenvalues at the ends (and the middle) of [0 or m, M]; η over (0, 2/M] or η = 2/(M+m)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for M_ in (Fraction(1), Fraction(4), Fraction(100)):
            for m_ in (M_ / 1000, M_ / 10, M_ / 2, M_):
                lo = m_ if strongly else Fraction(0)
                for lam in ([lo, M_], [lo], [M_], [(lo + M_) / 2, lo]):
                    for e in ((2 / (M_ + m_),) if strongly else (1 / (2 * M_), 1 / M_, 2 / M_, 2 / (M_ + m_))):
                        out.append({"lam": lam, "eta": e, "M": M_, "m": m_})
        rng.shuffle(out)
        return out[:size]

    return generate


def _gd_contraction(values: Instance) -> arb:
    """Exact Lipschitz constant of w ↦ w − η∇ℓ(w), ℓ quadratic with Hessian diag(lam): max_k |1 − ηλ_k|."""
    e = frac(values["eta"])
    return to_arb(max(abs(1 - e * frac(l)) for l in values["lam"]))


def _lemd_hyps(convex: bool) -> tuple:
    lo = (lambda v: Fraction(0)) if convex else (lambda v: frac(v["m"]))
    return (P_exact("Hessian eigenvalues in [" + ("0" if convex else "m") + ", M]",
              lambda v: all(lo(v) <= frac(l) <= frac(v["M"]) for l in v["lam"]) and frac(v["m"]) <= frac(v["M"])),)


# ---- regret
def _data_in_ball(values: Instance) -> bool:
    """K := the ball of diameter D centred at 0 holds z_1 and every x_t; L ≥ λ_max·D (Lipschitz on K)."""
    s = stream_of(values)
    r2 = frac(values["D"]) ** 2 / 4
    pts = [tuple(frac(z) for z in values["z1"]), *s.X]
    return (s.family == A.QUADRATIC and all(_sq(p) <= r2 for p in pts)
            and frac(values["L"]) >= max(s.lam) * frac(values["D"]))


def _s_value(values: Instance, which: str) -> Fraction:
    tau, u = schedule_of(values)
    if which == "S1":
        g = (frac(values["beta"]) / frac(values["mu"]) - 1) / (frac(values["beta"]) / frac(values["mu"]) + 1)
        return sum((Fraction(t) ** 2 * g ** (4 * (t - ui)) / Fraction(ui) ** 4 for t, ui in zip(tau, u)), Fraction(0))
    return sum((Fraction(t, ui**2) for t, ui in zip(tau, u)), Fraction(0))


def _counts(values: Instance) -> bool:
    tau, _ = schedule_of(values)
    return (frac(values["k"]) == len(tau) and frac(values["T"]) == len(values["X"])
            and frac(values["d"]) == len(values["X"][0]) and len(tau) <= len(values["X"]))


def _qg(values: Instance) -> bool:
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


def mean_square_hypothesis(kind: str, gamma_expr: sympy.Expr, diameter: bool) -> Hypothesis:
    """The proofs' uses of K, in mean square along the unprojected process: E‖∇f_t(w_{t−1})‖² ≤ L² for every t
    (and, with ``diameter``, E‖w_{t−1} − z*_i‖² ≤ D² for every t and i) — decided on enclosures."""

    def ok(values: Instance) -> bool:
        ar, laws, zs, _ = _regret_laws(values, kind, gamma_expr)
        L2, D2 = to_arb(values["L"]) ** 2, to_arb(values["D"]) ** 2
        for t in range(1, ar.T + 1):
            law, x = laws[t - 1], ar.X[t - 1]
            g2 = sum((l * l * ((m - xk) ** 2 + v) for l, m, xk, v in zip(ar.lam, law.mean, x, law.var)), arb(0))
            if not g2 <= L2:
                return False
            if diameter and not all(sum(((m - zk) ** 2 + v for m, zk, v in zip(law.mean, z, law.var)), arb(0)) <= D2
                                    for z in zs):
                return False
        return True

    return P_exact("E‖∇f_t(w_{t−1})‖² ≤ L²" + (" and E‖w_{t−1} − z*_i‖² ≤ D²" if diameter else "")
             + " along the unprojected process (the proof's uses of K)", ok)


def regret_instance(X, lam, z1, tau, u, *, mu_, beta_, eps, D_=None, kappa_=None, omega_=Fraction(6, 5)) -> dict:
    lam = [Fraction(l) for l in lam]
    D_ = D_ if D_ is not None else 2 * max(_sqrt_up(_sq(p)) for p in [z1, *X])
    inst = stream_instance(A.QUADRATIC, X, lam, z1, tau, u, mu=mu_, beta=beta_, epsilon=eps, omega=omega_,
                            D=D_, L=max(lam) * D_, kappa=kappa_ if kappa_ is not None else min(lam), T=len(X),
                            k=len(tau), d=len(X[0]), alpha=Fraction(2))
    inst["S_1"] = _s_value(inst, "S1")
    inst["S_2"] = _s_value(inst, "S2")
    return inst


def _regret_family(u_floor: Callable[[Fraction, Fraction], int]):
    """Alternating targets ±R (the gradient never vanishes), strongly and weakly curved coordinates, deletion
    schedules from 'earliest allowed point deleted last' to 'each point deleted at once'; ε from 1/100 to 10."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for r in (Fraction(1), Fraction(2), Fraction(10)):
            mu_, beta_ = Fraction(1), r
            lo = u_floor(mu_, beta_)
            for T_ in (16, 40):
                for sched in ("late", "immediate", "bunched"):
                    if sched == "late":
                        tau, u = [T_], [lo]
                    elif sched == "immediate":
                        tau, u = [lo, lo + 1], [lo, lo + 1]
                    else:
                        tau, u = [T_ - 2, T_ - 1, T_], [lo, lo + 1, lo + 2]
                    if max(tau) > T_:
                        continue
                    for lam in ([mu_], [mu_, beta_]):
                        dim = len(lam)
                        X = [[Fraction((-1) ** t)] * dim for t in range(T_)]
                        for eps in (Fraction(1, 100), Fraction(1), Fraction(10)):
                            out.append(regret_instance(X, lam, [Fraction(0)] * dim, tau, u, mu_=mu_, beta_=beta_,
                                                       eps=eps, D_=Fraction(2) * (1 if dim == 1 else 2)))
        rng.shuffle(out)
        return out[:size]

    return generate


def _regret_space(u_floor) -> Space:
    def build(p: dict[str, float]) -> dict:
        mu_, beta_ = Fraction(1), Fraction(p["ratio"]).limit_denominator(1000)
        lo = u_floor(mu_, beta_)
        T_ = max(int(p["T"]), lo + 1)
        X = [[Fraction((-1) ** t)] for t in range(T_)]
        tau = [min(T_, lo + int(p["gap"]))]
        return regret_instance(X, [mu_], [Fraction(0)], tau, [lo], mu_=mu_, beta_=beta_,
                               eps=Fraction(p["eps"]).limit_denominator(10**6), D_=Fraction(2))

    return Space(bounds={"ratio": (1.0, 10.0), "T": (4.0, 40.0), "gap": (0.0, 30.0), "eps": (0.001, 10.0)},
                 log=frozenset({"eps"}), build=build)


def _thm2_floor(mu_: Fraction, beta_: Fraction) -> int:
    return int(-(-(Fraction(1, 2) + beta_ / mu_) // 1))


def _thm3_floor(mu_: Fraction, beta_: Fraction) -> int:
    """u[i] ≥ β²D²/(4L²) holds from ⌈β²/(4μ²)⌉ on, since these instances have L = λ_max·D ≥ μD."""
    return max(1, int(-(-(beta_**2 / (4 * mu_**2)) // 1)))


REGRET_BASE = (
    H("ε > 0", ">", epsilon, 0), P_exact("ω = 6/5 (the theorems' choice)", lambda v: frac(v["omega"]) == Fraction(6, 5)),
    P_exact("stream valid; T, k, d are the stream's", lambda v: _valid_stream(v) and _counts(v)),
    P_exact("quadratic, z_1 and x_t in the ball K of diameter D, L ≥ λ_max D (L-Lipschitz on K)", _data_in_ball),
)
S1_OK = P_exact("S_1 = Σ τ[i]²γ^{4(τ[i]−u[i])}/u[i]⁴ (exact)", lambda v: frac(v["S_1"]) == _s_value(v, "S1"))
S2_OK = P_exact("S_2 = Σ τ[i]/u[i]² (exact)", lambda v: frac(v["S_2"]) == _s_value(v, "S2"))
THM2_HYPS = REGRET_BASE + (
    H("μ > 0", ">", mu, 0),
    P_exact("μ ≤ λ_k ≤ β", lambda v: _lam_range(v, frac(v["mu"]), frac(v["beta"]))),
    P_exact("u[i] ≥ 1/2 + β/μ", lambda v: all(ui >= Fraction(1, 2) + frac(v["beta"]) / frac(v["mu"]) for ui in schedule_of(v)[1])),
    H("T ≥ k", ">=", T, k), S1_OK,
)
CONVEX_REGRET_HYPS = REGRET_BASE + (
    P_exact("0 ≤ λ_k ≤ β (convex, β-smooth)", lambda v: _lam_range(v, Fraction(0), frac(v["beta"]))),
    P_exact("Σ_{t≤τ[i]} f_t has quadratic growth κ(τ[i] − τ[i−1])", _qg),
    H("T ≥ k", ">=", T, k), S2_OK,
)
THM3_HYPS = CONVEX_REGRET_HYPS + (
    P_exact("u[i] ≥ β²D²/(4L²)", lambda v: all(ui * 4 * frac(v["L"]) ** 2 >= (frac(v["beta"]) * frac(v["D"])) ** 2
                                         for ui in schedule_of(v)[1])),
)

# ---- Lemmas 5 and 6 (ERM stability), 9, 10
def _stability_instances(rng: np.random.Generator, size: int) -> list[dict]:
    out = []
    for T_ in (4, 10, 30):
        for c_ in (1, 2, 3):
            if c_ >= T_:
                continue
            for lam in ([Fraction(1)], [Fraction(1), Fraction(3)]):
                dim = len(lam)
                X = [[Fraction(-1)] * dim] * c_ + [[Fraction(1)] * dim] * (T_ - c_)  # removed points opposite the rest
                Dx = 2 * _sqrt_up(Fraction(dim))
                out.append({"X": [list(r) for r in X], "lam": lam, "removed": list(range(1, c_ + 1)), "c": c_,
                            "T": T_, "mu": min(lam), "kappa": T_ * min(lam), "L": max(lam) * Dx})
    rng.shuffle(out)
    return out[:size]


def _stability_quantity(values: Instance) -> arb:
    s = A.Stream(A.QUADRATIC, tuple(tuple(frac(x) for x in r) for r in values["X"]), tuple(frac(l) for l in values["lam"]))
    removed = set(_ints(values, "removed"))
    full = s.minimiser(list(range(1, s.T + 1)))
    part = s.minimiser([t for t in range(1, s.T + 1) if t not in removed])
    return to_arb(_sq(a - b for a, b in zip(full, part))).sqrt()


def _stability_hyps(values: Instance) -> bool:
    s = A.Stream(A.QUADRATIC, tuple(tuple(frac(x) for x in r) for r in values["X"]), tuple(frac(l) for l in values["lam"]))
    removed = set(_ints(values, "removed"))
    lmax = max(s.lam)
    diam2 = max(_sq(a - b for a, b in zip(x, y)) for x in s.X for y in s.X)
    return (len(removed) == frac(values["c"]) and len(removed) < s.T == frac(values["T"]) and removed <= set(range(1, s.T + 1))
            and frac(values["L"]) ** 2 >= lmax**2 * diam2 and min(s.lam) > 0)


def _lem9_instances(rng: np.random.Generator, size: int) -> list[dict]:
    vals = (Fraction(1, 100), Fraction(1), Fraction(7), Fraction(1000))
    out = [{"a": a_, "b": b_, "c9": c_} for a_ in vals for b_ in (Fraction(0), *vals) for c_ in vals]
    rng.shuffle(out)
    return out[:size]


def _lem9_quantity(values: Instance) -> arb:
    """The largest x ≥ 0 with x − √(ax + b) ≤ c: the root (2c + a)/2 + √(b + ac + a²/4)."""
    a_, b_, c_ = (to_arb(values[n]) for n in ("a", "b", "c9"))
    return (2 * c_ + a_) / 2 + (b_ + a_ * c_ + a_ * a_ / 4).sqrt()


def _lem10_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Points of a line (Lemma 10's worst case: a − c and c − b aligned, where Cauchy–Schwarz is tight)."""
    pts = (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(1), Fraction(3))
    out = [{"a10": a_, "b10": b_, "c10": c_} for a_ in pts for b_ in pts for c_ in pts]
    rng.shuffle(out)
    return out[:size]


def _lem10_quantity(square: bool) -> Callable[[Instance], arb]:
    """‖a − b‖² − ‖c − b‖² (or, as printed, ‖a − b‖ − ‖c − b‖²), exactly."""

    def quantity(values: Instance) -> arb:
        a_, b_, c_ = (frac(values[n]) for n in ("a10", "b10", "c10"))
        return to_arb((a_ - b_) ** 2 if square else abs(a_ - b_)) - to_arb((c_ - b_) ** 2)

    return quantity


def _lem10_claim(cid: str, square: bool, **kw: Any) -> Claim:
    return Claim(id=cid, kind=Kind.INEQUALITY, hypotheses=(), bound=LEM10, quantity=_lem10_quantity(square),
                 adversaries=(Adversary("points of a line", generate=_lem10_instances),
                              Adversary("search over a, b, c ∈ [−3, 3]",
                                        space=Space(bounds={"a10": (-3.0, 3.0), "b10": (-3.0, 3.0), "c10": (-3.0, 3.0)}))),
                 derivation=cid, **kw)


# ---- Theorem 6 (Algorithm 2)
def alg2_noise(values: Instance, etas: list) -> list[arb]:
    """σ_i² of eq. (40) for each deletion, with η_{u[i]} from ``etas``."""
    tau, u = schedule_of(values)
    env = {**values, "gamma": arb_eval(GAMMA_SC, values)}
    return [arb_eval(SIGMA2_ALG2.subs({i_: i, gap: t - ui, I2s: int(frac(values["I_2"]))}),
                     {**env, "tau_i": t, "eta_u": etas[ui - 1]}) for i, (t, ui) in enumerate(zip(tau, u), start=1)]


def alg2_laws(values: Instance, reference: int, scale: Any = 1, kind: str = "const") -> list[A.Law]:
    """Laws of Algorithm 2 (or its reference process i) with the OGD steps ``kind`` (``arb_etas``)."""
    s = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    etas = arb_etas(values, kind)
    var = [v * to_arb(scale) for v in alg2_noise(values, etas)]
    h = 1 / (to_arb(values["beta"]) + to_arb(values["mu"]))
    return A.active_laws(s, tuple(to_arb(z) for z in values["z1"]), etas, tau, u, var, h,
                         _ints(values, "I_1"), int(frac(values["I_2"])), reference=reference)


def alg2_divergences(values: Instance, scale: Any = 1) -> list[tuple[arb, arb]]:
    """(D_α(Algorithm 2 ‖ its reference_i), reverse) at τ[i], exactly (general diagonal covariances)."""
    tau, _ = schedule_of(values)
    olu = alg2_laws(values, 0, scale)
    out = []
    for i, t in enumerate(tau, start=1):
        ref = alg2_laws(values, i, scale)
        out.append((_renyi_diag(values["alpha"], olu[t], ref[t]), _renyi_diag(values["alpha"], ref[t], olu[t])))
    return out


def _alg2_quantity(scale: Any = 1) -> Callable[[Instance], arb]:
    def quantity(values: Instance) -> arb:
        out = arb(0)
        for forward, _ in alg2_divergences(values, scale):
            out = out.max(forward)
        return out

    return quantity


def _thm6_steps(values: Instance) -> bool:
    """I_{1,i} ≥ log_{1/γ}(μDτ[i]/L) and I₂ ≥ 2.2 log_{1/γ} k, decided exactly (γ is rational)."""
    tau, _ = schedule_of(values)
    g = (frac(values["beta"]) / frac(values["mu"]) - 1) / (frac(values["beta"]) / frac(values["mu"]) + 1)
    I1, I2 = _ints(values, "I_1"), int(frac(values["I_2"]))
    mu_, D_, L_ = frac(values["mu"]), frac(values["D"]), frac(values["L"])
    return (0 < g < 1 and len(I1) == len(tau) and I2 >= 0
            and all(g ** n * mu_ * D_ * t <= L_ for n, t in zip(I1, tau))
            and g ** (5 * I2) * Fraction(len(tau)) ** 11 <= 1)


def _thm6_order(values: Instance) -> bool:
    tau, u = schedule_of(values)
    return all(p <= ui <= t for p, ui, t in zip([0, *tau], u, tau))


THM6_HYPS = (
    H("α > 1", ">", alpha, 1), H("ε > 0", ">", epsilon, 0), H("ω > 1", ">", omega, 1), H("μ > 0", ">", mu, 0),
    P_exact("stream valid", _valid_stream), P_exact("τ[i−1] ≤ u[i] ≤ τ[i]", _thm6_order),
    P_exact("quadratic, μ ≤ λ_k ≤ β", lambda v: int(frac(v["family"])) == A.QUADRATIC and _lam_range(v, frac(v["mu"]), frac(v["beta"]))),
    P_exact("z_1 and x_t in the ball K of diameter D, L ≥ λ_max D (L-Lipschitz on K)",
      lambda v: _data_in_ball({**v, "family": 1})),
    P_exact("0 < ηβ ≤ 1 (OGD steps are convex combinations: the mean paths stay in K)",
      lambda v: 0 < frac(v["eta"]) * frac(v["beta"]) <= 1),
    P_exact("I_{1,i} ≥ log_{1/γ}(μDτ[i]/L), I₂ ≥ 2.2 log_{1/γ} k (exact)", _thm6_steps),
)


def _thm6_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Curvatures {μ, β}, deleted points right after the previous deletion or at once, the fewest steps allowed."""
    out = []
    for r in (Fraction(2), Fraction(10)):
        mu_, beta_ = Fraction(1), r
        g = (r - 1) / (r + 1)
        for (T_, tau, u) in ((8, [4, 8], [1, 5]), (10, [2, 3, 10], [1, 3, 4]), (6, [6], [6]), (12, [12], [1])):
            for lam in ([mu_], [mu_, beta_]):
                dim = len(lam)
                X = [[Fraction((-1) ** t)] * dim for t in range(T_)]
                D_ = Fraction(2) if dim == 1 else Fraction(4)
                L_ = max(lam) * D_
                I1 = []
                for t in tau:
                    n = 0
                    while g**n * mu_ * D_ * t > L_:
                        n += 1
                    I1.append(n)
                I2 = 0
                while g ** (5 * I2) * Fraction(len(tau)) ** 11 > 1:
                    I2 += 1
                for om in (Fraction(6, 5), Fraction(3)):
                    out.append(stream_instance(A.QUADRATIC, X, lam, [Fraction(0)] * dim, tau, u, alpha=Fraction(2),
                                                epsilon=Fraction(1), omega=om, L=L_, D=D_, eta=1 / beta_, mu=mu_,
                                                beta=beta_, I_1=I1, I_2=I2))
    rng.shuffle(out)
    return out[:size]


# ---- Proposition 1 (group privacy of an RDP online learner)
def _chain_law(values: Instance, c: int) -> tuple:
    """The output law of the chain mechanism after c of the deleted functions were seen: Bernoulli(p_c)
    (``family`` 0) or N(m_c, s²) (``family`` 1)."""
    return tuple(frac(x) for x in values["chain"])[c], frac(values.get("s2", 1))


def _chain_renyi(values: Instance, a: Any, c0: int, c1: int) -> arb:
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
        out = out.max(_chain_renyi(values, values["alpha"], c, c + 1)).max(_chain_renyi(values, values["alpha"], c + 1, c))
    return out


def _prop1_quantity(values: Instance) -> arb:
    """max over i = 1..k of D_{α/k}(A(S_i) ‖ A(S'_i)) = D_{α/k}(P_i ‖ P_0): S_i holds the i deleted functions."""
    kk = int(frac(values["k"]))
    a = frac(values["alpha"]) / kk
    out = arb(0)
    for i in range(1, kk + 1):
        out = out.max(_chain_renyi(values, a, i, 0))
    return out


def _chain_ok(values: Instance) -> bool:
    kk, ch = frac(values["k"]), [frac(x) for x in values["chain"]]
    fam = int(frac(values["family"]))
    return (kk.denominator == 1 and kk >= 1 and len(ch) == kk + 1
            and (all(0 < p < 1 for p in ch) if fam == 0 else fam == 1 and frac(values["s2"]) > 0))


def chain_instance(family: int, chain, alpha_, s2=Fraction(1)) -> dict:
    """A chain instance with ε := a rational just above its exact RDP at order α."""
    inst = {"family": family, "chain": [Fraction(x) for x in chain], "k": len(chain) - 1, "alpha": Fraction(alpha_),
            "s2": Fraction(s2)}
    inst["epsilon"] = Fraction(arb_upper_float(chain_rdp(inst))) * (1 + Fraction(1, 2**40))
    return inst


def _prop1_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Gaussian chains with equal steps (the shifts add up: D_{α/k} = kε) and Bernoulli chains with equal
    log-odds steps (randomized response iterated), k = 1..6, α = 2k (the edge of the hypothesis) up to 8k."""
    out = []
    for kk in range(1, 7):
        for r in (2, 3, 8):
            out.append(chain_instance(1, [j for j in range(kk + 1)], r * kk))
            for theta in (Fraction(1, 10), Fraction(1), Fraction(3)):
                odds = [Fraction(int(np.exp(float(theta) * j) * 2**20), 2**20) for j in range(kk + 1)]
                out.append(chain_instance(0, [o / (1 + o) for o in odds], r * kk))
    rng.shuffle(out)
    return out[:size]


def _prop1_space() -> Space:
    """Bernoulli chains: k, α/k ∈ [2, 12] and the k + 1 log-odds ℓ_0..ℓ_k ∈ [−8, 8]."""

    def build(p: dict[str, float]) -> dict:
        kk = max(1, min(6, int(p["k"])))
        logits = [p[f"l{j}"] for j in range(kk + 1)]
        chain = [Fraction(1 / (1 + np.exp(-x))).limit_denominator(2**30) for x in logits]
        return chain_instance(0, chain, Fraction(p["ratio"]).limit_denominator(100) * kk)

    return Space(bounds={"k": (1.0, 6.99), "ratio": (2.0, 12.0), **{f"l{j}": (-8.0, 8.0) for j in range(7)}}, build=build)


PROP1_HYPS = (
    H("α ≥ 2k", ">=", alpha, 2 * k), H("ε > 0", ">", epsilon, 0),
    P_exact("a chain mechanism: k + 1 laws P_0..P_k (Bernoulli p ∈ (0, 1), or Gaussians of one variance)", _chain_ok),
    P_exact("the online learner is (α, ε)-RDP: D_α between the laws of neighbouring counts, both directions, ≤ ε "
            "(decided on enclosures)", lambda v: chain_rdp(v) <= to_arb(v["epsilon"])),
)


# ---- Theorem 4 (adaptive steps from public gradient norms), on linear streams
def grad_norms2(values: Instance) -> list[Fraction]:
    """p(t) = Σ_{s≤t}‖∇f_s(z_s)‖², t = 1..T: for linear losses ‖x_s‖², whatever the iterate (so the adaptive steps
    are deterministic and every output stays exactly Gaussian)."""
    out, acc = [], Fraction(0)
    for row in stream_of(values).X:
        acc += _sq(row)
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


def _thm4_entries(values: Instance) -> dict[str, Fraction]:
    """The exact instance entries of Theorem 4's bound: F* = Σ_i Σ_{τ[i]<t≤τ[i+1]} f_t(z*_i), S₃ = Σ_i p(τ[i])/p(u[i])²
    (G₃ = √(βS₃)), P_T = p(T)."""
    s = stream_of(values)
    tau, u = schedule_of(values)
    p, zs = grad_norms2(values), box_comparators(values)
    return {"F_star": sum((s.value(t, zs[A.interval_of(t, tau)]) for t in range(1, s.T + 1)), Fraction(0)),
            "S_3": sum((p[t - 1] / p[ui - 1] ** 2 for t, ui in zip(tau, u)), Fraction(0)), "P_T": p[-1]}


def _thm4_laws(values: Instance):
    return _thm4_laws_cached(instance_key(values, sorted(values)), ctx.prec)


@functools.lru_cache(maxsize=128)
def _thm4_laws_cached(key: tuple, prec: int):
    values = dict(key)
    s = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    etas = arb_etas(values, "adaptive")
    var = noise_variances(values, sympy.S.One, etas)
    return s, A.passive_laws(s, tuple(to_arb(z) for z in values["z1"]), etas, tau, u, var), tau


def _thm4_quantity(values: Instance) -> arb:
    """The exact expected regret of eq. (5): E f_t(w_{t−1}) = f_t(E w_{t−1}) for linear losses."""
    s, laws, tau = _thm4_laws(values)
    zs = box_comparators(values)
    total = arb(0)
    for t in range(1, s.T + 1):
        total += s.value(t, laws[t - 1].mean) - to_arb(stream_of(values).value(t, zs[A.interval_of(t, tau)]))
    return total


def _thm4_mean_square(values: Instance) -> bool:
    s, laws, _ = _thm4_laws(values)
    D2, zs = to_arb(values["D"]) ** 2, box_comparators(values)
    return all(sum(((m - to_arb(zk)) ** 2 + v for m, zk, v in zip(law.mean, z, law.var)), arb(0)) <= D2
               for law in laws[:-1] for z in zs)


def _box_ok(values: Instance) -> bool:
    """K = [lo, hi] with diam(K) ≤ D, z_1 ∈ K, and f_t ≥ 0 on K (at every vertex: the proof's step (b))."""
    s = stream_of(values)
    lo, hi = [frac(x) for x in values["lo"]], [frac(x) for x in values["hi"]]
    z1 = [frac(x) for x in values["z1"]]
    return (len(lo) == len(hi) == s.d and all(a_ <= b_ for a_, b_ in zip(lo, hi))
            and _sq(b_ - a_ for a_, b_ in zip(lo, hi)) <= frac(values["D"]) ** 2
            and all(a_ <= z <= b_ for a_, z, b_ in zip(lo, z1, hi))
            and all(sum((min(x * a_, x * b_) for x, a_, b_ in zip(row, lo, hi)), Fraction(0)) >= 0 for row in s.X))


def _thm4_orthant(rng: np.random.Generator, size: int) -> list[dict]:
    """Gradients x_t ∈ {e₁, e₂} (alternating) on K = [0, 1]²: every f_t ≥ 0 on K and 0 at the common minimiser 0, so
    F* = 0 — the losses have no minimum over R^d (inf f_t = −∞, where Lemma 8's bound is vacuous). z_1 inside K,
    D = 3/2 ≥ diam K, one deletion, β from 0 to 1/10, T from 2 up."""
    out = []
    e1, e2 = [Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)]
    for T_ in (2, 3, 4, 6):
        X = [e1 if t % 2 == 0 else e2 for t in range(T_)]
        for z1 in ([Fraction(1, 2), Fraction(1, 2)], [Fraction(1), Fraction(1)], [Fraction(1, 4), Fraction(3, 4)]):
            for beta_ in (Fraction(0), Fraction(1, 1000), Fraction(1, 10)):
                for tau, u in (([T_], [1]), ([2], [2])):
                    out.append(thm4_instance(X, [0, 0], [1, 1], z1, tau, u, beta_=beta_, eps=Fraction(100),
                                             D_=Fraction(3, 2)))
    rng.shuffle(out)
    return out[:size]


THM4_HYPS = (
    H("ε > 0", ">", epsilon, 0), H("β ≥ 0", ">=", beta, 0),
    P_exact("ω = 3/2 (the proof's choice, line 869)", lambda v: frac(v["omega"]) == Fraction(3, 2)),
    P_exact("linear losses (convex, β-smooth for every β ≥ 0); stream valid; T, k, d are the stream's",
            lambda v: int(frac(v["family"])) == A.LINEAR and _valid_stream(v) and _counts(v)),
    P_exact("‖x_t‖ ≤ L (L-Lipschitz) and p(1) > 0", lambda v: all(_sq(r) <= frac(v["L"]) ** 2 for r in v["X"])
            and grad_norms2(v)[0] > 0),
    P_exact("K = [lo, hi] ∋ z_1 of diameter ≤ D, f_t ≥ 0 on K", _box_ok),
    P_exact("p(u₀) ≥ β²/4 with u₀ = min u[i]", lambda v: grad_norms2(v)[min(schedule_of(v)[1]) - 1] >= frac(v["beta"]) ** 2 / 4),
    P_exact("F*, S₃, P_T are the instance's (exact)",
            lambda v: all(frac(v[n]) == x for n, x in _thm4_entries(v).items())),
    P_exact("E‖w_{t−1} − z*_i‖² ≤ D² along the unprojected process (the proof's use of K)", _thm4_mean_square),
)


def thm4_instance(X, lo, hi, z1, tau, u, *, beta_, eps, D_) -> dict:
    inst = stream_instance(A.LINEAR, X, [], z1, tau, u, lo=list(lo), hi=list(hi), D=D_, beta=beta_, epsilon=eps,
                           omega=Fraction(3, 2), L=max(_sqrt_up(_sq(r)) for r in X), T=len(X), k=len(tau), d=len(X[0]))
    inst.update(_thm4_entries(inst))
    return inst


def _thm4_family(rng: np.random.Generator, size: int) -> list[dict]:
    """2-D streams x_t = (a, ±1): a weak drift a along e₁, alternating gradients along e₂; D = 2 and K = [c, c + 2Da] ×
    [−h, h] with h = 9/10, c = h/a, so f_t ≥ 0 on K and vanishes at a vertex; z_1 = (c + Da, h), from which the first
    adaptive step (of length D) lands within D of both comparator vertices; deletions late, at once, or bunched;
    β from 0 (the linear losses' own smoothness) to 2; ε large enough that the noise keeps E‖w − z*‖² ≤ D²."""
    out = []
    D_, h = Fraction(2), Fraction(9, 10)
    for a_ in (Fraction(1, 100), Fraction(1, 50)):
        c_ = h / a_
        for T_ in (8, 16):
            X = [[a_, Fraction((-1) ** t)] for t in range(T_)]
            for tau, u in (([T_], [1]), ([2, 3], [1, 2]), ([T_ - 2, T_ - 1, T_], [2, 3, 4]), ([T_ // 2], [T_ // 2])):
                for beta_ in (Fraction(0), Fraction(1, 2), Fraction(2)):
                    for eps in (Fraction(100), Fraction(10**4)):
                        out.append(thm4_instance(X, [c_, -h], [c_ + 2 * D_ * a_, h], [c_ + D_ * a_, h], tau, u,
                                                 beta_=beta_, eps=eps, D_=D_))
    rng.shuffle(out)
    return out[:size]


# ---- Theorem 6, regret part (Algorithm 2 with η_t = 1/(μt), Assumption 2)
def _assumption2(values: Instance) -> bool:
    """Assumption 2 (line 264): with τ[0] = 1 and z*_i = argmin Σ_{t≤τ[i]} f_t (the mean of x_1..x_{τ[i]} for one
    diagonal Hessian), some a_i ∈ K with ‖a_i − z*_i‖ ≤ 1/τ[i] is stationary for every f_t, τ[i−1] < t < τ[i]: those
    x_t all equal a_i (an empty range leaves a_i = z*_i)."""
    s = stream_of(values)
    tau, _ = schedule_of(values)
    r2 = frac(values["D"]) ** 2 / 4
    for prev, t in zip([1, *tau], tau):
        zs = s.minimiser(list(range(1, t + 1)))
        inner = {s.X[j - 1] for j in range(prev + 1, t)}
        if len(inner) > 1:
            return False
        a_ = inner.pop() if inner else zs
        if _sq(x - y for x, y in zip(a_, zs)) * t * t > 1 or _sq(a_) > r2:
            return False
    return True


def _thm6_entries(values: Instance) -> dict[str, Fraction]:
    """G₂ = Σ_i γ^{τ[i]−τ[i−1]}(τ[i] − τ[i−1]), H_T = Σ_{t≤T} 1/t, R_τ = Σ_i 1/τ[i], R_T = Σ_i (T − i − τ[i])."""
    tau, _ = schedule_of(values)
    g = (frac(values["beta"]) / frac(values["mu"]) - 1) / (frac(values["beta"]) / frac(values["mu"]) + 1)
    T_ = len(values["X"])
    return {"G_2": sum((g ** (t - p) * (t - p) for p, t in zip([0, *tau], tau)), Fraction(0)),
            "H_T": sum((Fraction(1, t) for t in range(1, T_ + 1)), Fraction(0)),
            "R_tau": sum((Fraction(1, t) for t in tau), Fraction(0)),
            "R_T": Fraction(sum(T_ - i - t for i, t in enumerate(tau, start=1)))}


def _alg2_sigma_sum(values: Instance) -> arb:
    return sum((v.sqrt() for v in alg2_noise(values, arb_etas(values, "sc"))), arb(0))


def _alg2_regret(values: Instance) -> arb:
    """The exact expected regret (eq. (5)) of Algorithm 2 with η_t = 1/(μt) and eq. (40)'s noise."""
    laws = alg2_laws(values, 0, kind="sc")
    ar = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    zs = [tuple(to_arb(x) for x in z) for z in A.comparators(stream_of(values), tau, u)]
    return sum((ar.expected_value(t, laws[t - 1]) - ar.value(t, zs[A.interval_of(t, tau)]) for t in range(1, ar.T + 1)),
               arb(0))


def _alg2_mean_square(values: Instance) -> bool:
    """E‖∇f_t(w_{t−1})‖² ≤ L² and E‖w_{t−1} − z*_i‖² ≤ D² along the unprojected Algorithm 2 (the proof's uses of K)."""
    laws = alg2_laws(values, 0, kind="sc")
    ar = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    zs = [tuple(to_arb(x) for x in z) for z in A.comparators(stream_of(values), tau, u)]
    L2, D2 = to_arb(values["L"]) ** 2, to_arb(values["D"]) ** 2
    for t in range(1, ar.T + 1):
        law = laws[t - 1]
        g2 = sum((l * l * ((m - x) ** 2 + v) for l, m, x, v in zip(ar.lam, law.mean, ar.X[t - 1], law.var)), arb(0))
        if not g2 <= L2 or not all(sum(((m - z) ** 2 + v for m, z, v in zip(law.mean, zz, law.var)), arb(0)) <= D2
                                   for zz in zs):
            return False
    return True


THM6_REGRET_HYPS = tuple(h for h in THM6_HYPS if not h.name.startswith("0 < ηβ")) + (
    H("β > μ (0 < γ < 1)", ">", beta, mu), P_exact("T, k, d are the stream's", _counts),
    P_exact("Assumption 2 (exact)", _assumption2),
    P_exact("G₂, H_T, R_τ, R_T are the instance's (exact)", lambda v: all(frac(v[n]) == x for n, x in _thm6_entries(v).items())),
    P_exact("Σ_σ ≥ Σ_i σ_i (eq. (40); a rational rounded up by at most 2⁻⁴⁰ relative, so a violation found is one of "
            "the bound with the exact Σ_i σ_i)", lambda v: _alg2_sigma_sum(v) <= to_arb(v["Sigma_sigma"])),
    P_exact("E‖∇f_t‖² ≤ L², E‖w − z*_i‖² ≤ D² along the unprojected process", _alg2_mean_square),
)


def _thm6_regret_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Assumption 2's streams: x_t = a except at the deletion times, where x_{τ[i]} = a + δ_i with Σ|δ_i| ≤ 1; z_1 at
    the far side of K; deletions right after each other or spread; curvatures {μ, β}; the fewest steps allowed."""
    out = []
    for base in _thm6_instances(rng, 10**6):
        tau, T_ = [int(t) for t in base["tau"]], len(base["X"])
        dim = len(base["X"][0])
        for a_, delta in ((Fraction(1, 2), Fraction(1, 2) / max(1, len(tau))), (Fraction(0), Fraction(0))):
            X = [[a_ + (delta if t in tau else 0)] * dim for t in range(1, T_ + 1)]
            inst = dict(base, X=X, z1=[-base["D"] / 2 + Fraction(1, 10)] * dim, T=T_, k=len(tau), d=dim)
            inst.update(_thm6_entries(inst))
            inst["Sigma_sigma"] = Fraction(arb_upper_float(_alg2_sigma_sum(inst))) * (1 + Fraction(1, 2**40))
            out.append(inst)
    rng.shuffle(out)
    return out[:size]


# ---- Table 2: the baselines retraining-from-scratch and discard-and-restart
BASELINES = {"restart": A.restart_laws, "retrain": A.retrain_laws}


def _baseline_etas(values: Instance, sc: bool) -> list:
    """η_s = 1/(μs) (strongly convex) or D/(L√s) (convex), s = 1, 2, … (restarted after each deletion)."""
    return arb_etas(values, "sc" if sc else "convex")


def baseline_divergence(which: str) -> Callable[[Instance], arb]:
    """max over i and t ∈ [τ[i], τ[i+1]) of D_α between the baseline's output at t and its reference process's
    (Definition 2): both are point masses (computed exactly, with the steps 1/(μs)), so the divergence is 0 or +∞.
    ``which`` = "ogd" is plain OGD (the negative control: nothing is unlearned)."""

    def quantity(values: Instance) -> arb:
        s = stream_of(values)
        tau, u = schedule_of(values)
        etas = [1 / (frac(values["mu"]) * t) for t in range(1, s.T + 1)]  # exact: the claim holds for any steps
        z1 = tuple(frac(z) for z in values["z1"])
        run = (lambda ref: A.run_laws(s, z1, etas, set(u[:ref]), {})) if which == "ogd" else (
            lambda ref: BASELINES[which](s, z1, etas, tau, u, reference=ref))
        olu = run(0)
        for i, t0 in enumerate(tau, start=1):
            ref = run(i)
            if any(olu[t].mean != ref[t].mean for t in range(t0, (tau[i] if i < len(tau) else s.T + 1))):
                return arb.pos_inf()  # two distinct point masses (exact Fractions)
        return arb(0)

    return quantity


def _restart_laws(values: Instance, sc: bool):
    s = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    return s, A.restart_laws(s, tuple(to_arb(z) for z in values["z1"]), _baseline_etas(values, sc), tau, u)


def restart_regret(sc: bool) -> Callable[[Instance], arb]:
    """The exact regret (eq. (5); deterministic) of discard-and-restart with exact comparators."""

    def quantity(values: Instance) -> arb:
        s, laws = _restart_laws(values, sc)
        tau, u = schedule_of(values)
        zs = [tuple(to_arb(x) for x in z) for z in A.comparators(stream_of(values), tau, u)]
        return sum((s.value(t, laws[t - 1].mean) - s.value(t, zs[A.interval_of(t, tau)]) for t in range(1, s.T + 1)),
                   arb(0))

    return quantity


def _restart_path_ok(sc: bool) -> Hypothesis:
    """Along the restarted process: ‖∇f_t(w_{t−1})‖ ≤ L (and, convex case, ‖w_{t−1} − z*_i‖ ≤ D for every i)."""

    def ok(values: Instance) -> bool:
        s, laws = _restart_laws(values, sc)
        tau, u = schedule_of(values)
        zs = [tuple(to_arb(x) for x in z) for z in A.comparators(stream_of(values), tau, u)]
        L2, D2 = to_arb(values["L"]) ** 2, to_arb(values["D"]) ** 2
        for t in range(1, s.T + 1):
            m = laws[t - 1].mean
            if not sum((l * l * (mk - xk) ** 2 for l, mk, xk in zip(s.lam, m, s.X[t - 1])), arb(0)) <= L2:
                return False
            if not sc and not all(sum(((mk - zk) ** 2 for mk, zk in zip(m, z)), arb(0)) <= D2 for z in zs):
                return False
        return True

    return P_exact("‖∇f_t(w_{t−1})‖ ≤ L" + ("" if sc else " and ‖w_{t−1} − z*_i‖ ≤ D") + " along the restarted process", ok)


TABLE2_BASE = (
    P_exact("stream valid, quadratic; T, k, d are the stream's", lambda v: int(frac(v["family"])) == A.QUADRATIC
            and _valid_stream(v) and _counts(v) and all(l > 0 for l in stream_of(v).lam)),
    P_exact("z_1 and x_t in the ball K of diameter D, L ≥ λ_max D (L-Lipschitz on K)", _data_in_ball),
)
TABLE2_SC = TABLE2_BASE + (H("μ > 0", ">", mu, 0), P_exact("μ ≤ λ_k (μ-strongly convex)", lambda v: _lam_range(v, frac(v["mu"]), None)),
                           _restart_path_ok(True))
TABLE2_C = TABLE2_BASE + (_restart_path_ok(False),)
#: Table 2, Discard-and-restart rows (lines 250–251) through the explicit per-run bounds of OGD (Hazan 2016, Thms 3.1, 3.3)
RESTART_SC = (k + 1) * L**2 / (2 * mu) * (1 + log(T))
RESTART_C = Rational(3, 2) * (k + 1) * D * L * sqrt(T)


def _table2_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratic streams with alternating targets ±1, curvatures {μ, β}; deletions late, at once, bunched."""
    out = []
    for r in (Fraction(1), Fraction(3)):
        for T_ in (6, 12):
            for tau, u in (([T_], [1]), ([2, 3], [1, 2]), ([T_ - 2, T_ - 1, T_], [1, 2, 3]), ([T_ // 2], [T_ // 2])):
                for lam in ([Fraction(1)], [Fraction(1), r]):
                    dim = len(lam)
                    X = [[Fraction((-1) ** t)] * dim for t in range(T_)]
                    for z1 in ([Fraction(0)] * dim, [Fraction(1)] * dim):
                        out.append(regret_instance(X, lam, z1, tau, u, mu_=Fraction(1), beta_=r, eps=Fraction(1),
                                                   D_=Fraction(2) * (1 if dim == 1 else 2)))
    rng.shuffle(out)
    return out[:size]


# =========================================================================== the borrowed lemmas (Lemmas 3, 4, 7, 8, A, C, E)
#: Lemma A (line 444): α‖μ₀ − μ₁‖²/(2σ²), with Δ₂ := ‖μ₀ − μ₁‖² (an exact instance entry) and s₂ := σ²
Dl2, s2 = sympy.Symbol("Delta2", nonnegative=True), sympy.Symbol("sigma2", positive=True)
LEMA = alpha * Dl2 / (2 * s2)
#: Lemma C (line 475): R_α(N(0, σ²I), a) = sup_{‖x‖≤a} α‖x‖²/(2σ²) = αa²/(2σ²) (Lemma A at ‖x‖ = a)
a_shift = sympy.Symbol("a", nonnegative=True)
LEMC = LEMA.subs(Dl2, a_shift**2)
#: Lemma 3 (line 407): Σ_t R_α(ζ_t, a_t), carried as the exact instance entry R = Σ_t αa_t²/(2σ_t²)
Rsum = sympy.Symbol("R", nonnegative=True)
#: Lemma 8 (line 830): 2β(f(x) − inf f), with gap := f(x) − inf f an exact instance entry
gap8 = sympy.Symbol("gap", nonnegative=True)
LEM8 = 2 * beta * gap8
#: Lemma E (line 988): γ^T‖w₀ − w*‖ with Lemma E's γ (printed as Corollary 1's) and R₀ := ‖w₀ − w*‖²
R0 = sympy.Symbol("R_0", nonnegative=True)
LEME = GAMMA_SC**T * sqrt(R0)


def _vec(values: Instance, key: str) -> tuple[Fraction, ...]:
    return tuple(frac(x) for x in values[key])


def _rational_sqrt(q: Fraction) -> Fraction:
    """√q when it is rational, else ValueError (instances keep every shift norm rational, so e_t is exact)."""
    num, den = int(q.numerator), int(q.denominator)
    rn, rd = math.isqrt(num), math.isqrt(den)
    if rn * rn != num or rd * rd != den:
        raise ValueError("the norm of a shift is irrational")
    return Fraction(rn, rd)


def shifted_renyi(a: Any, P: A.Law, Q: A.Law, e: Fraction) -> arb:
    """D_α^{(e)}(P ‖ Q) (Definition 5, line 385) where it is known exactly: e = 0 (D_α itself), or P and Q with equal
    covariances and e ≥ ‖mean(P) − mean(Q)‖ (shifting P onto Q costs nothing: 0). Otherwise ValueError."""
    if P.var == Q.var and _sq(p - q for p, q in zip(P.mean, Q.mean)) <= e * e:
        return arb(0)
    if e == 0:
        return _renyi_diag(a, P, Q)
    raise ValueError("the shifted divergence is not known exactly here")


def _difference(lhs: arb, rhs: arb) -> arb:
    """lhs − rhs for divergences, −∞ when rhs = +∞ (an inequality lhs ≤ rhs + c then holds whatever lhs is)."""
    return arb.neg_inf() if not rhs.is_finite() and rhs > 0 else lhs - rhs


def _law(values: Instance, m: str, v: str) -> A.Law:
    return A.Law(_vec(values, m), _vec(values, v))


def _affine(values: Instance, c: str) -> A.Affine:
    return A.Affine(_vec(values, "amap"), _vec(values, c))


# ---- Lemma A
def _lema_quantity(values: Instance) -> arb:
    """D_α between N(μ₀, σ²I) and N(μ₁, σ²I), by the library's general-covariance formula (not Lemma A's)."""
    m0, m1, v = _vec(values, "m0"), _vec(values, "m1"), frac(values["sigma2"])
    cov = [[v if r == c else 0 for c in range(len(m0))] for r in range(len(m0))]
    return renyi_enclosure(values["alpha"], list(m0), cov, list(m1), cov)


def _lema_instance(alpha_, v, m0, m1) -> dict:
    m0, m1 = [Fraction(x) for x in m0], [Fraction(x) for x in m1]
    return {"alpha": Fraction(alpha_), "sigma2": Fraction(v), "m0": m0, "m1": m1,
            "Delta2": _sq(p - q for p, q in zip(m0, m1))}


def _lema_instances(rng: np.random.Generator, size: int) -> list[dict]:
    out = [_lema_instance(a_, v, m0, m1)
           for a_ in (Fraction(101, 100), Fraction(2), Fraction(10), Fraction(100))
           for v in (Fraction(1, 100), Fraction(1), Fraction(50))
           for m0, m1 in (([0], [1]), ([0], [Fraction(1, 1000)]), ([3, -1], [0, 3]), ([1, 1], [1, 1 + Fraction(1, 7)]))]
    rng.shuffle(out)
    return out[:size]


LEMA_HYPS = (H("α > 1", ">", alpha, 1),
             P_exact("μ₀, μ₁ of equal dimension; Δ₂ = ‖μ₀ − μ₁‖² (exact)",
                     lambda v: len(v["m0"]) == len(v["m1"]) and frac(v["Delta2"]) == _sq(
                         p - q for p, q in zip(_vec(v, "m0"), _vec(v, "m1")))))
LEMA_SPACE = Space(bounds={"alpha": (1.01, 50.0), "sigma2": (0.01, 10.0), "x": (-3.0, 3.0), "y": (-3.0, 3.0)},
                   log=frozenset({"sigma2"}),
                   build=lambda p: _lema_instance(p["alpha"], p["sigma2"], [0, 0], [p["x"], p["y"]]))


# ---- Lemma C (shift reduction) on Gaussians
def _lemc_quantity(values: Instance) -> arb:
    """D_α^{(e)}(μ*ζ ‖ ν*ζ) − D_α^{(e+a)}(μ ‖ ν) for μ, ν diagonal Gaussians and ζ = N(0, σ²I), exactly."""
    mu_, nu_ = _law(values, "m0", "v0"), _law(values, "m1", "v1")
    e, a_, s = frac(values["e"]), frac(values["a"]), frac(values["sigma2"])
    return _difference(shifted_renyi(values["alpha"], mu_.noise(s), nu_.noise(s), e),
                       shifted_renyi(values["alpha"], mu_, nu_, e + a_))


def _lemc_instance(alpha_, s, m0, v0, m1, v1, e, a_) -> dict:
    F = lambda xs: [Fraction(x) for x in xs]
    return {"alpha": Fraction(alpha_), "sigma2": Fraction(s), "m0": F(m0), "v0": F(v0), "m1": F(m1), "v1": F(v1),
            "e": Fraction(e), "a": Fraction(a_)}


def _lemc_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Point masses and Gaussians, 1-D and 2-D (shift 3-4-5 so ‖Δ‖ = 5); a = 0 (data processing), a = ‖Δ‖, a > ‖Δ‖,
    and e = ‖Δ‖ (both shifted divergences 0); unequal covariances at e = a = 0."""
    out = []
    for a_ in (Fraction(2), Fraction(20)):
        for s in (Fraction(1, 10), Fraction(1), Fraction(25)):
            for v in (Fraction(0), Fraction(1, 100), Fraction(4)):
                out += [_lemc_instance(a_, s, [0], [v], [5], [v], 0, 5), _lemc_instance(a_, s, [0], [v], [5], [v], 0, 0),
                        _lemc_instance(a_, s, [0, 0], [v, v], [3, 4], [v, v], 0, 5),
                        _lemc_instance(a_, s, [0, 0], [v, v], [3, 4], [v, v], 0, 7),
                        _lemc_instance(a_, s, [0], [v], [5], [v], 5, 1)]
            out += [_lemc_instance(a_, s, [0, 1], [1, 2], [1, 0], [3, 1], 0, 0),
                    _lemc_instance(a_, s, [0], [1], [0], [2], 0, 0)]
    rng.shuffle(out)
    return out[:size]


def _lemc_hyps() -> tuple:
    def computable(v: Instance) -> bool:
        _lemc_quantity(v)
        return True

    return (H("α > 1", ">", alpha, 1), H("σ² > 0", ">", s2, 0), H("a ≥ 0", ">=", a_shift, 0),
            P_exact("e ≥ 0; μ, ν diagonal Gaussians of one dimension (var ≥ 0)", lambda v: frac(v["e"]) >= 0 and len(
                {len(v[k]) for k in ("m0", "v0", "m1", "v1")}) == 1 and min(_vec(v, "v0") + _vec(v, "v1")) >= 0),
            P_exact("both shifted divergences known exactly (e, e + a ∈ {0} ∪ [‖Δ‖, ∞) with equal covariances)",
                    computable))


LEMC_SPACE = Space(bounds={"alpha": (1.01, 30.0), "sigma2": (0.01, 10.0), "v": (0.0, 5.0), "r": (1.0, 3.0)},
                   log=frozenset({"sigma2"}),
                   build=lambda p: _lemc_instance(Fraction(p["alpha"]).limit_denominator(1000), p["sigma2"],
                                                  [0, 0], [p["v"]] * 2, [3, 4], [p["v"]] * 2, 0,
                                                  5 * Fraction(p["r"]).limit_denominator(1000)))


# ---- Lemma 4 on affine maps
def _lem4_quantity(as_used: bool, drop_s: bool = False) -> Callable[[Instance], arb]:
    """D_α^{(γe+s)}(ψ(X) ‖ ψ'(X')) − D_α^{(e)}(X ‖ X') for ψ(x) = a⊙x + c, ψ'(x) = a⊙x + c' and diagonal Gaussians
    X, X' (as printed the left side has ψ'(X); ``drop_s``: shift γe, the negative control)."""

    def quantity(values: Instance) -> arb:
        X, X2 = _law(values, "m0", "v0"), _law(values, "m1", "v1")
        g, e, s = frac(values["gamma"]), frac(values["e"]), frac(values["s"])
        left = _affine(values, "c"), _affine(values, "c2")
        lhs = shifted_renyi(values["alpha"], X.push(left[0]), (X2 if as_used else X).push(left[1]),
                            g * e + (0 if drop_s else s))
        return _difference(lhs, shifted_renyi(values["alpha"], X, X2, e))

    return quantity


def _lem4_instance(alpha_, g, amap, c, c2, s, m0, v0, m1, v1, e) -> dict:
    F = lambda xs: [Fraction(x) for x in xs]
    return {"alpha": Fraction(alpha_), "gamma": Fraction(g), "amap": F(amap), "c": F(c), "c2": F(c2), "s": Fraction(s),
            "m0": F(m0), "v0": F(v0), "m1": F(m1), "v1": F(v1), "e": Fraction(e)}


def _lem4_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Maps contracting by exactly γ or collapsing a coordinate; s = 0 (pure contraction: data processing, equality for
    invertible maps) and s = ‖c − c'‖ > 0; e = 0 and e = ‖m − m'‖; general covariances where e = s = 0."""
    h = Fraction(1, 2)
    out = []
    for g, al in itertools.product((Fraction(1, 3), Fraction(1, 2), Fraction(1)), (Fraction(2), Fraction(5))):
        for amap in ([g, g], [g, 0], [-g, g / 2]):
            out += [_lem4_instance(al, g, amap, [0, 0], [0, 0], 0, [0, 1], [1, 2], [1, 0], [3, h], 0),
                    _lem4_instance(al, g, amap, [1, 1], [1, 1], 0, [0, 0], [h, h], [3, 4], [h, h], 0),
                    _lem4_instance(al, g, amap, [0, 0], [3, 4], 5, [0, 0], [1, 1], [0, 0], [1, 1], 0),
                    _lem4_instance(al, g, amap, [0, 0], [3, 4], 5, [0, 0], [1, 1], [3, 4], [1, 1], 5),
                    _lem4_instance(al, g, amap, [0, 0], [Fraction(3, 5), Fraction(4, 5)], 1, [0, 0], [1, 1],
                                   [Fraction(-3, 5), Fraction(-4, 5)], [1, 1], 1)]
    rng.shuffle(out)
    return out[:size]


def _lem4_hyps(as_used: bool, drop_s: bool = False) -> tuple:
    def ok(v: Instance) -> bool:
        g = frac(v["gamma"])
        dims = {len(v[k]) for k in ("amap", "c", "c2", "m0", "v0", "m1", "v1")}
        return (len(dims) == 1 and 0 < g <= 1 and all(abs(x) <= g for x in _vec(v, "amap")) and frac(v["e"]) >= 0
                and _sq(p - q for p, q in zip(_vec(v, "c"), _vec(v, "c2"))) <= frac(v["s"]) ** 2
                and min(_vec(v, "v0") + _vec(v, "v1")) >= 0)

    def computable(v: Instance) -> bool:
        _lem4_quantity(as_used, drop_s)(v)
        return True

    return (H("α > 1", ">", alpha, 1),
            P_exact("ψ, ψ' γ-contractive (|a_k| ≤ γ ≤ 1), sup‖ψ − ψ'‖ = ‖c − c'‖ ≤ s, e ≥ 0, diagonal Gaussians", ok),
            P_exact("both shifted divergences known exactly (shift 0, or equal covariances and shift ≥ mean distance)",
                    computable))


# ---- Lemma 3 on Gaussian noise with affine contractive maps
def _cni_laws(values: Instance) -> tuple[A.Law, A.Law]:
    """The laws of X_T and X'_T (Definition 6) from the point X_0 = z0: ψ_t(x) = a_t⊙x + c_t, ψ'_t(x) = a_t⊙x + c'_t,
    ζ_t = N(0, σ_t²I) (σ_t² = 0: the Dirac at 0)."""
    z0 = _vec(values, "z0")
    P = Q = A.Law(z0, (Fraction(0),) * len(z0))
    for a_t, c, c2, v in zip(values["A"], values["C"], values["C2"], values["S2"]):
        a_t = tuple(frac(x) for x in a_t)
        P = P.push(A.Affine(a_t, tuple(frac(x) for x in c))).noise(frac(v))
        Q = Q.push(A.Affine(a_t, tuple(frac(x) for x in c2))).noise(frac(v))
    return P, Q


def _shifts(values: Instance) -> list[Fraction]:
    """s_t = sup_x‖ψ_t(x) − ψ'_t(x)‖ = ‖c_t − c'_t‖ (rational on the instances; ValueError otherwise)."""
    return [_rational_sqrt(_sq(frac(x) - frac(y) for x, y in zip(c, c2))) for c, c2 in zip(values["C"], values["C2"])]


def _e_seq(values: Instance) -> list[Fraction]:
    """e_t = Σ_{i≤t} γ^{t−i}(s_i − a_i), t = 1..T (Lemma 3), exactly."""
    g, out, e = frac(values["gamma"]), [], Fraction(0)
    for s_t, a_t in zip(_shifts(values), values["a"]):
        e = g * e + s_t - frac(a_t)
        out.append(e)
    return out


def _r_value(values: Instance) -> Fraction:
    """Σ_t R_α(ζ_t, a_t) = Σ_t αa_t²/(2σ_t²) (Lemma A; R_α(Dirac, 0) = 0)."""
    al = frac(values["alpha"])
    return sum((al * frac(a_t) ** 2 / (2 * frac(v)) for a_t, v in zip(values["a"], values["S2"]) if frac(v) > 0),
               Fraction(0))


def _lem3_quantity(values: Instance) -> arb:
    P, Q = _cni_laws(values)
    return shifted_renyi(values["alpha"], P, Q, _e_seq(values)[-1])


def _lem3_ok(values: Instance) -> bool:
    T_ = len(values["A"])
    g = frac(values["gamma"])
    d_ = len(values["z0"])
    return (T_ >= 1 and all(len(values[k]) == T_ for k in ("C", "C2", "S2", "a")) and 0 < g <= 1
            and all(len(r) == d_ for k in ("A", "C", "C2") for r in values[k])
            and all(abs(frac(x)) <= g for r in values["A"] for x in r)
            and all(frac(v) >= 0 and frac(a_t) >= 0 and (frac(v) > 0 or frac(a_t) == 0)
                    for v, a_t in zip(values["S2"], values["a"]))
            and all(e >= 0 for e in _e_seq(values)))


def _lem3_computable(values: Instance) -> bool:
    _lem3_quantity(values)
    return True


LEM3_HYPS = (H("α > 1", ">", alpha, 1),
             P_exact("ψ_t, ψ'_t γ-contractive (|a_{t,k}| ≤ γ ≤ 1); ζ_t = N(0, σ_t²I) or Dirac (then a_t = 0); "
                     "e_t ≥ 0 for all t", _lem3_ok),
             P_exact("R = Σ_t αa_t²/(2σ_t²) (exact)", lambda v: frac(v["R"]) == _r_value(v)),
             P_exact("D_α^{(e_T)}(X_T ‖ X'_T) known exactly (e_T = 0, or e_T ≥ ‖mean difference‖)", _lem3_computable))


def _cni_instance(alpha_, g, z0, steps, a_seq) -> dict:
    """``steps``: (a_t, c_t, c'_t, σ_t²) per step; ``a_seq`` the lemma's a_t."""
    F = lambda xs: [Fraction(x) for x in xs]
    inst = {"alpha": Fraction(alpha_), "gamma": Fraction(g), "z0": F(z0), "A": [F(s[0]) for s in steps],
            "C": [F(s[1]) for s in steps], "C2": [F(s[2]) for s in steps], "S2": [Fraction(s[3]) for s in steps],
            "a": F(a_seq)}
    inst["R"] = _r_value(inst)
    return inst


def _lem3_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Theorem 1's use (s at u, the whole shift γ^{τ−u}s paid at τ, e_τ = 0), several deletions, the shift paid over
    several noisy steps, opposite shifts that cancel, coordinates contracting unequally, no noise at all (a = 0)."""
    out = []
    for g in (Fraction(1, 2), Fraction(9, 10), Fraction(1)):
        for al in (Fraction(2), Fraction(20)):
            for gap_ in (0, 3):
                st = [([g], [1], [0], 0)] + [([g], [0], [0], 0)] * gap_ + [([g], [0], [0], Fraction(1, 4))]
                out.append(_cni_instance(al, g, [0], st, [0] * (gap_ + 1) + [g ** (gap_ + 1)]))
                st2 = [([g, g / 2], [3, 4], [0, 0], 0)] + [([g, g / 2], [0, 0], [0, 0], 0)] * gap_ + [
                    ([g, -g], [0, 0], [0, 0], 1)]
                out.append(_cni_instance(al, g, [1, -1], st2, [0] * (gap_ + 1) + [5 * g ** (gap_ + 1)]))
            # two deletions (eq. (7)); the shift split over two noisy steps; cancelling shifts; no noise
            out.append(_cni_instance(al, g, [0], [([g], [1], [0], 0), ([g], [0], [0], 2), ([g], [2], [0], 0),
                                                  ([g], [0], [0], 3)], [0, g, 0, 2 * g]))
            out.append(_cni_instance(al, g, [0], [([g], [1], [0], 0), ([g], [0], [0], 1), ([g], [0], [0], 1)],
                                     [0, g / 2, g * g / 2]))
            out.append(_cni_instance(al, g, [0], [([g], [1], [0], 0), ([g], [-1], [0], 0), ([g], [0], [0], 1)],
                                     [0, 0, g * g + g]))
            out.append(_cni_instance(al, g, [0, 0], [([g, g], [3, 4], [0, 0], 0), ([g, 0], [0, 0], [0, 0], 0)], [0, 0]))
    rng.shuffle(out)
    return out[:size]


def _lem3_space() -> Space:
    def build(p: dict[str, float]) -> dict:
        q = lambda x: Fraction(x).limit_denominator(1000)
        g, th = q(p["gamma"]), q(p["theta"])
        s1, s2_, s3 = q(p["s1"]), q(p["s2"]), q(p["s3"])
        a2 = th * (g * s1 + s2_)
        steps = [([g], [s1], [0], 0), ([g], [s2_], [0], q(p["v2"])), ([g], [s3], [0], q(p["v3"]))]
        return _cni_instance(q(p["alpha"]), g, [0], steps, [0, a2, g * (g * s1 + s2_ - a2) + s3])

    return Space(bounds={"alpha": (1.1, 20.0), "gamma": (0.1, 1.0), "theta": (0.0, 1.0), "s1": (0.0, 2.0),
                         "s2": (0.0, 2.0), "s3": (0.0, 2.0), "v2": (0.05, 4.0), "v3": (0.05, 4.0)},
                 log=frozenset({"v2", "v3"}), build=build)


# ---- Lemma 7 (Orabona)
def _step_f(values: Instance) -> Callable[[Fraction], Fraction]:
    """f(x) = Σ_j h_j·[x < b_j]: nonincreasing, nonnegative (h_j ≥ 0)."""
    br, hs = _vec(values, "breaks"), _vec(values, "heights")
    return lambda x: sum((h for b_, h in zip(br, hs) if x < b_), Fraction(0))


def _lem7_sides(values: Instance) -> tuple[arb, arb]:
    """(Σ_t a_t f(a_0 + Σ_{i≤t} a_i), ∫_{a_0}^{Σ_{t=0}^T a_t} f) exactly: step functions in rationals, f = 1/√x in arb."""
    a0, seq = frac(values["a0"]), _vec(values, "a_seq")
    pts, acc = [], a0
    for a_t in seq:
        acc += a_t
        pts.append(acc)
    if int(frac(values["f"])) == 0:
        f = _step_f(values)
        lhs = sum((a_t * f(x) for a_t, x in zip(seq, pts)), Fraction(0))
        integral = sum((h * max(Fraction(0), min(b_, acc) - a0) for b_, h in zip(_vec(values, "breaks"),
                                                                                 _vec(values, "heights"))), Fraction(0))
        return to_arb(lhs), to_arb(integral)
    lhs = sum((to_arb(a_t) / to_arb(x).sqrt() for a_t, x in zip(seq, pts) if a_t), arb(0))
    return lhs, 2 * (to_arb(acc).sqrt() - to_arb(a0).sqrt())


def _lem7_quantity(values: Instance) -> arb:
    """Lemma 7's left side over its right side (the integral; > 0 under the hypotheses)."""
    lhs, integral = _lem7_sides(values)
    return lhs / integral


def _lem7_ok(values: Instance) -> bool:
    fam = int(frac(values["f"]))
    seq = _vec(values, "a_seq")
    base = frac(values["a0"]) >= 0 and seq and min(seq) >= 0 and fam in (0, 1)
    if not base:
        return False
    if fam == 0:
        return min(_vec(values, "heights")) >= 0 and len(values["breaks"]) == len(values["heights"]) and bool(
            _lem7_sides(values)[1] > 0)
    return frac(values["a0"]) + seq[0] > 0  # 1/√x finite wherever it is evaluated with a_t > 0


def _lem7_instance(fam, a0, seq, breaks=(), heights=()) -> dict:
    F = lambda xs: [Fraction(x) for x in xs]
    return {"f": fam, "a0": Fraction(a0), "a_seq": F(seq), "breaks": F(breaks), "heights": F(heights)}


def _lem7_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """f constant on the range (equality), steps just after the partial sums, 1/√x with a_0 = 0 and a single big
    first term, many tiny terms (the sum approaches the integral), geometric terms."""
    out = []
    for seq in ([1] * 5, [Fraction(1, 100)] * 50, [100, 1, 1], [1, 2, 4, 8, 16], [0, 3, 0, 1]):
        tot = sum(Fraction(x) for x in seq)
        for a0 in (Fraction(0), Fraction(1)):
            out.append(_lem7_instance(0, a0, seq, [a0 + tot + 1], [2]))
            out.append(_lem7_instance(0, a0, seq, [Fraction(3, 2), Fraction(7, 2), a0 + tot], [1, 1, 1]))
            out.append(_lem7_instance(0, a0, seq, [x + Fraction(1, 1000) for x in
                                                   itertools.accumulate(Fraction(s) for s in (a0, *seq))][1:],
                                      [1] * len(seq)))
        out.append(_lem7_instance(1, 0, [x for x in seq if x] or [1]))
        out.append(_lem7_instance(1, 5, seq))
    rng.shuffle(out)
    return out[:size]


LEM7_HYPS = (P_exact("a_0 ≥ 0, a_t ≥ 0; f nonincreasing ≥ 0 (steps h_j ≥ 0, or 1/√x finite where used); ∫ > 0",
                     _lem7_ok),)
LEM7_SPACE = Space(bounds={"a1": (0.0, 5.0), "a2": (0.0, 5.0), "a3": (0.0, 5.0), "a0": (0.0, 2.0)},
                   build=lambda p: _lem7_instance(1, Fraction(p["a0"]).limit_denominator(1000),
                                                  [Fraction(p[k]).limit_denominator(1000) + Fraction(1, 1000)
                                                   for k in ("a1", "a2", "a3")]))


# ---- Lemma 8 (Srebro et al.)
def _lem8_parts(values: Instance) -> tuple[Fraction, Fraction]:
    """(‖∇f(x)‖², f(x) − inf f) exactly. Family 0: f(x) = ½Σλ_k(x_k − c_k)² + f₀ (inf = f₀); family 1: f(x) =
    Σ_k s_k·h_δ(x_k − c_k) with Huber h_δ(r) = r²/2 (|r| ≤ δ), δ|r| − δ²/2 (else), inf = 0; s_k ≥ 0."""
    x, c, w = _vec(values, "x"), _vec(values, "centre"), _vec(values, "lam")
    r = [xi - ci for xi, ci in zip(x, c)]
    if int(frac(values["f"])) == 0:
        return _sq(l * ri for l, ri in zip(w, r)), sum((l * ri * ri for l, ri in zip(w, r)), Fraction(0)) / 2
    dl = frac(values["delta"])
    grad = [s * (ri if abs(ri) <= dl else dl * (1 if ri > 0 else -1)) for s, ri in zip(w, r)]
    val = sum((s * (ri * ri / 2 if abs(ri) <= dl else dl * abs(ri) - dl * dl / 2) for s, ri in zip(w, r)), Fraction(0))
    return _sq(grad), val


def _lem8_instance(fam, lam, centre, x, beta_, delta_=1, f0=0) -> dict:
    F = lambda xs: [Fraction(v) for v in xs]
    inst = {"f": fam, "lam": F(lam), "centre": F(centre), "x": F(x), "beta": Fraction(beta_),
            "delta": Fraction(delta_), "f0": Fraction(f0)}
    inst["gap"] = _lem8_parts(inst)[1]
    return inst


def _lem8_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratics with curvature β (equality) and below it, shifted by f₀ < 0 (inf f < 0, as linear-like losses have);
    Huber losses inside and beyond their quadratic zone (far out the gradient stays δs while f grows)."""
    out = []
    for b_ in (Fraction(1, 10), Fraction(1), Fraction(50)):
        for x in ([1, 0], [3, -4], [Fraction(1, 1000), 2]):
            out += [_lem8_instance(0, [b_, b_], [0, 0], x, b_, f0=-7), _lem8_instance(0, [b_, b_ / 10], [1, 1], x, b_),
                    _lem8_instance(1, [b_, b_], [0, 0], x, b_, 1), _lem8_instance(1, [b_, 0], [0, 0], x, b_, 2),
                    _lem8_instance(1, [b_ / 2, b_], [0, 1], x, b_, Fraction(1, 10))]
    rng.shuffle(out)
    return out[:size]


LEM8_HYPS = (H("β > 0", ">", beta, 0),
             P_exact("f β-smooth: 0 ≤ λ_k ≤ β (quadratic) or 0 ≤ s_k ≤ β, δ > 0 (Huber); gap = f(x) − inf f (exact)",
                     lambda v: int(frac(v["f"])) in (0, 1) and all(0 <= l <= frac(v["beta"]) for l in _vec(v, "lam"))
                     and frac(v["delta"]) > 0 and len({len(v[k]) for k in ("lam", "centre", "x")}) == 1
                     and frac(v["gap"]) == _lem8_parts(v)[1]))
LEM8_SPACE = Space(bounds={"l1": (0.01, 1.0), "l2": (0.01, 1.0), "x1": (-5.0, 5.0), "x2": (-5.0, 5.0), "dl": (0.1, 3.0)},
                   build=lambda p: _lem8_instance(1, [Fraction(p["l1"]).limit_denominator(1000),
                                                      Fraction(p["l2"]).limit_denominator(1000)], [0, 0],
                                                  [Fraction(p["x1"]).limit_denominator(1000),
                                                   Fraction(p["x2"]).limit_denominator(1000)], 1,
                                                  Fraction(p["dl"]).limit_denominator(1000)))


# ---- Lemma E (GD convergence) on quadratics
def _leme_quantity(values: Instance) -> arb:
    """‖w_T − w*‖ after T steps of GD with η = 2/(μ + β) on the average of quadratics f_j (one Hessian diag(λ)),
    exactly (:meth:`Stream.gd_map`; w* the exact minimiser)."""
    s = A.Stream(A.QUADRATIC, tuple(tuple(frac(x) for x in r) for r in values["X"]), _vec(values, "lam"))
    S = list(range(1, s.T + 1))
    step_ = s.gd_map(S, 2 / (frac(values["mu"]) + frac(values["beta"])))
    w = _vec(values, "w0")
    for _ in range(int(frac(values["T"]))):
        w = tuple(a_ * wk + c_ for a_, wk, c_ in zip(step_.a, w, step_.c))
    return to_arb(_sq(wk - mk for wk, mk in zip(w, s.minimiser(S)))).sqrt()


def _r0(X, w0) -> Fraction:
    """‖w₀ − w*‖² with w* the mean of the rows of X (the minimiser of the average of the quadratics)."""
    rows = [[frac(v) for v in r] for r in X]
    return _sq(frac(w) - sum((r[k] for r in rows), Fraction(0)) / len(rows) for k, w in enumerate(w0))


def _leme_instance(X, lam, w0, T_, mu_, beta_) -> dict:
    F = lambda xs: [Fraction(v) for v in xs]
    return {"X": [F(r) for r in X], "lam": F(lam), "w0": F(w0), "T": T_, "mu": Fraction(mu_), "beta": Fraction(beta_),
            "R_0": _r0(X, w0)}


def _leme_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Curvatures at μ and β (the factor γ attained), in between; the start along either end direction; T up to 30."""
    out = []
    for r in (Fraction(11, 10), Fraction(3), Fraction(100)):
        for lam in ([1], [r], [1, r], [(1 + r) / 2, r]):
            dim = len(lam)
            for w0 in ([5] * dim, [0] * (dim - 1) + [7]):
                for T_ in (0, 1, 7, 30):
                    out.append(_leme_instance([[1] * dim, [-1] * dim, [2] * dim], lam, w0, T_, 1, r))
    rng.shuffle(out)
    return out[:size]


LEME_HYPS = (H("μ > 0", ">", mu, 0), H("β > μ (γ > 0, so γ^T is a power of a positive number)", ">", beta, mu),
             P_exact("quadratics with one Hessian diag(λ), μ ≤ λ_k ≤ β; T ≥ 0 an integer; R₀ = ‖w₀ − w*‖² (exact)",
                     lambda v: all(frac(v["mu"]) <= l <= frac(v["beta"]) for l in _vec(v, "lam"))
                     and frac(v["T"]).denominator == 1 and frac(v["T"]) >= 0
                     and len({len(v["lam"]), len(v["w0"]), *(len(r) for r in v["X"])}) == 1
                     and frac(v["R_0"]) == _r0(v["X"], v["w0"])))


def _lemma_claims() -> list[Claim]:
    lem4_adv = (Adversary("contractions by γ or collapsing a coordinate; s = 0 and s = ‖c − c'‖; e = 0 and e = ‖m − m'‖",
                          generate=_lem4_instances),)
    lema_adv = (Adversary("α from 1.01 to 100, σ² from 1/100 to 50, 1-D and 2-D shifts", generate=_lema_instances),
                Adversary("search: α, σ², a 2-D shift", space=LEMA_SPACE))
    lemc_adv = (Adversary("point masses and Gaussians, a ∈ {0, ‖Δ‖, > ‖Δ‖}, e ∈ {0, ‖Δ‖}", generate=_lemc_instances),
                Adversary("search: α, σ², covariance, a ≥ ‖Δ‖", space=LEMC_SPACE))
    lem3_adv = (Adversary("Theorem 1's schedules, split and cancelling shifts, unequal contraction, no noise",
                          generate=_lem3_instances),
                Adversary("search: 1-D, three steps, the shift paid over two noisy steps", space=_lem3_space()))
    lem7_adv = (Adversary("steps at the partial sums, constants, 1/√x; equal, tiny, huge and geometric terms",
                          generate=_lem7_instances),
                Adversary("search: f = 1/√x, a_0 and three terms", space=LEM7_SPACE))
    lem8_adv = (Adversary("quadratics (curvature β and below, inf f < 0) and Huber losses", generate=_lem8_instances),
                Adversary("search: 2-D Huber, curvatures, point, δ", space=LEM8_SPACE))
    leme_adv = (Adversary("curvatures at μ and β, starts along each direction, T ≤ 30", generate=_leme_instances),)
    return [
        Claim(id="olu.lemA", source="Lemma A (lines 442–446; Mironov 2017, Cor. 3)", kind=Kind.PRIVACY,
              statement="D_α(N(μ₀, σ²I_d) ‖ N(μ₁, σ²I_d)) ≤ α‖μ₀ − μ₁‖²/(2σ²).", hypotheses=LEMA_HYPS, bound=LEMA,
              quantity=_lema_quantity, adversaries=lema_adv, derivation="olu.lemA",
              note="An equality: the quantity is computed by the library's general-covariance formula."),
        Claim(id="olu.lemA:control-half", source="Lemma A (lines 442–446) with the bound halved", kind=Kind.PRIVACY,
              statement="Negative control: D_α ≤ α‖μ₀ − μ₁‖²/(4σ²).", hypotheses=LEMA_HYPS, bound=LEMA / 2,
              quantity=_lema_quantity, adversaries=lema_adv[:1], control=Control.NEGATIVE),
        Claim(id="olu.lemC", source="Lemma C (lines 473–479; Feldman et al. 2018, Lemma 20)", kind=Kind.PRIVACY,
              statement="D_α^{(e)}(μ*ζ ‖ ν*ζ) ≤ D_α^{(e+a)}(μ ‖ ν) + R_α(ζ, a); checked on diagonal Gaussians μ, ν and "
                        "ζ = N(0, σ²I), where R_α(ζ, a) = αa²/(2σ²), as D^{(e)}(μ*ζ‖ν*ζ) − D^{(e+a)}(μ‖ν) ≤ R_α(ζ, a).",
              hypotheses=_lemc_hyps(), bound=LEMC, quantity=_lemc_quantity, adversaries=lemc_adv,
              derivation="olu.lemC",
              note="Shifted divergences are evaluated only where they are known exactly (shift 0, or equal "
                   "covariances and a shift reaching the other mean); the statement's 'any α ≥ 0' is checked at α > 1."),
        Claim(id="olu.lemC:control-half", source="Lemma C (lines 473–479) with R_α halved", kind=Kind.PRIVACY,
              statement="Negative control: D^{(e)}(μ*ζ‖ν*ζ) ≤ D^{(e+a)}(μ‖ν) + R_α(ζ, a)/2.",
              hypotheses=_lemc_hyps(), bound=LEMC / 2, quantity=_lemc_quantity, adversaries=lemc_adv[:1],
              control=Control.NEGATIVE),
        Claim(id="olu.lem4", source="Lemma 4 (lines 481–483; proof 485–501)", kind=Kind.PRIVACY,
              statement="For γ-contractive ψ, ψ' with sup‖ψ − ψ'‖ ≤ s: D_α^{(γe+s)}(ψ(X) ‖ ψ'(X)) ≤ D_α^{(e)}(X ‖ X') "
                        "(as printed: ψ'(X)); affine diagonal maps and diagonal Gaussians, checked as LHS − RHS ≤ 0.",
              hypotheses=_lem4_hyps(False), bound=sympy.S.Zero, quantity=_lem4_quantity(False),
              adversaries=lem4_adv, derivation="olu.lem4",
              note="As printed the left side compares ψ(X) with ψ'(X): they are within s ≤ γe + s of each other, so "
                   "it is 0 — true and vacuous. Eq. (9) step (c) and the proof use ψ'(X'): olu.lem4:as-used."),
        Claim(id="olu.lem4:as-used", source="Lemma 4 (lines 481–501), with ψ'(X') as eq. (9) step (c) uses it",
              kind=Kind.PRIVACY,
              statement="D_α^{(γe+s)}(ψ(X) ‖ ψ'(X')) ≤ D_α^{(e)}(X ‖ X'), checked as LHS − RHS ≤ 0.",
              hypotheses=_lem4_hyps(True), bound=sympy.S.Zero, quantity=_lem4_quantity(True),
              adversaries=lem4_adv, derivation="olu.lem4:as-used",
              note="Equality cases (e = s = 0, invertible maps) are undecidable as a difference of enclosures; they "
                   "count as undecided instances."),
        Claim(id="olu.lem4:control-no-s", source="Lemma 4 (lines 481–483) with the shift γe (s dropped)",
              kind=Kind.PRIVACY, statement="Negative control: D_α^{(γe)}(ψ(X) ‖ ψ'(X')) ≤ D_α^{(e)}(X ‖ X').",
              hypotheses=_lem4_hyps(True, True), bound=sympy.S.Zero, quantity=_lem4_quantity(True, True),
              adversaries=lem4_adv, control=Control.NEGATIVE),
        Claim(id="olu.lem3", source="Lemma 3 (lines 405–409; proof 459–471)", kind=Kind.PRIVACY,
              statement="For CNIs with γ-contractive ψ_t, ψ'_t, s_t = sup‖ψ_t − ψ'_t‖ and e_t = Σ_{i≤t}γ^{t−i}(s_i − a_i) "
                        "≥ 0 for all t: D_α^{(e_T)}(X_T ‖ X'_T) ≤ Σ_t R_α(ζ_t, a_t). Checked on affine diagonal maps with "
                        "Gaussian or Dirac noise (exact Gaussian laws).",
              hypotheses=LEM3_HYPS, bound=Rsum, quantity=_lem3_quantity, adversaries=lem3_adv, derivation="olu.lem3"),
        Claim(id="olu.lem3:control-half", source="Lemma 3 (lines 405–409) with the bound halved", kind=Kind.PRIVACY,
              statement="Negative control: D_α^{(e_T)}(X_T ‖ X'_T) ≤ Σ_t R_α(ζ_t, a_t)/2.", hypotheses=LEM3_HYPS,
              bound=Rsum / 2, quantity=_lem3_quantity, adversaries=lem3_adv[:1], control=Control.NEGATIVE),
        Claim(id="olu.lem7", source="Lemma 7 (lines 822–826; Orabona 2019, Lemma 4.13)", kind=Kind.INEQUALITY,
              statement="For a_0, a_t ≥ 0 and f nonincreasing ≥ 0: Σ_t a_t f(a_0 + Σ_{i≤t} a_i) ≤ ∫_{a_0}^{Σ_{t=0}^T a_t} f; "
                        "checked as the ratio LHS/∫ ≤ 1 on step functions (exact) and f = 1/√x.",
              hypotheses=LEM7_HYPS, bound=sympy.S.One, quantity=_lem7_quantity, adversaries=lem7_adv,
              derivation="olu.lem7"),
        Claim(id="olu.lem7:control-half", source="Lemma 7 (lines 822–826) with the integral halved",
              kind=Kind.INEQUALITY, statement="Negative control: Σ_t a_t f(a_0 + Σ_{i≤t} a_i) ≤ ½∫ f.",
              hypotheses=LEM7_HYPS, bound=sympy.Rational(1, 2), quantity=_lem7_quantity, adversaries=lem7_adv[:1],
              control=Control.NEGATIVE),
        Claim(id="olu.lem8", source="Lemma 8 (lines 828–832; Srebro et al. 2010, Lemma 4.1)", kind=Kind.INEQUALITY,
              statement="For β-smooth f: ‖∇f(x)‖² ≤ 2β(f(x) − inf f).", hypotheses=LEM8_HYPS, bound=LEM8,
              quantity=lambda v: to_arb(_lem8_parts(v)[0]), adversaries=lem8_adv, derivation="olu.lem8"),
        Claim(id="olu.lem8:control-as-used", source="Lemma 8 as eq. (33) step (a) applies it (line 836): factor β",
              kind=Kind.INEQUALITY, statement="Negative control: ‖∇f(x)‖² ≤ β(f(x) − inf f).", hypotheses=LEM8_HYPS,
              bound=LEM8 / 2, quantity=lambda v: to_arb(_lem8_parts(v)[0]), adversaries=lem8_adv[:1],
              control=Control.NEGATIVE),
        Claim(id="olu.lemE", source="Lemma E (lines 986–990; Hardt et al.)", kind=Kind.CONTRACTION,
              statement="GD with η = 2/(μ + β) on a μ-strongly convex β-smooth objective: ‖w_T − w*‖ ≤ γ^T‖w₀ − w*‖, "
                        "γ = (β/μ − 1)/(β/μ + 1); on averages of quadratics with one Hessian.",
              hypotheses=LEME_HYPS, bound=LEME, quantity=_leme_quantity, adversaries=leme_adv, derivation="olu.lemE"),
        Claim(id="olu.lemE:control-extra-step", source="Lemma E (lines 986–990) with γ^{T+1}", kind=Kind.CONTRACTION,
              statement="Negative control: ‖w_T − w*‖ ≤ γ^{T+1}‖w₀ − w*‖.", hypotheses=LEME_HYPS,
              bound=GAMMA_SC ** (T + 1) * sqrt(R0), quantity=_leme_quantity, adversaries=leme_adv,
              control=Control.NEGATIVE),
    ]


# =========================================================================== the claims
CLAIMS: list[Claim] = [
    _unlearning_claim(
        "olu.thm1", "Theorem 1 (lines 141, 383–423)",
        "If every update g_t is Markovian (C1), γ-contractive (C2) and Δ_t-sensitive (C3), Algorithm 1 is an "
        "(α, αε)-OLU (Definition 2): D_α(output ‖ reference) ≤ αε on every interval [τ[i], τ[i+1]).",
        gamma, (H("0 < γ ≤ 1", "<=", gamma, 1),
                P_exact("C2: every OGD step is γ-contractive (exact: max_k |1 − ηλ_k| ≤ γ)",
                  lambda v: _contraction(v) <= frac(v["gamma"])), C3),
        UNLEARN_ADVERSARIES_CONVEX + (Adversary("quadratics λ ∈ {μ, β}, η = 1/(β+μ), γ = the true contraction",
                                                generate=_quadratic_family(RATIOS, _sc_eta)),
                                      Adversary("search: β/μ, gap, α, ω with the true γ",
                                                space=_search_space(_sc_eta, fixed_gamma=True))),
        note="Tight: one aligned deletion gives D_α = αε(ω−1)/ω, → αε as ω grows."),
    _unlearning_claim(
        "olu.thm1:control-sigma-halved", "Theorem 1 (lines 141, 383–423) with every σ_i halved",
        "Negative control: Algorithm 1 with σ_i/2 is not an (α, αε)-OLU.",
        gamma, (H("0 < γ ≤ 1", "<=", gamma, 1),
                P_exact("C2: every OGD step is γ-contractive (exact)", lambda v: _contraction(v) <= frac(v["gamma"])), C3),
        UNLEARN_ADVERSARIES_CONVEX, scale=Fraction(1, 4), derivation=None, control=Control.NEGATIVE,
        note="Violated where one aligned deletion meets ω > 4/3: D_α = 4αε(ω−1)/ω."),
    _unlearning_claim(
        "olu.cor1:convex", "Corollary 1 (line 155), convex case",
        "For β-smooth convex losses, Algorithm 1 with OGD and η ≤ 2/β is an (α, αε)-OLU with γ = 1.",
        sympy.S.One, (P_exact("0 ≤ λ_k ≤ β (convex, β-smooth)", lambda v: _lam_range(v, Fraction(0), frac(v["beta"]))),
                      P_exact("η ≤ 2/β", lambda v: 0 < frac(v["eta"]) <= 2 / frac(v["beta"])), C3),
        UNLEARN_ADVERSARIES_CONVEX),
    _unlearning_claim(
        "olu.cor1:sc", "Corollary 1 (line 155), strongly convex case",
        "For β-smooth μ-strongly convex losses, Algorithm 1 with OGD and η ≤ 1/(β+μ) is an (α, αε)-OLU with "
        "γ = (β/μ − 1)/(β/μ + 1).",
        GAMMA_SC, SC_HYPS + (P_exact("0 < η ≤ 1/(β+μ)", lambda v: 0 < frac(v["eta"]) <= 1 / (frac(v["beta"]) + frac(v["mu"]))),),
        UNLEARN_ADVERSARIES_SC,
        note="γ = (κ−1)/(κ+1) is the contraction of a GD step only at η = 2/(β+μ) (Lemma D); with η ≤ 1/(β+μ) a "
             "step contracts the weakly curved direction by 1 − ημ ≥ β/(β+μ) > γ, so the noise falls short by "
             "((1−ημ)/γ)^{τ−u}."),
    _unlearning_claim(
        "olu.cor1:sc+fix", "Corollary 1 (line 155), strongly convex case, corrected",
        "For β-smooth μ-strongly convex losses and η ≤ 2/(β+μ), Algorithm 1 with γ = 1 − ημ (the contraction "
        "factor of a GD step, max(|1−ημ|, |1−ηβ|)) is an (α, αε)-OLU.",
        GAMMA_SC_FIX, SC_HYPS + (P_exact("0 < η ≤ 2/(β+μ)", lambda v: 0 < frac(v["eta"]) <= 2 / (frac(v["beta"]) + frac(v["mu"]))),),
        (Adversary("quadratics λ ∈ {μ, β}, η = 1/(β+μ)", generate=_quadratic_family(RATIOS, _sc_eta)),
         Adversary("quadratics λ ∈ {μ, β}, η = 2/(β+μ)", generate=_quadratic_family(RATIOS, lambda m_, b_: 2 / (b_ + m_))),
         Adversary("search: β/μ, gap, α, ω", space=_search_space(_sc_eta, fixed_gamma=False))),
        corrects="olu.cor1:sc"),
    Claim(id="olu.lemD.1", source="Lemma D, first bullet (lines 543–547)", kind=Kind.CONTRACTION,
          statement="For convex M-smooth ℓ and η ≤ 2/M, w ↦ w − η∇ℓ(w) is (1 − ηM)-contractive.",
          hypotheses=(H("η ≤ 2/M", "<=", eta, 2 / Mc), *_lemd_hyps(True)), bound=LEMD_1, quantity=_gd_contraction,
          adversaries=(Adversary("quadratics with Hessian eigenvalues in {0, m, M}", generate=_lemd_instances(False)),),
          derivation="olu.lemD.1",
          note="A quadratic with a flat direction is not contracted at all (factor 1), and at η = 2/M the factor "
               "|1 − ηM| = 1 > 1 − ηM = −1."),
    Claim(id="olu.lemD.1+fix", source="Lemma D, first bullet (lines 543–547), corrected",
          statement="For convex M-smooth ℓ and η ≤ 2/M, w ↦ w − η∇ℓ(w) is 1-Lipschitz (non-expansive).",
          hypotheses=(H("η ≤ 2/M", "<=", eta, 2 / Mc), *_lemd_hyps(True)), bound=sympy.S.One,
          quantity=_gd_contraction, kind=Kind.CONTRACTION, corrects="olu.lemD.1", derivation="olu.lemD.1+fix",
          adversaries=(Adversary("quadratics with Hessian eigenvalues in {0, m, M}", generate=_lemd_instances(False)),)),
    Claim(id="olu.lemD.2", source="Lemma D, second bullet (lines 549–551)", kind=Kind.CONTRACTION,
          statement="For m-strongly convex M-smooth ℓ and η = 2/(M+m), w ↦ w − η∇ℓ(w) is (M/m−1)/(M/m+1)-contractive.",
          hypotheses=(P_exact("η = 2/(M+m)", lambda v: frac(v["eta"]) == 2 / (frac(v["M"]) + frac(v["m"]))), *_lemd_hyps(False)),
          bound=LEMD_2, quantity=_gd_contraction, derivation="olu.lemD.2",
          adversaries=(Adversary("quadratics with Hessian eigenvalues in {m, M}", generate=_lemd_instances(True)),)),
    Claim(id="olu.thm2", source="Theorem 2 (lines 178–184; proof lines 565–623)", kind=Kind.REGRET,
          statement="Strongly convex losses, η_t = 1/(μt), u[i] ≥ 1/2 + β/μ: E Regret_T = L²/μ(log T + 2k² + "
                    "√3 d k^{1.7} G₁/ε) (read as ≤).",
          hypotheses=THM2_HYPS + (mean_square_hypothesis("sc", GAMMA_SC, False),), bound=THM2,
          quantity=regret_quantity("sc", GAMMA_SC),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=_regret_family(_thm2_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=_regret_space(_thm2_floor))),
          derivation="olu.thm2"),
    Claim(id="olu.thm2:proof", source="Theorem 2, the explicit bound its proof establishes: eqs. (18)+(19) (lines 612, 621)",
          kind=Kind.REGRET,
          statement="E Regret_T ≤ L²/μ(1 + log T) + dωk^{ω+1/2}L²/(2√3εμ(ω−1))·G₁ + (1+k)kL²/μ at ω = 6/5.",
          hypotheses=THM2_HYPS + (mean_square_hypothesis("sc", GAMMA_SC, False),), bound=THM2_PROOF,
          quantity=regret_quantity("sc", GAMMA_SC),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=_regret_family(_thm2_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=_regret_space(_thm2_floor))),
          derivation="olu.thm2:proof"),
    Claim(id="olu.cor7", source="Corollary 7 (lines 657–671)", kind=Kind.REGRET,
          statement="Under Theorem 2's assumptions: E Regret_T ≤ L²/μ(1 + k + k² + log T) + "
                    "dωk^{ω+1}L²/(2√3 e ln(1/γ) εμ(ω−1)) (ω = 6/5).",
          hypotheses=THM2_HYPS + (H("β > μ (γ > 0: ln(1/γ) finite)", ">", beta, mu),
                                  mean_square_hypothesis("sc", GAMMA_SC, False)),
          bound=COR7.subs(gamma, GAMMA_SC), quantity=regret_quantity("sc", GAMMA_SC),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=_regret_family(_thm2_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=_regret_space(_thm2_floor))),
          derivation="olu.cor7",
          note="Eq. (22) bounds each τ[i]γ^{2(τ[i]−u[i])}/u[i]² by 1 + 1/(e ln(1/γ)); substituted into Theorem 2 "
               "the '1 +' part of that bound is multiplied by dωk^{ω+1/2}L²/(…ε), not by L²/μ — it is dropped."),
    Claim(id="olu.thm6", source="Theorem 6, unlearning part (lines 259–263; proof lines 886–957); Algorithm 2 (lines 868–883)",
          kind=Kind.UNLEARNING,
          statement="With I_{1,i} ≥ log_{1/γ}(μDτ[i]/L) and I₂ ≥ 2.2 log_{1/γ} k, Algorithm 2 with σ_i of eq. (40) "
                    "is an (α, αε)-OLU.",
          hypotheses=THM6_HYPS, bound=alpha * epsilon, quantity=_alg2_quantity(),
          adversaries=(Adversary("curvatures {μ, β}, deletions right after the previous one, fewest steps",
                                 generate=_thm6_instances),),
          derivation="olu.thm6",
          note="Exact laws of the unprojected Algorithm 2 (K = R^d; the mean paths stay in K by ηβ ≤ 1, the noise "
               "does not): a deleted step that meets earlier noise changes the covariance, so D_α is between "
               "Gaussians with different covariances."),
    Claim(id="olu.thm3", source="Theorem 3 (lines 202–208; proof lines 632–712)", kind=Kind.REGRET,
          statement="Convex losses with aggregate quadratic growth, η_t = D/(L√t), u[i] ≥ β²D²/(4L²): E Regret_T ≤ "
                    "3DL√T + 2k²L²/κ + 3DLdk^{1.7}G₂/(2ε).",
          hypotheses=THM3_HYPS + (mean_square_hypothesis("convex", sympy.S.One, True),), bound=THM3,
          quantity=regret_quantity("convex", sympy.S.One),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=_regret_family(_thm3_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=_regret_space(_thm3_floor))),
          derivation="olu.thm3"),
    Claim(id="olu.thm5", source="Theorem 5 (lines 245–249; proof lines 835–866)", kind=Kind.REGRET,
          statement="Convex losses with aggregate quadratic growth and the proof's constant step η (line 862): "
                    "E Regret_T ≤ L(D + k^{1.1}√(d/ε))√(2T) + 2L²k²/κ.",
          hypotheses=CONVEX_REGRET_HYPS + (mean_square_hypothesis("thm5", sympy.S.One, True),), bound=THM5,
          quantity=regret_quantity("thm5", sympy.S.One),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=_regret_family(_thm3_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=_regret_space(_thm3_floor))),
          derivation="olu.thm5"),
    Claim(id="olu.lem5", source="Lemma 5 (lines 625–629; proof 633–655)", kind=Kind.SENSITIVITY,
          statement="For μ-strongly convex L-Lipschitz f_1..f_T, removing c of them moves the minimiser of the sum "
                    "by at most 2cL/(μT) (printed with c = i − 1).",
          hypotheses=(P_exact("quadratics, μ ≤ λ_min, L ≥ λ_max·diam(data)", lambda v: _stability_hyps(v)
                        and frac(v["mu"]) <= min(frac(l) for l in v["lam"])),),
          bound=LEM5, quantity=_stability_quantity, derivation="olu.lem5",
          adversaries=(Adversary("removed points opposite the rest", generate=_stability_instances),)),
    Claim(id="olu.lem6", source="Lemma 6 (lines 716–720; proof 724–740)", kind=Kind.SENSITIVITY,
          statement="If F = Σ f_j has quadratic growth κ and each f_j is L-Lipschitz, removing c functions moves the "
                    "minimiser by at most 2cL/κ.",
          hypotheses=(P_exact("quadratics, κ ≤ Tλ_min (QG of the sum), L ≥ λ_max·diam(data)", lambda v: _stability_hyps(v)
                        and frac(v["kappa"]) <= frac(v["T"]) * min(frac(l) for l in v["lam"])),),
          bound=LEM6, quantity=_stability_quantity, derivation="olu.lem6",
          adversaries=(Adversary("removed points opposite the rest", generate=_stability_instances),)),
    Claim(id="olu.lem9", source="Lemma 9 (lines 801–803; proof 809–831)", kind=Kind.INEQUALITY,
          statement="If a, c > 0, b ≥ 0, x ≥ 0 and x − √(ax + b) ≤ c, then x ≤ a + c + 2√(b + ac).",
          hypotheses=(H("a > 0", ">", a9, 0), H("c > 0", ">", c9, 0)), bound=LEM9, quantity=_lem9_quantity,
          adversaries=(Adversary("grid of (a, b, c) over six orders of magnitude", generate=_lem9_instances),),
          derivation="olu.lem9", note="The quantity is the largest x allowed by the hypothesis (a root)."),
    _lem10_claim(
        "olu.lem10", square=False, source="Lemma 10 (line 1000, eq. (52))",
        statement="For a, b, c ∈ R^d: ‖a − b‖ − ‖c − b‖² ≤ ‖a − c‖² + 2‖a − c‖‖c − b‖ (as printed: the first norm "
                  "is not squared). Checked on points of a line (d = 1), where the right-hand side is tightest.",
        note="At a = c the claim reads ‖a − b‖ ≤ ‖a − b‖², false whenever 0 < ‖a − b‖ < 1."),
    _lem10_claim(
        "olu.lem10+fix", square=True, source="Lemma 10 (line 1000, eq. (52)), as its proof (eq. (58)) reads it",
        statement="For a, b, c ∈ R^d: ‖a − b‖² − ‖c − b‖² ≤ ‖a − c‖² + 2‖a − c‖‖c − b‖.", corrects="olu.lem10"),
    Claim(id="olu.thm2:control-eighth", source="Theorem 2, eqs. (18)+(19) (lines 612, 621), divided by 8",
          kind=Kind.REGRET, statement="Negative control: E Regret_T ≤ (eqs. (18)+(19))/8.",
          hypotheses=THM2_HYPS + (mean_square_hypothesis("sc", GAMMA_SC, False),), bound=THM2_PROOF / 8,
          quantity=regret_quantity("sc", GAMMA_SC), control=Control.NEGATIVE,
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=_regret_family(_thm2_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=_regret_space(_thm2_floor)))),
    Claim(id="olu.lemD.2:control-squared", source="Lemma D, second bullet (lines 549–551), factor squared",
          kind=Kind.CONTRACTION, statement="Negative control: the factor ((M/m−1)/(M/m+1))².",
          hypotheses=(P_exact("η = 2/(M+m)", lambda v: frac(v["eta"]) == 2 / (frac(v["M"]) + frac(v["m"]))), *_lemd_hyps(False)),
          bound=LEMD_2**2, quantity=_gd_contraction, control=Control.NEGATIVE,
          adversaries=(Adversary("quadratics with Hessian eigenvalues in {m, M}", generate=_lemd_instances(True)),)),
    Claim(id="olu.lem5:control-quarter", source="Lemma 5 (lines 625–629) with the bound divided by 4",
          kind=Kind.SENSITIVITY, statement="Negative control: ‖w* − w_c*‖ ≤ cL/(2μT).",
          hypotheses=(P_exact("quadratics, μ ≤ λ_min, L ≥ λ_max·diam(data)", lambda v: _stability_hyps(v)
                        and frac(v["mu"]) <= min(frac(l) for l in v["lam"])),),
          bound=LEM5 / 4, quantity=_stability_quantity, control=Control.NEGATIVE,
          adversaries=(Adversary("removed points opposite the rest", generate=_stability_instances),)),
    Claim(id="olu.lem9:control-no-root", source="Lemma 9 (lines 801–803) without its square-root term",
          kind=Kind.INEQUALITY, statement="Negative control: x ≤ a + c.",
          hypotheses=(H("a > 0", ">", a9, 0), H("c > 0", ">", c9, 0)), bound=a9 + c9, quantity=_lem9_quantity,
          control=Control.NEGATIVE,
          adversaries=(Adversary("grid of (a, b, c) over six orders of magnitude", generate=_lem9_instances),)),
    Claim(id="olu.table1:constant", source="Table 1, row Constant (lines 163–168), with Theorem 5's guarantee (line 247)",
          kind=Kind.REGRET,
          statement="Algorithm 1 with Table 1's constant step η = √(2D²/(TL²(1 + 1.2k^{2.2}d/(0.42ε)))) attains "
                    "Theorem 5's regret L(D + k^{1.1}√(d/ε))√(2T) + 2L²k²/κ.",
          hypotheses=CONVEX_REGRET_HYPS + (mean_square_hypothesis("table1", sympy.S.One, True),), bound=THM5,
          quantity=regret_quantity("table1", sympy.S.One),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=_regret_family(_thm3_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=_regret_space(_thm3_floor))),
          derivation="olu.table1:constant",
          note="Table 1 prints 0.42 where the proof's 2(ω² − 1) at ω = 1.2 is 0.88: a smaller step than Theorem 5's."),
    Claim(id="olu.prop1", source="Proposition 1 (line 100; proof lines 345–359, 367–381)", kind=Kind.UNLEARNING,
          statement="For k ∈ N and α ≥ 2k, any (α, ε)-RDP online learning algorithm is an (α/k, k^{1.6}ε)-OLU for any "
                    "U and T of size k: D_{α/k}(A(S_i) ‖ A(S'_i)) ≤ k^{1.6}ε, S_i and S'_i differing in i ≤ k functions.",
          hypotheses=PROP1_HYPS, bound=k ** Rational(8, 5) * epsilon, quantity=_prop1_quantity,
          adversaries=(Adversary("Gaussian and Bernoulli chains with equal steps, α from 2k to 8k", generate=_prop1_instances),
                       Adversary("search: Bernoulli chains (k + 1 log-odds), α/k", space=_prop1_space())),
          derivation="olu.prop1",
          note="Instances are online learners whose output law depends only on how many of the k deleted functions "
               "they saw (a chain P_0..P_k): neighbouring streams change that count by at most one, so the learner is "
               "(α, ε)-RDP exactly when consecutive laws are within ε at order α (both directions). The proof cites "
               "Mironov's group-privacy Proposition 2, stated for groups of 2^c: D_{α/2^c} ≤ 3^c ε."),
    Claim(id="olu.prop1:control-no-group", source="Proposition 1 (line 100) without the group factor k^{1.6}",
          kind=Kind.UNLEARNING, statement="Negative control: D_{α/k}(A(S_i) ‖ A(S'_i)) ≤ ε.",
          hypotheses=PROP1_HYPS, bound=epsilon, quantity=_prop1_quantity, control=Control.NEGATIVE,
          adversaries=(Adversary("Gaussian and Bernoulli chains with equal steps, α from 2k to 8k", generate=_prop1_instances),)),
    Claim(id="olu.thm4", source="Theorem 4 (lines 218–222; proof lines 784–869), explicit bound eq. (36) at ω = 3/2",
          kind=Kind.REGRET,
          statement="Convex, L-Lipschitz, β-smooth losses, η_t = D/√p(t), p(u₀) ≥ β²/4 and u[i] ≥ u₀: E Regret_T ≤ "
                    "9D²β/4 + 3D√(Σ_iΣ_t f_t(z*_i)) + (3/4)dk²L²D²G₃/ε, G₃ = √(βΣ_i p(τ[i])/p(u[i])²) (eq. (36)). "
                    "Checked on linear streams, where the adaptive steps are deterministic and the laws exactly Gaussian.",
          hypotheses=THM4_HYPS, bound=THM4, quantity=_thm4_quantity,
          adversaries=(Adversary("2-D linear streams, weak drift and alternating gradients, f_t ≥ 0 on a box K, β grid",
                                 generate=_thm4_family),
                       Adversary("gradients e₁, e₂ on K = [0, 1]² (F* = 0), β from 0 to 1/10", generate=_thm4_orthant)),
          derivation="olu.thm4",
          note="Linear losses only: their gradient norms do not depend on the iterate, so p(t) and the steps are "
               "deterministic and Algorithm 1's outputs stay Gaussian. Quadratic streams would make the steps random "
               "(Monte Carlo); they are left out."),
    Claim(id="olu.thm4+fix", source="Theorem 4 (lines 784–869), the bound of eqs. (32)–(34) without Lemma 8",
          kind=Kind.REGRET, corrects="olu.thm4",
          statement="Under Theorem 4's assumptions: E Regret_T ≤ (3 + k)D√p(T)/2 + (3/4)dk²L²D√(Σ_i p(τ[i])/p(u[i])²)/ε "
                    "(eq. (33) with each comparator switch charged D²/(2η_T), and eq. (34)(b) with Cauchy–Schwarz "
                    "Σ_{i≤k} i^{2ω} ≤ k^{2ω+1}).",
          hypotheses=THM4_HYPS, bound=THM4_FIX, quantity=_thm4_quantity,
          adversaries=(Adversary("2-D linear streams, weak drift and alternating gradients, f_t ≥ 0 on a box K, β grid",
                                 generate=_thm4_family),
                       Adversary("gradients e₁, e₂ on K = [0, 1]² (F* = 0), β from 0 to 1/10", generate=_thm4_orthant)),
          derivation="olu.thm4+fix"),
    Claim(id="olu.table2:restart", source="Table 2, rows Discard-and-restart (lines 250–251); line 278",
          kind=Kind.UNLEARNING,
          statement="Discard-and-restart (OGD reset to z_1 at every deletion) is an (α, 0)-OLU (Definition 2).",
          hypotheses=(H("α > 1", ">", alpha, 1), H("μ > 0", ">", mu, 0), P_exact("stream valid", _valid_stream)),
          bound=sympy.S.Zero,
          quantity=baseline_divergence("restart"),
          adversaries=(Adversary("quadratic streams, deletion schedules", generate=_table2_instances),),
          derivation="olu.table2:restart"),
    Claim(id="olu.table2:retrain", source="Table 2, rows Retraining (lines 252–253); line 278", kind=Kind.UNLEARNING,
          statement="Retraining from scratch at every deletion is an (α, 0)-OLU (Definition 2).",
          hypotheses=(H("α > 1", ">", alpha, 1), H("μ > 0", ">", mu, 0), P_exact("stream valid", _valid_stream)),
          bound=sympy.S.Zero,
          quantity=baseline_divergence("retrain"),
          adversaries=(Adversary("quadratic streams, deletion schedules", generate=_table2_instances),),
          derivation="olu.table2:retrain"),
    Claim(id="olu.table2:control-no-restart", source="Table 2 (line 278) with plain OGD in place of the baseline",
          kind=Kind.UNLEARNING, statement="Negative control: OGD that neither restarts nor adds noise is an (α, 0)-OLU.",
          hypotheses=(H("α > 1", ">", alpha, 1), H("μ > 0", ">", mu, 0), P_exact("stream valid", _valid_stream)),
          bound=sympy.S.Zero,
          quantity=baseline_divergence("ogd"), control=Control.NEGATIVE,
          adversaries=(Adversary("quadratic streams, deletion schedules", generate=_table2_instances),)),
    Claim(id="olu.table2:restart-regret-sc", source="Table 2, row Discard-and-restart, SC (line 250): k log T",
          kind=Kind.REGRET,
          statement="Discard-and-restart with η_s = 1/(μs) on μ-strongly convex losses: Regret_T ≤ (k+1)L²(1 + log T)/(2μ) "
                    "(the explicit form of k log T: one OGD run per interval, Hazan 2016 Thm 3.3).",
          hypotheses=TABLE2_SC, bound=RESTART_SC, quantity=restart_regret(True),
          adversaries=(Adversary("quadratic streams, alternating targets, deletion schedules", generate=_table2_instances),),
          derivation="olu.table2:restart-regret-sc"),
    Claim(id="olu.table2:restart-regret-c", source="Table 2, row Discard-and-restart, C (line 251): k√T",
          kind=Kind.REGRET,
          statement="Discard-and-restart with η_s = D/(L√s) on convex losses: Regret_T ≤ (3/2)(k+1)DL√T (one OGD run "
                    "per interval, Hazan 2016 Thm 3.1).",
          hypotheses=TABLE2_C, bound=RESTART_C, quantity=restart_regret(False),
          adversaries=(Adversary("quadratic streams, alternating targets, deletion schedules", generate=_table2_instances),),
          derivation="olu.table2:restart-regret-c"),
    Claim(id="olu.thm6:regret", source="Theorem 6, regret part (lines 270–274; proof lines 1015–1140)", kind=Kind.REGRET,
          statement="Under Theorem 6's assumptions and Assumption 2, Algorithm 2 with η_t = 1/(μt): E Regret_T ≤ "
                    "(C + D + E)/2 + E[B] + (1+k)kL²/μ with the proof's explicit parts (eqs. (47)–(55)); the "
                    "statement's O(log T + k(LD² + Ld/(με)) + G₂ + L²k²/μ) is their order.",
          hypotheses=THM6_REGRET_HYPS, bound=THM6_REGRET.subs(gamma, GAMMA_SC), quantity=_alg2_regret,
          adversaries=(Adversary("Assumption 2 streams, outliers at deletion times, fewest descent steps",
                                 generate=_thm6_regret_instances),),
          derivation="olu.thm6:regret",
          note="The proof ends in an O(·) (eq. (56)); the bound checked is the sum of its explicit parts as printed, "
               "with eq. (40)'s σ_i (eq. (47) cites eq. (59), Algorithm 3's garbled σ). Eq. (47) drops the factors L "
               "and √d of L·E‖ξ_i‖ ≤ L√dσ_i."),
]
CLAIMS += _lemma_claims()
