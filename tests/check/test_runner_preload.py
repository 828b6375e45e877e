"""The local pool's parent builds the selected papers' derivations once before its workers fork
(certunlearn.check.runner.preload_derivations): only the time changes, never a result."""
import certunlearn.check.runner as runner


def test_the_parent_builds_each_selected_paper_once_and_a_failing_proofs_module_stays_the_claims_business(monkeypatch):
    calls = []

    def fake(paper):
        calls.append(paper)
        raise RuntimeError("a broken proofs module")

    monkeypatch.setattr(runner, "load_derivations", fake)
    claims = [runner.get_claim(c) for c in ("olu.lemE", "olu.lemE:control-extra-step", "gaussian.classic")]
    runner.preload_derivations(claims)
    assert calls == ["olu", "gaussian"]


def test_two_workers_after_the_preload_give_the_serial_results(monkeypatch):
    ids = ["olu.lemE", "olu.lemE:control-extra-step"]
    seen = []
    real = runner.preload_derivations
    monkeypatch.setattr(runner, "preload_derivations", lambda claims: (seen.extend(c.id for c in claims), real(claims)))
    pooled = runner.check_claims(ids)
    assert seen == ids
    for r, cid in zip(pooled, ids):
        serial = runner.check_claim(cid)
        assert (r.verdict, r.instances, r.tightness, r.symbolic) == (serial.verdict, serial.instances, serial.tightness,
                                                                      serial.symbolic)
