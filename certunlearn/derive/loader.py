"""Finding the proofs modules: ``proofs/<paper>.py`` (or a package ``proofs/<paper>/``) in a checkout,
``certunlearn/_proofs/<paper>…`` in a wheel.

Convention (see :mod:`certunlearn.derive`): each proofs module defines a function
``derivations() -> list[Derivation]``. Modules are loaded by file path under the name
``certunlearn._proofs.<paper>``; a paper without a proofs module has no derivations.
"""
from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import certunlearn

from ..errors import CertunlearnError
from .model import Derivation

MODULE_PREFIX = "certunlearn._proofs"


class MissingDerivationError(CertunlearnError, LookupError):
    """No proofs module defines a derivation under the requested name."""

    def __init__(self, name: str, where: str):
        self.name = name
        super().__init__(f"no derivation {name!r} ({where})")


def proofs_dir() -> Path | None:
    """The directory holding the proofs modules: the wheel's ``_proofs`` first, else the checkout's ``proofs``."""
    package = Path(certunlearn.__file__).resolve().parent
    for candidate in (package / "_proofs", package.parent / "proofs"):
        if candidate.is_dir():
            return candidate
    return None


def _load_module(paper: str) -> ModuleType | None:
    if not paper.isidentifier():
        raise ValueError(f"not a paper key: {paper!r}")
    directory = proofs_dir()
    if directory is None:
        return None
    name = f"{MODULE_PREFIX}.{paper}"
    package = directory / paper / "__init__.py"
    if package.is_file():  # a paper whose proofs outgrew one module: a package, its parts imported relatively
        spec = importlib.util.spec_from_file_location(name, package, submodule_search_locations=[str(package.parent)])
    else:
        path = directory / f"{paper}.py"
        if not path.is_file():
            return None
        spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickle look modules up by name
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


@functools.lru_cache(maxsize=None)
def _derivations(paper: str) -> tuple[tuple[str, Derivation], ...]:
    module = _load_module(paper)
    if module is None:
        return ()
    factory = getattr(module, "derivations", None)
    if not callable(factory):
        raise TypeError(f"{module.__file__}: a proofs module defines derivations() -> list[Derivation]")
    out: dict[str, Derivation] = {}
    for d in factory():
        if not isinstance(d, Derivation):
            raise TypeError(f"{module.__file__}: derivations() returned {type(d).__name__}, not a Derivation")
        if d.claim_id in out:
            raise ValueError(f"{module.__file__}: two derivations for {d.claim_id}")
        if d.claim_id.split(".", 1)[0] != paper:
            raise ValueError(f"{module.__file__}: derivation {d.claim_id} belongs to another paper")
        out[d.claim_id] = d
    return tuple(out.items())


def load_derivations(paper: str) -> dict[str, Derivation]:
    """Every derivation of ``paper``, keyed by claim id (empty when the paper has no proofs module)."""
    return dict(_derivations(paper))


def _user_derivation(name: str) -> Derivation | None:
    """The derivation of a user's claim, from the ``derivations()`` of the module that defined it (see
    :func:`certunlearn.claims.registry.load_claims`); None when there is none. A module deriving a claim it did not
    define is refused."""
    from ..claims.registry import defining_module

    module = defining_module(name)
    factory = getattr(module, "derivations", None) if module is not None else None
    if factory is None:
        return None
    for d in factory():
        if not isinstance(d, Derivation):
            raise TypeError(f"{module.__name__}: derivations() returned {type(d).__name__}, not a Derivation")
        if defining_module(d.claim_id) is not module:
            raise ValueError(f"{module.__name__}: derivation {d.claim_id} is not one of this module's claims")
        if d.claim_id == name:
            return d
    return None


def load_derivation(name: str) -> Derivation:
    """The derivation named ``name`` (a claim id, as in ``Claim.derivation``)."""
    user = _user_derivation(name)
    if user is not None:
        return user
    paper = name.split(".", 1)[0]
    found = load_derivations(paper) if paper.isidentifier() else {}
    if name not in found:
        where = f"proofs/{paper}.py has none" if found else f"no proofs module for paper {paper!r}"
        raise MissingDerivationError(name, where)
    return found[name]


def find_derivation(claim) -> Derivation | None:
    """The derivation of ``claim`` (by ``claim.derivation``, else its id), or None."""
    name = getattr(claim, "derivation", None) or claim.id
    try:
        return load_derivation(name)
    except MissingDerivationError:
        return None


def all_derivations() -> dict[str, Derivation]:
    """Every derivation of every paper, keyed by claim id."""
    from ..formulas import PAPERS

    out: dict[str, Derivation] = {}
    for paper in PAPERS:
        out.update(load_derivations(paper))
    return out
