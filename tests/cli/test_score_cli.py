"""``certunlearn score`` and ``calibrate --method classic --score``: the DESIGN contract, the issue's targets, bad
input one line with exit 2."""
from __future__ import annotations

import json
import math

import mpmath
import pytest

from certunlearn.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def classic_sigma(eps, delta):
    return math.sqrt(2 * math.log(1.25 / delta)) / eps


def test_classic_sigma_at_epsilon_10_true_delta(capsys):
    code, out, _ = run(capsys, "score", "--sigma", repr(classic_sigma(10, 1e-3)), "--epsilon", "10", "--json",
                       "--claimed-epsilon", "10", "--claimed-delta", "1e-3")
    doc = json.loads(out)
    assert code == 0
    lo, hi = doc["delta_interval"]
    assert lo <= hi and round(hi, 5) == 0.00336 and hi / lo - 1 < 1e-12
    assert doc["verdict"] == ("violated" if lo > 1e-3 else "within" if hi <= 1e-3 else "undecided")
    assert set(doc) >= {"mechanism", "sigma", "sensitivity", "q", "steps", "sampling", "epsilon", "delta",
                        "delta_interval", "claimed", "verdict"}


def test_laplace_closed_form_to_1e_12(capsys):
    for eps in ("0", "0.25", "1", "1.99"):
        code, out, _ = run(capsys, "score", "--scale", "0.5", "--epsilon", eps, "--json")
        lo, hi = json.loads(out)["delta_interval"]
        with mpmath.workdps(50):
            ref = 1 - mpmath.exp((mpmath.mpf(eps) - 2) / 2)
        assert code == 0 and lo <= ref <= hi and hi - lo <= 1e-12 * max(float(ref), 1e-300)


def test_true_epsilon_interval(capsys):
    code, out, _ = run(capsys, "score", "--sigma", "1", "--delta", "1e-5", "--json")
    lo, hi = json.loads(out)["epsilon_interval"]
    from certunlearn.privacy import exact_delta

    assert code == 0 and lo < hi and exact_delta(hi, 1) <= 1e-5 < exact_delta(lo * (1 - 1e-9), 1)


def test_subsampled_one_step_and_text(capsys):
    code, out, _ = run(capsys, "score", "--sigma", "1", "--mechanism", "subsampled-gaussian", "--q", "0.01",
                       "--epsilon", "0.5")
    assert code == 0 and "true delta at epsilon = 0.5" in out


def test_classic_calibration_scored_above_1(capsys):
    code, out, _ = run(capsys, "calibrate", "--epsilon", "10", "--delta", "1e-3", "--method", "classic", "--score",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["true_delta"] > 3 * doc["delta"] and doc["verdict"] == "violated"
    code, _, err = run(capsys, "calibrate", "--epsilon", "10", "--delta", "1e-3", "--method", "classic")
    assert code == 2 and "epsilon <= 1" in err


@pytest.mark.parametrize("argv,word", [
    (("score", "--sigma", "nan", "--epsilon", "1"), "sigma"),
    (("score", "--sigma", "-1", "--epsilon", "1"), "sigma"),
    (("score", "--sigma", "1", "--delta", "1"), "delta"),
    (("score", "--sigma", "1", "--epsilon", "1", "--q", "0.1"), "--q"),
    (("score", "--sigma", "1", "--mechanism", "subsampled-gaussian", "--epsilon", "1"), "--q"),
    (("score", "--sigma", "1", "--mechanism", "subsampled-gaussian", "--q", "2", "--epsilon", "1"), "q"),
    (("score", "--sigma", "1", "--mechanism", "laplace", "--epsilon", "1"), "scale"),
    (("score", "--sigma", "1", "--epsilon", "1", "--claimed-epsilon", "1"), "claimed"),
    (("score", "--sigma", "1", "--scale", "1", "--epsilon", "1"), "scale"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, word):
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and err.startswith("certunlearn: error:") and word in err


def test_a_claimed_delta_outside_0_1_is_one_line_exit_2(capsys):
    code, out, err = run(capsys, "score", "--sigma", "0.5", "--epsilon", "1", "--claimed-epsilon", "1",
                         "--claimed-delta", "2")
    assert code == 2 and out == "" and "claimed-delta" in err and len(err.strip().splitlines()) == 1


def test_a_grid_no_step_can_hold_is_one_line_exit_2(capsys, monkeypatch):
    """Where even the coarsest grid would exceed the PLD's size cap, the user reads one line (no traceback, nothing
    allocated beyond the cap)."""
    from certunlearn.privacy import pld

    monkeypatch.setattr(pld, "MAX_POINTS", 8)
    code, out, err = run(capsys, "score", "--scale", "1", "--mechanism", "laplace", "--steps", "1000", "--delta",
                         "1e-5")
    assert code == 2 and out == "" and "points" in err and len(err.strip().splitlines()) == 1


def test_an_upper_end_never_proved_is_null_in_json(capsys, monkeypatch):
    """Where the PLD proves no finite ε (its pessimistic mass at +∞ above δ: past ~10⁵ steps, and with fixed-size
    sampling no RDP route to fall back on), the JSON says null — valid JSON, never Infinity — and the text says inf."""
    from certunlearn.privacy import score as score_module

    monkeypatch.setattr(score_module, "_pld", lambda *args, **kwargs: (1.5, math.inf))
    argv = ("score", "--sigma", "1", "--mechanism", "subsampled-gaussian", "--q", "0.01", "--steps", "5",
            "--sampling", "fixed", "--delta", "1e-5")
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0 and json.loads(out)["epsilon_interval"] == [1.5, None] and "Infinity" not in out
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "[1.5, inf]" in out
