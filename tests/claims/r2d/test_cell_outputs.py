"""Rewind-to-Delete, Lemma B.4 on bounded continuous populations with output maps not affine in x̄'
(certunlearn.claims.r2d.cell_outputs) — checked against continuous.py's closed form where the worst map is affine
(unclipped), hand-computed values for the face switch, mpmath quadrature (30 digits) for the clipped map and for the
sine least squares retrained by gradient descent, and the carried risk_gap (the verdict does not depend on it).
"""

import mpmath
import numpy as np
import pytest

from certunlearn.check.evaluate import EXCLUDED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.cell_outputs import cell_gap, cell_output_family, cell_output_ok
from certunlearn.claims.r2d.continuous import law_lemb4_gaps
from certunlearn.numeric.enclosure import Decision, to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

from ..oracles import mp

MAX_PREC = 1024
UNIFORM = [F(-1), F(1), F(1), F(1)]


def _worst(coef, b, law=UNIFORM, keep=1):
    inst = {"n": keep + 1, "m": 1, "law": [list(law)], "map": "worst", "coef": coef, "lam": F(1), "L": F(1),
            "mu": F(1), "b": b, "G": (b + 1) * (1 + F(1, 2**30))}
    inst["risk_gap"] = F(round(float(cell_gap(inst, bins=64)[1].mid()) * 2**20), 2**20)
    return inst


def _contains(ball, value):
    return mpmath.mpf(ball.lower().str(40, radius=False)) <= value <= mpmath.mpf(ball.upper().str(40, radius=False))


@pytest.mark.parametrize("keep", [1, 2])
def test_unclipped_worst_map_contains_the_closed_form(keep):
    """c = 3/2 on Θ = [−4, 4]: θ = 3x̄' − 2ā never clips, an affine map (w = −2, q = 0 at ā = 0): both cell sums
    contain continuous.py's exact (E[F − F*], E[f_{D'} − f*]) at every rung, and the radii shrink at least
    fourfold from 16 to 128 bins (64 to 512 bits)."""
    inst = _worst(F(3, 2), F(4), keep=keep)
    risk, opt = law_lemb4_gaps({**inst, "curv": [F(1)], "w": [F(-2)], "q": [F(0)]})
    radii = []
    for prec in (64, 128, 512):
        with workprec(prec):
            big, small = cell_gap(inst)
        assert big.contains(to_arb(risk)) and small.contains(to_arb(opt))
        radii.append((float(big.rad()), float(small.rad())))
    assert radii[2][0] < radii[0][0] / 4 and radii[2][1] < radii[0][1] / 4


def test_face_switch_by_hand():
    """c = 1/2, b = 1, n − m = 1, uniform on [−1, 1] (ā = 0): θ = sign(z), so E[F − F*] = ½ and
    E[f − f*] = ½E(sign z − z)² = ½(1 − 2E|z| + Ez²) = 1/6."""
    with workprec(256):
        big, small = cell_gap(_worst(F(1, 2), F(1)))
    assert big.contains(to_arb(F(1, 2))) and small.contains(to_arb(F(1, 6)))
    assert big.rad() < 0.05 and small.rad() < 0.05


def test_clipped_map_against_mpmath():
    """c = 3/2, b = 1 (θ = clip(3z, −1, 1)) on Beta(1/2, 2) on [−1, 1], n − m = 1: both expectations by quadrature
    over the Beta density at 30 digits, inside the cell sums at 128 bits."""
    law = [F(-1), F(1), F(1, 2), F(2)]
    inst = _worst(F(3, 2), F(1), law=law)
    with mpmath.workdps(30):
        a, b = mpmath.mpf(1) / 2, mpmath.mpf(2)
        dens = lambda z: ((z + 1) / 2) ** (a - 1) * (1 - (z + 1) / 2) ** (b - 1) / mpmath.beta(a, b) / 2  # noqa
        abar = -1 + 2 * a / (a + b)
        th = lambda z: min(mpmath.mpf(1), max(mpmath.mpf(-1), 3 * z - 2 * abar))  # noqa: E731
        cut = [(-1 + 2 * abar) / 3, (1 + 2 * abar) / 3]
        pts = [-1, *cut, 1]
        risk = mpmath.quad(lambda z: (th(z) - abar) ** 2 / 2 * dens(z), pts)
        opt = mpmath.quad(lambda z: (th(z) - z) ** 2 / 2 * dens(z), pts)
    with workprec(128):
        big, small = cell_gap(inst)
    assert _contains(big, risk) and _contains(small, opt)


