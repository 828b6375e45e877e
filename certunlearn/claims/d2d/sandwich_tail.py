"""The accuracy event of any smooth strongly convex loss, enclosed between two quadratic models (issue 23: the d2d §3
accuracy claims beyond the losses whose sublevel sets have an exact mass).

The accuracy of d2d Theorems 3.1, 3.4, 3.5 and Remark 3.6 (``papers/002_7f80bf4846a5a6af.txt`` lines 205–209,
287–290, 318–330; Definition 2.7, line 121) is P[f_D(θ̂ + Z) − min_Θ f_D > α], Z ~ N(0, σ²I), for f_z m-strongly
convex and M-smooth (Definitions 2.9–2.11, lines 133–147) on a convex closed Θ (§2.1, line 117). With θ* = argmin_Θ f_D,
g* = ∇f_D(θ*) and Δ = θ̂ + Z − θ* ~ N(θ̂ − θ*, σ²I), m-strong convexity and M-smoothness on ℝ^d give for every Δ

    ⟨g*, Δ⟩ + (m/2)‖Δ‖² ≤ f_D(θ* + Δ) − f_D(θ*) ≤ ⟨g*, Δ⟩ + (M/2)‖Δ‖²,

so the event's probability lies between the two models' exact laws (:func:`model_tail`): for a curvature κ > 0 the
event ⟨g*, Δ⟩ + (κ/2)‖Δ‖² > α is ‖Δ + g*/κ‖² > 2α/κ + ‖g*‖²/κ², a noncentral χ²_d tail (noncentrality
‖θ̂ − θ* + g*/κ‖²/σ²); for κ = 0 it is the half-space ⟨g*, Δ⟩ > α, a Gaussian tail ½erfc(·). The model with M bounds
the probability above, the one with m below (:func:`sandwich_exterior`); when m = M (a quadratic A = aI) both are the
exact law. Where the family gives diagonal Hessian bounds K_lo ⪯ ∇²f_D ⪯ K_up on ℝ^d (:func:`diagonal_curvatures`:
the Huber-smoothed quadratic coordinate by coordinate, logistic + ridge by ℓ'' ≤ ℓ''(0) and diagonal dominance), the
same argument with ½ΔᵀKΔ gives a second, usually much narrower, enclosure — an ellipsoid's exterior
(:func:`diagonal_model_tail`) — and each end is the better of the two. The curvatures must hold on all of ℝ^d (θ̂ + Z leaves Θ): they are the loss family's declared m and M,
global Hessian bounds for the families here (quadratic, Huber-smoothed quadratic, logistic + ridge), which the
instance's hypotheses check against its own constants.

θ* and g* are enclosed for any convex Θ with a projection (:func:`argmin_enclosure`): T(θ) = P_Θ(θ − η∇f_D(θ)) with
η = 2/(m + M) is a γ-contraction, γ = (M − m)/(M + m) (P_Θ nonexpansive), whose fixed point is θ*; so from any rational
θ₀ (a float solver's answer: it decides nothing), ‖θ* − θ₀‖ ≤ ‖T(θ₀) − θ₀‖/(1 − γ) =: ρ, with T(θ₀) enclosed on arb
(the projection of a ball of points: the projection of its rational centre, exact on a box or a polytope and within the
certified τ of :class:`~certunlearn.problems.rounded_ball.RoundedBall` on a ball, widened by the ball's radius). Then
‖g* − ∇f_D(θ₀)‖ ≤ Mρ, and g* = 0 when the ball B(θ₀, ρ) is decided inside Θ (an interior optimum).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from flint import arb

from ...numeric.enclosure import erfc_ball, to_arb
from ...numeric.fraction import Fraction
from ...numeric.rationals import rational_eval
from ...numeric.sympy_arb import arb_eval

__all__ = ["approx_argmin", "argmin_enclosure", "declared_curvatures", "fraction_of", "squared_norm", "diagonal_curvatures", "diagonal_model_tail", "model_tail", "sandwich_exterior",
           "sandwich_probability"]

#: the noncentral χ² survival P[‖c + W‖² > x], W ~ N(0, I_dof), ‖c‖² = lam (``certunlearn.claims.d2d.common.ncx2_sf``)
Chi2Tail = Callable[[int, arb, arb], arb]


def squared_norm(v: Sequence[arb]) -> arb:
    return sum((x * x for x in v), arb(0))  # x*x, not x**2: a ball holding 0 stays a ball (no nan)


def model_tail(offset: Sequence[arb], grad: Sequence[arb], kappa: arb, sigma: arb, alpha: arb,
               chi2_sf: Chi2Tail) -> arb:
    """P[⟨g, Δ⟩ + (κ/2)‖Δ‖² > α] for Δ ~ N(offset, σ²I) (α > 0, κ ≥ 0): a noncentral χ² tail for κ > 0, a Gaussian
    half-space tail for κ = 0 (0 when g = 0); a ball containing the exact value."""
    if kappa > 0:
        centre = [o + g / kappa for o, g in zip(offset, grad)]
        s2 = sigma * sigma
        return chi2_sf(len(offset), squared_norm(centre) / s2, (2 * alpha / kappa + squared_norm(grad) / (kappa * kappa)) / s2)
    if not kappa == 0:
        raise ArithmeticError("the curvature of the model is not decided ≥ 0")
    g2 = squared_norm(grad)
    if g2 == 0:
        return arb(0)  # ⟨0, Δ⟩ > α > 0 never happens
    if not g2 > 0:
        return arb(0).union(arb(1))  # g* undecided between 0 and not: no information from this model
    shift = sum((g * o for g, o in zip(grad, offset)), arb(0))
    return erfc_ball((alpha - shift) / (sigma * g2.sqrt() * arb(2).sqrt())) / 2


def sandwich_exterior(offset: Sequence[arb], grad: Sequence[arb], m: arb, M: arb, sigma: arb, alpha: arb,
                      chi2_sf: Chi2Tail) -> arb:
    """P[f(θ* + Δ) − f(θ*) > α], Δ ~ N(offset, σ²I), for every f m-strongly convex and M-smooth on ℝ^d with
    ∇f(θ*) = ``grad`` (module docstring): the ball from the m-model's lower end to the M-model's upper end."""
    if not (m <= M):
        raise ArithmeticError("the curvatures are not decided m ≤ M")
    low = model_tail(offset, grad, m, sigma, alpha, chi2_sf)
    high = model_tail(offset, grad, M, sigma, alpha, chi2_sf)
    lo, hi = arb(low.lower()).max(arb(0)), arb(high.upper()).min(arb(1))
    if not lo <= hi:
        raise ArithmeticError("the two quadratic models' tails cross: the curvature bounds are wrong")
    return lo.union(hi)


def diagonal_model_tail(offset: Sequence[arb], grad: Sequence[arb], kappa: Sequence[arb], sigma: arb, alpha: arb) -> arb:
    """P[⟨g, Δ⟩ + ½Σ_k κ_kΔ_k² > α] for Δ ~ N(offset, σ²I), κ_k > 0 (d ≥ 2): Σ_k κ_k(W_k + c_k)² > τ with
    c_k = (o_k + g_k/κ_k)/σ and τ = (2α + Σ_k g_k²/κ_k)/σ², an ellipsoid's exterior (:mod:`.ellipse_tail`)."""
    from .ellipse_tail import ellipsoid_exterior

    centre = [(o + g / k) / sigma for o, g, k in zip(offset, grad, kappa)]
    tau = (2 * alpha + sum((g * g / k for g, k in zip(grad, kappa)), arb(0))) / (sigma * sigma)
    return ellipsoid_exterior(list(kappa), centre, tau)


