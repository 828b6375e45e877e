"""Active-unlearning claims (:mod:`certunlearn.claims.retain.active`: Lemmas H.1, H.2, H.3, 4.1) against mpmath
loops at 100 digits and eq. (5) recomputed by hand. A printed claim is asserted violated only where this file
computes the counterexample itself."""

import mpmath
from flint import arb

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import active, erm
from certunlearn.derive import REFUTED, check_derivation, load_derivation
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- active mechanisms
def _active_case():
    base = erm.logistic_instance(["1/2", "-1", "3/4"], ["1", "-1", "-1"], "1/10", "1", "-1", R_w="4")
    return base, ["1/2", "-1", "3/4"], ["1", "-1", "-1"]


def contains(enclosure: arb, value) -> bool:
    """The enclosure meets the 100-digit value's ball of radius 10^-90 (mpmath's own error at 100 digits)."""
    with workprec(400):
        if not isinstance(enclosure, arb):  # an exact quantity (a Fraction)
            enclosure = arb(enclosure.numerator) / enclosure.denominator
        return enclosure.overlaps(arb(mpmath.nstr(value, 100), mpmath.nstr(mpmath.mpf(10) ** -90 * (1 + abs(value)), 5)))


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


# ---------------------------------------------------------------------------------------------- Example G.3, Lemma 3.7
def logistic_ridge_mp(xs, ys, lam):
    """The unconstrained minimiser of (1/n)Σ log(1 + e^(−y x w)) + (λ/2)w² at 100 digits (mpmath findroot)."""
    n = len(xs)
    d = lambda w: -sum(mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in zip(xs, ys)) / n + mp(lam) * w
    return mpmath.findroot(d, 0)


