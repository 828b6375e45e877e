"""Derivations shipped with the wheel: on by default, a failed build step still yields a wheel (with a warning), and
an installed package uses a shipped result only under its exact key."""
import dataclasses
import importlib.util
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest
import sympy

from certunlearn.derive import Derivation, cache, check_derivation, engine, step

ROOT = Path(__file__).resolve().parents[2]
y = sympy.Symbol("y", positive=True)


@pytest.fixture
def hook(monkeypatch):
    """hatch_build.py loaded with a stand-in for hatchling's hook interface (hatchling is only in build envs)."""
    interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")
    interface.BuildHookInterface = object
    for name in ("hatchling", "hatchling.builders", "hatchling.builders.hooks", "hatchling.builders.hooks.plugin"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, interface.__name__, interface)
    spec = importlib.util.spec_from_file_location("hatch_build_under_test", ROOT / "hatch_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _App:
    def __init__(self):
        self.warnings, self.infos = [], []

    def display_warning(self, text):
        self.warnings.append(text)

    def display_info(self, text):
        self.infos.append(text)


def _instance(module):
    h = module.CustomBuildHook()
    h.root, h.app = str(ROOT), _App()
    return h


@pytest.mark.parametrize("value, ships", [(None, True), ("", True), ("1", True), ("0", False), ("no", False),
                                          ("OFF", False), ("false", False)])
def test_shipping_is_the_default_and_can_be_turned_off(hook, value, ships):
    env = {} if value is None else {"CERTUNLEARN_SHIP_DERIVATIONS": value}
    assert hook.ship_requested(env) is ships


@pytest.mark.parametrize("value, seconds", [(None, 1800), ("7200", 7200), ("0", 1800), ("soon", 1800)])
def test_the_time_limit_of_the_derivation_step(hook, value, seconds):
    assert hook.ship_timeout({} if value is None else {"CERTUNLEARN_SHIP_TIMEOUT": value}) == seconds


@pytest.mark.parametrize("outcome", ["fails", "times out"])
def test_a_failed_derivation_step_still_builds_the_wheel_with_a_warning(hook, monkeypatch, outcome):
    def run(cmd, timeout, **kw):
        if outcome == "times out":
            raise subprocess.TimeoutExpired(cmd, timeout)
        return subprocess.CompletedProcess(cmd, 1, "", "ModuleNotFoundError: No module named 'sympy'\n")

    monkeypatch.setattr(hook, "run_in_own_group", run)
    h, build_data = _instance(hook), {"force_include": {}}
    h._ship_derivations(build_data)
    assert build_data["force_include"] == {}
    assert len(h.app.warnings) == 1 and "without shipped derivations" in h.app.warnings[0]
    assert ("sympy" in h.app.warnings[0]) is (outcome == "fails")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_timed_out_step_leaves_no_worker_behind(hook, tmp_path):
    """The derivation step's pool workers die with it (a timed-out build once left two running for minutes)."""
    pidfile = tmp_path / "worker.pid"
    code = ("import subprocess, sys, time; w = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)']);"
            f" open({str(pidfile)!r}, 'w').write(str(w.pid)); time.sleep(300)")
    start = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        hook.run_in_own_group([sys.executable, "-c", code], timeout=10)
    assert time.monotonic() - start < 120  # a surviving worker holds the pipes open: the build would wait for it
    worker = int(pidfile.read_text())
    for _ in range(50):
        if not _alive(worker):
            break
        time.sleep(0.1)
    assert not _alive(worker)


def test_a_successful_step_puts_the_table_in_the_wheel(hook, monkeypatch):
    def run(cmd, timeout, **kw):
        Path(cmd[-1]).write_bytes(b"table")
        return subprocess.CompletedProcess(cmd, 0, "", "3 derivations checked for the wheel\n")

    monkeypatch.setattr(hook, "run_in_own_group", run)
    h, build_data = _instance(hook), {"force_include": {}}
    h._ship_derivations(build_data)
    assert list(build_data["force_include"].values()) == ["certunlearn/_derivations.pkl"]
    assert h.app.warnings == [] and h.app.infos == ["3 derivations checked for the wheel"]


def test_a_shipped_result_is_used_only_under_its_exact_key(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.ENV_OFF, raising=False)
    monkeypatch.setattr(cache, "_disabled", False)
    d = Derivation("gaussian.shiptest", "bound", "ship test", steps=(step(y, "<=", y + 1, "y ≤ y + 1"),))
    engine._check_cached.cache_clear()
    cache.disable()
    real = check_derivation(d, y + 1)
    cache.enable()
    key = cache.shipped_key(d, *engine.check_inputs(d, y + 1))
    marked = dataclasses.replace(real, claim_id="gaussian.shiptest-from-the-wheel")
    table = tmp_path / "table.pkl"
    cache.write_shipped({key: marked}, table)
    monkeypatch.setenv(cache.ENV_SHIPPED, str(table))
    monkeypatch.setattr(cache, "_shipped", None)
    engine._check_cached.cache_clear()
    assert check_derivation(d, y + 1).claim_id == "gaussian.shiptest-from-the-wheel"
    other = Derivation("gaussian.shiptest", "bound", "ship test", steps=(step(y, "<=", y + 2, "y ≤ y + 2"),))
    engine._check_cached.cache_clear()
    assert check_derivation(other, y + 2).claim_id == "gaussian.shiptest"  # another key: the engine ran
    engine._check_cached.cache_clear()
    monkeypatch.setattr(cache, "_shipped", None)


# ----------------------------------------------------------------------------------------------------
# the table committed beside the sources

def _timeless(result):
    """A result with its seconds (and its steps') zeroed: what a re-derivation must reproduce exactly."""
    return dataclasses.replace(result, seconds=0.0,
                               steps=tuple(dataclasses.replace(s, seconds=0.0) for s in result.steps))


def test_the_committed_table_holds_exactly_the_current_keys():
    """Every derivation of the package's claims has its current key in the committed table, and nothing else is: a
    change to the engine, a proofs module or a claim's target leaves it stale until ``python -m certunlearn.derive.ship
    --update``. Users' claims loaded by other tests in the same process are not the package's (the table never
    holds them)."""
    from certunlearn.claims import get_claim
    from certunlearn.claims.registry import builtin_claims
    from certunlearn.derive import ship
    from certunlearn.derive.loader import load_derivation

    table = cache.read_shipped(ship.COMMITTED)
    current = {ship.current_key(c.id): c.id for c in builtin_claims() if c.derivation is not None}
    missing = sorted(cid for key, cid in current.items() if key not in table)
    assert not missing, (f"{len(missing)} derivations miss from {ship.COMMITTED.name} (e.g. {missing[:3]}): run "
                         "python -m certunlearn.derive.ship --update")
    stale = set(table) - set(current)
    assert not stale, f"{len(stale)} entries of {ship.COMMITTED.name} under no current key: run --update"
    for key, cid in current.items():  # each entry is the result of that claim's derivation
        assert table[key].claim_id == load_derivation(get_claim(cid).derivation).claim_id


#: Registered derivations re-derived from scratch against the committed table (cheap ones, from every paper, with
#: proved, proved-on-box, refuted and cited steps and checked starts between them).
REDERIVED = ("gaussian.renyi", "d2d.lemA.3", "olu.thm3", "r2d.thm3.1:utility", "retain.lem3.1", "pomer.lem2.3")


@pytest.mark.parametrize("claim_id", REDERIVED)
def test_a_committed_entry_is_what_the_engine_derives_now(claim_id, monkeypatch):
    from certunlearn.claims import get_claim
    from certunlearn.derive import ship
    from certunlearn.derive.loader import load_derivation

    claim = get_claim(claim_id)
    committed = cache.read_shipped(ship.COMMITTED)[ship.current_key(claim_id)]
    monkeypatch.setattr(cache, "_disabled", False)
    engine._check_cached.cache_clear()
    cache.disable()
    try:
        fresh = check_derivation(load_derivation(claim.derivation), claim)
    finally:
        cache.enable()
        engine._check_cached.cache_clear()
    assert _timeless(fresh) == _timeless(committed)


def test_ship_reuses_an_entry_under_a_current_key_and_derives_the_rest(monkeypatch):
    from certunlearn.derive import ship

    key = ship.current_key("gaussian.renyi")
    real = cache.read_shipped(ship.COMMITTED)[key]
    marked = dataclasses.replace(real, title="reused, not derived")
    monkeypatch.setattr(cache, "_disabled", False)
    try:
        assert ship._one("gaussian.renyi", {key: marked})[2].title == "reused, not derived"
        engine._check_cached.cache_clear()
        assert ship._one("gaussian.renyi", {"another key": marked})[2].title == real.title
    finally:
        cache.enable()
        engine._check_cached.cache_clear()


def test_a_table_round_trips_compressed_and_byte_identical(tmp_path):
    d = Derivation("gaussian.shiptest", "bound", "ship test", steps=(step(y, "<=", y + 1, "y ≤ y + 1"),))
    engine._check_cached.cache_clear()
    result = check_derivation(d, y + 1)
    table = {"b-key": result, "a-key": dataclasses.replace(result, title="other")}
    first, second = tmp_path / "one.pkl", tmp_path / "two.pkl"
    cache.write_shipped(table, first)
    cache.write_shipped(dict(reversed(table.items())), second)
    assert first.read_bytes() == second.read_bytes()
    assert cache.read_shipped(first) == table
    damaged = tmp_path / "damaged.pkl"
    damaged.write_bytes(first.read_bytes()[:-20])
    assert cache.read_shipped(damaged) == {}


def test_the_build_reuses_the_committed_table(hook, monkeypatch):
    """The hook asks the ship step to keep the committed table's current entries; that table is the one a checkout
    (and so the build's source tree) reads."""
    from certunlearn.derive import ship

    commands = []

    def run(cmd, timeout, **kw):
        commands.append(cmd)
        Path(cmd[-1]).write_bytes(b"table")
        return subprocess.CompletedProcess(cmd, 0, "", "done\n")

    monkeypatch.setattr(hook, "run_in_own_group", run)
    _instance(hook)._ship_derivations({"force_include": {}})
    assert commands[0][1:4] == ["-m", "certunlearn.derive.ship", "--reuse-committed"]
    monkeypatch.delenv(cache.ENV_SHIPPED, raising=False)
    assert ship.COMMITTED == cache.shipped_path() == ROOT / "certunlearn" / "_derivations.pkl"


# ----------------------------------------------------------------------------------------------------
# a table written from this very source tree: read without forming keys

def _tree_table(tmp_path, monkeypatch, claim_id):
    """A table holding a marked copy of ``claim_id``'s committed result under its current key, with the record of this
    source tree; the process reads it as its shipped table, with a fresh cache directory."""
    from certunlearn.derive import ship

    key = ship.current_key(claim_id)
    marked = dataclasses.replace(cache.read_shipped(ship.COMMITTED)[key], claim_id="read-from-the-tree-record")
    table = tmp_path / "table.pkl"
    cache.write_shipped({key: marked}, table, (cache.tree_digest(), {claim_id: key}))
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.ENV_OFF, raising=False)
    monkeypatch.setattr(cache, "_disabled", False)
    monkeypatch.setenv(cache.ENV_SHIPPED, str(table))
    monkeypatch.setattr(cache, "_shipped", None)
    monkeypatch.setattr(cache, "_shipped_tree", None)
    engine._check_cached.cache_clear()
    return key


