"""Divergences between Gaussians P = N(m0, Σ0) and Q = N(m1, Σ1) with general covariances.

Rényi and KL are closed forms evaluated on arb balls (``flint.arb_mat`` determinants and solves).
Hockey-stick and total variation are exact (Balle & Wang 2018) when Σ0 = Σ1, and an arb closed
form (quadratic roots + erfc) in one dimension; for d > 1 with Σ0 ≠ Σ1 they are computed by
high-precision numerical inversion of the characteristic function of the privacy loss
(Gil-Pelaez / Imhof 1961) with mpmath quadrature — accurate, but not an enclosure.

Means are 1-D sequences, covariances 2-D (scalars are accepted for d = 1). Entries may be int,
float, Fraction, decimal str, mpmath or arb numbers; they are converted exactly.
"""
from __future__ import annotations

import math
from decimal import Decimal

import mpmath
import numpy as np
from flint import arb, arb_mat, ctx

from ..errors import InvalidParameterError, UndecidedError
from ..numeric.enclosure import Decision, to_arb
from ..numeric.fraction import RATIONAL_TYPES, Fraction
from ..numeric.precision import MAX_PREC, precisions, workprec
from ..numeric.enclosure import erfc_ball
from .profile import check_real, profile_arb

__all__ = ["renyi_divergence", "renyi_enclosure", "kl_divergence", "tv_distance", "hockey_stick"]

#: Base significant digits of the Gil-Pelaez quadrature (d > 1, unequal covariances).
QUAD_DPS = 20
_MAX_DPS = 200
_FLOAT_BITS = 55


# ---------------------------------------------------------------- inputs


class _Gaussians:
    """Validated parameters of the pair (P, Q), entries kept exact."""

    def __init__(self, m0, cov0, m1, cov1):
        self.m0 = _vector("m0", m0)
        self.m1 = _vector("m1", m1)
        self.d = len(self.m0)
        if len(self.m1) != self.d:
            raise InvalidParameterError("m1", f"has dimension {len(self.m1)}, m0 has {self.d}")
        self.cov0 = _matrix("cov0", cov0, self.d)
        self.cov1 = _matrix("cov1", cov1, self.d)
        for name, cov in (("cov0", self.cov0), ("cov1", self.cov1)):
            if _positive_definite(lambda cov=cov: _arb_matrix(cov)) != Decision.TRUE:
                raise InvalidParameterError(name, "must be positive definite")
        self.equal_cov = self.cov0 == self.cov1

    def arb_shift(self) -> arb_mat:
        return arb_mat([[to_arb(b) - to_arb(a)] for a, b in zip(self.m0, self.m1)])

    def same_means(self) -> bool:
        return all(a == b for a, b in zip(self.m0, self.m1))


def _entry(name, x):
    check_real(name, x, low=-math.inf)
    if isinstance(x, (str, Decimal)):
        return Fraction(x)
    if isinstance(x, np.floating):
        return float(x)
    if isinstance(x, np.integer):
        return int(x)
    return x


def _vector(name, m) -> list:
    arr = np.asarray(m, dtype=object)
    if arr.ndim > 1:
        raise InvalidParameterError(name, f"a mean must be a vector, got shape {arr.shape}")
    values = [_entry(name, x) for x in arr.reshape(-1)]
    if not values:
        raise InvalidParameterError(name, "a mean must have at least one coordinate")
    return values


def _matrix(name, cov, d) -> list[list]:
    arr = np.asarray(cov, dtype=object)
    if arr.ndim == 0:
        arr = arr.reshape(1, 1)
    if arr.shape != (d, d):
        raise InvalidParameterError(name, f"must be a {d}x{d} matrix, got shape {arr.shape}")
    rows = [[_entry(name, x) for x in row] for row in arr]
    if any(rows[i][j] != rows[j][i] for i in range(d) for j in range(i)):
        raise InvalidParameterError(name, "must be symmetric")
    return rows


def _arb_matrix(rows) -> arb_mat:
    return arb_mat([[to_arb(x) for x in row] for row in rows])


# ---------------------------------------------------------------- rigorous helpers


