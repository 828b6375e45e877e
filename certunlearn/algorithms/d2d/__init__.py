"""Descent-to-Delete (Neel, Roth, Sharifi-Malvajerdi; paper file ``papers/002_7f80bf4846a5a6af.txt``): reference
implementations, one module per thing computed.

* :mod:`.descent` — perturbed projected gradient descent (Algorithms 1–3, lines 181–195), the regularised and
  distributed variants (Algorithms 4–5), the reservoir laws, and the drivers :class:`PerturbedGD`,
  :class:`PerturbedDistributedGD` (Theorems 3.1–3.5, 4.1–4.5).
* :mod:`.diagonal_box` — projected gradient descent's exact fast path for a diagonal quadratic on a box (the same
  Fractions as the literal loop, which calls it).
* :mod:`.projected_law` — the exact law of the perfect variant's published output in one dimension, projections
  included (Theorem 3.2, lines 256–268).

The names of :mod:`.descent` are this package's public surface: ``from certunlearn.algorithms.d2d import
PerturbedGD`` is the documented path (notebooks, ``docs/``) and keeps working.
"""
from .descent import (
    ADD, DELETE, GUARANTEES, ITERATION_PARAMETERS, RESERVOIR_VARIANTS, ROUND_UP_PARAMETERS, D2DState,
    DistributedState, PerturbedDistributedGD, PerturbedGD, Problem, SampleCopy, Schedule, Update, apply_update,
    bootstrap_law, learn, multiset_update, point_key, power_schedule, projected_gd, publish, reservoir_choices,
    reservoir_law, reservoir_outcomes, reservoir_step, sample_laws, theorem_parameters, unlearn,
)

__all__ = [
    "ADD", "DELETE", "Update", "Problem", "point_key", "apply_update", "projected_gd", "learn", "unlearn", "publish",
    "D2DState", "PerturbedGD", "Schedule", "power_schedule", "multiset_update", "reservoir_choices", "reservoir_step",
    "reservoir_outcomes", "reservoir_law", "bootstrap_law", "sample_laws", "RESERVOIR_VARIANTS", "SampleCopy",
    "DistributedState", "PerturbedDistributedGD", "theorem_parameters", "ITERATION_PARAMETERS",
    "ROUND_UP_PARAMETERS", "GUARANTEES",
]
