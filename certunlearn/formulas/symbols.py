"""Named sympy symbols shared by every paper's formulas, claims and derivations (same name, same assumptions)."""
import sympy

epsilon = sympy.Symbol("epsilon", positive=True)
delta = sympy.Symbol("delta", positive=True)
Delta = sympy.Symbol("Delta", positive=True)  # sensitivity (ℓ2 mean shift)
sigma = sympy.Symbol("sigma", positive=True)  # Gaussian noise standard deviation
alpha = sympy.Symbol("alpha", positive=True)  # Rényi order (> 1 where it matters)
rho = sympy.Symbol("rho", positive=True)  # zCDP parameter
