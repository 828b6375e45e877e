"""The registry of every claim, keyed by id.

Three sources, checked alike: each paper's package ``certunlearn.claims.<key>`` (its ``CLAIMS``); the entry-point
group ``certunlearn.claims`` of installed packages (each entry point names a module with ``CLAIMS``, or a list of
claims, or a function returning one); and a user's file or module loaded with :func:`load_claims` (what
``certunlearn check --claims PATH_OR_MODULE`` does). A module that defines ``derivations()`` beside ``CLAIMS`` gives
the derivations of its claims (see :mod:`certunlearn.derive.loader`).
"""
from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
import sys
import zlib
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import numpy as np

from .. import CLAIMS_ENTRY_POINT_GROUP
from ..errors import CertunlearnError, UnknownClaimError
from ..formulas import PAPERS
from ..numeric.binary_float import binary_float_message, binary_float_type
from ..numeric.precision import START_PREC, workprec
from .model import Claim

#: The entry-point group through which an installed package registers claims.
ENTRY_POINT_GROUP = CLAIMS_ENTRY_POINT_GROUP

#: The module name prefix of a claims file loaded by path.
USER_MODULE_PREFIX = "certunlearn_user_claims."

#: Claims loaded from users' files or modules, by id (in loading order), and the sources already loaded.
_LOADED: dict[str, Claim] = {}
_SOURCES: dict[str, tuple[str, ...]] = {}
_ORIGIN: dict[str, str] = {}
_MODULE: dict[str, ModuleType] = {}


class ClaimLoadError(CertunlearnError, ValueError):
    """A user's claims could not be loaded: the message names the file (or module) and the problem."""


@functools.cache
def _builtin() -> dict[str, Claim]:
    claims: dict[str, Claim] = {}
    for paper in PAPERS:
        module = importlib.import_module(f"certunlearn.claims.{paper}")
        for claim in module.CLAIMS:
            if claim.paper != paper:
                raise ValueError(f"{claim.id} is registered by the {paper} package")
            if claim.id in claims:
                raise ValueError(f"claim id registered twice: {claim.id}")
            claims[claim.id] = claim
    for claim in claims.values():
        if claim.corrects is not None and claim.corrects not in claims:
            raise ValueError(f"{claim.id} corrects {claim.corrects}, which is not registered")
    return claims


@functools.cache
def _entry_points() -> dict[str, Claim]:
    out: dict[str, Claim] = {}
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = f"entry point {ep.name} = {ep.value}"
        try:
            obj = ep.load()
        except Exception as exc:  # noqa: BLE001 - a broken plug-in gets one line naming it
            raise ClaimLoadError(f"{where}: {type(exc).__name__}: {exc}") from None
        for claim in _validated(_claims_of(obj, where), where, {**_builtin(), **out}):
            out[claim.id] = claim
    return out


def _registry() -> dict[str, Claim]:
    return {**_builtin(), **_entry_points(), **_LOADED}


def all_claims(paper: str | None = None) -> list[Claim]:
    """Every registered claim (of one paper or user namespace if given), in registration order."""
    claims = list(_registry().values())
    if paper is not None and paper not in PAPERS and not any(c.paper == paper for c in claims):
        raise UnknownClaimError(paper)
    return [c for c in claims if paper is None or c.paper == paper]


def get_claim(claim_id: str) -> Claim:
    """The claim registered under ``claim_id``."""
    try:
        return _registry()[claim_id]
    except KeyError:
        raise UnknownClaimError(claim_id) from None


def load_claims(source: str | Path) -> tuple[str, ...]:
    """Register the claims of a Python file (``path/to/claims.py``) or an importable module (``mypkg.claims``):
    the module's ``CLAIMS``. Returns their ids. Loading the same source again is a no-op; a claim id that clashes
    with a registered one, a bound with a symbol no instance gives, or a file that does not import raises
    :class:`ClaimLoadError` with one line naming the source and the problem."""
    key = str(Path(source).resolve()) if str(source).endswith(".py") else str(source)
    if key in _SOURCES:
        return _SOURCES[key]
    module = _import(source)
    claims = _validated(_claims_of(module, str(source)), str(source), _registry())
    claims = _with_derivations(module, claims, str(source))
    for claim in claims:
        _LOADED[claim.id] = claim
        _ORIGIN[claim.id] = key
        _MODULE[claim.id] = module
    _SOURCES[key] = tuple(c.id for c in claims)
    return _SOURCES[key]


def origin(claim_id: str) -> str | None:
    """The file or module a user's claim was loaded from (None for a built-in or entry-point claim): saved with its
    counterexamples, so that ``certunlearn replay`` can load it again."""
    return _ORIGIN.get(claim_id)


def defining_module(claim_id: str) -> ModuleType | None:
    """The user's module that defined ``claim_id`` (its ``derivations()``, if any, derive its claims), else None."""
    return _MODULE.get(claim_id)


def loaded_sources() -> tuple[str, ...]:
    """The user sources loaded in this process, in order (a worker process loads the same ones)."""
    return tuple(_SOURCES)


