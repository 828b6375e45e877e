"""The ``certunlearn`` command: list, check, prove, calibrate, replay, audit (see docs/architecture.md and the
README's "What you can do").

Exit codes: 0 when every requested claim was evaluated, whatever the verdicts; 2 for bad usage or bad input
(one line ``certunlearn: error: ...`` naming the parameter — also when a file cannot be written); 1 for an
internal error (with its traceback, for the bug report); 128 + the signal when interrupted (130 for Ctrl-C,
143 for SIGTERM).

Interrupts: Ctrl-C or SIGTERM during ``check`` cancels pending work, stops the worker processes (which never
outlive the command: :mod:`certunlearn.processes`) and prints the results finished so far (a JSON document
with ``"interrupted": true`` under ``--json``); further Ctrl-C presses during that cleanup are ignored.
Output paths (``--report``, ``--counterexamples``, ``--figure``) are checked before any work starts; if one
still fails to be written at the end, the results are printed first, then the one-line error (exit 2).
"""
from __future__ import annotations

import argparse
import json
import math
import os
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


# Type functions raise UsageError (not a ValueError), so argparse lets the library's own message through
# instead of replacing it with "invalid samples value: '7'".
def _number(name: str, low: float | None = None, high: float | None = None):
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise UsageError(f"{name}: not a number: {text!r}") from None
        if math.isnan(value):
            raise UsageError(f"{name}: NaN is not allowed")
        if low is not None and not low < value < high:
            raise UsageError(f"{name}: must lie in ({low:g}, {high:g}), got {text}")
        return value

    parse.__name__ = name
    return parse


def _count(name: str, minimum: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise UsageError(f"{name}: not an integer: {text!r}") from None
        if value < minimum:
            raise UsageError(f"{name}: must be ≥ {minimum}, got {value}")
        return value

    parse.__name__ = name
    return parse


def _integer(name: str):
    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise UsageError(f"{name}: not an integer: {text!r}") from None

    parse.__name__ = name
    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="certunlearn", description="Certified unlearning: claims, derivations, exact checks.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("list", help="list the registered claims")
    p.add_argument("--paper", choices=PAPER_KEYS)
    p.add_argument("--claims", metavar="FILE|MODULE", action="append", help="also list your own claims; repeatable")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("check", help="check claims against adversarial instances, exactly")
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--claims", metavar="FILE|MODULE", action="append",
                   help="load your own claims (a Python file or module defining CLAIMS); repeatable")
    p.add_argument("--no-cache", action="store_true",
                   help="re-derive every proof instead of reading the derivation cache (~/.cache/certunlearn)")
    p.add_argument("--all", action="store_true")
    p.add_argument("--paper", choices=PAPER_KEYS)
    p.add_argument("--profile", choices=("quick", "thorough"), default="quick")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the checks on a dask.distributed cluster (e.g. tcp://host:8786; needs `distributed`)")
    p.add_argument("--seed", type=_integer("seed"), default=0)
    p.add_argument("--json", action="store_true")
    p.add_argument("--report", metavar="FILE", help="write a report with figures and provenance: FILE.html (one file) "
                                                    "or FILE.md (its figures go to FILE_figures/ beside it)")
    p.add_argument("--counterexamples", metavar="DIR", default=None,
                   help="where counterexamples are saved as JSON (default: ./counterexamples)")

    p = sub.add_parser("prove", help="print the derivation chain of claims with each step's status")
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--claims", metavar="FILE|MODULE", action="append",
                   help="load your own claims (and their derivations) from a Python file or module; repeatable")
    p.add_argument("--no-cache", action="store_true",
                   help="re-derive every proof instead of reading the derivation cache (~/.cache/certunlearn)")
    p.add_argument("--all", action="store_true")
    p.add_argument("--latex", action="store_true")
    p.add_argument("--json", action="store_true", help="one JSON document: per derivation its claim, proof status, "
                                                       "start and steps (status, relation, method, box)")

    p = sub.add_parser("calibrate", help="noise σ of the Gaussian mechanism for (ε, δ)")
    p.add_argument("--epsilon", type=_number("epsilon"), required=True)
    p.add_argument("--delta", type=_number("delta"), required=True)
    p.add_argument("--sensitivity", type=_number("sensitivity"), default=1.0)
    p.add_argument("--method", choices=("exact", "classic", "zcdp"), default="exact")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("replay", help="re-evaluate a saved counterexample exactly")
    p.add_argument("path", metavar="COUNTEREXAMPLE.json")

    p = sub.add_parser("audit", help="statistical lower bound on ε of a candidate's published output (black box)")
    p.add_argument("target", metavar="MODULE:CALLABLE", nargs="?",
                   help="candidate(instance, side, rng, size) -> samples; protocol in certunlearn.audit.run")
    p.add_argument("--claim", required=True, metavar="ID", help="the (ε, δ) certificate to audit")
    p.add_argument("--describe", action="store_true",
                   help="print the keys of the instance the claim passes to the candidate, and stop")
    p.add_argument("--samples", type=_count("samples", 8), default=100_000, help="samples per side (default 100000)")
    p.add_argument("--confidence", type=_number("confidence", 0.0, 1.0), default=0.95, help="1 − β (default 0.95)")
    p.add_argument("--trials", type=_count("trials", 1), default=1, help="neighbouring inputs to try (default 1)")
    p.add_argument("--seed", type=_integer("seed"), default=0)
    p.add_argument("--gaussian", action="store_true", help="the output is declared Gaussian: add the parametric test")
    p.add_argument("--instance", metavar="FILE.json", help="audit this instance (a JSON object) instead of the claim's")
    p.add_argument("--figure", metavar="FILE.png", help="write the ε lower bound against the number of samples")
    p.add_argument("--json", action="store_true")
    return parser


