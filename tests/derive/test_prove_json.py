"""`certunlearn prove --json` (DESIGN.md, CLI and JSON: prove) and the derivations a wheel ships."""
import json
import pickle

import pytest
import sympy

from certunlearn.cli import main
from certunlearn.derive import STATUSES, Derivation, cache, check_derivation, step
from certunlearn.derive import engine


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_prove_json_follows_the_contract(capsys):
    code, out, _ = run(capsys, "prove", "gaussian.zcdp", "--json")
    assert code == 0
    doc = json.loads(out)
    assert set(doc) == {"derivations", "summary", "conditions"}
    (d,) = doc["derivations"]
    assert set(d) == {"claim", "proof", "start", "start_detail", "hypotheses", "premises", "assumed", "steps"}
    assert d["claim"] == "gaussian.zcdp" and all(isinstance(h, str) and h for h in d["hypotheses"])
    assert all(set(p) == {"statement", "citation", "relation"} and p["statement"] and p["citation"] for p in d["premises"])
    assert d["proof"] in ("complete", "partial", "broken") and d["start"] in ("checked", "stated", "mismatch")
    assert d["start_detail"].strip()  # a stated start says why (issue 25): never an empty reason
    assert d["steps"] and all(set(s) == {"status", "relation", "method", "box", "conditions"} for s in d["steps"])
    assert all(s["status"] in STATUSES and s["method"] for s in d["steps"])
    counts = {}
    for s in d["steps"]:
        counts[s["status"]] = counts.get(s["status"], 0) + 1
    assert doc["summary"] == counts


def test_prove_json_and_latex_together_is_a_usage_error(capsys):
    code, out, err = run(capsys, "prove", "gaussian.zcdp", "--json", "--latex")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


y = sympy.Symbol("y", positive=True)


def _derivation(title: str) -> Derivation:
    return Derivation("gaussian.shipped", "bound", title, steps=(step(y**2, "<=", y**2 + 1, "plus one"),))


@pytest.fixture
def shipped_file(tmp_path, monkeypatch):
    """A shipped table in a temporary file, an empty user cache, and the in-process caches cleared."""
    path = tmp_path / cache.SHIPPED_NAME
    monkeypatch.setattr(cache, "shipped_path", lambda: path)
    monkeypatch.setattr(cache, "_shipped", None)
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path / "user-cache"))
    engine._check_cached.cache_clear()
    yield path
    engine._check_cached.cache_clear()


def test_a_shipped_result_is_used_only_when_its_key_matches(shipped_file):
    d = _derivation("shipped")
    target = d.steps[-1].rhs
    key = cache.shipped_key(d, *engine.check_inputs(d, target))
    real = engine._compute(d, *engine.check_inputs(d, target))
    marked = type(real)(**{**real.__dict__, "note": "read from the wheel"})
    cache.write_shipped({key: marked}, shipped_file)
    before = cache.stats()["shipped"]
    assert check_derivation(d, target).note == "read from the wheel"
    assert cache.stats()["shipped"] == before + 1
    # another derivation (its key differs): the engine runs
    other = _derivation("shipped, retitled")
    assert check_derivation(other, target).note == ""


def test_a_shipped_result_keeps_its_steps_conditions(shipped_file):
    """The shipped table's reader admits the record of a step's conditions (a class it did not know would make the
    whole table unreadable: every result recomputed on a user's first run)."""
    d = Derivation("gaussian.shipped", "bound", "with a condition",
                   steps=(step(y, "<=", y + 1, "plus one", conditions=(sympy.Le(y, 1),)),))
    target = d.steps[-1].rhs
    key = cache.shipped_key(d, *engine.check_inputs(d, target))
    cache.write_shipped({key: engine._compute(d, *engine.check_inputs(d, target))}, shipped_file)
    before = cache.stats()["shipped"]
    (st,) = check_derivation(d, target).steps
    assert cache.stats()["shipped"] == before + 1
    assert [(c.text, c.origin) for c in st.conditions] == [("y <= 1", "assumed")]


def test_a_damaged_shipped_file_is_ignored(shipped_file):
    shipped_file.write_bytes(b"certunlearn-shipped-derivations\n" + pickle.dumps(["not", "a", "table"]))
    d = _derivation("damaged")
    assert check_derivation(d, d.steps[-1].rhs).steps[0].status == "proved"
    assert cache.shipped() == {}