def _import(source: str | Path) -> ModuleType:
    text = str(source)
    if text.endswith(".py") or Path(text).is_file():
        path = Path(text)
        if not path.is_file():
            raise ClaimLoadError(f"{text}: no such file")
        name = f"{USER_MODULE_PREFIX}{path.stem}_{zlib.crc32(str(path.resolve()).encode())}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ClaimLoadError(f"{text}: not a Python file")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # pickling and dataclasses look modules up by name
        try:
            spec.loader.exec_module(module)
        except SyntaxError as exc:
            sys.modules.pop(name, None)
            raise ClaimLoadError(f"{text}, line {exc.lineno}: syntax error: {exc.msg}") from None
        except Exception as exc:  # noqa: BLE001 - the user's file: one line naming it
            sys.modules.pop(name, None)
            raise ClaimLoadError(f"{text}: {type(exc).__name__} while running the file: {exc}") from None
        return module
    try:
        return importlib.import_module(text)
    except ModuleNotFoundError as exc:
        raise ClaimLoadError(f"{text}: no such file or module ({exc})") from None
    except SyntaxError as exc:
        raise ClaimLoadError(f"{exc.filename}, line {exc.lineno}: syntax error: {exc.msg}") from None
    except Exception as exc:  # noqa: BLE001
        raise ClaimLoadError(f"{text}: {type(exc).__name__} while importing: {exc}") from None


def _claims_of(obj: object, where: str) -> list[Claim]:
    if isinstance(obj, ModuleType):
        if not hasattr(obj, "CLAIMS"):
            raise ClaimLoadError(f"{where}: defines no CLAIMS (a list of certunlearn.api.Claim)")
        obj = obj.CLAIMS
    elif callable(obj) and not isinstance(obj, Claim):
        obj = obj()
    claims = list(obj) if isinstance(obj, Iterable) else [obj]
    bad = [c for c in claims if not isinstance(c, Claim)]
    if bad:
        raise ClaimLoadError(f"{where}: CLAIMS holds {type(bad[0]).__name__}, not a Claim")
    return claims


def _validated(claims: list[Claim], where: str, registered: dict[str, Claim]) -> list[Claim]:
    seen: set[str] = set()
    for claim in claims:
        if claim.id in registered or claim.id in seen:
            raise ClaimLoadError(f"{where}: claim id {claim.id!r} is already registered")
        if claim.paper in PAPERS:
            raise ClaimLoadError(f"{where}: {claim.id!r} uses the built-in paper key {claim.paper!r}; "
                                 "name your claims in your own namespace (e.g. 'mypaper.thm2')")
        seen.add(claim.id)
        missing = _unbound_symbols(claim)
        if missing:
            raise ClaimLoadError(f"{where}: the bound of {claim.id} uses {', '.join(missing)}, which no instance of "
                                 "its adversaries gives and it does not prescribe")
        floating = _binary_float(claim)
        if floating:
            raise ClaimLoadError(f"{where}: {floating}")
    return claims


def _binary_float(claim: Claim) -> str:
    """Where a binary float shows at load (the bound, a prescribed parameter, or the quantity at the first instance
    of the first structured adversary), named with what to return instead; else "". An exception here is left to
    the checker, which reports it as that instance's error."""
    for what, expr in (("its bound", claim.bound), *((f"prescribed {n}", e) for n, e in claim.prescribed.items())):
        found = binary_float_type(expr)
        if found:
            return binary_float_message(claim.id, what, found)
    structured = [a for a in claim.adversaries if a.space is None]
    try:
        first = next(iter(structured[0].generate(np.random.default_rng(0), 1))) if structured else None
        if first is None or claim.quantity_kind.value == "statistical":
            return ""
        with workprec(START_PREC):
            found = binary_float_type(claim.quantity(claim.with_prescribed(first)))
    except Exception:  # noqa: BLE001
        return ""
    return binary_float_message(claim.id, "the quantity it returned", found) if found else ""


def _with_derivations(module: ModuleType, claims: list[Claim], where: str) -> list[Claim]:
    """Run the module's ``derivations()`` now, so a mistake in it is one line at load time, and let each claim that
    names no derivation use the one written for its id."""
    factory = getattr(module, "derivations", None)
    if factory is None:
        return claims
    try:
        written = list(factory())
    except Exception as exc:  # noqa: BLE001 - the user's code: one line naming the file
        raise ClaimLoadError(f"{where}: derivations() raised {type(exc).__name__}: {exc}") from None
    ids = {c.id for c in claims}
    names = set()
    for d in written:
        claim_id = getattr(d, "claim_id", None)
        if claim_id not in ids:
            raise ClaimLoadError(f"{where}: derivations() returned a derivation for {claim_id!r}, which is not one of "
                                 "this file's CLAIMS (a Derivation's claim_id is the id of the claim it derives)")
        names.add(claim_id)
    return [replace(c, derivation=c.id) if c.derivation is None and c.id in names else c for c in claims]


def _unbound_symbols(claim: Claim) -> list[str]:
    """Free symbols of the bound (and prescribed parameters) that neither the instances nor ``prescribed`` give."""
    names: set[str] = set(claim.prescribed)
    rng = np.random.default_rng(0)
    for adversary in claim.adversaries:
        if adversary.space is not None:
            space = adversary.space
            names |= set(space.bounds) | set(space.fixed)
            if space.build is not None:
                names |= set(space.from_unit(np.full(space.dim, 0.5)))
        else:
            for instance in list(adversary.generate(rng, 2))[:2]:
                names |= set(instance)
    needed = set().union(*(e.free_symbols for e in [claim.bound, *claim.prescribed.values()]))
    return sorted(s.name for s in needed if s.name not in names)
