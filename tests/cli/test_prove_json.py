"""`certunlearn prove --json`: exactly one JSON document in DESIGN.md's shape, statuses counted in the summary."""
import json

from certunlearn.cli import main
from certunlearn.derive.model import STATUSES


def test_prove_json_has_the_contract_shape(capsys):
    assert main(["prove", "gaussian.zcdp", "d2d.claimB.1", "gaussian.exact:control-sigma-halved", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"derivations", "summary", "conditions"}
    by_id = {d["claim"]: d for d in doc["derivations"]}
    assert by_id["gaussian.exact:control-sigma-halved"] == {"claim": "gaussian.exact:control-sigma-halved",
                                                           "proof": "none", "start": "stated",
                                                           "start_detail": "no derivation", "hypotheses": [],
                                                           "premises": [], "assumed": 0, "steps": []}
    claim_b1 = by_id["d2d.claimB.1"]
    assert claim_b1["proof"] in ("complete", "partial", "broken") and claim_b1["start"] in ("checked", "stated", "mismatch")
    for d in doc["derivations"]:
        for st in d["steps"]:
            assert set(st) == {"status", "relation", "method", "box", "conditions"} and st["status"] in STATUSES
    steps = [st["status"] for d in doc["derivations"] for st in d["steps"]]
    assert sum(doc["summary"].values()) == len(steps) and set(doc["summary"]) >= set(steps)


def test_prove_json_and_latex_exclude_each_other(capsys):
    assert main(["prove", "gaussian.zcdp", "--json", "--latex"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--json and --latex" in err


def test_prove_json_counts_the_step_conditions_by_origin(capsys):
    """olu.lem5's steps are proved under θ ≤ 1 (stated by its third premise, θ := Kx/(2cL) ≤ 1), λ|x₁ − x₂| ≤ L and
    μ ≤ λ (the claim's hypotheses on the run, conditions of the derivation): each listed under its step and counted."""
    assert main(["prove", "olu.lem5", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (d,) = doc["derivations"]
    listed = [c for st in d["steps"] for c in st["conditions"]]
    assert [c["condition"] for c in listed] == ["theta <= 1", "lambda*Abs(x_1 - x_2) <= L", "mu <= lambda"]
    assert [c["origin"] for c in listed] == ["premise P3", "hypothesis", "hypothesis"]
    assert d["assumed"] == 0 and doc["conditions"] == {"premise": 1, "hypothesis": 2}


def test_prove_json_lists_an_assumed_condition(capsys):
    """d2d.table1:pgd-weak-accuracy's first step is proved under τ ≤ 1, τ a stand-in for (𝓘/𝓘₂)^{2/5} that neither a
    premise nor an earlier step states: it is assumed, counted, and the proof is partial although every step is
    established."""
    assert main(["prove", "d2d.table1:pgd-weak-accuracy", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (d,) = doc["derivations"]
    assumed = [c["condition"] for st in d["steps"] for c in st["conditions"] if c["origin"] == "assumed"]
    assert assumed == ["tau <= 1"]
    assert d["assumed"] == 1 and doc["conditions"]["assumed"] == 1
    assert all(st["status"] in ("identity", "proved", "proved-on-box") for st in d["steps"]) and d["proof"] == "partial"


def test_prove_json_path_hypotheses_are_the_derivations_conditions(capsys):
    """olu.table2:restart-regret-c's rounds are bounded under |r_t|, |s_t| ≤ 1, the claim's hypotheses on its run
    (gradients at most L, iterates within D of the comparator), conditions of the derivation: no step rests on an
    assumption and the proof is complete."""
    assert main(["prove", "olu.table2:restart-regret-c", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (d,) = doc["derivations"]
    assert all(st["status"] in ("identity", "proved") for st in d["steps"])
    assert d["assumed"] == 0 and "assumed" not in doc["conditions"] and d["proof"] == "complete"
    # what the complete chain rests on, listed for a citation: its hypotheses and its premises
    assert d["hypotheses"] == ["T*theta >= 1", "Abs(r_1) <= 1", "Abs(r_2) <= 1", "Abs(s_1) <= 1", "Abs(s_2) <= 1"]
    assert [(p["citation"], p["relation"]) for p in d["premises"]] == [("Hazan 2016, Thm 3.1", None),
                                                                       ("eq. (5)", "theta <= 1")]
