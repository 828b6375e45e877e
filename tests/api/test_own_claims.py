"""Claims written outside the package: loaded from a file, a module or an entry point, checked like any other."""
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from certunlearn.api import ClaimLoadError, get_claim, load_claims
from certunlearn.check import check_claim, replay
from certunlearn.claims import registry
from certunlearn.testing import ClaimFailed, check_claims

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "output_perturbation.py"

HEADER = """
import sympy
from certunlearn.api import Adversary, Claim, Kind, to_arb
x = sympy.Symbol("x", positive=True)
"""


def claim_file(tmp_path, body, name="mine.py"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(HEADER) + textwrap.dedent(body))
    return path


def test_the_example_certificate_holds_attained_and_its_misprint_is_violated():
    ids = load_claims(EXAMPLE)
    assert ids == ("cms.sensitivity", "cms.sensitivity:misprinted")
    good, bad = check_claim("cms.sensitivity"), check_claim("cms.sensitivity:misprinted")
    assert good.verdict == "holds" and good.attained and good.tightness_interval == [1.0, 1.0]
    assert bad.verdict == "violated" and bad.counterexample.claims_source == str(EXAMPLE.resolve())
    assert [s["status"] for s in bad.symbolic].count("refuted") == 1  # the user's derivation, same engine


def test_a_user_counterexample_replays_in_a_fresh_process(tmp_path):
    load_claims(EXAMPLE)
    path = check_claim("cms.sensitivity:misprinted").counterexample.save(tmp_path)
    (again,) = replay(path)
    assert again.reproduced
    out = subprocess.run([sys.executable, "-m", "certunlearn.cli", "replay", str(path)], capture_output=True,
                         text=True, cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0 and "reproduced: violated" in out.stdout, out.stderr


def test_a_loaded_claim_is_registered_but_not_the_packages(monkeypatch):
    from certunlearn.claims.registry import all_claims, builtin_claims
    from certunlearn.derive import ship

    load_claims(EXAMPLE)
    assert "cms.sensitivity" in {c.id for c in all_claims()}
    assert "cms.sensitivity" not in {c.id for c in builtin_claims()} and len(builtin_claims()) >= 300
    seen = []
    monkeypatch.setattr(ship, "_one_in_worker", lambda cid: seen.append(cid))  # the shipped table: its claims only
    monkeypatch.setattr(ship.cache, "disable", lambda: None)  # (the table's build turns this process's cache off)
    ship.shipped_table(workers=1)
    assert seen and not [cid for cid in seen if cid.startswith("cms.")]


def test_loading_is_idempotent_and_a_clash_is_refused(tmp_path):
    load_claims(EXAMPLE)
    assert load_claims(EXAMPLE) == ("cms.sensitivity", "cms.sensitivity:misprinted")
    clash = claim_file(tmp_path, """
        CLAIMS = [Claim("cms.sensitivity", "s", Kind.INEQUALITY, "x ≤ x", (), x, lambda v: to_arb(v["x"]),
                        (Adversary("p", generate=lambda rng, n: [{"x": "1"}]),))]
        """)
    with pytest.raises(ClaimLoadError, match=r"mine\.py: claim id 'cms\.sensitivity' is already registered"):
        load_claims(clash)


def test_a_builtin_paper_key_is_refused(tmp_path):
    path = claim_file(tmp_path, """
        CLAIMS = [Claim("d2d.thm99", "s", Kind.INEQUALITY, "x ≤ x", (), x, lambda v: to_arb(v["x"]),
                        (Adversary("p", generate=lambda rng, n: [{"x": "1"}]),))]
        """, "builtin.py")
    with pytest.raises(ClaimLoadError, match="built-in paper key 'd2d'"):
        load_claims(path)


def test_a_syntax_error_names_the_file_and_line(tmp_path):
    path = tmp_path / "broken.py"
    path.write_text("import sympy\nCLAIMS = [\n")
    with pytest.raises(ClaimLoadError, match=r"broken\.py, line \d+: syntax error"):
        load_claims(path)


def test_a_bound_with_a_symbol_no_instance_gives_is_refused(tmp_path):
    path = claim_file(tmp_path, """
        y = sympy.Symbol("y", positive=True)
        CLAIMS = [Claim("mine.free", "s", Kind.INEQUALITY, "x ≤ y", (), y, lambda v: to_arb(v["x"]),
                        (Adversary("p", generate=lambda rng, n: [{"x": "1"}]),))]
        """, "free.py")
    with pytest.raises(ClaimLoadError, match="uses y, which no instance"):
        load_claims(path)


def test_a_file_without_claims_is_refused(tmp_path):
    path = tmp_path / "empty.py"
    path.write_text("x = 1\n")
    with pytest.raises(ClaimLoadError, match="defines no CLAIMS"):
        load_claims(path)


def test_the_pytest_hook_fails_with_the_counterexample(tmp_path):
    with pytest.raises(ClaimFailed, match=r"cms\.sensitivity:misprinted is violated: observed 2 > bound 1"):
        check_claims(EXAMPLE)
    only_good = claim_file(tmp_path, """
        from certunlearn.numeric.fraction import Fraction
        CLAIMS = [Claim("mine.half", "s", Kind.INEQUALITY, "x/2 ≤ x", (), x, lambda v: Fraction(v["x"]) / 2,
                        (Adversary("p", generate=lambda rng, n: [{"x": str(k)} for k in range(1, 13)]),))]
        """, "good.py")
    (result,) = check_claims(only_good)
    assert result.verdict == "holds" and result.tightness_interval == [0.5, 0.5]


def test_an_entry_point_registers_claims(tmp_path, monkeypatch):
    pkg = tmp_path / "plugin_claims_pkg.py"
    pkg.write_text(textwrap.dedent(HEADER) + textwrap.dedent("""
        CLAIMS = [Claim("plugin.thm1", "s", Kind.INEQUALITY, "x/2 ≤ x", (), x, lambda v: to_arb(v["x"]) / 2,
                        (Adversary("p", generate=lambda rng, n: [{"x": "1"}]),))]
        """))
    dist = tmp_path / "plugin_claims-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: plugin-claims\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[certunlearn.claims]\nplugin = plugin_claims_pkg\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry._entry_points.cache_clear()
    try:
        assert get_claim("plugin.thm1").paper == "plugin"
        assert check_claim("plugin.thm1").verdict == "inconclusive"  # one instance: fewer than the profile needs
    finally:
        monkeypatch.undo()
        registry._entry_points.cache_clear()
    with pytest.raises(KeyError):
        get_claim("plugin.thm1")


def test_a_derivation_is_found_for_its_claim_and_a_broken_one_is_one_line(tmp_path):
    good = claim_file(tmp_path, """
        from fractions import Fraction
        from certunlearn.api import Derivation, step
        CLAIMS = [Claim("mine.half_of_x", "s", Kind.INEQUALITY, "x/2 ≤ x", (), x, lambda v: Fraction(v["x"]) / 2,
                        (Adversary("p", generate=lambda rng, n: [{"x": str(k)} for k in range(1, 13)]),))]
        def derivations():
            return [Derivation("mine.half_of_x", "bound", "halving", steps=(step(x / 2, "<=", x, "x > 0"),))]
        """, "derived.py")
    (claim_id,) = load_claims(good)
    assert get_claim(claim_id).derivation == "mine.half_of_x"  # an id with an underscore; derivation found by id
    assert check_claim(claim_id).proof in ("complete", "partial")
    broken = claim_file(tmp_path, """
        from certunlearn.api import Derivation, step
        CLAIMS = [Claim("mine.eq", "s", Kind.INEQUALITY, "x ≤ x", (), x, lambda v: to_arb(v["x"]),
                        (Adversary("p", generate=lambda rng, n: [{"x": "1"}]),))]
        def derivations():
            return [Derivation("mine.eq", "bound", "typo", steps=(step(x, "=", x, "a typo for =="),))]
        """, "typo.py")
    with pytest.raises(ClaimLoadError, match=r"typo\.py: derivations\(\) raised ValueError: .*'=='"):
        load_claims(broken)


def test_the_pytest_hook_checks_chosen_claims_and_saves_the_counterexample(tmp_path):
    (result,) = check_claims(EXAMPLE, ["cms.sensitivity"])
    assert result.verdict == "holds"
    with pytest.raises(ClaimFailed, match=r"replay: certunlearn replay .*cms\.sensitivity_misprinted_[0-9a-f]{12}\.json"):
        check_claims(EXAMPLE, ["cms.sensitivity:misprinted"], save_to=tmp_path)
    with pytest.raises(ValueError, match="defines no claim 'cms.nothing'"):
        check_claims(EXAMPLE, ["cms.nothing"])


def test_search_points_stay_inside_their_box():
    import numpy as np

    from certunlearn.api import Space

    space = Space({"delta": (1e-12, 0.5), "B": (1e-2, 1e2)}, log=frozenset({"delta", "B"}))
    for u in np.linspace(0, 1, 101):
        point = space.from_unit(np.array([u, u]))
        assert 1e-12 <= point["delta"] <= 0.5 and 1e-2 <= point["B"] <= 1e2
