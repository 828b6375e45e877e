"""The ``certunlearn`` command: list, check, prove, calibrate, replay, audit, score (see docs/architecture.md and the
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
import tempfile
import traceback
import warnings
from pathlib import Path

from .errors import CertunlearnError, InvalidParameterError, PluginWarning, one_line

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


def _decimal(name: str):
    """A finite number kept as the user's decimal text (so that it is enclosed exactly, never through a float)."""
    def parse(text: str) -> str:
        value = _number(name)(text)
        if not math.isfinite(value):
            raise UsageError(f"{name}: must be a finite number, got {text}")
        return text.strip()

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
    parser.add_argument("--version", action="store_true", help="print the version and the commit, and stop")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("list", help="list the registered claims")
    p.add_argument("--paper", metavar="KEY", help=f"one paper ({', '.join(PAPER_KEYS)}) or your claims' own key")
    p.add_argument("--claims", metavar="FILE|MODULE", action="append", help="also list your own claims; repeatable")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("check", help="check claims against adversarial instances, exactly")
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--claims", metavar="FILE|MODULE", action="append",
                   help="load your own claims (a Python file or module defining CLAIMS); repeatable")
    p.add_argument("--no-cache", action="store_true",
                   help="re-derive every proof instead of reading the derivation cache (~/.cache/certunlearn)")
    p.add_argument("--all", action="store_true")
    p.add_argument("--paper", metavar="KEY", help=f"one paper ({', '.join(PAPER_KEYS)}) or your claims' own key")
    p.add_argument("--profile", choices=("quick", "thorough"), default="quick")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the checks on a dask.distributed cluster (e.g. tcp://host:8786; needs `distributed`)")
    p.add_argument("--seed", type=_integer("seed"), default=0)
    p.add_argument("--timeout", type=_number("--timeout", 0.0, math.inf), default=None, metavar="SECONDS",
                   help="time limit per claim (default: the profile's, 600 s quick, 3600 s thorough); a claim past it "
                        "is inconclusive with the reason")
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

    p.add_argument("--score", action="store_true",
                   help="with --method classic above epsilon = 1: print the formula's sigma and the true delta it "
                        "gives instead of refusing")

    p = sub.add_parser("score", help="the exact privacy a given noise spends: the true δ at ε, or the true ε at δ")
    noise = p.add_mutually_exclusive_group(required=True)
    noise.add_argument("--sigma", type=_decimal("sigma"), help="Gaussian noise standard deviation")
    noise.add_argument("--scale", type=_decimal("scale"), help="Laplace noise scale b")
    p.add_argument("--sensitivity", type=_decimal("sensitivity"), default="1")
    p.add_argument("--mechanism", choices=("gaussian", "laplace", "subsampled-gaussian"), default=None,
                   help="default: gaussian with --sigma, laplace with --scale")
    p.add_argument("--q", type=_decimal("q"), help="sampling probability (subsampled-gaussian; m/n for fixed)")
    p.add_argument("--steps", type=_count("steps", 1), default=1, help="number of composed releases (default 1)")
    p.add_argument("--sampling", choices=("poisson", "fixed"), default=None, help="default poisson")
    p.add_argument("--relation", choices=("add-remove", "replace-one"), default=None,
                   help="neighbouring relation (default: add-remove for poisson, replace-one for fixed)")
    target = p.add_mutually_exclusive_group(required=True)
    target.add_argument("--epsilon", type=_decimal("epsilon"), help="give the true delta at this epsilon")
    target.add_argument("--delta", type=_decimal("delta"), help="give the true epsilon at this delta")
    p.add_argument("--claimed-epsilon", type=_decimal("claimed-epsilon"))
    p.add_argument("--claimed-delta", type=_decimal("claimed-delta"))
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("replay", help="re-evaluate saved counterexamples exactly")
    p.add_argument("paths", metavar="COUNTEREXAMPLE.json", nargs="+")

    p = sub.add_parser("audit", help="statistical lower bound on ε of a candidate's published output (black box)")
    p.add_argument("target", metavar="MODULE:CALLABLE", nargs="?",
                   help="candidate(instance, side, rng, size) -> samples; protocol in certunlearn.audit.run")
    p.add_argument("--claim", required=True, metavar="ID", help="the (ε, δ) certificate to audit")
    p.add_argument("--describe", action="store_true",
                   help="print the keys of the instance the claim passes to the candidate, and stop")
    p.add_argument("--samples", type=_count("samples", 8), default=100_000, help="samples per side (default 100000)")
    p.add_argument("--confidence", type=_number("confidence", 0.0, 1.0), default=0.95, help="1 − β (default 0.95)")
    p.add_argument("--trials", type=_count("trials", 1), default=1, help="neighbouring inputs to try (default 1)")
    p.add_argument("--seed", type=_count("seed", 0), default=0)
    p.add_argument("--gaussian", action="store_true", help="the output is declared Gaussian: add the parametric test")
    p.add_argument("--instance", metavar="FILE.json", help="audit this instance (a JSON object) instead of the claim's")
    p.add_argument("--figure", metavar="FILE.png", help="write the ε lower bound against the number of samples")
    p.add_argument("--retraining", choices=("reference", "candidate"), default="reference",
                   help="who draws side 1 of an unlearning certificate: the reference's retraining (default, where the "
                        "claim has one) or the candidate")
    p.add_argument("--json", action="store_true")
    return parser


def _selected_ids(args: argparse.Namespace, with_derivation: bool = False) -> list[str]:
    from .claims import all_claims, get_claim
    from .claims.registry import load_claims

    if args.ids and (args.all or getattr(args, "paper", None)):
        raise UsageError("give claim ids or --all/--paper, not both")
    loaded = list(dict.fromkeys(cid for source in getattr(args, "claims", None) or () for cid in load_claims(source)))
    _check_paper(getattr(args, "paper", None))
    if args.ids:
        return [get_claim(i).id for i in args.ids]
    if loaded and not (args.all or getattr(args, "paper", None)):
        return [cid for cid in loaded if get_claim(cid).derivation or not with_derivation]
    claims = all_claims(getattr(args, "paper", None))
    return [c.id for c in claims if c.derivation or not with_derivation]


def _check_paper(paper: str | None, known: tuple[str, ...] | None = None) -> None:
    """A ``--paper`` key: a built-in paper's, or one of the loaded claims' (``--claims``, plug-ins)."""
    if paper is None:
        return
    if known is None:
        from .claims.registry import paper_keys

        known = paper_keys()
    if paper not in known:
        raise UsageError(f"--paper: unknown paper key {paper!r}; choose from {', '.join(known)} (your own keys need "
                         "--claims FILE)")


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
    try:  # access() can say yes where the kernel says no (/proc, read-only mounts, root): try for real
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".certunlearn-probe-", dir=folder)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise InvalidParameterError(option, f"cannot write in {folder}: {exc.strerror or exc}") from None


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
        _check_paper(args.paper, tuple(dict.fromkeys([*PAPER_KEYS, *(r["paper"] for r in rows)])))
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
    scheme = address.split("://", 1)[0] if "://" in address else "tcp"
    if scheme != "tcp":
        raise InvalidParameterError("--scheduler", f"{scheme}:// is not supported ({address!r}); give tcp://HOST:PORT "
                                                   "(tls:// needs a security configuration, ucx:// the ucx extras)")
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise InvalidParameterError("--scheduler", f"no dask scheduler answers at {address!r}: {exc}") from None
    workers = client.scheduler_info().get("workers", {})
    threaded = sorted((w, info.get("nthreads")) for w, info in workers.items() if (info.get("nthreads") or 1) > 1)
    if threaded:
        client.close()
        worker, n = threaded[0]
        raise InvalidParameterError("--scheduler", f"worker {worker} runs {n} threads; the checker needs one thread per "
                                                   "worker process (dask worker ADDRESS --nthreads 1)")
    return client


