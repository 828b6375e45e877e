"""certunlearn.claims.pep: the PEP of OGD's regret over quadratics λI in a ball, its extraction, its caches.
Oracles: brute force over sign patterns (d = 1), an mpmath (100 digits) rerun of OGD, PEPit recomputing a shipped
case."""
from __future__ import annotations

import math

import mpmath
import pytest

from certunlearn.claims import pep
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction

SC = lambda n: [1.0 / t for t in range(1, n + 1)]  # η_t = 1/(μt), μ = λ = 1


def _mp_regret(z1, C, lam, etas):
    """OGD on (λ/2)‖z − c_t‖², written out independently at 100 digits."""
    with mpmath.workdps(100):
        q = lambda x: mpmath.mpf(Fraction(x).numerator) / Fraction(x).denominator
        z = [q(x) for x in z1]
        P = [[q(x) for x in c] for c in C]
        lam, n, d = q(lam), len(P), len(z)
        etas = [q(e) for e in etas]
        mean = [mpmath.fsum(c[j] for c in P) / n for j in range(d)]
        f = lambda w, c: lam / 2 * mpmath.fsum((a - b) ** 2 for a, b in zip(w, c))
        total = mpmath.fsum(f(z, P[0]) - f(mean, P[0]) for _ in [0])
        w = [a - etas[0] * lam * (a - b) for a, b in zip(z, P[0])]
        for t in range(1, n):
            total += f(w, P[t]) - f(mean, P[t])
            w = [a - etas[t] * lam * (a - b) for a, b in zip(w, P[t])]
        return total


def test_sdp_dominates_brute_force_and_its_extraction_is_exact():
    etas = SC(5)
    case = pep.quadratic_pep(etas, 1.0, 2.0, rule="sc")
    brute, _ = pep.vertex_worst(etas, 1.0, 2.0)
    assert case.value >= brute - 1e-6  # the SDP's class holds every 1-d sign pattern
    assert abs(case.dual - case.value) <= 1e-6 * max(1.0, abs(case.value))  # no duality gap
    z1, C = pep.extract(case)
    r2 = Fraction(1)
    assert all(sum((x * x for x in p), Fraction(0)) <= r2 for p in [z1, *C])  # exactly in the ball
    exact = pep.quadratic_regret(z1, C, Fraction(1), [Fraction(1, t) for t in range(1, 6)])
    assert isinstance(exact, RATIONAL_TYPES)
    assert abs(float(exact) - case.value) <= 1e-5
    with mpmath.workdps(100):
        mp = _mp_regret(z1, C, 1, [Fraction(1, t) for t in range(1, 6)])
        assert abs(mp - mpmath.mpf(exact.numerator) / exact.denominator) < mpmath.mpf(10) ** -90


def test_two_rounds_closed_form():
    """n = 2, η = (1, ·), λ = 1, radius 1: w_1 = c_1, regret = ½(z1 − c1)² + ½(c1 − c2)² − ¼(c1 − c2)² ≤ 2 + 1 = 3."""
    case = pep.quadratic_pep(SC(2), 1.0, 2.0)
    assert case.value == pytest.approx(3.0, abs=1e-6)
    assert pep.quadratic_regret([Fraction(-1)], [[Fraction(1)], [Fraction(-1)]], Fraction(1), [1, Fraction(1, 2)]) == 3


def test_shipped_case_recomputed_with_pepit():
    shipped = pep.shipped()
    entry = shipped["quadratic convex n=4 L=2 D=2"]
    etas = [2.0 / (2.0 * math.sqrt(t)) for t in range(1, 5)]
    case = pep.quadratic_pep(etas, 1.0, 2.0)
    assert case.value == pytest.approx(float(entry["value"]), rel=1e-6)
    assert float(entry["dual"]) >= float(entry["value"]) - 1e-6


def test_lipschitz_pep_matches_pepit_example():
    """PEPit's documented example (M = 1, D = 1/2, n = 2, γ = D/(M√n)): 0.7071068."""
    case = pep.lipschitz_pep([0.5 / math.sqrt(2)] * 2, 1.0, 0.5)
    assert case.value == pytest.approx(0.7071068, abs=1e-5)


def test_disk_cache_round_trip(tmp_path, monkeypatch):
    monkeypatch.setenv("CERTUNLEARN_CACHE_DIR", str(tmp_path))
    a = pep.cached("quadratic", "sc", SC(3), {"lam": 1.0, "D": 2.0})
    files = list((tmp_path / "pep").glob("quadratic-*.json"))
    assert len(files) == 1
    b = pep.cached("quadratic", "sc", SC(3), {"lam": 1.0, "D": 2.0})
    assert a == b


def test_piecewise_linear_extraction_is_exact_and_inside_the_class():
    """Convex M-Lipschitz losses, unprojected OGD with iterates within D of x_ref: the extracted max-of-two-affine
    losses reproduce the SDP's worst case exactly (Fractions), stay in the class, and never exceed the dual bound."""
    n, M, D = 3, Fraction(2), Fraction(2)
    etas = [Fraction(1, 2)] * n
    case, data = pep.lipschitz_pep_unprojected([float(e) for e in etas], 2.0, 2.0)
    regret, far = pep.piecewise_linear_regret(data, etas, M)
    assert isinstance(regret, RATIONAL_TYPES)
    assert far <= D * D
    assert float(regret) == pytest.approx(case.value, rel=1e-5)  # s² = 1 − 2·10⁻⁶
    assert float(regret) <= case.dual + 1e-6
    # the projected example (PEPit's own) has the same worst case here
    assert pep.lipschitz_pep([float(e) for e in etas], 2.0, 2.0).value == pytest.approx(case.value, rel=1e-5)
