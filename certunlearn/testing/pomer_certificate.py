"""The certificate check for POMER Theorem 4.3 (paper file ``001_8748437fc158d2af.txt``: Algorithm 1 lines 165–199,
Theorem 4.3 lines 233–243): does the candidate's own calibration (Φ, p) give the privacy the theorem certifies?

The candidate protocol is the comparison's (:mod:`certunlearn.testing.pomer`) with a
:class:`~certunlearn.claims.case.Case` of ``pomer.thm4.3`` in place of a ``PomerCase``::

    candidate(case: Case, hooks) -> the played points x_1..x_T

The candidate reads δ, G, β, λ, T, K, the losses and the initial law from the case and computes Φ, p and B itself.
It takes every uniform from ``hooks.uniform()`` in the documented order (x₁; per round S_t as ``u < Π(r_t(x_t))``,
S'_t as ``u < 1 − p``; on a switch the inverse-CDF draw) and compares each Bernoulli draw *with its probability*.

**Recovery (the analogue of σ̂).** The harness feeds controlled draws: x₁'s draw at fixed positions
(:data:`PROBES`), every S_t and S'_t draw 0, so that no round switches and x_t = x₁ throughout — the runs do not
depend on any seed. Each draw is a float that records the number it is compared with: round t's acceptance
probability κ̂_t = Π̂(r_t(x₁)) and 1 − p̂. The reference computes the normalised ratio r_t(x) = μ̄_{t+1}(x)/μ̄_t(x)
exactly (arb) at the candidate's own x₁; Algorithm 1 at scale Φ keeps with Π_Φ(r) = min(1, max(Φ⁻², r/Φ)). The
candidate's Φ̂ is the Φ that explains every κ̂_t (tried: the reference's Φ, then r_t/κ̂_t and κ̂_t^{−1/2} of each round
that does not keep surely), each agreement decided on enclosures within :data:`~certunlearn.testing.pomer.POMER_RTOL`.

**Decisions.**

* *rejection ratio* — no Φ̂ explains the κ̂_t (a ratio of unnormalised densities, footnote 4; a missing floor Φ⁻²,
  line 185): the candidate is not Algorithm 1 at any scale, "VIOLATES".
* *calibration* — with (Φ̂, p̂) the whole-trajectory δ(ε) of the published x_1..x_T on the case's neighbouring
  sequences (both directions, :func:`certunlearn.algorithms.pomer.trajectory.trajectory_delta_bounds`, a rigorous
  bracket) is decided against the certificate the theorem prints for the case's δ: ε = 3ε'/2 + √(6ε')√log(2/δ) and
  δ + 3Te^{−(1−Φ⁻²)T}, both at the reference's Φ. A Φ̂ or p̂ other than the reference's that still meets it is
  reported as valid; a failing one names the δ it achieves. The budget B is not measured (the runs never switch); the
  reference's B is used, and on the default cases B ≥ T − 1, where no budget binds.
* *run* — the candidate's x₁ and its κ̂_t, p̂ against the reference's at the same draws (``matches_reference``).

A candidate that takes no uniform draw publishes a deterministic function of the losses: "ε unbounded".
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mpmath
from flint import arb

from ..algorithms.pomer import run
from ..algorithms.pomer.gibbs import PiecewiseLinear, log_partition, total
from ..algorithms.pomer.trajectory import trajectory_delta_bounds
from ..claims.case import Case
from ..formulas.pomer import DELTA_43, EPS_43, P_43, PHI_43
from ..numeric.enclosure import to_arb
from ..numeric.fraction import Fraction
from ..numeric.precision import workprec
from ..numeric.sympy_arb import arb_eval
from .pomer import POMER_ATOL, POMER_RTOL
from .verdicts import LARGER, MEETS, SMALLER, VIOLATED, CertificateCheck

__all__ = ["check_pomer_certificate", "PomerProbe", "PROBES", "POMER_ROUTES"]

#: the claims this route checks
POMER_ROUTES = ("pomer.thm4.3",)
#: the controlled draws of x₁ (one run each): near a, the middle of K, near b
PROBES = (Fraction(1, 64), Fraction(1, 2), Fraction(63, 64))
_PREC = 128


class _Draw(float):
    """A uniform draw that records every number it is compared with (``u < probability``)."""

    def __new__(cls, value: float, seen: list):
        out = super().__new__(cls, value)
        out.seen = seen
        return out

    def _record(self, other: Any) -> None:
        self.seen.append(other)

    def __lt__(self, other):
        self._record(other)
        return float(self) < other

    def __le__(self, other):
        self._record(other)
        return float(self) <= other

    def __gt__(self, other):
        self._record(other)
        return float(self) > other

    def __ge__(self, other):
        self._record(other)
        return float(self) >= other


class PomerProbe:
    """Hooks serving controlled draws: ``first`` for x₁, 0 afterwards; ``thresholds[i]`` what draw i was compared
    with."""

    def __init__(self, first: float) -> None:
        self.first = first
        self.thresholds: list[list] = []
        self.trace: list = []

    @property
    def used(self) -> int:
        return len(self.thresholds)

    def uniform(self) -> float:
        seen: list = []
        self.thresholds.append(seen)
        return _Draw(self.first if len(self.thresholds) == 1 else 0.0, seen)

    def step(self, t: int, x: float, zeta: int) -> None:
        self.trace.append((int(t), float(x), int(zeta)))


class _Tape:
    """The reference's draws at a probe: ``first``, then 0 (keep, S'_t = 1)."""

    def __init__(self, first: Fraction) -> None:
        self.values = [float(first)]

    def random(self) -> float:
        return self.values.pop(0) if self.values else 0.0


def _exact(x: Any) -> Fraction:
    """A candidate's number (float, numpy or mpmath) as the exact rational it holds; ValueError if not finite."""
    if isinstance(x, mpmath.mpf) and not mpmath.isfinite(x):
        raise ValueError(f"a non-finite probability {x}")
    if isinstance(x, mpmath.mpf):
        man, exp = x.man_exp
        return Fraction(int(man)) * Fraction(2) ** int(exp)
    return Fraction(float(x))


