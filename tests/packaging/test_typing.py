"""The type check is ``mypy --strict`` over the package, the tools and the benchmarks (issue 28):
``scripts/test`` runs it, and this keeps the configuration from being quietly loosened."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_is_strict_over_all_our_code() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert set(config["files"]) == {"companion", "tools", "bench"}
    loosened = {"disallow_untyped_defs", "disallow_any_generics", "warn_return_any", "no_implicit_reexport",
                "disallow_subclassing_any", "check_untyped_defs", "disallow_untyped_calls"}
    assert not [k for k in loosened if config.get(k) is False]
    for override in config.get("overrides", []):  # only libraries without hints may be let off
        assert not str(override.get("module", "")).startswith("companion"), override
