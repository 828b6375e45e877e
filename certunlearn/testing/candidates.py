"""Independent implementations written from the papers alone, each with switchable planted bugs: worked examples of
the candidate protocols of ``docs/testing.md`` and the planted bugs of ``benchmarks/harness.py`` (one copy, imported by
the benchmark and the tests).

Comparison route (inputs σ, η, T given by the case; the same noise or uniform draws as the reference):
:func:`fast_d2d` (d2d Algorithms 1–3, :class:`~certunlearn.testing.D2DCase`), :func:`numpy_r2d` (r2d Algorithms 1–3,
:class:`~certunlearn.testing.R2DCase`), :func:`pomer_alg1` (POMER Algorithm 1, :class:`~certunlearn.testing.PomerCase`).

Certificate route (the candidate gets only a :class:`~certunlearn.claims.case.Case` and calibrates itself):
:func:`d2d_thm31`, :func:`r2d_thm31`, :func:`olu_alg1`, :func:`retain_median`, :func:`pomer_thm43`.

``bug`` names one planted mistake (``None`` or ``""``: the correct implementation); the benchmark lists them all.
"""
import math

import mpmath
import numpy as np

__all__ = ["fast_d2d", "numpy_r2d", "pomer_alg1", "d2d_thm31", "r2d_thm31", "olu_alg1", "retain_median", "pomer_thm43"]


def fast_d2d(case, hooks, bug=None):
    X = np.array(case.X)
    if case.update is not None:
        kind, x = case.update
        if kind == "add":
            X = np.vstack([X, x])
        else:
            X = np.delete(X, np.where(np.all(X == x, axis=1))[0][-1], axis=0)
    data = np.array(case.X) if bug == "old-data" else X  # bug: the first step still sees D_{i−1}
    theta = np.array(case.theta)
    for _ in range(case.T):
        g = case.A @ (theta - data.mean(axis=0)) + case.reg * theta
        theta = np.clip(theta - case.eta * g, case.lo, case.hi)
        hooks.step(theta)
        data = X
    sigma = case.sigma**2 if bug == "variance" else case.sigma  # bug: a variance used as a standard deviation
    shape = theta.size + 1 if bug == "noise-shape" else theta.shape
    z = np.random.default_rng(0).standard_normal(theta.shape) if bug == "own-rng" else hooks.noise(shape)
    return theta + sigma * z[: theta.size]


def numpy_r2d(bug: str | None = None):
    """An independent float64 implementation written from the paper; ``bug`` injects one mistake."""

    def candidate(case, hooks) -> np.ndarray:
        X, a, eta = case.X, case.a, case.eta
        grad = lambda th, data: a * (th - data.mean(axis=0))  # noqa: E731  ∇f_D for f_x = ½(θ−x)ᵀdiag(a)(θ−x)
        th = case.theta0.copy()
        first = case.T - case.K if case.algorithm == "r2d.alg2" else case.T
        for _ in range(first):
            th = th - eta * grad(th, X)
            hooks.step(th)
        if case.algorithm == "r2d.alg2":
            keep = X[: X.shape[0] - case.m] if bug != "delete-first-rows" else X[case.m:]
            steps = case.K + (1 if bug == "one-step-too-many" else 0)
            for _ in range(steps):
                th = th - eta * grad(th, keep)
                hooks.step(th)
        elif case.algorithm == "r2d.alg3":
            for _ in range(case.K):  # θ = c + η∇f_D(θ): linear here, solved exactly
                c = th
                xbar = X.mean(axis=0)
                th = (c - eta * a * xbar) / (1 - eta * a) if bug != "gradient-ascent" else c + eta * grad(c, X)
                hooks.step(th)
        sigma = case.sigma * (0.9 if bug == "sigma-reduced" else 1.0)
        return th + sigma * hooks.noise(th.shape[0])

    return candidate