def diagonal_curvatures(loss: Any, X: np.ndarray) -> tuple[list[arb], list[arb]] | None:
    """Diagonal matrices K_lo ⪯ ∇²f_D(θ) ⪯ K_up for every θ ∈ ℝ^d, where the family gives them: the Huber-smoothed
    quadratic's Hessian is diag(a_k + (c/w)·share_k) with shares in [0, 1]; logistic + ridge's is λI + (1/n)Σ_i
    ℓ''(⟨x_i, θ⟩)x_ix_iᵀ with 0 ≤ ℓ'' ≤ ℓ''(0) (``formulas.r2d.LOGISTIC_D2``), so K_lo = λI and K_up = λI + the
    diagonally dominant diag(B_kk + Σ_{j≠k}|B_kj|) ⪰ B = (ℓ''(0)/n)Σ_i x_ix_iᵀ. None for any other family."""
    from ...problems.huber import HuberQuadratic
    from ...problems.rounded_logistic import RoundedLogistic

    if isinstance(loss, HuberQuadratic):
        return [to_arb(a) for a in loss.a], [to_arb(a + loss.c / loss.w) for a in loss.a]
    if isinstance(loss, RoundedLogistic):
        from ...formulas.r2d import LOGISTIC_D2, logit_z

        top = to_arb(rational_eval(LOGISTIC_D2.subs(logit_z, 0)))  # ℓ'' is largest at 0 (1/(4cosh²(z/2)))
        n, d = len(X), len(X[0])
        B = [[sum((Fraction(row[k]) * Fraction(row[j]) for row in X), Fraction(0)) / n for j in range(d)] for k in range(d)]
        lam = to_arb(loss.lam)
        up = [lam + top * sum((to_arb(abs(v)) for v in B[k]), arb(0)) for k in range(d)]
        return [lam] * d, up
    return None


