"""The package's shape (issue 28): no module of ``companion`` is over :data:`MAX_LINES` lines, and
imports run one way, so no module imports, even for typing only or from inside a function, a module
that imports it back.

The graph is read from the source with ``ast`` (nothing is imported): every ``import`` and
``from ... import`` anywhere in a module, ``if TYPE_CHECKING:`` blocks included, is an edge to the
deepest ``companion`` module it names. A package's ``__init__`` running before its submodules is
Python's doing, not an edge.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent
MAX_LINES = 600


@dataclass
class Module:
    name: str
    path: Path
    is_package: bool
    imports: dict[str, int] = field(default_factory=dict)  # imported module -> first line


def modules(root: Path = ROOT) -> dict[str, Module]:
    """Every module of the package, by dotted name."""
    found: dict[str, Module] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = Module(".".join(parts), path, is_package)
    return found


def _named(name: str, known: dict[str, Module]) -> str | None:
    """The deepest known module a dotted name lies in (``pkg.mod.func`` -> ``pkg.mod``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _targets(node: ast.Import | ast.ImportFrom, module: Module) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = module.name
    if node.level:
        if not module.is_package:
            base = base.rpartition(".")[0]
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        source = f"{base}.{node.module}" if node.module else base
    else:
        source = node.module or ""
    # ``from pkg import sub`` imports the submodule ``pkg.sub``; ``from mod import name`` imports mod
    return [f"{source}.{alias.name}" for alias in node.names]


def import_graph(root: Path = ROOT) -> dict[str, Module]:
    """Each module with the package modules it imports (anywhere in its body)."""
    known = modules(root)
    package = root.name
    for module in known.values():
        tree = ast.parse(module.path.read_text(encoding="utf-8"), str(module.path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target in _targets(node, module):
                if target != package and not target.startswith(package + "."):
                    continue
                found = _named(target, known)
                if found and found != module.name:
                    module.imports.setdefault(found, node.lineno)
    return known


def cycles(graph: dict[str, Module]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for other in graph[name].imports:
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in on_stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == name:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(groups)


def describe(group: list[str], graph: dict[str, Module]) -> str:
    members = set(group)
    lines = [f"{name}:{line} imports {other}" for name in group
             for other, line in sorted(graph[name].imports.items()) if other in members]
    return "cycle of " + ", ".join(group) + "\n    " + "\n    ".join(lines)


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The walk counts what a cycle may hide in: relative and absolute, ``from pkg import sub``,
    function-local and ``TYPE_CHECKING`` imports; a name imported from a module is that module."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.sub import c\n")
    (pkg / "sub" / "c.py").write_text("from .. import a\nfrom ..a import thing\nimport os\n")
    (pkg / "d.py").write_text("import pkg.sub.c\n")
    graph = import_graph(pkg)
    assert graph["pkg.a"].imports == {"pkg.b": 3}
    assert graph["pkg.b"].imports == {"pkg.sub.c": 2}
    assert graph["pkg.sub.c"].imports == {"pkg.a": 1}
    assert graph["pkg.d"].imports == {"pkg.sub.c": 1}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c"]]


def test_no_module_over_the_size_limit() -> None:
    """Small modules named for what they hold (issue 28): past this a module mixes concerns."""
    graph = import_graph()
    sizes = {m.name: len(m.path.read_text(encoding="utf-8").splitlines()) for m in graph.values()}
    over = sorted(f"{name} ({n} lines)" for name, n in sizes.items() if n > MAX_LINES)
    assert not over, f"split along a seam (at most {MAX_LINES} lines): " + ", ".join(over)


def test_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 100  # the walk found the package
    found = cycles(graph)
    assert not found, "\n".join(describe(group, graph) for group in found)


def test_the_rules_never_import_the_views() -> None:
    """One secrets gate per game (issue 40): every public/private view lives in the game's ``views``
    module (or package) and only the ``Game`` (``game.py``) reads it; no rule module imports a view,
    so no view function can hide beside the rules and skip the gate."""
    graph = import_graph()
    games = sorted({name.split(".")[2] for name in graph if name.startswith("companion.games.")
                    and name.count(".") >= 3})
    assert {"agot", "generic", "immortals", "catan_watch", "lcg"} <= set(games)
    found = []
    for game in games:
        views = f"companion.games.{game}.views"
        for module in graph.values():
            if not module.name.startswith(f"companion.games.{game}.") or module.name.startswith(views):
                continue
            if module.name == f"companion.games.{game}.game":
                continue
            found += [f"{module.name} imports {target} (line {line})" for target, line in module.imports.items()
                      if target == views or target.startswith(views + ".")]
    assert not found, "\n".join(found)
    agot = [name for name in graph if name.startswith("companion.games.agot.")]
    assert "companion.games.agot.combat_views" not in agot  # the combat's views moved into views/
