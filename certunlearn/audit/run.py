"""The audit driver: draw samples from a candidate on the claim's neighbouring inputs and bound ε.

The candidate protocol (also what ``certunlearn audit MODULE:CALLABLE`` loads)::

    candidate(instance: dict, side: int, rng: numpy.random.Generator, size: int) -> array

* ``instance`` — one of the claim's adversarial instances (see :func:`select_instances`): exact numbers as the
  checker writes them (``int``, ``fractions.Fraction`` or decimal strings such as ``"1e-5"``; ``float(v)`` and
  ``Fraction(v)`` accept all three), data as nested lists; it always holds the certified ``"epsilon"`` and
  ``"delta"`` and the parameters the claim states (``"Delta"`` for ``gaussian.*``; ``A, R, lo, hi, X, U,
  theta0`` and the constants for the perturbed-GD claims of ``d2d``; :func:`instance_keys`, or
  ``certunlearn audit --claim ID --describe``, lists them for any claim). Treat it as read-only.
* ``side`` — 0 or 1: which of the two neighbouring published laws the claim says are
  (ε, δ)-indistinguishable. Privacy claims (``gaussian.*``): 0 is M(D) with f(D) = 0, 1 is M(D') with
  f(D') = Delta (one-dimensional). Unlearning claims (``d2d.*``): 0 is the published output of the
  candidate's unlearning run on ``X`` (D_0) followed by every update of ``U`` (the last round), 1 is the
  published output of retraining from scratch on the final dataset D_k — drawn from the reference instead when
  ``retraining`` is given (the CLI's default, :func:`certunlearn.audit.mechanisms.reference_retraining`; d2d and
  r2d). Other papers' claims: the two laws
  the claim's quantity compares, in the order its statement names them.
* ``rng`` — the only source of randomness the candidate may use (one generator per instance and side,
  spawned from the audit's seed, so an audit replays exactly).
* returns ``size`` independent published outputs: an array of shape ``(size,)`` or ``(size, d)``.

The candidate is called repeatedly with chunks of at most ``chunk`` samples per call. An exception it raises, or
output that is not ``size`` finite samples, becomes a :class:`CandidateError` naming the exception, the file and
the line in the candidate's code (the CLI prints it as one line, exit 2).
"""
from __future__ import annotations

import math
import os
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from flint import arb

from ..claims import Claim, get_claim
from ..claims.case import inside
from ..claims.model import DeltaProfile, GaussianPair, Kind, encode_instance
from ..claims.validation import ClaimLoadError, user_code
from ..formulas.symbols import alpha as ALPHA_SYMBOL
from ..formulas.symbols import delta as DELTA_SYMBOL
from ..formulas.symbols import epsilon as EPSILON_SYMBOL
from ..errors import CertunlearnError, InvalidParameterError
from ..numeric.confidence import check_alpha
from ..numeric.enclosure import arb_lower_float, arb_upper_float, parse_exact, to_arb
from ..numeric.precision import workprec
from .nonparametric import point_mass_bound, threshold_bounds
from .parametric import gaussian_bound
from .result import AuditResult, Bound
from .samples import as_samples

__all__ = ["audit", "audit_samples", "draw", "lower_bound_curve", "select_instances", "family_size", "auditable", "inside",
           "normalised_shift", "real", "audit_certificate", "renyi", "RENYI_DELTA",
           "Candidate", "CandidateError", "instance_keys", "check_instance_keys", "check_memory", "describe_exception"]

Candidate = Callable[[Mapping[str, Any], int, np.random.Generator, int], Any]

#: The audit's sweet spot for 10⁴–10⁶ samples: instances are preferred by distance to (ε, δ) = (1, 10⁻⁵)
#: in (ln ε, log₁₀ δ), among those with 0.1 ≤ ε ≤ 5 and 10⁻¹² ≤ δ ≤ 0.1.
SWEET_SPOT = (1.0, 1e-5)
EPSILON_RANGE = (0.1, 5.0)
DELTA_RANGE = (1e-12, 0.1)


