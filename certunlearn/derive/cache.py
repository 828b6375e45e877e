"""A persistent, on-disk cache of checked derivations (:class:`~certunlearn.derive.model.DerivationResult`).

Checking a derivation spends most of its time in sympy; its result is plain data (strings and numbers), so it is
stored on disk and reused by later runs — and by parallel workers — as long as nothing it depends on changed.

**Where.** ``$CERTUNLEARN_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/certunlearn``, else
``~/.cache/certunlearn``; entries live in ``<dir>/derivations/<k[:2]>/<k>.pkl``.

**Key.** A SHA-256 of everything the result depends on (:func:`result_key`):

- the derivation itself, structurally: ``srepr`` of every expression, with its symbols' assumptions, every
  justification, box, condition, abbreviation, premise, the domain and the number of samples (a
  ``symbolic_start`` by its name and the expression its run returns, so a changed algorithm is a new key);
- the text of the proofs module file the derivation was loaded from (``proofs/<paper>.py``), when it was;
- the target expression and everything :func:`~certunlearn.derive.check_derivation` reads from the claim
  (``srepr`` of the bound or prescribed parameter, of every prescribed parameter and of ``quantity_expr``, and
  the text naming the target);
- the engine's own source: ``certunlearn/derive/*.py`` and ``certunlearn/numeric/*.py`` (not the files that only
  store, ship and print results, :data:`NOT_ENGINE`);
- the keys of the lemmas its steps refer to (:func:`.lemmas.lemma_keys`), so a changed lemma invalidates its users;
- the versions of Python, sympy, python-flint, mpmath, numpy and scipy.

A stale entry can therefore never be found. An entry that cannot be read, is truncated, or holds anything but a
``DerivationResult`` under the same key is ignored (the result is recomputed and the entry rewritten); entries
are unpickled with an allow-list of the result classes only. Writes go to a temporary file in the same
directory and are renamed into place (atomic on POSIX and Windows), so a parallel worker never reads half an
entry. A cache directory that cannot be created or written silently means no cache.

**One computation per key.** A miss takes an exclusive lock on ``<k>.lock`` beside the entry (``flock``, where the
platform has it; the file is removed once the result is written) before the engine runs, and reads the entry again
once it holds it: a second process (a pytest-xdist worker, a ``check`` worker) missing the same key at the same time
waits for the first and reads its result instead of deriving it again. The kernel drops the lock of a process that
dies, so a killed worker blocks nobody. A process that already holds a lock (a lemma's result computed inside its
user's) never waits: it takes the lemma's lock if it is free and otherwise computes unlocked, so no two processes can
wait on each other, whatever the lemma references. Without ``flock`` (Windows), or with a lock file that cannot be
opened, the result is computed unlocked, as before.

**Shipped with the package.** The checked derivations of every registered claim are committed beside the sources
(``certunlearn/_derivations.pkl``, written by :mod:`.ship`: ``python -m certunlearn.derive.ship --update`` after a
change to the engine, a proofs module or a claim's target derives only what changed; the tests fail while the table
misses a current key, and re-derive a sample of its entries from scratch), and a wheel built with hatch carries the
same table, its stale entries derived again by the build hook ``hatch_build.py`` (on by default). So the first run
from a fresh checkout or after ``pip install`` reads the derivations instead of re-deriving them. Entries are keyed
by :func:`shipped_key`: the same digest as :func:`result_key` — the derivation, its proofs module's text, the target
and quantity, the engine's own source (``derive/*.py`` but :data:`NOT_ENGINE`, ``numeric/*.py``) and :data:`FORMAT`
— but without the library versions (the machine that built the table may hold other versions than the user's; a
status a given sympy found is sound under any other). An entry is used only when its key matches exactly; any other
change means a miss and the engine runs. The user's cache is read first.

**Read without a key.** Forming a key prints every expression of a derivation and runs its symbolic starts (a few
CPU-seconds over ``check --all``). So a table also records the source tree it was written from (:func:`tree_digest`:
every ``.py`` file of the package and of the proofs modules, by relative name and content, and the library versions)
and each built-in claim's key. Where the running tree's digest is that one, every key would come out as recorded, and
the checker reads a built-in claim's entry by its id (:func:`shipped_for`); anything else — another tree, a user's
claim, a derivation other than the registered one, the cache off — forms the key as above. ``ship --update`` writes
the record for the checkout; a wheel's build hook writes it for the wheel's own files, so an install reads directly.

**Bypass.** :func:`disable` (what ``certunlearn check --no-cache`` calls) or ``CERTUNLEARN_NO_CACHE=1`` in the
environment; :func:`disable` also sets the variable so that worker processes started afterwards inherit it.
"""
from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import os
import pickle
import re
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import sympy

