"""Text and LaTeX rendering of derivations."""
import re

import sympy
from sympy import sqrt

from certunlearn.claims import get_claim
from certunlearn.formulas.symbols import Delta, delta, epsilon, sigma
from certunlearn.derive import Derivation, Premise, check_derivation, load_derivation, render_latex, render_text, step, then

y = sympy.Symbol("y", positive=True)

DEMO = Derivation(
    "gaussian.demo", "bound", "a demo with every kind of step",
    steps=(
        step(y, "<=", y**2, "false below 1 — “refuted”", box={y: (0, 2)}),
        step((y + 1) ** 2, "==", y**2 + 2 * y + 1, "expand"),
        then("<", y**2 + 2 * y + 2, "add 1"),
        then("<=", sympy.sin(y) + y**2 + 3 * y + 2, "sin y ≥ −y… (cited)", cited="Folklore & Co, 100%"),
    ),
    premises=(Premise("ρ-zCDP ⇒ (ε, δ)-DP", "Bun & Steinke 2016, Prop. 1.3"),),
    conditions=(sympy.Le(y, 10),),
)


def _result():
    return check_derivation(DEMO, sympy.sin(y) + y**2 + 3 * y + 2)


def test_text_shows_every_status_and_justification():
    r = _result()
    text = render_text(r)
    for s in r.steps:
        assert f"[{s.status}]" in text
        assert s.justification.split()[0] in text
    assert "REFUTED:" in text and "y = " in text
    assert "link: identity" in text
    assert "Bun & Steinke 2016, Prop. 1.3" in text
    assert "NOT ok" in text


def test_text_and_latex_say_whether_the_start_was_checked_against_the_quantity():
    """The start line of a chain (its own left side) is not the start's check against the claim's quantity: both are
    printed — a start checked against the quantity is not shown as merely stated (issue 25, item 3)."""
    checked = check_derivation(load_derivation("d2d.table1:distributed-iterations+fix"),
                               get_claim("d2d.table1:distributed-iterations+fix"))
    assert checked.start_status == "checked"
    assert "start against the claim's quantity: checked — the chain starts from the claim's quantity" in render_text(checked)
    assert "Start against the claim's quantity: checked" in render_latex(checked)
    stated = _result()
    assert f"start against the claim's quantity: stated — {stated.start_status_detail[:30]}" in render_text(stated)
    assert "against the claim's quantity" not in render_text(DEMO)  # an outline checks nothing


def test_text_of_a_bare_derivation_is_an_outline():
    text = render_text(DEMO)
    assert text.count("[not checked]") == len(DEMO.steps)


def _balanced(tex: str) -> bool:
    depth = 0
    for ch in re.sub(r"\\[{}$&%#_]", "", tex):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def test_latex_is_well_formed():
    tex = render_latex(_result())
    assert tex.count(r"\begin{align*}") == tex.count(r"\end{align*}") == 1
    assert tex.index(r"\begin{align*}") < tex.index(r"\end{align*}")
    assert _balanced(tex)
    assert r"\leq" in tex and r"\text{[refuted]" in tex and r"\text{[identity]" in tex
    assert r"\&" in tex and r"\%" in tex  # text specials escaped
    assert tex.count("$") % 2 == 0
    assert "?" not in tex.replace("?}", "")  # no unmapped characters


def test_latex_of_gaussian_derivations():
    targets = {"gaussian.zcdp": Delta / (sqrt(2) * (sqrt(sympy.log(1 / delta) + epsilon) - sqrt(sympy.log(1 / delta)))),
               "gaussian.classic": delta}
    for cid, target in targets.items():
        tex = render_latex(check_derivation(load_derivation(cid), target))
        assert _balanced(tex) and tex.count(r"\begin{align*}") == tex.count(r"\end{align*}") == 1
        assert r"\sigma" in tex
    tex = render_latex(check_derivation(load_derivation("gaussian.classic"), delta))
    assert r"\leq" in tex and r"\text{[proved]" in tex


def test_given_is_rendered():
    d = Derivation("gaussian.g", "bound", "given", steps=(
        step(sqrt(epsilon + 1), "==", 1 + sigma, "under ε = σ² + 2σ", given={epsilon: sigma**2 + 2 * sigma}),))
    r = check_derivation(d, 1 + sigma)
    assert "given epsilon = sigma**2 + 2*sigma" in render_text(r)
    assert r"\text{given }" in render_latex(r)
    assert r.steps[0].status == "identity"
