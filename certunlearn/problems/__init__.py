"""Problems layer: convex domains, loss families with declared (and verified) constants, exact
minimisers of the empirical risk, and seeded synthetic datasets.

Data flows one way: ``problems`` → ``algorithms`` → ``claims`` → ``check``; this layer imports only
``numeric`` (and ``errors``).
"""
from .datasets import (
    Dataset, linear_data, logistic_data, make_dataset, quadratic_data, ridge_data, rng_from_state, sample_ball,
)
from .domains import Ball, Box, Domain, Whole, rational_unit
from .losses import CONSTANT_NAMES, Constants, Linear, LogisticL2, LossFamily, Quadratic, Ridge
from .nonconvex import ConcaveQuadratic, CosLinear, SinePL, WelschRegression
from .minimize import Minimizer, certified_radius, minimize, solve_ball_qp, solve_box_qp
from .verify import ConstantCheck, Verification, verify_constants

__all__ = [
    "Ball", "Box", "ConcaveQuadratic", "CosLinear", "SinePL", "WelschRegression", "CONSTANT_NAMES", "ConstantCheck", "Constants", "Dataset", "Domain", "Linear", "LogisticL2",
    "LossFamily", "Minimizer", "Quadratic", "Ridge", "Verification", "Whole", "certified_radius",
    "linear_data", "logistic_data", "make_dataset", "minimize", "quadratic_data", "rational_unit",
    "ridge_data", "rng_from_state", "sample_ball", "solve_ball_qp", "solve_box_qp", "verify_constants",
]