def declared_curvatures(loss: Any, domain: Any) -> tuple[Fraction | arb, Fraction | arb]:
    """The loss family's declared m and M (global Hessian bounds for the families here), exact where rational."""
    c = loss.constants(domain)
    out = []
    for name in ("m", "M"):
        q = rational_eval(c.value(name))
        out.append(q if q is not None else arb_eval(c.value(name)))
    return out[0], out[1]


def fraction_of(x: arb) -> Fraction:
    """The midpoint of an arb, exactly (a dyadic rational)."""
    man, exp = x.mid().man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(exp)


def approx_argmin(loss: Any, domain: Any, X: np.ndarray) -> list[Fraction]:
    """A rational θ₀ near argmin_Θ f_D, from scipy's SLSQP on floats (a start for the certificate only)."""
    from scipy.optimize import minimize

    from ...problems.domains import Box
    from ...problems.polytope import Polytope

    Xf = np.asarray(X, dtype=float)
    d = Xf.shape[1]
    cons: list[dict] = []
    bounds = None
    if isinstance(domain, Box):
        bounds = [(float(a), float(b)) for a, b in zip(domain.lo, domain.hi)]
    elif isinstance(domain, Polytope):
        G = np.asarray([[float(v) for v in row[:-1]] for row in domain.rows])
        h = np.asarray([float(row[-1]) for row in domain.rows])
        cons = [{"type": "ineq", "fun": lambda t: h - G @ t, "jac": lambda t: -G}]
    else:  # a ball {‖θ‖ ≤ r}
        r2 = float(domain.radius) ** 2
        cons = [{"type": "ineq", "fun": lambda t: np.asarray([r2 - t @ t]), "jac": lambda t: -2 * t[None, :]}]
    res = minimize(lambda t: float(loss.risk(t, Xf)), np.zeros(d), jac=lambda t: np.asarray(loss.risk_grad(t, Xf),
                   dtype=float), bounds=bounds, constraints=cons, method="SLSQP", options={"ftol": 1e-15,
                                                                                             "maxiter": 500})
    th = np.asarray(res.x, dtype=float)
    return [Fraction(float(v)) for v in th]


def _inside(domain: Any, theta0: Sequence[Fraction], rho: arb) -> bool:
    """The ball B(θ₀, ρ) decided inside the interior of Θ (box, polytope or ball)."""
    from ...problems.domains import Box
    from ...problems.polytope import Polytope

    t = [to_arb(v) for v in theta0]
    if isinstance(domain, Box):
        return all(to_arb(a) < v - rho and v + rho < to_arb(b) for a, v, b in zip(domain.lo, t, domain.hi))
    if isinstance(domain, Polytope):
        return all(sum((to_arb(g) * v for g, v in zip(row[:-1], t)), arb(0)) + squared_norm([to_arb(g) for g in row[:-1]]).sqrt()
                   * rho < to_arb(row[-1]) for row in domain.rows)
    return bool(squared_norm(t).sqrt() + rho < to_arb(domain.radius))


