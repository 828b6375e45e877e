"""A certificate from outside the five papers: output perturbation for ℓ2-regularised ERM.

Chaudhuri, Monteleoni & Sarwate (2011), "Differentially private empirical risk minimization", Corollary 8 (the
sensitivity step): for a convex, L-Lipschitz loss ℓ, the minimiser θ*(D) of
J_D(θ) = (1/n) Σᵢ ℓ(θ; xᵢ) + (λ/2)‖θ‖² moves by at most 2L/(nλ) when one point of D is replaced.

Checked here on the linear loss ℓ(θ; x) = −⟨θ, x⟩ with ‖x‖ ≤ L (convex and L-Lipschitz), whose minimiser is exact:
θ* = Σᵢ xᵢ/(nλ). Replacing x₁ by −x₁ with ‖x₁‖ = L moves it by exactly 2L/(nλ): the bound is attained.

Load it with ``certunlearn check --claims docs/examples/output_perturbation.py`` (and ``prove --claims …``).
"""
from fractions import Fraction
from math import isqrt

import sympy

from certunlearn.api import Adversary, Claim, Decision, H, Kind, P, Space, step, then, to_arb, Derivation

n, lam, L = sympy.symbols("n lambda L", positive=True)
SENSITIVITY = 2 * L / (n * lam)  # the printed bound
MISPRINTED = L / (n * lam)  # the same bound with the factor 2 lost


def minimiser(X, lam_):
    """θ* = Σᵢ xᵢ/(nλ), exactly (the gradient of J_D vanishes there)."""
    n_ = len(X)
    return [sum(Fraction(x[k]) for x in X) / (n_ * Fraction(lam_)) for k in range(len(X[0]))]


def shift(values):
    """‖θ*(D) − θ*(D')‖ for D' = D with its first point replaced: exact when the norm is rational."""
    X, X2 = values["X"], [values["x_new"], *values["X"][1:]]
    a, b = minimiser(X, values["lambda"]), minimiser(X2, values["lambda"])
    sq = sum((p - q) ** 2 for p, q in zip(a, b))
    root_num, root_den = isqrt(sq.numerator), isqrt(sq.denominator)
    if root_num**2 == sq.numerator and root_den**2 == sq.denominator:
        return Fraction(root_num, root_den)
    return to_arb(sq).sqrt()


def points_in_ball(values):
    """Every data point, old and new, has ‖x‖ ≤ L (the loss is then L-Lipschitz on them)."""
    L2 = Fraction(values["L"]) ** 2
    pts = [*values["X"], values["x_new"]]
    return Decision.TRUE if all(sum(Fraction(c) ** 2 for c in x) <= L2 for x in pts) else Decision.FALSE


def extremal(rng, size):
    """Replace x₁ = L·u by −x₁ (u a rational unit vector): the shift is exactly 2L/(nλ)."""
    out = []
    for n_, lam_, L_ in [(1, "1", "1"), (2, "0.5", "3"), (5, "0.01", "2"), (10, "7", "0.25"), (3, "1e-3", "10")]:
        for u in ([1, 0], [Fraction(3, 5), Fraction(4, 5)]):
            x1 = [Fraction(L_) * c for c in u]
            rest = [[Fraction(k, 7) * Fraction(L_), 0] for k in range(1, n_)]
            out.append({"n": n_, "lambda": lam_, "L": L_, "X": [x1, *rest], "x_new": [-c for c in x1]})
    return out


def random_data(params):
    """A search point: n points inside the ball of radius L, and a replacement."""
    n_ = max(1, round(params["n"]))
    L_ = Fraction(params["L"])
    angle = [Fraction(3, 5), Fraction(4, 5)]
    X = [[L_ * Fraction(k % 3 - 1, 2) * angle[0], L_ * Fraction(k % 2, 3) * angle[1]] for k in range(n_)]
    t = Fraction(params["t"])
    return {"n": n_, "lambda": params["lambda"], "L": params["L"], "X": X,
            "x_new": [L_ * t * angle[0], -L_ * t * angle[1]]}


HYPOTHESES = (H("n ≥ 1", ">=", n, 1), H("λ > 0", ">", lam, 0), H("L > 0", ">", L, 0),
              P("‖x‖ ≤ L for every point", points_in_ball))
ADVERSARIES = (Adversary("replace x₁ = L·u by −x₁", generate=extremal),
               Adversary("search over n, λ, L and the replacement",
                         space=Space({"n": (1.0, 20.0), "lambda": (1e-3, 10.0), "L": (0.1, 10.0), "t": (-1.0, 1.0)},
                                     log=frozenset({"lambda", "L"}), build=random_data)))


def claim(claim_id, bound, statement):
    return Claim(id=claim_id, source="Chaudhuri, Monteleoni & Sarwate 2011, Corollary 8 (sensitivity step)",
                 kind=Kind.SENSITIVITY, statement=statement, hypotheses=HYPOTHESES, bound=bound, quantity=shift,
                 adversaries=ADVERSARIES, derivation=claim_id)


CLAIMS = [
    claim("cms.sensitivity", SENSITIVITY, "‖θ*(D) − θ*(D')‖ ≤ 2L/(nλ) for neighbouring D, D'"),
    claim("cms.sensitivity:misprinted", MISPRINTED, "(misprinted) ‖θ*(D) − θ*(D')‖ ≤ L/(nλ)"),
]

x1, x1n = sympy.symbols("x_1 x_1'", real=True)  # the replaced point and its replacement (1-d projection)


def derivations():
    def chain(claim_id, last_factor):
        return Derivation(
            claim_id=claim_id, target="bound",
            title="Sensitivity of the regularised minimiser (CMS 2011, Cor. 8), linear loss",
            start=sympy.Abs(x1 - x1n) / (n * lam),
            conditions=(sympy.Le(sympy.Abs(x1), L), sympy.Le(sympy.Abs(x1n), L)),
            domain={n: ("1", "100"), lam: ("0.001", "10"), L: ("0.1", "10"), x1: ("-10", "10"), x1n: ("-10", "10")},
            steps=(
                step(sympy.Abs(x1 - x1n) / (n * lam), "<=", (sympy.Abs(x1) + sympy.Abs(x1n)) / (n * lam),
                     "θ*(D) − θ*(D') = (x₁ − x₁')/(nλ); the triangle inequality"),
                then("<=", last_factor * L / (n * lam), "‖x₁‖ ≤ L and ‖x₁'‖ ≤ L (the loss is L-Lipschitz)"),
            ),
        )

    return [chain("cms.sensitivity", 2), chain("cms.sensitivity:misprinted", 1)]
