"""The d2d unlearning families on a Euclidean ball Θ = {‖θ‖ ≤ r} instead of a box, and in d = 3 (issue 23).

Theorem 3.1's class (``papers/002_7f80bf4846a5a6af.txt`` line 200; Θ any convex closed set, §2.1 line 117)
includes balls, whose projection θ·r/‖θ‖ is irrational: the runs use :class:`certunlearn.problems.rounded_ball.RoundedBall`
(a rational projection within a certified τ of the exact one) and the quantities widen the computed mean shift by
twice the run's certified error τ/(1 − γ) (:func:`certunlearn.claims.d2d.common.run_error`), so every verdict is
decided on an enclosure of the exact runs. The ball's L and D are re-declared (B = r, D = 2r).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from ...numeric.fraction import Fraction
from ..boundaries import STRICT_BITS
from ..instances import frac
from ..model import Adversary
from .common import declared_constants, pgd_instance
from .huber_families import WIDTHS, huberise, logisticise, widened_count


def on_ball(inst: dict) -> dict:
    """The instance on the ball inscribed in its (symmetric) box: θ'_0 moved to the ball's point in its direction
    (exactly on the sphere), L and D re-declared; the loss, data, stream and scalars are kept."""
    r = frac(inst["hi"][0])
    if any(frac(v) != r for v in inst["hi"]) or any(frac(v) != -r for v in inst["lo"]):
        raise ValueError("on_ball needs a box [−r, r]^d")
    from ...problems.rounded_ball import RoundedBall

    dim = len(inst["A"])
    out = dict(inst)
    out["ball"] = r
    t0 = np.asarray([frac(v) for v in inst["theta0"]], dtype=object)
    if sum((v * v for v in t0), Fraction(0)) > r * r:
        out["theta0"] = list(RoundedBall(r, dim).extreme_point(np.asarray([float(v) for v in t0])))
    consts = declared_constants(inst["A"], inst["R"], inst["lo"], inst["hi"], inst.get("huber"), r)
    out["L"], out["D"] = consts["L"], consts["D"]
    return out


#: rational convex polygons containing 0 (a triangle and a pentagon, counterclockwise vertices) and a 3-d polytope (the
#: cube [−1, 1]³ cut by θ₁ + θ₂ + θ₃ ≤ 1), as rows (g, h) of {Gθ ≤ h}
POLYGONS = (
    ((Fraction(-1), Fraction(-1)), (Fraction(1), Fraction(-1, 2)), (Fraction(-1, 2), Fraction(1))),
    ((Fraction(-1), Fraction(-1, 2)), (Fraction(0), Fraction(-1)), (Fraction(1), Fraction(-1, 4)),
     (Fraction(1, 2), Fraction(3, 4)), (Fraction(-3, 4), Fraction(1, 2))),
)
CUT_CUBE = tuple((*(s * (k == j) for k in range(3)), 1) for j in range(3) for s in (1, -1)) + ((1, 1, 1, 1),)


def on_polytope(inst: dict, rows: tuple) -> dict:
    """The instance on the polytope {Gθ ≤ h} of these rows (lo/hi its bounding box, θ'_0 its vertex of smallest
    coordinates), L and D re-declared; the loss, data, stream and scalars are kept."""
    from ...problems.polytope import Polytope

    poly = Polytope(tuple(tuple(Fraction(v) for v in r) for r in rows))
    vs = poly.vertices()
    out = dict(inst)
    out["polytope"] = [list(r) for r in poly.rows]
    out["lo"] = [min(v[j] for v in vs) for j in range(poly.dim)]
    out["hi"] = [max(v[j] for v in vs) for j in range(poly.dim)]
    out["theta0"] = list(min(vs))
    consts = declared_constants(inst["A"], inst["R"], out["lo"], out["hi"], None, None, False, out["polytope"])
    out["L"], out["D"] = consts["L"], consts["D"]
    return out


def polytope_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratics on polytopes, the data mean outside Θ (θ* on an edge, a face or at a vertex: active-set
    enumeration, :meth:`certunlearn.problems.polytope.Polytope.quadratic_argmin`): A = I and A = diag(1, 4) on a
    triangle and a pentagon, A = I on the cut cube in d = 3 (a noncentral χ²₃ tail); a deletion then an addition,
    β ∈ {1/20, 1/1000}, few and many iterations (quick: an anisotropic pentagon and the cut cube; thorough: all)."""
    from ...problems.polytope import Polytope

    out = []
    for A, poly, I_, bt in itertools.product(([1, 1], [1, 4]), POLYGONS, (2, 10), (Fraction(1, 20), Fraction(1, 1000))):
        box = pgd_instance(A, 3, [-1, -1], [1, 1], [[2, 1], [2, 1], [1, 2], [-1, 0]], [[-1, -1, 0], [1, 1, 2]],
                           [-1, -1], epsilon=Fraction(1), delta=Fraction(1, 10**5), I=I_, beta=bt)
        if A[0] == A[1]:
            box["m"], box["M"] = Fraction(1, 2), Fraction(1)
        out.append(on_polytope(box, Polytope.from_polygon(poly).rows))
    for I_, bt in itertools.product((2, 10), (Fraction(1, 20), Fraction(1, 1000))):
        box = pgd_instance([1, 1, 1], 3, [-1] * 3, [1] * 3, [[2, 1, 0], [2, 1, 0], [1, 2, 1], [-1, 0, 0]],
                           [[-1, -1, 0, 0], [1, 1, 2, 1]], [-1] * 3, epsilon=Fraction(1), delta=Fraction(1, 10**5),
                           I=I_, beta=bt)
        box["m"], box["M"] = Fraction(1, 2), Fraction(1)
        out.append(on_polytope(box, CUT_CUBE))
    return out if size > 40 else [out[13], out[16]]


