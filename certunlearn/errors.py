"""Exceptions raised by certunlearn.

Every error a user can cause names what was wrong with it, so the CLI can print one line
(exit code 2) instead of a traceback.
"""
from __future__ import annotations


def one_line(text: object, limit: int = 400) -> str:
    """``text`` on one line (line breaks shown as " ⏎ "), cut to ``limit`` characters: what the CLI prints after
    ``certunlearn: error:``, whatever a user's exception message holds."""
    flat = " ⏎ ".join(part.strip() for part in str(text).splitlines() if part.strip())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class CertunlearnError(Exception):
    """Base class of every error certunlearn raises on purpose."""


class InvalidParameterError(CertunlearnError, ValueError):
    """A parameter is outside its domain (ε ≤ 0, δ outside (0, 1), NaN, ...)."""

    def __init__(self, parameter: str, message: str):
        self.parameter = parameter
        super().__init__(f"{parameter}: {message}")


class AssumptionViolatedError(CertunlearnError, ValueError):
    """Data break an assumption a loss or algorithm declared (e.g. ‖x‖ above the declared radius)."""

    def __init__(self, assumption: str, message: str):
        self.assumption = assumption
        super().__init__(f"assumption '{assumption}' violated: {message}")


class UnknownClaimError(CertunlearnError, KeyError):
    """No claim is registered under the requested id."""

    def __init__(self, claim_id: str):
        self.claim_id = claim_id
        super().__init__(claim_id)

    def __str__(self) -> str:  # KeyError would quote the message
        return f"unknown claim id: {self.claim_id!r} (see `certunlearn list`)"


class UndecidedError(CertunlearnError, ArithmeticError):
    """Rigorous enclosures still overlap at the maximum precision: the comparison has no answer."""


class PluginWarning(UserWarning):
    """An installed plug-in (entry point of the group ``certunlearn.claims``) failed to load; its claims are absent."""