class CandidateError(InvalidParameterError):
    """The candidate under audit raised, or returned something that is not samples (the user's code: exit 2).
    An :class:`InvalidParameterError` of the parameter ``candidate`` whose message names the candidate itself."""

    def __init__(self, message: str):
        self.parameter = "candidate"
        CertunlearnError.__init__(self, message)


_OWN_DIRS = tuple(os.path.dirname(os.path.abspath(p)) + os.sep
                  for p in (os.path.dirname(os.path.dirname(__file__)), os.__file__, np.__file__))


def describe_exception(exc: BaseException, fallback: Any = None) -> str:
    """``"ValueError: message (file.py, line 7)"``: the exception and the innermost frame in the user's own code
    (not certunlearn, numpy or the standard library); ``fallback``'s definition if no such frame exists (e.g. a
    call with the wrong signature fails before entering the callable)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not os.path.abspath(f.filename).startswith(_OWN_DIRS)
              and not f.filename.startswith("<frozen")]
    where = ""
    if frames:
        where = f" ({os.path.basename(frames[-1].filename)}, line {frames[-1].lineno})"
    elif fallback is not None:
        code = getattr(fallback, "__code__", None) or getattr(getattr(fallback, "__call__", None), "__code__", None)
        if code is not None:
            where = f" ({os.path.basename(code.co_filename)}, line {code.co_firstlineno})"
    message = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}{': ' + message if message else ''}{where}"


def instance_keys(claim: Claim, seed: int = 0) -> list[str]:
    """The keys of the instances the audit passes a candidate for ``claim`` (sorted)."""
    return sorted(select_instances(claim, 1, seed)[0])


def check_instance_keys(claim: Claim, written: Mapping[str, Any], seed: int = 0, name: str = "instance") -> None:
    """Refuse an instance that lacks a key the claim's own instances have (the candidate would read it)."""
    missing = sorted(set(instance_keys(claim, seed)) - set(written))
    if missing:
        raise InvalidParameterError(name, f"lacks {', '.join(missing)}: an instance of {claim.id} has the keys "
                                          f"{', '.join(instance_keys(claim, seed))}")


def available_memory() -> int | None:
    """Bytes of memory available to this process (Linux: MemAvailable; elsewhere the physical memory)."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def _bytes(n: float) -> str:
    for unit in ("B", "kB", "MB", "GB", "TB", "PB"):
        if n < 1000 or unit == "PB":
            return f"{n:.3g} {unit}"
        n /= 1000
    return f"{n:.3g} PB"


#: Copies of one trial's samples the audit holds at once beside every trial's own (sorted sides and the test's
#: working arrays). Measured peak resident memory, 10⁷ samples per side (160 MB per trial): 737 MB with one trial,
#: 1050 MB with three, about 150 MB of it the interpreter and libraries — (trials + 2.6) × 160 MB; 3 is kept.
_WORKING_COPIES = 3


def check_memory(samples: int, trials: int = 1, dimension: int = 1) -> None:
    """Refuse, before any sampling, an audit whose samples (float64, both sides, every trial) and its working
    copies of one trial's (:data:`_WORKING_COPIES`) cannot fit in the available memory."""
    need = 2 * samples * (trials + _WORKING_COPIES) * dimension * 8
    have = available_memory()
    if have is not None and need > have:
        raise InvalidParameterError("samples", f"{samples} samples per side need about {_bytes(need)} of memory "
                                               f"(2 sides × {dimension} coordinate(s) × 8 bytes, for each of "
                                               f"{trials} trial(s) and {_WORKING_COPIES} working copies); "
                                               f"{_bytes(have)} available")


def family_size(trials: int, gaussian: bool) -> int:
    """One-sided intervals per audit: per trial, 2 directions × 2 Clopper–Pearson intervals, plus 2 for
    the parametric test."""
    return trials * (4 + (2 if gaussian else 0))


def real(value: Any) -> float:
    """A number as the instances write it (int, Fraction, float, or an exact string such as ``"1e-5"``, ``"1/2"``)."""
    return float(parse_exact(value) if isinstance(value, str) else value)


