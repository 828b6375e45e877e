"""The ``certunlearn`` command: list, check, prove, calibrate, replay, audit (contract: DESIGN.md).

Exit codes: 0 when every requested claim was evaluated, whatever the verdicts; 2 for bad usage or
bad input (one line naming the parameter); 1 for an internal error.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import traceback
from pathlib import Path

from .errors import CertunlearnError, InvalidParameterError

PAPER_KEYS = ("gaussian", "d2d", "r2d", "retain", "olu", "pomer")


class UsageError(Exception):
    """Bad command-line usage (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage dump
        raise UsageError(message)


def _number(name: str):
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise InvalidParameterError(name, f"not a number: {text!r}") from None
        if math.isnan(value):
            raise InvalidParameterError(name, "NaN is not allowed")
        return value

    parse.__name__ = name
    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="certunlearn", description="Certified unlearning: claims, derivations, exact checks.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("list", help="list the registered claims")
    p.add_argument("--paper", choices=PAPER_KEYS)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("check", help="check claims against adversarial instances, exactly")
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--all", action="store_true")
    p.add_argument("--paper", choices=PAPER_KEYS)
    p.add_argument("--profile", choices=("quick", "thorough"), default="quick")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.add_argument("--report", metavar="FILE", help="write a Markdown (.md) or HTML (.html) report with figures")
    p.add_argument("--counterexamples", metavar="DIR", default="counterexamples",
                   help="where counterexamples are saved as JSON (default: ./counterexamples)")

    p = sub.add_parser("prove", help="print the derivation chain of claims with each step's status")
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--all", action="store_true")
    p.add_argument("--latex", action="store_true")

    p = sub.add_parser("calibrate", help="noise σ of the Gaussian mechanism for (ε, δ)")
    p.add_argument("--epsilon", type=_number("epsilon"), required=True)
    p.add_argument("--delta", type=_number("delta"), required=True)
    p.add_argument("--sensitivity", type=_number("sensitivity"), default=1.0)
    p.add_argument("--method", choices=("exact", "classic", "zcdp"), default="exact")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("replay", help="re-evaluate a saved counterexample exactly")
    p.add_argument("path", metavar="COUNTEREXAMPLE.json")

    p = sub.add_parser("audit", help="statistical lower bound on ε of a candidate's published output (black box)")
    p.add_argument("target", metavar="MODULE:CALLABLE",
                   help="candidate(instance, side, rng, size) -> samples; protocol in certunlearn.audit.run")
    p.add_argument("--claim", required=True, metavar="ID", help="the (ε, δ) certificate to audit")
    p.add_argument("--samples", type=_count("samples", 8), default=100_000, help="samples per side (default 100000)")
    p.add_argument("--confidence", type=_number("confidence"), default=0.95, help="1 − β (default 0.95)")
    p.add_argument("--trials", type=_count("trials", 1), default=1, help="neighbouring inputs to try (default 1)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--gaussian", action="store_true", help="the output is declared Gaussian: add the parametric test")
    p.add_argument("--instance", metavar="FILE.json", help="audit this instance (a JSON object) instead of the claim's")
    p.add_argument("--figure", metavar="FILE.png", help="write the ε lower bound against the number of samples")
    p.add_argument("--json", action="store_true")
    return parser


def _count(name: str, minimum: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise InvalidParameterError(name, f"not an integer: {text!r}") from None
        if value < minimum:
            raise InvalidParameterError(name, f"must be ≥ {minimum}, got {value}")
        return value

    parse.__name__ = name
    return parse


def _selected_ids(args: argparse.Namespace, with_derivation: bool = False) -> list[str]:
    from .claims import all_claims, get_claim

    if args.ids and (args.all or getattr(args, "paper", None)):
        raise UsageError("give claim ids or --all/--paper, not both")
    if args.ids:
        return [get_claim(i).id for i in args.ids]
    claims = all_claims(getattr(args, "paper", None))
    return [c.id for c in claims if c.derivation or not with_derivation]


def cmd_list(args: argparse.Namespace) -> int:
    """List the claims from a listing index (id, paper, source, kind, statement) kept in the user's cache directory
    and keyed by a hash of every source file of the package and its version, so it is never stale; building the
    claims themselves (sympy, scipy …) happens only when the index is missing or stale."""
    import hashlib
    import os

    from . import __version__

    root = Path(__file__).resolve().parent
    digest = hashlib.sha256(f"{__version__}|{sys.version_info[:2]}".encode())
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts and path.is_file():
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    key = digest.hexdigest()[:32]
    cache_root = os.environ.get("CERTUNLEARN_CACHE_DIR")
    index_path = (Path(cache_root) if cache_root else Path.home() / ".cache" / "certunlearn") / "list" / f"{key}.json"
    rows = None
    try:
        rows = json.loads(index_path.read_text())
        if not isinstance(rows, list) or not all(isinstance(r, dict) and set(r) == {"id", "paper", "source", "kind",
                                                                                      "statement"} for r in rows):
            rows = None
    except (OSError, ValueError):
        rows = None
    if rows is None:
        from .claims import all_claims

        rows = [{"id": c.id, "paper": c.paper, "source": c.source, "kind": c.kind.value, "statement": c.statement}
                for c in all_claims(None)]
        try:
            index_path.parent.mkdir(parents=True, exist_ok=True)
            tmp = index_path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(rows))
            os.replace(tmp, index_path)
        except OSError:
            pass  # a read-only cache directory: list without keeping the index
    if args.paper is not None:
        rows = [r for r in rows if r["paper"] == args.paper]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"{len(rows)} claims")
        for col in ("id", "kind", "source", "statement"):
            table.add_column(col, overflow="fold")
        for r in rows:
            table.add_row(r["id"], r["kind"], r["source"], r["statement"])
        console = Console()
        (console if console.is_terminal else Console(width=160)).print(table)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .check import check_claims, summary
    from .report.text import progress, results_table

    ids = _selected_ids(args)
    if not ids:
        raise UsageError("no claims selected")
    if args.report and Path(args.report).suffix.lower() not in (".md", ".html"):
        raise InvalidParameterError("--report", "the report file must end in .md or .html")
    with progress(len(ids), enabled=not args.json) as advance:
        results = check_claims(ids, args.profile, args.seed, on_result=advance)
    saved = [r.counterexample.save(Path(args.counterexamples)) for r in results if r.counterexample]
    if args.json:
        print(json.dumps({"results": [r.to_json() for r in results], "summary": summary(results)}, indent=2, allow_nan=False))
    else:
        results_table(results, saved)
    if args.report:
        from .report.document import write_report

        path = write_report(results, Path(args.report))
        print(f"report written to {path}", file=sys.stderr)
    return 0