def _minors_decision(m: arb_mat) -> Decision:
    """Sylvester's criterion on balls: TRUE if every leading principal minor is > 0, FALSE if one
    is ≤ 0 (for every point of the balls), otherwise UNDECIDED."""
    n = m.nrows()
    undecided = False
    for k in range(1, n + 1):
        minor = arb_mat([[m[i, j] for j in range(k)] for i in range(k)]).det()
        if minor <= 0:
            return Decision.FALSE
        if not minor > 0:
            undecided = True
    return Decision.UNDECIDED if undecided else Decision.TRUE


def _positive_definite(build) -> Decision:
    """Decide whether the symmetric matrix ``build()`` is positive definite, raising precision."""
    decision = Decision.UNDECIDED
    for prec in precisions(max(ctx.prec, 64), MAX_PREC):
        with workprec(prec):
            decision = _minors_decision(build())
        if decision != Decision.UNDECIDED:
            break
    return decision


def _dot(u: arb_mat, v: arb_mat) -> arb:
    return sum((u[i, 0] * v[i, 0] for i in range(u.nrows())), arb(0))


def _to_float(enclosure) -> float:
    """Evaluate ``enclosure()`` at rising precision until it is float-accurate; its midpoint
    (+inf for an infinite value)."""
    enc = arb(0)
    for prec in precisions(64, MAX_PREC):
        with workprec(prec):
            enc = enclosure()
            # an exact zero never gets a relative accuracy: accept a ball around 0 at 1024 bits
            if enc.is_finite() and (enc.rel_accuracy_bits() >= _FLOAT_BITS or (enc.contains(0) and prec >= 1024)):
                return float(enc.mid())
            if not enc.is_finite() and enc.lower() >= 0 and enc.upper() == arb.pos_inf():
                return math.inf
    raise UndecidedError("the enclosure did not reach float accuracy at the maximum precision")


# ---------------------------------------------------------------- Rényi and KL


def renyi_enclosure(alpha, m0, cov0, m1, cov1) -> arb:
    """Ball containing D_α(P‖Q) at the current flint precision (+inf when it is infinite; NaN
    when Σ_α is positive definite but too close to singular for this precision).

    D_α = (α/2)(m1−m0)ᵀΣ_α⁻¹(m1−m0) − ln(det Σ_α / (det Σ0^{1−α} det Σ1^α)) / (2(α−1)),
    Σ_α = αΣ1 + (1−α)Σ0 (Gil, Alajaji & Linder 2013); infinite when Σ_α is not positive definite
    (decided rigorously, raising precision). α = 1 is the KL divergence.
    """
    check_real("alpha", alpha)
    return _renyi_arb(alpha, _Gaussians(m0, cov0, m1, cov1))


def _renyi_arb(alpha, g: _Gaussians) -> arb:
    if alpha == 1:
        return _kl_arb(g)
    a = to_arb(alpha)

    def sigma_alpha() -> arb_mat:
        a_ = to_arb(alpha)
        return a_ * _arb_matrix(g.cov1) + (1 - a_) * _arb_matrix(g.cov0)

    pd = _positive_definite(sigma_alpha)
    if pd == Decision.FALSE:
        return arb.pos_inf()
    if pd == Decision.UNDECIDED:
        raise UndecidedError("cannot decide whether alpha*cov1 + (1-alpha)*cov0 is positive definite")
    s_a, s0, s1, dm = sigma_alpha(), _arb_matrix(g.cov0), _arb_matrix(g.cov1), g.arb_shift()
    det_a = s_a.det()
    if not det_a > 0:  # positive definite, but not resolved at this precision
        return arb.nan()
    quad = _dot(dm, s_a.solve(dm))
    log_ratio = det_a.log() - (1 - a) * s0.det().log() - a * s1.det().log()
    return a / 2 * quad - log_ratio / (2 * (a - 1))


def renyi_divergence(alpha, m0, cov0, m1, cov1) -> float:
    """D_α(P‖Q) as a float (nearest to the enclosure's midpoint once float-accurate; +inf when
    αΣ1 + (1−α)Σ0 is not positive definite). See :func:`renyi_enclosure`."""
    check_real("alpha", alpha)
    g = _Gaussians(m0, cov0, m1, cov1)
    return max(_to_float(lambda: _renyi_arb(alpha, g)), 0.0)


