"""r2d derivations whose start (or first step) this module's changes made checkable: the ε > 1 experiment's start is
checked against what its quantity computes at symbolic input, and Appendix C's "δ increases with the distance" is
proved, not cited (proofs/r2d/__init__.py ``appc_radius``, proofs/r2d/experiments.py ``exp_eps_above_1``)."""
import pytest
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.model import GaussianPair
from certunlearn.derive import REFUTED, START_CHECKED, check_derivation, find_derivation
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval

from .quantity_forms import inside, instances


def test_epsilon_above_1_symbolic_start_is_the_quantity():
    """The run's expression, at an instance's published laws (σ_cal, true shift: Δ_b = the shift, w = 0), encloses the
    claim's quantity (calibrated_delta); a 0.1 % larger shift does not: the start check can fail."""
    claim = get_claim("r2d.sec4.2-epsilon-above-1")
    expr = find_derivation(claim).symbolic_start.compute()
    assert {s.name for s in expr.free_symbols} == {"epsilon", "sigma_cal", "Delta_b", "w"}
    seen = 0
    for inst in instances(claim, per_adversary=2):
        if seen >= 2 or not inside(claim, inst):
            continue
        with workprec(256):
            values = claim.with_prescribed(inst)
            laws = claim.laws(values)
            if not isinstance(laws, GaussianPair) or to_arb(laws.shift).upper() <= 0:
                continue
            q = to_arb(claim.quantity(values))
            env = {"epsilon": to_arb(values["epsilon"]), "sigma_cal": to_arb(laws.sigma),
                   "Delta_b": to_arb(laws.shift), "w": arb(0)}
            assert (q - arb_eval(expr, env)).contains(0), (values, q)
            if q.rad() < arb(2) ** -60 * abs(q).lower():
                env["Delta_b"] = env["Delta_b"] * arb("1.001")
                assert not (q - arb_eval(expr, env)).contains(0), values
                seen += 1
    assert seen, "no instance with a resolved δ: the comparison was never shown able to fail"


@pytest.mark.slow  # ~10 s under load
def test_appc_radius_monotonicity_is_proved_and_theorem_b1_step_refuted():
    """Appendix C: δ_M(ε, s, 2R/(1 + w)) ≤ δ_M(ε, s, 2R) for every s > 0 is proved by monotonicity in w; the printed
    Theorem B.1 step (any ε, up to 500) stays refuted — a finding."""
    cid = "r2d.appC-radius"
    r = check_derivation(find_derivation(get_claim(cid)), get_claim(cid))
    assert [s.status for s in r.steps] == ["proved", REFUTED], [(s.status, s.detail) for s in r.steps]
    assert r.start_status == START_CHECKED


@pytest.mark.slow  # ~15 CPU-s: the derivation checked twice
def test_epsilon_above_1_wrong_run_is_a_mismatch():
    """The engine compares the run with the chain's start: a 0.1 % larger shift is a mismatch (only the first step is
    kept: the start check needs no more)."""
    import dataclasses

    import sympy

    from certunlearn.derive import START_MISMATCH, SymbolicStart
    from certunlearn.formulas.gaussian import gaussian_delta
    from certunlearn.formulas.symbols import epsilon

    claim = get_claim("r2d.sec4.2-epsilon-above-1")
    d = find_derivation(claim)
    sig, shift = sympy.Symbol("sigma_cal", positive=True), sympy.Symbol("Delta_b", positive=True)
    w = sympy.Symbol("w", nonnegative=True)
    wrong = SymbolicStart(lambda: gaussian_delta(epsilon, sig, sympy.Rational(1001, 1000) * shift / (1 + w)),
                          "the shift 0.1 % larger")
    r = check_derivation(dataclasses.replace(d, steps=d.steps[:1], symbolic_start=wrong), claim)
    assert r.start_status == START_MISMATCH, r.start_status_detail
    right = dataclasses.replace(d, steps=d.steps[:1])
    assert check_derivation(right, claim).start_status == START_CHECKED
