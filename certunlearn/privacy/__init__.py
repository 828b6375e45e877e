"""Privacy layer: the exact Gaussian privacy profile, calibration, divergences between Gaussians,
and Rényi DP → (ε, δ) conversions."""
from .calibrate import calibrate
from .conversions import gaussian_rdp, rdp_curve_to_epsilon, rdp_to_dp_delta, rdp_to_dp_epsilon
from .divergences import hockey_stick, kl_divergence, renyi_divergence, renyi_enclosure, tv_distance
from .profile import delta_enclosure, exact_delta, exact_epsilon

__all__ = [
    "calibrate",
    "delta_enclosure",
    "exact_delta",
    "exact_epsilon",
    "gaussian_rdp",
    "hockey_stick",
    "kl_divergence",
    "rdp_curve_to_epsilon",
    "rdp_to_dp_delta",
    "rdp_to_dp_epsilon",
    "renyi_divergence",
    "renyi_enclosure",
    "tv_distance",
]