def _kl_arb(g: _Gaussians) -> arb:
    s0, s1, dm = _arb_matrix(g.cov0), _arb_matrix(g.cov1), g.arb_shift()
    trace = s1.solve(s0).trace()
    return (trace + _dot(dm, s1.solve(dm)) - g.d + s1.det().log() - s0.det().log()) / 2


def kl_divergence(m0, cov0, m1, cov1) -> float:
    """KL(P‖Q) = ½[tr(Σ1⁻¹Σ0) + (m1−m0)ᵀΣ1⁻¹(m1−m0) − d + ln(det Σ1/det Σ0)], evaluated on arb."""
    g = _Gaussians(m0, cov0, m1, cov1)
    return max(_to_float(lambda: _kl_arb(g)), 0.0)


# ---------------------------------------------------------------- hockey stick and TV


def hockey_stick(epsilon, m0, cov0, m1, cov1) -> float:
    """E_ε(P‖Q) = sup_S P(S) − e^ε Q(S) = P(L > ε) − e^ε Q(L > ε), L = ln(dP/dQ), for real ε.

    Σ0 = Σ1: Balle & Wang 2018, Theorem 8 with s the Mahalanobis distance (exact, enclosure-based).
    d = 1, Σ0 ≠ Σ1: {L > ε} is bounded by the roots of a quadratic, probabilities by erfc (arb).
    d > 1, Σ0 ≠ Σ1: Gil-Pelaez inversion by mpmath quadrature at :data:`QUAD_DPS` digits.
    """
    check_real("epsilon", epsilon, low=-math.inf)
    g = _Gaussians(m0, cov0, m1, cov1)
    if g.equal_cov:
        if g.same_means():
            return max(0.0, -math.expm1(float(epsilon)))
        return max(_to_float(lambda: _equal_cov_arb(epsilon, g)), 0.0)
    if g.d == 1:
        return max(_to_float(lambda: _hockey_1d_arb(epsilon, g)), 0.0)
    return max(_hockey_gil_pelaez(epsilon, g), 0.0)


def tv_distance(m0, cov0, m1, cov1) -> float:
    """Total variation distance sup_S |P(S) − Q(S)| = E_0(P‖Q); 2Φ(s/2) − 1 = erf(s/(2√2)) for
    equal covariances, s the Mahalanobis distance (computed as the hockey stick at ε = 0)."""
    return hockey_stick(0, m0, cov0, m1, cov1)


def _equal_cov_arb(epsilon, g: _Gaussians) -> arb:
    dm = g.arb_shift()
    s = _dot(dm, _arb_matrix(g.cov0).solve(dm)).sqrt()
    return profile_arb(to_arb(epsilon), s)


def _hockey_1d_arb(epsilon, g: _Gaussians) -> arb:
    """{L > ε} = {A x² + B x + C > 0}; when the discriminant is negative the set is empty or the
    whole line, which the formulas below give with √disc replaced by 0 (so disc is clamped)."""
    eps = to_arb(epsilon)
    m0, m1 = to_arb(g.m0[0]), to_arb(g.m1[0])
    v0, v1 = to_arb(g.cov0[0][0]), to_arb(g.cov1[0][0])
    a = (1 / v1 - 1 / v0) / 2
    if not (a > 0 or a < 0):
        return arb("0 +/- inf")  # not separated at this precision: ask for more
    b = m0 / v0 - m1 / v1
    c = m1 * m1 / (2 * v1) - m0 * m0 / (2 * v0) + (v1 / v0).log() / 2 - eps
    root = (b * b - 4 * a * c).nonnegative_part().sqrt()
    lo, hi = (-b - root) / (2 * a), (-b + root) / (2 * a)
    if a < 0:
        lo, hi = hi, lo
    r2 = arb(2).sqrt()

    def mass(m, v):
        z_lo, z_hi = (lo - m) / (r2 * v.sqrt()), (hi - m) / (r2 * v.sqrt())
        if a > 0:  # outside the roots
            return (erfc_ball(-z_lo) + erfc_ball(z_hi)) / 2
        return (erfc_ball(z_lo) - erfc_ball(z_hi)) / 2  # between the roots

    return mass(m0, v0) - eps.exp() * mass(m1, v1)


