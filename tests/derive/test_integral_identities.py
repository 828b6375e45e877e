"""Identities with an unevaluated integral (gaussian.exact step 4, the subsampled and composed Gaussian profiles,
pomer's footnote 4): the engine integrates once without sympy's definite Meijer G route before trying it, and never
proves a false one."""
import sympy
from sympy import Integral, Rational, erfc, exp, oo, pi, sqrt
from sympy.integrals import integrals

from certunlearn.derive import zero_proof


def _spy_meijer_g(monkeypatch):
    """Calls of sympy's definite Meijer G integration, recorded and passed on."""
    calls = []
    real = integrals.meijerint_definite

    def spy(*args, **kw):
        calls.append(args)
        return real(*args, **kw)

    monkeypatch.setattr(integrals, "meijerint_definite", spy)
    return calls


def test_a_normal_tail_is_integrated_without_meijer_g(monkeypatch):
    """∫_t^∞ φ_s(x − m) dx = erfc((t − m)/(s√2))/2, the step of gaussian.exact and its kin: proved by the quick
    integration (doit(meijerg=False): an antiderivative and its limits, no definite Meijer G — that route cost tens
    of CPU seconds per integral, and ran three times per step, twice inside simplify)."""
    x = sympy.Symbol("x_itail", real=True)
    t = sympy.Symbol("t_itail", real=True)
    m, s = sympy.symbols("m_itail s_itail", positive=True)
    density = exp(-(x - m) ** 2 / (2 * s**2)) / (s * sqrt(2 * pi))
    calls = _spy_meijer_g(monkeypatch)
    how = zero_proof(Integral(density, (x, t, oo)), erfc((t - m) / (s * sqrt(2))) / 2)
    assert how is not None and how.startswith("symbolic integration"), how
    assert calls == []


def test_a_false_integral_identity_is_not_proved():
    """Every route runs (the quick integration, then all of sympy's, then simplify with its own doit) and none
    proves ∫_0^u y dy = u²/3."""
    y = sympy.Symbol("y_ifalse", real=True)
    u = sympy.Symbol("u_ifalse", positive=True)
    assert zero_proof(Integral(y, (y, 0, u)), u**2 / 3) is None
    assert zero_proof(Integral(y, (y, 0, u)), u**2 / 2) is not None
    assert zero_proof(Integral(y, (y, 0, u)) + Rational(1, 2), u**2 / 2 + Rational(1, 2)) is not None