def _keep(log_r: arb, phi: arb) -> arb:
    """Π_Φ(r) = min(1, max(Φ⁻², r/Φ))."""
    return (log_r - phi.log()).exp().max(phi ** -2).min(arb(1))


def _agrees(cand: Fraction, ref: arb) -> bool:
    """|cand − ref| ≤ atol + rtol·|ref|, decided on the enclosure (an undecided agreement counts as a disagreement)."""
    return bool(abs(to_arb(cand) - ref) <= POMER_ATOL + POMER_RTOL * abs(ref))


def _explains(phi: arb, rounds: list[tuple[arb, Fraction]]) -> bool:
    return all(_agrees(k, _keep(lr, phi)) for lr, k in rounds)


def _phi_candidates(phi_ref: arb, rounds: list[tuple[arb, Fraction]]) -> list[arb]:
    out = [phi_ref]
    for log_r, k in rounds:
        if 0 < k < 1 - POMER_RTOL:
            out += [log_r.exp() / to_arb(k), to_arb(k) ** -0.5]
    return [phi for phi in out if phi > 1]


def _reference(values: dict) -> dict:
    """Theorem 4.3's Φ, p, B, ε and certified δ + 3Te^{−(1−Φ⁻²)T} at the case (enclosures; B an integer)."""
    from ..algorithms.parameters import theorem_parameters

    phi = arb_eval(PHI_43, values)
    env = {**values, "Phi": phi}
    budget = theorem_parameters("pomer.thm4.3", paper="pomer", **{k: values[k] for k in ("G", "beta", "lam", "delta",
                                                                                         "T")})["B"]
    return {"Phi": phi, "p": arb_eval(P_43, env), "B": int(budget), "epsilon": arb_eval(EPS_43, env),
            "delta": arb_eval(DELTA_43, env)}


