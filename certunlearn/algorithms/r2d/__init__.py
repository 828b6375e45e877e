"""Rewind-to-Delete (Mu & Klabjan): reference implementations.

Modules: :mod:`.rewind` (Algorithms 1 and 2: ``learn``, ``unlearn``, ``retrain``, ``descent_path``, ``publish``),
:mod:`.recovery` (Algorithm 3: ``prox_step``, ``recover_checkpoint``), :mod:`.noise` (Theorem 3.1's σ and
Corollary 3.2's K: ``noise_scale``, ``calibrated_noise``, ``smallest_rewind``, …), :mod:`.driver`
(``RewindToDelete``), :mod:`.helpers` (argument checks, the exact descent step). Printed expressions:
:mod:`certunlearn.formulas.r2d`.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``; line numbers below refer to it.

* Learning — :func:`learn` (Algorithm 1, lines 82–91): full-batch gradient descent with constant step η
  for T steps from θ_0, the checkpoint θ_{T−K} kept (line 87), the model θ_T published with Gaussian
  noise ``θ̃ = θ_T + ξ``, ``ξ ~ N(0, σ²I_d)`` (lines 88–89; :func:`publish`).
* Unlearning — :func:`unlearn` (Algorithm 2, lines 92–100): rewind to the checkpoint, K gradient steps on
  the retained data ``D' = D \\ Z`` (all m deleted points at once), published with the same σ.
* Checkpoint recovery without a saved checkpoint — :func:`recover_checkpoint` (Algorithm 3, lines
  119–125): K backward proximal steps ``θ''_t = argmin_x {−f_D(x) + ‖x − θ''_{t−1}‖²/(2η)}`` (line 123),
  each the inverse of one gradient step when ``η < 1/L`` (Lemma 2.3, lines 113–115; proof lines 321–338,
  Lemma A.1 line 329). Each subproblem is solved to a stated tolerance with a certified a-posteriori
  error bound, and the accumulated recovery error is carried into the certificate (:class:`Recovery`).
* The retrained model — :func:`retrain`: Algorithm 1 from the same θ_0 on ``D'`` for T steps (the iterates
  ``θ'_t`` of eqs. (8)–(10), lines 362–366, against which Theorem 3.1 compares the unlearned model).
* Noise — :func:`noise_scale` (σ of Theorem 3.1, eq. (3), line 137, with h(K) of line 141, evaluated from
  the claim's ``prescribed["sigma"]``), :func:`smallest_rewind` (the smallest K meeting a target σ) and
  :func:`corollary_rewind_bound` (Corollary 3.2, eq. (5), line 153; proof lines 557–573),
  :func:`sensitivity_bound` (the mean-shift bound of line 437) and :func:`calibrated_noise` (the same
  sensitivity through ``privacy.calibrate``, e.g. the exact Balle–Wang calibration).
* :class:`RewindToDelete` drives learning, (sequential, Remark 3.3 lines 161–163) deletions and
  retraining, returning :class:`~certunlearn.algorithms.release.Release` objects with certificates.

Indexing convention (Algorithms 1–3; Appendix B lines 362–368)
--------------------------------------------------------------
``θ_0`` is the initial point; ``θ_t = θ_{t−1} − η∇f_D(θ_{t−1})`` for ``t = 1, …, T`` — **T is the number
of gradient steps** and ``θ_T`` the learned model. The **checkpoint is θ_{T−K}**, the iterate after
``T − K`` steps (``0 ≤ K ≤ T``). Unlearning starts at ``θ''_0 = θ_{T−K}`` and takes K steps on
``f_{D'}``: ``θ''_K`` is the unlearned model. The retrained model is ``θ'_T`` (T steps on ``f_{D'}`` from the
same θ_0). Hence K = T rewinds to the start and ``θ''_K = θ'_T`` exactly (line 159: "a noiseless full
retrain"), and K = 0 returns ``θ_T``. Algorithm 3 starts at ``θ''_0 = θ_T`` and after K proximal steps
returns an approximation of ``θ_{T−K}``. The descent is **unprojected** (no Θ in Algorithms 1–2); on a
bounded Θ every iterate is checked to stay in Θ, where the gradient bound G is declared (Theorem 3.1,
line 135). ``f_D = (1/n)Σ f_{z_i}`` (line 61); ``n = |D|``, ``m = |Z|`` (all deletions so far).

Constants: the paper's **L** is the smoothness of every ``f_z`` and **G** its gradient bound; in a
:class:`~certunlearn.problems.LossFamily` these are the declared ``M`` and ``L`` (see :func:`paper_constants`).

Number modes: every function is written once over numpy arrays — float64 input runs in float64, object
arrays of ``Fraction`` run exactly (rational losses: :class:`~certunlearn.problems.Linear`,
:class:`~certunlearn.problems.nonconvex.ConcaveQuadratic`, quadratics), of ``mpmath.mpf`` (or Fractions
with a non-rational loss) at ≥ ``dps`` = 50 digits. Gradient descent is deterministic, so the unlearned and
retrained means are computed exactly (Fraction) or to 50 digits (mpmath). Randomness is only the Gaussian
of :func:`publish`, drawn from a ``numpy.random.Generator`` passed in.
"""
from __future__ import annotations

from .driver import GUARANTEES, R2DState, RewindToDelete
from .helpers import delete_rows
from .noise import (
    DEFAULT_CLAIM, calibrated_noise, corollary_rewind_bound, h_factor, noise_scale, paper_constants,
    sensitivity_bound, smallest_rewind,
)
from .recovery import ProxSolution, Recovery, prox_step, recover_checkpoint
from .rewind import Learned, PointMass, descent_path, learn, publish, retrain, scheduled_descent, unlearn


__all__ = [
    # printed expressions
    "DEFAULT_CLAIM",
    # algorithms
    "Learned", "learn", "unlearn", "retrain", "descent_path", "scheduled_descent", "publish", "PointMass", "delete_rows",
    "ProxSolution", "prox_step", "Recovery", "recover_checkpoint",
    # noise
    "noise_scale", "h_factor", "sensitivity_bound", "calibrated_noise", "smallest_rewind",
    "corollary_rewind_bound", "paper_constants",
    # driver
    "R2DState", "RewindToDelete", "GUARANTEES",
]
