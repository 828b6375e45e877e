"""Printing a derivation: plain text (``certunlearn prove ID``) and LaTeX (``--latex``).

Both accept a checked :class:`~certunlearn.derive.model.DerivationResult` (statuses shown) or a bare
:class:`~certunlearn.derive.model.Derivation` (printed as an outline, statuses ``not checked``).
"""
from __future__ import annotations

import textwrap
import unicodedata

from .engine import expr_latex, expr_text, relation_text
from .prover import condition_text
from .model import (
    LINK_BROKEN, ConditionRecord, DefinitionResult, Derivation, DerivationResult, PremiseRecord, StepResult,
)

NOT_CHECKED = "not checked"
_REL_TEXT = {"==": "==", "<=": "<=", "<": "<"}
_REL_LATEX = {"==": "=", "<=": r"\leq", "<": "<"}



def _cite_tag(s: StepResult) -> str:
    """"lemma" for a step established as an instance of a lemma (it cites the lemma's claim), else "cited"."""
    return "lemma" if s.method == "lemma" else "cited"

def outline(derivation: Derivation) -> DerivationResult:
    """The derivation as an unchecked result (for printing without running the engine)."""
    steps = []
    prev = None
    for i, st in enumerate(derivation.steps, start=1):
        lhs = st.lhs if st.lhs is not None else prev
        given = dict(st.given)
        steps.append(StepResult(
            index=i, text=relation_text(lhs, st.rel, st.rhs), rel=st.rel, lhs=expr_text(lhs), rhs=expr_text(st.rhs),
            lhs_latex=expr_latex(lhs), rhs_latex=expr_latex(st.rhs), chained=st.chained, status=NOT_CHECKED,
            justification=st.justification, citation=st.cited,
            given=", ".join(f"{expr_text(k)} = {expr_text(v)}" for k, v in given.items()),
            given_latex=", ".join(f"{expr_latex(k)} = {expr_latex(v)}" for k, v in given.items()),
            conditions=tuple(ConditionRecord(condition_text(c), expr_latex(c), NOT_CHECKED) for c in st.conditions)))
        prev = st.rhs
    start = derivation.start
    return DerivationResult(
        claim_id=derivation.claim_id, target=derivation.target, title=derivation.title,
        start=start if isinstance(start, str) else expr_text(start), start_check=NOT_CHECKED, start_detail="",
        steps=tuple(steps), chain_start=derivation.chain_start + 1, link=NOT_CHECKED,
        link_text=f"last rhs = the claim's {derivation.target}", link_detail="", last_rhs=expr_text(derivation.steps[-1].rhs),
        target_expr="", target_latex="",
        definitions=tuple(DefinitionResult(expr_text(s), expr_latex(s), expr_text(v), expr_latex(v),
                                           "positive" if s.is_positive else "", NOT_CHECKED if s.is_positive else "")
                          for s, v in derivation.where),
        premises=tuple(PremiseRecord(p.statement, p.citation, expr_text(p.relation) if p.relation is not None else "",
                                     expr_latex(p.relation) if p.relation is not None else "")
                       for p in derivation.premises),
        conditions=tuple(expr_text(c) for c in derivation.conditions),
        conditions_latex=tuple(expr_latex(c) for c in derivation.conditions), note=derivation.note)


def _as_result(obj: DerivationResult | Derivation) -> DerivationResult:
    if isinstance(obj, Derivation):
        return outline(obj)
    if isinstance(obj, DerivationResult):
        return obj
    raise TypeError(f"cannot render {type(obj).__name__}")


def _summary(r: DerivationResult) -> str:
    if r.link == NOT_CHECKED:
        return "not checked"
    counts = ", ".join(f"{n} {s}" for s, n in sorted(r.counts().items(), key=lambda kv: -kv[1]))
    verdict = "ok" if r.ok else "NOT ok"
    if r.ok and r.established:
        verdict = "ok, every step established"
    assumed = sum(len(s.assumed) for s in r.steps)
    under = f"; {assumed} step condition{'s' * (assumed != 1)} assumed (listed with their steps)" if assumed else ""
    return f"{verdict} — {counts}; link {r.link}{under}"