def _loss_coefficients(g: _Gaussians):
    """Whiten P (x = m0 + L0 w), diagonalise Q: under P, w ~ N(0, I); under Q, w ~ N(ν, diag λ).
    Then L = Σ A_i w_i² + B_i w_i + C with A_i = (1/λ_i − 1)/2, B_i = −ν_i/λ_i,
    C = Σ ν_i²/(2λ_i) + ½ ln λ_i."""
    mp = mpmath.mp
    s0 = mpmath.matrix([[to_mpf(x) for x in row] for row in g.cov0])
    s1 = mpmath.matrix([[to_mpf(x) for x in row] for row in g.cov1])
    dm = mpmath.matrix([to_mpf(b) - to_mpf(a) for a, b in zip(g.m0, g.m1)])
    l_inv = mp.inverse(mp.cholesky(s0))
    lam, u = mp.eigsy(l_inv * s1 * l_inv.T)
    nu = u.T * (l_inv * dm)
    lam, nu = [lam[i] for i in range(g.d)], [nu[i] for i in range(g.d)]
    coef_a = [(1 / x - 1) / 2 for x in lam]
    coef_b = [-n / x for n, x in zip(nu, lam)]
    const = mp.fsum(n * n / (2 * x) + mp.log(x) / 2 for n, x in zip(nu, lam))
    return coef_a, coef_b, const


def to_mpf(x) -> mpmath.mpf:
    """An exact (or, for decimal strings and balls, nearest) mpmath value of a parsed entry."""
    if isinstance(x, RATIONAL_TYPES):
        return mpmath.mpf(x.numerator) / x.denominator
    if isinstance(x, arb):
        return mpmath.mpf(x.mid().str(mpmath.mp.dps + 5, radius=False))
    return mpmath.mpf(x)


def _hockey_gil_pelaez(epsilon, g: _Gaussians) -> float:
    """E_ε = ½(1 − e^ε) + (1/π)∫_0^∞ Im[e^{−itε}(φ(t) − e^ε φ(t + i))]/t dt, where
    φ(z) = E_P e^{izL} = e^{izC} Π (1 − 2izA_i)^{−1/2} exp(−z²B_i²/(2(1 − 2izA_i))) and
    E_Q e^{itL} = E_P e^{(it−1)L} = φ(t + i) (Gil-Pelaez 1951; Imhof 1961).

    High-precision quadrature (mpmath ``quadosc`` at the integrand's asymptotic frequency), not an
    enclosure: the working precision starts at :data:`QUAD_DPS` digits plus the digits of e^ε lost
    to cancellation, and is raised until ~15 significant digits of E_ε survive (≤ 200 digits); a
    value still ≤ 0 after one raise is returned as is (E_ε is then below the quadrature's reach).
    """
    if _loss_never_exceeds(epsilon, g):
        return 0.0
    scale_digits = max(0.0, float(epsilon) / math.log(10))
    dps, nonpositive = int(QUAD_DPS + scale_digits), 0
    while True:
        value = _gil_pelaez_at(epsilon, g, dps)
        nonpositive = nonpositive + 1 if value <= 0 else 0
        needed = 18 + scale_digits - math.log10(value) if value > 0 else dps + 10
        if needed <= dps or dps >= _MAX_DPS or nonpositive >= 2:
            return value
        dps = min(_MAX_DPS, int(needed) + 5)


def _loss_never_exceeds(epsilon, g: _Gaussians) -> bool:
    """True when sup L = C + Σ B_i²/(−4A_i) ≤ ε (every A_i < 0): then {L > ε} is empty, E_ε = 0."""
    with mpmath.workdps(QUAD_DPS):
        coef_a, coef_b, const = _loss_coefficients(g)
        if not all(a < 0 for a in coef_a):
            return False
        sup = const + mpmath.fsum(b * b / (-4 * a) for a, b in zip(coef_a, coef_b))
        return sup <= to_mpf(_entry("epsilon", epsilon))


