"""The CLI contract of DESIGN.md: commands, JSON shapes, exit codes, one-line errors."""
import json
import subprocess
import sys

import mpmath
import pytest

from certunlearn.cli import main

CHECK_KEYS = {"id", "paper", "source", "kind", "verdict", "tightness", "counterexample", "symbolic", "instances", "seconds"}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_json_contract(capsys):
    code, out, _ = run(capsys, "list", "--json")
    doc = json.loads(out)
    assert code == 0 and doc
    assert all(set(item) == {"id", "paper", "source", "kind", "statement"} for item in doc)
    assert {"gaussian.classic", "gaussian.zcdp", "gaussian.exact"} <= {item["id"] for item in doc}


def test_check_json_contract_and_counterexample_replay(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "check", "gaussian.classic", "gaussian.exact:control-sigma-halved", "--json")
    doc = json.loads(out)  # stdout holds exactly one JSON document
    assert code == 0
    assert [r["id"] for r in doc["results"]] == ["gaussian.classic", "gaussian.exact:control-sigma-halved"]
    for r in doc["results"]:
        assert CHECK_KEYS <= set(r)
        assert all(set(s) >= {"step", "status"} for s in r["symbolic"])
    bad = doc["results"][1]
    assert bad["verdict"] == "violated"
    ce = bad["counterexample"]
    assert {"observed", "bound", "instance", "seed"} <= set(ce)
    assert mpmath.mpf(ce["observed"]) > mpmath.mpf(ce["bound"])
    assert doc["summary"]["failed_controls"] == []
    (saved,) = (tmp_path / "counterexamples").glob("gaussian.exact_control-sigma-halved_*.json")
    code, out, _ = run(capsys, "replay", str(saved))
    assert code == 0 and "reproduced: violated" in out


def test_calibrate_json_meets_the_target_at_1e_17(capsys):
    code, out, _ = run(capsys, "calibrate", "--epsilon", "1", "--delta", "1e-17", "--json")
    doc = json.loads(out)
    assert code == 0
    assert set(doc) == {"sigma", "method", "epsilon", "delta", "sensitivity", "true_delta"}
    assert doc["true_delta"] <= 1e-17
    with mpmath.workdps(100):  # independent oracle: σ(1 − 1e-9) is already unsafe
        def delta_at(sigma):
            s, e = 1 / mpmath.mpf(sigma), mpmath.mpf(1)
            return mpmath.erfc((e / s - s / 2) / mpmath.sqrt(2)) / 2 - mpmath.exp(e) * mpmath.erfc((e / s + s / 2) / mpmath.sqrt(2)) / 2
        assert delta_at(doc["sigma"]) <= mpmath.mpf(1e-17)
        assert delta_at(mpmath.mpf(doc["sigma"]) * (1 - mpmath.mpf("1e-9"))) > mpmath.mpf(1e-17)


@pytest.mark.parametrize(
    "argv, parameter",
    [
        (["calibrate", "--epsilon", "-1", "--delta", "1e-5"], "epsilon"),
        (["calibrate", "--epsilon", "0", "--delta", "1e-5"], "epsilon"),
        (["calibrate", "--epsilon", "nan", "--delta", "1e-5"], "epsilon"),
        (["calibrate", "--epsilon", "1", "--delta", "1.5"], "delta"),
        (["calibrate", "--epsilon", "1", "--delta", "0"], "delta"),
        (["calibrate", "--epsilon", "1", "--delta", "1e-5", "--sensitivity", "-2"], "sensitivity"),
        (["calibrate", "--epsilon", "2", "--delta", "1e-5", "--method", "classic"], "epsilon"),
        (["calibrate", "--epsilon", "1", "--delta", "1e-5", "--method", "laplace"], "method"),
        (["check", "gaussian.nonexistent"], "gaussian.nonexistent"),
        (["check", "--profile", "slowest"], "profile"),
        (["prove", "nope.thm1"], "nope.thm1"),
        (["replay", "/nonexistent/ce.json"], "COUNTEREXAMPLE"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_parameter(capsys, argv, parameter):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and parameter in err and "Traceback" not in err


def test_prove_zcdp_steps_are_identity_or_proved(capsys):
    code, out, _ = run(capsys, "prove", "gaussian.zcdp")
    assert code == 0 and "gaussian.zcdp" in out
    assert "refuted" not in out and "evidence" not in out


def test_console_entry_point_runs_in_a_subprocess():
    proc = subprocess.run([sys.executable, "-m", "certunlearn.cli", "calibrate", "--epsilon", "0.5", "--delta", "1e-6", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["method"] == "exact"


def test_report_markdown_and_html_with_figures(capsys, tmp_path):
    md, html = tmp_path / "r.md", tmp_path / "r.html"
    assert run(capsys, "check", "gaussian.exact", "--report", str(md))[0] == 0
    assert run(capsys, "check", "gaussian.exact", "--report", str(html))[0] == 0
    text = md.read_text()
    assert "gaussian.exact" in text and "](r_figures/tightness.png)" in text
    assert (tmp_path / "r_figures" / "privacy_profile.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert html.read_text().count("data:image/png;base64,") == 2
