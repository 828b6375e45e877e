"""Performance estimation over the strongly convex regret theorems' own class, realised (issue 23 item 2; paper file
``papers/000_8245766a2c9b0ba6.txt``: Theorem 2 lines 185–193, Corollary 7 lines 659–670, Theorem 6's regret lines
270–274; the step η_t = 1/(μt) of Theorem 2's proof, line 523).

:func:`certunlearn.claims.pep.smooth_sc_pep` solves PEPit's worst case of projected OGD with η_t = 1/(μt) over
μ-strongly convex β-smooth losses on the disc of diameter D with gradient norms ≤ L where the losses are queried
(μ = 1, β = 2, L = D = 2). Its value is L²H_T/(2μ) at every n solved (n = 1..8: 2, 3, 3.667, 4.167, …) — exactly OGD's
upper bound — but it relaxes "L-Lipschitz on K" to the queried points, so it is an upper bound on the class's worst
case, not a worst case. **Realisation** (:func:`realise`): each f_t is the μ-quadratic through the PEP's first-order
data, f_t(z) = (μ/2)‖z − c_t‖² with c_t = x_t − g_t/μ (so ∇f_t(x_t) = g_t and OGD follows the PEP's path), the start
and centres rationalised (start pulled exactly into K); its Lipschitz constant on K is μ(R + max_t‖c_t‖), rounded up
to a rational — it exceeds L wherever the PEP put a gradient of norm L away from the comparator side, which is why the
relaxation is not attained. The realised streams are shipped as kind ``smooth-sc`` in ``claims/pep_worst_cases.json``
(``benchmarks/pep_smooth_sc.py`` solves and writes them, with PEPit's trace heuristic for a low-rank primal); the claims
evaluate them exactly (:mod:`.general`). Measured: the realisations reach 0.496 of L²/μ(1 + log T) at n = 1 (the class
maximum ½, up to the rationalised L = 2.007) and 0.07–0.20 at n = 2..8 — below the quadratic PEP's 0.31–0.44 (λI,
centres in the ball, L = λD exact), which stays the best known per n; the class's maximum ratio, ½ at T = 1, is proved
(OGD's bound) and attained (``benchmarks/adversaries.py``).
"""
from __future__ import annotations

import numpy as np

from ...numeric.fraction import Fraction
from ..model import Adversary
from ..pep import PepCase, shipped
from .families import sqrt_up
from .general import BALL, QUADRATIC_LOSS, general_instance
from .general_families import rational_into_ball

__all__ = ["realise", "instance_of", "smooth_sc_instances", "SMOOTH_SC_ADVERSARY", "MU", "BETA", "L_PEP", "D_PEP"]

MU, BETA, L_PEP, D_PEP = Fraction(1), Fraction(2), Fraction(2), Fraction(2)


def realise(case: PepCase, *, tol: float = 1e-7, denominator: int = 10**6) -> dict:
    """The shipped entry of a solved ``smooth-sc`` case: exact start ``z1``, centres ``X`` and Lipschitz bound ``L``."""
    data = case.data
    x = np.array(data["x"], dtype=float)
    g = np.array(data["g"], dtype=float)
    centres = x - g / float(MU)
    pts = np.vstack([x[:1], centres])
    keep = [j for j in range(pts.shape[1]) if np.max(np.abs(pts[:, j])) > tol] or [0]
    z1 = rational_into_ball([x[0][j] for j in keep], D_PEP / 2, denominator)
    C = [[Fraction(float(c[j])).limit_denominator(denominator) for j in keep] for c in centres]
    far = max(sum((v * v for v in c), Fraction(0)) for c in C)
    L = MU * (D_PEP / 2 + sqrt_up(far))
    return {"kind": "smooth-sc", "rule": "sc", "n": case.n, "value": repr(case.value), "dual": repr(case.dual),
            "z1": [str(v) for v in z1], "X": [[str(v) for v in c] for c in C], "L": str(L)}


def instance_of(entry: dict) -> dict:
    """A realised ``smooth-sc`` entry as a general-family instance on the disc (μ = 1, β = 2, D = 2)."""
    X = [[Fraction(v) for v in r] for r in entry["X"]]
    return general_instance(QUADRATIC_LOSS, X, [Fraction(v) for v in entry["z1"]], K=BALL, H=[[MU] * len(X[0]) for _ in X],
                            L=Fraction(entry["L"]), D=D_PEP, mu=MU, beta=BETA, pep_n=entry["n"], pep_value=entry["value"])


def smooth_sc_instances(size: int) -> list[dict]:
    """The shipped realised worst cases (n ≤ 8)."""
    return [instance_of(e) for e in shipped().values() if e.get("kind") == "smooth-sc"][:size]


SMOOTH_SC_ADVERSARY = Adversary(
    "k = 0: PEP over μ-strongly convex β-smooth losses (η_t = 1/(μt), disc), realised as μ-quadratics through its "
    "first-order data, n = 1..8", generate=lambda rng, size: smooth_sc_instances(size),
    reaches="k = 0: the performance-estimation worst case over the theorem's smooth strongly convex class (gradient "
            "norms ≤ L where queried), realised exactly as μ-quadratics with centres anywhere (their own L on K)")
