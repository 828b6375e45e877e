"""How hard the checker attacks: the ``quick`` and ``thorough`` profiles."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidParameterError


@dataclass(frozen=True)
class Profile:
    """Effort of one check.

    ``structured_size`` caps the instances drawn from each structured adversary; a search adversary
    runs ``restarts`` local optimisations of at most ``evaluations`` float-precision evaluations
    each; ``max_prec`` (bits) is where an undecided comparison stops; a claim needs
    ``min_instances`` evaluated instances for a verdict other than ``inconclusive``; ``timeout`` is the time limit
    of one claim's check in seconds (``check --timeout`` replaces it).
    """

    name: str
    structured_size: int
    restarts: int
    evaluations: int
    max_prec: int
    min_instances: int
    timeout: float


PROFILES = {
    "quick": Profile("quick", structured_size=40, restarts=3, evaluations=60, max_prec=512, min_instances=10,
                     timeout=600),
    "thorough": Profile("thorough", structured_size=100_000, restarts=24, evaluations=400, max_prec=4096,
                        min_instances=50, timeout=3600),
}


def get_profile(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise InvalidParameterError("profile", f"unknown profile {name!r}; choose from {', '.join(PROFILES)}") from None