def test_newton_step_matches_mpmath():
    base, x, y = _active_case()
    inst = active._active_instance(base, "1/2", "1/100000")
    w = logistic_ridge_mp(x, y, "1/10")
    w2 = logistic_ridge_mp(x + ["1"], y + ["-1"], "1/10")
    s = lambda t: 1 / (1 + mpmath.exp(-t))  # noqa: E731
    H = sum(s(mp(b) * mp(a) * w2) * (1 - s(mp(b) * mp(a) * w2)) * mp(a) ** 2 for a, b in zip(x, y)) / 3 + mp("0.1")
    grad_z = -mp(-1) * 1 * s(-mp(-1) * 1 * w2) + mp("0.1") * w2  # ∇f(w_R', z) with the regulariser, z = (1, −1)
    w_bar = w2 + grad_z / (3 * H)  # Algorithm 2, lines 726–727
    with workprec(300):
        assert contains(get_claim("retain.lemH.2").quantity(inst), abs(w_bar - w))
    assert evaluate(get_claim("retain.lemH.2"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemH.3"), inst, MAX_PREC).outcome == WITHIN


def _slope(xs, ys, lam, w):
    n = len(xs)
    return -sum(mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in zip(xs, ys)) / n + mp(lam) * w


def test_descent_to_delete_matches_mpmath_loop():
    base, x, y = _active_case()
    inst = active._active_instance(base, "1/2", "1/100000", "1/1000", d2d_terms=True)
    R, _ = erm.logistic_data(inst)
    p = active._d2d_mech(inst).parameters(R)
    w = logistic_ridge_mp(x, y, "1/10")
    v = logistic_ridge_mp(x + ["1"], y + ["-1"], "1/10")
    for _ in range(p["I"]):  # projected gradient descent on F̂_R (Algorithm 1, lines 3–6)
        v = v - mp(p["eta"]) * _slope(x, y, "1/10", v)
        v = max(min(v, mp(4)), mp(-4))
    with workprec(300):
        assert contains(get_claim("retain.lemH.1:sensitivity").quantity(inst), abs(v - w))
    assert evaluate(get_claim("retain.lemH.1:sensitivity"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemH.1"), active._active_instance(base, "1/2", "1/100000", "1/1000"),
                    MAX_PREC).outcome == WITHIN


def test_lemma_41_ceilings_counterexample_confirmed():
    base, *_ = _active_case()
    found = False
    for sig in ("1/10", "1/1000"):
        inst = {**active._active_instance(base, "1/2", "1/100000", sig)}
        inst.update(active._iter_terms(inst))
        b = mpmath.sqrt(2 * mpmath.log(10**5) + 1) - mpmath.sqrt(2 * mpmath.log(10**5))
        cn = mp(inst["L"]) / (mp(inst["n"]) * mp(sig) * b)
        x_r = mpmath.log(cn / mp(inst["lambda_R"])) / mpmath.log(1 / mp(inst["gamma_R"]))
        x_g = mpmath.log(cn / mp("0.1")) / mpmath.log(1 / mp(inst["gamma_G"]))
        assert inst["I"] == mpmath.ceil(x_r) and inst["I_G"] == mpmath.ceil(x_g)  # eq. (5), recomputed here
        printed = x_r / x_g
        if mp(inst["I"]) / inst["I_G"] > printed:  # computed here
            found = True
            assert evaluate(get_claim("retain.lem4.1"), inst, MAX_PREC).outcome == VIOLATED
        assert mp(inst["I"]) / inst["I_G"] <= (x_r + 1) / x_g
        assert evaluate(get_claim("retain.lem4.1+fix"), inst, MAX_PREC).outcome == WITHIN
    assert found


def contains_within(enclosure: arb, value, tol: str = "1e-90") -> bool:
    with workprec(400):
        if not isinstance(enclosure, arb):  # an exact quantity (a Fraction)
            enclosure = arb(enclosure.numerator) / enclosure.denominator
        return enclosure.overlaps(arb(mpmath.nstr(value, 100), mpmath.nstr(mp(F(tol)) * (1 + abs(value)), 5)))


def test_descent_to_delete_m_points_matches_mpmath_loop():
    x, y, Zx, Zy = ["1/2", "-1", "3/4"], ["1", "-1", "-1"], ["1", "1"], ["-1", "-1"]
    base = {k: v for k, v in erm.logistic_instance(x, y, "1/10", "0", "1", R_w="4").items() if k not in ("zx", "zy")}
    inst = {**base, "Zx": Zx, "Zy": Zy, "m": 2, "epsilon": "1/2", "delta": "1/100000", "sigma": "1/1000"}
    inst.update(active._d2d_m_terms(inst))
    # eq. (5) with mL, recomputed here from the algorithm's λ_R, γ_R, L
    b = mpmath.sqrt(2 * mpmath.log(10**5) + 1) - mpmath.sqrt(2 * mpmath.log(10**5))
    ratio = 2 * mp(inst["L"]) / (3 * mp(inst["lambda_R"]) * mp("0.001") * b)
    assert inst["I"] == mpmath.ceil(mpmath.log(ratio) / mpmath.log(1 / mp(inst["gamma_R"])))
    beta = active._d2d_m_mech(inst).parameters(active._newton_m_data(inst)[0])["beta_R"]
    assert inst["gamma_R"] == (beta - inst["lambda_R"]) / (beta + inst["lambda_R"])  # Fact 2's contraction
    eta = 2 / (mp(inst["lambda_R"]) + mp(beta))  # Algorithm 1's step size
    w = logistic_ridge_mp(x, y, "1/10")
    v = logistic_ridge_mp(x + Zx, y + Zy, "1/10")
    for _ in range(inst["I"]):  # Algorithm 1, lines 3–6, on F̂_R
        v = max(min(v - eta * _slope(x, y, "1/10", v), mp(4)), mp(-4))
    shift = abs(v - w)
    with workprec(300):
        assert contains_within(active._d2d_m_shift(inst), shift, tol="1e-38")
    bound = mp(inst["gamma_R"]) ** inst["I"] * 2 * mp(inst["L"]) / (3 * mp(inst["lambda_R"]))
    assert evaluate(get_claim("retain.lemH.1:m-points-sensitivity+fix"), inst, MAX_PREC).outcome == (
        WITHIN if shift < bound else VIOLATED)
    assert evaluate(get_claim("retain.lemH.1:m-points+fix"), inst, MAX_PREC).outcome == WITHIN


# ---------------------------------------------------------------------------------------------- Lemma 4.1, ≥
def test_lemma_41_lower_direction_against_recomputed_counts():
    base = erm.logistic_instance(["1/2", "-1", "3/4"], ["1", "-1", "-1"], "1/10", "1", "-1", R_w="4")
    b = mpmath.sqrt(2 * mpmath.log(10**5) + 1) - mpmath.sqrt(2 * mpmath.log(10**5))
    for sig in ("1/10", "1/1000"):
        inst = active._active_instance(base, "1/2", "1/100000", sig)
        inst.update(active._iter_terms(inst))
        cn = mp(inst["L"]) / (mp(inst["n"]) * mp(sig) * b)
        x_r = mpmath.log(cn / mp(inst["lambda_R"])) / mpmath.log(1 / mp(inst["gamma_R"]))
        x_g = mpmath.log(cn / mp("0.1")) / mpmath.log(1 / mp(inst["gamma_G"]))
        assert inst["I"] == mpmath.ceil(x_r) and inst["I_G"] == mpmath.ceil(x_g)
        counts = mp(inst["I"]) / inst["I_G"]
        want = WITHIN if x_r / x_g < counts else VIOLATED  # computed here
        assert evaluate(get_claim("retain.lem4.1:lower"), inst, MAX_PREC).outcome == want
        assert x_r / (x_g + 1) <= counts
        assert evaluate(get_claim("retain.lem4.1:lower+fix"), inst, MAX_PREC).outcome == WITHIN


def test_lemma_41_lower_printed_step_refuted_at_a_computed_point():
    res = check_derivation(load_derivation("retain.lem4.1:lower"), get_claim("retain.lem4.1:lower"))
    assert F(1, 2) / F(1, 2) != (F(1, 2) + F(999, 1000)) / (F(1, 2) + 0)  # x_R = x = ½, f_R = 0.999, f_G = 0
    assert res.steps[1].status == REFUTED
    fix = check_derivation(load_derivation("retain.lem4.1:lower+fix"), get_claim("retain.lem4.1:lower+fix"))
    assert all(s.status != REFUTED for s in fix.steps)


# ---------------------------------------------------------------------------------------------- growth (thorough)
def test_m_point_families_grow_with_the_profile_inside_the_hypotheses():
    """Quick (size 40) yields the 12 listed instances as before; thorough draws 50 random ones after them, every
    hypothesis TRUE on them (the d2d terms those the algorithm computes, both minimisers interior)."""
    import numpy as np

    from certunlearn.numeric.enclosure import Decision

    listed = active._newton_m_listed()
    assert len(listed) == 12 and all(v["R_w"] == "4" and v["m"] in (2, 3) for v in listed)
    for cid in ("retain.lemH.2:m-points+fix", "retain.lemH.1:m-points+fix", "retain.lemH.1:m-points-sensitivity+fix",
                "retain.lemH.1:m-points-sensitivity-fix-control-twentieth"):
        claim = get_claim(cid)
        gen = claim.adversaries[0].generate
        quick = list(gen(np.random.default_rng(1), 40))
        assert len(quick) == 12 and all({k: v[k] for k in listed[i]} == listed[i] for i, v in enumerate(quick))
        assert len(list(gen(np.random.default_rng(1), 100_000))) == 12 + active._M_MOST
        drawn = list(gen(np.random.default_rng(2), 46))[12:]
        assert len(drawn) == 6
        for inst in drawn:
            assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), (cid, inst)
    ms = {v["m"] for v in list(get_claim("retain.lemH.2:m-points+fix").adversaries[0].generate(
        np.random.default_rng(3), 100_000))[12:]}
    assert 1 in ms and max(ms) >= 4
