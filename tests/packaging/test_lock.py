"""The locked dependency set (requirements/*.txt, docs/dependencies.md) agrees with pyproject.toml:
every declared dependency is pinned to one version its range admits, with file hashes, and the serve
set holds the same versions as the test set. A range changed without `bash scripts/lock` fails here."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def lock(name: str) -> dict[str, tuple[str, str | None]]:
    """name -> (version, marker) of a lock file; every pin must carry hashes."""
    text = (ROOT / "requirements" / f"{name}.txt").read_text(encoding="utf-8")
    pins: dict[str, tuple[str, str | None]] = {}
    for block in re.split(r"\n(?=\S)", text):
        first = block.splitlines()[0]
        if not first or first.startswith("#"):
            continue
        m = PIN.match(first)
        assert m, f"not an exact pin: {first!r}"
        assert "--hash=sha256:" in block, f"{m.group(1)} has no hash"
        pins[canonicalize_name(m.group(1))] = (m.group(2), m.group(3))
    return pins


def declared(*extras: str) -> list[Requirement]:
    reqs = [Requirement(r) for r in PROJECT["dependencies"]]
    for extra in extras:
        reqs += [Requirement(r) for r in PROJECT["optional-dependencies"][extra]]
    return reqs


@pytest.mark.parametrize(("name", "extras"), [("serve", ("postgres",)), ("test", ("test",))])
def test_every_declared_dependency_is_pinned_within_its_range(name: str, extras: tuple[str, ...]) -> None:
    pins = lock(name)
    env = default_environment()
    for req in declared(*extras):
        if req.marker and not req.marker.evaluate(env):
            continue
        key = canonicalize_name(req.name)
        assert key in pins, f"{req.name} is not in requirements/{name}.txt: run bash scripts/lock"
        assert req.specifier.contains(pins[key][0], prereleases=True), \
            f"{req.name}=={pins[key][0]} is outside {req.specifier}: run bash scripts/lock"


def test_serve_and_test_sets_hold_the_same_versions() -> None:
    serve, test = lock("serve"), lock("test")
    assert {k: v[0] for k, v in serve.items()} == {k: test[k][0] for k in serve if k in test}
    assert set(serve) <= set(test)


def test_the_installers_are_locked_too() -> None:
    for name in ("serve", "test"):
        assert {"pip", "setuptools"} <= set(lock(name))
