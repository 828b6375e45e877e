"""Replay a saved counterexample: re-evaluate its instance exactly and report what comes out.

A counterexample file is checked before anything is evaluated — it is user input: JSON without NaN or
Infinity, a ``claim`` id and an ``instance`` object whose values are numbers, decimal strings (``"1e-5"``,
``"3/7"``), labels or nested lists of them, of bounded size (no billion-digit numbers), naming every parameter
the claim's own instances have. Anything else is an :class:`~certunlearn.errors.InvalidParameterError` naming
the file and what is wrong (the CLI prints it as one line, exit 2).
"""
from __future__ import annotations

import json
import math
import os
import stat
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import numpy as np

from ..claims import get_claim
from ..claims.registry import load_claims
from ..claims.model import decode_instance
from ..numeric.enclosure import parse_exact
from ..errors import CertunlearnError, InvalidParameterError, one_line
from .evaluate import EXCLUDED, VIOLATED, Evaluation, evaluate
from .profiles import PROFILES

#: Largest decimal exponent and number of digits accepted in a replayed number (a guard against inputs such as
#: ``"1e999999"``, whose exact value would take minutes and gigabytes to build, and overflow every float on the way).
MAX_EXPONENT = 100_000
MAX_DIGITS = 100_000
#: Largest counterexample file read, in bytes.
MAX_BYTES = 50_000_000

PARAM = "COUNTEREXAMPLE"


@dataclass(frozen=True)
class Replay:
    claim: str
    evaluation: Evaluation

    @property
    def reproduced(self) -> bool:
        return self.evaluation.outcome == VIOLATED

    @property
    def description(self) -> str:
        """One line: reproduced or not, and why."""
        ev = self.evaluation
        if self.reproduced:
            how = f"statistical, confidence {ev.confidence:g}" if ev.confidence is not None else f"{ev.prec} bits"
            return f"reproduced: violated — observed {ev.observed} > bound {ev.bound} ({how})"
        if ev.observed is None:
            return f"not reproduced: {ev.outcome} — {ev.reason or 'not evaluated'}"
        return (f"not reproduced: {ev.outcome} — observed {ev.observed} vs bound {ev.bound} ({ev.prec} bits)"
                + (f"; {ev.reason}" if ev.reason else ""))


def _bad(path: str | Path, what: str, param: str = PARAM) -> InvalidParameterError:
    return InvalidParameterError(param, f"{path}: {what}")


def _reject_constant(name: str):
    raise ValueError(f"{name} is not allowed (JSON has no such number)")


