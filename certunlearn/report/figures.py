"""Figures for reports (matplotlib, Agg backend): tightness per claim, privacy profiles."""
from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from ..check.result import CheckResult  # noqa: E402
from ..privacy import calibrate, exact_delta  # noqa: E402

COLORS = {"holds": "#2a9d8f", "violated": "#e63946", "inconclusive": "#e9c46a"}


def _png(fig: plt.Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=120, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


#: Display range of the tightness axis; values beyond are drawn at the edge and labelled.
TIGHTNESS_RANGE = (1e-12, 1e6)


def tightness_figure(results: list[CheckResult]) -> bytes:
    """Max observed/bound per claim on a log axis, the bound (1) dashed, dots coloured by verdict."""
    shown = [r for r in results if r.tightness]
    lo, hi = TIGHTNESS_RANGE
    fig, ax = plt.subplots(figsize=(7.5, 0.32 * len(shown) + 1.4))
    for y, r in enumerate(shown):
        x = min(max(r.tightness, lo), hi)
        marker = ">" if r.tightness > hi else "<" if r.tightness < lo else "o"
        ax.plot([lo, x], [y, y], color=COLORS[r.verdict], linewidth=1, alpha=0.5)
        ax.plot([x], [y], marker=marker, color=COLORS[r.verdict], markersize=7)
        if marker != "o":
            right = marker == ">"
            ax.annotate(f"{r.tightness:.2g}", (x, y), xytext=(-6 if right else 6, 5), textcoords="offset points",
                        ha="right" if right else "left", fontsize=8)
    ax.axvline(1.0, color="black", linewidth=1, linestyle="--")
    ax.set_xscale("log")
    ax.set_xlim(lo, hi * 10)
    ax.set_yticks(range(len(shown)), [r.id for r in shown], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("tightness = max observed / bound   (dashed: the bound; right of it: violated)")
    for verdict, color in COLORS.items():
        ax.plot([], [], "o", color=color, label=verdict)
    ax.legend(loc="lower right", fontsize=8)
    return _png(fig)


def privacy_profile_figure(epsilon: float = 1.0, delta: float = 1e-5) -> bytes:
    """δ(ε') of the Gaussian mechanism calibrated to (ε, δ) by each method, against the target."""
    grid = np.linspace(0.0, 3 * epsilon, 200)
    fig, ax = plt.subplots(figsize=(6.5, 4))
    for method in ("exact", "zcdp", "classic"):
        sigma = calibrate(epsilon, delta, method=method)
        ax.plot(grid, [exact_delta(e, sigma) for e in grid], label=f"{method}: σ = {sigma:.4g}")
    ax.plot([epsilon], [delta], "k*", markersize=12, label=f"target (ε, δ) = ({epsilon:g}, {delta:g})")
    ax.set_yscale("log")
    ax.set_ylim(delta * 1e-3, 1)
    ax.set_xlabel("ε'")
    ax.set_ylabel("true δ(ε')  (Balle–Wang, exact)")
    ax.set_title("Privacy profile of the calibrated Gaussian mechanism")
    ax.legend()
    return _png(fig)
