"""Human output: rich tables and the progress bar (stderr, so stdout stays clean)."""
from __future__ import annotations

import contextlib
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from pathlib import Path

from rich.console import Console
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ..check.result import CheckResult, summary
from ..check.verdict import failed_controls, plural
from ..claims import Claim

STYLE = {"holds": "green", "violated": "red", "inconclusive": "yellow"}


def rounded(value: float, digits: int, up: bool) -> str:
    """``value`` to at most ``digits`` significant digits, rounded down (or up, for an upper end): a certified end is
    never printed on the wrong side of itself (0.99999999999992 is "0.999999", never "1")."""
    exact = Decimal(value)  # a float's exact value
    short = Decimal(repr(value))  # the shortest decimal that reads back as the float, when on the safe side
    if len(short.as_tuple().digits) <= digits and (short >= exact if up else short <= exact):
        text = short
    else:
        quantum = Decimal(1).scaleb(exact.adjusted() - digits + 1)
        text = exact.quantize(quantum, rounding=ROUND_CEILING if up else ROUND_FLOOR)
    text = text.normalize()
    if text == 0:
        return "0"
    if -4 <= text.adjusted() < 6:
        return f"{text:f}"
    mantissa, exponent = f"{text:e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def _log10_text(value: float) -> str:
    """A log10 to one decimal, rounded down."""
    return f"{Decimal(value).quantize(Decimal('0.1'), rounding=ROUND_FLOOR)}"


def claims_table(claims: list[Claim], console: Console | None = None) -> None:
    table = Table(title=plural(len(claims), "claim"))
    for col in ("id", "kind", "source", "statement"):
        table.add_column(col, overflow="fold")
    for c in claims:
        table.add_row(c.id, c.kind.value, c.source, c.statement)
    (console or _console()).print(table)


def symbolic_summary(result: CheckResult) -> str:
    """E.g. '4 identity, 2 proved, 1 cited · link ok'."""
    if not result.symbolic:
        return "—"
    if result.symbolic[-1]["status"] == "missing":
        return "not written yet"
    *steps, link = result.symbolic
    counts = Counter(s["status"] for s in steps)
    return ", ".join(f"{n} {status}" for status, n in counts.most_common()) + f" · link {link['status']}"


def _console() -> Console:
    """A console that does not squeeze tables to 80 columns when stdout is a pipe or a file."""
    console = Console()
    return console if console.is_terminal else Console(width=160)


def tightness_text(r: CheckResult) -> str:
    """The certified lower end of the tightness, readable at any scale (never a float that underflowed to 0)."""
    if r.attained:
        return "1 (attained)"
    if r.tightness is None:
        return "—"
    if r.tightness == 0 and r.tightness_interval and r.tightness_interval[1] > 0:
        # no certified lower end above 0: say what is known, the upper end (rounded up)
        return f"≤ {rounded(r.tightness_interval[1], 3, up=True)}"
    if r.tightness_log10 is not None and r.tightness < 1e-4:
        return f"10^{_log10_text(r.tightness_log10)}"
    low = rounded(r.tightness, 6, up=False)
    text = f"≥ {low}" if r.tightness_interval and r.tightness_interval[1] != r.tightness else low
    return text + (f" · ε {rounded(r.epsilon_tightness, 3, up=False)}" if r.epsilon_tightness is not None else "")


def verdict_text(r: CheckResult, failed: dict[str, str]) -> str:
    text = f"[{STYLE[r.verdict]}]{r.verdict}[/]" + (" (vacuous)" if r.vacuous else "")
    narrowed = [n["what"] for n in r.scope.get("narrowed", [])]
    if narrowed and r.verdict == "holds":
        text += f" (narrowed: {'; '.join(narrowed)})"
    if r.evidence == "statistical":
        text += " (statistical" + (f", confidence {r.confidence:.4g})" if r.confidence is not None else ")")
    if r.proof != "none":
        text += f" · proof {r.proof}"
    if r.control != "none":
        text += f" ({r.control} control{' FAILED' if r.id in failed else ''})"
    return text


