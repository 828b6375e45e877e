"""Worst-case regret by performance estimation for olu's OGD regret claims (issue 13): Theorems 2, 3, 5,
Corollary 7 and Table 1's constant row, without deletions (k = 0).

The claims' hypotheses admit quadratic streams ``f_t(z) = ½Σ_k λ_k(z_k − x_{t,k})²`` with one diagonal Hessian,
z_1 and every x_t in the ball of diameter D centred at 0 and L ≥ λ_max·D. For λ = (L/D)·I every step rule below
has ηλ ≤ 1 (after the first round for Theorem 5's step at T = 1), so the mean path stays in the ball and the
mean-square hypotheses hold; the worst case of that class is the SDP of :func:`certunlearn.claims.pep.quadratic_pep`
(exact over all dimensions). Its primal solution, rationalised and pulled exactly into the ball, and the best
sign pattern of the one-dimensional brute force (:func:`certunlearn.claims.pep.vertex_worst`, exact ±D/2 data)
are shipped in ``claims/pep_worst_cases.json`` (L = D = 2, λ = 1, n = 1..16); the adversaries here read them —
no SDP runs during a check — and each instance carries ``pep_n``, ``pep_value`` and ``pep_dual`` (the SDP's
primal value and dual bound, decimal strings). The claim's own quantity decides.

``RULES`` name the step rules: ``sc`` η_t = 1/(μt) (Theorem 2, Corollary 7; μ = λ), ``convex`` η_t = D/(L√t)
(Theorem 3), ``thm5`` η = √(2D²/(TL²)) (Theorem 5's step and Table 1's at k = 0).
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ...numeric.fraction import Fraction
from ..model import Adversary
from ..pep import SHIPPED_FILE, cached, extract, shipped, vertex_worst
from .families import regret_instance

__all__ = ["add_lipschitz_cases", "add_linear_worst", "thm6_pep_adversary", "thm6_pep_instances", "RULES", "RULE_TEXT", "NS", "pep_adversary", "pep_instances", "build_shipped", "LIPSCHITZ_NS"]

#: step sizes (floats, for the SDP) of each rule at horizon n, curvature λ, Lipschitz constant L, diameter D
RULES: dict[str, Callable[[int, float, float, float], list[float]]] = {
    "sc": lambda n, lam, L, D: [1 / (lam * t) for t in range(1, n + 1)],
    "convex": lambda n, lam, L, D: [D / (L * math.sqrt(t)) for t in range(1, n + 1)],
    "thm5": lambda n, lam, L, D: [math.sqrt(2 * D * D / (n * L * L))] * n,
}
RULE_TEXT = {"sc": "η_t = 1/(μt)", "convex": "η_t = D/(L√t)", "thm5": "η = √(2D²/(TL²)) (k = 0)"}
NS = (1, 2, 3, 4, 6, 8, 12, 16)
LIPSCHITZ_NS = (4, 8, 16)
L_, D_, LAM = 2.0, 2.0, 1.0


def _label(kind: str, rule: str, n: int) -> str:
    return f"{kind} {rule} n={n} L=2 D=2"


def build_shipped(path: Path = SHIPPED_FILE, ns=NS, lipschitz_ns=LIPSCHITZ_NS) -> dict:
    """Solve (or read from the disk cache) every case and write the shipped JSON (run by hand; see
    ``benchmarks/adversaries.py --build``)."""
    out: dict[str, dict] = {}
    for rule, steps in RULES.items():
        for n in ns:
            etas = steps(n, LAM, L_, D_)
            case = cached("quadratic", rule, etas, {"lam": LAM, "D": D_}, label=_label("quadratic", rule, n))
            z1, C = extract(case)
            entry = {"kind": "quadratic", "rule": rule, "n": n, "value": repr(case.value), "dual": repr(case.dual),
                     "z1": [str(x) for x in z1], "X": [[str(x) for x in c] for c in C]}
            out[_label("quadratic", rule, n)] = entry
            if n <= 12:
                best, signs = vertex_worst(etas, LAM, D_)
                out[_label("vertex", rule, n)] = {
                    "kind": "vertex", "rule": rule, "n": n, "value": repr(case.value), "dual": repr(case.dual),
                    "vertex_value": repr(best), "z1": [str(signs[0] * Fraction(1))],
                    "X": [[str(s * Fraction(1))] for s in signs[1:]]}
        if rule != "sc":
            for n in lipschitz_ns:
                etas = steps(n, LAM, L_, D_)
                case = cached("lipschitz", rule, etas, {"M": L_, "D": D_}, label=_label("lipschitz", rule, n))
                out[_label("lipschitz", rule, n)] = {"kind": "lipschitz", "rule": rule, "n": n,
                                                     "value": repr(case.value), "dual": repr(case.dual)}
    out.update({k: v for k, v in shipped().items() if v.get("kind") == "linear"})  # kept: searched, not solved here
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return out


def add_lipschitz_cases(ns, path: Path = SHIPPED_FILE, rules=("convex", "thm5")) -> dict:
    """Solve (or read from the disk cache) PEPit's convex-Lipschitz worst case for ``rules`` at each n of ``ns`` and
    merge the values into the shipped JSON (the reference of ``benchmarks/adversaries.py``). n = 32 for ``convex``:
    108 CPU-s with Clarabel (n = 16: 7 CPU-s)."""
    out = json.loads(path.read_text()) if path.exists() else {}
    for rule in rules:
        for n in ns:
            case = cached("lipschitz", rule, RULES[rule](n, LAM, L_, D_), {"M": L_, "D": D_},
                          label=_label("lipschitz", rule, n))
            out[_label("lipschitz", rule, n)] = {"kind": "lipschitz", "rule": rule, "n": n, "value": repr(case.value),
                                                 "dual": repr(case.dual)}
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return out


def add_linear_worst(searched: dict[str, dict], path: Path = SHIPPED_FILE) -> dict:
    """Merge worst *linear* streams found by a local search (floats: ``{rule: {n: {"z1", "G", "value"}}}``, L = D = 2,
    K the unit ball) into the shipped JSON as kind ``linear``, exact: every gradient rationalised and scaled exactly
    into the ball of radius L, z_1 into K (``general_families.rational_into_ball``). Run by hand
    (``benchmarks/adversaries.py --build-linear FILE…``); the checker evaluates each one exactly."""
    from .general_families import rational_into_ball

    out = json.loads(path.read_text()) if path.exists() else {}
    for rule, by_n in searched.items():
        for n, entry in by_n.items():
            X = [rational_into_ball(g, Fraction(2)) for g in entry["G"]]
            z1 = rational_into_ball(entry["z1"], Fraction(1))
            out[_label("linear", rule, int(n))] = {"kind": "linear", "rule": rule, "n": int(n),
                                                   "value": repr(float(entry["value"])),
                                                   "z1": [str(z) for z in z1], "X": [[str(x) for x in r] for r in X]}
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return out


#: the irrational step rules put iterates on enclosures: their worst cases (gradients of norm exactly L at the
#: ball's boundary) are pulled inside by this (dyadic) factor so that the mean-square hypotheses are decided
SHRINK = {"sc": Fraction(1), "convex": 1 - Fraction(1, 2**30), "thm5": 1 - Fraction(1, 2**30)}


def pep_instances(rule: str, *, beta: Fraction = Fraction(1)) -> list[dict]:
    """Every shipped worst case of ``rule`` as an olu regret instance (μ = λ = 1, β as given, L = D = 2, k = 0,
    ε = 1), labelled with the PEP case it comes from."""
    out = []
    s = SHRINK[rule]
    for entry in shipped().values():
        if entry["rule"] != rule or entry["kind"] not in ("quadratic", "vertex"):
            continue
        if entry["n"] == 1 and entry["kind"] == "quadratic":
            # the same worst case as the sign pattern (½λD²); its non-dyadic data would make the comparator's
            # f_1(z*) = ½λ·(ball around 0)², which flint's ** 2 returns as nan (Stream.value, algorithms/olu/laws.py)
            continue
        X = [[Fraction(x) * s for x in row] for row in entry["X"]]
        z1 = [Fraction(x) * s for x in entry["z1"]]
        d = len(z1)
        inst = regret_instance(X, [Fraction(1)] * d, z1, [], [], mu_=Fraction(1), beta_=beta, eps=Fraction(1),
                               D_=Fraction(2))
        inst.update(pep_n=entry["n"], pep_value=entry["value"], pep_dual=entry["dual"],
                    pep_vertex=1 if entry["kind"] == "vertex" else 0)
        out.append(inst)
    return out


def thm6_pep_instances(beta: Fraction = Fraction(2)) -> list[dict]:
    """The η_t = 1/(μt) worst cases as instances of Theorem 6's regret proof step (Algorithm 2 with k = 0 runs plain
    OGD): I_1 = (), I_2 = 0, Σ_σ = 0 and the exact entries G_2, H_T, R_τ, R_T. The bound is then L²H_T/(2μ), which the
    worst cases at T = 1 and T = 2 attain *exactly* (regret ½λD² = 2 and 3 = L²H_T/(2μ) at L = D = 2, μ = λ = 1;
    see tests/claims/olu/test_worst_case.py): the quantity is then a rational, so the equality is proved."""
    from .quantities import thm6_entries

    out = []
    for inst in pep_instances("sc", beta=beta):
        inst = dict(inst, I_1=[], I_2=0, Sigma_sigma=Fraction(0))
        inst.update(thm6_entries(inst))
        out.append(inst)
    return out


def thm6_pep_adversary() -> Adversary:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        return thm6_pep_instances()[:size]

    return Adversary(f"performance estimation (PEPit SDP, quadratics λI in the ball): worst streams for "
                     f"{RULE_TEXT['sc']}, no deletions, n = 1..{NS[-1]}, L = D = 2", generate=generate)


def pep_adversary(rule: str, *, beta: Fraction = Fraction(1)) -> Adversary:
    """The shipped PEP worst cases of ``rule`` (no SDP at check time)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        return pep_instances(rule, beta=beta)[:size]

    return Adversary(f"performance estimation (PEPit SDP, quadratics λI in the ball): worst streams for "
                     f"{RULE_TEXT[rule]}, n = {NS[0]}..{NS[-1]}, L = D = 2", generate=generate)
