"""benchmarks/phases.py: the phase timers of the check attribute each phase's CPU once and change no result."""
import importlib.util
import sys
from pathlib import Path

import sympy

from certunlearn.check import get_profile, runner
from certunlearn.check.runner import judge
from certunlearn.claims import Adversary, Claim, Kind
from certunlearn.claims.model import Space
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction

ROOT = Path(__file__).resolve().parents[2]


def _phases():
    spec = importlib.util.spec_from_file_location("phases_benchmark", ROOT / "benchmarks" / "phases.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _claim():
    # quantity/bound = 4x(1-x) + 1/8: the grid stays within, the search finds the violation near x = 1/2
    return Claim(
        id="gaussian.phases-test", source="test", kind=Kind.INEQUALITY, statement="test", hypotheses=(),
        bound=sympy.Integer(1),
        quantity=lambda v: 4 * to_arb(v["x"]) * (1 - to_arb(v["x"])) + to_arb(Fraction(1, 8)),
        adversaries=(Adversary("grid", generate=lambda rng, size: [{"x": Fraction(k, 10)} for k in (0, 1, 9, 10)]),
                     Adversary("search", space=Space({"x": (0.0, 1.0)}))),
    )


def test_phases_are_exclusive_by_source_and_change_no_result():
    phases = _phases()
    claim = _claim()
    saved = {n: getattr(runner, n) for n in ("instances_of", "derivation_of", "evaluate", "search", "epsilon_tightness")}
    timer, (timed,) = phases.measure([claim], "quick")
    assert {n: getattr(runner, n) for n in saved} == saved  # the runner is restored
    plain = judge(claim, get_profile("quick"), 0)
    assert (timed.verdict, timed.tightness, timed.worst, timed.instances) == \
        (plain.verdict, plain.tightness, plain.worst, plain.instances) and plain.verdict == "violated"
    row = timer.per_claim[claim.id]
    # every instance's exact evaluation is counted under its own source; the search's float work apart
    assert {"evaluate:structured", "evaluate:search", "search:float", "generate:structured", "derivation",
            phases.JUDGE_TOTAL} <= set(row)
    assert row["search:float"] > 0
    parts = phases.with_other(row)
    assert parts["other"] >= 0 and abs(sum(parts.values()) - row[phases.JUDGE_TOTAL]) < 1e-9
    assert timer.per_paper["gaussian"] == row