# ----------------------------------------------------------------------------------------------------
# text


def render_text(obj: DerivationResult | Derivation, width: int = 100) -> str:
    """The chain with each step's status, justification and what established (or refuted) it."""
    r = _as_result(obj)
    wrap = lambda s, ind: textwrap.fill(s, width=width, initial_indent=ind, subsequent_indent=ind)  # noqa: E731
    out = [f"{r.claim_id} — {r.title}"]
    target = "the claim's bound" if r.target == "bound" else f"the prescribed parameter {r.target}"
    out.append(f"target: {target}" + (f" = {r.target_expr}" if r.target_expr else ""))
    if r.conditions:
        out.append("conditions: " + ", ".join(r.conditions))
    if r.definitions:
        out.append("where:")
        for d in r.definitions:
            line = f"  {d.symbol} := {d.expr}"
            if d.assumption:
                line += f"    [{d.assumption}: {d.status}]"
            out.append(line)
            if d.detail:
                out.append(wrap(d.detail, "        "))
    if r.premises:
        out.append("premises (outside results taken as given — cited, no status):")
        for i, p in enumerate(r.premises, start=1):
            out.append(wrap(f"P{i}. [{p.citation}] {p.statement}", "  "))
            if p.relation:
                out.append(f"      {p.relation}")
    out.append("steps:")
    for s in r.steps:
        if s.index == r.chain_start and r.chain_start > 1:
            out.append(f"  final chain, from {r.start}:")
        out.extend(_text_step(s, wrap))
    out.append(f"start: {r.start_check}" + (f" — {r.start_detail}" if r.start_detail else ""))
    if r.start_check != NOT_CHECKED:
        out.append(wrap(f"start against the claim's quantity: {r.start_status}"
                        + (f" — {r.start_status_detail}" if r.start_status_detail else ""), ""))
    out.append(f"link: {r.link}" + (f" — {r.link_detail}" if r.link_detail else ""))
    if r.note:
        out.append(wrap("note: " + r.note, ""))
    out.append(f"result: {_summary(r)}" + (f"  ({r.seconds:.2f} s)" if r.seconds else ""))
    return "\n".join(out)


def _text_step(s: StepResult, wrap) -> list[str]:
    head = f"  ({s.index}) [{s.status}]"
    rel = _REL_TEXT[s.rel]
    if s.chained:
        lines = [f"{head}  {rel} {s.rhs}"]
    else:
        lines = [f"{head}  {s.lhs} {rel} {s.rhs}"]
    if s.given:
        lines.append(f"        given {s.given}")
    lines.append(wrap("by: " + s.justification + (f" [{_cite_tag(s)}: {s.citation}]" if s.citation else ""), "        "))
    if s.conditions:
        lines.append(wrap("under: " + "; ".join(f"{c.text} [{c.origin}]" for c in s.conditions), "        "))
    if s.detail:
        lines.append(wrap(("check: " if s.status != "refuted" else "REFUTED: ") + s.detail, "        "))
    return lines


# ----------------------------------------------------------------------------------------------------
# LaTeX

