"""Check your own certificate: the public API for writing claims outside the five papers.

A claim file is a Python module that defines ``CLAIMS`` (a list of :class:`Claim`) and, optionally,
``derivations()`` (a list of :class:`Derivation`, one per claim it derives). ``certunlearn check --claims FILE``
(or ``--claims package.module``; or an entry point in the group ``certunlearn.claims``) loads it and runs exactly
the checker the built-in claims go through. A minimal file::

    import sympy
    from certunlearn.api import Adversary, Claim, GaussianPair, H, Kind, delta_enclosure, symbols

    eps, dl, Delta, sigma = symbols.epsilon, symbols.delta, symbols.Delta, symbols.sigma
    SIGMA = Delta * sympy.sqrt(2 * sympy.log(sympy.Rational(5, 4) / dl)) / eps   # the σ you want to check

    CLAIMS = [Claim(
        id="mypaper.thm1", source="My paper, Theorem 1 (lines 10–12)", kind=Kind.PRIVACY,
        statement="σ = Δ√(2 ln(1.25/δ))/ε gives (ε, δ)-DP for ε ≤ 1",
        hypotheses=(H("ε ≤ 1", "<=", eps, 1), H("δ < 1", "<", dl, 1)),
        bound=dl, prescribed={"sigma": SIGMA},
        quantity=lambda v: delta_enclosure(v["epsilon"], v["sigma"], v["Delta"]),   # the true δ at ε
        adversaries=(Adversary("grid", generate=lambda rng, size: [
            {"epsilon": e, "delta": d, "Delta": "1"} for e in ("0.1", "1") for d in ("1e-5", "1e-10")]),),
        laws=lambda v: GaussianPair(shift=v["Delta"], sigma=v["sigma"]),
    )]

Everything a claim needs is here: the model (:class:`Claim`, :class:`Hypothesis` and the shorthands :func:`H`,
:func:`P`, :func:`P_exact`, :class:`Adversary`, :class:`Space`, :class:`Kind`, :class:`Control`,
:class:`QuantityKind`, :class:`GaussianPair`, :class:`DeltaProfile`), the shared symbols, exact building blocks
(the Gaussian mechanism's exact δ(ε) and Rényi divergences, enclosures, sympy → arb evaluation, the reference
algorithms of the papers and exact minimisers under ``algorithms``/``problems``), the derivation engine's
:func:`step`/:func:`then`, and the checker (:func:`load_claims`, :func:`check`, :func:`replay`). Nothing else is
public.
"""
from __future__ import annotations

from . import algorithms, problems
from .check import check_claims as check
from .check import replay
from .claims.hypotheses import H, P, P_exact
from .claims.model import (Adversary, Claim, Control, DeltaProfile, GaussianPair, Hypothesis, Instance, Kind,
                           QuantityKind, Space)
from .claims.registry import ClaimLoadError, all_claims, get_claim, load_claims
from .derive import Derivation, Monotone, Premise, check_derivation, render_text, step, then
from .formulas import symbols
from .numeric.enclosure import Decision, to_arb
from .numeric.rationals import rational_eval
from .numeric.sympy_arb import arb_eval
from .privacy import calibrate, delta_enclosure, exact_delta, exact_epsilon, renyi_enclosure
from .privacy.divergences import renyi_exact

__all__ = [
    # the claim model
    "Claim", "Hypothesis", "H", "P", "P_exact", "Adversary", "Space", "Kind", "Control", "QuantityKind",
    "GaussianPair", "DeltaProfile", "Instance", "Decision", "symbols",
    # exact building blocks
    "to_arb", "arb_eval", "rational_eval", "delta_enclosure", "exact_delta", "exact_epsilon", "calibrate",
    "renyi_enclosure", "renyi_exact", "algorithms", "problems",
    # derivations
    "Derivation", "Premise", "Monotone", "step", "then", "check_derivation", "render_text",
    # loading and checking
    "load_claims", "ClaimLoadError", "get_claim", "all_claims", "check", "replay",
]
