"""Checking a user's claims when they are loaded, before any work: every mistake is one line naming the claim, the
field and what is expected (the CLI prints it as ``certunlearn: error: …``, exit 2).

:data:`MESSAGES` is the one catalogue of these messages, each with what to fix; ``docs/claims.md`` carries the table
made from it by :func:`messages_table` (a test keeps the two in sync). User code run while loading (the module
itself, ``CLAIMS`` when it is a generator, each family's ``generate``, ``derivations()``) runs under
:func:`user_code`: a ``sys.exit()`` or ``os._exit()`` in it is a load error, not the end of the command.
"""
from __future__ import annotations

import contextlib
import inspect
import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

import numpy as np
import sympy

from ..errors import CertunlearnError, one_line
from ..numeric.enclosure import Decision
from ..numeric.fraction import RATIONAL_TYPES
from .model import Adversary, Claim, Control, Hypothesis, Kind, QuantityKind, Space

#: key → (message template, what to fix). Templates are filled with str.format; ``{where}`` is the file or module.
MESSAGES: dict[str, tuple[str, str]] = {
    "no_file": ("{where}: no such file", "Give the path of a .py file, or an importable module name."),
    "no_module": ("{where}: no such file or module ({detail})",
                  "Check the spelling; a module must be importable from the current directory or the file's own."),
    "syntax": ("{where}, line {line}: syntax error: {detail}", "Fix the Python syntax at that line."),
    "raised": ("{where}: {exc} while running the file: {detail}",
               "The file raised while being imported; run `python FILE` to see the traceback."),
    "exited": ("{where}: your code called {call} while {doing}",
               "Claim and candidate code must return or raise, never end the process (sys.exit, os._exit)."),
    "no_claims": ("{where}: defines no CLAIMS (a list of certunlearn.api.Claim)",
                  "Define a module-level list CLAIMS = [Claim(...), ...]."),
    "empty_claims": ("{where}: CLAIMS is empty; there is nothing to check",
                     "Put at least one Claim in CLAIMS (an empty list never means all built-in claims)."),
    "claims_raised": ("{where}: reading CLAIMS raised {exc}: {detail}",
                      "CLAIMS (or the generator or function giving it) raised; make it a plain list."),
    "not_a_claim": ("{where}: CLAIMS holds {type}, not a Claim",
                    "Every item of CLAIMS is certunlearn.api.Claim(...)."),
    "clash": ("{where}: claim id {claim!r} is already registered",
              "Pick an id not used by another loaded file or plugin (`certunlearn list`)."),
    "builtin_key": ("{where}: {claim!r} uses the built-in paper key {paper!r}; name your claims in your own namespace "
                    "(e.g. 'mypaper.thm2')", "Use your own lowercase paper name as the id's prefix."),
    "field_type": ("{where}: {claim}: {field} must be {expected}, got {got}",
                   "Give the field the type the claim model declares (docs/claims.md, \"Fields\")."),
    "bound_float": ("{where}: {claim}: bound is a float ({got}); a bound must be exact",
                    "Write it as a sympy expression or sympy.Rational('0.1'); floats are not exact."),
    "generate_signature": ("{where}: {claim}: adversary {adversary!r}: generate must accept (rng, size), its "
                           "signature is {signature}", "Define it as def generate(rng, size): return [...]."),
    "generate_raised": ("{where}: {claim}: adversary {adversary!r}: generate(rng, size) raised {exc}: {detail}",
                        "Fix the family's generate; it is called with a numpy Generator and a size."),
    "generate_returned": ("{where}: {claim}: adversary {adversary!r}: generate(rng, size) returned {got}; expected a "
                          "list of instances (dicts)", "Return a list of dicts, one per instance."),
    "generate_empty": ("{where}: {claim}: adversary {adversary!r}: generate(rng, size) returned no instance",
                       "Every family must give instances (a holds needs a decided instance from each)."),
    "build_raised": ("{where}: {claim}: adversary {adversary!r}: its Space could not build an instance at the box's "
                     "centre: {exc}: {detail}", "Fix Space(bounds, build=...): build gets a dict of floats inside "
                     "the box and returns the full instance."),
    "instance_type": ("{where}: {claim}: adversary {adversary!r}: an instance is {got}, not a dict",
                      "Each instance is a dict: parameter name → exact number (int, Fraction, decimal string)."),
    "instance_value": ("{where}: {claim}: adversary {adversary!r}: instance field {key!r} is {got}",
                       "Instance values are finite exact numbers, decimal strings, labels or lists of them."),
    "unbound": ("{where}: the bound of {claim} uses {names}, which no instance of its adversaries gives and it does "
                "not prescribe", "Give these keys in every instance, or compute them with prescribed={...}."),
    "predicate_returned": ("{where}: {claim}: hypothesis {hypothesis!r} returned {got}, not a Decision (P_exact takes a "
                           "function returning a bool)",
                           "P(...) predicates return Decision.TRUE/FALSE/UNDECIDED; use P_exact for a bool."),
    "derivations_raised": ("{where}: derivations() raised {exc}: {detail}",
                           "Fix derivations(); run it in Python to see the traceback."),
    "step_option": ("{where}: derivations() raised TypeError: {detail}; step() and then() take box=, cited=, "
                    "monotone=, given=, conditions=, lemma= and integers= (docs/claims.md, \"Derivations\")",
                    "Use only the options step() and then() have; there is no hint=."),
    "derivation_stranger": ("{where}: derivations() returned a derivation for {claim!r}, which is not one of this "
                            "file's CLAIMS (a Derivation's claim_id is the id of the claim it derives)",
                            "Set Derivation(claim_id=...) to the id of one of this file's claims."),
    "derivation_unknown": ("{where}: {claim}: derivation={name!r} names no derivation (written: {written})",
                           "Spell the derivation id as the claim id of a Derivation that derivations() returns."),
}