def _certificate(epsilon: Any, delta: Any) -> tuple[float, float]:
    try:
        eps, dl = real(epsilon), real(delta)
    except (TypeError, ValueError):
        raise InvalidParameterError("epsilon", f"not a number: {epsilon!r} / {delta!r}") from None
    if not (math.isfinite(eps) and eps > 0):
        raise InvalidParameterError("epsilon", f"must be a finite number > 0, got {epsilon!r}")
    if not (0 < dl < 1):
        raise InvalidParameterError("delta", f"must lie in (0, 1), got {delta!r}")
    return eps, dl


def audit_samples(pairs: Sequence[tuple[Any, Any]], *, epsilon: float, delta: float, confidence: float = 0.95,
                  gaussian: bool = False, claim: str | None = None, instances: Sequence[Mapping] = (),
                  seed: int | None = None) -> AuditResult:
    """Audit an (ε, δ) certificate from samples: ``pairs[j] = (x0, x1)`` are i.i.d. samples of M(D) and M(D')
    for trial j (arrays (n,) or (n, d)). Non-parametric bounds always (and "ε unbounded" when both sides are
    point masses at different values: no noise at all); the parametric one when ``gaussian``
    (the outputs are declared Gaussian with a common isotropic covariance). Family-wise error ≤ 1 − confidence
    by Bonferroni over every interval of every trial and direction."""
    start = time.perf_counter()
    eps, dl = _certificate(epsilon, delta)
    beta = 1 - check_alpha(confidence)
    if not pairs:
        raise InvalidParameterError("pairs", "give at least one pair of sample sets")
    family = family_size(len(pairs), gaussian)
    alpha = beta / family
    bounds: list[Bound] = []
    sizes = []
    for j, (x0, x1) in enumerate(pairs):
        a0, a1 = as_samples(x0, "x0"), as_samples(x1, "x1")
        if a0.shape[1] != a1.shape[1]:
            raise InvalidParameterError("x1", f"dimension {a1.shape[1]} differs from x0's {a0.shape[1]}")
        sizes.append(min(a0.shape[0], a1.shape[0]))
        bounds.extend(threshold_bounds(a0, a1, dl, alpha, j))
        degenerate = point_mass_bound(a0, a1, j)
        if degenerate is not None:
            bounds.append(degenerate)
        if gaussian:
            bounds.append(gaussian_bound(a0, a1, dl, alpha, j))
    return AuditResult(claim, eps, dl, float(confidence), min(sizes), len(pairs), family, alpha, tuple(bounds),
                       tuple(encode_instance(i) for i in instances), seed, round(time.perf_counter() - start, 3))


#: The δ at which a Rényi certificate D_α ≤ αε (olu) is audited, as the (ε, δ) it implies (Mironov 2017, Prop. 3).
RENYI_DELTA = 1e-5


def renyi(claim: Claim) -> bool:
    """``claim`` certifies D_α(release ‖ reference) ≤ αε (olu's (α, αε)-OLU, Definition 2)."""
    return claim.kind is Kind.UNLEARNING and claim.bound == ALPHA_SYMBOL * EPSILON_SYMBOL


def auditable(claim: Claim) -> None:
    """Refuse a claim that is not a certificate between two published laws: an (ε, δ) one (its bound an expression in
    δ, ε stated by the instance or prescribed by the theorem) or a Rényi one (olu, audited through the (ε, δ) it
    implies)."""
    ok = claim.kind in (Kind.PRIVACY, Kind.UNLEARNING) and (
        renyi(claim) or (DELTA_SYMBOL in claim.bound.free_symbols
                         and {s.name for s in claim.bound.free_symbols} - {"delta"} <= set(claim.prescribed) | {"T"}))
    if not ok:
        raise InvalidParameterError("claim", f"{claim.id} is not a certificate between two published laws (a privacy "
                                             f"or unlearning claim whose bound is δ, or olu's D_α ≤ αε); the audit "
                                             f"cannot test it")


