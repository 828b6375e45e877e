"""A fast numpy descent-to-delete (Algorithms 1–3 on quadratics over boxes), with switchable bugs."""
import numpy as np


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