def d2d_thm31(bug: str | None = None, calibration=None):
    """Perturbed projected GD (d2d Algorithms 1–3) with Theorem 3.1's η, T, T_i = I and σ (lines 200–209), or the
    σ that ``calibration(case)`` returns."""

    def candidate(case, noise):
        c, k = case.constants, case.certificate
        a = np.array([float(v) for v in case.data["A"]])
        lo, hi = (np.array([float(v) for v in case.data[s]]) for s in ("lo", "hi"))
        L, m, M, D, I, n = (float(c[s]) for s in ("L", "m", "M", "D", "I", "n"))
        eps, dl = float(k["epsilon"]), float(k["delta"])
        gamma = (M - m) / (M + m)
        eta = 2 / (M + m) * (1.5 if bug == "step-size" else 1)
        if bug == "step-half-M":
            eta = 1 / (2 * M)
        T = lambda nn: math.ceil(I + math.log(D * m * nn / (2 * L)) / math.log(1 / gamma))  # noqa: E731
        if bug == "learning-T-is-I":
            T = lambda nn: int(I)  # noqa: E731
        T_i = int(I) - (1 if bug == "iterations" else 0)
        if bug == "iterations-half":
            T_i = int(I) // 2
        elif bug == "no-unlearning-steps":
            T_i = 0
        lg = math.log(1 / dl)
        gap = math.sqrt(lg + eps) - math.sqrt(lg)
        sigma = 4 * math.sqrt(2) * L * gamma**I / (m * n * (1 - gamma**I) * gap)
        if calibration is not None:
            sigma = calibration(case)
        if bug == "sigma-sqrt2":
            sigma /= math.sqrt(2)
        elif bug == "variance":
            sigma = sigma**2
        elif bug == "noiseless":
            sigma = 0.0
        elif bug == "sigma-times-ten":
            sigma *= 10
        elif bug == "diameter-sensitivity":  # the trivial sensitivity ‖θ − θ′‖ ≤ D with the classical σ: valid, loose
            sigma = D * math.sqrt(2 * math.log(1.25 / dl)) / eps
        X = np.array([[float(v) for v in row] for row in case.data["X"]])

        def descend(theta, data, steps):
            for _ in range(steps):
                theta = theta - eta * a * (theta - data.mean(axis=0))
                if bug == "half-box":
                    theta = np.clip(theta, lo / 2, hi / 2)
                elif bug != "no-projection":
                    theta = np.clip(theta, lo, hi)
            return theta

        theta = descend(np.array([float(v) for v in case.data["theta0"]]), X, T(X.shape[0]))
        out = theta + sigma * noise.noise(theta.shape)
        for op, *x in case.updates["U"]:
            x = np.array([float(v) for v in x])
            if int(op) == 1:
                X = np.vstack([X, x])
            elif bug != "no-delete":
                X = np.delete(X, np.where(np.all(X == x, axis=1))[0][0], axis=0)
            theta = descend(theta, X, T_i)
            out = theta + sigma * noise.noise(theta.shape)
        return out

    return candidate


def r2d_thm31(bug: str | None = None):
    """Rewind-to-Delete (r2d Algorithms 1–2) with Theorem 3.1's σ (eq. (3), line 85) on the claims' families."""

    def candidate(case, noise):
        c, k, dt = case.constants, case.certificate, case.data
        n, mm, eta, L, G, T, K = (c[s] for s in ("n", "m", "eta", "L", "G", "T", "K"))
        n, mm, T, K = int(n), int(mm), int(T), int(K)
        eta, L, G = float(eta), float(L), float(G)
        step = eta / 2 if bug == "eta-half" else eta
        eps, dl = float(k["epsilon"]), float(k["delta"])
        X = np.array([[float(v) for v in row] for row in dt["X"]])
        lam = float(dt.get("lam", 0) or 0)
        family = int(dt["family"])  # 0 linear ⟨x, θ⟩, 1 concave −(λ/2)‖θ − x‖², 2 convex (λ/2)‖θ − x‖²
        grad = (lambda th, D: np.mean(D, axis=0) + 0 * th) if family == 0 else \
            (lambda th, D: (1 if family == 2 else -1) * lam * (th - np.mean(D, axis=0)))
        msens = (1 if bug == "sensitivity-mG" else 2) * mm
        q = eta * L * n / (n - mm)
        h = ((1 + q) ** (T - K) - 1) * (1 + eta * L) ** K
        sigma = msens * G * h / (L * n) * math.sqrt(2 * math.log(1.25 / dl)) / eps
        if bug == "variance":
            sigma = sigma**2
        elif bug == "sigma-times-ten":
            sigma *= 10
        th = np.array([float(v) for v in dt["theta0"]])
        for _ in range(T - K):
            th = th - step * grad(th, X)
        keep = X[: n - mm] if bug != "delete-first-rows" else X[mm:]
        for _ in range(K + (1 if bug == "one-step-too-many" else 0)):
            th = th - step * grad(th, keep)
        return th + sigma * noise.noise(th.shape[0])

    return candidate