def cmd_prove(args: argparse.Namespace) -> int:
    from .claims import get_claim
    from .derive import check_derivation, load_derivation, render_latex, render_text

    ids = _selected_ids(args, with_derivation=True)
    if not ids:
        raise UsageError("no claims selected (give ids or --all)")
    for claim_id in ids:
        claim = get_claim(claim_id)
        if claim.derivation is None:
            print(f"{claim_id}: no derivation (a control or a claim whose proof is not written yet)")
            continue
        result = check_derivation(load_derivation(claim.derivation), claim)
        print((render_latex if args.latex else render_text)(result))
    return 0


def cmd_calibrate(args: argparse.Namespace) -> int:
    from .privacy import calibrate, exact_delta

    sigma = calibrate(args.epsilon, args.delta, args.sensitivity, method=args.method)
    true_delta = exact_delta(args.epsilon, sigma, args.sensitivity)
    if args.json:
        print(json.dumps({"sigma": sigma, "method": args.method, "epsilon": args.epsilon, "delta": args.delta,
                          "sensitivity": args.sensitivity, "true_delta": true_delta}))
    else:
        print(f"sigma = {sigma!r}  (method {args.method}; true delta at epsilon={args.epsilon!r} is "
              f"{true_delta!r} <= {args.delta!r})")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .check import replay

    for r in replay(args.path):
        ev = r.evaluation
        state = "reproduced: violated" if r.reproduced else f"not reproduced: {ev.outcome}"
        print(f"{r.claim}: {state} — observed {ev.observed} vs bound {ev.bound} at "
              f"{json.dumps(ev.instance)} ({ev.prec} bits)")
    return 0


