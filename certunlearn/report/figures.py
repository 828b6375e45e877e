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
NOT_EVALUATED = "#8d99ae"


def ordered(results: list[CheckResult]) -> list[CheckResult]:
    """Findings first (violated, inconclusive, holds; in run order within each), then the controls."""
    rank = {"violated": 0, "inconclusive": 1, "holds": 2}
    return sorted(results, key=lambda r: (r.control != "none", rank.get(r.verdict, 3)))


def tightness_axes(results: list[CheckResult]):
    """The tightness figure's (figure, axes): every claim one row — tightness 0 or none (nothing evaluated) at
    the left edge, labelled; beyond the range at the edge, labelled — findings first, then the controls below
    a rule; the legend outside the axes, so it hides no label."""
    shown = ordered(results)
    lo, hi = TIGHTNESS_RANGE
    fig, ax = plt.subplots(figsize=(8.5, 0.3 * len(shown) + 1.6))
    for y, r in enumerate(shown):
        t = r.tightness
        color = COLORS.get(r.verdict, NOT_EVALUATED) if t is not None else NOT_EVALUATED
        if t is None or not t > 0 or not np.isfinite(t) or t < lo or t > hi:
            right = t is not None and (t > hi or (t > 0 and not np.isfinite(t)))
            x, marker = (hi, ">") if right else (lo, "<")
            label = "none evaluated" if t is None else "0" if t == 0 else f"{t:.2g}"
            ax.annotate(label, (x, y), xytext=(-8 if right else 8, -3), textcoords="offset points",
                        ha="right" if right else "left", fontsize=7, color="#333333")
        else:
            x, marker = t, "o"
        ax.plot([lo, x], [y, y], color=color, linewidth=1, alpha=0.5)
        ax.plot([x], [y], marker=marker, color=color, markersize=7, linestyle="none")
    n_findings = sum(r.control == "none" for r in shown)
    if 0 < n_findings < len(shown):
        ax.axhline(n_findings - 0.5, color="#555555", linewidth=0.8)
        ax.annotate("controls (the checker checking itself)", (lo, n_findings - 0.5), xytext=(4, -9),
                    textcoords="offset points", fontsize=7, style="italic", color="#555555")
    ax.axvline(1.0, color="black", linewidth=1, linestyle="--")
    ax.set_xscale("log")
    ax.set_xlim(lo / 10, hi * 10)
    ax.set_ylim(len(shown) - 0.5, -0.5)
    ax.set_yticks(range(len(shown)), [r.id + ("  [control]" if r.control != "none" else "") for r in shown], fontsize=8)
    ax.set_xlabel("tightness = max observed / bound, log scale   (dashed: the bound; right of it: violated)")
    for verdict, color in {**COLORS, "nothing evaluated": NOT_EVALUATED}.items():
        ax.plot([], [], "o", color=color, label=verdict)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False, borderaxespad=0)
    return fig, ax


def tightness_figure(results: list[CheckResult]) -> bytes:
    """PNG of :func:`tightness_axes`."""
    fig, _ = tightness_axes(results)
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
