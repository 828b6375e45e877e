"""The retain derivations whose start is checked against the claim's quantity computed at symbolic input
(``symbolic_start``): the expression the run returns, evaluated at an instance's published laws (σ and the shift, from
the claim's own ``laws``), encloses the same number as the claim's quantity — so the start the engine checks is the
quantity, not a look-alike; a 0.1 % larger shift does not (the comparison can fail)."""
import pytest
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.model import GaussianPair
from certunlearn.derive import START_CHECKED, check_derivation, find_derivation
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval

from .quantity_forms import inside, instances

#: claim → how the run's symbols take an instance's published laws (σ, shift)
PAIR = {"RS": lambda s, d, e: arb(1), "c": lambda s, d, e: s * e, "kappa": lambda s, d, e: d}
D2D = {"b": lambda s, d, e: arb(1), "sigma": lambda s, d, e: s, "kappa": lambda s, d, e: d / s}
CASES = {"retain.thm2.11": PAIR, "retain.cor2.12": PAIR, "retain.lemE.3": PAIR, "retain.lemH.3": PAIR,
         "retain.lemH.1": D2D}


def _pairs(claim, k=4):
    """Instances inside the hypotheses whose published laws are two Gaussians at a positive shift (at most k)."""
    got = []
    for inst in instances(claim, per_adversary=4):
        if len(got) < k and inside(claim, inst):
            with workprec(256):
                values = claim.with_prescribed(inst)
                laws = claim.laws(values)
            if isinstance(laws, GaussianPair):
                got.append((values, laws))
    assert got, claim.id
    return got


@pytest.mark.parametrize("cid", [pytest.param(c, marks=pytest.mark.slow) if c == "retain.cor2.12" else c
                                 for c in sorted(CASES)])  # Corollary 2.12's brute-force RS: ~8 s
def test_the_symbolic_start_is_the_quantity(cid):
    claim = get_claim(cid)
    run = find_derivation(claim).symbolic_start
    expr = run.compute()
    names = {s.name for s in expr.free_symbols} - {"epsilon"}
    assert names <= set(CASES[cid]), names
    negatives = 0
    for values, laws in _pairs(claim):
        with workprec(256):
            q = to_arb(claim.quantity(values))
            s, d, e = to_arb(laws.sigma), to_arb(laws.shift), to_arb(values["epsilon"])
            env = {"epsilon": e, **{n: f(s, d, e) for n, f in CASES[cid].items()}}
            got = arb_eval(expr, env)
            assert (q - got).contains(0) and q.rad() < arb(2) ** -60 * (1 + abs(q).upper()), (cid, values, q, got)
            env["kappa"] = env["kappa"] * arb("1.001")
            other = arb_eval(expr, env)
            narrow = lambda x: x.rad() < arb(2) ** -60 * abs(x).lower()  # noqa: E731 — not a δ far below arb's range
            if narrow(q) and narrow(other):
                assert not (q - other).contains(0), (cid, values)
                negatives += 1
    # the comparison shown able to fail (Lemma H.3's Newton instances put δ below 10^(−10^11), where no relative digit
    # is resolved: the positive comparison above still holds there)
    assert negatives or cid == "retain.lemH.3", cid


@pytest.mark.slow  # two whole derivations checked: ~40 CPU-s
def test_the_retain_starts_are_checked():
    for cid in ("retain.thm2.11", "retain.lemH.1"):
        r = check_derivation(find_derivation(get_claim(cid)), get_claim(cid))
        assert r.start_status == START_CHECKED, r.start_status_detail