class ClaimLoadError(CertunlearnError, ValueError):
    """A user's claims could not be loaded: the message names the file (or module) and the problem."""


def problem(_key: str, /, **fields: Any) -> ClaimLoadError:
    """The load error ``key`` of :data:`MESSAGES`, filled in, as one line."""
    return ClaimLoadError(one_line(MESSAGES[_key][0].format(**fields)))


class _Exit(BaseException):
    """``os._exit`` called by user code while it runs under :func:`user_code`."""

    def __init__(self, code: object):
        super().__init__(code)
        self.code = code


@contextlib.contextmanager
def user_code(where: str, doing: str) -> Iterator[None]:
    """Run user code: ``sys.exit(n)`` or ``os._exit(n)`` in it raise :class:`ClaimLoadError` (``os._exit`` is
    replaced for the duration; the loader is single-threaded)."""
    real = os._exit

    def refuse(code: int = 0):
        raise _Exit(code)

    os._exit = refuse
    try:
        yield
    except SystemExit as exc:
        raise problem("exited", where=where, call=f"sys.exit({exc.code!r})", doing=doing) from None
    except _Exit as exc:
        raise problem("exited", where=where, call=f"os._exit({exc.code!r})", doing=doing) from None
    finally:
        os._exit = real


def claims_list(obj: object, where: str) -> list[Claim]:
    """The claims ``obj`` gives (a module's CLAIMS, a list or generator of claims, or a function returning one)."""
    from types import ModuleType

    if isinstance(obj, ModuleType):
        if not hasattr(obj, "CLAIMS"):
            raise problem("no_claims", where=where)
        obj = obj.CLAIMS
    try:
        with user_code(where, "reading CLAIMS"):
            if callable(obj) and not isinstance(obj, Claim):
                obj = obj()
            claims = [obj] if isinstance(obj, Claim) else list(obj)
    except ClaimLoadError:
        raise
    except TypeError as exc:
        if "not iterable" in str(exc):
            raise problem("not_a_claim", where=where, type=type(obj).__name__) from None
        raise problem("claims_raised", where=where, exc=type(exc).__name__, detail=exc) from None
    except Exception as exc:  # noqa: BLE001 - the user's code: one line naming the file
        raise problem("claims_raised", where=where, exc=type(exc).__name__, detail=exc) from None
    if not claims:
        raise problem("empty_claims", where=where)
    bad = [c for c in claims if not isinstance(c, Claim)]
    if bad:
        raise problem("not_a_claim", where=where, type=type(bad[0]).__name__)
    return claims


def _describe(value: object) -> str:
    if callable(value) and not isinstance(value, sympy.Basic):
        return f"a function ({getattr(value, '__name__', type(value).__name__)})"
    text = repr(value)
    return f"the {type(value).__name__} {text if len(text) <= 40 else text[:39] + '…'}"


