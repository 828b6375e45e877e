"""Markdown and HTML reports of a check run, with figures."""
from __future__ import annotations

import base64
import html
from pathlib import Path

from ..check.result import CheckResult, control_passed, summary
from .figures import privacy_profile_figure, tightness_figure
from .text import symbolic_summary


def _figures(results: list[CheckResult]) -> list[tuple[str, str, bytes]]:
    """(file stem, caption, PNG) for each figure the results call for."""
    figs = [("tightness", "Tightness of every claim checked (log scale; the dashed line is the bound).",
             tightness_figure(results))]
    if any(r.paper == "gaussian" for r in results):
        figs.append(("privacy_profile", "Privacy profile δ(ε') of σ calibrated to (ε, δ) = (1, 1e-5) by each "
                     "method; only the exact calibration passes through the target.", privacy_profile_figure()))
    return figs


def _rows(results: list[CheckResult]) -> list[list[str]]:
    rows = []
    for r in results:
        verdict = r.verdict + ("" if r.control == "none" else f" ({r.control} control{'' if control_passed(r) else ', FAILED'})")
        tight = "—" if r.tightness is None else f"{r.tightness:.6g}"
        ce = "" if not r.counterexample else f"observed {r.counterexample.observed} > bound {r.counterexample.bound}"
        rows.append([r.id, r.source, r.kind, verdict, tight, str(r.instances.get("total", 0)), symbolic_summary(r), ce or r.reason])
    return rows


HEADER = ["claim", "source", "kind", "verdict", "tightness", "instances", "derivation", "counterexample / note"]


def write_report(results: list[CheckResult], path: Path) -> Path:
    """Write ``path`` (.md: figures as PNG files beside it; .html: figures embedded)."""
    s = summary(results)
    headline = f"{s['claims']} claims: {s['holds']} hold, {s['violated']} violated, {s['inconclusive']} inconclusive."
    figs = _figures(results)
    if path.suffix.lower() == ".md":
        fig_dir = path.with_name(path.stem + "_figures")
        fig_dir.mkdir(parents=True, exist_ok=True)
        lines = ["# certunlearn check report", "", headline, "", "| " + " | ".join(HEADER) + " |",
                 "|" + "---|" * len(HEADER)]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in _rows(results)]
        for stem, caption, png in figs:
            (fig_dir / f"{stem}.png").write_bytes(png)
            lines += ["", f"![{caption}]({fig_dir.name}/{stem}.png)", "", f"*{caption}*"]
        path.write_text("\n".join(lines) + "\n")
    else:
        cells = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in _rows(results))
        images = "".join(
            f'<figure><img alt="{html.escape(cap)}" src="data:image/png;base64,{base64.b64encode(png).decode()}">'
            f"<figcaption>{html.escape(cap)}</figcaption></figure>" for _, cap, png in figs)
        path.write_text(
            "<!doctype html><html><head><meta charset='utf-8'><title>certunlearn check report</title>"
            "<style>body{font-family:sans-serif;max-width:1100px;margin:auto}td,th{border:1px solid #ccc;padding:4px}"
            "table{border-collapse:collapse}</style></head><body><h1>certunlearn check report</h1>"
            f"<p>{html.escape(headline)}</p><table><tr>{''.join(f'<th>{h}</th>' for h in HEADER)}</tr>{cells}</table>"
            f"{images}</body></html>\n")
    return path