def _trajectory_delta(values: dict, losses, others, phi: arb, p: Fraction, ref: dict) -> arb:
    """max over both directions of the whole-trajectory δ(ε) at the candidate's (Φ̂, p̂)."""
    beta, lam, initial = values["beta"], values["lam"], str(values.get("initial", "uniform"))
    first, second = (trajectory_delta_bounds(x, y, beta, lam, p, phi.log(), ref["epsilon"], ref["B"], initial, 24,
                                             refine=4) for x, y in ((losses, others), (others, losses)))
    return first.max(second)


def check_pomer_certificate(candidate: Callable[[Case, Any], Any], case: Case, *, seed: int = 0) -> CertificateCheck:
    """Decide exactly whether ``candidate``'s own Φ, p and acceptance ratios meet Theorem 4.3's certificate at
    ``case`` (module docstring). ``seed`` is accepted for the common signature: the probes use no random draws."""
    values = case.instance()
    a, b = values["a"], values["b"]
    losses = [PiecewiseLinear.hinge(a, b, *loss) for loss in values["losses"]]
    others = [PiecewiseLinear.hinge(a, b, *loss) for loss in values["other"]]
    t_max = len(losses)
    with workprec(_PREC):
        ref = _reference(values)
        phi_ref = ref["Phi"]
        log_z = [log_partition(total(losses[:k], a, b), values["beta"], values["lam"]) for k in range(t_max + 1)]
    bound = f"{float(ref['delta'].upper())!r} at ε = {float(ref['epsilon'].upper())!r}"
    sigma_ref = float(phi_ref.mid())

    def result(ok: bool, status: str, phi: float | None, achieved, problems, gap=None, same=False, notes=()):
        return CertificateCheck(case, ok, status, phi, sigma_ref, "", None, achieved, tuple(problems), gap, same,
                                "δ(ε)", bound, scale="Φ", notes=tuple(notes))

    rounds: list[tuple[arb, Fraction]] = []
    where: list[Fraction] = []  # the x₁ of each entry of ``rounds``
    p_hat: set[Fraction] = set()
    problems: list[str] = []
    differs: list[str] = []  # where the candidate's run differs from the reference's at the same draws
    gap = 0.0
    for u in PROBES:
        hooks = PomerProbe(float(u))
        try:
            played = [float(x) for x in candidate(case, hooks)]
        except Exception as exc:  # the candidate's failure is a finding, reported with the case
            return result(False, VIOLATED, None, None, [f"the candidate raised {type(exc).__name__}: {exc}"])
        if hooks.used == 0:
            return result(False, VIOLATED, None, 1.0, ["ε unbounded: the candidate takes no uniform draw (its "
                                                       "output is a deterministic function of the losses)"])
        if hooks.used != 1 + 2 * t_max or len(played) != t_max:
            return result(False, VIOLATED, None, None, [
                f"x₁ draw {float(u)}, every S_t and S'_t draw 0 (keep, no switch): the candidate took {hooks.used} "
                f"draws and played {len(played)} points; Algorithm 1 takes 1 + 2T = {1 + 2 * t_max} and plays T"])
        unseen = [i for i in range(1, hooks.used) if not hooks.thresholds[i]]
        if unseen:
            return result(False, VIOLATED, None, None, [
                f"draw {unseen[0] + 1} was never compared with its probability (protocol: `u < probability`)"])
        try:
            for value in [seen[0] for seen in hooks.thresholds[1:]] + played:
                _exact(value)
        except (ValueError, OverflowError, TypeError) as exc:
            return result(False, VIOLATED, None, None, [f"the candidate compared a draw with, or played, a value that "
                                                        f"is not a finite number: {exc}"])
        with workprec(_PREC):
            reference = run(losses, values["beta"], values["lam"], 0, phi_ref.log(), _Tape(u), None,
                            str(values.get("initial", "uniform")), dps=30).points
            x = _exact(played[0])
            for t, loss in enumerate(losses, start=1):
                log_r = -to_arb(values["beta"]) * to_arb(loss(x)) + log_z[t - 1] - log_z[t]
                kappa = _exact(hooks.thresholds[2 * t - 1][0])
                rounds.append((log_r, kappa))
                where.append(x)
                kappa_ref = _keep(log_r, phi_ref)
                gap = max(gap, abs(float(kappa) - float(kappa_ref.mid())))
                if not _agrees(kappa, kappa_ref):
                    differs.append(f"round {t} at x₁ = {float(x)!r}: keeps with {float(kappa)!r}, the reference "
                                   f"with {float(kappa_ref.mid())!r}")
                p_hat.add(1 - _exact(hooks.thresholds[2 * t][0]))
        for t, (r_x, c_x) in enumerate(zip(reference, played), start=1):
            gap = max(gap, abs(float(r_x) - c_x))
            if not abs(c_x - float(r_x)) <= POMER_ATOL + POMER_RTOL * abs(float(r_x)):
                differs.append(f"x_{t} = {c_x!r}, the reference's {float(r_x)!r} (x₁ draw {float(u)})")
    if max(p_hat) - min(p_hat) > POMER_ATOL:
        problems.append(f"S'_t: the candidate's p differs between rounds: {sorted(float(p) for p in p_hat)}")
    p = min(p_hat)
    with workprec(_PREC):
        if not _agrees(p, ref["p"]):
            differs.append(f"p = {float(p)!r}, the reference's {float(ref['p'].mid())!r}")
            gap = max(gap, abs(float(p) - float(ref["p"].mid())))
        phi = next((c for c in _phi_candidates(phi_ref, rounds) if _explains(c, rounds)), None)
        if phi is None:
            log_r, k, x = next((lr, k, x) for (lr, k), x in zip(rounds, where) if not _agrees(k, _keep(lr, phi_ref)))
            problems.append(
                f"rejection ratio: no Φ explains the candidate's acceptance probabilities (Algorithm 1 keeps with "
                f"min(1, max(Φ⁻², μ̄_(t+1)(x)/(Φ μ̄_t(x))))); at x₁ = {float(x)!r}, r = μ̄_(t+1)/μ̄_t = "
                f"{float(log_r.exp().mid())!r}: the candidate keeps with {float(k)!r}, Algorithm 1 at the reference's "
                f"Φ = {sigma_ref!r} with {float(_keep(log_r, phi_ref).mid())!r} (floor Φ⁻² = "
                f"{float((phi_ref ** -2).mid())!r})")
        if not 0 < p < 1:
            problems.append(f"S'_t ∼ Ber(1 − p) with the candidate's p = {float(p)!r}: outside (0, 1)")
        if problems:
            return result(False, VIOLATED, None if phi is None else float(phi.mid()), None, problems,
                          gap, False, _first(differs))
        achieved = _trajectory_delta(values, losses, others, phi, p, ref)
    notes = [f"p (candidate) = {float(p)!r}, p (reference) = {float(ref['p'].mid())!r}; B (reference) = {ref['B']}, "
             f"not measured"]
    if achieved <= ref["delta"]:
        ok = True
    elif achieved > ref["delta"]:
        ok = False
        problems.append(f"calibration: Φ = {float(phi.mid())!r}, p = {float(p)!r}: δ(ε) ≥ "
                        f"{float(achieved.lower())!r} > the certified {float(ref['delta'].upper())!r}")
    else:
        ok = False
        problems.append(f"calibration: δ(ε) ∈ [{float(achieved.lower())!r}, {float(achieved.upper())!r}] undecided "
                        f"against the certified {float(ref['delta'].mid())!r}")
    phi_f = float(phi.mid())
    with workprec(_PREC):
        status = VIOLATED if not ok else _status(phi, phi_ref, p, ref["p"])
    return result(ok, status, phi_f, float(achieved.upper()), problems, gap, not differs, notes + _first(differs))


def _first(differs: list[str]) -> list[str]:
    return [f"differs from the reference at the same draws: {differs[0]}"] if differs else []


def _status(phi: arb, phi_ref: arb, p: Fraction, p_ref: arb) -> str:
    """meets (the reference's Φ and p), or meets with a smaller / larger Φ (else p)."""
    if not _agrees(_exact(float(phi.mid())), phi_ref):
        return (SMALLER if phi < phi_ref else LARGER).replace("σ", "Φ")
    if not _agrees(p, p_ref):
        return (SMALLER if to_arb(p) < p_ref else LARGER).replace("σ", "p")
    return MEETS
