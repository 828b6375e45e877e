"""Issue 16, row 15: reports carry provenance, link counterexamples and derivations, put findings first and the
controls apart, plot every claim (tightness 0 and none included) with a legend that hides nothing, and the
Markdown report's figures folder is documented."""
from __future__ import annotations

import re
from pathlib import Path

import matplotlib.pyplot as plt

from certunlearn import __version__
from certunlearn.check.result import CheckResult, Counterexample
from certunlearn.report.document import write_report
from certunlearn.report.figures import tightness_axes


def result(cid: str, verdict: str, tightness, control: str = "none", ce: bool = False) -> CheckResult:
    counterexample = None
    if ce:
        counterexample = Counterexample(cid, "2.5", "1", {"epsilon": "1"}, 0, "grid", "quick", "[2.5 +/- 1e-20]",
                                        "[1 +/- 0]", 2.5)
    symbolic = [{"step": "σ² = 2 ln(1.25/δ) Δ²/ε²", "status": "proved"}, {"step": "last rhs = bound", "status": "identity"}]
    return CheckResult(id=cid, paper="gaussian", source="somewhere", kind="privacy", control=control, verdict=verdict,
                       tightness=tightness, counterexample=counterexample, symbolic=symbolic if control == "none" else [],
                       instances={"total": 12}, seconds=0.5, reason="" if ce else "a note")


RESULTS = [
    result("paper.holds", "holds", 0.5),
    result("paper.zero", "holds", 0.0),  # tightness 0: was dropped from the figure
    result("paper.none", "inconclusive", None),
    result("control.neg", "violated", 1e300, control="negative", ce=True),
    result("paper.bad", "violated", 3e7, ce=True),  # off-scale: its label must not sit under the legend
]


def test_figure_shows_every_claim_findings_first_and_a_legend_outside(tmp_path):
    fig, ax = tightness_axes(RESULTS)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert [label.split()[0] for label in labels] == ["paper.bad", "paper.none", "paper.holds", "paper.zero", "control.neg"]
    assert ax.get_xscale() == "log"
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend = ax.get_legend().get_window_extent(renderer)
    axes_box = ax.get_window_extent(renderer)
    assert legend.x0 >= axes_box.x1  # outside the plotting area: it can hide no point or label
    notes = [t.get_text() for t in ax.texts]
    assert "0" in notes and "none evaluated" in notes and "3e+07" in notes and "1e+300" in notes
    plt.close(fig)


def _check_common(text: str) -> None:
    for field in ("certunlearn", "commit", "command", "profile", "seed", "date"):
        assert field in text
    assert __version__ in text and "certunlearn check paper.holds --report" in text and "thorough" in text
    body = text[text.index("Findings"):]
    assert body.index("paper.bad") < body.index("Controls") < body.index("control.neg")
    assert body.index("paper.bad") < body.index("paper.none") < body.index("paper.holds")  # violated first


def test_markdown_report_has_provenance_links_and_documents_its_figures_folder(tmp_path):
    ce_dir = tmp_path / "counterexamples"
    saved = {"paper.bad": ce_dir / "paper.bad.json", "control.neg": ce_dir / "control.neg.json"}
    path = write_report(RESULTS, tmp_path / "reports" / "r.md", command="certunlearn check paper.holds --report r.md",
                        profile="thorough", seed=7, counterexamples=saved)
    text = path.read_text()
    _check_common(text)
    assert "](../counterexamples/paper.bad.json)" in text and "(../counterexamples/control.neg.json)" in text
    assert "PNG files in `r_figures/` beside this report" in text
    assert (tmp_path / "reports" / "r_figures" / "tightness.png").read_bytes()[:4] == b"\x89PNG"
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    assert {a for a in re.findall(r"\]\(#([^)]+)\)", text)} <= anchors and anchors


def test_html_report_has_provenance_links_and_derivations(tmp_path):
    saved = [tmp_path / "ce" / "control.neg.json", tmp_path / "ce" / "paper.bad.json"]  # in result order
    path = write_report(RESULTS, tmp_path / "r.html", command="certunlearn check paper.holds --report r.html",
                        profile="thorough", seed=7, counterexamples=saved)
    text = path.read_text()
    _check_common(text)
    assert 'href="ce/paper.bad.json"' in text and 'href="ce/control.neg.json"' in text
    for target in re.findall(r'href="#([^"]+)"', text):
        assert f'id="{target}"' in text
    assert "certunlearn prove paper.holds" in text and text.count("data:image/png;base64,") == 2


def test_tightness_text_says_what_is_certified():
    """A lower end of 0 with a positive upper end prints the upper end (never a bare "0"); an underflowing lower end
    prints its log10; attained prints 1."""
    from dataclasses import replace

    from certunlearn.report.text import tightness_text

    base = result("paper.x", "holds", 0.0)
    assert tightness_text(replace(base, tightness_interval=[0.0, 2**-400])) == "≤ 3.88e-121"  # 3.872…e-121, up
    assert tightness_text(replace(base, tightness_interval=[0.0, 0.5])) == "≤ 0.5"
    assert tightness_text(replace(base, tightness=1e-300, tightness_interval=[1e-300, 2e-300],
                                  tightness_log10=-300.0)) == "10^-300.0"
    assert tightness_text(replace(base, tightness=1.0, tightness_interval=[1.0, 1.0], attained=True)) == "1 (attained)"


def test_printing_never_rounds_a_certified_end_the_wrong_way():
    """0.99999999999992 is not "≥ 1"; an upper end is rounded up; a float is printed by its exact value's side."""
    from dataclasses import replace
    from decimal import Decimal

    from certunlearn.report.text import rounded, tightness_text

    base = result("paper.x", "holds", 0.99999999999992)
    assert tightness_text(replace(base, tightness_interval=[0.99999999999992, 1.0000001])) == "≥ 0.999999"
    assert tightness_text(replace(base, tightness=0.5, tightness_interval=[0.5, 0.5])) == "0.5"
    for value in (0.99999999999992, 1 / 3, 2 / 3, 8e-138, 1e300, 123456789.0, 0.1):
        assert Decimal(rounded(value, 3, up=False)) <= Decimal(value) <= Decimal(rounded(value, 3, up=True))
    assert rounded(2 / 3, 3, up=False) == "0.666" and rounded(2 / 3, 3, up=True) == "0.667"


def test_counts_are_grammatical_and_long_ids_keep_their_indent():
    from dataclasses import replace

    from rich.console import Console

    from certunlearn.report.text import results_table

    long_id = "retain.lemH.1:m-points-sensitivity-control-twentieth-" + "x" * 120
    one = replace(result(long_id, "violated", 2.0, ce=True), reason="a reason " * 30)
    console = Console(width=160, record=True, color_system=None)
    results_table([one], [], console)
    text = console.export_text()
    assert "1 claim:" in text and "1 claims" not in text and "Findings: 1 claim fails as stated" in text
    tail = text[text.index("tightness: certified"):]
    assert all(line.startswith("  ") for line in tail.splitlines()[1:] if line.strip())  # nothing at column 0
    assert max(len(line) for line in text.splitlines()) <= 160
