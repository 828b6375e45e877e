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
