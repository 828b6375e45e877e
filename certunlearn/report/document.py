"""Markdown and HTML reports of a check run, with figures and provenance.

``write_report(results, "out.html")`` writes one self-contained file (figures embedded as PNG data).
``write_report(results, "out.md")`` writes the Markdown file and, beside it, a folder ``out_figures/`` holding
its figures as PNG files (the report names the folder; move the two together).

Every report has, in this order: a provenance block (certunlearn version, git commit when run from a checkout,
command line, profile, seed, date, Python), the headline counts, the *findings* (claims of the papers: violated
first, then inconclusive, then holding), the *controls* apart (the checker checking itself: negative controls
must be violated, positive ones must hold), the figures (the tightness of every claim on a log scale; the
privacy profile when Gaussian claims were checked), and each claim's derivation steps as ``certunlearn prove``
reports them. Counterexamples saved by the run are linked (relative paths) from their claim's row.
"""
from __future__ import annotations

import base64
import datetime as _dt
import html
import json
import os
import platform
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from .. import __version__
from ..check.result import CheckResult, summary
from ..check.verdict import failed_controls
from ..claims.registry import origin
from .figures import ordered, privacy_profile_figure, tightness_figure
from .text import symbolic_summary, tightness_text

TITLE = "certunlearn check report"


def git_commit(package: Path | None = None) -> str | None:
    """The commit certunlearn runs from (with ``+dirty`` if modified): the checkout's when this code runs from one,
    else the one recorded when the installed wheel was built (``certunlearn/_build_info.json``, written by
    ``hatch_build.py``); None when neither is known. ``package``: the certunlearn package folder (this one's)."""
    package = package or Path(__file__).resolve().parents[1]
    root = package.parent
    if (root / ".git").exists():
        try:
            commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                                    timeout=10).stdout.strip()
            dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                                   capture_output=True, text=True, timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            commit = dirty = ""
        if commit:
            return commit + ("+dirty" if dirty else "")
    try:
        recorded = json.loads((package / "_build_info.json").read_text(encoding="utf-8")).get("commit")
    except (OSError, ValueError, AttributeError):
        return None
    return f"{recorded} (recorded when the installed build was made)" if isinstance(recorded, str) and recorded else None


def prove_command(claim_id: str) -> str:
    """The command that prints a claim's derivation: a user's claim needs the ``--claims`` it was loaded from."""
    import shlex

    source = origin(claim_id)
    return f"certunlearn prove {f'--claims {shlex.quote(source)} ' if source else ''}{claim_id}"


def provenance(command: str | None = None, profile: str | None = None, seed: int | None = None,
               date: _dt.datetime | None = None) -> list[tuple[str, str]]:
    """(field, value) pairs identifying the run."""
    date = date or _dt.datetime.now(_dt.timezone.utc)
    return [("certunlearn", __version__), ("commit", git_commit() or "unknown (not run from a git checkout, and "
                                                                     "the installed build recorded none)"),
            ("command", command or "unknown (write_report called from Python)"),
            ("profile", profile or "unknown"), ("seed", "unknown" if seed is None else str(seed)),
            ("date", date.strftime("%Y-%m-%d %H:%M:%S UTC")),
            ("python", f"{platform.python_version()} on {platform.system()} {platform.machine()}")]


def _figures(results: list[CheckResult]) -> list[tuple[str, str, bytes]]:
    """(file stem, caption, PNG) for each figure the results call for."""
    figs = [("tightness", "Tightness of every claim checked (max observed / bound, log scale; the dashed line is the "
             "bound; claims with tightness 0 or nothing evaluated sit at the left edge, labelled; controls below the "
             "rule).", tightness_figure(results))]
    if any(r.paper == "gaussian" for r in results):
        figs.append(("privacy_profile", "Privacy profile δ(ε') of σ calibrated to (ε, δ) = (1, 1e-5) by each "
                     "method; only the exact calibration passes through the target.", privacy_profile_figure()))
    return figs


HEADER = ["claim", "source", "kind", "verdict", "tightness", "instances", "derivation", "counterexample / note"]


