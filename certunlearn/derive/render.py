"""Printing a derivation: plain text (``certunlearn prove ID``) and LaTeX (``--latex``).

Both accept a checked :class:`~certunlearn.derive.model.DerivationResult` (statuses shown) or a bare
:class:`~certunlearn.derive.model.Derivation` (printed as an outline, statuses ``not checked``).
"""
from __future__ import annotations

import textwrap
import unicodedata

from .engine import expr_latex, expr_text, relation_text
from .model import (
    LINK_BROKEN, DefinitionResult, Derivation, DerivationResult, PremiseRecord, StepResult,
)

NOT_CHECKED = "not checked"
_REL_TEXT = {"==": "==", "<=": "<=", "<": "<"}
_REL_LATEX = {"==": "=", "<=": r"\leq", "<": "<"}


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
            given_latex=", ".join(f"{expr_latex(k)} = {expr_latex(v)}" for k, v in given.items())))
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
    return f"{verdict} — {counts}; link {r.link}"


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
    lines.append(wrap("by: " + s.justification + (f" [cited: {s.citation}]" if s.citation else ""), "        "))
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
    "≠": r"\neq", "≈": r"\approx", "→": r"\to", "⇒": r"\Rightarrow", "⇔": r"\Leftrightarrow", "∈": r"\in",
    "∞": r"\infty", "√": r"\surd", "∫": r"\int", "∑": r"\sum", "∂": r"\partial", "·": r"\cdot", "×": r"\times",
    "−": "-", "±": r"\pm", "‖": r"\|", "²": "^2", "³": "^3", "⁻": "^-", "¹": "^1", "ᵢ": "_i", "₀": "_0", "₁": "_1",
    "₂": "_2", "↦": r"\mapsto", "≲": r"\lesssim", "≳": r"\gtrsim", "∼": r"\sim", "∀": r"\forall", "∃": r"\exists", "∘": r"\circ", "∗": "*", "⋅": r"\cdot", "ϵ": r"\epsilon",
}
_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
                 "^": r"\^{}", "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}", "–": "--", "—": "---",
                 "“": "``", "”": "''", "’": "'", "…": r"\dots{}"}


def latex_text(s: str) -> str:
    """``s`` as LaTeX text-mode material (specials escaped; Greek and math symbols as inline math)."""
    out: list[str] = []
    math: list[str] = []
    for ch in s:
        if ch in _UNICODE_LATEX:
            math.append(_UNICODE_LATEX[ch] + (" " if _UNICODE_LATEX[ch][-1].isalpha() else ""))
            continue
        if math:
            out.append("$" + "".join(math).strip() + "$")
            math = []
        if ch in _TEXT_ESCAPES:
            out.append(_TEXT_ESCAPES[ch])
        elif ord(ch) < 128:
            out.append(ch)
        else:
            out.append(_accented(ch))
    if math:
        out.append("$" + "".join(math).strip() + "$")
    return "".join(out)


_ACCENTS = {"\u0301": "\\'", "\u0300": "\\`", "\u0308": '\\"', "\u0302": "\\^", "\u0303": "\\~", "\u0327": "\\c", "\u030b": "\\H"}


def _accented(ch: str) -> str:
    """A non-ASCII letter as a LaTeX accent command (é → \\'{e}); anything else as '?'."""
    parts = unicodedata.normalize("NFD", ch)
    if len(parts) == 2 and parts[0].isascii() and parts[1] in _ACCENTS:
        return f"{_ACCENTS[parts[1]]}{{{parts[0]}}}"
    return "?"


def render_latex(obj: DerivationResult | Derivation) -> str:
    """A LaTeX fragment: premises and abbreviations as lists, the steps in an ``align*`` environment
    annotated ``\\text{[status]}``, then the link."""
    r = _as_result(obj)
    out = [f"% certunlearn derivation of {r.claim_id}", rf"\paragraph{{{latex_text(r.claim_id)}: {latex_text(r.title)}}}"]
    target = "the bound" if r.target == "bound" else rf"the prescribed ${_symbol_latex(r.target)}$"
    out.append(rf"Target: {target}" + (rf" $= {r.target_latex}$." if r.target_latex else "."))
    if r.conditions_latex:
        out.append(r"Conditions: " + ", ".join(f"${c}$" for c in r.conditions_latex) + ".")
    if r.definitions:
        out.append(r"\begin{itemize}")
        for d in r.definitions:
            extra = rf" \quad \text{{[{latex_text(d.assumption)}: {latex_text(d.status)}]}}" if d.assumption else ""
            out.append(rf"  \item ${d.symbol_latex} := {d.expr_latex}{extra}$")
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
        cited = f" [cited: {s.citation}]" if s.citation else ""
        note = rf"\text{{[{latex_text(s.status)}] ({s.index}) {latex_text(_short(s.justification) + cited)}}}"
        rows.append(rf"  {left} &{rel} {s.rhs_latex}{given} && {note}")
    out.append(" \\\\\n".join(rows))
    out.append(r"\end{align*}")
    refuted = [s for s in r.steps if s.status == "refuted"]
    for s in refuted:
        out.append(rf"\noindent Step ({s.index}) refuted: {latex_text(s.detail)}\par")
    link = "holds" if r.link == "identity" else ("BROKEN" if r.link == LINK_BROKEN else latex_text(r.link))
    out.append(rf"\noindent Link to the claim: {link} ({latex_text(r.link_detail)}). Result: {latex_text(_summary(r))}.")
    return "\n".join(out)


def _short(s: str, n: int = 90) -> str:
    return s if len(s) <= n else s[: n - 1].rstrip() + "…"


def _symbol_latex(name: str) -> str:
    import sympy

    return sympy.latex(sympy.Symbol(name))