def cmd_check(args: argparse.Namespace) -> int:
    from .check import check_claims, summary
    from .processes import Interrupted
    from .report.text import progress, results_table

    for option in ("report", "counterexamples", "scheduler"):
        if getattr(args, option) is not None and not getattr(args, option).strip():
            raise UsageError(f"--{option}: an empty value; give a {'path' if option != 'scheduler' else 'address'}")
    ids = _selected_ids(args)
    if not ids:
        raise UsageError("no claims selected")
    report = writable_file("--report", args.report, (".md", ".html")) if args.report is not None else None
    # a directory given explicitly is checked up front; the default one only when a counterexample is saved
    ce_dir = (writable_dir("--counterexamples", args.counterexamples) if args.counterexamples is not None
              else Path("counterexamples"))
    interrupted = None
    client = _cluster(args.scheduler) if args.scheduler is not None else None
    try:
        with progress(len(ids), enabled=not args.json) as advance:
            try:
                results = check_claims(ids, args.profile, args.seed, on_result=advance, timeout=args.timeout,
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
    if interrupted is not None and not args.json:
        print(f"interrupted ({interrupted.args[0] if interrupted.args else 'SIGINT'}): only {len(results)} of "
              f"{len(ids)} claims finished; the counts above cover those alone", flush=True)
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
    from .derive.cache import shipped_for

    if args.json and args.latex:
        raise UsageError("--json and --latex exclude each other: give one")
    ids = _selected_ids(args, with_derivation=True)
    if not ids:
        raise UsageError("no claims selected (give ids or --all)")
    derivations, summary, origins = [], {}, {}
    for claim_id in ids:
        if _reader_gone():
            break
        claim = get_claim(claim_id)
        if claim.derivation is None:
            if args.json:
                derivations.append({"claim": claim_id, "proof": "none", "start": "stated", "start_detail": "no derivation",
                                    "hypotheses": [], "premises": [], "assumed": 0, "steps": []})
            else:
                print(f"{claim_id}: no derivation (a control or a claim whose proof is not written yet)")
            continue
        derivation = load_derivation(claim.derivation)
        result = shipped_for(claim, derivation) or check_derivation(derivation, claim)
        if not args.json:
            print((render_latex if args.latex else render_text)(result))
            continue
        for s in result.steps:
            summary[s.status] = summary.get(s.status, 0) + 1
            for c in s.conditions:
                origins[c.kind] = origins.get(c.kind, 0) + 1
        derivations.append({"claim": claim_id, "proof": result.proof, "start": result.start_status,
                            "start_detail": result.start_status_detail,
                            "hypotheses": list(result.conditions),
                            "premises": [{"statement": p.statement, "citation": p.citation, "relation": p.relation or None}
                                         for p in result.premises],
                            "assumed": sum(len(s.assumed) for s in result.steps),
                            "steps": [{"status": s.status, "relation": s.text, "method": s.method or None,
                                       "box": s.box_dict, "conditions": [c.to_json() for c in s.conditions]}
                                      for s in result.steps]})
    if args.json:
        print(json.dumps({"derivations": derivations, "summary": summary, "conditions": origins}, allow_nan=False))
    return 0


def cmd_calibrate(args: argparse.Namespace) -> int:
    from .privacy import calibrate, exact_delta

    if args.score and args.method == "classic" and args.epsilon > 1:
        return _score_classic(args)
    sigma = calibrate(args.epsilon, args.delta, args.sensitivity, method=args.method)
    true_delta = exact_delta(args.epsilon, sigma, args.sensitivity)
    if args.json:
        print(json.dumps({"sigma": sigma, "method": args.method, "epsilon": args.epsilon, "delta": args.delta,
                          "sensitivity": args.sensitivity, "true_delta": true_delta}))
    else:
        print(f"sigma = {sigma!r}  (method {args.method}; true delta at epsilon={args.epsilon!r} is "
              f"{true_delta!r} <= {args.delta!r})")
    return 0


def _score_classic(args: argparse.Namespace) -> int:
    """``calibrate --method classic --score`` above ε = 1: the printed formula's σ (formulas.gaussian.SIGMA_CLASSIC,
    on an enclosure, rounded up) and the true δ it gives, with the verdict against the target δ."""
    from .formulas.gaussian import SIGMA_CLASSIC
    from .numeric.enclosure import arb_upper_float
    from .numeric.precision import workprec
    from .numeric.sympy_arb import arb_eval
    from .privacy.profile import check_real
    from .privacy.score import score, verdict

    for name in ("epsilon", "delta", "sensitivity"):
        check_real(name, getattr(args, name), high=1 if name == "delta" else math.inf)
    with workprec(128):
        sigma = arb_upper_float(arb_eval(SIGMA_CLASSIC, {"epsilon": args.epsilon, "delta": args.delta,
                                                         "Delta": args.sensitivity}))
    result = score("gaussian", sigma=sigma, sensitivity=args.sensitivity, epsilon=args.epsilon)
    outcome = verdict(result, args.delta)
    if args.json:
        print(json.dumps({"sigma": sigma, "method": "classic", "epsilon": args.epsilon, "delta": args.delta,
                          "sensitivity": args.sensitivity, "true_delta": result.interval[1],
                          "true_delta_interval": list(result.interval), "verdict": outcome}))
    else:
        print(f"sigma = {sigma!r}  (method classic, scored outside its hypothesis epsilon <= 1; true delta at "
              f"epsilon={args.epsilon!r} in [{result.interval[0]!r}, {result.interval[1]!r}]: {outcome} against "
              f"delta={args.delta!r})")
    return 0


def _json_interval(interval: tuple[float, float]) -> list[float | None]:
    """An interval's ends as JSON numbers; an end no computation bounded (±inf: no finite ε proved) is null."""
    return [x if math.isfinite(x) else None for x in interval]


def cmd_score(args: argparse.Namespace) -> int:
    from .privacy.score import score, verdict

    mechanism = args.mechanism or ("laplace" if args.scale is not None else "gaussian")
    if mechanism != "subsampled-gaussian":
        for option, value in (("q", args.q), ("sampling", args.sampling), ("relation", args.relation)):
            if value is not None:
                raise UsageError(f"--{option}: only with --mechanism subsampled-gaussian")
    elif args.q is None:
        raise UsageError("--q: required with --mechanism subsampled-gaussian")
    if (args.claimed_epsilon is None) != (args.claimed_delta is None):
        raise UsageError("--claimed-epsilon and --claimed-delta go together")
    common = {"sigma": args.sigma, "scale": args.scale, "sensitivity": args.sensitivity, "steps": args.steps}
    if mechanism == "subsampled-gaussian":
        common.update(q=args.q, sampling=args.sampling or "poisson", relation=args.relation)
    if mechanism != "gaussian" and args.steps >= 2000 and sys.stderr.isatty():
        print(f"composing {args.steps} steps through the certified PLD: this can take a minute…",
              file=sys.stderr, flush=True)
    result = score(mechanism, epsilon=args.epsilon, delta=args.delta, **common)
    claimed, outcome = None, None
    if args.claimed_epsilon is not None:
        at_claim = score(mechanism, epsilon=args.claimed_epsilon, **common)
        outcome = verdict(at_claim, args.claimed_delta)
        claimed = {"epsilon": float(args.claimed_epsilon), "delta": float(args.claimed_delta),
                   "true_delta_interval": _json_interval(at_claim.interval)}
    noise = {"sigma": float(args.sigma)} if args.sigma is not None else {"scale": float(args.scale)}
    doc = {"mechanism": mechanism, **noise, "sensitivity": float(args.sensitivity),
           "q": float(args.q) if args.q is not None else None, "steps": args.steps,
           "sampling": common.get("sampling"),
           "relation": result.parameters.get("relation"),
           "epsilon": float(args.epsilon) if args.epsilon is not None else None,
           "delta": float(args.delta) if args.delta is not None else None,
           f"{result.target}_interval": _json_interval(result.interval), "method": result.method,
           "claimed": claimed, "verdict": outcome}
    if args.json:
        print(json.dumps(doc, allow_nan=False))
        return 0
    lo, hi = result.interval
    given = f"epsilon = {args.epsilon}" if args.epsilon is not None else f"delta = {args.delta}"
    print(f"{mechanism} ({', '.join(f'{k} {v}' for k, v in noise.items())}, sensitivity {args.sensitivity}, "
          f"{args.steps} step{'s' if args.steps > 1 else ''}): true {result.target} at {given} in [{lo!r}, {hi!r}] "
          f"({result.method})")
    if claimed is not None:
        print(f"claimed ({args.claimed_epsilon}, {args.claimed_delta}): true delta at epsilon = {args.claimed_epsilon} "
              f"in [{claimed['true_delta_interval'][0]!r}, {claimed['true_delta_interval'][1]!r}] -> {outcome}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .check import replay

    for path in args.paths:
        for r in replay(path):
            print(f"{r.claim}: {r.description} at {_short_instance(r.evaluation.instance, path)}")
    return 0


def _short_instance(instance: dict, path: str, width: int = 32) -> str:
    """The instance as JSON with every long value cut to ``width`` characters (its length said), and a pointer to the
    file holding the full values."""
    def short(value):
        if isinstance(value, list):
            return short(json.dumps(value)) if len(json.dumps(value)) > 4 * width else [short(v) for v in value]
        text = str(value)
        return value if len(text) <= width else f"{text[:width]}… ({len(text)} characters)"

    shown = {k: short(v) for k, v in instance.items()}
    return json.dumps(shown, ensure_ascii=False) + (f" (full values in {path})" if shown != instance else "")


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

        from .check.replay import check_instance, read_json

        written = read_json(args.instance, "--instance")
        if not isinstance(written, dict):
            raise InvalidParameterError("--instance", "the file must hold one JSON object")
        check_instance(args.instance, written, "--instance")
        check_instance_keys(claim, written, args.seed, "--instance")
        instances = [decode_instance(written)]
    candidate = _load_target(args.target)
    from .audit.mechanisms import reference_retraining

    retraining = reference_retraining(claim.id) if args.retraining == "reference" else None
    if instances is None:  # choose before the progress bar starts, so bad input gets its one line alone
        instances = select_instances(claim, args.trials, args.seed)
    err = Console(stderr=True)
    columns = (TextColumn("sampling"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    # the bar only on a terminal: elsewhere rich would leave an empty line before a later error message
    with Progress(*columns, console=err, transient=True, disable=args.json or not err.is_terminal) as bar:
        task = bar.add_task("", total=2 * args.samples * len(instances))
        claim, chosen, pairs = draw(candidate, args.claim, samples=args.samples, trials=args.trials, instances=instances,
                                    seed=args.seed, on_progress=lambda done, total: bar.update(task, completed=done, total=total),
                                    retraining=retraining)
    from .audit.run import audit_certificate

    eps, dl = audit_certificate(claim, chosen[0])  # a Rényi certificate: the (ε, δ) it implies
    options = {"epsilon": eps, "delta": dl,
               "confidence": args.confidence, "gaussian": args.gaussian, "claim": claim.id}
    result = audit_samples(pairs, instances=chosen, seed=args.seed, **options)
    side1 = "reference" if retraining is not None else "candidate"
    if args.json:
        print(json.dumps({**result.to_json(), "side_1": side1}, indent=2, allow_nan=False), flush=True)
    else:
        print(result.message)
        if retraining is not None:
            print("  side 1 (retraining) drawn from the reference; side 0 from the candidate", flush=True)
        for b in result.bounds:
            w = b.witness
            if b.method == "threshold":
                where = (f"set {w['set']} at t = {w['threshold']:.6g}: counts {w['count_numerator']}/"
                         f"{w['n_numerator']} vs {w['count_denominator']}/{w['n_denominator']}")
            elif "shift_lower" in w:
                where = f"shift ≥ {w['shift_lower']:.6g}, σ ≤ {w['sigma_upper']:.6g}"
            else:  # another bound (a point mass: identical outputs): its witness as it is
                where = ", ".join(f"{k} {v}" for k, v in w.items())
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
            "audit": cmd_audit, "score": cmd_score}


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


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A plug-in that failed to load is one line on stderr; other warnings as Python shows them."""
    if issubclass(category, PluginWarning):
        print(f"certunlearn: warning: {one_line(message)}", file=sys.stderr)
    else:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


class _ClosedPipeGuard:
    """stdout (or stderr) that outlives its reader: once the reader has stopped (``certunlearn check | head -1``), the
    rest is dropped quietly and the command goes on to write every file it was asked for, then exits as it would
    have."""

    def __init__(self, stream):
        self._stream = stream
        self.reader_gone = False

    def write(self, text: str) -> int:
        if not self.reader_gone:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self._close()
        return len(text)

    def flush(self) -> None:
        if not self.reader_gone:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._close()

    def _close(self) -> None:
        self.reader_gone = True
        try:  # what is still buffered goes nowhere, and the interpreter's last flush finds no broken pipe
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _reader_gone() -> bool:
    """stdout's reader has stopped: a command that only prints can stop too."""
    sys.stdout.flush()
    return getattr(sys.stdout, "reader_gone", False)


def _version() -> str:
    from . import __version__
    from .report.document import git_commit

    return f"certunlearn {__version__}, commit {git_commit() or 'unknown'}"


def _main(argv: list[str] | None) -> int:
    global _ARGV
    _ARGV = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):  # a terminal or pipe that cannot show ε: escape it, never crash
        if hasattr(stream, "reconfigure") and (getattr(stream, "encoding", None) or "").lower() not in ("utf-8", "utf8"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _ClosedPipeGuard(sys.stdout), _ClosedPipeGuard(sys.stderr)
    try:
        if _ARGV[:1] == ["--version"]:
            print(_version())
            return 0
        return _run(argv)
    finally:
        sys.stdout, sys.stderr = streams


def _run(argv: list[str] | None) -> int:
    from .processes import Interrupted, interruptible

    try:
        with interruptible(), warnings.catch_warnings():
            warnings.showwarning = _show_warning
            try:
                args = build_parser().parse_args(argv)
                if getattr(args, "no_cache", False):
                    from .derive import cache

                    cache.disable()
                return COMMANDS[args.command](args)
            except (UsageError, CertunlearnError) as exc:
                print(f"certunlearn: error: {one_line(exc)}", file=sys.stderr)
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