def test_a_table_written_from_this_tree_is_read_without_forming_a_key(tmp_path, monkeypatch):
    """Forming a key prints the derivation and runs its symbolic starts; when the table records the very tree (sources
    and library versions) its keys were formed from, the checker reads the entry by claim id instead — and only then,
    only for the registered claim and derivation, only with the cache on."""
    from certunlearn.check.runner import derivation_of
    from certunlearn.claims import get_claim
    from certunlearn.derive.loader import load_derivation

    claim = get_claim("gaussian.renyi")
    derivation = load_derivation(claim.derivation)
    _tree_table(tmp_path, monkeypatch, claim.id)

    def no_key(*args, **kwargs):
        raise AssertionError("a key was formed")

    monkeypatch.setattr(cache, "shipped_key", no_key)
    monkeypatch.setattr(cache, "result_key", no_key)
    assert cache.shipped_for(claim, derivation).claim_id == "read-from-the-tree-record"
    assert cache.shipped_for(claim).claim_id == "read-from-the-tree-record"  # the registered one, unloaded
    assert derivation_of(claim)[1].claim_id == "read-from-the-tree-record"  # the checker's path
    monkeypatch.setattr(cache, "_tree_digest", "0" * 64)  # a source or a library version changed since
    assert cache.shipped_for(claim, derivation) is None
    monkeypatch.setattr(cache, "_tree_digest", None)
    assert cache.shipped_for(claim, derivation).claim_id == "read-from-the-tree-record"
    assert cache.shipped_for(claim, dataclasses.replace(derivation)) is None  # not the registered derivation
    assert cache.shipped_for(dataclasses.replace(claim), derivation) is None  # not the registered claim
    assert cache.shipped_for(get_claim("gaussian.composition"), derivation) is None  # not in the record
    cache.disable()
    assert cache.shipped_for(claim, derivation) is None
    cache.enable()
    engine._check_cached.cache_clear()


