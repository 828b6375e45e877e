"""Hypothesis strategies: the checker's worst-case instances, per paper."""
import pytest
from hypothesis import HealthCheck, given, settings

from certunlearn.check.evaluate import EXCLUDED, evaluate
from certunlearn.claims import all_claims, get_claim
from certunlearn.testing.reference import D2DCase
from certunlearn.testing.strategies import claim_cases, claim_instances, d2d_cases, paper_instances

FAST = settings(max_examples=8, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("claim_id", ["gaussian.exact", "d2d.thm3.1", "r2d.thm3.1", "retain.thm2.11"])
def test_claim_instances_are_evaluated_by_the_checker(claim_id):
    claim = get_claim(claim_id)

    @FAST
    @given(claim_instances(claim_id))
    def check(instance):
        assert evaluate(claim, instance, 256).outcome != EXCLUDED

    check()


@pytest.mark.parametrize("paper", ["gaussian", pytest.param("d2d", marks=pytest.mark.slow),
                                   pytest.param("r2d", marks=pytest.mark.slow), pytest.param("retain", marks=pytest.mark.slow)])
def test_paper_instances_cover_registered_claims(paper):
    ids = {c.id for c in all_claims(paper)}
    seen = set()

    @settings(max_examples=5, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(paper_instances(paper))
    def check(pair):
        claim_id, instance = pair
        assert claim_id in ids
        assert evaluate(get_claim(claim_id), instance, 256).outcome != EXCLUDED
        seen.add(claim_id)

    check()
    assert seen


def test_claim_cases_carry_the_certified_parameters():
    """The case of an instance runs with the η, T_1 and σ that algorithms.d2d.theorem_parameters prescribes."""
    from certunlearn.algorithms.d2d import theorem_parameters
    from certunlearn.claims.d2d.common import CONST_NAMES
    from certunlearn.testing.reference import case_from_instance
    from certunlearn.testing.strategies import _structured

    claim = get_claim("d2d.thm3.1")
    instance = next(i for i in _structured(claim.id) if i.get("U"))
    case = case_from_instance(claim.id, instance)
    p = theorem_parameters(claim, **{k: v for k, v in instance.items() if k in CONST_NAMES})
    assert (case.sigma, case.eta, case.T) == (float(p["sigma"]), float(p["eta"]), p["T_i"])
    assert case.algorithm == "d2d.alg2" and case.X.shape[0] == len(instance["X"])

    @FAST
    @given(claim_cases(claim.id))
    def check(case):
        assert isinstance(case, D2DCase) and case.algorithm == "d2d.alg2" and case.sigma > 0

    check()


@FAST
@given(d2d_cases(update=False))
def test_d2d_cases_are_valid_inputs(case):
    assert case.algorithm == "d2d.alg1"
    assert (case.X ** 2).sum(axis=1).max() <= case.R ** 2  # the loss's assumption ‖x‖ ≤ R holds
