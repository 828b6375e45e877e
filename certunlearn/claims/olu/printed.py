"""Algorithm 1 as printed (lines 115–136): projected OGD on boxes and balls with general smooth losses, projection
then noise (``olu.alg1:projected``), and the OGD step as the pseudo-code's line 3 indexes it (``olu.alg1:printed-step``
and its ``+fix``). Paper file ``papers/000_8245766a2c9b0ba6.txt``; algorithms: :mod:`certunlearn.algorithms.olu.printed`.

**Exact where the law is known.** Before the first noise every state of Algorithm 1 is deterministic, whatever the
loss and the projection, so its release at τ[1] is exactly N(m, σ_1²I); ``olu.alg1:projected`` checks Corollary 1's
convex case there (the interval [τ[1], τ[2]) follows by post-processing: after τ[1] both processes apply the same
maps). Later releases under a projection or a non-affine gradient are not Gaussian; they are sampled by
:mod:`.sampled` (statistical claims, labelled so) and no verdict here rests on samples. ``olu.alg1:printed-step`` uses linear and diagonal
quadratic losses on R^d, where every law is exactly Gaussian.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import sympy
from flint import arb

from ...algorithms import olu as A
from ...algorithms.olu import printed as P
from ...formulas.olu import gamma, L, omega, SIGMA2_ALG1, gap, i_
from ...formulas.symbols import Delta, alpha, epsilon
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import H, P_exact
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind
from .quantities import contraction, noise_variances, renyi_diag, renyi_diag_exact, sq, stream_of, vec

BOX, BALL = 0, 1


def sigma2_first(values: Instance, scale: Fraction = Fraction(1)) -> Fraction:
    """σ_1² of Algorithm 1 (``SIGMA2_ALG1`` at i = 1, γ = 1, Δ = ηL), exactly: i^ω = 1 at i = 1."""
    e = SIGMA2_ALG1.subs({i_: 1, gamma: 1, gap: 0, Delta: frac(values["eta"]) * frac(values["L"]),
                          omega: frac(values["omega"]), epsilon: frac(values["epsilon"])})
    q = sympy.Rational(e)
    return Fraction(int(q.p), int(q.q)) * scale


def _exact_case(values: Instance) -> bool:
    """Fractions suffice: linear or Huber losses on a box."""
    return int(frac(values["family"])) in (P.LINEAR, P.HUBER) and int(frac(values["K"])) == BOX


def losses_of(values: Instance, conv: Callable[[Any], Any]) -> P.Losses:
    ridge = frac(values.get("ridge", 0))
    return P.Losses(int(frac(values["family"])), tuple(tuple(conv(frac(x)) for x in r) for r in values["X"]),
                    y=tuple(int(frac(v)) for v in values.get("y", ())), delta=conv(frac(values.get("delta", 1))),
                    ridge=conv(ridge) if ridge else 0)


def domain_of(values: Instance, conv: Callable[[Any], Any]) -> P.Box | P.Ball:
    if int(frac(values["K"])) == BOX:
        return P.Box(tuple(conv(x) for x in vec(values, "lo")), tuple(conv(x) for x in vec(values, "hi")))
    return P.Ball(tuple(conv(x) for x in vec(values, "centre")), conv(frac(values["radius"])))


def release_means(values: Instance) -> tuple[list, list]:
    """(m, m'): the means of Algorithm 1's release at τ[1] and of the reference process's (f_{u[1]} replaced by ⊥)."""
    conv = (lambda q: q) if _exact_case(values) else to_arb
    losses, K = losses_of(values, conv), domain_of(values, conv)
    z1 = [conv(x) for x in vec(values, "z1")]
    etas = [conv(frac(values["eta"]))] * losses.T
    tau, u = [int(frac(t)) for t in values["tau"]], [int(frac(x)) for x in values["u"]]
    return (P.first_release(losses, K, z1, etas, tau, u),
            P.first_release(losses, K, z1, etas, tau, u, reference=True))


def projected_quantity(scale: Fraction = Fraction(1)) -> Callable[[Instance], Any]:
    """D_α(N(m, σ_1²I) ‖ N(m', σ_1²I)) by the general diagonal formula: exact (a Fraction) for linear and Huber losses on
    boxes, an arb enclosure otherwise. ``scale`` multiplies σ_1² (the negative control)."""

    def quantity(values: Instance) -> Any:
        m, m2 = release_means(values)
        s2 = sigma2_first(values, scale)
        if _exact_case(values):
            return renyi_diag_exact(values["alpha"], A.Law(tuple(m), (s2,) * len(m)), A.Law(tuple(m2), (s2,) * len(m2)))
        v = to_arb(s2)
        return renyi_diag(values["alpha"], A.Law(tuple(m), (v,) * len(m)), A.Law(tuple(m2), (v,) * len(m2)))

    return quantity


def lipschitz_smooth(values: Instance) -> bool:
    """Each f_t convex, L-Lipschitz and β-smooth on R^d: linear ‖x_t‖ ≤ L; logistic ‖x_t‖ ≤ L, ‖x_t‖²/4 ≤ β; Huber
    δ√d ≤ L (its gradient is the clipped residual), 1 ≤ β."""
    fam, L_, b_ = int(frac(values["family"])), frac(values["L"]), frac(values["beta"])
    rows = [vec({"r": r}, "r") for r in values["X"]]
    if fam == P.LINEAR:
        return all(sq(r) <= L_ * L_ for r in rows)
    if fam == P.LOGISTIC:
        return all(sq(r) <= L_ * L_ and sq(r) <= 4 * b_ for r in rows) and len(values["y"]) == len(rows)
    if fam == P.HUBER:
        dl = frac(values["delta"])
        return dl > 0 and dl * dl * len(rows[0]) <= L_ * L_ and 1 <= b_
    return False


def domain_ok(values: Instance) -> bool:
    K = domain_of(values, lambda q: q)
    z1 = vec(values, "z1")
    shape = (all(a <= b for a, b in zip(K.lo, K.hi)) if isinstance(K, P.Box) else K.radius > 0)
    return shape and len(z1) == len(values["X"][0]) and K.contains(z1)


def _schedule_first(values: Instance) -> bool:
    tau, u = [frac(t) for t in values["tau"]], [frac(x) for x in values["u"]]
    return (len(tau) == len(u) == 1 and all(x.denominator == 1 for x in tau + u) and 1 <= u[0] <= tau[0] <= len(values["X"]))


PROJECTED_HYPS = (
    H("α > 1", ">", alpha, 1), H("ε > 0", ">", epsilon, 0), H("ω > 1", ">", omega, 1), H("L > 0", ">", L, 0),
    P_exact("0 < η ≤ 2/β", lambda v: frac(v["beta"]) > 0 and 0 < frac(v["eta"]) <= 2 / frac(v["beta"])),
    P_exact("convex, L-Lipschitz, β-smooth losses (linear, logistic or Huber; decided exactly)", lipschitz_smooth),
    P_exact("K a box or a ball, z_1 ∈ K", domain_ok),
    P_exact("one deletion, 1 ≤ u[1] ≤ τ[1] ≤ T (the release at τ[1] is checked)", _schedule_first),
)


def projected_instance(family: int, X, z1, K: int, dom: dict, tau: int, u: int, *, eta_, beta_, L_, omega_,
                       alpha_=Fraction(2), epsilon_=Fraction(1), y=(), delta=Fraction(1)) -> dict:
    F = lambda xs: [Fraction(x) for x in xs]
    out = {"family": family, "X": [F(r) for r in X], "z1": F(z1), "K": K, "tau": [tau], "u": [u], "eta": Fraction(eta_),
           "beta": Fraction(beta_), "L": Fraction(L_), "omega": Fraction(omega_), "alpha": Fraction(alpha_),
           "epsilon": Fraction(epsilon_), "y": list(y), "delta": Fraction(delta)}
    out.update({k_: (F(v) if isinstance(v, (list, tuple)) else Fraction(v)) for k_, v in dom.items()})
    return out


_OMEGAS = (Fraction(6, 5), Fraction(3), Fraction(20))


def huber_box_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Huber losses with saturated gradients (‖∇f‖ = δ√d = L) towards a far target, on a box that clips late or early;
    deletions at the first round, at the round of the release (u = τ) and in between, and at the boundaries the
    hypotheses allow: τ = u = 1 and τ = u = T."""
    out = []
    for d_, half in ((1, Fraction(1)), (2, Fraction(1)), (2, Fraction(1, 4))):
        T_ = 5
        X = [[5] * d_ for _ in range(T_)]
        L_ = Fraction(1) if d_ == 1 else Fraction(3, 2)  # ≥ δ√d, rational
        for tau, u in ((4, 4), (4, 1), (5, 3), (1, 1), (5, 5)):
            for om in _OMEGAS:
                out.append(projected_instance(P.HUBER, X, [0] * d_, BOX, {"lo": [-half] * d_, "hi": [half] * d_}, tau, u,
                                              eta_=Fraction(1, 5), beta_=1, L_=L_, omega_=om))
    rng.shuffle(out)
    return out[:size]


def logistic_ball_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Logistic losses with unit rows (3/5, 4/5) and labels pushing across the ball; η up to 2/β = 8 (the edge); deletion
    times from τ = u = 1 to τ = u = T."""
    out = []
    for radius in (Fraction(1, 2), Fraction(3)):
        for eta_ in (Fraction(1), Fraction(8)):
            for tau, u in ((3, 3), (3, 1), (4, 2), (1, 1), (4, 4)):
                for om in _OMEGAS[1:]:
                    out.append(projected_instance(P.LOGISTIC, [[Fraction(3, 5), Fraction(4, 5)]] * 4, [0, 0], BALL,
                                                  {"centre": [0, 0], "radius": radius}, tau, u, eta_=eta_,
                                                  beta_=Fraction(1, 4), L_=1, omega_=om, y=[1, -1, 1, 1]))
    rng.shuffle(out)
    return out[:size]


def linear_box_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Linear losses ⟨x_t, z⟩ with ‖x_t‖ = L on a box whose face stops the iterate (projection active at τ or before);
    deletion times from τ = u = 1 to τ = u = T."""
    out = []
    for lo in (Fraction(-1, 3), Fraction(-3)):
        for tau, u in ((3, 3), (3, 1), (2, 1), (1, 1)):
            for om in _OMEGAS:
                out.append(projected_instance(P.LINEAR, [[1, 0], [Fraction(3, 5), Fraction(4, 5)], [1, 0]], [0, 0], BOX,
                                              {"lo": [lo, lo], "hi": [1, 1]}, tau, u, eta_=Fraction(1, 4), beta_=1,
                                              L_=1, omega_=om))
    rng.shuffle(out)
    return out[:size]


# ---- the printed indexing of line 3
def printed_quantity(fix: bool) -> Callable[[Instance], arb]:
    """max over i of D_α between the output sequences over [τ[i], τ[i+1]) of Algorithm 1 with line 3's step and of its
    reference process i: +∞ where f_{u[i]} is first used inside the interval after the noise (u[i] = τ[i] < T: the two
    sequences are mutually singular, see :func:`~certunlearn.algorithms.olu.printed.used_after_deletion`), else D_α at τ[i] (the rest of the
    interval is the same maps of it). ``fix``: σ_i with the exponent τ[i] − u[i] − 1 the printed step really applies,
    and the algorithm drops f_{u[i]} after τ[i]."""

    def quantity(values: Instance) -> arb:
        s = stream_of(values)
        tau, u = [int(frac(t)) for t in values["tau"]], [int(frac(x)) for x in values["u"]]
        if not fix and P.used_after_deletion(tau, u, s.T, "printed"):
            return arb.pos_inf()
        etas = [frac(values["eta"])] * s.T
        if fix:
            shifted = {**values, "u": [min(x + 1, t) for x, t in zip(u, tau)]}  # exponent τ − u − 1 (0 at u = τ)
            var = noise_variances(shifted, gamma, etas)
        else:
            var = noise_variances(values, gamma, etas)
        ar = A.Stream(s.family, tuple(tuple(to_arb(x) for x in r) for r in s.X), tuple(to_arb(x) for x in s.lam))
        z1 = tuple(to_arb(x) for x in vec(values, "z1"))
        ea = [to_arb(e) for e in etas]
        olu = P.printed_laws(ar, z1, ea, tau, u, var, drop_deleted=fix)
        out = arb(0)
        for i, t in enumerate(tau, start=1):
            ref = P.printed_laws(ar, z1, ea, tau, u, var, reference=i, drop_deleted=fix)
            out = out.max(renyi_diag(values["alpha"], olu[t], ref[t]))
        return out

    return quantity


def _printed_c3(values: Instance) -> bool:
    """C3 with Δ = ηL for the step that uses f_{u[j]}: linear ‖x_t‖ ≤ L (global); quadratic: every f_{u[j]} is used
    before the first noise (u[j] + 1 ≤ τ[1]) and ‖λ⊙(z_{u[j]} − x_{u[j]})‖ ≤ L at that noise-free state."""
    s = stream_of(values)
    tau, u = [int(frac(t)) for t in values["tau"]], [int(frac(x)) for x in values["u"]]
    L_ = frac(values["L"])
    if s.family == A.LINEAR:
        return all(sq(r) <= L_ * L_ for r in s.X) and all(any(x != 0 for x in s.X[j - 1]) for j in u)
    if any(j + 1 > tau[0] for j in u):
        return False
    laws = P.printed_laws(s, vec(values, "z1"), [frac(values["eta"])] * s.T, tau, u, [Fraction(0)] * len(tau))
    return all(sq(l * (m - x) for l, m, x in zip(s.lam, laws[j].mean, s.X[j - 1])) <= L_ * L_ for j in u)


def _printed_schedule(values: Instance) -> bool:
    s = stream_of(values)
    try:
        A.check_schedule(s, [int(frac(t)) for t in values["tau"]], [int(frac(x)) for x in values["u"]])
    except Exception:
        return False
    return len(values["z1"]) == s.d and all(l > 0 for l in s.lam)


PRINTED_HYPS = (
    H("α > 1", ">", alpha, 1), H("ε > 0", ">", epsilon, 0), H("ω > 1", ">", omega, 1), H("L > 0", ">", L, 0),
    H("0 < γ ≤ 1", "<=", gamma, 1),
    P_exact("stream: 1 ≤ u[i] ≤ τ[i], τ increasing, distinct u; quadratics positive definite", _printed_schedule),
    P_exact("C2: every OGD step is γ-contractive (exact: max_k |1 − ηλ_k| ≤ γ)", lambda v: contraction(v) <= frac(v["gamma"])),
    P_exact("C3 with Δ = ηL at the step that uses each deleted f (linear: ‖x_t‖ ≤ L, x_u ≠ 0; quadratic: before "
            "the first noise)", _printed_c3),
)


def printed_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Linear streams (γ = 1) with a deletion at the round the point arrived (u = τ < T, down to τ = u = 1), or earlier,
    or at the last round (u = τ = T: f_T is never used), and two deletions ending at T; quadratic streams
    with λ ∈ {μ, β}, η = 1/(β+μ) and the true contraction γ = 1 − ημ, gaps 1..4, ω up to 20."""
    from .families import stream_instance

    out = []
    deep = size > 40  # the thorough profile: a wider ω grid
    omegas = (Fraction(6, 5), Fraction(20)) + ((Fraction(101, 100), Fraction(3), Fraction(100)) if deep else ())
    for tau, u in (([3], [3]), ([2, 4], [2, 1]), ([3], [1]), ([4], [4]), ([1], [1]), ([5], [5]), ([2, 5], [1, 3])):
        for om in omegas:
            X = [[1, 0], [0, 1], [1, 0], [Fraction(3, 5), Fraction(4, 5)], [1, 0]]
            out.append(stream_instance(A.LINEAR, X, [], [0, 0], tau, u, alpha=Fraction(2), epsilon=Fraction(1),
                                       omega=om, L=Fraction(1), eta=Fraction(1, 2), gamma=Fraction(1)))
    for r in (Fraction(2), Fraction(10)):
        mu_, beta_ = Fraction(1), r
        eta_ = 1 / (beta_ + mu_)
        for T_, tau, u in ((6, [3], [1]), (6, [5], [2]), (6, [5], [1]), (7, [6], [2])):
            X = [[Fraction((-1) ** t)] for t in range(T_)]
            s = A.Stream(A.QUADRATIC, tuple(tuple(r) for r in X), (mu_,))
            laws = P.printed_laws(s, (Fraction(0),), [eta_] * T_, tau, u, [Fraction(0)] * len(tau))
            L_ = max(abs(mu_ * (laws[j].mean[0] - X[j - 1][0])) for j in u)  # C3 tight at the deleted step's state
            for om in omegas:
                out.append(stream_instance(A.QUADRATIC, X, [mu_], [Fraction(0)], tau, u, alpha=Fraction(2),
                                           epsilon=Fraction(1), omega=om, L=L_, eta=eta_, mu=mu_, beta=beta_,
                                           gamma=1 - eta_ * mu_))
    rng.shuffle(out)
    return out[:size]


_PROJ_ADV = (Adversary("Huber on boxes, saturated gradients (‖∇f‖ = L), u = τ, u = 1, ω up to 20", generate=huber_box_instances),
             Adversary("logistic losses on balls, η up to 2/β, u = τ and u < τ", generate=logistic_ball_instances),
             Adversary("linear losses on boxes with an active face", generate=linear_box_instances))
_PRINTED_ADV = (Adversary("linear (u = τ < T) and quadratic (γ = 1 − ημ, gaps 1..4) streams, line 3's indexing",
                          generate=printed_instances),)

CLAIMS: list[Claim] = [
    Claim(id="olu.alg1:projected", source="Algorithm 1 (lines 115–136) with Corollary 1, convex case (line 168)",
          kind=Kind.UNLEARNING,
          statement="Algorithm 1 as printed — projected OGD (eq. (2)) on a box or a ball, then the noise ξ_1 ~ N(0, σ_1²I) "
                    "added after the projection — with convex, L-Lipschitz, β-smooth losses (linear, logistic, Huber) "
                    "and η ≤ 2/β: its release at τ[1] is within D_α ≤ αε of the reference process's (γ = 1, Δ = ηL).",
          hypotheses=PROJECTED_HYPS, bound=alpha * epsilon, quantity=projected_quantity(), adversaries=_PROJ_ADV,
          derivation="olu.alg1:projected",
          note="Exact: before the first noise both processes are deterministic (projected OGD computed in Fractions for "
               "linear and Huber losses on boxes, in arb for logistic losses and balls), so the release is N(m, σ_1²I). "
               "Only the first deletion is checked exactly; later releases are not Gaussian (olu.sampled samples them). The "
               "released point may leave K; the projection only shrinks ‖m − m'‖ below ηL."),
    Claim(id="olu.alg1:projected-control-sigma-tenth-less",
          source="Algorithm 1 (lines 115–136) with σ_1 reduced by 10%", kind=Kind.UNLEARNING,
          statement="Negative control: with σ_1 reduced by 10% the release at τ[1] is not within αε.",
          hypotheses=PROJECTED_HYPS, bound=alpha * epsilon, quantity=projected_quantity(Fraction(81, 100)),
          adversaries=_PROJ_ADV[:1], control=Control.NEGATIVE,
          note="Violated where a saturated Huber step meets ω = 20: D_α = αε(19/20)/(81/100) > αε."),
    Claim(id="olu.alg1:printed-step", source="Algorithm 1, line 3 (lines 115–136), with Theorem 1 (line 160)",
          kind=Kind.UNLEARNING,
          statement="Algorithm 1 with the OGD step as its line 3 prints it, z_t = z_{t−1} − η_t∇f_{t−1}(z_{t−1}) for "
                    "t = 2..T, and σ_i of line 5 (γ^{τ[i]−u[i]}Δ_{u[i]}), is an (α, αε)-OLU (Definition 2).",
          hypotheses=PRINTED_HYPS, bound=alpha * epsilon, quantity=printed_quantity(False), adversaries=_PRINTED_ADV,
          derivation="olu.alg1:printed-step",
          note="Line 3 uses f_{t−1}, while eq. (2), Condition C1 and the proof of Theorem 1 use f_t: f_{u[i]} then enters "
               "z_{u[i]+1}, one contraction later than σ_i assumes (short by 1/γ), and a point deleted at the round it "
               "arrived (u = τ, allowed by u[i] ≤ τ[i]) is used after its noise, at τ + 1, by the algorithm but not by the "
               "reference — D_α of the output sequences is +∞. Read as eq. (2), Algorithm 1 is olu.thm1. The saved "
               "counterexample is the finite violation (the 1/γ shortfall, D_α ≈ 2.14·αε); the +∞ instance, the "
               "result's `worst`, rests on one reading of Definition 2 (i ≤ k − 1, line 80; τ[k+1] = T, line 93)."),
    Claim(id="olu.alg1:printed-step+fix", source="Algorithm 1, line 3 (lines 115–136), corrected",
          kind=Kind.UNLEARNING, corrects="olu.alg1:printed-step",
          statement="Algorithm 1 with line 3's step is an (α, αε)-OLU when σ_i uses the exponent τ[i] − u[i] − 1 "
                    "(0 at u[i] = τ[i]) and the algorithm drops f_{u[i]} from any step after τ[i].",
          hypotheses=PRINTED_HYPS, bound=alpha * epsilon, quantity=printed_quantity(True), adversaries=_PRINTED_ADV,
          derivation="olu.alg1:printed-step+fix",
          note="Line 3's step on f_{t−1} is eq. (2)'s step re-indexed (g'_t := g_{t+1}): Theorem 1 applies to it with the "
               "deleted function's first use at u + 1, hence γ^{τ−u−1}; a deleted function is never used after its "
               "deletion."),
]