def ball_gen(gen: Callable[[np.random.Generator, int], list[dict]], cap: int) -> Callable[[np.random.Generator, int], list[dict]]:
    """The instances of ``gen`` in d ≥ 2 on the ball: ``cap`` in the quick profile, ``THOROUGH_FACTOR``·cap beyond."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        want = widened_count(cap, size)
        return [on_ball(i) for i in gen(rng, 4 * want) if len(i["A"]) >= 2][:want]

    return generate


def three_d(rng: np.random.Generator, size: int) -> list[dict]:
    """d = 3: A = diag(m, (m + M)/2, M), data at ±R·e_k, a deletion then an addition of opposite extreme points,
    Θ = [−r, r]³ and the ball of radius r (one each; thorough: every r and 𝓘), θ'_0 at the far corner."""
    out = []
    rs = (Fraction(1, 2), Fraction(1)) if size > 40 else (Fraction(1, 2),)
    Is = (1, 4) if size > 40 else (2,)
    for r, I_ in itertools.product(rs, Is):
        X = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]
        U = [[-1, 1, 0, 0], [1, -1, 0, 0]]
        box = pgd_instance([1, 2, 3], 1, [-r] * 3, [r] * 3, X, U, [-r] * 3, epsilon=Fraction(1),
                           delta=Fraction(1, 10**5), I=I_)
        out += [box, on_ball(box)]
    return out


BALL_REACH = "Θ a Euclidean ball (active projections θ·r/‖θ‖, enclosed with a certified error), d = 2"
D3_REACH = "d = 3 (box and ball, a deletion then an addition, thin curvatures m, (m + M)/2, M)"


def ball_adversary(name: str, gen: Callable[[np.random.Generator, int], list[dict]], cap: int) -> Adversary:
    return Adversary("Θ a Euclidean ball: " + name, generate=ball_gen(gen, cap), reaches=BALL_REACH)


THREE_D = Adversary("d = 3, box and ball, opposite extreme points", generate=three_d, reaches=D3_REACH)


def three_d_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """d = 3 for the accuracy claims (isotropic A = I on Θ = [−r, r]³, declared m = 1/2 < M = 1: the accuracy event
    is a noncentral χ²₃ tail), optima inside and on the boundary, β ∈ {1/20, 1/1000}."""
    out = []
    for r, bt in itertools.product((Fraction(1, 2), Fraction(2)), (Fraction(1, 20), Fraction(1, 1000))):
        X = [[1, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, -1]]
        inst = pgd_instance([1, 1, 1], 1, [-r] * 3, [r] * 3, X, [[-1, 1, 0, 0]], [-r] * 3, epsilon=Fraction(1),
                            delta=Fraction(1, 10**5), I=2, beta=bt)
        inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
        out.append(inst)
    return out if size > 40 else out[::2]