try:
    import fcntl
except ImportError:  # Windows: no per-key lock (see the module docstring)
    fcntl = None

from . import model
from .model import DerivationResult, Derivation

ENV_DIR = "CERTUNLEARN_CACHE_DIR"
ENV_OFF = "CERTUNLEARN_NO_CACHE"
#: Bumped when the layout of an entry changes.
FORMAT = 1
_MAGIC = b"certunlearn-derivation-cache\n"

_disabled = False
_stats = {"hits": 0, "shipped": 0, "misses": 0, "writes": 0, "errors": 0}


# ----------------------------------------------------------------------------------------------------
# switches and location


def disable() -> None:
    """Bypass the disk cache in this process and in worker processes started afterwards."""
    global _disabled
    _disabled = True
    os.environ[ENV_OFF] = "1"


def enable() -> None:
    """Undo :func:`disable` (the environment variable is cleared too)."""
    global _disabled
    _disabled = False
    os.environ.pop(ENV_OFF, None)


def enabled() -> bool:
    """Whether the disk cache is used: not :func:`disable`-d and ``CERTUNLEARN_NO_CACHE`` unset (or 0/false/no)."""
    if _disabled:
        return False
    return os.environ.get(ENV_OFF, "").strip().lower() in ("", "0", "false", "no", "off")


def cache_dir() -> Path:
    """The user's cache directory for certunlearn (not created here)."""
    explicit = os.environ.get(ENV_DIR)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg).expanduser() / "certunlearn"
    return Path.home() / ".cache" / "certunlearn"


def derivations_dir() -> Path:
    return cache_dir() / "derivations"


def stats() -> dict[str, int]:
    """Counters of this process: hits, shipped (results read from the shipped table), misses, writes, errors
    (unreadable entries or failed writes)."""
    return dict(_stats)


def clear() -> int:
    """Remove every cached derivation result; returns how many entries were removed."""
    n = 0
    root = derivations_dir()
    if not root.is_dir():
        return 0
    for p in root.glob("*/*.pkl"):
        try:
            p.unlink()
            n += 1
        except OSError:
            pass
    for p in root.glob("*/*.lock"):
        try:
            p.unlink()
        except OSError:
            pass
    return n


# ----------------------------------------------------------------------------------------------------
# the key


def versions() -> tuple[tuple[str, str], ...]:
    """The versions the result depends on (read each time: a changed version is a different key)."""
    out = [("python", sys.version)]
    for name in ("sympy", "flint", "mpmath", "numpy", "scipy"):
        mod = sys.modules.get(name)
        if mod is None:
            try:
                mod = __import__(name)
            except ImportError:
                out.append((name, "absent"))
                continue
        out.append((name, str(getattr(mod, "__version__", "?"))))
    return tuple(out)


_file_digests: dict[tuple[str, int, int], str] = {}


def _file_digest(path: Path) -> str:
    try:
        st = path.stat()
    except OSError:
        return "missing"
    k = (str(path), st.st_mtime_ns, st.st_size)
    d = _file_digests.get(k)
    if d is None:
        try:
            d = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            d = "unreadable"
        _file_digests[k] = d
    return d


#: Files of ``certunlearn/derive`` that store and ship results but compute none: not part of the engine's digest
#: (an edit to them changes no result; the layout of an entry is :data:`FORMAT`).
NOT_ENGINE = ("cache.py", "ship.py", "render.py")  # storing, shipping and printing results: no result depends on them


