"""Issue 16, row 5: `certunlearn prove --latex` writes correct LaTeX for every derivation — no character becomes
``?``, and every formula (inline ``$…$``, each ``align*`` row) parses with matplotlib's mathtext."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from matplotlib.mathtext import MathTextParser

from certunlearn.claims import all_claims, get_claim
from certunlearn.cli import main
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.derive.render import latex_text, render_latex

ROOT = Path(__file__).resolve().parents[2]
PARSER = MathTextParser("path")
WITH_DERIVATION = [c.id for c in all_claims() if c.derivation]


def formulas(latex: str) -> list[str]:
    """Every math expression of a rendered derivation: inline ``$…$`` and each align* row (its annotation's
    inline formulas separately)."""
    found: list[str] = []
    in_align = False
    for line in latex.splitlines():
        if line.startswith(r"\begin{align*}"):
            in_align = True
            continue
        if line.startswith(r"\end{align*}"):
            in_align = False
            continue
        if in_align:
            formula, _, note = line.rstrip().removesuffix("\\\\").partition("&&")
            found.append(formula.replace("&", " "))
            line = note
        found += re.split(r"(?<!\\)\$", line)[1::2]
    return [f for f in found if f.strip()]


#: formulas mathtext has parsed in this process. Parsing is a pure function of the string, and the outlines repeat
#: theirs: d2d's 4338 formulas are 500 distinct ones, and parsing each occurrence cost ~32 of the ~36 CPU-s of d2d's
#: outline test (matplotlib's own parse cache keeps 50). A formula that fails is never added, so it fails every time.
_PARSED: set[str] = set()


def assert_valid(latex: str, where: str) -> None:
    assert "?" not in latex, f"{where}: a character became '?'"
    assert r"\char" not in latex, f"{where}: a character has no LaTeX rendering"
    for formula in formulas(latex):
        if formula in _PARSED:
            continue
        try:
            PARSER.parse(f"${formula}$")
        except Exception as exc:  # noqa: BLE001 — report which formula
            pytest.fail(f"{where}: mathtext cannot parse ${formula}$: {str(exc).splitlines()[-1]}")
        _PARSED.add(formula)


def test_every_character_in_the_proofs_has_a_latex_rendering():
    """The 39 characters of the issue (Γ Θ Λ Π Σ ∇ ⌈⌉ ⌊⌋ ⟨⟩ ∪ ⊗ ᵀ, combining accents, …) and every other
    non-ASCII character used in proofs/ or the claims."""
    sources = [*ROOT.joinpath("proofs").glob("*.py"), *ROOT.joinpath("certunlearn", "claims").glob("*.py")]
    chars = {ch for f in sources for ch in f.read_text(encoding="utf-8") if ord(ch) >= 128}
    bad = {}
    for ch in sorted(chars):
        probe = ("x" + ch) if unicodedata.combining(ch) else ch
        rendered = latex_text(probe)
        if "?" in rendered or r"\char" in rendered:
            bad[ch] = unicodedata.name(ch, hex(ord(ch)))
    assert not bad, f"no LaTeX for {bad}"


@pytest.mark.parametrize("text, expected", [
    ("θ̂", r"$\hat{\theta}$"), ("x̄", r"$\bar{x}$"), ("x⁻¹", "$x^{-1}$"), ("Aᵀ", "$A^{T}$"), ("Σᵢ", r"$\Sigma_{i}$"),
    ("⌈T⌉", r"$\lceil$T$\rceil$"), ("⟨w, x⟩", r"$\langle$w, x$\rangle$"), ("𝓘", r"$\mathcal{I}$"), ("é", r"\'{e}"),
    ("∇ ∪ ⊗ Γ Θ Λ Π", r"$\nabla$ $\cup$ $\otimes$ $\Gamma$ $\Theta$ $\Lambda$ $\Pi$"),
])
def test_latex_text_examples(text, expected):
    assert latex_text(text) == expected


PAPERS = sorted({cid.split(".", 1)[0] for cid in WITH_DERIVATION})


@pytest.mark.parametrize("paper", PAPERS)  # one test per paper: the workers share the ~330 outlines
def test_every_derivation_outline_is_valid_latex(paper):
    """All registered derivations, printed unchecked (the text of every step, premise and note)."""
    ids = [cid for cid in WITH_DERIVATION if cid.startswith(paper + ".")]
    assert ids
    for claim_id in ids:
        assert_valid(render_latex(load_derivation(get_claim(claim_id).derivation)), claim_id)


@pytest.mark.parametrize("claim_id", ["gaussian.zcdp", "gaussian.exact", "gaussian.classic"])
def test_prove_latex_of_a_sample(capsys, claim_id):
    assert main(["prove", claim_id, "--latex"]) == 0
    assert_valid(capsys.readouterr().out, claim_id)


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", WITH_DERIVATION)
def test_prove_latex_of_every_checked_derivation(claim_id):
    claim = get_claim(claim_id)
    assert_valid(render_latex(check_derivation(load_derivation(claim.derivation), claim)), claim_id)