def _anchor(claim_id: str) -> str:
    return "derivation-" + "".join(c if c.isalnum() else "-" for c in claim_id)


def _row(r: CheckResult, links: Mapping[str, str], failed: Mapping[str, str]) -> tuple[list[str], str | None]:
    """Cells (plain text) and the counterexample's relative link."""
    verdict_ = (r.verdict + (" (vacuous)" if r.vacuous else "")
                + (f" (statistical, confidence {r.confidence:.4g})" if r.evidence == "statistical" and r.confidence
                   is not None else " (statistical)" if r.evidence == "statistical" else "")
                + ("" if r.proof == "none" else f" · proof {r.proof}"))
    verdict = verdict_ + ("" if r.control == "none" else f" ({r.control} control{', FAILED' if r.id in failed else ''})")
    tight = tightness_text(r)
    note = r.reason
    if r.counterexample:
        note = f"observed {r.counterexample.observed} > bound {r.counterexample.bound}"
    return [r.id, r.source, r.kind, verdict, tight, str(r.instances.get("total", 0)), symbolic_summary(r), note], \
        links.get(r.id)


def _relative_links(counterexamples: Mapping[str, Path] | Sequence[Path], results: list[CheckResult],
                    folder: Path) -> dict[str, str]:
    if not isinstance(counterexamples, Mapping):  # paths in the order of the results that have a counterexample
        with_ce = [r.id for r in results if r.counterexample]
        counterexamples = dict(zip(with_ce, counterexamples))
    return {cid: Path(os.path.relpath(Path(p).resolve(), folder.resolve())).as_posix() for cid, p in counterexamples.items()}


def _split(results: list[CheckResult]) -> tuple[list[CheckResult], list[CheckResult]]:
    rows = ordered(results)
    return [r for r in rows if r.control == "none"], [r for r in rows if r.control != "none"]