def audit_certificate(claim: Claim, instance: Mapping[str, Any]) -> tuple[float, float]:
    """The (ε, δ) the audit tests at ``instance``, each rounded up (a refutation must beat the certificate's own
    numbers): the instance's ε and the claim's bound (δ, or Theorem 4.3's δ + 3Te^{−(1−Φ⁻²)T}) with the prescribed
    parameters; for a Rényi certificate D_α ≤ αε, (αε + log(1/δ)/(α − 1), δ) at δ = :data:`RENYI_DELTA`."""
    if renyi(claim):
        alpha, eps = real(instance["alpha"]), real(instance["epsilon"])
        with workprec(64):
            a = to_arb(parse_exact(instance["alpha"]) if isinstance(instance["alpha"], str) else instance["alpha"])
            e = to_arb(parse_exact(instance["epsilon"]) if isinstance(instance["epsilon"], str) else instance["epsilon"])
            implied = a * e + (1 / to_arb(RENYI_DELTA)).log() / (a - 1)
        if not alpha > 1 or not eps > 0:
            raise InvalidParameterError("instance", f"a Rényi certificate needs α > 1 and ε > 0, got {alpha}, {eps}")
        return arb_upper_float(implied), RENYI_DELTA
    with workprec(64):
        values = claim.with_prescribed(dict(instance))
        eps = values.get("epsilon")
        if eps is None:
            raise InvalidParameterError("instance", f"{claim.id}'s instance states no epsilon")
        return _certificate(arb_upper_float(to_arb(eps)), arb_upper_float(claim.bound_value(instance)))


#: Added to the distance of a certificate outside the auditable range: such instances are used only when a claim has
#: none inside (olu's implied ε, pomer's prescribed ε are large; a degenerate candidate is still refuted there).
OUT_OF_RANGE = 1000.0


def _distance(certificate: tuple[float, float]) -> float | None:
    eps, dl = certificate
    if not (eps > 0 and 0 < dl < 1):
        return None
    inside_range = EPSILON_RANGE[0] <= eps <= EPSILON_RANGE[1] and DELTA_RANGE[0] <= dl <= DELTA_RANGE[1]
    return abs(math.log(eps / SWEET_SPOT[0])) + abs(math.log10(dl / SWEET_SPOT[1])) + (0 if inside_range else OUT_OF_RANGE)


def normalised_shift(claim: Claim, instance: Mapping[str, Any]) -> float | None:
    """‖μ₁ − μ₀‖/σ of the claim's two published Gaussians at ``instance`` (``Claim.laws``), rounded down; 0 also
    where the laws' exact privacy profile is exactly 0 at every ε ≥ 0 (equal laws); ``None`` where the claim states
    no laws there (then the instance is kept, ranked after those with a known shift)."""
    if claim.laws is None:
        return None
    try:
        laws = claim.laws(claim.with_prescribed(dict(instance)))
        if isinstance(laws, DeltaProfile):
            with workprec(64):
                return 0.0 if laws.delta(arb(0)).is_zero() else None
    except (ArithmeticError, ValueError, TypeError, KeyError, CertunlearnError):
        return None
    if not isinstance(laws, GaussianPair):
        return None
    with workprec(64):
        ratio = to_arb(laws.shift) / to_arb(laws.sigma)
    return max(arb_lower_float(ratio), 0.0) if ratio.is_finite() else None


def select_instances(claim: Claim, trials: int = 1, seed: int = 0, size: int = 40) -> list[dict[str, Any]]:
    """:func:`_select` with ``size`` instances per adversary, then 8× more once if that gives fewer than ``trials``
    instances of one (ε, δ) at a positive shift."""
    try:
        return _select(claim, trials, seed, size)
    except InvalidParameterError as exc:
        if trials == 1 or exc.parameter != "trials":
            raise
        return _select(claim, trials, seed, 8 * size)