def checked_fields(claim: Claim, where: str) -> Claim:
    """``claim`` with every field of the right type (exact ints and Fractions in ``bound`` and ``prescribed``
    become sympy numbers), else the load error naming the field."""
    def wrong(field: str, expected: str, value: object) -> ClaimLoadError:
        return problem("field_type", where=where, claim=claim.id, field=field, expected=expected, got=_describe(value))

    def expression(field: str, value: object) -> sympy.Expr:
        if isinstance(value, float) and field == "bound":
            raise problem("bound_float", where=where, claim=claim.id, got=repr(value))
        if isinstance(value, float):
            raise wrong(field, "a sympy expression (floats are not exact)", value)
        if isinstance(value, (int, *RATIONAL_TYPES)) and not isinstance(value, bool):
            return sympy.Rational(value.numerator, value.denominator)
        if not isinstance(value, sympy.Expr):
            raise wrong(field, "a sympy expression in the instance's symbols (e.g. 2*L/(n*lam))", value)
        return value

    changes: dict[str, Any] = {}
    for field, enum in (("kind", Kind), ("control", Control), ("quantity_kind", QuantityKind)):
        value = getattr(claim, field)
        if not isinstance(value, enum):
            raise wrong(field, f"a {enum.__name__} member (e.g. {enum.__name__}.{next(iter(enum)).name})", value)
    for field in ("source", "statement", "note"):
        if not isinstance(getattr(claim, field), str):
            raise wrong(field, "a string", getattr(claim, field))
    bound = expression("bound", claim.bound)
    if bound is not claim.bound:
        changes["bound"] = bound
    if not isinstance(claim.prescribed, Mapping):
        raise wrong("prescribed", "a dict {name: sympy expression}", claim.prescribed)
    prescribed = {}
    for name, expr in claim.prescribed.items():
        if not isinstance(name, str):
            raise wrong("prescribed", "keyed by parameter names (strings)", name)
        prescribed[name] = expression(f"prescribed[{name!r}]", expr)
    if any(prescribed[k] is not claim.prescribed[k] for k in prescribed):
        changes["prescribed"] = prescribed
    if not callable(claim.quantity):
        raise wrong("quantity", "a function of the instance", claim.quantity)
    if claim.laws is not None and not callable(claim.laws):
        raise wrong("laws", "a function of the instance, or None", claim.laws)
    if claim.quantity_expr is not None and not isinstance(claim.quantity_expr, sympy.Expr):
        raise wrong("quantity_expr", "a sympy expression or None", claim.quantity_expr)
    for field in ("derivation", "corrects"):
        if getattr(claim, field) is not None and not isinstance(getattr(claim, field), str):
            raise wrong(field, "a string (a claim id) or None", getattr(claim, field))
    if not isinstance(claim.hypotheses, (tuple, list)) or not all(isinstance(h, Hypothesis) for h in claim.hypotheses):
        raise wrong("hypotheses", "a tuple of H(...), P(...) or P_exact(...)", claim.hypotheses)
    if not isinstance(claim.adversaries, (tuple, list)) or not all(isinstance(a, Adversary) for a in claim.adversaries):
        raise wrong("adversaries", "a tuple of Adversary(...)", claim.adversaries)
    for adversary in claim.adversaries:
        _check_adversary(claim, adversary, where)
    return replace(claim, **changes) if changes else claim


def _check_adversary(claim: Claim, adversary: Adversary, where: str) -> None:
    if (adversary.generate is None) == (adversary.space is None):
        raise problem("field_type", where=where, claim=claim.id, field=f"adversary {adversary.name!r}",
                      expected="given exactly one of generate= and space=", got="both" if adversary.space else "neither")
    if adversary.space is not None:
        if not isinstance(adversary.space, Space):
            raise problem("field_type", where=where, claim=claim.id, field=f"adversary {adversary.name!r}: space",
                          expected="a Space({...})", got=_describe(adversary.space))
        return
    if not callable(adversary.generate):
        raise problem("field_type", where=where, claim=claim.id, field=f"adversary {adversary.name!r}: generate",
                      expected="a function generate(rng, size)", got=_describe(adversary.generate))
    try:
        signature = inspect.signature(adversary.generate)
    except (TypeError, ValueError):
        return  # a builtin without a signature: its call below decides
    try:
        signature.bind(np.random.default_rng(0), 1)
    except TypeError:
        raise problem("generate_signature", where=where, claim=claim.id, adversary=adversary.name,
                      signature=f"{getattr(adversary.generate, '__name__', 'generate')}{signature}") from None