def read_json(path: str | Path, param: str = PARAM) -> Any:
    """The JSON document in the regular file ``path``, read with its size checked by reading (at most
    :data:`MAX_BYTES`: a symlink to ``/dev/zero`` or a file growing while read is stopped there) and opened without
    blocking (a FIFO is refused, never waited on). Anything else — a directory, a device, not UTF-8, not JSON, NaN,
    nesting deeper than Python can parse — is one :class:`InvalidParameterError` naming ``param`` and the file."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InvalidParameterError(param, f"no such file: {path}") from None
    except IsADirectoryError:
        raise _bad(path, "is a directory, not a JSON file", param) from None
    except OSError as exc:
        raise _bad(path, f"cannot read: {exc.strerror or exc}", param) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise _bad(path, "is a directory, not a JSON file", param)
        if not stat.S_ISREG(mode):
            raise _bad(path, "is not a regular file (a FIFO, a socket or a device); give a saved JSON file", param)
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:
            raise _bad(path, f"larger than {MAX_BYTES // 1_000_000} MB", param)
    except OSError as exc:
        raise _bad(path, f"cannot read: {exc.strerror or exc}", param) from None
    finally:
        os.close(fd)
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise _bad(path, "is not UTF-8 text", param) from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise _bad(path, "is nested too deeply to be a counterexample or an instance", param) from None
    except ValueError as exc:
        raise _bad(path, f"not valid JSON: {one_line(exc)}", param) from None


def check_instance(path: str | Path, instance: dict[str, Any], param: str = PARAM) -> None:
    """Every value of a written instance usable (see the module docstring), else the one-line error."""
    for key, value in instance.items():
        _check_value(path, key, value, param=param)


def _check_value(path, key: str, value: Any, depth: int = 0, param: str = PARAM) -> None:
    where = f"instance[{key!r}]"
    if depth > 8:
        raise _bad(path, f"{where} is nested too deeply", param)
    if value is None:
        raise _bad(path, f"{where} is null; every parameter needs a value", param)
    if isinstance(value, bool):
        raise _bad(path, f"{where} is a boolean, not a number", param)
    if isinstance(value, list):
        for v in value:
            _check_value(path, key, v, depth + 1, param)
        return
    if isinstance(value, dict):
        raise _bad(path, f"{where} is an object; values are numbers, decimal strings or lists", param)
    if isinstance(value, float) and not math.isfinite(value):
        raise _bad(path, f"{where} is not finite", param)
    if isinstance(value, int) and abs(value).bit_length() > 4 * MAX_DIGITS:
        raise _bad(path, f"{where} is an integer too large to evaluate exactly", param)
    if isinstance(value, str):
        if len(value) > MAX_DIGITS:
            raise _bad(path, f"{where} has {len(value)} characters (at most {MAX_DIGITS})", param)
        for part in value.split("/", 1):
            try:
                d = Decimal(part.strip())
            except (InvalidOperation, ValueError):
                return  # a label such as "uniform": the claim's hypotheses decide whether it is acceptable
            if d.is_nan() or d.is_infinite():
                raise _bad(path, f"{where} = {value!r} is not finite", param)
            if abs(d.adjusted()) > MAX_EXPONENT:
                raise _bad(path, f"{where} = {value[:40]!r}… is too large to evaluate exactly (decimal exponent "
                                 f"{d.adjusted()}; at most ±{MAX_EXPONENT})", param)
        if "/" in value:
            try:
                den = Decimal(value.split("/", 1)[1].strip())
            except (InvalidOperation, ValueError):
                return
            if den == 0:
                raise _bad(path, f"{where} = {value!r} divides by zero", param)


def _expected(claim) -> dict[str, Any]:
    """A sample of the claim's own instances (from its first structured adversary), or the parameters of its
    search space (values None): what a saved instance of the claim must name."""
    for adversary in claim.adversaries:
        if adversary.generate is not None:
            try:
                for instance in adversary.generate(np.random.default_rng(0), 1):
                    return dict(instance)
            except Exception:  # noqa: BLE001 — only a guide for the checks below
                continue
    for adversary in claim.adversaries:
        space = adversary.space
        if space is not None and space.build is None:
            return {**dict.fromkeys(space.bounds), **dict.fromkeys(space.fixed)}
    return {}


def _is_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    if isinstance(value, str):
        return not isinstance(parse_exact(value), str)
    return False


def load_counterexamples(path: str | Path) -> list[dict]:
    """Counterexamples in a file: one saved counterexample, or every one in a `check --json` document; each
    checked (see the module docstring)."""
    doc = read_json(path)
    if isinstance(doc, dict) and "results" in doc:
        results = doc["results"]
        if not isinstance(results, list):
            raise _bad(path, f"'results' must be a list of check results, got {type(results).__name__}")
        if not all(isinstance(r, dict) for r in results):
            raise _bad(path, "every item of 'results' must be an object")
        found = [r["counterexample"] for r in results if r.get("counterexample")]
        if not found:
            raise _bad(path, "holds no counterexample (no result has one)")
    elif isinstance(doc, dict):
        found = [doc]
    else:
        raise _bad(path, f"holds a JSON {type(doc).__name__}, not a counterexample object")
    for item in found:
        if not isinstance(item, dict) or not {"claim", "instance"} <= item.keys():
            raise _bad(path, "holds no counterexample (needs 'claim' and 'instance')")
        if not isinstance(item["claim"], str):
            raise _bad(path, f"'claim' must be a claim id (a string), got {json.dumps(item['claim'])[:40]}")
        if not isinstance(item["instance"], dict):
            raise _bad(path, f"'instance' must be an object of parameters, got a {type(item['instance']).__name__}")
        check_instance(path, item["instance"])
    return found


def replay(path: str | Path) -> list[Replay]:
    """Re-evaluate every counterexample in ``path`` at the thorough profile's precision."""
    out = []
    for item in load_counterexamples(path):
        if item.get("claims_source"):
            load_claims(item["claims_source"])
        claim = get_claim(item["claim"])
        expected = _expected(claim)
        missing = sorted(set(expected) - set(item["instance"]))
        if missing:
            raise _bad(path, f"the instance lacks {', '.join(missing)} (parameters of {claim.id})")
        for key, sample in expected.items():
            value = item["instance"][key]
            if _is_number(sample) and not _is_number(value):
                raise _bad(path, f"instance[{key!r}] = {json.dumps(value)[:40]} is not a number ({claim.id} needs one)")
        try:
            instance = decode_instance(item["instance"])
            evaluation = evaluate(claim, instance, PROFILES["thorough"].max_prec)
        except CertunlearnError:
            raise
        except (KeyError, TypeError, ValueError, ArithmeticError, IndexError) as exc:
            raise _bad(path, f"cannot evaluate {claim.id} on this instance: {type(exc).__name__}: {exc}") from None
        if evaluation.outcome == EXCLUDED and not evaluation.reason:
            evaluation = Evaluation(evaluation.instance, EXCLUDED, reason="outside the claim's hypotheses")
        out.append(Replay(claim.id, evaluation))
    return out