def _gil_pelaez_at(epsilon, g: _Gaussians, dps: int) -> float:
    with mpmath.workdps(dps):
        mp = mpmath.mp
        coef_a, coef_b, const = _loss_coefficients(g)
        eps = to_mpf(_entry("epsilon", epsilon))
        e_eps = mp.exp(eps)

        def phi(z):
            value = mp.expj(z * const)
            for a, b in zip(coef_a, coef_b):
                w = 1 - 2j * z * a
                value *= mp.exp(-z * z * b * b / (2 * w)) / mp.sqrt(w)
            return value

        def integrand(t):
            if t == 0:
                t = mp.mpf(10) ** (-dps)
            return mp.im(mp.expj(-t * eps) * (phi(t) - e_eps * phi(t + 1j))) / t

        # Asymptotic angular frequency of the integrand (the phase of φ grows linearly in t).
        omega = abs(const - eps - mp.fsum(b * b / (4 * a) for a, b in zip(coef_a, coef_b) if a != 0))
        if omega > mp.mpf("1e-6"):
            integral = mp.quadosc(integrand, [0, mp.inf], omega=omega)
        else:
            integral = mp.quad(integrand, [0, 1, 10, 100, 1000, mp.inf])
        return float((1 - e_eps) / 2 + integral / mp.pi)


def renyi_exact(alpha, m0, cov0, m1, cov1) -> Fraction | None:
    """D_α(P‖Q) exactly, when every entry is rational and the log-determinant term of :func:`renyi_enclosure`
    vanishes exactly (det Σ0 = det Σ1 = det Σ_α, with Σ_α positive definite): then D_α = (α/2)(m1−m0)ᵀΣ_α⁻¹(m1−m0),
    solved in rational arithmetic. None otherwise (use the enclosure). An exact value lets a checker prove equality."""
    try:
        a = _rational(alpha)
        mu0, mu1 = [_rational(x) for x in m0], [_rational(x) for x in m1]
        s0, s1 = [[_rational(x) for x in row] for row in cov0], [[_rational(x) for x in row] for row in cov1]
    except (TypeError, ValueError):
        return None
    if a <= 1 or len(mu0) != len(mu1):
        return None
    sa = [[a * y + (1 - a) * x for x, y in zip(r0, r1)] for r0, r1 in zip(s0, s1)]
    minors = [_det_exact([row[:k] for row in sa[:k]]) for k in range(1, len(sa) + 1)]
    if any(m <= 0 for m in minors) or not (_det_exact(s0) == _det_exact(s1) == minors[-1]):
        return None
    shift = [y - x for x, y in zip(mu0, mu1)]
    return a / 2 * sum(s * t for s, t in zip(shift, _solve_exact(sa, shift)))


def _rational(x) -> Fraction:
    if isinstance(x, bool):
        raise TypeError("a boolean is not a number")
    if isinstance(x, (int, *RATIONAL_TYPES)):
        return Fraction(x)
    if isinstance(x, str):
        return Fraction(Decimal(x)) if "/" not in x else Fraction(x)
    if isinstance(x, float) and math.isfinite(x):
        return Fraction(x)
    raise TypeError(f"not an exact rational: {x!r}")


def _det_exact(m: list[list[Fraction]]) -> Fraction:
    m, det = [row[:] for row in m], Fraction(1)
    for i in range(len(m)):
        pivot = next((r for r in range(i, len(m)) if m[r][i] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != i:
            m[i], m[pivot], det = m[pivot], m[i], -det
        det *= m[i][i]
        for r in range(i + 1, len(m)):
            f = m[r][i] / m[i][i]
            m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return det


def _solve_exact(m: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    """x with m x = b for a positive definite m (Gaussian elimination without pivoting, exact)."""
    n = len(m)
    aug = [row[:] + [v] for row, v in zip(m, b)]
    for i in range(n):
        for r in range(i + 1, n):
            f = aug[r][i] / aug[i][i]
            aug[r] = [x - f * y for x, y in zip(aug[r], aug[i])]
    x = [Fraction(0)] * n
    for i in reversed(range(n)):
        x[i] = (aug[i][n] - sum(aug[i][j] * x[j] for j in range(i + 1, n))) / aug[i][i]
    return x