THREE_D_ACC = Adversary("d = 3, isotropic, optima inside and on the boundary", generate=three_d_accuracy,
                        reaches="d = 3 (a noncentral χ²₃ tail), optima inside and outside Θ")


def aniso_ball_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """Anisotropic 2-d quadratics A = diag(1, a₂) on the ball Θ = {‖θ‖ ≤ r} with the data mean off the axes and
    outside Θ (θ* = (A + νI)⁻¹Ax̄ on the sphere, ν the root of the secular equation, :mod:`.ball_argmin`), a deletion
    then an addition, β ∈ {1/20, 1/1000}, few and many iterations (quick: two; thorough: every combination)."""
    out = []
    for a2, r, I_, bt in itertools.product((4, 20), (Fraction(1, 2), Fraction(1)), (2, 10),
                                           (Fraction(1, 20), Fraction(1, 1000))):
        X = [[2, 1], [2, 1], [1, 2], [-1, 0]]
        U = [[-1, -1, 0], [1, 1, 2]]
        box = pgd_instance([1, a2], 3, [-r, -r], [r, r], X, U, [-r, -r], epsilon=Fraction(1),
                           delta=Fraction(1, 10**5), I=I_, beta=bt)
        out.append(on_ball(box))
    return out if size > 40 else out[::13]  # quick: the first and the opposite corner of the grid


#: anisotropic diagonal curvatures in d = 3 and 4 (condition numbers 4 and 5: Ruben's series converges geometrically)
ANISO_ND = ((1, 2, 4), (1, 2, 3, 5))


def aniso_nd_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """Anisotropic quadratics A = diag(1, 2, 4) in d = 3 and diag(1, 2, 3, 5) in d = 4 (the accuracy event an
    ellipsoid's exterior: a generalised χ² tail, :mod:`certunlearn.privacy.generalized_chi2`) on the box [−r, r]^d
    and the ball of radius r; the data mean outside Θ off the axes (θ* on the boundary: clipped on the box, by the
    secular equation on the ball, :mod:`.ball_argmin`; the event is centred at x̄ with the larger threshold
    2α + (θ* − x̄)ᵀA(θ* − x̄)) or inside it (r = 2); a deletion then an addition, β ∈ {1/20, 1/1000}, few and many
    iterations; and the optimum on the boundary after 𝓘 = 40 iterations (the data at 2e₁ outside Θ) (quick: six —
    d = 3 and 4, box and ball, both optima; thorough: every combination)."""
    out = []
    for A, r, ball, I_, bt in itertools.product(ANISO_ND, (Fraction(1, 2), Fraction(2)), (False, True), (2, 10),
                                                (Fraction(1, 20), Fraction(1, 1000))):
        d = len(A)
        pad = [0] * (d - 2)
        X = [[2, 1, *pad], [2, 1, *pad], [1, 2, *([1] * (d - 2))], [-1, 0, *pad]]
        U = [[-1, -1, 0, *pad], [1, 1, 2, *([1] * (d - 2))]]
        box = pgd_instance(list(A), 3, [-r] * d, [r] * d, X, U, [-r] * d, epsilon=Fraction(1),
                           delta=Fraction(1, 10**5), I=I_, beta=bt)
        out.append(on_ball(box) if ball else box)
    # the optimum on the boundary with ∇f(θ*) ≠ 0 and many iterations (every point at 2e₁ outside Θ = [−1, 1]^d or
    # the unit ball, 𝓘 = 40): the printed α's last step fails there (the accuracy event has probability about 1/2)
    edge = []
    for A, ball in itertools.product(ANISO_ND, (False, True)):
        d = len(A)
        box = pgd_instance(list(A), 2, [-1] * d, [1] * d, [[2] + [0] * (d - 1)] * 8, [], [-1] * d,
                           epsilon=Fraction(1), delta=Fraction(1, 10**5), I=40, beta=Fraction(1, 1000))
        edge.append(on_ball(box) if ball else box)
    if size > 40:
        return out + edge
    # quick: (d, r, ball, 𝓘, β) = (3, 1/2, box, 2, 1/20), (3, 1/2, ball, 10, 1/1000), (4, 2, box, 10, 1/20),
    # (4, 1/2, ball, 2, 1/1000); the boundary optimum in d = 3 on the box and in d = 4 on the ball
    return [out[0], out[7], out[16 + 10], out[16 + 5], edge[0], edge[3]]


