"""One ``Case`` per paper: the certificate, its constants, the data and the update stream, in one JSON format.

A :class:`Case` is what :mod:`certunlearn.testing`, ``certunlearn audit`` and the claims' instances share (it lives
in the claims layer so that both the testing and the audit layers, which may not import each other, read it). It is
a claim's instance split by role:

* ``certificate`` — what the release promises: ``epsilon`` and ``delta`` for an (ε, δ) certificate, ``alpha`` and
  ``epsilon`` for a Rényi one (olu); only ``delta`` where the theorem prescribes ε (pomer Theorem 4.3); empty for
  a lemma that certifies no release (pomer's acceptance-ratio claims);
* ``constants`` — the class the certificate covers (``L``, ``m``, ``M``, ``G``, ``n``, ``I``, ``T``, ``K``, …);
* ``data`` — the training data and the problem (``X``, ``y``, the quadratic's ``A``, the box ``lo``/``hi``, …);
* ``updates`` — the update stream (``U``, ``tau``/``u``, ``losses``/``other``, …).

:data:`ROLES` lists, per paper, which instance keys are data and which are updates (everything else but the
certificate is a constant); ``docs/testing.md`` has a table per paper of what each field means. Numbers are exact:
a Fraction in memory (:mod:`certunlearn.numeric.fraction`; ``int(v)`` for a count), exact decimal strings (``"0.5"``, ``"1/3"``) in JSON
(:func:`certunlearn.claims.model.encode_instance`), so ``Case.from_json(case.to_json()) == case``.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidParameterError
from ..numeric.enclosure import Decision
from .model import decode_instance, encode_instance

__all__ = ["Case", "ROLES", "PAPERS", "CERTIFICATE_KEYS", "inside"]

PAPERS = ("d2d", "r2d", "olu", "retain", "pomer")
CERTIFICATE_KEYS = ("epsilon", "delta", "alpha")

#: Per paper: (data keys, update keys). The claims' instances use these names (claims/<key>/__init__.py).
ROLES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # quadratic f_x(θ) = ½(θ − x)ᵀA(θ − x), A = diag(A), ‖x‖ ≤ R, Θ = [lo, hi]; U = [[op, x…], …], op = +1 add, −1 delete
    "d2d": (frozenset({"A", "R", "lo", "hi", "X", "theta0"}), frozenset({"U"})),
    # family 0 linear, 1 concave quadratic (curvature lam); the last m rows of X are deleted
    "r2d": (frozenset({"family", "X", "theta0", "R", "lo", "hi", "lam"}), frozenset()),
    # losses (family, X, y, lam), domain lo/hi, z1; deletions at times tau of the losses u
    "olu": (frozenset({"family", "X", "y", "lam", "z1", "lo", "hi", "K"}), frozenset({"tau", "u"})),
    # retained set R (or x/y), deleted set U (or zx/zy, Zx/Zy)
    "retain": (frozenset({"mech", "R", "x", "y"}), frozenset({"U", "zx", "zy", "Zx", "Zy"})),
    # K = [a, b]; losses [kink, left, right]; the neighbouring stream other/changed/replacement
    "pomer": (frozenset({"a", "b", "losses", "initial"}),
              frozenset({"other", "changed", "replacement", "current"})),
}


def _exact(values: Mapping[str, Any]) -> dict[str, Any]:
    """Every number exact (decimal strings and floats to Fractions), by the claims' own writer and reader."""
    return decode_instance(encode_instance(dict(values)))


@dataclass(frozen=True)
class Case:
    """One case of one paper's certificate (see the module docstring and ``docs/testing.md``)."""

    paper: str
    claim: str
    certificate: dict = field(default_factory=dict)
    constants: dict = field(default_factory=dict)
    data: dict = field(default_factory=dict)
    updates: dict = field(default_factory=dict)
    label: str = ""

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise InvalidParameterError("paper", f"one of {', '.join(PAPERS)}, got {self.paper!r}")
        if not str(self.claim).startswith(self.paper + "."):
            raise InvalidParameterError("claim", f"{self.claim!r} is not a claim of {self.paper}")
        if set(self.certificate) - set(CERTIFICATE_KEYS):
            raise InvalidParameterError("certificate", f"holds only {', '.join(CERTIFICATE_KEYS)} (those the claim "
                                                       f"states), got {sorted(self.certificate)}")
        for name in ("certificate", "constants", "data", "updates"):
            object.__setattr__(self, name, _exact(getattr(self, name)))

    @classmethod
    def from_instance(cls, claim_id: str, instance: Mapping[str, Any], label: str = "") -> Case:
        """Split one of ``claim_id``'s instances (as the checker and the audit write them) by role."""
        paper = claim_id.split(".", 1)[0]
        if paper not in ROLES:
            raise InvalidParameterError("claim", f"{claim_id!r} belongs to no paper of {', '.join(PAPERS)}")
        data_keys, update_keys = ROLES[paper]
        parts: dict[str, dict] = {"certificate": {}, "constants": {}, "data": {}, "updates": {}}
        for key, value in instance.items():
            role = ("certificate" if key in CERTIFICATE_KEYS else "data" if key in data_keys
                    else "updates" if key in update_keys else "constants")
            parts[role][key] = value
        return cls(paper, claim_id, label=label, **parts)

    def instance(self) -> dict[str, Any]:
        """The claim's instance: every field in one flat dict (what the checker and the audit's candidate read)."""
        return {**self.data, **self.updates, **self.constants, **self.certificate}

    @property
    def epsilon(self):
        return self.certificate.get("epsilon")

    @property
    def delta(self):
        return self.certificate.get("delta")

    @property
    def alpha(self):
        return self.certificate.get("alpha")

    def to_dict(self) -> dict[str, Any]:
        """The JSON object: every number as an exact decimal string (``"3"``, ``"0.5"``, ``"1/3"``)."""
        return {"paper": self.paper, "claim": self.claim, "label": self.label,
                **{k: encode_instance(getattr(self, k)) for k in ("certificate", "constants", "data", "updates")}}

    @classmethod
    def from_dict(cls, written: Mapping[str, Any]) -> Case:
        if not isinstance(written, Mapping):
            raise InvalidParameterError("case", f"expected a JSON object, got {type(written).__name__}")
        unknown = set(written) - {"paper", "claim", "label", "certificate", "constants", "data", "updates"}
        if unknown or "paper" not in written or "claim" not in written:
            raise InvalidParameterError("case", f"needs 'paper' and 'claim'; unknown fields {sorted(unknown)}")
        return cls(written["paper"], written["claim"], label=written.get("label", ""),
                   **{k: decode_instance(written.get(k, {})) for k in ("certificate", "constants", "data", "updates")})

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Case:
        try:
            written = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidParameterError("case", f"not JSON: {exc}") from None
        return cls.from_dict(written)

    def describe(self) -> str:
        cert = ", ".join(f"{k} = {v}" for k, v in sorted(self.certificate.items()))
        consts = ", ".join(f"{k} = {v}" for k, v in sorted(self.constants.items()) if not isinstance(v, list))
        return f"{self.claim}{' [' + self.label + ']' if self.label else ''}: {cert}; {consts}"


def inside(claim, instance: Mapping[str, Any]) -> bool:
    """Every hypothesis of ``claim`` is decided true on ``instance`` (an error while deciding counts as outside)."""
    try:
        return all(h.decide(instance) is Decision.TRUE for h in claim.hypotheses)
    except (ArithmeticError, ValueError, TypeError, KeyError):
        return False
