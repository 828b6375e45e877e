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


def test_a_sum_is_proved_positive_term_by_term_else_whole():
    """α > 0 for a sum: each term positive suffices; a term of no proved sign sends the sum to the whole-sum argument,
    which still proves (M + D)² − 2MD > 0 and still refuses M·D/n + (M − D)."""
    from certunlearn.claims.d2d.baseline_convex import T_RETRAIN
    from proofs.d2d.starts import baseline_ratio_run

    def ratio(acc):  # ⌈T(n₂)⌉/⌈T(n)⌉, T = MD²/(2α)
        t = T_RETRAIN.subs(sympy.Symbol("alpha", positive=True), acc)
        assert t.free_symbols.isdisjoint({sympy.Symbol("alpha", positive=True)})
        return sympy.ceiling(t.subs(n, n2)) / sympy.ceiling(t)

    acc = M * D / n + M / n**2  # each term positive
    assert baseline_ratio_run(acc, n, n2, ()) == ratio(acc)
    acc = (M + D) ** 2 - 2 * M * D  # a negative term: proved as a whole
    assert baseline_ratio_run(acc, n, n2, ()) == ratio(acc)
    with pytest.raises(ValueError, match="not proved"):
        baseline_ratio_run(M * D / n + (M - D), n, n2, ())


def test_a_repeated_run_is_a_fresh_run():
    """The positive stand-in of a named factor is one symbol per name and process (so the prover's memo serves a
    repeated run): a second run returns what the first returned, and the same as a run with a fresh stand-in."""
    import proofs.d2d.starts as starts

    assert starts.positive_standin("G_1") is starts.positive_standin("G_1")
    assert starts.positive_standin("G_1") != starts.positive_standin("G_2")
    d = find_derivation(get_claim("d2d.table1:regularized-baseline+fix"))
    first = d.symbolic_start.compute()
    assert d.symbolic_start.compute() == first
    starts.positive_standin.cache_clear()
    assert d.symbolic_start.compute() == first
