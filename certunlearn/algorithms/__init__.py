"""Reference implementations of the papers' algorithms, one module per paper key.

Every run returns a :class:`~certunlearn.algorithms.release.Release` (published law, secret state,
certificate, seed). Import a paper's algorithms from its module, e.g.
``from certunlearn.algorithms.d2d import PerturbedGD``; the shared release types are re-exported here.
"""
from .release import Certificate, GaussianRelease, Release, as_generator, record_rng

__all__ = ["Certificate", "GaussianRelease", "Release", "as_generator", "record_rng"]