def engine_sources() -> list[Path]:
    """The engine's own source files: ``certunlearn/derive/*.py`` (but :data:`NOT_ENGINE`) and
    ``certunlearn/numeric/*.py``."""
    pkg = Path(__file__).resolve().parent.parent
    return (sorted(p for p in pkg.joinpath("derive").glob("*.py") if p.name not in NOT_ENGINE)
            + sorted(pkg.joinpath("numeric").glob("*.py")))


def engine_digest() -> str:
    h = hashlib.sha256()
    for p in engine_sources():
        h.update(f"{p.parent.name}/{p.name}\0{_file_digest(p)}\0".encode())
    return h.hexdigest()


_DUMMY = re.compile(r"dummy_index=\d+")


#: Texts already written in this process, by the identity of the (immutable) object: a sympy expression's srepr, a
#: derivation's fingerprint — each claim's two keys (:func:`result_key`, :func:`shipped_key`) and its lemmas' keys
#: write the same derivations and expressions again (the object is kept, so its id is not reused).
_texts: dict[int, tuple[Any, str]] = {}


def _memo_text(obj: Any, write: Callable[[Any], str]) -> str:
    hit = _texts.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    text = write(obj)
    _texts[id(obj)] = (obj, text)
    return text


def _srepr(e: Any) -> str:
    """A process-independent structural text of ``e`` (sympy objects with their assumptions)."""
    if e is None:
        return "None"
    if isinstance(e, sympy.Basic):
        return _memo_text(e, lambda x: _DUMMY.sub("dummy_index=?", sympy.srepr(x)))
    if isinstance(e, (tuple, list)):
        return "(" + ", ".join(_srepr(x) for x in e) + ")"
    if isinstance(e, Mapping):
        return "{" + ", ".join(f"{_srepr(k)}: {_srepr(v)}" for k, v in sorted(e.items(), key=lambda kv: str(kv[0])))\
            + "}"
    if isinstance(e, model.SymbolicStart):  # the run by name and by what it computes (the algorithm's code may change)
        try:
            value = _srepr(sympy.sympify(e.compute()))
        except Exception as exc:  # noqa: BLE001 - the engine reports the failure; the key only records it
            value = f"raises {type(exc).__name__}: {exc}"
        return (f"SymbolicStart(what={e.what!r}, compute={getattr(e.compute, '__module__', '?')}."
                f"{getattr(e.compute, '__qualname__', '?')}, value={value})")
    if isinstance(e, (model.Step, model.Premise, model.Monotone, model.Lemma)):
        return type(e).__name__ + "(" + ", ".join(f"{f}={_srepr(getattr(e, f))}"
                                                 for f in e.__dataclass_fields__) + ")"
    return repr(e)


def derivation_fingerprint(derivation: Derivation) -> str:
    """A structural text of the whole derivation (every expression with its symbols' assumptions), written once per
    derivation object in a process."""
    return _memo_text(derivation, lambda d: "Derivation(" + ", ".join(f"{f}={_srepr(getattr(d, f))}"
                                                                      for f in d.__dataclass_fields__) + ")")


def derivation_source(derivation: Derivation) -> str:
    """The digest of the proofs module ``derivation`` was loaded from (every file of a package ``proofs/<paper>/``),
    or '' when it was not loaded from one."""
    from .loader import MODULE_PREFIX

    paper = derivation.claim_id.split(".", 1)[0]
    mod = sys.modules.get(f"{MODULE_PREFIX}.{paper}")
    path = getattr(mod, "__file__", None)
    if not path:
        return ""
    if getattr(mod, "__path__", None):  # a package: its parts too
        return hashlib.sha256("".join(_file_digest(p) for p in sorted(Path(path).parent.rglob("*.py"))).encode()).hexdigest()
    return _file_digest(Path(path))


