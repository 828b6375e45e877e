"""Laws a claim states for its two outputs, and the ε really spent (epsilon_tightness), for holding and violated
claims: Laplace pairs, subsampled/composed Gaussians, point masses (deterministic releases)."""
from __future__ import annotations

import math

import sympy

from certunlearn.check.epsilon import epsilon_tightness
from certunlearn.claims.model import (Adversary, Claim, GaussianPair, Kind, LaplacePair, PointMass,
                                      SubsampledGaussianLaws)
from certunlearn.formulas.symbols import delta
from certunlearn.privacy import exact_epsilon
from certunlearn.privacy.laplace import laplace_epsilon


def claim_with(laws):
    return Claim(id="user.thm1", source="test", kind=Kind.PRIVACY, statement="test", hypotheses=(), bound=delta,
                 quantity=lambda v: 0, adversaries=(Adversary("none", generate=lambda rng, n: []),), laws=laws)


def test_violated_gaussian_reports_the_epsilon_really_spent():
    # the classic σ at ε = 10, δ = 1e-3 (third-party code): the release spends ε′ ≈ 10.94 > 10
    sigma = math.sqrt(2 * math.log(1.25 / 1e-3)) / 10
    c = claim_with(lambda v: GaussianPair(1, sigma))
    result = epsilon_tightness(c, [{"epsilon": 10, "delta": "0.001"}])
    true_eps = exact_epsilon(1e-3, sigma)
    assert 1 < result.epsilon_ratio <= true_eps / 10 and true_eps / 10 - result.epsilon_ratio < 1e-9
    assert result.shift_ratio is None  # the shift is above the largest allowed one: no ratio below 1 to certify


def test_laplace_pair():
    c = claim_with(lambda v: LaplacePair(1, "0.5"))
    result = epsilon_tightness(c, [{"epsilon": 3, "delta": "0.01"}])
    assert abs(result.epsilon_ratio - laplace_epsilon(0.01, 0.5) / 3) < 1e-12
    assert result.shift_ratio <= 1 / (0.5 * (3 - 2 * math.log(0.99))) * (1 + 1e-12)


def test_point_mass_spends_no_finite_epsilon():
    c = claim_with(lambda v: PointMass(1))
    assert epsilon_tightness(c, [{"epsilon": 1, "delta": "0.01"}]).epsilon_ratio is None


def test_subsampled_laws_lower_end():
    c = claim_with(lambda v: SubsampledGaussianLaws(q="0.01", sigma=1, shift=1, steps=1))
    result = epsilon_tightness(c, [{"epsilon": 1, "delta": "1e-5"}])
    assert 0.19 < result.epsilon_ratio < 0.2  # one step: ε′ = 0.1994… (the exact one-step profile)
