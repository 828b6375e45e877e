"""A saved counterexample (``Counterexample.save``, :mod:`certunlearn.check.result`): its file name, its place, its
JSON contents, and its round trip through ``load_counterexamples`` and ``replay`` (DESIGN.md "CLI and JSON": a
violated verdict carries a replayable counterexample)."""
import hashlib
import json
import os
import stat
import textwrap
import uuid
from pathlib import Path

import pytest
import sympy

from certunlearn.check import evaluate
from certunlearn.check.replay import load_counterexamples, replay
from certunlearn.check.result import Counterexample
from certunlearn.claims import Adversary, Claim, Kind
from certunlearn.claims.registry import get_claim, load_claims
from certunlearn.numeric.enclosure import to_arb

x = sympy.Symbol("x", positive=True)


def counterexample(claim_id="gaussian.synthetic:part+fix", x_value="3", seed=7, adversary="points", profile="quick"):
    """A decided violation (2x > x at x = 3) as the checker would save it."""
    c = Claim(id="gaussian.synthetic", source="test", kind=Kind.INEQUALITY, statement="2x ≤ x", hypotheses=(),
              bound=x, quantity=lambda v: to_arb(v["x"]) * 2,
              adversaries=(Adversary("points", generate=lambda rng, size: []),))
    ev = evaluate(c, {"x": x_value}, 128)
    assert ev.outcome == "violated"
    return Counterexample.from_evaluation(claim_id, ev, seed, adversary, profile)


def digest(doc):
    key = json.dumps({k: doc[k] for k in ("instance", "seed", "adversary", "profile")}, sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:12]


def test_the_file_is_named_after_the_claim_and_a_digest_of_what_reproduces_it(tmp_path):
    """``<claim id>_<digest>.json``: ':' and '+' become '_' (portable names), the digest is 12 hex digits of the
    SHA-256 of the instance, seed, adversary and profile."""
    ce = counterexample()
    path = ce.save(tmp_path)
    assert path.parent == tmp_path and path.name == f"gaussian.synthetic_part_fix_{digest(ce.to_json())}.json"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temporary file left behind


def test_different_counterexamples_never_overwrite_each_other_and_the_same_one_is_the_same_file(tmp_path):
    ce = counterexample()
    first = ce.save(tmp_path)
    text = first.read_text()
    assert ce.save(tmp_path) == first and first.read_text() == text
    others = {counterexample(seed=8).save(tmp_path), counterexample(adversary="grid").save(tmp_path),
              counterexample(profile="thorough").save(tmp_path), counterexample(x_value="4").save(tmp_path)}
    assert first not in others and len(others) == 4
    assert len(list(tmp_path.iterdir())) == 5
    assert counterexample(claim_id="gaussian.other").save(tmp_path).name.startswith("gaussian.other_")


def test_the_directory_is_created_with_its_parents(tmp_path):
    target = tmp_path / "a" / "b"
    path = counterexample().save(target)
    assert path.parent == target and path.is_file()


def test_the_file_holds_the_counterexample_as_strict_pretty_printed_json(tmp_path):
    """Every field (DESIGN: at least observed, bound, instance, seed), one per line, indented by 2, newline-ended,
    readable by everyone like any file the user writes (mode 0644, not the temporary file's 0600)."""
    ce = counterexample()
    path = ce.save(tmp_path)
    text = path.read_text(encoding="utf-8")
    doc = json.loads(text)
    assert doc == ce.to_json()
    assert (doc["observed"], doc["bound"], doc["instance"], doc["seed"]) == (ce.observed, ce.bound, {"x": "3"}, 7)
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert text.splitlines()[1] == f'  "claim": "{ce.claim}",'
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644


def test_a_failed_write_leaves_no_file_and_raises(tmp_path, monkeypatch):
    def refuse(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        counterexample().save(tmp_path)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(os, "unlink", lambda path: _raise(OSError("cannot unlink")))
    with pytest.raises(OSError, match="disk full"):  # a failed clean-up never hides the write's own error
        counterexample().save(tmp_path / "second")


def _raise(exc):
    raise exc


def test_the_file_is_written_under_a_hidden_temporary_name_in_the_directory_then_renamed(tmp_path, monkeypatch):
    renamed = []
    replace = os.replace

    def spy(src, dst):
        renamed.append((src, dst))
        replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    path = counterexample().save(tmp_path)
    ((src, dst),) = renamed
    src = Path(src)
    assert Path(dst) == path and src.parent == tmp_path
    assert src.name.startswith(f".{path.stem}.") and src.name.endswith(".tmp") and not src.exists()


def test_a_saved_counterexample_of_a_users_claim_loads_and_replays(tmp_path):
    """The file names the user's claims file (``claims_source``); ``replay`` loads it and reproduces the violation.
    (A fresh module and claim id each time: a second pytest session in one process, as mutmut runs, reloads.)"""
    name = f"minesaved{uuid.uuid4().hex}"
    source = tmp_path / f"{name}.py"
    source.write_text(textwrap.dedent("""
        import sympy
        from certunlearn.api import Adversary, Claim, Kind
        from certunlearn.numeric.enclosure import to_arb
        x = sympy.Symbol("x", positive=True)
        CLAIMS = [Claim(id=NAME + ".thm1", source="t", kind=Kind.INEQUALITY, statement="2x <= x", hypotheses=(),
                        bound=x, quantity=lambda v: to_arb(v["x"]) * 2,
                        adversaries=(Adversary("p", generate=lambda rng, size: [{"x": "3"}]),))]
    """).replace("NAME", repr(name)))
    (claim_id,) = load_claims(source)
    ce = Counterexample.from_evaluation(claim_id, evaluate(get_claim(claim_id), {"x": "3"}, 128), 7, "p", "quick")
    path = ce.save(tmp_path / "out")
    assert ce.claims_source == str(source.resolve())
    assert load_counterexamples(path) == [ce.to_json()]
    (rep,) = replay(path)
    assert rep.claim == claim_id and rep.reproduced