def _sources_key(derivation: Derivation, target: Any, what: str, prescribed: tuple, quantity: Any,
                 with_versions: bool) -> str:
    from .lemmas import lemma_keys

    h = hashlib.sha256()
    parts = [
        f"format={FORMAT}",
        "derivation=" + derivation_fingerprint(derivation),
        "source=" + derivation_source(derivation),
        "target=" + _srepr(target),
        "what=" + what,
        "prescribed=" + _srepr(tuple(prescribed)),
        "quantity=" + _srepr(quantity),
        "engine=" + engine_digest(),
        # the keys of the lemmas its steps refer to: a changed lemma invalidates its users
        "lemmas=" + lemma_keys(derivation, lambda d, c: _sources_key(d, *model.check_inputs(d, c), with_versions)),
    ]
    if with_versions:
        parts.append("versions=" + repr(versions()))
    for p in parts:
        h.update(p.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def result_key(derivation: Derivation, target: Any, what: str, prescribed: tuple = (),
               quantity: Any = None) -> str:
    """The SHA-256 key of a derivation's check against a target (see the module docstring)."""
    return _sources_key(derivation, target, what, prescribed, quantity, True)


def shipped_key(derivation: Derivation, target: Any, what: str, prescribed: tuple = (),
                quantity: Any = None) -> str:
    """The key of the shipped results (the committed table, the wheel's): :func:`result_key` without the library
    versions."""
    return _sources_key(derivation, target, what, prescribed, quantity, False)


# ----------------------------------------------------------------------------------------------------
# reading and writing

_ALLOWED = {("certunlearn.derive.model", n) for n in ("DerivationResult", "StepResult", "DefinitionResult",
                                                       "PremiseRecord", "ConditionRecord")}


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):  # only the plain result classes
        if (module, name) in _ALLOWED:
            return getattr(model, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not a derivation result class")


def _entry_path(key: str) -> Path:
    return derivations_dir() / key[:2] / f"{key}.pkl"


def load(key: str) -> DerivationResult | None:
    """The cached result under ``key``, or None (absent, unreadable, corrupt or for another key)."""
    path = _entry_path(key)
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        if not data.startswith(_MAGIC):
            raise ValueError("not a cache entry")
        stored_key, result = _Unpickler(io.BytesIO(data[len(_MAGIC):])).load()
        if stored_key != key or not isinstance(result, DerivationResult):
            raise ValueError("entry for another key")
        return result
    except Exception:  # any corruption: ignored, recomputed and rewritten
        _stats["errors"] += 1
        return None


def store(key: str, result: DerivationResult) -> bool:
    """Write ``result`` under ``key`` atomically; False (silently) when the cache directory is not writable."""
    path = _entry_path(key)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".pkl", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(_MAGIC)
            pickle.dump((key, result), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        tmp = None
        _stats["writes"] += 1
        return True
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        _stats["errors"] += 1
        return False
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


#: How many per-key locks this process holds (a nested computation never waits for another process's lock).
_held = 0


def _lock(path: Path, wait: bool) -> int | None:
    """A descriptor of ``path`` holding its exclusive ``flock`` (waiting for it when ``wait``), or None when the lock
    file cannot be opened or (``wait`` false) another process holds it."""
    while True:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
            try:
                current = os.stat(path).st_ino == os.fstat(fd).st_ino
            except OSError:
                current = False
        except OSError:  # BlockingIOError included: held elsewhere
            os.close(fd)
            return None
        except BaseException:  # interrupted while waiting (Ctrl-C, a time limit's signal)
            os.close(fd)
            raise
        if current:
            return fd
        os.close(fd)  # its holder removed the file while we waited: lock the one now at the path


@contextlib.contextmanager
def computing(key: str):
    """Hold the exclusive lock of ``key`` (``<k>.lock`` beside its entry, removed on leaving) for the block: a
    process entering it for the same key waits until the holder leaves (or dies) — unless it already holds a lock,
    in which case it takes this one only if it is free. Where ``flock`` is missing, the lock file cannot be opened,
    or the lock is not taken, the block runs unlocked."""
    global _held
    path = _entry_path(key).with_suffix(".lock")
    fd = None if fcntl is None else _lock(path, wait=not _held)
    if fd is None:
        yield
        return
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        try:
            path.unlink()  # before unlocking: a waiter then finds the path gone or new, and locks that
        except OSError:
            pass
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)  # explicitly: a forked child may still hold a copy of the descriptor
        finally:
            os.close(fd)


def cached(key_parts: Callable[[], str], compute: Callable[[], DerivationResult],
           shipped_parts: Callable[[], str] | None = None) -> DerivationResult:
    """``compute()``, through the disk cache under the key ``key_parts()`` (when the cache is enabled), then the
    results shipped with the package under ``shipped_parts()``."""
    if not enabled():
        return compute()
    try:
        key = key_parts()
    except Exception:  # a key that cannot be formed: no cache for this result
        return compute()
    hit = load(key)
    if hit is not None:
        _stats["hits"] += 1
        return hit
    if shipped_parts is not None:
        try:
            hit = shipped().get(shipped_parts())
        except Exception:  # a key that cannot be formed: the engine runs
            hit = None
        if isinstance(hit, DerivationResult):
            _stats["shipped"] += 1
            return hit
    with computing(key):  # a parallel process deriving the same key: wait for it, then read its entry
        hit = load(key)
        if hit is not None:
            _stats["hits"] += 1
            return hit
        _stats["misses"] += 1
        result = compute()
        store(key, result)
    return result


# ----------------------------------------------------------------------------------------------------
# the results shipped with the package

#: Where the package carries its checked derivations (committed; in a wheel, as the build hook hatch_build.py ships
#: it).
SHIPPED_NAME = "_derivations.pkl"
_SHIPPED_MAGIC = b"certunlearn-shipped-derivations\n"
_shipped: dict[str, DerivationResult] | None = None
#: The shipped table's record of the source tree it was written from: (tree digest, built-in claim id → shipped key),
#: or None (a table written without it).
_shipped_tree: tuple[str, dict[str, str]] | None = None
#: The reserved entry of a table file holding that record (:func:`write_shipped`'s ``tree``).
TREE_ENTRY = "tree"


#: A shipped table elsewhere than in the package (benchmarks measure a first run with it from a checkout).
ENV_SHIPPED = "CERTUNLEARN_SHIPPED_DERIVATIONS"


def shipped_path() -> Path:
    """``$CERTUNLEARN_SHIPPED_DERIVATIONS`` if set (a path that does not exist: no table, every derivation cold),
    else ``certunlearn/_derivations.pkl`` beside the package."""
    explicit = os.environ.get(ENV_SHIPPED)
    if explicit:
        return Path(explicit).expanduser()
    return Path(__file__).resolve().parent.parent / SHIPPED_NAME


def shipped() -> dict[str, DerivationResult]:
    """The results shipped with the package, by :func:`shipped_key` (empty when there is no table or it is
    unreadable)."""
    global _shipped, _shipped_tree
    if _shipped is None:
        _shipped, _shipped_tree = _read_table(shipped_path())
    return _shipped


def read_shipped(path: Path) -> dict[str, DerivationResult]:
    """The table of a shipped-derivations file (empty when it is absent; empty, and counted as an error, when it is
    damaged)."""
    return _read_table(path)[0]


def _read_table(path: Path) -> tuple[dict[str, DerivationResult], tuple[str, dict[str, str]] | None]:
    """(shipped key → result, the record of the tree it was written from or None) of a shipped-derivations file."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}, None
    try:
        if not data.startswith(_SHIPPED_MAGIC):
            raise ValueError("not a shipped-derivations file")
        table = _Unpickler(io.BytesIO(gzip.decompress(data[len(_SHIPPED_MAGIC):]))).load()
        if not isinstance(table, dict):
            raise ValueError("not a table")
        tree = table.get(TREE_ENTRY)
        ok = (isinstance(tree, tuple) and len(tree) == 2 and isinstance(tree[0], str) and isinstance(tree[1], dict)
              and all(isinstance(k, str) and isinstance(v, str) for k, v in tree[1].items()))
        return ({k: v for k, v in table.items() if isinstance(k, str) and isinstance(v, DerivationResult)},
                (tree[0], dict(tree[1])) if ok else None)
    except Exception:  # a damaged file: nothing shipped, the engine runs
        _stats["errors"] += 1
        return {}, None


def write_shipped(table: Mapping[str, DerivationResult], path: Path,
                  tree: tuple[str, Mapping[str, str]] | None = None) -> None:
    """Write ``table`` (shipped key → result) as a shipped-derivations file: the magic line, then the pickled table
    gzip-compressed (entries in key order, no timestamp, so the same table gives the same bytes). ``tree``: (the
    :func:`tree_digest` of the sources the keys were formed from, built-in claim id → its shipped key), what
    :func:`shipped_for` reads."""
    entries: dict[str, Any] = dict(sorted(table.items()))
    if tree is not None:
        entries[TREE_ENTRY] = (tree[0], dict(sorted(tree[1].items())))
    body = pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL)
    with open(path, "wb") as f:
        f.write(_SHIPPED_MAGIC)
        f.write(gzip.compress(body, mtime=0))



# ----------------------------------------------------------------------------------------------------
# a table written from this very source tree: its entries without forming their keys

_tree_digest: str | None = None


def _tree_files() -> list[tuple[str, Path]]:
    """(relative name, path) of every Python source a shipped key can depend on: the package's (its ``_proofs`` aside)
    and the proofs modules' (:func:`.loader.proofs_dir`: ``proofs/`` in a checkout, ``certunlearn/_proofs`` in a
    wheel — the same files), in name order."""
    from .loader import proofs_dir

    package = Path(__file__).resolve().parent.parent
    files = [(f"certunlearn/{p.relative_to(package).as_posix()}", p) for p in package.rglob("*.py")
             if p.relative_to(package).parts[0] != "_proofs"]
    proofs = proofs_dir()
    if proofs is not None:
        files += [(f"proofs/{p.relative_to(proofs).as_posix()}", p) for p in proofs.rglob("*.py")]
    return sorted(files)


def tree_digest() -> str:
    """The digest of every source file of :func:`_tree_files` (by relative name and content) and of the library
    versions (:func:`versions`), once per process. Every shipped key is a function of these — the derivations, the
    claims' targets and quantities, the symbolic starts' runs, the engine — so equal tree digests form equal keys."""
    global _tree_digest
    if _tree_digest is None:
        h = hashlib.sha256()
        for name, path in _tree_files():
            h.update(f"{name}\0{_file_digest(path)}\0".encode())
        h.update(repr(versions()).encode())
        _tree_digest = h.hexdigest()
    return _tree_digest


def shipped_for(claim: Any, derivation: Any = None) -> DerivationResult | None:
    """The shipped result of a built-in claim's own derivation, read without forming its key, when the table was
    written from this very source tree with these library versions (its :func:`tree_digest`): the key would then be
    the one it was written under. None otherwise — another tree or versions, a table without the record, a user's or
    plug-in's claim, a derivation other than the registered one, the cache off — and the caller forms the key.
    ``derivation``: the one the caller would check (refused unless it is the registered one); None: the claim's
    registered derivation, which is then not even loaded.

    Forming a key prints every expression of the derivation and runs its symbolic starts (a few CPU-seconds over
    ``check --all``); a wheel's table is written by its build hook from the wheel's own sources, so an install reads
    it directly."""
    if not enabled():
        return None
    shipped()
    if _shipped_tree is None or _shipped is None:
        return None
    digest, index = _shipped_tree
    key = index.get(getattr(claim, "id", None))
    if key is None or digest != tree_digest():
        return None
    from ..claims.registry import is_builtin, origin
    from .loader import load_derivation

    if origin(claim.id) is not None or claim.derivation is None or not is_builtin(claim):
        return None
    if derivation is not None and load_derivation(claim.derivation) is not derivation:
        return None
    hit = _shipped.get(key)
    if hit is not None:
        _stats["shipped"] += 1
    return hit

__all__ = ["ENV_DIR", "ENV_OFF", "disable", "enable", "enabled", "cache_dir", "derivations_dir", "stats", "clear",
           "versions", "engine_digest", "engine_sources", "derivation_fingerprint", "derivation_source",
           "result_key", "shipped_key", "load", "store", "computing", "cached", "SHIPPED_NAME", "ENV_SHIPPED", "shipped_path", "shipped",
           "read_shipped", "write_shipped", "TREE_ENTRY", "tree_digest", "shipped_for"]
