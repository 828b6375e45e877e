"""Table 1's convex baseline rows, corrected (d2d.table1:pgd-weak-baseline+fix, d2d.table1:regularized-baseline+fix):
their derivations run from the claims' quantity ⌈T(n₂)⌉/⌈T(n)⌉ (``claims.d2d.baseline_convex.baseline_ratio``), checked
against ``proofs.d2d.starts.baseline_ratio_run``. The run encloses the claim's quantity at its own instances inside the
hypotheses, a wrong run (n₂ one percent larger) does not, the chain's first expression is the run term for term (the
engine's start check then needs no simplification), and the run refuses to drop max(0, ·) when α > 0 is not proved."""
import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.derive import find_derivation
from certunlearn.formulas.d2d import D, M, n, n2

from .quantity_forms import agree, checked_instances

ROWS = ["d2d.table1:pgd-weak-baseline+fix", "d2d.table1:regularized-baseline+fix"]


@pytest.mark.parametrize("cid", ROWS)
def test_the_baseline_ratio_run_is_the_quantity(cid):
    claim = get_claim(cid)
    d = find_derivation(claim)
    run = d.symbolic_start.compute()
    insts = checked_instances(claim)
    assert all(agree(claim, inst, run) for inst in insts)
    wrong = run.subs(n2, n2 * sympy.Rational(101, 100))
    assert not all(agree(claim, inst, wrong) for inst in insts)
    assert d.steps[d.chain_start].lhs == run  # term for term


def test_the_run_keeps_the_maximum_unless_alpha_is_proved_positive():
    from proofs.d2d.starts import baseline_ratio_run

    with pytest.raises(ValueError, match="not proved"):
        baseline_ratio_run(M - D, n, n2, ())  # M − D has no proved sign
    acc = M * D / n  # positive: T = n·D/2, the counts ⌈n₂D/2⌉/⌈nD/2⌉
    assert baseline_ratio_run(acc, n, n2, ()) == sympy.ceiling(D * n2 / 2) / sympy.ceiling(D * n / 2)
