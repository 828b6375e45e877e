"""`certunlearn audit MODULE:CALLABLE --claim ID`: JSON, verdicts, figure, one-line errors (exit 2)."""
import json
import sys

import pytest

from certunlearn.cli import main

MODULE = '''
import numpy as np
from certunlearn.privacy import calibrate

def mechanism(instance, side, rng, size, factor={factor}):
    eps, delta, sens = (float(instance[k]) for k in ("epsilon", "delta", "Delta"))
    return side * sens + factor * calibrate(eps, delta, sens) * rng.standard_normal(size)

not_callable = 3
'''


@pytest.fixture
def candidate(tmp_path, monkeypatch):
    """Write a candidate module (σ times ``factor``) into a fresh working directory; returns its MODULE name."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))

    def make(name, factor):
        (tmp_path / f"{name}.py").write_text(MODULE.format(factor=factor))
        return name

    return make


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_audit_refutes_an_under_noised_candidate(capsys, candidate, tmp_path):
    mod = candidate("cand_halved", 0.5)
    code, out, _ = run(capsys, "audit", f"{mod}:mechanism", "--claim", "gaussian.exact", "--samples", "20000",
                       "--gaussian", "--json", "--figure", str(tmp_path / "curve.png"))
    doc = json.loads(out)
    assert code == 0 and doc["verdict"] == "refuted"
    assert doc["witness"]["epsilon_lower"] > doc["epsilon"] == 1.0
    assert doc["family"] == 6 and doc["confidence"] == 0.95 and float(doc["instances"][0]["delta"]) == 1e-5
    assert (tmp_path / "curve.png").stat().st_size > 0


def test_audit_human_output_for_a_correct_candidate(capsys, candidate):
    mod = candidate("cand_good", 1.0)
    code, out, _ = run(capsys, "audit", f"{mod}:mechanism", "--claim", "gaussian.exact", "--samples", "5000",
                       "--confidence", "0.9", "--trials", "2")
    assert code == 0 and out.startswith("consistent with the certificate at this sample size")
    assert "Bonferroni over 8 intervals" in out and out.count("threshold") == 4


def test_audit_reads_an_instance_file(capsys, candidate, tmp_path):
    mod = candidate("cand_inst", 0.5)
    (tmp_path / "inst.json").write_text(json.dumps({"epsilon": "2", "delta": "1e-3", "Delta": "3"}))
    code, out, _ = run(capsys, "audit", f"{mod}:mechanism", "--claim", "gaussian.exact", "--samples", "5000",
                       "--instance", str(tmp_path / "inst.json"), "--json", "--gaussian")
    doc = json.loads(out)
    assert code == 0 and doc["epsilon"] == 2.0 and doc["delta"] == 1e-3 and doc["verdict"] == "refuted"


@pytest.mark.parametrize("args,needle", [
    (["cand_err:missing", "--claim", "gaussian.exact"], "MODULE:CALLABLE"),
    (["cand_err:not_callable", "--claim", "gaussian.exact"], "not callable"),
    (["no_such_module:f", "--claim", "gaussian.exact"], "cannot import"),
    (["cand_err", "--claim", "gaussian.exact"], "MODULE:CALLABLE"),
    (["cand_err:mechanism", "--claim", "gaussian.nope"], "unknown claim id"),
    (["cand_err:mechanism", "--claim", "d2d.lem2.12"], "claim"),
    (["cand_err:mechanism", "--claim", "gaussian.exact", "--confidence", "1.5"], "confidence"),
    (["cand_err:mechanism", "--claim", "gaussian.exact", "--confidence", "nan"], "confidence"),
    (["cand_err:mechanism", "--claim", "gaussian.exact", "--samples", "2"], "samples"),
    (["cand_err:mechanism", "--claim", "gaussian.exact", "--instance", "missing.json"], "--instance"),
    (["cand_err:mechanism", "--claim", "gaussian.exact", "--figure", "x.txt"], "--figure"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, candidate, args, needle):
    candidate("cand_err", 1.0)
    code, out, err = run(capsys, "audit", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err and "Traceback" not in err