def one_d_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """One-dimensional instances before the Huber smoothing or the logistic loss (:mod:`.huber_families`), built
    directly (only the drawn ones): alternately an optimum inside Θ = [−r, r] (data at ±1 and R = 3, a deletion then
    an addition) and an optimum on its boundary (every point at 2 outside Θ = [−1, 1]: ∇f(θ*) ≠ 0, many iterations);
    r ∈ {1/2, 1, 2}, 𝓘 ∈ {2, 10}, β ∈ {1/20, 1/1000, 1/2} in turn."""
    out = []
    for j in range(size):
        bt = (Fraction(1, 20), Fraction(1, 1000), Fraction(1, 2))[j % 3]
        I_ = (2, 10)[(j // 2) % 2]
        if j % 2 == 0:
            r = (Fraction(1, 2), Fraction(1), Fraction(2))[(j // 2) % 3]
            inst = pgd_instance([1], 3, [-r], [r], [[3], [3], [-1], [1]], [[-1, -1], [1, 3]], [-r], epsilon=Fraction(1),
                                delta=Fraction(1, 10**5), I=I_, beta=bt)
            inst["m"], inst["M"] = Fraction(1), Fraction(3)
        else:
            inst = pgd_instance([1], 2, [-1], [1], [[2]] * 4, [[1, 2]], [-1], epsilon=Fraction(1),
                                delta=Fraction(1, 10**5), I=5 * I_, beta=bt)
            inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
        out.append(inst)
    return out


#: β at its largest admissible value: the hypothesis β < 1 at the boundary generator's strict step (β = 1 − 2⁻⁴⁰)
BETA_TOP = 1 - Fraction(1, 2**STRICT_BITS)
#: ε at its smallest admissible value (ε > 0 at the boundary generator's strict step): σ → ∞, the σ-dominated regime
EPS_LOW = Fraction(1, 2**STRICT_BITS)
#: (d, n, 𝓘, ε) of the quick profile's β-top instances; observed/β (certified lower ends) on main 0210056:
#: (1, 32, 80, 1) Theorem 3.4 0.279, +fix 0.274 (ε small makes Theorem 3.4's regulariser, hence α, large);
#: (1, 2, 1, 2⁻⁴⁰) Theorems 3.1 +fix, 3.5 (+fix) and Remark 3.6 (+fix, any ξ) 0.327 = P[|N(0, 1)| > √2·log 2], the
#: σ → ∞ limit of the printed ρ = … + σ√(2d)log(2d/β) at β → 1; and the same two in d = 2
BETA_TOP_QUICK = ((1, 32, 80, Fraction(1)), (2, 4, 40, Fraction(1)), (1, 2, 1, EPS_LOW), (2, 2, 1, EPS_LOW))
BETA_TOP_THOROUGH = BETA_TOP_QUICK + tuple(itertools.product((1, 2), (2, 4, 8, 32), (1, 10, 40, 80),
                                                             (Fraction(1), EPS_LOW)))


def beta_top_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """The boundary optimum at β's top (issue 23, item 4: the thorough profile's worst accuracy instances made a
    structured family the quick profile runs): every data point at 2e₁ outside Θ = [−1, 1]^d (θ* = e₁ on the face,
    ∇f(θ*) ≠ 0), no update, θ'_0 at the far corner, declared m = 1/2 < M = 1, β = 1 − 2⁻⁴⁰ (the smallest α the
    claims' log(2d/β) allows: the accuracy event's probability is largest relative to β there), ε = 1 or at its
    smallest (2⁻⁴⁰). The generated boundary adversary reaches these instances only by chance in the quick profile (it
    keeps 6 of about 100 moves of its bases); quick runs :data:`BETA_TOP_QUICK`, thorough every (d, n, 𝓘, ε) of
    :data:`BETA_TOP_THOROUGH`, the quick ones first."""
    out = []
    seen = set()
    for d, n0, I_, eps in (BETA_TOP_QUICK if size <= 40 else BETA_TOP_THOROUGH):
        if (d, n0, I_, eps) in seen:
            continue
        seen.add((d, n0, I_, eps))
        e1 = [2] + [0] * (d - 1)
        inst = pgd_instance([1] * d, 2, [-1] * d, [1] * d, [e1] * n0, [], [-1] * d, epsilon=eps,
                            delta=Fraction(1, 10**5), I=I_, beta=BETA_TOP)
        inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
        out.append(inst)
    return out


def huber_2d_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratic bases in d = 2 for the separable Huber-smoothed accuracy family (huberised by the caller, band widths
    1/8 and 1/2 in turn; the accuracy event the exterior of a separable sublevel set, :mod:`.separable_tail`): A =
    diag(1, 2) with the optimum inside Θ = [−2, 2]² (a deletion then an addition), the optimum on a face of Θ = [−1,
    1]² (every point at 2e₁, 𝓘 = 40) and at a corner (points at (2, 1) and (1, 2), 𝓘 = 10, β at its top), β ∈ {1/20,
    1/1000, 1 − 2⁻⁴⁰} (quick: the face and the corner; thorough: the three, each also at 𝓘 ∈ {2, 40} and β ∈ {1/20,
    1/1000})."""
    out = []
    inside = pgd_instance([1, 2], 3, [-2, -2], [2, 2], [[1, 0], [-1, 1], [0, -1], [1, 1]], [[-1, 1, 0], [1, -1, 0]],
                          [-2, -2], epsilon=Fraction(1), delta=Fraction(1, 10**5), I=2, beta=Fraction(1, 20))
    face = pgd_instance([1, 2], 2, [-1, -1], [1, 1], [[2, 0]] * 4, [], [-1, -1], epsilon=Fraction(1),
                        delta=Fraction(1, 10**5), I=40, beta=Fraction(1, 1000))
    corner = pgd_instance([1, 2], 3, [-1, -1], [1, 1], [[2, 1], [2, 1], [1, 2], [1, 2]], [[-1, 1, 2]], [-1, -1],
                          epsilon=Fraction(1), delta=Fraction(1, 10**5), I=10, beta=BETA_TOP)
    for inst in (inside, face, corner):
        inst["m"], inst["M"] = Fraction(1), Fraction(3)
    if size <= 40:
        return [face, corner]
    return [face, corner, inside] + [{**inst, "I": I_, "beta": bt} for inst in (inside, face, corner) for I_ in (2, 40)
                                     for bt in (Fraction(1, 20), Fraction(1, 1000))]


def accuracy_adversaries(wrap: Callable = lambda g: g, cap: int = 4, split: bool = False) -> tuple:
    """The accuracy claims' widened families: anisotropic 2-d quadratics (thin, β varied: an ellipse's exterior,
    :mod:`.ellipse_tail`) and in d = 3, 4 (an ellipsoid's exterior, :func:`aniso_nd_accuracy`), Θ a ball (isotropic, β varied: θ* = x̄·min(1, r/‖x̄‖), θ̂ enclosed; anisotropic: θ* by the
    secular equation, :mod:`.ball_argmin`), the one-dimensional Huber-smoothed quadratic and logistic + ridge (the
    exterior of the sublevel interval, :mod:`.interval_tail`); ``wrap`` adapts a generator to the claim (the regularised claims
    drop m)."""
    from .families import add_beta, pgd_structured

    thin = wrap(add_beta(pgd_structured("thin")))
    aniso = Adversary("anisotropic 2-d quadratics diag(m, M), β varied",
                      generate=lambda rng, size: thin(rng, widened_count(2 * cap, size))[:widened_count(2 * cap, size)],
                      reaches="anisotropic diagonal quadratics in d = 2 (the event an ellipse's exterior, enclosed)")
    ball = Adversary("Θ a Euclidean ball: isotropic quadratics, β varied",
                     generate=ball_gen(wrap(add_beta(pgd_structured("iso"))), cap),
                     reaches="Θ a Euclidean ball, d = 2, optima inside and outside it (θ* = x̄·min(1, r/‖x̄‖))")
    aniso_ball = Adversary("Θ a Euclidean ball: anisotropic quadratics, data mean outside Θ off the axes",
                           generate=wrap(aniso_ball_accuracy),
                           reaches="Θ a Euclidean ball with A ≠ aI, d = 2 (θ* = (A + νI)⁻¹Ax̄, ν enclosed by an exact "
                                   "bisection of the secular equation; the event an ellipse's exterior)")
    huber = Adversary("Huber-smoothed quadratics in d = 1 (not quadratic; exact sublevel interval), β varied",
                      generate=lambda rng, size: [huberise(inst, WIDTHS[j % 2]) for j, inst in enumerate(
                          wrap(one_d_accuracy)(rng, widened_count(cap // 2, size)))],
                      reaches="losses beyond quadratics in d = 1: the Huber-smoothed quadratic (piecewise quadratic, "
                              "rational breakpoints), optima inside Θ and on its boundary; the event the exterior of "
                              "{f_D ≤ min_Θ f_D + α}, its ends exact quadratic roots on their pieces")
    logistic = Adversary("logistic + ridge in d = 1 (smooth, not piecewise quadratic; sublevel interval bracketed), "
                         "β varied", generate=lambda rng, size: [logisticise(inst, (Fraction(1, 4), Fraction(1))[j % 2])
                                                                 for j, inst in enumerate(wrap(one_d_accuracy)(
                                                                     rng, widened_count(cap // 2, size)))],
                         reaches="smooth losses beyond piecewise quadratics in d = 1: logistic + ridge (runs rounded "
                                 "with a certified error), optima inside Θ and on its boundary; θ* and the ends of "
                                 "{f_D ≤ min_Θ f_D + α} bracketed by bisection on enclosures")
    polytope = Adversary("Θ a polytope (triangle, pentagon, cut cube): quadratics, data mean outside Θ",
                         generate=wrap(polytope_accuracy),
                         reaches="Θ a polytope {Gθ ≤ h} in d = 2 and 3 (exact projections and θ* by active-set "
                                 "enumeration), isotropic and (d = 2) anisotropic quadratics")
    aniso_nd = Adversary("anisotropic quadratics in d = 3 and 4 on boxes and balls, data mean inside and outside Θ",
                         generate=wrap(aniso_nd_accuracy),
                         reaches="anisotropic diagonal quadratics A ≠ aI in d = 3 and 4 on boxes and balls, optima "
                                 "inside Θ and on its boundary (the event an ellipsoid's exterior: a generalised χ² "
                                 "tail by Ruben's series with a rigorous remainder, any d)")
    huber_2d = Adversary("Huber-smoothed quadratics in d = 2 (separable, not quadratic; enclosed integral), β varied",
                         generate=lambda rng, size: [huberise(inst, WIDTHS[j % 2]) for j, inst in enumerate(
                             wrap(huber_2d_accuracy)(rng, size))],
                         reaches="losses beyond quadratics in d = 2: the separable Huber-smoothed quadratic on a box, "
                                 "optima inside Θ, on a face and at a corner (the event the exterior of {f_D ≤ min_Θ "
                                 "f_D + α}: one outer integral, acb.integral, of interval masses whose ends are exact "
                                 "quadratic roots on their pieces)")
    beta_top = Adversary("optimum on the boundary of Θ at β's top (β = 1 − 2⁻⁴⁰), d ∈ {1, 2}, n, 𝓘 and ε varied",
                         generate=wrap(beta_top_accuracy),
                         reaches="β at its largest admissible value with θ* on a face of Θ (∇f(θ*) ≠ 0), d ∈ {1, 2}, "
                                 "n from 2 to 32, 𝓘 from 1 to 80, ε = 1 and at its smallest")
    wide = sandwich_adversaries(wrap)
    return ((aniso, ball), (aniso_ball, huber, logistic, polytope, aniso_nd, beta_top, huber_2d, *wide)) if split else (
        aniso, ball, aniso_ball, huber, logistic, polytope, aniso_nd, beta_top, huber_2d, *wide)


def sandwich_adversaries(wrap: Callable) -> tuple[Adversary, ...]:
    """Logistic + ridge in d = 2, 3 and the Huber-smoothed quadratic in d = 3, on balls and polytopes (the event
    enclosed between two quadratic models, :mod:`.sandwich_tail`), and quadratics in d = 4 to 8
    (:func:`logistic_nd_accuracy`, :func:`huber_nd_accuracy`, :func:`high_d_accuracy`)."""
    between = ("the event enclosed between the χ² tails of two quadratic models with the loss's curvatures m and M "
               "around θ* and ∇f(θ*), both enclosed by a contraction certificate")
    return (Adversary("logistic + ridge in d = 2 and 3 on boxes and balls, optima inside and on the boundary, β's top",
                      generate=wrap(logistic_nd_accuracy),
                      reaches="logistic + ridge in d = 2 and 3, Θ a box or a ball, optima inside Θ and on its "
                              "boundary, β varied and at its top; " + between),
            Adversary("Huber-smoothed quadratics in d = 3, on a disc and on polytopes, β's top",
                      generate=wrap(huber_nd_accuracy),
                      reaches="the Huber-smoothed quadratic in d = 3 (box, ball, the cut cube) and in d = 2 on the disc, "
                              "the triangle and the pentagon, optima inside Θ and on its boundary; " + between),
            Adversary("quadratics in d = 4 to 8, A = aI and A ≠ aI, boxes and balls",
                      generate=wrap(high_d_accuracy),
                      reaches="quadratics in d = 4 to 8 (A = I: a noncentral χ²_d tail; A = diag(1, …, 5): an "
                              "ellipsoid's exterior), Θ a box or a ball, optima inside and on the boundary, β's top"))


# =========================================================================== the accuracy event between quadratic models
# Logistic + ridge in d = 2 and 3 and the Huber-smoothed quadratic in d = 3, on boxes, balls and polytopes (the event
# enclosed between two quadratic models' χ² tails, :mod:`.sandwich_tail`), and quadratics in d = 4 to 8 (a noncentral
# χ² tail for A = aI, an ellipsoid's exterior for A ≠ aI). Each family is built from one base: the data mean off the
# axes (points (2, 1, 0, …), twice, (1, 2, 1, …) and (−1, 0, …)), a deletion then an addition, Θ = [−r, r]^d or the ball
# of radius r with r = 1/2 (the optimum on Θ's boundary, ∇f(θ*) ≠ 0) or r = 2 (inside), 𝓘 ∈ {2, 10}, β ∈ {1/20,
# 1/1000}; and the boundary optimum at β's top (:func:`top`). The quick profile runs a few (named in each generator),
# thorough every combination.
R_SMALL, R_LARGE = Fraction(1, 2), Fraction(2)
BETAS = (Fraction(1, 20), Fraction(1, 1000))
#: diagonal curvatures of the anisotropic (Huber-smoothed) quadratics in d = 4 to 8 (condition number 5: Ruben's series converges)
ANISO_HIGH = (1, 2, 3, 4, 5, 1, 2, 3)


def base(A: list, r: Fraction, I_: int, bt: Fraction, ball: bool = False, R: int = 3) -> dict:
    """The base quadratic instance of the families below in d = len(A) (the section's comment), on the box
    [−r, r]^d or its ball."""
    d = len(A)
    pad, ones = [0] * (d - 2), [1] * (d - 2)
    X = [[2, 1, *pad], [2, 1, *pad], [1, 2, *ones], [-1, 0, *pad]]
    U = [[-1, -1, 0, *pad], [1, 1, 2, *ones]]
    box = pgd_instance(list(A), R, [-r] * d, [r] * d, X, U, [-r] * d, epsilon=Fraction(1), delta=Fraction(1, 10**5),
                       I=I_, beta=bt)
    return on_ball(box) if ball else box


def top(A: list, ball: bool, eps: Fraction) -> dict:
    """The boundary optimum at β's top (as :func:`beta_top_accuracy`, where the accuracy claims are
    tightest): four points at 2e₁ outside Θ = [−1, 1]^d or the unit ball, no update, 𝓘 = 40, β = 1 − 2⁻⁴⁰, ε given."""
    d = len(A)
    e1 = [2] + [0] * (d - 1)
    box = pgd_instance(list(A), 2, [-1] * d, [1] * d, [e1] * 4, [], [-1] * d, epsilon=eps, delta=Fraction(1, 10**5),
                       I=40, beta=BETA_TOP)
    if len(set(A)) == 1:
        box["m"], box["M"] = Fraction(1, 2), Fraction(1)
    return on_ball(box) if ball else box


def logistic_nd_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """Logistic + ridge (λ ∈ {1/4, 1}) in d = 2 and 3 on the box and the ball, optima on the boundary and inside
    and at β's top (:func:`top`) in d = 2 to 8 (quick: d = 2 on the box with the optimum on its boundary, d = 3 on the
    ball with it inside, at β's top d = 2 on the box with ε = 2⁻⁴⁰ and d = 8 on the ball with ε = 1; thorough: all)."""
    out = []
    for j, (d, r, ball, I_, bt) in enumerate(itertools.product((2, 3), (R_SMALL, R_LARGE), (False, True), (2, 10),
                                                               BETAS)):
        out.append(logisticise(base([1] * d, r, I_, bt, ball), (Fraction(1, 4), Fraction(1))[j % 2]))
    tops = [logisticise(top([1] * d, ball, eps), lam) for d, ball, eps, lam in itertools.product(
        range(2, 9), (False, True), (Fraction(1), EPS_LOW), (Fraction(1, 4), Fraction(1)))]
    return out + tops if size > 40 else [out[0], out[16 + 8 + 4 + 1], tops[2], tops[-3]]


def huber_nd_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """The Huber-smoothed quadratic (band widths 1/8 and 1/2 in turn) with A = diag(1, 2, 4) in d = 3 on the box and
    the ball, A = diag(1, 4) on the disc, and on polytopes (A = I and diag(1, 4) on the triangle and the pentagon, A = I
    on the cut cube in d = 3), and at β's top (:func:`top`: d = 3 box and ball, the disc, A = diag(ANISO_HIGH) in d = 4
    to 8 on boxes and balls) (quick: d = 3 on the box with the optimum on its boundary, the pentagon, at β's top d = 3
    on the box with ε = 2⁻⁴⁰ and d = 8 on the box with ε = 1; thorough: all)."""
    out = []
    for j, (A, r, ball, I_, bt) in enumerate(itertools.product(([1, 2, 4], [1, 4]), (R_SMALL, R_LARGE), (False, True),
                                                               (2, 10), BETAS)):
        if len(A) == 2 and not ball:
            continue  # the separable box in d = 2 has its exact integral (.separable_tail)
        out.append(huberise(base(A, r, I_, bt, ball), WIDTHS[j % 2]))
    from ...problems.polytope import Polytope

    poly = []
    shapes = tuple(Polytope.from_polygon(p).rows for p in POLYGONS) + (CUT_CUBE,)
    for j, (A, rows, I_, bt) in enumerate(itertools.product(([1, 1], [1, 4]), shapes, (2, 10), BETAS)):
        if len(rows[0]) == 4 and A == [1, 4]:
            continue
        A = A + [1] * (len(rows[0]) - 1 - len(A))
        inst = base(A, Fraction(1), I_, bt)
        if len(set(A)) == 1:
            inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
        poly.append(huberise(on_polytope(inst, rows), WIDTHS[j % 2]))
    shapes = ([1, 2, 4], [1, 4]) + tuple(list(ANISO_HIGH[:d]) for d in range(4, 9))
    tops = [huberise(top(A, ball, eps), w) for A, ball, eps, w in itertools.product(shapes, (False, True),
                                                                                  (Fraction(1), EPS_LOW), WIDTHS)
            if len(A) != 2 or ball]
    return out + poly + tops if size > 40 else [out[0], poly[4 + 1], tops[2], tops[-8]]


def high_d_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratics in d = 4 to 8: A = I (declared m = 1/2 < M = 1: a noncentral χ²_d tail) and A = diag(ANISO_HIGH)
    (an ellipsoid's exterior), on the box and the ball, optima on the boundary and inside (R = 4 holds the data);
    and the boundary optimum at β's top (:func:`top`); quick: one per d from 5 to 8 at β's top (named below; d = 4 is
    :func:`aniso_nd_accuracy`'s); thorough: all."""
    out = []
    for d, iso, r, ball, I_, bt in itertools.product(range(4, 9), (True, False), (R_SMALL, R_LARGE), (False, True),
                                                     (2, 10), BETAS):
        A = [1] * d if iso else list(ANISO_HIGH[:d])
        inst = base(A, r, I_, bt, ball, R=4)
        if iso:
            inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
        out.append(inst)
    tops = [top([1] * d if iso else list(ANISO_HIGH[:d]), ball, eps)
            for d, iso, ball, eps in itertools.product(range(4, 9), (True, False), (False, True), (Fraction(1), EPS_LOW))]
    if size > 40:
        return out + tops
    # quick: the boundary optimum at β's top, one per d — (d, A, Θ, ε) = (5, I, box, 2⁻⁴⁰), (6, diag, ball, 1),
    # (7, I, ball, 2⁻⁴⁰), (8, diag, box, 1)
    return [tops[8 + 1], tops[16 + 4 + 2], tops[24 + 2 + 1], tops[32 + 4]]
