"""The layout contract of docs/architecture.md: data flows one way, no import cycle, no private name crosses a module,
small modules, one package per paper."""
import ast
from pathlib import Path

import networkx as nx
import pytest

from certunlearn.formulas import PAPERS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "certunlearn"
MAX_LINES = 1000


def test_layers_are_kept(monkeypatch, tmp_path):
    """import-linter's layered contract in pyproject.toml: a cycle or an upward import fails here."""
    lint = pytest.importorskip("importlinter.cli")
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    assert lint.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def private_imports(root: Path = ROOT) -> list[str]:
    """``from x import _name`` and ``module._name`` across modules of the package under ``root``."""
    found = []
    for path in sorted((root / "certunlearn").rglob("*.py")):
        module, tree = _module_name(path, root), ast.parse(path.read_text())
        imported_modules = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = _absolute(module, node, path.name == "__init__.py")
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__") and source != module:
                        found.append(f"{module}: from {source} import {alias.name}")
                    imported_modules[alias.asname or alias.name] = f"{source}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    imported_modules[alias.asname or alias.name.split(".")[0]] = alias.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.attr.startswith("_") and not node.attr.startswith("__")
                    and imported_modules.get(node.value.id, "").startswith("certunlearn")):
                found.append(f"{module}: {node.value.id}.{node.attr}")
    return found


def test_no_private_name_crosses_a_module_boundary():
    assert private_imports() == []


def test_no_module_is_too_long_to_live_in():
    modules = [*PACKAGE.rglob("*.py"), *(ROOT / "proofs").rglob("*.py")]  # the derivations ship in the wheel too
    long = {str(p.relative_to(ROOT)): n for p in modules if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_the_private_import_detector_bites(tmp_path):
    fake = tmp_path / "certunlearn" / "sub"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "a.py").write_text("from .b import _hidden\nfrom certunlearn.sub import b\nb._secret\n")
    (fake / "b.py").write_text("_hidden = 1\n_secret = 2\n")
    assert sorted(private_imports(tmp_path)) == ["certunlearn.sub.a: b._secret", "certunlearn.sub.a: from certunlearn.sub.b import _hidden"]


def imported_modules(root: Path = ROOT) -> dict[str, set[str]]:
    """Module → the package's modules it imports, at any depth of its code (imports inside functions count: a lazy
    import still ties the two modules together). ``from pkg import name`` counts as importing ``pkg.name`` when that
    is a module, else ``pkg``."""
    paths = sorted((root / "certunlearn").rglob("*.py"))
    modules = {_module_name(p, root): p for p in paths}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                source = _absolute(module, node, path.name == "__init__.py")
                targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            graph[module].update(t for t in targets if t in modules and t != module)
    return graph


def import_cycles(root: Path = ROOT) -> list[list[str]]:
    """Every set of the package's modules that import each other in a circle (strongly connected, size ≥ 2)."""
    graph = nx.DiGraph([(a, b) for a, targets in imported_modules(root).items() for b in targets])
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)


def test_no_import_cycle_anywhere_in_the_package():
    assert import_cycles() == []


def test_the_cycle_detector_bites(tmp_path):
    fake = tmp_path / "certunlearn" / "sub"
    fake.mkdir(parents=True)
    (tmp_path / "certunlearn" / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "a.py").write_text("from .b import x\n")
    (fake / "b.py").write_text("def f():\n    from . import c\n")  # a lazy import closes the circle too
    (fake / "c.py").write_text("from certunlearn.sub import a\n")
    assert import_cycles(tmp_path) == [["certunlearn.sub.a", "certunlearn.sub.b", "certunlearn.sub.c"]]


def test_one_package_per_paper_under_algorithms():
    """``algorithms/<key>/`` holds a paper's algorithms; no ``<key>_<topic>.py`` beside it (docs/architecture.md)."""
    algorithms = PACKAGE / "algorithms"
    papers = set(PAPERS) - {"gaussian"}  # the library's own accounting is the privacy layer, not an algorithm
    prefixed = sorted(p.name for p in algorithms.glob("*.py") if any(p.stem == k or p.stem.startswith(f"{k}_")
                                                                     for k in PAPERS))
    assert prefixed == []
    assert {p.name for p in algorithms.iterdir() if p.is_dir() and (p / "__init__.py").exists()} == papers
