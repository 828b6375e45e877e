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
    served = {c.derivation.split(".", 1)[0] for c in claims if c.derivation and runner.shipped_for(c)}
    runner.preload_derivations(claims)
    assert calls == [p for p in ("olu", "gaussian") if p not in served]  # a served claim's paper is not even built
    calls.clear()  # a table from another tree (or none): every selected paper is built
    monkeypatch.setattr(runner, "shipped_for", lambda claim, derivation=None: None)
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


def test_the_parent_writes_each_selected_derivations_fingerprint_once(monkeypatch):
    """The derivation cache keys' costly part (a symbolic start runs its algorithm) is written in the parent, so the
    forked workers inherit it (certunlearn.derive.cache keeps each derivation's text by identity)."""
    from certunlearn.derive import cache

    seen = []
    monkeypatch.setattr(runner, "derivation_fingerprint", lambda d: seen.append(d.claim_id))
    claims = [runner.get_claim(c) for c in ("olu.lemE", "olu.lemE:control-extra-step", "gaussian.classic")]
    served = [c.derivation for c in claims if c.derivation and runner.shipped_for(c)]
    runner.preload_derivations(claims)
    assert seen == [n for n in dict.fromkeys(c.derivation for c in claims if c.derivation) if n not in served]
    seen.clear()  # a table from another tree (or none): every fingerprint is written
    monkeypatch.setattr(runner, "shipped_for", lambda claim, derivation=None: None)
    runner.preload_derivations(claims)
    assert seen == list(dict.fromkeys(c.derivation for c in claims if c.derivation)) and len(seen) >= 2
    d = runner.load_derivation(claims[0].derivation)
    assert cache.derivation_fingerprint(d) is cache.derivation_fingerprint(d)  # written once, then kept
