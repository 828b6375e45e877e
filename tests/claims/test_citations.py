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


# --------------------------------------------------------------------------- citations written in prose
#: "Theorem 4.5 (lines 270–292)", "Lemma 3.5, lines 158–163", "Lemma 6 (line 718)", "Lemma B.1 (lines 225, 494–507)".
PROSE = re.compile(r"(proof of\s+|proofs? \(?)?\b(" + "|".join(KINDS[:12]) + r")\s+([A-Z]?\d+(?:\.\d+)*|[A-Z](?:\.\d+)*)"
                   r"(?:\s*\(\s*|\s*,\s*|\s+at\s+|\s+)lines?\s+(\d+(?:\s*[–-]\s*\d+)?(?![.\d])"
                   r"(?:\s*,\s*\d+(?:\s*[–-]\s*\d+)?(?![.\d]))*)")
#: Where an item's text (with the proof that follows it) ends: the next numbered item or a section heading.
ITEM_START = re.compile(r"^\s*[*_]*(?:(?:" + "|".join(KINDS[:12]) + r")\s+[A-Z]?\.?\d|#|\d+(?:\.\d+)*\s+[A-Z][a-z]|"
                        r"[A-H](?:\.\d+)?\s+[A-Z][a-z])")
#: A table's caption may follow its body by this many lines.
CAPTION_AFTER = 15


def prose_citations(text: str) -> list[tuple[int, str, str, list[tuple[int, int]]]]:
    """(line in the file, kind, number, cited line ranges) for every item cited with file lines in ``text``. Lines of
    pseudo-code ("Algorithm 1, line 5", "Algorithm 1 lines 3–6": small numbers) and a proof's lines ("the proof of
    Lemma 9 (lines …)") are not the item's own lines and are left out."""
    found = []
    for m in PROSE.finditer(text):
        proof, kind, number, cited_lines = m.groups()
        ranges = [(int(a), int(b or a)) for a, b in re.findall(r"(\d+)(?:\s*[–-]\s*(\d+))?", cited_lines)]
        if proof or (kind == "Algorithm" and max(hi for _, hi in ranges) <= 30):
            continue
        found.append((text.count("\n", 0, m.start()) + 1, kind, number, ranges))
    return found


def cites_within_item(lines: list[str], kind: str, number: str, ranges: list[tuple[int, int]]) -> bool:
    """One of the cited ranges holds the item's label (a table's caption may follow its body), or lies inside the
    item's own text: after its label and before the next item or heading (the proof that follows an item is its
    text too)."""
    after = CAPTION_AFTER if kind == "Table" else 0
    if label_in(lines, kind, number, [(lo, hi + after) for lo, hi in ranges]):
        return True
    names = ABBREVIATIONS.get(kind.lower(), (kind.lower(),))
    label = re.compile(r"(" + "|".join(n for n in names if n) + r")\.?\s*" + re.escape(number) + r"(?![\d.]\d)", re.I)
    for lo, hi in ranges:
        start = next((k for k in range(min(lo, len(lines)) - 1, -1, -1) if label.match(lines[k].lstrip("*# "))), None)
        if start is not None and not any(ITEM_START.match(lines[k]) for k in range(start + 1, min(hi, len(lines)))):
            return True
    return False


def paper_sources(paper: str) -> list[Path]:
    package = ROOT / "certunlearn"
    places = (package / "formulas", package / "claims", package / "algorithms", ROOT / "proofs")
    return sorted(p for base in places for p in ([base / f"{paper}.py"] + list((base / paper).rglob("*.py")))
                  if p.is_file())


@pytest.mark.skipif(PAPERS_DIR is None, reason="the papers (shared/papers) are not beside this checkout")
@pytest.mark.parametrize("paper", sorted(FILES))
def test_every_prose_citation_points_at_its_item(paper):
    """Every "Item N (line(s) a–b)" in the statements, docstrings and comments of a paper's formulas, claims,
    algorithms and derivations points at the item's label or inside its text."""
    lines = paper_lines(paper)
    wrong = [f"{path.relative_to(ROOT)}:{at}: {kind} {number} at lines {ranges}"
             for path in paper_sources(paper)
             for at, kind, number, ranges in prose_citations(path.read_text())
             if not cites_within_item(lines, kind, number, ranges)]
    assert wrong == []


def test_the_prose_citation_check_bites():
    lines = ["Theorem 5. Let f be convex.", "Then R ≤ 3.", "", "4 Active unlearning", "Lemma 6. x", "*Proof.* y"]
    assert prose_citations("see Theorem 5 (line 2) and Lemma 6, lines 5–6; the proof of Lemma 6 (line 1)") == [
        (1, "Theorem", "5", [(2, 2)]), (1, "Lemma", "6", [(5, 6)])]
    assert prose_citations("Algorithm 1, line 5; Remark 3.6 (3.2); Fact E.1 (15)") == []
    assert prose_citations("Lemma 4.2 / Lemma B.1 (lines 1, 5–6)") == [(1, "Lemma", "B.1", [(1, 1), (5, 6)])]
    assert cites_within_item(lines, "Theorem", "5", [(2, 2)])
    assert not cites_within_item(lines, "Theorem", "5", [(5, 6)])  # past the heading: stale
    assert not cites_within_item(lines, "Lemma", "6", [(1, 1)])
    assert cites_within_item(lines, "Lemma", "6", [(1, 1), (5, 5)])
    assert cites_within_item(lines, "Lemma", "6", [(6, 6)])  # its proof
    long = ["Theorem 5. Let f be convex.", "a", "b", "c", "d", "4 Active unlearning", "e", "f", "g"]
    assert cites_within_item(long, "Theorem", "5", [(4, 5)])  # inside the theorem's text
    assert not cites_within_item(long, "Theorem", "5", [(5, 8)])  # runs into the next section