_UNICODE_LATEX = {
    "α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "Δ": r"\Delta", "ε": r"\varepsilon",
    "ζ": r"\zeta", "η": r"\eta", "θ": r"\theta", "κ": r"\kappa", "λ": r"\lambda", "μ": r"\mu", "ν": r"\nu",
    "ξ": r"\xi", "π": r"\pi", "ρ": r"\rho", "σ": r"\sigma", "τ": r"\tau", "φ": r"\varphi", "Φ": r"\Phi",
    "χ": r"\chi", "ψ": r"\psi", "ω": r"\omega", "Ω": r"\Omega", "ℓ": r"\ell", "≤": r"\leq", "≥": r"\geq",
    "ι": r"\iota", "ϕ": r"\phi", "ϑ": r"\vartheta", "ϱ": r"\varrho", "ς": r"\varsigma", "υ": r"\upsilon",
    "Γ": r"\Gamma", "Θ": r"\Theta", "Λ": r"\Lambda", "Ξ": r"\Xi", "Π": r"\Pi", "Σ": r"\Sigma", "Υ": r"\Upsilon",
    "Ψ": r"\Psi", "∆": r"\Delta", "Ω": r"\Omega",
    "≠": r"\neq", "≈": r"\approx", "≍": r"\asymp", "→": r"\to", "⇒": r"\Rightarrow", "⇔": r"\Leftrightarrow", "∈": r"\in",
    "∞": r"\infty", "√": r"\sqrt{\,}", "∫": r"\int", "∑": r"\sum", "∂": r"\partial", "·": r"\cdot", "×": r"\times",
    "−": "-", "±": r"\pm", "∓": r"\mp", "‖": r"\|", "↦": r"\mapsto", "≲": r"\lesssim", "≳": r"\gtrsim", "∼": r"\sim",
    "∀": r"\forall", "∃": r"\exists", "∘": r"\circ", "∗": "*", "⋅": r"\cdot", "ϵ": r"\epsilon",
    "∇": r"\nabla", "∋": r"\ni", "∉": r"\notin", "∝": r"\propto", "∪": r"\cup", "∩": r"\cap", "⊗": r"\otimes",
    "⊕": r"\oplus", "⊥": r"\perp", "⊤": r"\top", "⌈": r"\lceil", "⌉": r"\rceil", "⌊": r"\lfloor", "⌋": r"\rfloor",
    "⟨": r"\langle", "⟩": r"\rangle", "⟺": r"\Longleftrightarrow", "⟹": r"\Longrightarrow", "⟸": r"\Longleftarrow",
    "⪰": r"\succeq", "⪯": r"\preceq", "≻": r"\succ", "≺": r"\prec", "⊂": r"\subset", "⊆": r"\subseteq",
    "⊃": r"\supset", "⊇": r"\supseteq", "∖": r"\setminus", "∅": r"\emptyset", "≡": r"\equiv", "≪": r"\ll",
    "≫": r"\gg", "←": r"\leftarrow", "↔": r"\leftrightarrow", "⇐": r"\Leftarrow", "↑": r"\uparrow",
    "↓": r"\downarrow", "∧": r"\wedge", "∨": r"\vee", "¬": r"\neg", "′": r"\prime", "∏": r"\prod", "≅": r"\cong",
    "≃": r"\simeq", "∣": r"\mid", "⋯": r"\cdots", "≔": ":=", "≥": r"\geq", "⩽": r"\leq", "⩾": r"\geq",
    "½": r"\frac{1}{2}", "¼": r"\frac{1}{4}", "¾": r"\frac{3}{4}", "⅓": r"\frac{1}{3}", "⅔": r"\frac{2}{3}",
    "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "ℤ": r"\mathbb{Z}", "ℚ": r"\mathbb{Q}", "ℂ": r"\mathbb{C}",
    "ℙ": r"\mathbb{P}", "ℏ": r"\hbar", "℘": r"\wp", "÷": r"\div", "∥": r"\parallel", "⊙": r"\odot",
    "⊘": r"\oslash", "⊖": r"\ominus", "∠": r"\angle", "△": r"\triangle", "⋆": r"\star", "∎": r"\blacksquare",
}
#: Superscript and subscript characters: a run of them becomes one group, x⁻¹ → x^{-1}, θ₊ → \theta_{+}.
_SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱˣᵀᵗᵏᵈᵐᵖʳˢʲᵃᵇᶜᵉᶠᵍʰˡᵒᵘᵛʷʸᶻᴴ", "0123456789+-=()nixTtkdmprsjabcefghlouvwyzH"))
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ", "0123456789+-=()aeoxhklmnpstijruv"))
#: Combining marks drawn as math accents on the preceding character (θ̂ → \hat{\theta}).
_MATH_ACCENTS = {"\u0302": r"\hat", "\u0303": r"\tilde", "\u0304": r"\bar", "\u0305": r"\bar", "\u0307": r"\dot",
                 "\u0332": r"\underline", "\u20d7": r"\vec", "\u0306": r"\breve", "\u030c": r"\check"}
