"""The reference supplies the retraining side of an audit (DESIGN.md "Testing and audit"): side 1 of an unlearning
certificate is drawn from the reference's retraining, never from the candidate, unless asked."""
import json

import numpy as np
import pytest

from certunlearn.audit import draw
from certunlearn.audit.mechanisms import d2d_reference, reference_retraining
from certunlearn.cli import main
from certunlearn.errors import InvalidParameterError


def _side0_only(instance, side, rng, size):
    if side != 0:
        raise RuntimeError("the candidate was asked for the retraining side")
    return d2d_reference("d2d.thm3.4")(instance, 0, rng, size)


def test_the_retraining_side_comes_from_the_reference_not_the_candidate():
    retraining = reference_retraining("d2d.thm3.4")
    claim, chosen, ((x0, x1),) = draw(_side0_only, "d2d.thm3.4", samples=64, retraining=retraining)
    ref = d2d_reference("d2d.thm3.4")
    rng = np.random.default_rng(np.random.SeedSequence(0).spawn(2)[1])
    assert np.array_equal(x1, ref(chosen[0], 1, rng, 64))  # the same stream, the reference's retraining law
    with pytest.raises(Exception, match="retraining side"):
        draw(_side0_only, "d2d.thm3.4", samples=64)  # without it the candidate is asked for side 1


def test_the_reference_retraining_refuses_side_0_and_claims_without_a_retraining_side():
    retraining = reference_retraining("r2d.thm3.1")
    with pytest.raises(InvalidParameterError, match="only the retraining side"):
        retraining({}, 0, np.random.default_rng(0), 1)
    for cid in ("gaussian.exact", "pomer.thm4.3", "retain.thm2.11", "olu.thm1"):
        assert reference_retraining(cid) is None, cid


def test_the_cli_says_who_drew_side_1(tmp_path, monkeypatch, capsys):
    (tmp_path / "side0_only_mod.py").write_text(
        "from certunlearn.audit.mechanisms import d2d_reference\n"
        "def candidate(instance, side, rng, size):\n"
        "    if side != 0:\n"
        "        raise RuntimeError('asked for the retraining side')\n"
        "    return d2d_reference('d2d.thm3.4')(instance, 0, rng, size)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    args = ["audit", "side0_only_mod:candidate", "--claim", "d2d.thm3.4", "--samples", "200", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["side_1"] == "reference"
    assert main([*args, "--retraining", "candidate"]) == 2
    assert "asked for the retraining side" in capsys.readouterr().err
