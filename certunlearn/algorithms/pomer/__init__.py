"""POMER — private online multiplicative weights with Euclidean regularisation (Agarwal, Kale, Singh, Thakurta; paper
file ``papers/001_8748437fc158d2af.txt``): reference implementations, one module per thing computed.

* :mod:`.one_dimensional` — Algorithm 1 (lines 176–204) in one dimension with piecewise-linear losses, sampled
  exactly (:func:`run`, :func:`monte_carlo`, the prescribed :func:`parameters`).
* :mod:`.gibbs` — the exact one-dimensional Gibbs laws (eqs. (3.1)–(3.3), lines 118–134).
* :mod:`.samplers` — Gibbs laws beyond one dimension (boxes and balls, linear losses).
* :mod:`.multidimensional` — Algorithm 1 in d ≥ 1 for linear losses.
* :mod:`.law` — the exact law of the iterates in one dimension, with the budget.
* :mod:`.two_rounds` — whole-trajectory privacy for T = 2; :mod:`.trajectory` — for any T (Theorem 4.3).

The names of :mod:`.one_dimensional` are this package's public surface (``from certunlearn.algorithms.pomer import
run``).
"""
from .one_dimensional import RUN_PREC, Estimate, Trajectory, monte_carlo, parameters, run

__all__ = ["Trajectory", "run", "Estimate", "monte_carlo", "parameters", "RUN_PREC"]
