"""What every paper's proofs/ module owes, checked once for all papers: each registered claim names a derivation of
its paper and nothing else is there; every refuted step is false at its reported point, re-evaluated independently
at 100 digits (inside the derivation's declared domain); every corrected chain passes where its printed one fails."""
import mpmath
import pytest

from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.derive import REFUTED, check_derivation, load_derivations

from .rechecks import refuted_values

PAPERS = ("d2d", "r2d", "retain", "olu", "pomer")
#: Papers whose +fix claims each sit beside a printed derivation with a failing step (an m-deletion extension,
#: ":m-", corrects nothing: its printed claim may well pass).
FIX_BESIDE_FAILING_DERIVATION = ("r2d", "retain", "olu")


def _claims(paper):
    return [c for c in all_claims(paper) if c.control is not Control.NEGATIVE]


@pytest.fixture(scope="module")
def results():
    """Derivation results by paper and id, checked on first use (the engine caches them per process)."""
    cache = {}

    def get(paper):
        if paper not in cache:
            cache[paper] = {cid: check_derivation(d, get_claim(cid)) for cid, d in load_derivations(paper).items()}
        return cache[paper]

    return get


@pytest.mark.parametrize("paper", PAPERS)
def test_every_claim_has_its_derivation_and_nothing_else(paper):
    derivations = load_derivations(paper)
    assert {c.derivation for c in _claims(paper)} == set(derivations)
    for cid, d in derivations.items():
        assert d.claim_id == cid
        assert d.target == "bound" or d.target in get_claim(cid).prescribed


#: Derivations whose cold check costs the most CPU and that no other default test checks (the list of
#: tests/claims/test_registry.py): rechecked under ``-m slow``.
#: d2d.table1:pgd-baseline+fix (~205 CPU-s cold, two case-split steps; its chain has no refuted step, proof complete)
#: is linked by test_registry.py and tests/claims/d2d/test_all_claims.py in the default run.
COSTLY = {"d2d.intro-dp+fix", "d2d.table1:pgd-perfect-accuracy", "pomer.thm4.4:epsilon", "pomer.thm4.5:switches",
          "pomer.thm4.1:budget", "d2d.table1:pgd-baseline+fix"}
#: One test per derivation, so that the workers share them (one paper's derivations in one test made the longest
#: test of the suite).
DERIVATION_IDS = [cid if cid not in COSTLY else pytest.param(cid, marks=pytest.mark.slow)
                  for paper in PAPERS for cid in load_derivations(paper)]


@pytest.mark.parametrize("cid", DERIVATION_IDS)
def test_every_refuted_step_is_false_at_its_point(cid):
    d = load_derivations(cid.split(".", 1)[0])[cid]
    for s in check_derivation(d, get_claim(cid)).steps:
        if s.status != REFUTED:
            continue
        for name, (lo, hi) in {sym.name: (lo, hi) for sym, lo, hi in d.domain or ()}.items():
            if name in s.point_dict:
                assert mpmath.mpf(lo) <= mpmath.mpf(s.point_dict[name]) <= mpmath.mpf(hi), (cid, s.index, name)
        lv, rv, holds = refuted_values(d, s)
        assert mpmath.isfinite(lv) and mpmath.isfinite(rv) and not holds, (cid, s.index, lv, rv)


@pytest.mark.parametrize("paper", FIX_BESIDE_FAILING_DERIVATION)
def test_fixes_pass_where_the_printed_derivation_fails(results, paper):
    res = results(paper)
    for c in _claims(paper):
        if c.corrects:
            assert res[c.id].ok, c.id
            if ":m-" not in c.id:
                assert not res[c.corrects].ok, c.corrects