def _load_target(target: str):
    """The callable named ``MODULE:CALLABLE`` (the current directory is importable)."""
    import importlib
    import os

    module_name, sep, attr = target.partition(":")
    if not sep or not module_name or not attr:
        raise InvalidParameterError("MODULE:CALLABLE", f"expected MODULE:CALLABLE, got {target!r}")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        obj = importlib.import_module(module_name)
    except ImportError as exc:
        raise InvalidParameterError("MODULE:CALLABLE", f"cannot import {module_name!r}: {exc}") from None
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise InvalidParameterError("MODULE:CALLABLE", f"{module_name!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise InvalidParameterError("MODULE:CALLABLE", f"{target!r} is not callable")
    return obj


def cmd_audit(args: argparse.Namespace) -> int:
    """Sample the candidate on the claim's neighbouring inputs and bound ε (certunlearn.audit)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .audit import audit_samples, draw, lower_bound_curve, select_instances
    from .claims import get_claim

    if not 0 < args.confidence < 1:
        raise InvalidParameterError("confidence", f"must lie in (0, 1), got {args.confidence!r}")
    if args.figure and Path(args.figure).suffix.lower() not in (".png", ".svg", ".pdf"):
        raise InvalidParameterError("--figure", "the figure file must end in .png, .svg or .pdf")
    candidate = _load_target(args.target)
    instances = None
    if args.instance:
        from .claims.model import decode_instance

        try:
            written = json.loads(Path(args.instance).read_text())
        except (OSError, ValueError) as exc:
            raise InvalidParameterError("--instance", f"cannot read a JSON object from {args.instance}: {exc}") from None
        if not isinstance(written, dict):
            raise InvalidParameterError("--instance", "the file must hold one JSON object")
        instances = [decode_instance(written)]
    if instances is None:  # choose before the progress bar starts, so bad input gets its one line alone
        instances = select_instances(get_claim(args.claim), args.trials, args.seed)
    columns = (TextColumn("sampling"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=args.json) as bar:
        task = bar.add_task("", total=2 * args.samples * len(instances))
        claim, chosen, pairs = draw(candidate, args.claim, samples=args.samples, trials=args.trials, instances=instances,
                                    seed=args.seed, on_progress=lambda done, total: bar.update(task, completed=done, total=total))
    options = {"epsilon": float(chosen[0]["epsilon"]), "delta": float(chosen[0]["delta"]),
               "confidence": args.confidence, "gaussian": args.gaussian, "claim": claim.id}
    result = audit_samples(pairs, instances=chosen, seed=args.seed, **options)
    if args.figure:
        from .audit.figure import plot_curve

        sizes = sorted({max(8, args.samples // 2**k) for k in range(8)})
        plot_curve(lower_bound_curve(pairs, sizes, **options), args.figure)
        print(f"figure written to {args.figure}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
        return 0
    print(result.message)
    for b in result.bounds:
        w = b.witness
        where = (f"set {w['set']} at t = {w['threshold']:.6g}: counts {w['count_numerator']}/{w['n_numerator']} vs "
                 f"{w['count_denominator']}/{w['n_denominator']}" if b.method == "threshold" else
                 f"shift ≥ {w['shift_lower']:.6g}, σ ≤ {w['sigma_upper']:.6g}")
        print(f"  trial {b.trial} {b.method:9s} {b.direction:5s} ε ≥ {b.epsilon_lower:.6g}  ({where})")
    return 0


COMMANDS = {"list": cmd_list, "check": cmd_check, "prove": cmd_prove, "calibrate": cmd_calibrate, "replay": cmd_replay,
            "audit": cmd_audit}


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except (UsageError, CertunlearnError) as exc:
        print(f"certunlearn: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("certunlearn: interrupted", file=sys.stderr)
        return 1
    except Exception:  # an internal error: keep the traceback for the bug report
        traceback.print_exc()
        return 1


if __name__ == "__main__":
    sys.exit(main())