def results_table(results: list[CheckResult], saved: list[Path], console: Console | None = None) -> None:
    """Findings first (printed claims that fail, each with its +fix), then the controls in one line, then every
    claim's row, then the reasons behind inconclusive and vacuous verdicts."""
    console = console or _console()
    s = summary(results)
    failed = failed_controls(results)
    by_id = {r.id: r for r in results}
    fixes = {r.corrects: r for r in results if r.corrects}
    if s["printed_violated"]:
        n = len(s["printed_violated"])
        console.print(f"[bold]Findings: {plural(n, 'claim')} {'fails' if n == 1 else 'fail'} as stated[/]")
        for claim_id in s["printed_violated"]:
            r, fix = by_id[claim_id], fixes.get(claim_id)
            ce = r.counterexample
            line = f"  [red]{claim_id}[/] ({r.source})"
            if ce is not None:
                line += f": observed {ce.observed} > bound {ce.bound}"
            if fix is not None:
                line += f" — {fix.id}: {fix.verdict}"
            console.print(line)
    controls = [r for r in results if r.control != "none"]
    if controls:
        console.print(f"Controls: {len(controls) - len(failed)} of {len(controls)} came out as they must"
                      + (f"; [red]FAILED: {', '.join(sorted(failed))}[/]" if failed else ""))
    table = Table(title="certunlearn check")
    for col in ("id", "kind", "verdict", "tightness", "decided", "derivation", "s"):
        table.add_column(col, overflow="fold", no_wrap=col == "id")
    for r in results:
        n = r.instances
        inside = n.get("within", 0) + n.get("violated", 0) + n.get("undecided", 0) + n.get("error", 0)
        decided = f"{n.get('within', 0) + n.get('violated', 0)}/{inside}"
        table.add_row(r.id, r.kind, verdict_text(r, failed), tightness_text(r), decided, symbolic_summary(r),
                      f"{r.seconds:.1f}")
    console.print(table)
    n_stat = sum(len(ids) for ids in s["statistical"].values())
    console.print(f"{plural(s['claims'], 'claim')}: {s['holds']} {'holds' if s['holds'] == 1 else 'hold'} "
                  f"({len(s['vacuous'])} vacuous), {s['violated']} violated ({len(s['printed_violated'])} as stated, "
                  f"{len(s['readings'])} on a reading (of an O(·) constant or an ambiguous phrase), the rest controls; "
                  f"{len(s['fixes_holding'])} +fix "
                  f"{'holds' if len(s['fixes_holding']) == 1 else 'hold'}), {s['inconclusive']} inconclusive"
                  + (f", {n_stat} statistical" if n_stat else "")
                  + f"; {len(s['proof_broken'])} with a broken proof")
    for claim_id in s["readings"]:
        r = by_id[claim_id]
        indented(console, f"{claim_id}: violated only on a reading — {r.reading}")
    for claim_id in s["proof_steps"]["refuted"]:
        indented(console, f"{claim_id}: a refuted step of the paper's route, not a printed violation — "
                          f"{by_id[claim_id].proof_step}")
    stat = {v: ids for v, ids in s["statistical"].items() if ids}
    if stat:
        console.print("statistical (decided on confidence intervals from sampling, not among the findings above): "
                      + "; ".join(f"{v}: " + ", ".join(f"{i}" + (f" ({c:.4g})" if c is not None else "")
                                                      for i, c in ids.items()) for v, ids in stat.items()))
    indented(console, "tightness: certified lower end of max observed/bound, rounded down (· ε: the ε-scale tightness "
                      "ε′/ε); decided: instances decided / inside the hypotheses; proof: complete, partial (some step "
                      "only sampled, cited or under an assumed condition, or the start stated) or broken (a refuted "
                      "step) — README, \"Verdicts\"", 0)
    for r in results:
        if r.reason:
            indented(console, f"{r.id}: {r.reason}")
    for path in saved:
        indented(console, f"counterexample saved: {path}  (certunlearn replay {path})")


def indented(console: Console, text: str, left: int = 2) -> None:
    """Print plain ``text`` (no markup) wrapped with every line indented by ``left`` — a long claim id or reason
    never wraps back to column 0."""
    console.print(Padding(Text(text), (0, 0, 0, max(left, 2))))


@contextlib.contextmanager
def progress(total: int, enabled: bool = True, stream=None) -> Iterator[Callable[[CheckResult], None]]:
    """Progress on stderr; yields the callback to call once per finished claim.

    On a terminal: a transient progress bar (erased when done, so a later message starts the first line).
    Otherwise (a pipe, a CI log): one plain line per finished claim, ``[k/total] ID: verdict (s)``, flushed at
    once — rich's bar would print nothing until the end, then an empty line. ``enabled=False`` turns the
    terminal's bar off (``--json``); the plain lines of a log are kept."""
    err = Console(stderr=True, file=stream) if stream is not None else Console(stderr=True)
    if not err.is_terminal:
        out = stream if stream is not None else sys.stderr
        count = 0

        def line(result: CheckResult) -> None:
            nonlocal count
            count += 1
            print(f"[{count}/{total}] {result.id}: {result.verdict} ({result.seconds:.1f} s)", file=out, flush=True)

        yield line
        return
    if not enabled:
        yield lambda result: None
        return
    columns = (TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("{task.description}"))
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("", total=total)
        yield lambda result: bar.update(task, advance=1, description=f"{result.id}: {result.verdict}")
