"""certunlearn.claims.d2d.perfect_exact and certunlearn.privacy.location_mixture_hockey: Theorem 3.2's first round
(Descent-to-Delete lines 256–265) from its exact law, against an independent mpmath computation at 100 digits."""

import mpmath
import numpy as np
from flint import arb

from certunlearn.algorithms.d2d.projected_law import gd_round_map, mixture_delta
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import run_key
from certunlearn.claims.d2d.perfect_exact import first_round_delta
from certunlearn.claims.d2d.perturbed_gd import _perfect_chain
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

#: Issue 24's instance: d2d.thm3.2 held with tightness_log10 null (enclosure [0, 4·10⁻¹⁴⁰]).
ISSUE_24 = {"A": ["1"], "R": "1", "lo": ["-1/2"], "hi": ["1/2"], "X": [["1"], ["1"], ["-1"], ["1"]],
            "U": [["-1", "1"]], "theta0": ["-1/2"], "n": "4", "d": "1", "i": "1", "L": "3/2", "D": "1", "m": "1",
            "M": "3", "epsilon": "1", "delta": "1/100", "I": "8"}


def _mp(x: Fraction) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator


def _mp_round1(sig, eps, m0, g, mu):
    """(E_ε(θ̃_1 ‖ N(μ, σ²)), E_ε(N(μ, σ²) ‖ θ̃_1)) in mpmath, from the definitions only: θ̃_1 = g(θ̃_0) + σξ with
    θ̃_0 ~ N(m0, σ²), g = clip_[L, H](Aθ + B), A > 0. Conditioning on ξ (not on θ̃_0, as the code does):
    P[θ̃_1 > b] = Q((b − L)/σ) + ∫ φ(z) P[g(θ̃_0) > b − σz] dz over z ∈ ((b − H)/σ, (b − L)/σ), where
    P[g(θ̃_0) > v] = Q(((v − B)/A − m0)/σ) (Gauss–Legendre on 64 pieces); μ < L here, so both optimal sets are half-lines:
    the suprema over b of P[θ̃_1 > b] − e^ε Q[> b] and over a of Q[< a] − e^ε P[θ̃_1 < a], at the roots of p = e^ε q
    (bisection, p by quadrature over θ̃_0)."""
    A, B, L, H = (_mp(v) for v in (g.slope, g.offset, g.lo, g.hi))
    m0, mu = _mp(m0), _mp(mu)
    phi = lambda z: mpmath.exp(-z * z / 2) / mpmath.sqrt(2 * mpmath.pi)  # noqa: E731
    Q = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2  # noqa: E731
    pre = lambda v: ((v - B) / A - m0) / sig  # noqa: E731  (θ̃_0's standardised preimage of v)

    def quad(f, a, b, pieces=64):
        return mpmath.quad(f, mpmath.linspace(a, b, pieces + 1), method="gauss-legendre")

    def above(b):
        return Q((b - L) / sig) + quad(lambda z: phi(z) * Q(pre(b - sig * z)), (b - H) / sig, (b - L) / sig)

    def below(a):
        return Q((H - a) / sig) + quad(lambda z: phi(z) * Q(-pre(a - sig * z)), (a - H) / sig, (a - L) / sig)

    uL, uH = (L - B) / A, (H - B) / A
    p = lambda x: (Q((m0 - uL) / sig) * phi((x - L) / sig) + Q((uH - m0) / sig) * phi((x - H) / sig)  # noqa: E731
                   + quad(lambda t: phi((t - m0) / sig) * phi((x - A * t - B) / sig), uL, uH, 64) / sig) / sig
    q = lambda x: phi((x - mu) / sig) / sig  # noqa: E731

    def root(f, lo, hi):
        flo = f(lo)
        for _ in range(60):  # F is flat at its maximum: an error in b costs its square
            mid = (lo + hi) / 2
            if (f(mid) > 0) == (flo > 0):
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    with mpmath.workdps(30):  # the roots only place the sets (any set gives a lower bound; F is flat at them)
        b = root(lambda x: mpmath.log(p(x) / q(x)) - eps, H, H + 60 * sig)
        a = root(lambda x: mpmath.log(q(x) / p(x)) - eps, mu - 60 * sig, mu)
    e = mpmath.exp(eps)
    return above(b) - e * Q((b - mu) / sig), Q((mu - a) / sig) - e * below(a)


