"""Product rules checked on the source: every refusal cites its rule, every text has Portuguese."""

from __future__ import annotations

import ast
from pathlib import Path

from companion import i18n
from companion.games import catan_watch

PKG = Path(catan_watch.__file__).resolve().parent


def test_every_rule_error_cites_a_source():
    missing = []
    for path in PKG.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleError":
                if len(node.args) < 2 and not any(k.arg == "rule" for k in node.keywords):
                    missing.append(f"{path.name}:{node.lineno}")
    assert not missing


def test_portuguese_catalog_has_no_gaps():
    assert i18n.missing(PKG) == []