def _select(claim: Claim, trials: int, seed: int, size: int) -> list[dict[str, Any]]:
    """The claim's structured adversarial instances (``size`` per adversary, drawn with ``seed``) inside its
    hypotheses, in the auditable range where it has any (else the closest), that certify one (ε, δ) (the audited one,
    :func:`audit_certificate`) — the one closest to the sweet spot — at the
    worst shift first: instances whose two published laws are equal (a zero shift, where no candidate can be
    caught) are dropped, the rest ranked by ‖μ₁ − μ₀‖/σ (``Claim.laws``), largest first; the first ``trials``."""
    auditable(claim)
    if not (isinstance(trials, int) and trials >= 1):
        raise InvalidParameterError("trials", f"must be an integer ≥ 1, got {trials!r}")
    rng = np.random.default_rng(seed)
    ranked = []
    for adversary in claim.adversaries:
        if adversary.generate is None:
            continue
        for instance in adversary.generate(rng, size):
            try:
                certificate = audit_certificate(claim, instance)
            except (ArithmeticError, ValueError, TypeError, KeyError, CertunlearnError):
                continue
            dist = _distance(certificate)
            if dist is not None:
                ranked.append((dist, len(ranked), instance, certificate))
    ranked.sort(key=lambda t: t[:2])
    groups: dict[tuple[float, float], list[tuple[float, int, dict]]] = {}
    zero = 0
    for dist, order, instance, certificate in ranked:
        if not inside(claim, instance):
            continue
        shift = normalised_shift(claim, instance)
        if shift == 0.0:
            zero += 1
            continue
        groups.setdefault(certificate, []).append((-(shift if shift is not None else -1.0), order, dict(instance)))
    if not groups:
        why = (f"every one of its {zero} instances has a zero shift (the two published laws are equal: nothing to "
               f"audit)" if zero else "it has no structured instance inside its hypotheses that states a certificate")
        raise InvalidParameterError("claim", f"{claim.id} cannot be audited at a worst shift: {why}; pass instances "
                                             f"explicitly")
    best = max(groups.values(), key=lambda g: min(len(g), trials))  # first reached on ties: closest to the sweet spot
    if len(best) < trials:
        raise InvalidParameterError("trials", f"{claim.id} has {len(best)} instance(s) with a positive shift that "
                                              f"certify one (ε, δ) in the auditable range; ask for at most that many")
    return [inst for _, _, inst in sorted(best, key=lambda t: t[:2])[:trials]]


def _draw(candidate: Candidate, instance: Mapping[str, Any], side: int, rng: np.random.Generator, samples: int,
          chunk: int, advance: Callable[[int], None]) -> np.ndarray:
    parts = []
    done = 0
    while done < samples:
        k = min(chunk, samples - done)
        try:
            with user_code(f"candidate {getattr(candidate, '__name__', '')}".strip(), "sampling"):
                raw = candidate(instance, side, rng, k)
        except ClaimLoadError as exc:  # sys.exit or os._exit in the candidate
            raise CandidateError(str(exc)) from None
        except Exception as exc:  # noqa: BLE001 — the user's code: one line naming what it raised and where
            hint = ""
            if isinstance(exc, KeyError):
                hint = f"; the instance has the keys {', '.join(sorted(map(str, instance)))}"
            raise CandidateError(f"candidate raised {describe_exception(exc, candidate)}{hint}") from None
        if np.iscomplexobj(raw) or (isinstance(raw, (list, tuple)) and any(isinstance(v, complex) for v in raw)):
            raise CandidateError(f"candidate returned complex numbers (side {side}); it must return real samples")
        try:
            out = as_samples(raw, f"candidate output (side {side})", min_n=1)
        except InvalidParameterError as exc:
            raise CandidateError(f"candidate returned no samples: {exc}") from None
        if out.shape[0] != k:
            raise CandidateError(f"candidate returned {out.shape[0]} samples, {k} were asked for")
        if not parts:
            check_memory(samples, 1, out.shape[1])
        parts.append(out)
        done += k
        advance(k)
    return np.concatenate(parts, axis=0)