def test_the_tree_digest_reads_every_source_and_the_versions(tmp_path, monkeypatch):
    names = [name for name, _ in cache._tree_files()]
    assert "certunlearn/numeric/fraction.py" in names and any(n.startswith("proofs/") for n in names)
    assert not any(n.startswith(("tests/", "certunlearn/_proofs/")) for n in names)
    source = tmp_path / "module.py"
    source.write_text("a = 1\n")
    monkeypatch.setattr(cache, "_tree_files", lambda: [("certunlearn/module.py", source)])
    digests = []
    for text, versions in (("a = 1\n", cache.versions()), ("a = 22\n", cache.versions()), ("a = 22\n", (("sympy", "0"),))):
        source.write_text(text)
        monkeypatch.setattr(cache, "versions", lambda v=versions: v)
        monkeypatch.setattr(cache, "_tree_digest", None)
        digests.append(cache.tree_digest())
    assert len(set(digests)) == 3
    monkeypatch.setattr(cache, "_tree_digest", None)


def test_the_tree_record_survives_the_file_and_a_table_without_it_has_none(tmp_path):
    table = tmp_path / "t.pkl"
    cache.write_shipped({}, table, ("d" * 64, {"b.x": "k2", "a.x": "k1"}))
    assert cache._read_table(table) == ({}, ("d" * 64, {"a.x": "k1", "b.x": "k2"}))
    cache.write_shipped({}, table)
    assert cache._read_table(table) == ({}, None)