def olu_alg1(bug: str | None = None):
    """olu Algorithm 1 (OGD on every loss, then z + σ_iξ_i at τ[i]) with σ_i² = i^ω ω (γ^{τ_i−u_i} ηL)²/(2(ω−1)ε)
    (line 120), γ from the case (Theorem 1), (β/μ − 1)/(β/μ + 1) (Corollary 1) or 1 − ημ (its +fix)."""

    def candidate(case, noise):
        v = case.instance()
        X = np.array([[float(x) for x in row] for row in v["X"]])
        T, d = X.shape
        lam = np.array([float(x) for x in v.get("lam", [])]) if int(v["family"]) == 1 else None
        eta, L, om, eps = (float(v[s]) for s in ("eta", "L", "omega", "epsilon"))
        if case.claim == "olu.cor1:sc":
            kappa = float(v["beta"]) / float(v["mu"])
            g = (kappa - 1) / (kappa + 1)
        elif case.claim == "olu.cor1:sc+fix":
            g = 1 - eta * float(v["mu"])
        else:
            g = float(v["gamma"])
        tau, u = [int(t) for t in v["tau"]], [int(x) for x in v["u"]]
        z = np.array([float(x) for x in v["z1"]])
        out, xi = [z.copy()], None
        for t in range(1, T + 1):
            z = z - eta * (X[t - 1] if lam is None else lam * (z - X[t - 1]))
            if t in tau:
                i = tau.index(t) + 1
                delta = (L if bug == "sensitivity-L" else eta * L)
                power = t if bug == "gap-index" else t - u[i - 1]
                s2 = i**om * om * (g**power * delta) ** 2 / (2 * (om - 1) * eps)
                if bug == "no-growth":
                    s2 /= i**om
                sigma = s2 if bug == "variance" else math.sqrt(s2)
                if bug == "sigma-halved":
                    sigma /= 2
                xi = noise.noise(d) if not (bug == "reused-noise" and xi is not None) else xi
                z = z + sigma * xi
            out.append(z.copy())
        return np.array(out)

    return candidate


