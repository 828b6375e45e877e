"""proofs/pomer: the steps proved by a monotonicity in one variable (issue 25, evidence → proof) — Claim C.2 at
t = t₀, Theorem 4.5's switch count, Table 2 rows 4–5 — are proved, and each proof is not vacuous: the same step with
its bound tightened a little is refuted, not proved."""
import dataclasses

import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.derive import check_derivation, load_derivations
from certunlearn.formulas.pomer import G, D, S, T, Phi, d

DERIVATIONS = load_derivations("pomer")


def _statuses(cid: str) -> list[str]:
    return [s.status for s in check_derivation(DERIVATIONS[cid], get_claim(cid)).steps]


def _with_rhs(cid: str, index: int, rhs) -> str:
    """The status of step ``index`` (0-based) of ``cid``'s derivation with its right side replaced by ``rhs``."""
    d = DERIVATIONS[cid]
    steps = list(d.steps)
    steps[index] = dataclasses.replace(steps[index], rhs=sympy.sympify(rhs))
    bad = dataclasses.replace(d, steps=tuple(steps[: index + 1]))
    return check_derivation(bad, rhs).steps[index].status


def test_claim_c2_keep_is_proved_and_a_smaller_bound_is_refuted():
    assert _statuses("pomer.claimC.2:t0-keep") == ["proved", "proved"]
    assert _with_rhs("pomer.claimC.2:t0-keep", 1, sympy.Rational(19, 10) * sympy.log(Phi)) == "refuted"


@pytest.mark.slow  # ~35 s under load: five monotonicity proofs with abbreviations
def test_claim_c2_switch_is_proved():
    assert _statuses("pomer.claimC.2:t0-switch") == ["proved"] * 5


@pytest.mark.slow  # ~10 s: the refuting search on a chain of five log steps
def test_claim_c2_switch_last_step_with_a_smaller_bound_is_refuted():
    p = sympy.Symbol("p", nonnegative=True)
    assert _with_rhs("pomer.claimC.2:t0-switch", 4, sympy.Rational(19, 10) * sympy.log(Phi) / p) == "refuted"


@pytest.mark.slow  # ~15 s under load
def test_theorem45_switches_is_established_and_log_t_step_is_not_vacuous():
    assert _statuses("pomer.thm4.5:switches") == ["proved", "proved", "identity", "proved", "proved", "proved"]
    # log T ≥ 1 replaced by log T ≥ 2 (false for T < e²): the step must not pass
    assert _with_rhs("pomer.thm4.5:switches", 4, 2 * T * (S / (256 * T) + S / (4 * T))) == "refuted"


@pytest.mark.parametrize("row", ["row4", "row5"])
def test_table2_rows_with_s_bounded_above_are_complete(row):
    res = check_derivation(DERIVATIONS[f"pomer.table2:{row}"], get_claim(f"pomer.table2:{row}"))
    assert [s.status for s in res.steps] == ["proved"] and res.start_status == "checked"


def test_table2_row4_with_a_smaller_entry_is_refuted():
    # entry √dT/S with a factor 1/2 on the √2 term: fails at T = d³, S = d² (√(2T) > √2·√dT/(2S) there)
    lam45 = sympy.sqrt(2) / 2 + 16 * sympy.log(T)
    assert _with_rhs("pomer.table2:row4", 0, G * D * (lam45 * sympy.sqrt(d) * T / S + 13)) == "refuted"


def test_table1_names_m_n_carry_theorem44_facts():
    """Table 1's chains bound λ, β of Theorem 4.4 through M, N with the facts 2√T ≤ M ≤ 2√T + 1000√dLQ,
    M ≥ 1000√dLQ, N ≥ Q⁻², and λ = GM/D, β = MN/(10⁵DGL²): re-evaluated at 60 digits at Theorem 4.4's own λ, β."""
    import random

    import mpmath

    from certunlearn.formulas.pomer import BETA_44, LAM_44, lam
    from certunlearn.formulas.symbols import delta, epsilon

    rng = random.Random(3)
    with mpmath.workdps(60):
        for _ in range(30):
            pt = {T: 10 ** rng.uniform(8, 15), d: rng.uniform(1, 8), epsilon: 10 ** rng.uniform(-4, 0),
                  delta: 10 ** rng.uniform(-9, -0.31), G: rng.uniform(0.1, 10), D: rng.uniform(0.1, 10)}
            lam_v = sympy.N(LAM_44.subs(pt), 60)
            beta_v = sympy.N(BETA_44.subs(pt).subs(lam, lam_v), 60)
            L = sympy.N(sympy.log(pt[T] / pt[delta]), 60)
            Q = max(sympy.N(pt[T] ** sympy.Rational(1, 3) / pt[epsilon], 60),
                    sympy.N(pt[T] ** sympy.Rational(3, 8) / pt[epsilon] ** sympy.Rational(3, 4), 60))
            M = lam_v * pt[D] / pt[G]
            N = beta_v * 10**5 * pt[D] * pt[G] * L**2 / M  # from β = MN/(10⁵DGL²)
            root_t, lq = sympy.sqrt(pt[T]), 1000 * sympy.sqrt(pt[d]) * L * Q
            assert 2 * root_t <= M * (1 + 1e-12) and lq <= M * (1 + 1e-12)
            assert M <= (2 * root_t + lq) * (1 + 1e-12)
            assert abs(N * Q**2 - 1) < 1e-12  # N = Q⁻² (to the inputs' 53 bits), so N ≥ Q⁻²
