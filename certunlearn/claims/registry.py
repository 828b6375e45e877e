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
import warnings
import zlib
from dataclasses import replace
from pathlib import Path
from types import ModuleType

from .. import CLAIMS_ENTRY_POINT_GROUP
from ..errors import PluginWarning, UnknownClaimError
from ..formulas import PAPERS
from ..numeric.binary_float import binary_float_message, binary_float_type
from .model import Claim
from .validation import (ClaimLoadError, check_predicates, checked_fields, claims_list, problem, sample_instances,
                         space_instance, user_code)

#: The entry-point group through which an installed package registers claims.
ENTRY_POINT_GROUP = CLAIMS_ENTRY_POINT_GROUP

#: The module name prefix of a claims file loaded by path.
USER_MODULE_PREFIX = "certunlearn_user_claims."

#: Claims loaded from users' files or modules, by id (in loading order), and the sources already loaded.
_LOADED: dict[str, Claim] = {}
_SOURCES: dict[str, tuple[str, ...]] = {}
_ORIGIN: dict[str, str] = {}
_MODULE: dict[str, ModuleType] = {}
#: The resolved file each user or plug-in claim was defined in: the same file loaded twice is not a clash.
_FILE: dict[str, str] = {}
#: Plug-ins that failed to load: (entry point, one-line reason).
_BROKEN: list[tuple[str, str]] = []


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
    """Every installed plug-in's claims. A plug-in that fails to load (raising at import, a mistake in a claim) is
    one :class:`PluginWarning` naming it; its claims are absent and only the commands that need them fail."""
    out: dict[str, Claim] = {}
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = f"entry point {ep.name} = {ep.value}"
        try:
            with user_code(where, "importing the plug-in"):
                try:
                    obj = ep.load()
                except Exception as exc:  # noqa: BLE001 - a broken plug-in gets one line naming it
                    raise problem("raised", where=where, exc=type(exc).__name__, detail=exc) from None
            module = sys.modules.get(ep.value.split(":", 1)[0].strip())
            file = _file_of(module)
            claims = _validated(claims_list(obj, where), where, {**_builtin(), **out})
        except ClaimLoadError as exc:
            _BROKEN.append((where, str(exc)))
            warnings.warn(f"plug-in not loaded: {exc}", PluginWarning, stacklevel=2)
            continue
        for claim in claims:
            out[claim.id] = claim
            if file:
                _FILE[claim.id] = file
    return out


def _registry() -> dict[str, Claim]:
    return {**_builtin(), **_entry_points(), **_LOADED}


def paper_keys() -> tuple[str, ...]:
    """The paper keys of every registered claim: the built-in papers, then plug-ins' and loaded users' keys."""
    keys = dict.fromkeys(PAPERS)
    keys.update(dict.fromkeys(c.paper for c in _registry().values()))
    return tuple(keys)


def all_claims(paper: str | None = None) -> list[Claim]:
    """Every registered claim (of one paper or user namespace if given), in registration order."""
    claims = list(_registry().values())
    if paper is not None and paper not in PAPERS and not any(c.paper == paper for c in claims):
        raise UnknownClaimError(paper)
    return [c for c in claims if paper is None or c.paper == paper]


def builtin_claims() -> list[Claim]:
    """The package's own claims (its paper keys), never a plug-in's or a loaded user's: what the shipped derivation
    table holds."""
    return list(_builtin().values())


def is_builtin(claim: Claim) -> bool:
    """``claim`` is the package's own claim registered under its id (not a plug-in's, a user's or a copy)."""
    return _builtin().get(claim.id) is claim


def get_claim(claim_id: str) -> Claim:
    """The claim registered under ``claim_id``; an unknown id names the plug-ins that failed to load, if any."""
    registry = _registry()
    try:
        return registry[claim_id]
    except KeyError:
        if _BROKEN:
            raise ClaimLoadError(f"unknown claim id: {claim_id!r}; it may come from a plug-in that failed to load: "
                                 + "; ".join(reason for _, reason in _BROKEN)) from None
        raise UnknownClaimError(claim_id) from None


def load_claims(source: str | Path) -> tuple[str, ...]:
    """Register the claims of a Python file (``path/to/claims.py``) or an importable module (``mypkg.claims``):
    the module's ``CLAIMS``. Returns their ids. The file's directory goes first on the import path (a claims file
    imports the modules beside it). Loading the same source again (by path or by module name, or one a plug-in
    already registered) is a no-op; any mistake — a claim id that clashes with another source's, a field of the
    wrong type, a family that raises or gives no instance, a bound with a symbol no instance gives — raises
    :class:`ClaimLoadError` with one line naming the source, the claim and the problem
    (:mod:`certunlearn.claims.validation`)."""
    key = str(Path(source).resolve()) if str(source).endswith(".py") else str(source)
    if key in _SOURCES:
        return _SOURCES[key]
    module = _import(source)
    file = _file_of(module)
    if file and file in _SOURCES:
        _SOURCES[key] = _SOURCES[file]
        return _SOURCES[key]
    where = str(source)
    claims = claims_list(module, where)
    same = [c.id for c in claims if file and _FILE.get(c.id) == file]
    if same and len(same) == len(claims):  # a plug-in already registered this very file
        _SOURCES[key] = tuple(same)
        return _SOURCES[key]
    claims = _validated(claims, where, _registry())
    claims = _with_derivations(module, claims, where)
    for claim in claims:
        _LOADED[claim.id] = claim
        _ORIGIN[claim.id] = key
        _MODULE[claim.id] = module
        if file:
            _FILE[claim.id] = file
    _SOURCES[key] = tuple(c.id for c in claims)
    if file:
        _SOURCES[file] = _SOURCES[key]
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
    return tuple(dict.fromkeys(_ORIGIN.values()))


