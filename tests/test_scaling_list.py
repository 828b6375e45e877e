"""`certunlearn list` from its index equals the listing built from the claims, and the index is never stale."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _list(cache: Path, *args: str) -> str:
    env = {"PYTHONPATH": str(ROOT), "CERTUNLEARN_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "certunlearn.cli", "list", *args], env=env, cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def test_index_matches_the_claims_and_is_keyed_by_the_sources(tmp_path):
    from certunlearn.claims import all_claims
    from certunlearn.formulas import PAPERS

    want = [{"id": c.id, "paper": c.paper, "source": c.source, "kind": c.kind.value, "statement": c.statement}
            for c in all_claims(None) if c.paper in PAPERS]  # the papers' claims (others loaded by other tests aside)
    assert json.loads(_list(tmp_path, "--json")) == want  # builds the index
    index = list((tmp_path / "list").glob("*.json"))
    assert len(index) == 1
    assert json.loads(_list(tmp_path, "--json")) == want  # read from the index
    assert json.loads(_list(tmp_path, "--json", "--paper", "olu")) == [r for r in want if r["paper"] == "olu"]
    index[0].write_text("not json")  # a damaged index is rebuilt
    assert json.loads(_list(tmp_path, "--json")) == want
    assert "claims" in _list(tmp_path)