def _selected_ids(args: argparse.Namespace, with_derivation: bool = False) -> list[str]:
    from .claims import all_claims, get_claim
    from .claims.registry import load_claims

    if args.ids and (args.all or getattr(args, "paper", None)):
        raise UsageError("give claim ids or --all/--paper, not both")
    loaded = [cid for source in getattr(args, "claims", None) or () for cid in load_claims(source)]
    if args.ids:
        return [get_claim(i).id for i in args.ids]
    if loaded and not (args.all or getattr(args, "paper", None)):
        return [cid for cid in loaded if get_claim(cid).derivation or not with_derivation]
    claims = all_claims(getattr(args, "paper", None))
    return [c.id for c in claims if c.derivation or not with_derivation]


def writable_file(option: str, path: str, suffixes: tuple[str, ...] = ()) -> Path:
    """``path`` as a file that can be written (its missing parent folders created then), checked before any
    work: the right suffix, not a directory, and the nearest existing ancestor a writable directory."""
    p = Path(path)
    if suffixes and p.suffix.lower() not in suffixes:
        raise InvalidParameterError(option, f"the file must end in {' or '.join(suffixes)}, got {path}")
    if p.is_dir():
        raise InvalidParameterError(option, f"{path} is a directory")
    if p.exists() and not os.access(p, os.W_OK):
        raise InvalidParameterError(option, f"cannot write {path}: permission denied")
    _writable_ancestor(option, p.parent)
    return p


