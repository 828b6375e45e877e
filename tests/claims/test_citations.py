"""Every claim cites its item by label and line range, and the cited lines of the shipped paper file hold that label.

The paper files live in the steering repository's ``shared/papers/`` (beside a checkout, as in CI); the test is
skipped where they are absent.
"""
import re
from pathlib import Path

import pytest

from certunlearn.check.verdict import control_base
from certunlearn.claims import all_claims, get_claim
from certunlearn.errors import UnknownClaimError

ROOT = Path(__file__).resolve().parents[2]
PAPERS_DIR = next((p for p in (ROOT.parent / "shared" / "papers", ROOT / "papers") if p.is_dir()), None)
FILES = {"olu": "000_", "pomer": "001_", "d2d": "002_", "r2d": "003_", "retain": "004_"}
KINDS = ("Theorem", "Lemma", "Corollary", "Proposition", "Remark", "Claim", "Fact", "Example", "Algorithm", "Table",
         "Definition", "Assumption", "Section", "Appendix", "Equation", "Footnote")
LABEL = re.compile(r"\b(" + "|".join(KINDS) + r")\s+([A-Z]?\d+(?:\.\d+)*|[A-Z](?:\.\d+)*)", re.I)
RANGE = re.compile(r"\blines?\s+(\d+)(?:\s*[–-]\s*(\d+))?((?:\s*,\s*\d+(?:\s*[–-]\s*\d+)?)*)")
#: How the paper files write an item's label (a PDF conversion writes "Thm." or drops the space now and then).
ABBREVIATIONS = {"theorem": ("theorem", "thm"), "lemma": ("lemma", "lem"), "corollary": ("corollary", "cor"),
                 "proposition": ("proposition", "prop"), "definition": ("definition", "def"),
                 "footnote": ("footnote", "")}


def paper_lines(paper: str) -> list[str]:
    (path,) = PAPERS_DIR.glob(FILES[paper] + "*.txt")
    return path.read_text().splitlines()


def cited(source: str) -> tuple[tuple[str, str] | None, list[tuple[int, int]]]:
    """The first item label and every cited line range of a ``source``."""
    label = LABEL.search(source)
    ranges = []
    for m in RANGE.finditer(source):
        ranges.append((int(m[1]), int(m[2] or m[1])))
        for extra in re.findall(r"(\d+)(?:\s*[–-]\s*(\d+))?", m[3] or ""):
            ranges.append((int(extra[0]), int(extra[1] or extra[0])))
    return (label[1], label[2]) if label else None, ranges


def label_in(lines: list[str], kind: str, number: str, ranges: list[tuple[int, int]], slack: int = 2) -> bool:
    names = ABBREVIATIONS.get(kind.lower(), (kind.lower(),))
    pattern = re.compile(r"(" + "|".join(n for n in names if n) + r")\.?\s*" + re.escape(number) + r"(?![\d])", re.I)
    if kind.lower() == "footnote":
        pattern = re.compile(re.escape(number))
    if kind.lower() in ("section", "appendix"):  # a heading: "## 3 Retain sensitivity", "D.1 Gradient estimate"
        pattern = re.compile(rf"(^\s*#*\s*(section|appendix)?\s*{re.escape(number)}\.?\s+\S|{kind}\s+{re.escape(number)}(?![\d]))",
                             re.I | re.M)
    for lo, hi in ranges:
        text = "\n".join(lines[max(0, lo - 1 - slack): hi + slack])
        if pattern.search(text):
            return True
    return False


def citing_claim(claim):
    """A control cites through the claim it breaks."""
    if claim.control.value == "none":
        return claim
    try:
        return get_claim(control_base(claim.id))
    except UnknownClaimError:
        return claim


@pytest.mark.skipif(PAPERS_DIR is None, reason="the papers (shared/papers) are not beside this checkout")
@pytest.mark.parametrize("paper", sorted(FILES))
def test_every_claim_cites_lines_that_hold_its_label(paper):
    lines = paper_lines(paper)
    wrong = []
    for claim in all_claims(paper):
        source = citing_claim(claim).source
        label, ranges = cited(source)
        if label is None or not ranges:
            wrong.append(f"{claim.id}: no label or line range in {source!r}")
        elif not label_in(lines, *label, ranges):
            wrong.append(f"{claim.id}: {' '.join(label)} not in lines {ranges} ({source!r})")
    assert wrong == []


def test_the_citation_check_bites():
    lines = ["", "Theorem 3.1. Let f be convex.", "proof"]
    assert label_in(lines, "Theorem", "3.1", [(2, 2)])
    assert not label_in(lines, "Theorem", "3.2", [(2, 2)])
    assert not label_in(lines + [""] * 10, "Theorem", "3.1", [(9, 12)])
    assert cited("Lemma 4.2 (line 358; proof Appendix C, lines 540–545)") == (("Lemma", "4.2"), [(358, 358), (540, 545)])