def retain_median(bug: str | None = None):
    """retain's passive median (Section 3.1) with Theorem 2.11's σ(R) = RS(R)√(2 log(1.25/δ))/ε (line 115), RS(R) from
    the closed form max(med(R ∪ {B}) − med(R), med(R) − med(R ∪ {0})); the release is med(R ∪ U) + σ(R)·Z."""

    def med(xs):
        xs = sorted(xs)
        n = len(xs)
        if bug == "upper-median":
            return xs[n // 2]
        return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2

    def candidate(case, noise):
        B = float(case.data.get("B", case.constants.get("B")))
        R = [float(x) for x in case.data["R"]]
        U = [float(case.updates["U"])]
        base = R + U if bug == "rs-of-full-data" else R
        rs = max(med(base + [B]) - med(base), med(base) - med(base + [0.0]))
        if bug == "global-sensitivity":
            rs = B / 2
        eps, dl = float(case.epsilon), float(case.delta)
        c = math.sqrt(2 * math.log((1 if bug == "log-without-1.25" else 1.25) / dl)) / eps
        sigma = rs * c * (0.9 if bug == "sigma-tenth-less" else 1)
        return np.array([med(R + U)]) + sigma * noise.noise(1)

    return candidate


def _mp(v) -> mpmath.mpf:
    """An exact rational (a Fraction, an int or a string "p/q") as an mpf at the working precision."""
    text = str(v)
    return mpmath.mpf(mpmath.fraction(*map(int, text.split("/")))) if "/" in text else mpmath.mpf(text)


def _pomer_run(hooks, a, b, losses, beta, lam, p, phi, budget, initial, bug):
    """Algorithm 1 (POMER, paper file ``001_8748437fc158d2af.txt`` lines 165–199) with mpmath quadrature; every
    uniform from ``hooks.uniform()`` in the documented order; the played points x_1..x_T."""

    def cum(t):
        def f(x):
            return sum((lft * (x - k) if x <= k else rgt * (x - k)) for k, lft, rgt in losses[:t])
        return f

    def density(t):
        f = cum(t)
        return lambda x: mpmath.exp(-beta * (f(x) + lam * x * x / 2))

    def knots():
        return sorted({a, b, *(k for k, _, _ in losses if a < k < b)})

    def z(t):
        return mpmath.quad(density(t), knots())

    def inv_cdf(t, u):
        total, dens = z(t), density(t)
        lo, hi = a, b
        for _ in range(64):  # (b − a)·2⁻⁶⁴: far below the comparison's 10⁻⁹ tolerance
            mid = (lo + hi) / 2
            if mpmath.quad(dens, [x for x in knots() if x < mid] + [mid]) < u * total:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    x = a + (b - a) * hooks.uniform() if initial == "uniform" else inv_cdf(0, hooks.uniform())
    played, used = [], 0
    for t in range(1, len(losses) + 1):
        played.append(x)
        if bug == "unnormalised":
            ratio = mpmath.exp(-beta * (cum(t)(x) - cum(t - 1)(x))) / phi
        else:
            ratio = density(t)(x) / z(t) / (phi * density(t - 1)(x) / z(t - 1))
        keep = min(1, ratio) if bug == "no-floor" else min(1, max(phi**-2, ratio))
        s_t = hooks.uniform() < keep
        s_prime = hooks.uniform() < (p if bug == "p-swapped" else 1 - p)
        zeta = int((budget is None or used < budget) and (not s_prime or not s_t))
        hooks.step(t, x, zeta)
        if zeta:
            used += 1
            x = inv_cdf(t, hooks.uniform())
    return [float(v) for v in played]


def pomer_alg1(bug: str = ""):
    """POMER Algorithm 1 at the :class:`~certunlearn.testing.PomerCase`'s Φ, p, B (comparison route), mpmath at 30
    digits. Bugs: ``unnormalised`` (Asi et al.'s ratio e^{−βl_t(x)}/Φ, footnote 4), ``no-floor`` (Π without the
    Φ⁻² floor, line 185), ``p-swapped`` (S'_t ∼ Ber(p))."""

    def candidate(case, hooks):
        with mpmath.workdps(30):
            losses = [tuple(_mp(v) for v in loss) for loss in case.losses]
            return _pomer_run(hooks, _mp(case.a), _mp(case.b), losses, _mp(case.beta), _mp(case.lam), _mp(case.p),
                              _mp(case.Phi), case.budget, case.initial, bug)

    return candidate


def pomer_thm43(bug: str = ""):
    """POMER Algorithm 1 calibrated by Theorem 4.3 itself (certificate route): from the Case's δ, G, β, λ, T it
    computes δ' = δT⁻²/60, Φ' = exp(2βG'²/λ + √(8βG'² log(2/δ')/λ)) at G' = 3G (Lemma 3.5, line 153), Φ = Φ'²,
    p = max(T^{−1/3}, (G⁴β²/(λ² log²Φ))^{1/3}) and B = ⌈3p̃T⌉ with p̃ = p + 1 − Φ⁻² (lines 233–243). Bugs: those of
    :func:`pomer_alg1`, and ``phi-not-squared`` (Φ = Φ')."""

    def candidate(case, hooks):
        v = case.instance()
        with mpmath.workdps(30):
            G, beta, lam, T, delta = (_mp(v[k]) for k in ("G", "beta", "lam", "T", "delta"))
            d_prime = delta / T**2 / 60
            phi1 = mpmath.exp(2 * beta * (3 * G) ** 2 / lam + mpmath.sqrt(8 * beta * (3 * G) ** 2
                                                                          * mpmath.log(2 / d_prime) / lam))
            phi = phi1 if bug == "phi-not-squared" else phi1**2
            p = max(T ** (-mpmath.mpf(1) / 3), (G**4 * beta**2 / (lam**2 * mpmath.log(phi) ** 2)) ** (mpmath.mpf(1) / 3))
            budget = int(mpmath.ceil(3 * (p + 1 - phi**-2) * T))
            losses = [tuple(_mp(x) for x in loss) for loss in v["losses"]]
            return _pomer_run(hooks, _mp(v["a"]), _mp(v["b"]), losses, beta, lam, p, phi, budget,
                              str(v.get("initial", "uniform")), bug)

    return candidate