def writable_dir(option: str, path: str) -> Path:
    """``path`` as a directory that exists or can be created, and written in."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise InvalidParameterError(option, f"{path} exists and is not a directory")
    _writable_ancestor(option, p)
    return p


def _writable_ancestor(option: str, folder: Path) -> None:
    folder = Path(os.path.abspath(folder))
    probe = folder
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        raise InvalidParameterError(option, f"cannot create {folder}: {probe} is not a directory")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise InvalidParameterError(option, f"cannot write in {probe}: permission denied")


def _save_failed(option: str, path, exc: OSError) -> InvalidParameterError:
    return InvalidParameterError(option, f"cannot write {path}: {exc.strerror or exc}")


def _listing(c) -> dict:
    return {"id": c.id, "paper": c.paper, "source": c.source, "kind": c.kind.value, "statement": c.statement}


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
        from .formulas import PAPERS

        rows = [_listing(c) for c in all_claims(None) if c.paper in PAPERS]
        try:
            index_path.parent.mkdir(parents=True, exist_ok=True)
            tmp = index_path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(rows))
            os.replace(tmp, index_path)
        except OSError:
            pass  # a read-only cache directory: list without keeping the index
    import importlib.metadata

    from . import CLAIMS_ENTRY_POINT_GROUP

    if args.claims or importlib.metadata.entry_points(group=CLAIMS_ENTRY_POINT_GROUP):  # not in the index: built live
        from .claims import all_claims
        from .claims.registry import load_claims

        for source in args.claims or ():
            load_claims(source)
        known = {r["id"] for r in rows}
        rows += [_listing(c) for c in all_claims(None) if c.id not in known]
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


def _cluster(address: str):
    """A dask.distributed client of the scheduler at ``address``, or a one-line error. Its workers must be processes
    (mpmath's and flint's working precision is process-global): start them with ``dask worker ADDRESS --nthreads 1``."""
    try:
        from distributed import Client
    except ImportError:
        raise InvalidParameterError("--scheduler", "needs dask.distributed (pip install \"dask[distributed]\")") from None
    try:
        return Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InvalidParameterError("--scheduler", f"no dask scheduler answers at {address!r}: {exc}") from None


def cmd_check(args: argparse.Namespace) -> int:
    from .check import check_claims, summary
    from .processes import Interrupted
    from .report.text import progress, results_table

    ids = _selected_ids(args)
    if not ids:
        raise UsageError("no claims selected")
    report = writable_file("--report", args.report, (".md", ".html")) if args.report else None
    # a directory given explicitly is checked up front; the default one only when a counterexample is saved
    ce_dir = writable_dir("--counterexamples", args.counterexamples) if args.counterexamples else Path("counterexamples")
    interrupted = None
    client = _cluster(args.scheduler) if args.scheduler else None
    try:
        with progress(len(ids), enabled=not args.json) as advance:
            try:
                results = check_claims(ids, args.profile, args.seed, on_result=advance,
                                       executor=client.get_executor() if client else None)
            except Interrupted as exc:
                interrupted, results = exc, exc.results
    finally:
        if client is not None:
            client.close()
    saved, saved_by_id, failure = [], {}, None
    for r in results:  # save what can be saved; a failure is reported after the results are shown
        if r.counterexample:
            try:
                saved.append(r.counterexample.save(ce_dir))
                saved_by_id[r.id] = saved[-1]
            except OSError as exc:
                failure = failure or _save_failed("--counterexamples", ce_dir, exc)
    if args.json:
        doc = {"results": [r.to_json() for r in results], "summary": summary(results)}
        if interrupted is not None:
            doc["interrupted"] = True
        print(json.dumps(doc, indent=2, allow_nan=False), flush=True)
    elif results or interrupted is None:
        results_table(results, saved)
    if report is not None and failure is None and (results or interrupted is None):
        from .report.document import write_report

        try:
            path = write_report(results, report, command=_command_line(), profile=args.profile, seed=args.seed,
                                counterexamples=saved_by_id, interrupted=interrupted is not None)
            print(f"report written to {path}", file=sys.stderr)
        except OSError as exc:
            failure = _save_failed("--report", report, exc)
    if interrupted is not None:
        print(f"certunlearn: interrupted ({interrupted.args[0] if interrupted.args else 'SIGINT'}): "
              f"{len(results)} of {len(ids)} claims finished, pending work cancelled", file=sys.stderr)
        return interrupted.exit_code
    if failure is not None:
        raise failure
    return 0


def _command_line() -> str:
    import shlex

    return "certunlearn " + " ".join(shlex.quote(a) for a in _ARGV) if _ARGV is not None else ""


_ARGV: list[str] | None = None


def cmd_prove(args: argparse.Namespace) -> int:
    from .claims import get_claim
    from .derive import check_derivation, load_derivation, render_latex, render_text

    if args.json and args.latex:
        raise UsageError("give --json or --latex, not both")
    ids = _selected_ids(args, with_derivation=True)
    if not ids:
        raise UsageError("no claims selected (give ids or --all)")
    derivations, summary = [], {}
    for claim_id in ids:
        claim = get_claim(claim_id)
        if claim.derivation is None:
            if args.json:
                derivations.append({"claim": claim_id, "proof": "none", "start": None, "steps": []})
            else:
                print(f"{claim_id}: no derivation (a control or a claim whose proof is not written yet)")
            continue
        result = check_derivation(load_derivation(claim.derivation), claim)
        if not args.json:
            print((render_latex if args.latex else render_text)(result))
            continue
        for s in result.steps:
            summary[s.status] = summary.get(s.status, 0) + 1
        derivations.append({"claim": claim_id, "proof": result.proof, "start": result.start_status,
                            "steps": [{"status": s.status, "relation": s.text, "method": s.method or None,
                                       "box": s.box_dict} for s in result.steps]})
    if args.json:
        print(json.dumps({"derivations": derivations, "summary": summary}))
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
        print(f"{r.claim}: {r.description} at {json.dumps(r.evaluation.instance)}")
    return 0


def _load_target(target: str):
    """The callable named ``MODULE:CALLABLE`` (the current directory is importable); any failure to import the
    module (a missing module, a SyntaxError or an exception in it) is one line naming the file and line."""
    import importlib

    from .audit.run import describe_exception

    module_name, sep, attr = target.partition(":")
    if not sep or not module_name or not attr:
        raise InvalidParameterError("MODULE:CALLABLE", f"expected MODULE:CALLABLE, got {target!r}")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        obj = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise InvalidParameterError("MODULE:CALLABLE", f"cannot import {module_name!r}: {exc}") from None
    except SyntaxError as exc:
        where = f"{Path(exc.filename).name}, line {exc.lineno}" if exc.filename else f"line {exc.lineno}"
        raise InvalidParameterError("MODULE:CALLABLE", f"cannot import {module_name!r}: SyntaxError: {exc.msg} "
                                                       f"({where})") from None
    except Exception as exc:  # noqa: BLE001 — the user's module failed while importing
        raise InvalidParameterError("MODULE:CALLABLE", f"cannot import {module_name!r}: "
                                                       f"{describe_exception(exc)}") from None
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
    from .audit.run import check_instance_keys, check_memory, instance_keys
    from .claims import get_claim

    claim = get_claim(args.claim)
    if args.describe:
        keys = instance_keys(claim, args.seed)
        if args.json:
            print(json.dumps({"claim": claim.id, "instance_keys": keys}))
        else:
            print(f"{claim.id} passes the candidate an instance with keys: {', '.join(keys)}")
        return 0
    if args.target is None:
        raise UsageError("the following arguments are required: MODULE:CALLABLE (or --describe)")
    figure = writable_file("--figure", args.figure, (".png", ".svg", ".pdf")) if args.figure else None
    check_memory(args.samples, args.trials if not args.instance else 1)
    instances = None
    if args.instance:
        from .claims.model import decode_instance

        try:
            written = json.loads(Path(args.instance).read_text())
        except (OSError, ValueError) as exc:
            raise InvalidParameterError("--instance", f"cannot read a JSON object from {args.instance}: {exc}") from None
        if not isinstance(written, dict):
            raise InvalidParameterError("--instance", "the file must hold one JSON object")
        check_instance_keys(claim, written, args.seed, "--instance")
        instances = [decode_instance(written)]
    candidate = _load_target(args.target)
    if instances is None:  # choose before the progress bar starts, so bad input gets its one line alone
        instances = select_instances(claim, args.trials, args.seed)
    err = Console(stderr=True)
    columns = (TextColumn("sampling"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    # the bar only on a terminal: elsewhere rich would leave an empty line before a later error message
    with Progress(*columns, console=err, transient=True, disable=args.json or not err.is_terminal) as bar:
        task = bar.add_task("", total=2 * args.samples * len(instances))
        claim, chosen, pairs = draw(candidate, args.claim, samples=args.samples, trials=args.trials, instances=instances,
                                    seed=args.seed, on_progress=lambda done, total: bar.update(task, completed=done, total=total))
    options = {"epsilon": float(chosen[0]["epsilon"]), "delta": float(chosen[0]["delta"]),
               "confidence": args.confidence, "gaussian": args.gaussian, "claim": claim.id}
    result = audit_samples(pairs, instances=chosen, seed=args.seed, **options)
    if args.json:
        print(json.dumps(result.to_json(), indent=2, allow_nan=False), flush=True)
    else:
        print(result.message)
        for b in result.bounds:
            w = b.witness
            where = (f"set {w['set']} at t = {w['threshold']:.6g}: counts {w['count_numerator']}/{w['n_numerator']} vs "
                     f"{w['count_denominator']}/{w['n_denominator']}" if b.method == "threshold" else
                     f"shift ≥ {w['shift_lower']:.6g}, σ ≤ {w['sigma_upper']:.6g}")
            bound = "ε unbounded" if math.isinf(b.epsilon_lower) else f"ε ≥ {b.epsilon_lower:.6g}"
            print(f"  trial {b.trial} {b.method:9s} {b.direction:5s} {bound}  ({where})", flush=True)
    if figure is not None:
        from .audit.figure import plot_curve

        sizes = sorted({max(8, args.samples // 2**k) for k in range(8)})
        try:
            figure.parent.mkdir(parents=True, exist_ok=True)
            plot_curve(lower_bound_curve(pairs, sizes, **options), figure)
        except OSError as exc:
            raise _save_failed("--figure", figure, exc) from None
        print(f"figure written to {figure}", file=sys.stderr)
    return 0


COMMANDS = {"list": cmd_list, "check": cmd_check, "prove": cmd_prove, "calibrate": cmd_calibrate, "replay": cmd_replay,
            "audit": cmd_audit}


def main(argv: list[str] | None = None) -> int:
    """Run the command (``argv`` defaults to ``sys.argv[1:]``) and return its exit code. Run as the command
    (``argv`` None) and interrupted, it leaves at once once the results are printed and the workers stopped —
    tearing down the interpreter's modules (sympy caches, thousands of claims' expressions) can take seconds."""
    code = _main(argv)
    if argv is None and code > 128:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 — a closed pipe: nothing more to say
                pass
        os._exit(code)
    return code


def _main(argv: list[str] | None) -> int:
    from .processes import Interrupted, interruptible

    global _ARGV
    _ARGV = list(sys.argv[1:] if argv is None else argv)
    try:
        with interruptible():
            try:
                args = build_parser().parse_args(argv)
                if getattr(args, "no_cache", False):
                    from .derive import cache

                    cache.disable()
                return COMMANDS[args.command](args)
            except (UsageError, CertunlearnError) as exc:
                print(f"certunlearn: error: {exc}", file=sys.stderr)
                return 2
            except KeyboardInterrupt as exc:
                code = exc.exit_code if isinstance(exc, Interrupted) else 130
                print("certunlearn: interrupted", file=sys.stderr)
                return code
            except Exception:  # an internal error: keep the traceback for the bug report
                traceback.print_exc()
                return 1
    except KeyboardInterrupt:  # a signal between the handlers (the block above ignores the later ones)
        print("certunlearn: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
