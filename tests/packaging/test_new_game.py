"""``companion new-game <id>`` writes a game that works: run into a copy of the checkout, the new game
registers itself, its catalog is complete with the two-form pt_BR plural header, it has a TV scenario,
and its own rules and API tests pass there (the TV layout test of it is in the browser part)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.newgame import NewGameError, all_or_nothing, check, names, new_game, plan, write

ROOT = Path(__file__).resolve().parents[2]
COPY = ("companion", "templates", "static", "tests", "tools", "pyproject.toml", "docs/api.md", "docs/options.md",
        "docs/rules-coverage.md")


def _checkout(tmp: Path) -> Path:
    """The parts of the checkout the generator and the tests read, without caches."""
    repo = tmp / "repo"
    for name in COPY:
        src, dst = ROOT / name, repo / name
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    return repo


def _run(repo: Path, *args: str, timeout: int = 240) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(repo)}
    return subprocess.run([sys.executable, *args], cwd=repo, env=env, capture_output=True, text=True,
                          timeout=timeout)


def test_ids_and_names():
    assert names("demo")["__CLASS__"] == "DemoGame"
    assert names("tile-race") == {"__ID__": "tile-race", "__PKG__": "tile_race", "__CLASS__": "TileRaceGame",
                                  "__TITLE__": "Tile race"}
    for bad in ("Demo", "1st", "a_b", "x-", "", "../x"):
        with pytest.raises(NewGameError):
            names(bad)
    where = {str(p.relative_to(ROOT)) for p, _ in plan("tile-race", ROOT)}
    assert {"companion/games/tile_race/moves.py", "companion/games/tile_race/tv_scenario.py",
            "templates/tile_race/screen.html", "static/tile_race.css", "tests/rules/tile_race/test_tile_race_rules.py",
            "tests/api/test_tile_race_api.py", "tests/browser/test_tile_race_browser.py"} <= where
    with pytest.raises(NewGameError):  # only into the checkout whose companion package runs
        new_game("tile-race", ROOT / "tests")
    assert not (ROOT / "companion" / "games" / "tile_race").exists()
    assert all("__" not in text.replace("__init__", "").replace("__future__", "").replace("__name__", "")
               for _, text in plan("tile-race", ROOT))


def test_an_id_that_cannot_be_imported_or_would_shadow_a_module_or_game_is_refused_before_writing(capsys):
    """Issue #39, item 4: ``options`` and ``chronicle`` (modules of companion.games), ``import`` (a
    keyword) wrote a package that broke the registry, failed halfway and left files behind."""
    def files() -> str:
        return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout

    before = files()
    for bad in ("options", "chronicle", "base", "import", "class", "generic", "agot", "catan-watch", "lcg"):
        with pytest.raises(NewGameError) as err:
            new_game(bad)
        assert "pick another id" in str(err.value)
        assert files() == before, bad
    assert capsys.readouterr().out == ""
    check("tile-race", ROOT)  # a free id passes


def test_a_failure_halfway_takes_back_every_file_and_restores_the_shared_docs(tmp_path):
    (tmp_path / "companion" / "games").mkdir(parents=True)
    (tmp_path / "static").mkdir()
    (tmp_path / "docs").mkdir()
    for name in ("api.md", "options.md"):
        (tmp_path / "docs" / name).write_text("as before")
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    with pytest.raises(RuntimeError), all_or_nothing(tmp_path, "tile-race"):
        assert write("tile-race", tmp_path)
        assert (tmp_path / "companion" / "games" / "tile_race" / "moves.py").exists()
        (tmp_path / "docs" / "api.md").write_text("half rewritten")
        raise RuntimeError("the catalog step failed")
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before
    assert (tmp_path / "docs" / "api.md").read_text() == "as before"


def test_the_generated_game_registers_and_passes_its_own_tests(tmp_path):
    repo = _checkout(tmp_path)
    made = _run(repo, "-m", "companion.cli", "new-game", "demo")
    assert made.returncode == 0, made.stderr
    assert "0 untranslated" in made.stdout
    po = (repo / "companion/games/demo/translations/pt_BR/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"' in po
    assert (repo / "companion/games/demo/translations/pt_BR/LC_MESSAGES/messages.mo").exists()
    assert "### demo" in (repo / "docs/api.md").read_text(encoding="utf-8")
    assert "(`demo`)" in (repo / "docs/options.md").read_text(encoding="utf-8")
    again = _run(repo, "-m", "companion.cli", "new-game", "demo")
    assert again.returncode == 2 and "already exists" in again.stderr
    check = _run(repo, "-m", "companion.i18n", "check", "companion/games/demo")
    assert check.returncode == 0, check.stdout + check.stderr
    tests = _run(repo, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "tests/rules/demo",
                 "tests/api/test_demo_api.py", "tests/core/test_game_registry.py",
                 "tests/core/test_moves.py", "tests/core/test_options.py", timeout=400)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    assert str(repo) in _run(repo, "-c", "import companion; print(companion.__file__)").stdout
    listed = _run(repo, "-c", "from tools.tv_scenarios import SCENARIOS, KEYS; print(sorted(SCENARIOS), KEYS)")
    assert "'demo'" in listed.stdout and "('demo', 'bidding')" in listed.stdout, listed.stderr
