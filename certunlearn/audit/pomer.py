"""The reference sampler of POMER's privacy certificates (paper file ``001_8748437fc158d2af.txt``): Algorithm 1
(lines 165–199) run on the two neighbouring loss sequences of a ``pomer.thm4.3`` instance, with the prescribed Φ, p
and B = 3p̃T of Theorem 4.3 (lines 233–243). Side 0 publishes x_1..x_T on ``losses``, side 1 on ``other`` (the two
laws ``pomer.thm4.3``'s quantity compares). Draws are exact-law samples (:func:`certunlearn.algorithms.pomer.run`),
so an audit of them is statistical evidence about the certificate, labelled as such by the audit.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..errors import InvalidParameterError
from ..numeric.fraction import Fraction

__all__ = ["pomer_reference", "POMER_CLAIMS"]

#: The certificates of this paper the checker evaluates as (ε, δ) statements about Algorithm 1's published outputs.
POMER_CLAIMS = ("pomer.thm4.3",)


def pomer_reference(claim_id: str = "pomer.thm4.3", p_factor: float = 1.0):
    """Algorithm 1 on the claim's neighbouring sequences (side 0: ``losses``, side 1: ``other``), returning arrays
    of shape (size, T). ``p_factor`` scales the forced-switch rate p (1: as prescribed; p is rounded to a float, the
    only rounding of the sampler)."""
    from ..algorithms.pomer import run
    from ..claims import get_claim
    from ..claims.instances import frac
    from ..claims.pomer import losses_of
    from ..numeric.enclosure import to_arb
    from ..numeric.precision import workprec

    if claim_id not in POMER_CLAIMS:
        raise InvalidParameterError("claim_id", f"{claim_id} is not a certificate of Algorithm 1's outputs "
                                                f"(choose from {POMER_CLAIMS})")
    claim = get_claim(claim_id)

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        with workprec(128):
            values = claim.with_prescribed(dict(instance))
            log_phi = to_arb(values["Phi"]).log() if not hasattr(values["Phi"], "mid") else values["Phi"].log()
            p = min(Fraction(1), Fraction(float(values["p"].mid()) if hasattr(values["p"], "mid") else values["p"])
                    * Fraction(p_factor))
            budget = float(values["B"].mid()) if hasattr(values["B"], "mid") else float(values["B"])
        seq = losses_of(values, "losses" if side == 0 else "other")
        out = np.empty((size, len(seq)))
        for i in range(size):
            tr = run(seq, frac(values["beta"]), frac(values["lam"]), p, log_phi, rng, budget,
                     values.get("initial", "uniform"), dps=17)
            out[i] = [float(x) for x in tr.points]
        return out

    return candidate