def _round1(cid, inst):
    claim = get_claim(cid)
    values = claim.with_prescribed(inst)
    rounds = _perfect_chain(cid, run_key(values))
    return values, rounds[0][3], rounds[1][6], rounds[1][4]


def test_first_round_against_mpmath():
    """On issue 24's instance both directions of round 1's exact δ (10⁻¹⁴⁶, not the affine chain's 10⁻¹⁴⁹: the clip's
    atom at H, of mass 0.024, lies farther from μ_1 than the affine mean) are enclosed to 10⁻⁶ relative, around the
    independent mpmath values; and the claim's quantity now has a positive lower end."""
    with workprec(256):
        values, m0, g, mu = _round1("d2d.thm3.2", ISSUE_24)
        sig, eps = to_arb(values["sigma"]), to_arb(values["epsilon"])
        fwd, rev = first_round_delta(eps, sig, m0, g, mu)
        quantity = get_claim("d2d.thm3.2").quantity(values)
    assert g.lo > mu  # μ_1 below the image: both optimal sets are half-lines (the oracle's assumption)
    with mpmath.workdps(100):
        s = mpmath.mpf(sig.mid().str(90, radius=False))
        mp_fwd, mp_rev = _mp_round1(s, mpmath.mpf(1), m0, g, mu)
    for ours, theirs in ((fwd, mp_fwd), (rev, mp_rev)):
        lo, hi = mpmath.mpf(ours.lower().str(40, radius=False)), mpmath.mpf(ours.upper().str(40, radius=False))
        # mpmath's value is P(S) − e^ε Q(S) at its own root (a lower bound on δ, off by the root's error squared)
        assert lo <= theirs * (1 + mpmath.mpf(10) ** -20) and theirs <= hi * (1 + mpmath.mpf(10) ** -30)
        assert hi - lo <= theirs * mpmath.mpf(10) ** -6
        assert mpmath.mpf(10) ** -147 < theirs < mpmath.mpf(10) ** -145
    assert quantity.lower() > 0 and quantity.overlaps(fwd.max(rev))


def test_lower_end_never_above_the_other_enclosures():
    """On every instance of Theorem 3.2's structured family (and its +fix's), round 1's exact-law enclosure of each
    direction meets the projected chain's bounds [δ_BW(near), δ_BW(far)] of the same round: its lower end is at most
    their upper end and its upper end at least their lower end (a wrong lower bound would cross them)."""
    checked = 0
    for cid in ("d2d.thm3.2", "d2d.thm3.2+fix"):
        family = get_claim(cid).adversaries[0]
        for inst in family.generate(np.random.default_rng(0), 40)[:12]:
            values, m0, g, mu = _round1(cid, inst)
            sig, eps = to_arb(values["sigma"]), to_arb(values["epsilon"])
            bounds = mixture_delta(eps, sig, g, mu, (m0, m0))
            for one in first_round_delta(eps, sig, m0, g, mu):
                if one is None:
                    continue
                checked += 1
                assert one.lower() <= bounds.upper() and one.upper() >= bounds.lower() and one.lower() <= one.upper()
    assert checked >= 20


def test_mixture_hockey_is_the_gaussian_profile_for_a_constant_map():
    """A constant round map (every θ̃_0 sent to one point y) makes θ̃_1 = N(y, σ²): both directions then equal the
    Balle–Wang δ(ε; |y − μ|/σ) (mpmath, 100 digits)."""
    g = gd_round_map(Fraction(0), Fraction(1, 5), Fraction(-1), Fraction(1), 3)  # ρ = 0: one step lands on c
    assert g.slope == 0
    sig, eps, mu = Fraction(1, 10), Fraction(1, 2), Fraction(0)
    with workprec(128):
        fwd, rev = first_round_delta(to_arb(eps), to_arb(sig), Fraction(0), g, mu)
    with mpmath.workdps(100):
        s = _mp(g.lo - mu) / _mp(sig)
        Q = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2  # noqa: E731
        bw = Q(_mp(eps) / s - s / 2) - mpmath.exp(_mp(eps)) * Q(_mp(eps) / s + s / 2)
    for ours in (fwd, rev):
        assert ours is not None
        lo, hi = mpmath.mpf(ours.lower().str(40, radius=False)), mpmath.mpf(ours.upper().str(40, radius=False))
        assert lo <= bw * (1 + mpmath.mpf(10) ** -30) and bw <= hi * (1 + mpmath.mpf(10) ** -30)
        assert hi - lo <= bw * mpmath.mpf(10) ** -6
