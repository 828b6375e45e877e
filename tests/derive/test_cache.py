"""The persistent derivation cache: hits skip the engine, every dependency is in the key, damage is survived."""
import dataclasses
import os
import pickle
import sys
import types

import pytest
import sympy

from certunlearn.derive import Derivation, cache, check_derivation, engine, step, then

y = sympy.Symbol("y", positive=True)
z = sympy.Symbol("z", positive=True)


def _derivation(rhs=y + 1, justification="y ≤ y + 1", claim_id="gaussian.cachetest") -> Derivation:
    return Derivation(claim_id, "bound", "cache test", steps=(step(y, "<=", rhs, justification),
                                                               then("<=", rhs + z, "z > 0")))


@pytest.fixture
def counted(tmp_path, monkeypatch):
    """A private cache directory, the cache enabled, and a counter of real engine runs."""
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.ENV_OFF, raising=False)
    monkeypatch.setattr(cache, "_disabled", False)
    calls = []
    real = engine._compute

    def spy(*args, **kw):
        calls.append(args[0].claim_id)
        return real(*args, **kw)

    monkeypatch.setattr(engine, "_compute", spy)
    engine._check_cached.cache_clear()  # the in-process cache must not hide what the disk cache does

    def run(d, target):
        engine._check_cached.cache_clear()
        return check_derivation(d, target)

    yield run, calls
    engine._check_cached.cache_clear()


def _timeless(r):
    """The result without its timings (a recomputed result differs from the cached one only in those)."""
    return dataclasses.replace(r, seconds=0.0, steps=tuple(dataclasses.replace(s, seconds=0.0) for s in r.steps))


def _entries(tmp_path):
    return sorted((tmp_path / "cache" / "derivations").glob("*/*.pkl"))


def test_hit_returns_the_same_result_without_the_engine(counted, tmp_path, monkeypatch):
    run, calls = counted
    d = _derivation()
    first = run(d, y + 1 + z)
    assert calls == ["gaussian.cachetest"] and len(_entries(tmp_path)) == 1

    def boom(*a, **k):
        raise AssertionError("the engine ran on a cache hit")

    monkeypatch.setattr(engine, "_compute", boom)
    second = run(d, y + 1 + z)
    assert second == first
    assert [s.status for s in second.steps] == [s.status for s in first.steps]


def test_a_changed_derivation_misses(counted):
    run, calls = counted
    run(_derivation(), y + 1 + z)
    run(_derivation(justification="another justification"), y + 1 + z)
    run(_derivation(rhs=y + 2), y + 2 + z)
    assert len(calls) == 3


def test_symbol_assumptions_are_part_of_the_key(counted):
    # y ≤ 2y prints the same for a positive and a real y, but holds only for the positive one
    run, calls = counted
    yr = sympy.Symbol("y", real=True)
    a = run(Derivation("gaussian.cachetest", "bound", "t", steps=(step(y, "<=", 2 * y, "y > 0"),)), 2 * y)
    b = run(Derivation("gaussian.cachetest", "bound", "t", steps=(step(yr, "<=", 2 * yr, "y > 0"),)), 2 * yr)
    assert len(calls) == 2 and a.steps[0].status == "proved" and b.steps[0].status == "refuted"


def test_a_changed_proofs_module_file_misses(counted, tmp_path, monkeypatch):
    run, calls = counted
    src = tmp_path / "gaussian.py"
    src.write_text("# version 1\n")
    fake = types.ModuleType("certunlearn._proofs.gaussian")
    fake.__file__ = str(src)
    monkeypatch.setitem(sys.modules, "certunlearn._proofs.gaussian", fake)
    d = _derivation()
    run(d, y + 1 + z)
    run(d, y + 1 + z)
    assert len(calls) == 1
    src.write_text("# version 2: another derivation in the same file changed\n")
    run(d, y + 1 + z)
    assert len(calls) == 2


def test_a_changed_bound_misses(counted):
    run, calls = counted
    d = _derivation()
    ok = run(d, y + 1 + z)
    other = run(d, y + 2 + z)
    assert len(calls) == 2
    assert ok.link == "identity" and other.link == "broken"


