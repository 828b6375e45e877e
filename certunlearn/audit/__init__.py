"""Black-box statistical audit of an (ε, δ) certificate: a lower bound on ε at δ with confidence 1 − β.

:func:`audit` samples a candidate's published outputs on the neighbouring inputs of a claim's adversarial
instances (the protocol is in :mod:`certunlearn.audit.run`) and :func:`audit_samples` works on samples
already drawn. Two tests, with family-wise error controlled by Bonferroni across trials, directions and
intervals: non-parametric (threshold sets chosen on a selection split, exact Clopper–Pearson on the
holdout; :mod:`~certunlearn.audit.nonparametric`) and, for outputs declared Gaussian, parametric
(confidence bounds on mean shift and scale; :mod:`~certunlearn.audit.parametric`). The verdict is
"certificate refuted at confidence 1 − β" with its witness, or "consistent with the certificate at this
sample size". Needs only numpy and scipy (no test extras).
"""
from .result import CONSISTENT, REFUTED, AuditResult, Bound
from .run import audit, audit_samples, draw, family_size, lower_bound_curve, select_instances

__all__ = ["audit", "audit_samples", "draw", "lower_bound_curve", "select_instances", "family_size", "AuditResult", "Bound", "REFUTED", "CONSISTENT"]