def sample_instances(claim: Claim, adversary: Adversary, where: str, size: int = 2) -> list[dict]:
    """Up to ``size`` instances of a structured family, each checked (a dict of finite exact values); any mistake
    in ``generate`` is a load error naming the claim and the family."""
    try:
        with user_code(where, f"running generate of {claim.id} ({adversary.name!r})"):
            produced = adversary.generate(np.random.default_rng(0), size)
            if isinstance(produced, (Mapping, str, bytes)) or not hasattr(produced, "__iter__"):
                raise problem("generate_returned", where=where, claim=claim.id, adversary=adversary.name,
                              got=_describe(produced))
            instances = []
            for item in produced:
                instances.append(item)
                if len(instances) == size:
                    break
    except ClaimLoadError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's code: one line naming it
        raise problem("generate_raised", where=where, claim=claim.id, adversary=adversary.name,
                      exc=type(exc).__name__, detail=exc) from None
    if not instances:
        raise problem("generate_empty", where=where, claim=claim.id, adversary=adversary.name)
    for instance in instances:
        if not isinstance(instance, Mapping):
            raise problem("instance_type", where=where, claim=claim.id, adversary=adversary.name,
                          got=_describe(instance))
        for key, value in instance.items():
            bad = _bad_value(value)
            if bad:
                raise problem("instance_value", where=where, claim=claim.id, adversary=adversary.name, key=key,
                              got=bad)
    return [dict(i) for i in instances]


def _bad_value(value: object, depth: int = 0) -> str:
    """Why an instance value cannot be used ("" when it can)."""
    if depth > 8:
        return "nested more than 8 lists deep"
    if isinstance(value, (list, tuple, np.ndarray)):
        for v in (value.tolist() if isinstance(value, np.ndarray) else value):
            bad = _bad_value(v, depth + 1)
            if bad:
                return bad
        return ""
    if value is None:
        return "None"
    if isinstance(value, complex) or np.iscomplexobj(value):
        return f"the complex number {value!r}"
    if isinstance(value, (float, np.floating)) and not math.isfinite(float(value)):
        return f"{float(value)!r} (NaN or infinite)"
    if isinstance(value, str) and value.strip().lower() in ("nan", "inf", "+inf", "-inf", "infinity", "-infinity"):
        return f"the string {value!r} (NaN or infinite)"
    return ""


def space_instance(claim: Claim, adversary: Adversary, where: str) -> dict:
    """The instance a search family builds at the centre of its box (what its parameters are named), or the load
    error naming the claim and the family."""
    space = adversary.space
    try:
        with user_code(where, f"building an instance of {claim.id} ({adversary.name!r})"):
            return dict(space.from_unit(np.full(space.dim, 0.5)))
    except ClaimLoadError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's code: one line naming it
        raise problem("build_raised", where=where, claim=claim.id, adversary=adversary.name, exc=type(exc).__name__,
                      detail=exc) from None


def check_predicates(claim: Claim, instances: list[dict], where: str) -> None:
    """A ``P`` predicate must return a :class:`Decision`: tried on the sampled instances (an exception there is left
    to the check, where it is that instance's error)."""
    for hypothesis in claim.hypotheses:
        if hypothesis.predicate is None:
            continue
        for instance in instances:
            try:
                with user_code(where, f"deciding hypothesis {hypothesis.name!r} of {claim.id}"):
                    answer = hypothesis.predicate(instance)
            except ClaimLoadError:
                raise
            except Exception:  # noqa: BLE001 - the check reports it as that instance's error
                continue
            if not isinstance(answer, Decision):
                raise problem("predicate_returned", where=where, claim=claim.id, hypothesis=hypothesis.name,
                              got=_describe(answer))


def messages_table() -> str:
    """The Markdown table "error message → what to fix" of docs/claims.md, made from :data:`MESSAGES`."""
    rows = ["| error message (after `certunlearn: error: `) | what to fix |", "|---|---|"]
    for template, fix in MESSAGES.values():
        shown = template.replace("|", "\\|")
        rows.append(f"| `{shown}` | {fix} |")
    return "\n".join(rows)

