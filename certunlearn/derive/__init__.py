"""The derivation engine: a paper's chain of steps, each checked, linked to the claim's bound.

A derivation lives in ``proofs/<paper>.py`` (shipped in the wheel as ``certunlearn/_proofs/<paper>.py``).

**Proofs-module convention.** Each proofs module defines a function ::

    def derivations() -> list[Derivation]: ...

returning one :class:`Derivation` per claim it derives (``claim_id`` is the claim's id, which is also the
name in ``Claim.derivation``). Use the shared symbols of :mod:`certunlearn.formulas.symbols` so that the link
check compares equal symbols. :func:`load_derivations` finds the module by file path (module name
``certunlearn._proofs.<paper>``); a paper without a module has no derivations.

**Writing a derivation.** ``step(lhs, rel, rhs, justification, ...)`` states a relation (``==``, ``<=``,
``<``; write chains in increasing direction); ``then(rel, rhs, justification, ...)`` continues the chain from
the previous right-hand side. The last step's right-hand side must equal the claim's target (``"bound"`` or
a prescribed parameter such as ``"sigma"``). Optional per step: ``box={sym: (lo, hi)}`` (prove by interval
branch-and-bound), ``cited="Author Year, Thm N"`` (an outside result, still tested numerically),
``monotone=Monotone(var, endpoint)`` (a monotonicity proof), ``given={sym: expr}`` (a substitution the step is
stated under, e.g. a calibration equation), ``conditions=(...)``.

Start: the final chain's first left side is checked against the claim's ``quantity_expr``, else against
``symbolic_start=SymbolicStart(compute, what)`` (the claim's quantity computed at symbolic input: the reference
algorithm run on sympy symbols, or the closed form of what the quantity evaluates there); otherwise it is
``stated``, with ``start_reason`` saying why.

Derivation-level: ``conditions`` (relationals holding under the hypotheses, e.g. ε ≤ 1), ``where``
(abbreviations ``symbol := expression``; each abbreviation's assumption, e.g. positivity, is checked),
``domain`` (the parameter box for sampling and for validating abbreviations), and ``premises``.

**Premises.** An outside result that the chain *uses* but that is not itself a relation between the chain's
expressions (e.g. "(α, ε_α)-RDP implies (ε_α + ln(1/δ)/(α−1), δ)-DP", Mironov 2017 Prop. 3) is a
:class:`Premise`: displayed and listed as cited in the output, carrying no step status. Its optional ``relation``
says what a step may take from it in symbols (``ρ ≤ 1`` for "E[A] = ρ·its bound"): a step condition it states is
reported with the origin ``premise Pk`` instead of ``assumed`` (:mod:`.step_conditions`). An outside result
that *is* such a relation (a Gaussian tail bound) is a step with ``cited=...``: the engine still tries to
prove it, and tests it numerically — a cited step that fails at a point is ``refuted``.

**Statuses** (contract): ``identity``, ``proved``, ``proved-on-box``, ``evidence``, ``cited``, ``refuted``;
plus ``unchecked`` for a step that has neither a symbolic proof nor a rigorous numeric form (so it could not
even be sampled). ``DerivationResult.ok`` is true iff no step (and no abbreviation) is refuted and the link
holds; ``DerivationResult.established`` additionally requires every step to be identity/proved/proved-on-box.

**Proof status** (:func:`proof_status`, the checker's ``proof`` field): ``complete`` (every step established,
link an identity, start ``checked`` against the claim's ``quantity_expr``), ``partial`` (nothing refuted, but
something only sampled, cited or unchecked, or a ``stated`` start), ``broken`` (a refuted step, a broken link
or a start ``mismatch``), ``none`` (no derivation). ``DerivationResult.refuting_points()`` lists every refuted
step with its point. Before a step is graded ``evidence`` the engine searches its domain for a counterexample
(branch-and-bound and :mod:`.search`); evidence reads "sampled at N points, K decided, 0 violated", and a step with
nothing decided is ``unchecked``. Each step names its ``method`` (:data:`METHODS`) and, when ``proved-on-box``, its
box. Results are cached on disk (:mod:`.cache`; ``CERTUNLEARN_CACHE_DIR``, ``CERTUNLEARN_NO_CACHE=1``,
:func:`cache.disable`), and a wheel ships every registered claim's result (``hatch_build.py``, :mod:`.ship`).

Entry points: :func:`check_derivation`, :func:`render_text`, :func:`render_latex`, :func:`load_derivations`,
:func:`load_derivation`.
"""
from ..numeric.boxes import BoxOutcome, prove_on_box
from .engine import check_derivation
from .signs import nonnegative_proof, sign_of, zero_proof
from .loader import MissingDerivationError, all_derivations, find_derivation, load_derivation, load_derivations, proofs_dir
from .model import (
    CITED, ESTABLISHED, EVIDENCE, IDENTITY, LINK_BROKEN, LINK_IDENTITY, PROOF_BROKEN, PROOF_COMPLETE, PROOF_NONE,
    METHODS, PROOF_PARTIAL, PROVED, PROVED_ON_BOX, REFUTED, RELATIONS, START_CHECKED, START_MISMATCH, START_STATED, STATUSES,
    UNCHECKED, DefinitionResult, Derivation, DerivationResult, Lemma, Monotone, Premise, PremiseRecord, Step, StepResult,
    SymbolicStart, proof_status, step, then,
)
from . import cache
from .render import render_latex, render_text

__all__ = [
    "BoxOutcome", "prove_on_box", "check_derivation", "nonnegative_proof", "sign_of", "zero_proof",
    "MissingDerivationError", "all_derivations", "find_derivation", "load_derivation", "load_derivations", "proofs_dir",
    "CITED", "ESTABLISHED", "EVIDENCE", "METHODS", "IDENTITY", "LINK_BROKEN", "LINK_IDENTITY", "PROVED", "PROVED_ON_BOX",
    "REFUTED", "RELATIONS", "STATUSES", "UNCHECKED", "DefinitionResult", "Derivation", "DerivationResult",
    "Lemma", "Monotone", "Premise", "PremiseRecord", "Step", "StepResult", "SymbolicStart", "step", "then", "render_latex", "render_text",
    "PROOF_BROKEN", "PROOF_COMPLETE", "PROOF_NONE", "PROOF_PARTIAL", "START_CHECKED", "START_MISMATCH",
    "START_STATED", "proof_status", "cache",
]