def _step(loss: Any, domain: Any, X: np.ndarray, theta: Sequence[Fraction], eta: arb) -> tuple[list[arb], np.ndarray, arb]:
    """∇f_D(θ) enclosed, and T(θ) = P_Θ(θ − η∇f_D(θ)) as a rational point with a radius in norm: the projection of
    the rational centre of θ − η∇f_D(θ) (exact on a box or polytope, within τ on a ball), widened by that ball's
    radius (P_Θ is nonexpansive)."""
    t = np.asarray([to_arb(v) for v in theta], dtype=object)
    g = [to_arb(v) for v in np.asarray(loss.risk_grad(t, X)).ravel()]
    y = [a - eta * gk for a, gk in zip(t, g)]
    spread = squared_norm([arb(v.rad()) for v in y]).sqrt()  # ‖y − centre‖ ≤ this
    p = np.asarray(domain.project(np.asarray([fraction_of(v) for v in y], dtype=object)), dtype=object)
    return g, p, spread + to_arb(getattr(domain, "projection_error", Fraction(0)))


def argmin_enclosure(loss: Any, domain: Any, X: np.ndarray, target: Fraction = Fraction(0)) -> tuple[list[arb],
                                                                                                       list[arb]]:
    """Enclosures of θ* = argmin_Θ f_D and g* = ∇f_D(θ*), coordinate by coordinate (module docstring: the contraction
    certificate from a float solver's rational start; g* = 0 exactly for a decided interior optimum). While the
    certified radius ρ exceeds ``target`` the start is improved by steps of T on the 2^-(prec + 8) grid (at most
    4·prec of them: each gains the factor γ)."""
    from flint import ctx

    m, M = declared_curvatures(loss, domain)
    if not to_arb(m) > 0:
        raise ArithmeticError("the contraction certificate needs m > 0")
    eta, gamma = 2 / (to_arb(m) + to_arb(M)), (to_arb(M) - to_arb(m)) / (to_arb(M) + to_arb(m))
    theta0 = approx_argmin(loss, domain, X)
    grid, steps = 2 ** (ctx.prec + 8), 4 * ctx.prec if target > 0 else 0
    while True:  # the certificate of the current θ₀; stop when it is fine enough or the steps are spent
        g0, p, slack = _step(loss, domain, X, theta0, eta)
        rho = arb(((squared_norm([to_arb(a - b) for a, b in zip(p, theta0)]).sqrt() + slack) / (1 - gamma)).upper())
        if steps == 0 or not rho > to_arb(target):
            break
        theta0, steps = [Fraction(round(v * grid), grid) for v in p], steps - 1
    if _inside(domain, theta0, rho):
        grad = [arb(0)] * len(theta0)
    else:
        widen = arb(0, (to_arb(M) * rho).upper())
        grad = [g + widen for g in g0]
    return [to_arb(v) + arb(0, rho.upper()) for v in theta0], grad


def sandwich_probability(s: Any, X: np.ndarray, mean: np.ndarray, sigma: arb, alpha: arb, err: Fraction,
                         chi2_sf: Chi2Tail) -> arb:
    """P[f_D(θ̂ + Z) − min_Θ f_D > α] for the loss and Θ of the d2d Setup ``s`` on the dataset ``X`` (θ̂ = ``mean``
    known within ``err`` in norm: each coordinate widened by it), between the two quadratic models."""
    star, grad = argmin_enclosure(s.loss, s.domain, X, fraction_of(sigma) / 2**30)  # θ* far finer than the noise
    slack = arb(0, to_arb(err).upper()) if err else arb(0)
    offset = [to_arb(mu) + slack - t for mu, t in zip(mean, star)]
    m, M = declared_curvatures(s.loss, s.domain)
    out = sandwich_exterior(offset, grad, to_arb(m), to_arb(M), sigma, alpha, chi2_sf)
    # the second enclosure only where the first leaves the event's probability above 2⁻³⁰ (a speed rule, both ends
    # are valid either way: Ruben's series is slow at large offsets, where the first is already tiny)
    diag = diagonal_curvatures(s.loss, X) if len(offset) >= 2 and out.upper() > 2**-30 else None
    if diag is None:
        return out
    # the diagonal models: a second enclosure (each end valid), so the ends are the better of the two
    lo = arb(diagonal_model_tail(offset, grad, diag[0], sigma, alpha).lower()).max(arb(out.lower()))
    hi = arb(diagonal_model_tail(offset, grad, diag[1], sigma, alpha).upper()).min(arb(out.upper()))
    if not lo <= hi:
        raise ArithmeticError("the scalar and the diagonal models' enclosures are disjoint: a curvature bound is wrong")
    return lo.union(hi)
