"""The figure of the ε lower bound against the number of samples."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .result import AuditResult

__all__ = ["plot_curve"]


def plot_curve(results: Sequence[AuditResult], path: str | Path | None = None, ax=None):
    """Plot each method's ε lower bound of ``results`` (from :func:`~certunlearn.audit.lower_bound_curve`) against
    the samples per side, with the certified ε; saved to ``path`` if given. Returns the matplotlib axes."""
    import matplotlib.pyplot as plt

    fig = None
    if ax is None:
        fig, ax = plt.subplots(figsize=(6, 3.5))
    sizes = [r.samples for r in results]
    for method, label in (("threshold", "non-parametric (Clopper–Pearson)"), ("gaussian", "parametric (Gaussian)")):
        values = [max((b.epsilon_lower for b in r.bounds if b.method == method), default=None) for r in results]
        if any(v is not None for v in values):
            ax.plot(sizes, values, marker="o", label=label)
    ax.axhline(results[-1].epsilon, color="k", linestyle="--", label="certified ε")
    ax.set_xscale("log")
    ax.set_xlabel("samples per side")
    ax.set_ylabel(f"ε lower bound (confidence {results[-1].confidence:g})")
    ax.legend()
    if path is not None:
        (fig or ax.figure).savefig(path, bbox_inches="tight")
    return ax
