"""Issue 27, "A user's claim file": the README's own-claim example, run with each mistake a new user made — every one
is one line naming the claim, the field or the file and what is expected (exit 2), found at load before any work."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import certunlearn.check as check_pkg
from certunlearn.claims import registry
from certunlearn.claims.validation import MESSAGES, messages_table
from certunlearn.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
EXAMPLE = re.search(r"```python\n(# my_claims\.py\n.*?)```", README, re.S).group(1)


@pytest.fixture(autouse=True)
def fresh_registry(monkeypatch):
    """Each test loads its files into an empty user registry (the README's ids would clash across tests)."""
    for name in ("_LOADED", "_SOURCES", "_ORIGIN", "_MODULE", "_FILE"):
        monkeypatch.setattr(registry, name, {})
    monkeypatch.setattr(sys, "path", list(sys.path))


@pytest.fixture
def no_check(monkeypatch):
    """check_claims replaced by a recorder: a load error must come before any work."""
    calls = []
    monkeypatch.setattr(check_pkg, "check_claims", lambda ids, *a, **k: calls.append(ids) or [])
    return calls


def variant(tmp_path: Path, old: str, new: str, name: str = "my_claims.py") -> Path:
    assert old in EXAMPLE, old
    path = tmp_path / name
    path.write_text(EXAMPLE.replace(old, new, 1))
    return path


def one_line_error(capsys, argv, *needles):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2, (code, err)
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("certunlearn: error: "), err
    for needle in needles:
        assert needle in err, (needle, err)
    return err


BOUND = "bound=2 * L / (n * lam)"
GENERATE = "def extremal(rng, size):"
RETURN = '    return [{"n": k'
KIND = "kind=Kind.SENSITIVITY"

MISTAKES = {
    "bound as a string": (BOUND, 'bound="2*L/(n*lambda)"', ("mypaper.sensitivity", "bound must be a sympy expression",
                                                           "the str")),
    "bound as a float": (BOUND, "bound=0.5", ("mypaper.sensitivity", "bound is a float", "must be exact")),
    "bound as a lambda": (BOUND, "bound=lambda v: 2", ("mypaper.sensitivity", "bound must be", "a function")),
    "kind as a string": (KIND, 'kind="sensitivity"', ("mypaper.sensitivity", "kind must be a Kind member",
                                                      "'sensitivity'")),
    "generate with the wrong signature": (GENERATE, "def extremal(rng):", ("adversary", "must accept (rng, size)",
                                                                           "extremal(rng)")),
    "generate raising": (RETURN, '    raise ValueError("no data")\n' + RETURN, ("generate(rng, size) raised ValueError",
                                                                              "no data", "mypaper.sensitivity")),
    "generate returning 5": (RETURN, "    return 5\n" + RETURN, ("returned the int 5", "list of instances")),
    "generate returning a dict": (RETURN, '    return {"n": 1}\n' + RETURN, ("returned the dict",)),
    "an empty family": (RETURN, "    return []\n" + RETURN, ("returned no instance", "x₁ = L replaced by −L")),
    "a NaN field": ('"x1": L_}', '"x1": float("nan")}', ("instance field 'x1'", "NaN")),
    "CLAIMS = []": ("CLAIMS = [", "CLAIMS = []\nUNUSED = [", ("CLAIMS is empty",)),
    "CLAIMS a generator that raises": (
        "CLAIMS = [", "def _claims():\n    yield from OWN\n    raise RuntimeError('lost')\n\nCLAIMS = _claims()\nOWN = [",
        ("reading CLAIMS raised RuntimeError: lost",)),
    "a relation that does not exist": ('"n ≥ 1", ">="', '"n ≥ 1", "=<"', ("unknown relation '=<'", "<=")),
    "a predicate returning a bool": (
        'H("λ > 0", ">", lam, 0)', 'H("λ > 0", ">", lam, 0), __import__("certunlearn.api").api.P("n ok", lambda v: True)',
        ("hypothesis 'n ok'", "not a Decision", "P_exact")),
    "a misspelled derivation id": (KIND, KIND + ', derivation="mypaper.sensitivty"',
                                   ("derivation='mypaper.sensitivty' names no derivation",)),
    "a step option that does not exist": (
        "CLAIMS = [", "def derivations():\n    from certunlearn.api import Derivation, step\n"
        "    return [Derivation('mypaper.sensitivity', 'bound', 't', steps=(step(L, '<=', L, 'trivial', hint=1),))]\n"
        "\nCLAIMS = [", ("unexpected keyword argument 'hint'", "step() and then() take box=, cited=, monotone=")),
    "a multi-line exception at import": ("CLAIMS = [", 'raise ValueError("a\\nb\\nc")\nCLAIMS = [', ("a ⏎ b ⏎ c",)),
    "sys.exit at import": ("CLAIMS = [", "import sys; sys.exit(7)\nCLAIMS = [", ("called sys.exit(7)",)),
    "a family calling sys.exit": (RETURN, "    raise SystemExit(3)\n" + RETURN, ("called sys.exit(3)", "generate")),
}


@pytest.mark.parametrize("mistake", MISTAKES)
def test_each_user_mistake_is_one_line_before_any_work(capsys, tmp_path, no_check, mistake):
    old, new, needles = MISTAKES[mistake]
    path = variant(tmp_path, old, new)
    one_line_error(capsys, ["check", "--claims", path], str(path), *needles)
    assert no_check == []


def test_os_exit_in_a_claims_file_is_one_line(tmp_path):
    path = variant(tmp_path, "CLAIMS = [", "import os; os._exit(9)\nCLAIMS = [")
    done = subprocess.run([sys.executable, "-m", "certunlearn.cli", "list", "--claims", str(path)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [f"certunlearn: error: {path}: your code called os._exit(9) while running "
                                        "the file"]


def test_the_unchanged_example_loads_and_its_paper_key_selects_it(capsys, tmp_path, no_check):
    path = variant(tmp_path, "", "")
    assert main(["list", "--claims", str(path), "--paper", "mypaper", "--json"]) == 0
    assert '"id": "mypaper.sensitivity"' in capsys.readouterr().out
    main(["check", "--claims", str(path), "--paper", "mypaper"])
    assert no_check == [["mypaper.sensitivity"]]
    one_line_error(capsys, ["list", "--paper", "sekhari"], "--paper: unknown paper key 'sekhari'", "--claims")


def test_a_claims_file_imports_the_module_beside_it(capsys, tmp_path, no_check, monkeypatch):
    (tmp_path / "sekhari_helpers.py").write_text("SCALE = 2\n")
    path = variant(tmp_path, "import sympy\n", "import sympy\nfrom sekhari_helpers import SCALE\n")
    monkeypatch.chdir(ROOT)  # not the file's directory
    assert main(["check", "--claims", str(path)]) == 0
    assert sys.path[0] == str(tmp_path)  # first, so a worker or a replay finds it too


def test_the_same_file_loaded_twice_is_no_clash(capsys, tmp_path, no_check, monkeypatch):
    path = variant(tmp_path, "", "")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--claims", str(path), "--claims", "./my_claims.py", "--claims", "my_claims"]) == 0
    assert no_check == [["mypaper.sensitivity"]]
    other = tmp_path / "copy"
    other.mkdir()
    copy = variant(other, "", "")
    one_line_error(capsys, ["check", "--claims", str(path), "--claims", copy], "already registered")


def test_a_broken_plugin_is_one_warning_and_blocks_only_what_needs_it(tmp_path):
    (tmp_path / "broken_plugin_mod.py").write_text("raise ImportError('half installed')\n")
    dist = tmp_path / "broken_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[certunlearn.claims]\nbroken = broken_plugin_mod\n")
    env = {"PYTHONPATH": f"{tmp_path}:{ROOT}", "CERTUNLEARN_CACHE_DIR": str(tmp_path / "cache"),
           "PATH": "/usr/bin:/bin"}
    cli = [sys.executable, "-m", "certunlearn.cli"]
    listed = subprocess.run([*cli, "list", "--paper", "gaussian", "--json"], capture_output=True, text=True, env=env,
                            timeout=300)
    assert listed.returncode == 0 and '"gaussian.exact"' in listed.stdout
    assert listed.stderr.splitlines() == ["certunlearn: warning: plug-in not loaded: entry point broken = "
                                          "broken_plugin_mod: ImportError while running the file: half installed"]
    needing = subprocess.run([*cli, "audit", "--claim", "broken.thm1", "--describe"], capture_output=True, text=True,
                             env=env, timeout=300)
    assert needing.returncode == 2 and "unknown claim id: 'broken.thm1'" in needing.stderr
    assert "half installed" in needing.stderr.splitlines()[-1]


def test_the_error_table_of_docs_claims_md_is_the_codes(tmp_path):
    text = (ROOT / "docs" / "claims.md").read_text()
    assert messages_table() in text
    assert len(MESSAGES) == messages_table().count("\n| `")
    assert "docs/claims.md" in README


def test_a_claims_file_beside_its_helper_checks_in_workers_and_replays_from_elsewhere(tmp_path):
    """No PYTHONPATH=.: the helper module beside the claims file is found by the worker processes and by replay,
    each run from another directory."""
    work, elsewhere = tmp_path / "mine", tmp_path / "elsewhere"
    work.mkdir(), elsewhere.mkdir()
    (work / "sekhari_helpers.py").write_text("FACTOR = 3\n")
    misprint = EXAMPLE.replace("import sympy\n", "import sympy\nfrom sekhari_helpers import FACTOR\n").replace(
        "return 2 * abs(", "return FACTOR * abs(")
    (work / "sekhari_claims.py").write_text(misprint)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CERTUNLEARN_CACHE_DIR": str(tmp_path / "cache")}
    cli = [sys.executable, "-m", "certunlearn.cli"]
    checked = subprocess.run([*cli, "check", "--claims", str(work / "sekhari_claims.py"), "--json"], cwd=elsewhere,
                             capture_output=True, text=True, env=env, timeout=600)
    assert checked.returncode == 0, checked.stderr
    (result,) = json.loads(checked.stdout)["results"]
    assert result["verdict"] == "violated"
    (saved,) = (elsewhere / "counterexamples").glob("mypaper.sensitivity_*.json")
    replayed = subprocess.run([*cli, "replay", str(saved)], cwd=tmp_path, capture_output=True, text=True, env=env,
                              timeout=600)
    assert replayed.returncode == 0 and "reproduced: violated" in replayed.stdout, replayed.stderr


def test_a_plugin_module_given_again_with_claims_is_no_clash(tmp_path, monkeypatch):
    (tmp_path / "twice_plugin_mod.py").write_text(EXAMPLE)
    dist = tmp_path / "twice_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: twice-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[certunlearn.claims]\ntwice = twice_plugin_mod\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry._entry_points.cache_clear()
    try:
        assert registry.get_claim("mypaper.sensitivity").paper == "mypaper"  # registered by the plug-in
        assert registry.load_claims("twice_plugin_mod") == ("mypaper.sensitivity",)
        assert registry.load_claims(str(tmp_path / "twice_plugin_mod.py")) == ("mypaper.sensitivity",)
    finally:
        monkeypatch.undo()
        registry._entry_points.cache_clear()


def test_a_search_family_whose_build_raises_is_one_line(capsys, tmp_path, no_check):
    path = variant(tmp_path, 'adversaries=(Adversary("x₁ = L replaced by −L", generate=extremal),)',
                   'adversaries=(__import__("certunlearn.api").api.Adversary("box", space=__import__("certunlearn.api")'
                   '.api.Space({"n": (1, 5)}, build=lambda p: 1 / 0)),)')
    one_line_error(capsys, ["check", "--claims", path], "adversary 'box'", "ZeroDivisionError", "build")