_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
                 "^": r"\^{}", "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}", "–": "--", "—": "---",
                 "“": "``", "”": "''", "’": "'", "‘": "`", "…": r"\dots{}", "§": r"\S{}", "¶": r"\P{}",
                 "\u00a0": "~", "«": "<<", "»": ">>", "•": r"\textbullet{}", "°": r"\ensuremath{^\circ}",
                 "\u2009": r"\,", "\u202f": r"\,", "\u200b": ""}
_MATH_STYLES = (("DOUBLE-STRUCK", r"\mathbb"), ("FRAKTUR", r"\mathfrak"), ("SCRIPT", r"\mathcal"),
                ("SANS-SERIF", r"\mathsf"), ("MONOSPACE", r"\mathtt"), ("BOLD", r"\mathbf"))


def _math_letter(ch: str) -> str | None:
    """A mathematical alphanumeric (𝓘, ℒ, 𝐱, 𝔼) as a font command on its letter, or None."""
    name = unicodedata.name(ch, "")
    parts = name.split()
    if len(parts) < 3 or parts[-2] not in ("CAPITAL", "SMALL") or len(parts[-1]) != 1:
        return None
    if not (name.startswith("MATHEMATICAL ") or parts[0] in ("SCRIPT", "DOUBLE-STRUCK", "BLACK-LETTER")):
        return None
    letter = parts[-1] if parts[-2] == "CAPITAL" else parts[-1].lower()
    style = next((cmd for key, cmd in _MATH_STYLES if key in parts), "")
    if "BLACK-LETTER" in parts:
        style = r"\mathfrak"
    if style == r"\mathcal" and parts[-2] == "SMALL":
        style = ""  # no lower-case calligraphic letters in LaTeX
    return f"{style}{{{letter}}}" if style else letter


def _math_symbol(ch: str) -> str | None:
    """``ch`` in math mode, or None when it is not a math character."""
    if ch in _UNICODE_LATEX:
        return _UNICODE_LATEX[ch]
    return _math_letter(ch)


def _units(s: str) -> list[tuple[str, str]]:
    """``s`` as (base character, combining marks) pairs."""
    units: list[tuple[str, str]] = []
    for ch in s:
        if unicodedata.combining(ch) and units:
            base, marks = units[-1]
            units[-1] = (base, marks + ch)
        else:
            units.append((ch, ""))
    return units