def test_sine_retraining_against_mpmath():
    """The sine least squares retrained by 8 steps from 0 on the uniform law on [1, 2], n − m = 1: E ½(φ(θ(z)) − ā)²
    and E ½(φ(θ(z)) − z)² by quadrature at 30 digits, inside the cell sums."""
    inst = [i for i in cell_output_family(np.random.default_rng(0), 10**3) if i["map"] == "retrain"][0]
    assert inst["n"] - inst["m"] == 1
    k, eta = mp(inst["sine"]), mp(inst["eta"])
    with mpmath.workdps(30):
        def theta(z):
            t = mpmath.mpf(0)
            for _ in range(8):
                t -= eta * (t + k * mpmath.sin(t) - z) * (1 + k * mpmath.cos(t))
            return t + k * mpmath.sin(t)

        risk = mpmath.quad(lambda z: (theta(z) - mpmath.mpf(3) / 2) ** 2 / 2, [1, 2])
        opt = mpmath.quad(lambda z: (theta(z) - z) ** 2 / 2, [1, 2])
    with workprec(128):
        big, small = cell_gap(inst)
    assert _contains(big, risk) and _contains(small, opt)


def test_the_verdict_does_not_depend_on_the_carried_gap():
    """quantity − bound is the same ball (up to rounding) whatever rational risk_gap the instance carries."""
    inst = _worst(F(3, 2), F(1), keep=2)
    for cid in ("r2d.lemB.4", "r2d.lemB.4+fix"):
        claim = get_claim(cid)
        diffs = []
        for g in (inst["risk_gap"], inst["risk_gap"] + F(1, 100)):
            env = claim.with_prescribed({**inst, "risk_gap": g})
            diffs.append(claim.quantity(env) - claim.bound_value(env))
        assert diffs[0].overlaps(diffs[1]) and abs(diffs[0].mid() - diffs[1].mid()) < 1e-12


def test_cell_output_hypotheses():
    inst = _worst(F(3, 2), F(1), keep=2)
    assert cell_output_ok(inst) is Decision.TRUE
    assert cell_output_ok(_worst(F(3, 2), F(1), keep=40)) is Decision.TRUE  # any n − m (the sum cells)
    assert cell_output_ok({**inst, "m": 3}) is Decision.FALSE  # m < n
    assert cell_output_ok({**inst, "b": F(1, 2)}) is Decision.FALSE  # support outside Θ
    assert cell_output_ok({**inst, "G": F(2)}) is Decision.FALSE  # G must exceed λ(b + max|z|) = 2
    assert cell_output_ok({**inst, "mu": F(2)}) is Decision.FALSE
    assert cell_output_ok({**inst, "risk_gap": inst["risk_gap"] + F(1, 8)}) is Decision.FALSE
    assert cell_output_ok({**inst, "map": "other"}) is Decision.FALSE
    assert evaluate(get_claim("r2d.lemB.4+fix"), {**inst, "G": F(2)}, MAX_PREC).outcome == EXCLUDED
    sine = [i for i in cell_output_family(np.random.default_rng(0), 16) if i["map"] == "retrain"][0]
    assert cell_output_ok(sine) is Decision.TRUE
    assert cell_output_ok({**sine, "eta": sine["eta"] * F(11, 10)}) is Decision.FALSE  # η > 1/L: no bracket


@pytest.mark.parametrize("size", [16, pytest.param(64, marks=pytest.mark.slow)])
def test_family_inside_the_hypotheses(size):
    """Every instance (quick; thorough with n − m = 3) is inside the corrected lemma's hypotheses and decided there."""
    claim = get_claim("r2d.lemB.4+fix")
    outcomes = {evaluate(claim, i, MAX_PREC).outcome for i in cell_output_family(np.random.default_rng(0), size)}
    assert outcomes == {WITHIN}, outcomes
