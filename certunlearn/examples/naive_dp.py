"""A small differential-privacy helper module written the way such modules are often shipped — with four usual
mistakes, each marked. ``docs/auditing.md`` and ``notebooks/auditing.ipynb`` audit it with ``certunlearn score``.

Not part of certunlearn: an example of third-party code under audit.
"""
import math


def gaussian_sigma(epsilon, delta, sensitivity=1.0):
    """Noise for (ε, δ)-DP. MISTAKE 1: the classic formula of Dwork & Roth (Thm A.1) is used for every ε, but it is
    proved only for ε ≤ 1."""
    return sensitivity * math.sqrt(2 * math.log(1.25 / delta)) / epsilon


def removal_sigma(epsilon, delta, sensitivity=1.0):
    """Noise for an (ε, δ) removal certificate. MISTAKE 2: δ is never used (σ = Δ/ε, a Laplace-style scale given
    to Gaussian noise)."""
    return sensitivity / epsilon


def ridge_sensitivity(lipschitz, lam, n):
    """The L2 sensitivity of the ridge minimiser under replace-one. MISTAKE 3: a factor 2 is missing (the true
    bound is 2L/(λn): both the removed and the added record move the gradient)."""
    return lipschitz / (lam * n)


def dpsgd_epsilon(q, sigma, steps, delta):
    """ε of DP-SGD (Poisson rate q, noise σ, sensitivity 1) by RDP. MISTAKE 4: the small-q approximation
    D_α ≈ 2q²α/σ² is applied for every q and σ (it holds only for small q and σ not small)."""
    best = math.inf
    for alpha in range(2, 256):
        rdp = steps * 2 * q * q * alpha / sigma**2
        best = min(best, rdp + math.log(1 / delta) / (alpha - 1))
    return best