def write_report(results: list[CheckResult], path: str | Path, *, command: str | None = None,
                 profile: str | None = None, seed: int | None = None,
                 counterexamples: Mapping[str, Path] | Sequence[Path] = (), interrupted: bool = False) -> Path:
    """Write ``path`` (.md: figures as PNG files in ``<stem>_figures/`` beside it; .html: figures embedded);
    missing parent folders are created. Returns ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    s = summary(results)
    headline = f"{s['claims']} claims: {s['holds']} hold, {s['violated']} violated, {s['inconclusive']} inconclusive."
    if s["failed_controls"]:
        headline += f" Controls FAILED: {', '.join(s['failed_controls'])} — the verdicts below are not to be trusted."
    if interrupted:
        headline += " The run was interrupted: only the claims finished before it are reported."
    prov = provenance(command, profile, seed)
    links = _relative_links(counterexamples, results, path.parent)
    findings, controls = _split(results)
    figs = _figures(results)
    if path.suffix.lower() == ".md":
        _write_markdown(path, headline, prov, findings, controls, figs, links, results)
    else:
        _write_html(path, headline, prov, findings, controls, figs, links, results)
    return path


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _md_table(rows: list[CheckResult], links: Mapping[str, str], failed: Mapping[str, str]) -> list[str]:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for r in rows:
        cells, link = _row(r, links, failed)
        cells = [_md_cell(c) for c in cells]
        if r.symbolic:
            cells[6] = f"[{cells[6]}](#{_anchor(r.id)})"
        if link:
            cells[7] += f" ([counterexample]({link}); `certunlearn replay {link}`)"
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _write_markdown(path, headline, prov, findings, controls, figs, links, results) -> None:
    fig_dir = path.with_name(path.stem + "_figures")
    lines = [f"# {TITLE}", "", "## Provenance", ""]
    lines += [f"- **{k}**: `{v}`" if k in ("command", "commit") else f"- **{k}**: {v}" for k, v in prov]
    lines += [f"- **figures**: PNG files in `{fig_dir.name}/` beside this report", "", headline, ""]
    lines += ["## Findings", "", "Claims of the papers, violated first." , ""]
    lines += _md_table(findings, links, failed_controls(results)) if findings else ["(none)"]
    lines += ["", "## Controls", "",
              "The checker checking itself: a negative control must come out violated, a positive one must hold.", ""]
    lines += _md_table(controls, links, failed_controls(results)) if controls else ["(none in this run)"]
    fig_dir.mkdir(parents=True, exist_ok=True)
    lines += ["", "## Figures"]
    for stem, caption, png in figs:
        (fig_dir / f"{stem}.png").write_bytes(png)
        lines += ["", f"![{caption}]({fig_dir.name}/{stem}.png)", "", f"*{caption}*"]
    lines += ["", "## Derivations", "", "Each claim's steps with their status, as `certunlearn prove ID` prints them "
              "(run it for the full chain with justifications)."]
    for r in ordered(results):
        if not r.symbolic:
            continue
        lines += ["", f'<a id="{_anchor(r.id)}"></a>', "", f"### {r.id}", "", f"`{prove_command(r.id)}`", ""]
        lines += [f"{i}. [{st['status']}] {_md_cell(st['step'])}" for i, st in enumerate(r.symbolic, start=1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _html_table(rows: list[CheckResult], links: Mapping[str, str], failed: Mapping[str, str]) -> str:
    out = []
    for r in rows:
        cells, link = _row(r, links, failed)
        tds = [html.escape(c) for c in cells]
        if r.symbolic:
            tds[6] = f'<a href="#{_anchor(r.id)}">{tds[6]}</a>'
        if link:
            tds[7] += f' (<a href="{html.escape(link)}">counterexample</a>)'
        cls = f' class="{r.verdict}"'
        out.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in tds) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in HEADER)
    return f"<table><tr>{head}</tr>{''.join(out)}</table>"


def _write_html(path, headline, prov, findings, controls, figs, links, results) -> None:
    e = html.escape
    provenance_html = "".join(f"<tr><th>{e(k)}</th><td><code>{e(v)}</code></td></tr>" for k, v in prov)
    images = "".join(
        f'<figure><img alt="{e(cap)}" src="data:image/png;base64,{base64.b64encode(png).decode()}">'
        f"<figcaption>{e(cap)}</figcaption></figure>" for _, cap, png in figs)
    derivations = "".join(
        f'<section id="{_anchor(r.id)}"><h3>{e(r.id)}</h3><p><code>{e(prove_command(r.id))}</code></p><ol>'
        + "".join(f"<li>[{e(st['status'])}] {e(st['step'])}</li>" for st in r.symbolic) + "</ol></section>"
        for r in ordered(results) if r.symbolic)
    path.write_text(
        f"<!doctype html><html><head><meta charset='utf-8'><title>{TITLE}</title>"
        "<style>body{font-family:sans-serif;max-width:1200px;margin:auto}td,th{border:1px solid #ccc;padding:4px;"
        "text-align:left}table{border-collapse:collapse}tr.violated td:nth-child(4){color:#b00020;font-weight:bold}"
        "tr.inconclusive td:nth-child(4){color:#8a6d00}.controls{background:#f4f4f4;padding:0 1em 1em}"
        "figure img{max-width:100%}</style></head>"
        f"<body><h1>{TITLE}</h1><h2>Provenance</h2><table class='provenance'>{provenance_html}</table>"
        f"<p><strong>{e(headline)}</strong></p>"
        f"<h2>Findings</h2><p>Claims of the papers, violated first.</p>{_html_table(findings, links, failed_controls(results)) if findings else '<p>(none)</p>'}"
        "<div class='controls'><h2>Controls</h2><p>The checker checking itself: a negative control must come out "
        f"violated, a positive one must hold.</p>{_html_table(controls, links, failed_controls(results)) if controls else '<p>(none in this run)</p>'}</div>"
        f"<h2>Figures</h2>{images}<h2>Derivations</h2><p>Each claim's steps with their status, as "
        f"<code>certunlearn prove ID</code> prints them.</p>{derivations}</body></html>\n", encoding="utf-8")