def _file_of(module: ModuleType | None) -> str | None:
    path = getattr(module, "__file__", None)
    return str(Path(path).resolve()) if path else None


def _import(source: str | Path) -> ModuleType:
    text = str(source)
    if text.endswith(".py") or Path(text).is_file():
        path = Path(text)
        if not path.is_file():
            raise problem("no_file", where=text)
        folder = str(path.resolve().parent)
        if sys.path[:1] != [folder]:  # the modules beside the file import first, here and in every worker
            sys.path.insert(0, folder)
        name = f"{USER_MODULE_PREFIX}{path.stem}_{zlib.crc32(str(path.resolve()).encode())}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ClaimLoadError(f"{text}: not a Python file")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # pickling and dataclasses look modules up by name
        try:
            with user_code(text, "running the file"):
                spec.loader.exec_module(module)
        except SyntaxError as exc:
            sys.modules.pop(name, None)
            raise problem("syntax", where=text, line=exc.lineno, detail=exc.msg) from None
        except ClaimLoadError:
            sys.modules.pop(name, None)
            raise
        except Exception as exc:  # noqa: BLE001 - the user's file: one line naming it
            sys.modules.pop(name, None)
            raise problem("raised", where=text, exc=type(exc).__name__, detail=exc) from None
        return module
    try:
        with user_code(text, "importing the module"):
            return importlib.import_module(text)
    except ModuleNotFoundError as exc:
        raise problem("no_module", where=text, detail=exc) from None
    except SyntaxError as exc:
        raise problem("syntax", where=exc.filename, line=exc.lineno, detail=exc.msg) from None
    except ClaimLoadError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise problem("raised", where=text, exc=type(exc).__name__, detail=exc) from None


def _validated(claims: list[Claim], where: str, registered: dict[str, Claim]) -> list[Claim]:
    seen: set[str] = set()
    out = []
    for claim in claims:
        if claim.id in registered or claim.id in seen:
            raise problem("clash", where=where, claim=claim.id)
        if claim.paper in PAPERS:
            raise problem("builtin_key", where=where, claim=claim.id, paper=claim.paper)
        seen.add(claim.id)
        claim = checked_fields(claim, where)
        samples: list[dict] = []
        for adversary in claim.adversaries:
            if adversary.space is None:
                samples += sample_instances(claim, adversary, where)
        check_predicates(claim, samples, where)
        missing = _unbound_symbols(claim, samples, where)
        if missing:
            raise problem("unbound", where=where, claim=claim.id, names=", ".join(missing))
        floating = _binary_float(claim)
        if floating:
            raise ClaimLoadError(f"{where}: {floating}")
        out.append(claim)
    return out


def _binary_float(claim: Claim) -> str:
    """Where a binary float shows at load — the bound or a prescribed parameter — named with what to return instead;
    else "". A quantity that returns a float is found while checking, in the claim's worker (one line, exit 2): the
    loader never runs a user's quantity, which may exit, kill its process or hang in C code."""
    for what, expr in (("its bound", claim.bound), *((f"prescribed {n}", e) for n, e in claim.prescribed.items())):
        found = binary_float_type(expr)
        if found:
            return binary_float_message(claim.id, what, found)
    return ""


def _with_derivations(module: ModuleType, claims: list[Claim], where: str) -> list[Claim]:
    """Run the module's ``derivations()`` now, so a mistake in it is one line at load time, and let each claim that
    names no derivation use the one written for its id; a ``derivation=`` naming none written is refused."""
    factory = getattr(module, "derivations", None)
    written: list = []
    if factory is not None:
        try:
            with user_code(where, "running derivations()"):
                written = list(factory())
        except ClaimLoadError:
            raise
        except TypeError as exc:
            key = "step_option" if "unexpected keyword argument" in str(exc) else "derivations_raised"
            raise problem(key, where=where, exc="TypeError", detail=exc) from None
        except Exception as exc:  # noqa: BLE001 - the user's code: one line naming the file
            raise problem("derivations_raised", where=where, exc=type(exc).__name__, detail=exc) from None
    ids = {c.id for c in claims}
    names = set()
    for d in written:
        claim_id = getattr(d, "claim_id", None)
        if claim_id not in ids:
            raise problem("derivation_stranger", where=where, claim=claim_id)
        names.add(claim_id)
    for c in claims:
        if c.derivation is not None and c.derivation not in names:
            raise problem("derivation_unknown", where=where, claim=c.id, name=c.derivation,
                          written=", ".join(sorted(names)) or "none; this file defines no derivations()")
    return [replace(c, derivation=c.id) if c.derivation is None and c.id in names else c for c in claims]


def _unbound_symbols(claim: Claim, samples: list[dict], where: str) -> list[str]:
    """Free symbols of the bound (and prescribed parameters) that neither the instances nor ``prescribed`` give."""
    names: set[str] = set(claim.prescribed).union(*samples)
    for adversary in claim.adversaries:
        if adversary.space is not None:
            space = adversary.space
            names |= set(space.bounds) | set(space.fixed)
            if space.build is not None:
                names |= set(space_instance(claim, adversary, where))
    needed = set().union(*(e.free_symbols for e in [claim.bound, *claim.prescribed.values()]))
    return sorted(s.name for s in needed if s.name not in names)