def test_claim_fields_are_part_of_the_key(counted):
    run, calls = counted
    d = _derivation()
    base = types.SimpleNamespace(id="gaussian.cachetest", bound=y + 1 + z, prescribed={})
    run(d, base)
    run(d, types.SimpleNamespace(id="gaussian.cachetest", bound=y + 1 + z, prescribed={}, quantity_expr=y))
    run(d, types.SimpleNamespace(id="gaussian.cachetest", bound=y + 1 + z, prescribed={"sigma": z}))
    run(d, base)
    assert len(calls) == 3


def test_a_changed_sympy_version_misses(counted, monkeypatch):
    run, calls = counted
    d = _derivation()
    run(d, y + 1 + z)
    monkeypatch.setattr(sympy, "__version__", sympy.__version__ + ".test")
    run(d, y + 1 + z)
    assert len(calls) == 2


def test_a_changed_engine_source_misses(counted, monkeypatch):
    run, calls = counted
    d = _derivation()
    run(d, y + 1 + z)
    monkeypatch.setattr(cache, "engine_digest", lambda: "an edited engine")
    run(d, y + 1 + z)
    assert len(calls) == 2
    assert any(p.name == "engine.py" for p in cache.engine_sources())
    assert any(p.name == "boxes.py" and p.parent.name == "numeric" for p in cache.engine_sources())


@pytest.mark.parametrize("damage", [b"", b"garbage", "truncate", "other-key", "evil"])
def test_corrupt_entries_are_recomputed_and_rewritten(counted, tmp_path, damage):
    run, calls = counted
    d = _derivation()
    good = run(d, y + 1 + z)
    (entry,) = _entries(tmp_path)
    data = entry.read_bytes()
    if damage == "truncate":
        bad = data[: len(data) // 2]
    elif damage == "other-key":
        bad = data[: len(cache._MAGIC)] + pickle.dumps(("0" * 64, good))
    elif damage == "evil":  # an entry that would run code when unpickled is refused
        bad = cache._MAGIC + pickle.dumps((entry.stem, types.SimpleNamespace(x=os.getpid())))
    else:
        bad = damage
    entry.write_bytes(bad)
    again = run(d, y + 1 + z)
    assert _timeless(again) == _timeless(good) and len(calls) == 2
    assert cache.load(entry.stem) == again  # rewritten
    run(d, y + 1 + z)
    assert len(calls) == 2


def test_disable_and_the_environment_switch_bypass(counted, tmp_path, monkeypatch):
    run, calls = counted
    d = _derivation()
    run(d, y + 1 + z)
    cache.disable()
    try:
        assert os.environ[cache.ENV_OFF] == "1" and not cache.enabled()
        run(d, y + 1 + z)
        assert len(calls) == 2
    finally:
        cache.enable()
    run(d, y + 1 + z)
    assert len(calls) == 2
    monkeypatch.setenv(cache.ENV_OFF, "1")
    run(d, y + 1 + z)
    assert len(calls) == 3
    assert len(_entries(tmp_path)) == 1


def test_an_unwritable_cache_directory_means_no_cache(counted, tmp_path, monkeypatch):
    run, calls = counted
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv(cache.ENV_DIR, str(blocker / "cache"))
    d = _derivation()
    first = run(d, y + 1 + z)
    second = run(d, y + 1 + z)
    assert first.link == "identity" and _timeless(second) == _timeless(first) and len(calls) == 2


def test_writes_leave_no_temporary_files(counted, tmp_path):
    run, _ = counted
    run(_derivation(), y + 1 + z)
    files = list((tmp_path / "cache").rglob("*"))
    assert not [f for f in files if f.name.startswith(".tmp-")]
    assert len([f for f in files if f.is_file()]) == 1


def test_cache_location(monkeypatch, tmp_path):
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path / "explicit"))
    assert cache.cache_dir() == tmp_path / "explicit"
    monkeypatch.delenv(cache.ENV_DIR)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "certunlearn"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "certunlearn"
