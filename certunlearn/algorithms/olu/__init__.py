"""Online learning–unlearning (Hu, Schölkopf & Sanyal; paper file ``papers/000_8245766a2c9b0ba6.txt``): reference
implementations, one module per thing computed.

* :mod:`.laws` — passive OLU (Algorithm 1) and active OLU (Algorithm 2), the reference process of Definition 2 and
  the baselines of Table 2 on quadratic and linear streams, with their exact Gaussian laws and expected regret.
* :mod:`.printed` — Algorithm 1 exactly as printed (projection, then noise; general smooth losses: linear, diagonal
  quadratic, logistic, Huber), sampled.

The names of :mod:`.laws` are this package's public surface (``from certunlearn.algorithms.olu import Stream``).
"""
from .laws import (
    LINEAR, QUADRATIC, Affine, square, Law, Stream, active_laws, check_schedule, comparators, expected_regret, interval_of,
    newton_laws, passive_laws, restart_laws, retrain_laws, run_laws,
)

__all__ = ["LINEAR", "QUADRATIC", "square", "Stream", "Law", "Affine", "run_laws", "passive_laws", "active_laws", "retrain_laws",
           "restart_laws", "newton_laws", "expected_regret", "comparators", "interval_of", "check_schedule"]
