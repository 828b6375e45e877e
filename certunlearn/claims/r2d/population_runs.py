"""Rewind-to-Delete, Corollary 3.6 (lines 191–197; proof Appendix B.2, lines 545–555) over finite-support
populations: the run on every dataset, E over the i.i.d. draw D ~ Z^n enumerated exactly.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. The corollary's expectation "is taken with respect to i.i.d.
sampling of D ~ Z and the Gaussian noise added at the end of U" (line 197). For a population Z = Σ_j p_j δ_{a_j}
the draw of D is a finite mixture: Algorithm 2 deletes the last m points (as in the proof, line 352), so D' is an
i.i.d. draw of n − m points and the deleted Z an independent draw of m, and full-batch gradient descent depends on
each only through its count vector (c' over the atoms for D', c_Z for Z). E over D is the finite sum over (c', c_Z)
with multinomial weights of the run on D = D'(c') ∪ Z(c_Z) (``quantities.runs_of``, exact); E over the noise is
(λ/2)dσ² for quadratics and a Gaussian expectation enclosed piece by piece for the non-convex dip
(``Piecewise.gaussian_mean``).

**The reading of f_{D'}(θ_0) − f*_{D'}.** The printed right-hand side keeps f_{D'}(θ_0) − f*_{D'}, a random variable
when D is drawn. The proof obtains the corollary "by substituting in (11)" (line 555) — Corollary 3.5's bound, which
holds for each D — into Lemma B.4's E[f_{D'}(θ) − f*_{D'}] (line 553): the term enters as its expectation
E_{D'}[f_{D'}(θ_0) − f*_{D'}], the instance's ``f0gap``. Any other reading (the bound at every D', i.e. at the
smallest f0gap of the support) is stronger, so a violation found with the expectation is a violation under every
reading.

Instances: the Theorem 3.1 entries of ``families.gd_instance`` without ``X`` (family, R, Θ = [lo, hi], θ_0, n, m,
η, L, G, T, K, ε, δ; ``lam`` for the quadratics, ``shape`` 2 and ``param`` for the dip), ``atoms`` (rows),
``probs`` (> 0, summing to 1), ``mu``, ``d`` and ``f0gap``. Every hypothesis that involves the data is decided on
every dataset of the support (:func:`on_every_dataset`).
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable

import numpy as np
from flint import arb

from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import holds
from ..instances import frac, instance_key, is_int
from ..model import Instance
from .cell_population import (cell_excess, cell_f0gap, cell_law_ok, is_cell_law, link_constants_ok, link_data_ok,
                              link_iterates_ok, needs_link_checks)
from .continuous import is_law, law_excess, law_f0gap, law_ok, vertex_datasets
from .families import eta_max, gd_instance, piecewise_instance, subsample
from .populations import count_vectors, largest_pl_dyadic, weighted_profile
from .quantities import PIECEWISE, QUADRATIC, gd_ok, constants_ok, iterates_ok, runs_of, sq_norm

DRAW_NAMES = ("atoms", "probs", "n", "m")


def is_population(values: Instance) -> bool:
    """Whether the instance describes a population — finite-support (``atoms``) or bounded continuous (``law``,
    :mod:`.continuous`) — rather than one dataset ``X``."""
    return "atoms" in values or is_law(values)


def _weight(c: tuple[int, ...], probs: list[Fraction]) -> Fraction:
    w = Fraction(math.factorial(sum(c)))
    for cj, pj in zip(c, probs):
        w = w * pj**cj / math.factorial(cj)
    return w


def _rows(c: tuple[int, ...], atoms: list[list[Fraction]]) -> list[list[Fraction]]:
    return [list(a) for cj, a in zip(c, atoms) for _ in range(cj)]


@functools.lru_cache(maxsize=256)
def _datasets(key: tuple) -> tuple[tuple[Fraction, tuple], ...]:
    values = dict(key)
    atoms = [list(a) for a in values["atoms"]]
    probs = list(values["probs"])
    n_, m_ = int(values["n"]), int(values["m"])
    out = []
    for cr, cz in itertools.product(count_vectors(len(atoms), n_ - m_), count_vectors(len(atoms), m_)):
        X = _rows(cr, atoms) + _rows(cz, atoms)  # D' first, the deleted Z the last m rows
        out.append((_weight(cr, probs) * _weight(cz, probs), tuple(tuple(r) for r in X)))
    return tuple(out)


def datasets(values: Instance) -> list[tuple[Fraction, list[list[Fraction]]]]:
    """(probability, X) for every dataset D = D' ∪ Z of the support (D' the first n − m rows), exactly."""
    if is_law(values):
        raise ValueError("population_runs: a continuous law has no finite list of datasets")
    return [(w, [list(r) for r in X]) for w, X in _datasets(instance_key(values, DRAW_NAMES))]


def retained_draws(values: Instance) -> list[tuple[Fraction, list[list[Fraction]]]]:
    """(probability, X) for every D' of the support (count vector c' of n − m draws), X = D' followed by m copies of
    the first atom (quantities that read D' only: f_{D'}, its PL constant, f0gap)."""
    if is_law(values):
        raise ValueError("population_runs: a continuous law has no finite list of datasets")
    atoms = [[frac(v) for v in a] for a in values["atoms"]]
    probs = [frac(p) for p in values["probs"]]
    n_, m_ = int(frac(values["n"])), int(frac(values["m"]))
    return [(_weight(c, probs), _rows(c, atoms) + [atoms[0]] * m_) for c in count_vectors(len(atoms), n_ - m_)]


def population_structure_ok(values: Instance) -> Decision:
    """A point mass (every row of X equal: D deterministic, F = f_{D'}) or a finite-support population: integers
    1 ≤ m < n, probabilities > 0 summing to 1, one per atom, atoms of θ_0's dimension; quadratics or the dip."""
    if not is_population(values):
        X = values["X"]
        return holds(all([frac(v) for v in row] == [frac(v) for v in X[0]] for row in X))
    if is_law(values):
        return cell_law_ok(values) if is_cell_law(values) else law_ok(values)
    atoms, probs = values["atoms"], [frac(p) for p in values["probs"]]
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    family = int(frac(values["family"]))
    if family not in (QUADRATIC, PIECEWISE) or (family == PIECEWISE and int(frac(values["shape"])) != 2):
        return Decision.FALSE
    return holds(len(probs) == len(atoms) >= 1 and all(p > 0 for p in probs) and sum(probs) == 1
                 and all(len(a) == len(values["theta0"]) for a in atoms))


def _combine(decisions) -> Decision:
    out = Decision.TRUE
    for dec in decisions:
        if dec is Decision.FALSE:
            return Decision.FALSE
        if dec is not Decision.TRUE:
            out = Decision.UNDECIDED
    return out


#: Theorem 3.1's data hypotheses (``quantities``, read through ``Setup``) and their cell_population twins for a
#: link Setup does not build (the bump): each twin decides the same printed condition on every dataset of the law
_LINK_CHECKS: dict[Callable, Callable] = {gd_ok: link_data_ok, constants_ok: link_constants_ok,
                                          iterates_ok: link_iterates_ok}


def _link_twin(check: Callable[[Instance], Decision]) -> Callable[[Instance], Decision]:
    """The :data:`_LINK_CHECKS` twin of ``check`` — itself or the function a ``hypotheses.P`` wrapper decides (the
    callable its closure holds) — else ``check`` (a check that reads no data; one that reads ``X`` raises: an
    error, never an exclusion)."""
    inner = [c.cell_contents for c in (getattr(check, "__closure__", None) or ())]
    for fn in (check, *inner):
        if callable(fn) and fn in _LINK_CHECKS:
            return _LINK_CHECKS[fn]
    return check


def on_every_dataset(check: Callable[[Instance], Decision]) -> Callable[[Instance], Decision]:
    """``check`` itself on a dataset instance; on a population, ``check`` on every dataset D of the support (true
    when true on each, false when false on one)."""
    def lifted(values: Instance) -> Decision:
        if not is_population(values):
            return check(values)
        if needs_link_checks(values):  # a link quantities.Setup does not build: the same condition, decided on
            # the vertex datasets by cell_population (the others read no data)
            return _link_twin(check)(values)
        if is_law(values):  # the vertex datasets decide it for every dataset of the support (continuous.py and,
            # for the sine profile, cell_population.py: the all-lo and all-hi runs bracket every dataset's)
            return _combine(check({**values, "X": X}) for X in vertex_datasets(values))
        return _combine(check({**values, "X": X}) for _, X in datasets(values))

    lifted.__doc__ = f"On every dataset of a population's support: {check.__doc__ or ''}"
    return lifted


def on_every_retained(check: Callable[[Instance], Decision]) -> Callable[[Instance], Decision]:
    """As :func:`on_every_dataset`, over the retained sets D' only (for conditions on f_{D'})."""
    def lifted(values: Instance) -> Decision:
        if not is_population(values):
            return check(values)
        if is_law(values):
            return _combine(check({**values, "X": X}) for X in vertex_datasets(values))
        return _combine(check({**values, "X": X}) for _, X in retained_draws(values))

    lifted.__doc__ = f"On every D' of a finite-support population: {check.__doc__ or ''}"
    return lifted


def expected_f0gap(values: Instance, f0gap_of: Callable[[Instance], Fraction]) -> Fraction:
    """E_{D'}[f_{D'}(θ_0) − f*_{D'}] = Σ_{c'} P(c')·``f0gap_of`` on D'(c'), exactly (the module's reading); a
    continuous law: its closed form (``continuous.law_f0gap``; the sine profile: ``cell_population.cell_f0gap``)."""
    if is_law(values):
        return cell_f0gap(values) if is_cell_law(values) else law_f0gap(values)
    return sum((w * f0gap_of({**values, "X": X}) for w, X in retained_draws(values)), Fraction(0))


def population_excess(values: Instance) -> arb:
    """E over D and ξ of F(θ''_K + ξ) − F*, F = Σ_j p_j f_{a_j}: Σ over the datasets of P(D)·E_ξ[F(θ''_K(D) + ξ)] −
    F*, θ''_K(D) Algorithm 2's exact output on that dataset. Quadratics f_z = (λ/2)‖θ − z‖²: F − F* = (λ/2)‖θ − ā‖²
    (ā = Σ p_j a_j), plus (λ/2)dσ² for the noise; the dip: F_k = Σ_j p_j φ(· − a_jk) per coordinate, E_ξ F_k(θ_k +
    σZ) enclosed piece by piece, F* = Σ_k min F_k exactly. A bounded continuous law: the closed form of
    ``continuous.law_excess``; with the non-quadratic sine profile: enclosed cell by cell
    (``cell_population.cell_excess``)."""
    if is_law(values):
        return cell_excess(values) if is_cell_law(values) else law_excess(values)
    atoms = [[frac(v) for v in a] for a in values["atoms"]]
    probs = [frac(p) for p in values["probs"]]
    d_ = len(atoms[0])
    sig = to_arb(values["sigma"])
    runs = [(w, runs_of({**values, "X": X})["unlearned"]) for w, X in datasets(values)]
    if int(frac(values["family"])) == QUADRATIC:
        lam_ = frac(values["lam"])
        mean = [sum((p * a[k] for p, a in zip(probs, atoms)), Fraction(0)) for k in range(d_)]
        exact = sum((w * lam_ / 2 * sq_norm([t - a for t, a in zip(th, mean)]) for w, th in runs), Fraction(0))
        return to_arb(exact) + to_arb(lam_ * d_ / 2) * sig * sig
    from ...problems.r2d_piecewise import PROFILES

    phi = PROFILES[2][1](frac(values["param"]))
    parts = [weighted_profile(phi, [a[k] for a in atoms], probs) for k in range(d_)]
    fstar = sum((F.minimum() for F in parts), Fraction(0))
    total = arb(0)
    for w, th in runs:
        total += to_arb(w) * sum((F.gaussian_mean(t, sig) for F, t in zip(parts, th)), arb(0))
    return total - to_arb(fstar)


# =========================================================================== the families
_Q = Fraction
#: (atoms, probs): two atoms even and skewed in d = 1, three atoms in d = 2
QUADRATIC_SUPPORTS = (([[_Q(1)], [_Q(-1)]], [_Q(1, 2)] * 2), ([[_Q(1)], [_Q(-1)]], [_Q(9, 10), _Q(1, 10)]),
                      ([[_Q(1), _Q(0)], [_Q(0), _Q(1)], [_Q(-1, 2), _Q(-1, 2)]], [_Q(1, 3)] * 3))
#: the dip's supports: atoms 1 and 2 apart, atoms ±2 (whose uneven D' = {2, 2, −2} is PL with a smaller constant,
#: 39/512, than a single dip's 51/512), and three atoms in d = 2
DIP_SUPPORTS = (([[_Q(1)], [_Q(-1)]], [_Q(1, 2)] * 2), ([[_Q(1)], [_Q(0)]], [_Q(3, 4), _Q(1, 4)]),
                ([[_Q(2)], [_Q(-2)]], [_Q(1, 2)] * 2),
                ([[_Q(1), _Q(0)], [_Q(0), _Q(1)], [_Q(0), _Q(0)]], [_Q(1, 3)] * 3))


def quadratic_population_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Convex quadratics (λ/2)‖θ − z‖² (PL with μ = λ for every D') on two- and three-atom populations, Θ = [−1, 1]^d,
    θ_0 = −1/2 per coordinate, η = min{1/(2λ), Theorem 3.1's maximum}, n ∈ {2, 3, 5}, from small σ (ε = 1, δ = 1/2)
    to large (ε = 1/10, δ = 10⁻⁵)."""
    out = []
    R_ = _Q(1)
    for (atoms, probs), (n_, m_), lam_, (T_, K_), (eps, dlt) in itertools.product(
            QUADRATIC_SUPPORTS, ((2, 1), (3, 1), (5, 2)), (_Q(1), _Q(2)), ((4, 2), (2, 1)),
            ((_Q(1), _Q(1, 2)), (_Q(1, 10), _Q(1, 10**5)))):
        d_ = len(atoms[0])
        eta_ = min(1 / (2 * lam_), eta_max(n_, m_, lam_))
        # G > sup ‖∇f_z‖ = λ sup ‖θ − z‖ ≤ λR(√d + 1) ≤ λR(d + 1) on Θ
        inst = gd_instance(QUADRATIC, (atoms * n_)[:n_], m_, eta_=eta_, L_=lam_,
                           G_=lam_ * (1 + d_) * R_ * (1 + _Q(1, 2**30)), T_=T_, K_=K_, eps=eps, dlt=dlt, R_=R_,
                           lam_=lam_, lo=[-R_] * d_, hi=[R_] * d_, mu=lam_, d=d_)
        inst.update(theta0=[_Q(-1, 2)] * d_, atoms=atoms, probs=probs)
        del inst["X"]
        out.append(inst)
    return subsample(out, rng, min(size, max(8, size // 4)))  # each runs every dataset of the support


@functools.lru_cache(maxsize=64)
def _dip_mu(atoms: tuple, size: int, c: Fraction, bits: int = 10) -> Fraction:
    """The largest k/2^bits with which f_{D'} (the dip profile c on D') is PL for every D' of ``size`` draws over the
    atoms, decided exactly (0 when none is)."""
    from ...problems.r2d_piecewise import pl_dip

    phi = pl_dip(c)
    return largest_pl_dyadic([weighted_profile(phi, [a[k] for a in _rows(cr, [list(a) for a in atoms])],
                                               [_Q(1, size)] * size)
                              for cr in count_vectors(len(atoms), size) for k in range(len(atoms[0]))], bits)


def _ceil_sqrt(q: Fraction) -> int:
    """The least integer k ≥ √q, exactly (k² ≥ q ⇔ k² ≥ ⌈q⌉): the data radius R of a support, every atom inside."""
    c = math.ceil(q)
    k = math.isqrt(c)
    return k + (k * k < c)


def dip_population_family(rng: np.random.Generator, size: int) -> list[dict]:
    """The non-convex PL dip (c = 1/2, L = 1) on two- and three-atom populations whose every f_{D'} is PL (μ the
    smallest dyadic PL constant over the support's D', decided exactly), θ_0 = −3 across the non-convex region,
    Θ = [−4, 4]^d, η = 1/2, n ∈ {2, 3, 4}, m ∈ {1, 2}."""
    c = _Q(1, 2)
    out = []
    grid = list(itertools.product(DIP_SUPPORTS, ((2, 1), (3, 1), (4, 2), (4, 1)), ((4, 2), (2, 1)),
                                  ((_Q(1), _Q(1, 2)), (_Q(1, 10), _Q(1, 10**5)))))
    for (atoms, probs), (n_, m_), (T_, K_), (eps, dlt) in subsample(grid, rng, min(size, max(8, size // 4))):
        d_ = len(atoms[0])
        mu_ = _dip_mu(tuple(tuple(a) for a in atoms), n_ - m_, c)
        if mu_ == 0:
            continue
        inst = piecewise_instance(2, c, (atoms * n_)[:n_], m_, T_=T_, K_=K_, eps=eps, dlt=dlt,
                                  R_=_Q(_ceil_sqrt(max(sq_norm(a) for a in atoms))), theta0=[_Q(-3)] * d_,
                                  lo=[_Q(-4)] * d_, hi=[_Q(4)] * d_, mu=mu_, d=d_)
        inst["eta"] = min(inst["eta"], _Q(1, 2))
        inst.update(atoms=atoms, probs=probs)
        del inst["X"]
        out.append(inst)
    return out  # each runs every dataset of the support
