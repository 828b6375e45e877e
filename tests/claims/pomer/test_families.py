"""The instance families of the POMER claims (certunlearn.claims.pomer.families)."""
from certunlearn.claims.pomer.families import trajectory_instances


def test_trajectory_instances_cover_first_middle_and_last_rounds():
    rounds = set()
    for inst in trajectory_instances():
        diff = [i for i, (x, y) in enumerate(zip(inst["losses"], inst["other"])) if x != y]
        assert len(diff) == 1
        rounds.add(diff[0] if diff[0] < inst["T"] - 1 else "last")
    assert {0, 4, "last"} <= rounds
    assert {int(i["T"]) for i in trajectory_instances()} == {9, 12}  # T = 9, the least δ = 1/2 admits; δ = 2/5 needs T ≥ 11


def test_law_grid_alone_never_moves_the_tail_or_the_budget():
    """Why small_switch_grid exists: at every (β, λ, p, Φ) of law_grid p̃ = p + 1 − Φ⁻² > 1/3, so 3p̃T > T — the switch
    tail Pr[S_T ≥ 3p̃T] is 0 and the budget 3p̃T never binds."""
    from certunlearn.numeric.fraction import Fraction

    import numpy as np

    from certunlearn.claims.pomer.families import law_grid

    for inst in law_grid(False).generate(np.random.default_rng(0), 10**6):
        assert 3 * (Fraction(inst["p"]) + 1 - Fraction(inst["Phi"]) ** -2) > 1


def test_small_switch_grid_reaches_a_positive_tail_and_a_binding_budget():
    """Inside the hypotheses: a positive switch tail (pomer.lem4.2:tail is not vacuous) and a budget B = 3p̃T that binds
    (Theorem 4.1's budget case differs from B = ∞ in regret)."""
    import numpy as np

    from certunlearn.claims import get_claim
    from certunlearn.claims.pomer.families import small_switch_grid
    from certunlearn.numeric.enclosure import Decision

    tail = get_claim("pomer.lem4.2:tail")
    tails = [tail.quantity(tail.with_prescribed(i)) for i in small_switch_grid(False).generate(np.random.default_rng(0), 12)
             if all(h.decide(i) is Decision.TRUE for h in tail.hypotheses)]
    assert any(t > 0 for t in tails)
    budget, infinite = get_claim("pomer.thm4.1:budget"), get_claim("pomer.thm4.1")
    inside = [i for i in small_switch_grid(True).generate(np.random.default_rng(0), 10**6)
              if all(h.decide(i) is Decision.TRUE for h in budget.hypotheses)]
    assert any(abs(budget.quantity(budget.with_prescribed(i)) - infinite.quantity(infinite.with_prescribed(i))) > 0
               for i in inside)