def _join_math(tokens: list[str]) -> str:
    """Math tokens as one inline formula: runs of super-/subscripts grouped, a space after a command word."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok[0] in "\x01\x02":
            kind, group = tok[0], []
            while i < len(tokens) and tokens[i][0] == kind:
                group.append(tokens[i][1:])
                i += 1
            if not out:
                out.append("{}")
            out.append(("^{" if kind == "\x01" else "_{") + "".join(group) + "}")
            continue
        if out and out[-1][-1:].isalpha() and out[-1].startswith("\\") and out[-1][-1:] != "}" and tok[0].isalnum():
            out.append(" ")
        out.append(tok)
        i += 1
    return "$" + "".join(out).strip() + "$"


def latex_text(s: str) -> str:
    """``s`` as LaTeX text-mode material: specials escaped; Greek letters, math symbols, super- and subscripts
    and letters with math accents (θ̂, x̄) as inline math; accented letters of words (é) as text accents. Every
    character gets a rendering: none becomes ``?``."""
    out: list[str] = []
    math: list[str] = []

    def pull_previous_letter() -> None:
        # x² or θ̂ right after a letter: the letter joins the formula, so the superscript attaches to it
        if not math and out and len(out[-1]) == 1 and out[-1].isascii() and out[-1].isalnum():
            math.append(out.pop())

    for base, marks in _units(s):
        if marks and not (base.isascii() and base.isalpha() and all(m in _ACCENTS for m in marks)):
            body = _math_symbol(base) or (base if base.isascii() and base.isalnum() else _fallback(base))
            for mark in marks:
                body = f"{_MATH_ACCENTS.get(mark, r'hat')}{{{body}}}" if mark in _MATH_ACCENTS else body
            math.append(body)
            continue
        if marks:  # a decomposed accented letter of a word: é written as e + U+0301
            out.extend(_flush(math))
            text = base
            for mark in marks:
                text = f"{_ACCENTS[mark]}{{{text}}}"
            out.append(text)
            continue
        ch = base
        if ch in _SUPERSCRIPTS or ch in _SUBSCRIPTS:
            pull_previous_letter()
            math.append(("\x01" + _SUPERSCRIPTS[ch]) if ch in _SUPERSCRIPTS else ("\x02" + _SUBSCRIPTS[ch]))
            continue
        symbol = _math_symbol(ch)
        if symbol is not None:
            math.append(symbol)
            continue
        out.extend(_flush(math))
        if ch in _TEXT_ESCAPES:
            out.append(_TEXT_ESCAPES[ch])
        elif ord(ch) < 128:
            out.append(ch)
        else:
            out.append(_accented(ch))
    out.extend(_flush(math))
    return "".join(out)


def _flush(math: list[str]) -> list[str]:
    if not math:
        return []
    text = _join_math(math)
    math.clear()
    return [text]


_ACCENTS = {"\u0301": "\\'", "\u0300": "\\`", "\u0308": '\\"', "\u0302": "\\^", "\u0303": "\\~", "\u0327": "\\c", "\u030b": "\\H",
            "\u030a": "\\r", "\u030c": "\\v", "\u0304": "\\="}
#: Combining marks that are text accents on a letter of a word (é, ö, ç); the others are math accents.
for _mark in _MATH_ACCENTS:
    if _mark in ("\u0302", "\u0303", "\u0304", "\u030c"):
        _ACCENTS.pop(_mark, None)


def _accented(ch: str) -> str:
    """A precomposed letter of a word as a LaTeX accent command (é → \\'{e}, ê → \\^{e})."""
    parts = unicodedata.normalize("NFD", ch)
    text_accents = {**_ACCENTS, "\u0302": "\\^", "\u0303": "\\~", "\u0304": "\\=", "\u030c": "\\v"}
    if len(parts) == 2 and parts[0].isascii() and parts[1] in text_accents:
        return f"{text_accents[parts[1]]}{{{parts[0]}}}"
    return _fallback(ch)


def _fallback(ch: str) -> str:
    """A character with no LaTeX name: its code point for XeLaTeX/LuaLaTeX (never a silent ``?``)."""
    folded = unicodedata.normalize("NFKD", ch)
    if folded.isascii() and folded.strip():
        return "".join(_TEXT_ESCAPES.get(c, c) for c in folded)
    return rf'\char"{ord(ch):04X}{{}}'


#: sympy's LaTeX → the same formula in the subset every parser reads (LaTeX, MathJax, matplotlib's mathtext).
_SYMPY_FIXES = ((r"\limits", ""), (r"\nolimits", ""), (r"\displaystyle", ""))


def _formula(latex: str) -> str:
    for old, new in _SYMPY_FIXES:
        latex = latex.replace(old, new)
    return latex


def render_latex(obj: DerivationResult | Derivation) -> str:
    """A LaTeX fragment: premises and abbreviations as lists, the steps in an ``align*`` environment
    annotated ``\\text{[status]}``, then the link."""
    r = _as_result(obj)
    r = _with_clean_formulas(r)
    out = [f"% certunlearn derivation of {r.claim_id}", rf"\paragraph{{{latex_text(r.claim_id)}: {latex_text(r.title)}}}"]
    target = "the bound" if r.target == "bound" else rf"the prescribed ${_symbol_latex(r.target)}$"
    out.append(rf"Target: {target}" + (rf" $= {r.target_latex}$." if r.target_latex else "."))
    if r.conditions_latex:
        out.append(r"Conditions: " + ", ".join(f"${c}$" for c in r.conditions_latex) + ".")
    if r.definitions:
        out.append(r"\begin{itemize}")
        for d in r.definitions:
            extra = rf" \quad [{latex_text(d.assumption)}: {latex_text(d.status)}]" if d.assumption else ""
            out.append(rf"  \item ${d.symbol_latex} := {d.expr_latex}${extra}")
        out.append(r"\end{itemize}")
    if r.premises:
        out.append(r"Premises (outside results taken as given):")
        out.append(r"\begin{enumerate}")
        for p in r.premises:
            rel = rf" $\;{p.relation_latex}$" if p.relation_latex else ""
            out.append(rf"  \item \textbf{{[cited: {latex_text(p.citation)}]}} {latex_text(p.statement)}{rel}")
        out.append(r"\end{enumerate}")
    out.append(r"\begin{align*}")
    rows = []
    for s in r.steps:
        rel = _REL_LATEX[s.rel]
        left = "" if s.chained else s.lhs_latex
        given = rf" \quad \text{{given }} {s.given_latex}" if s.given_latex else ""
        cited = f" [{_cite_tag(s)}: {s.citation}]" if s.citation else ""
        note = rf"\text{{[{latex_text(s.status)}] ({s.index}) {latex_text(_short(s.justification) + cited)}}}"
        rows.append(rf"  {left} &{rel} {s.rhs_latex}{given} && {note}")
    out.append(" \\\\\n".join(rows))
    out.append(r"\end{align*}")
    for s in r.steps:
        if s.conditions:
            under = ", ".join(rf"${_formula(c.latex)}$ [{latex_text(c.origin)}]" for c in s.conditions)
            out.append(rf"\noindent Step ({s.index}) under {under}.\par")
    refuted = [s for s in r.steps if s.status == "refuted"]
    for s in refuted:
        out.append(rf"\noindent Step ({s.index}) refuted: {latex_text(s.detail)}\par")
    link = "holds" if r.link == "identity" else ("BROKEN" if r.link == LINK_BROKEN else latex_text(r.link))
    if r.start_check != NOT_CHECKED:
        out.append(rf"\noindent Start against the claim's quantity: {latex_text(r.start_status)}"
                   + (f" ({latex_text(r.start_status_detail)})" if r.start_status_detail else "") + r".\par")
    out.append(rf"\noindent Link to the claim: {link} ({latex_text(r.link_detail)}). Result: {latex_text(_summary(r))}.")
    return "\n".join(out)


def _with_clean_formulas(r: DerivationResult) -> DerivationResult:
    import dataclasses

    f = _formula
    return dataclasses.replace(
        r, target_latex=f(r.target_latex), conditions_latex=tuple(f(c) for c in r.conditions_latex),
        steps=tuple(dataclasses.replace(s, lhs_latex=f(s.lhs_latex), rhs_latex=f(s.rhs_latex), given_latex=f(s.given_latex))
                    for s in r.steps),
        definitions=tuple(dataclasses.replace(d, symbol_latex=f(d.symbol_latex), expr_latex=f(d.expr_latex))
                          for d in r.definitions),
        premises=tuple(dataclasses.replace(p, relation_latex=f(p.relation_latex)) for p in r.premises))


def _short(s: str, n: int = 90) -> str:
    return s if len(s) <= n else s[: n - 1].rstrip() + "…"


def _symbol_latex(name: str) -> str:
    import sympy

    return sympy.latex(sympy.Symbol(name))
