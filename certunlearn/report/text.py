"""Human output: rich tables and the progress bar (stderr, so stdout stays clean)."""
from __future__ import annotations

import contextlib
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..check.result import CheckResult, control_passed, summary
from ..claims import Claim

STYLE = {"holds": "green", "violated": "red", "inconclusive": "yellow"}


def claims_table(claims: list[Claim], console: Console | None = None) -> None:
    table = Table(title=f"{len(claims)} claims")
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


def results_table(results: list[CheckResult], saved: list[Path], console: Console | None = None) -> None:
    console = console or _console()
    table = Table(title="certunlearn check")
    for col in ("id", "kind", "verdict", "tightness", "instances", "derivation", "s"):
        table.add_column(col, overflow="fold", no_wrap=col == "id")
    for r in results:
        verdict = f"[{STYLE[r.verdict]}]{r.verdict}[/]"
        if r.control != "none":
            verdict += f" ({r.control} control{'' if control_passed(r) else ' FAILED'})"
        tight = "—" if r.tightness is None else f"{r.tightness:.6g}"
        table.add_row(r.id, r.kind, verdict, tight, str(r.instances.get("total", 0)), symbolic_summary(r), f"{r.seconds:.1f}")
    console.print(table)
    s = summary(results)
    console.print(f"{s['holds']} hold, {s['violated']} violated, {s['inconclusive']} inconclusive"
                  + (f"; [red]controls failed: {', '.join(s['failed_controls'])}[/]" if s["failed_controls"] else ""))
    for r in results:
        if r.reason:
            console.print(f"  {r.id}: {r.reason}")
    for path in saved:
        console.print(f"  counterexample saved: {path}  (certunlearn replay {path})")


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
