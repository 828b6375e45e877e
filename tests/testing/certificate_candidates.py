"""Independent float64 implementations of d2d Theorem 3.1 and r2d Theorem 3.1 written from the papers, each
computing its own calibration from the case's certificate and constants; ``bug`` plants one mistake."""
import math

import numpy as np


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
        T = lambda nn: math.ceil(I + math.log(D * m * nn / (2 * L)) / math.log(1 / gamma))  # noqa: E731
        T_i = int(I) - (1 if bug == "iterations" else 0)
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
        X = np.array([[float(v) for v in row] for row in case.data["X"]])

        def descend(theta, data, steps):
            for _ in range(steps):
                theta = theta - eta * a * (theta - data.mean(axis=0))
                if bug != "no-projection":
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
        eps, dl = float(k["epsilon"]), float(k["delta"])
        X = np.array([[float(v) for v in row] for row in dt["X"]])
        lam = float(dt.get("lam", 0) or 0)
        grad = (lambda th, D: np.mean(D, axis=0) + 0 * th) if int(dt["family"]) == 0 else \
            (lambda th, D: -lam * (th - np.mean(D, axis=0)))
        msens = (1 if bug == "sensitivity-mG" else 2) * mm
        q = eta * L * n / (n - mm)
        h = ((1 + q) ** (T - K) - 1) * (1 + eta * L) ** K
        sigma = msens * G * h / (L * n) * math.sqrt(2 * math.log(1.25 / dl)) / eps
        if bug == "variance":
            sigma = sigma**2
        th = np.array([float(v) for v in dt["theta0"]])
        for _ in range(T - K):
            th = th - eta * grad(th, X)
        keep = X[: n - mm] if bug != "delete-first-rows" else X[mm:]
        for _ in range(K + (1 if bug == "one-step-too-many" else 0)):
            th = th - eta * grad(th, keep)
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