def draw(candidate: Candidate, claim_id: str, *, samples: int = 100_000, trials: int = 1,
         instances: Iterable[Mapping[str, Any]] | None = None, seed: int = 0, chunk: int = 100_000,
         on_progress: Callable[[int, int], None] | None = None,
         retraining: Candidate | None = None) -> tuple[Claim, list[dict], list[tuple[np.ndarray, np.ndarray]]]:
    """``(claim, instances, pairs)``: ``samples`` outputs of ``candidate`` per side on each of ``trials``
    neighbouring inputs (the claim's adversarial instances, or ``instances``). ``on_progress(done, total)`` is
    called after each chunk of at most ``chunk`` samples. ``retraining``, when given, draws side 1 instead of the
    candidate (:func:`certunlearn.audit.mechanisms.reference_retraining`: the reference's retraining)."""
    claim = get_claim(claim_id)
    auditable(claim)
    if not (isinstance(samples, int) and samples >= 8):
        raise InvalidParameterError("samples", f"must be an integer ≥ 8, got {samples!r}")
    if not (isinstance(chunk, int) and chunk >= 1):
        raise InvalidParameterError("chunk", f"must be a positive integer, got {chunk!r}")
    chosen = select_instances(claim, trials, seed) if instances is None else [dict(i) for i in instances]
    if not chosen:
        raise InvalidParameterError("instances", "give at least one instance")
    for inst in chosen:
        try:
            audit_certificate(claim, inst)
        except (ArithmeticError, ValueError, TypeError, KeyError) as exc:
            raise InvalidParameterError("instances", f"an instance states no certificate of {claim.id}: {exc}") from None
        if not inside(claim, inst):
            raise InvalidParameterError("instances", f"an instance lies outside the hypotheses of {claim.id}")
    if len({audit_certificate(claim, i) for i in chosen}) != 1:
        raise InvalidParameterError("instances", "the instances certify different (ε, δ)")
    total, done = 2 * samples * len(chosen), 0

    def advance(k: int) -> None:
        nonlocal done
        done += k
        if on_progress:
            on_progress(done, total)

    streams = np.random.SeedSequence(seed).spawn(2 * len(chosen))
    sources = (candidate, candidate if retraining is None else retraining)
    pairs = [tuple(_draw(sources[side], inst, side, np.random.default_rng(streams[2 * j + side]), samples, chunk,
                         advance) for side in (0, 1)) for j, inst in enumerate(chosen)]
    return claim, chosen, pairs


def audit(candidate: Candidate, claim_id: str, *, samples: int = 100_000, confidence: float = 0.95,
          gaussian: bool = False, trials: int = 1, instances: Iterable[Mapping[str, Any]] | None = None,
          seed: int = 0, chunk: int = 100_000, on_progress: Callable[[int, int], None] | None = None,
          retraining: Candidate | None = None) -> AuditResult:
    """Audit ``candidate`` (see the module docstring for its protocol) against the certificate of ``claim_id``:
    :func:`draw` then :func:`audit_samples`; every instance must certify the same (ε, δ). ``retraining``: side 1's
    sampler when it is not the candidate's (the reference's: :func:`certunlearn.audit.mechanisms.reference_retraining`)."""
    check_alpha(confidence)
    claim, chosen, pairs = draw(candidate, claim_id, samples=samples, trials=trials, instances=instances, seed=seed,
                                chunk=chunk, on_progress=on_progress, retraining=retraining)
    eps, dl = audit_certificate(claim, chosen[0])
    return audit_samples(pairs, epsilon=eps, delta=dl, confidence=confidence, gaussian=gaussian, claim=claim.id,
                         instances=chosen, seed=seed)


def lower_bound_curve(pairs: Sequence[tuple[Any, Any]], sizes: Sequence[int], **kwargs: Any) -> list[AuditResult]:
    """:func:`audit_samples` on the first ``n`` samples of every set, for each ``n`` in ``sizes`` (keyword arguments
    as for :func:`audit_samples`): how the ε lower bound grows with the number of samples."""
    out = []
    for n in sizes:
        if not (isinstance(n, (int, np.integer)) and n >= 8):
            raise InvalidParameterError("sizes", f"every size must be an integer ≥ 8, got {n!r}")
        out.append(audit_samples([(np.asarray(a)[:n], np.asarray(b)[:n]) for a, b in pairs], **kwargs))
    return out
