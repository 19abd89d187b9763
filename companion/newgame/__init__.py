"""``companion new-game <id>``: write a working game package, its templates, styles, catalog and tests.

A new game touches several folders (the package under ``companion/games/``, ``templates/<pkg>/``,
``static/<pkg>.css``, ``tests/rules/<pkg>/``, ``tests/api/``, ``tests/browser/``); keeping them in step by hand is how a
game ends up never checked on the TV. This command writes all of them from ``skeleton/`` (each file
``<path>.tmpl``, with ``__ID__``, ``__PKG__``, ``__CLASS__`` and ``__TITLE__`` filled in), then makes
the pt_BR catalog (Babel extract/init with the two-form plural header, see
:func:`companion.i18n.set_plural_header`; the skeleton's msgids translated, reusing the wording other
catalogs already give a shared msgid) and regenerates the moves reference in ``docs/api.md``. The
game then registers itself (the registry discovers ``GAME``) and its TV scenario
(``tv_scenario.py``) is found by ``tools/tv_scenarios.py``. The skeleton plays a small sealed-bid
game so every layer has something real to test; docs/games-howto.md says what to change.
"""

from __future__ import annotations

import keyword
import re
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

SKELETON = Path(__file__).resolve().parent / "skeleton"
ID_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")

#: pt_BR for the skeleton's own msgids (a msgid another catalog already translates keeps that wording)
PT_BR = {
    "A sealed bid each round: the single highest bid scores.":
        "Um lance secreto por rodada: o maior lance sozinho pontua.",
    "Players": "Jogadores",
    "Rounds": "Rodadas",
    "Red": "Vermelho",
    "Blue": "Azul",
    "Green": "Verde",
    "Yellow": "Amarelo",
    "Purple": "Roxo",
    "Orange": "Laranja",
    "Round %(round)s: everyone seals a bid": "Rodada %(round)s: todos fazem um lance secreto",
    "Bid": "Lance",
    "This bid is closed; bid in the current round.": "Este lance está encerrado; dê o lance da rodada atual.",
    "A bid is from %(min)s to %(max)s.": "Um lance vai de %(min)s a %(max)s.",
    "Round %(round)s: %(who)s scores %(points)s": "Rodada %(round)s: %(who)s marca %(points)s",
    "Round %(round)s: a tie at the top, nobody scores": "Rodada %(round)s: empate no maior lance, ninguém marca",
    "The game is over.": "O jogo terminou.",
    "The host set %(who)s's score to %(score)s": "O anfitrião mudou a pontuação de %(who)s para %(score)s",
    "Round %(round)s of %(rounds)s": "Rodada %(round)s de %(rounds)s",
    "Secret bids: hidden until everyone has bid": "Lances secretos: ocultos até todos darem o seu",
    "Round %(round)s bids": "Lances da rodada %(round)s",
    "scores": "marca",
    "Scores": "Pontuação",
    "Score": "Pontuação",
    "Your bid:": "Seu lance:",
    "(you can change it until the last bid is in)": "(você pode mudá-lo até o último lance chegar)",
    "Seal my bid": "Selar meu lance",
    "%(who)s bid %(value)s": "%(who)s deu o lance %(value)s",
    "%(who)s sealed a bid": "%(who)s deu um lance secreto",
}


class NewGameError(Exception):
    """A new game cannot be written (a bad id, or it would overwrite something)."""


def names(game_id: str) -> dict[str, str]:
    """The placeholders for ``game_id``: ``demo-game`` -> package ``demo_game``, class ``DemoGameGame``."""
    if not ID_RE.match(game_id):
        raise NewGameError(f"{game_id!r}: a game id is lower-case letters and digits, words joined by '-'")
    pkg = game_id.replace("-", "_")
    words = game_id.split("-")
    return {"__ID__": game_id, "__PKG__": pkg, "__CLASS__": "".join(w.capitalize() for w in words) + "Game",
            "__TITLE__": " ".join(words).capitalize()}


def _fill(text: str, subs: dict[str, str]) -> str:
    for key, value in subs.items():
        text = text.replace(key, value)
    return text


def plan(game_id: str, root: Path) -> list[tuple[Path, str]]:
    """Every file the game needs, as ``(path under root, content)``."""
    subs = names(game_id)
    out = []
    for src in sorted(SKELETON.rglob("*.tmpl")):
        rel = _fill(str(src.relative_to(SKELETON))[: -len(".tmpl")], subs)
        out.append((root / rel, _fill(src.read_text(encoding="utf-8"), subs)))
    return out


def check(game_id: str, root: Path) -> None:
    """Refuse, before anything is written, an id whose package could not be imported (a Python
    keyword: ``import``) or would take the place of a module or game that exists (``options``,
    ``chronicle``, ``base``: modules of ``companion.games``; an installed game's id or package)."""
    from ..games import registry

    subs = names(game_id)
    pkg = subs["__PKG__"]
    if keyword.iskeyword(pkg) or not pkg.isidentifier():
        raise NewGameError(f"{game_id!r}: {pkg!r} is a Python keyword, so its package could not be imported; "
                           "pick another id")
    games = root / "companion" / "games"
    clash = [p for p in (games / pkg, games / f"{pkg}.py") if p.exists()]
    if clash:
        raise NewGameError(f"{game_id!r}: {clash[0].relative_to(root)} already exists, and the new package "
                           "would shadow it; pick another id")
    for game in registry().values():
        if game_id == game.id or pkg == game.id.replace("-", "_"):
            raise NewGameError(f"{game_id!r}: the game {game.id!r} already exists; pick another id")
    taken = [p for p, _ in plan(game_id, root) if p.exists()]
    if taken:
        raise NewGameError(f"{taken[0]} already exists: pick another id")


def write(game_id: str, root: Path) -> list[Path]:
    """Write the game's files under ``root`` (a repository checkout), after :func:`check`; refuses
    to overwrite anything."""
    check(game_id, root)
    files = plan(game_id, root)
    for path, text in files:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return [p for p, _ in files]


@contextmanager
def all_or_nothing(root: Path, game_id: str, kept: tuple[str, ...] = ("docs/api.md", "docs/options.md")) -> Iterator[None]:
    """Run the block; if it fails, take back everything it made: the folders and files the new game
    owns are removed and the shared files it rewrites (``kept``) get their old text back."""
    before = {rel: (root / rel).read_bytes() for rel in kept if (root / rel).exists()}
    made = sorted({_first_new(root, path) for path, _ in plan(game_id, root)}, key=lambda p: len(p.parts))
    try:
        yield
    except BaseException:
        for path in made:
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            elif path.exists():
                path.unlink()
        for rel, data in before.items():
            (root / rel).write_bytes(data)
        raise


def _first_new(root: Path, path: Path) -> Path:
    """The outermost folder (or the file itself) on the way to ``path`` that does not exist yet:
    what to remove to take the file back."""
    for parent in reversed(path.relative_to(root).parents[:-1]):
        if not (root / parent).exists():
            return root / parent
    return path


def translate(owner: Path, title: str) -> int:
    """Make ``owner``'s catalog (extract, init with the 2-form header, fill pt_BR, compile);
    returns the msgids left untranslated (0 for the skeleton)."""
    from babel.messages.pofile import read_po, write_po

    from .. import i18n

    i18n.update(owner)  # extract the POT, init the pt_BR .po (plural header set), compile
    known: dict[str, str] = {}
    for other in i18n.catalog_dirs():
        if other != owner and i18n.po_path(other).exists():
            known.update({m: forms[0] for m, forms in i18n.translations(other).items()
                          if len(forms) == 1 and forms[0]})
    po = i18n.po_path(owner)
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale="pt_BR")
    for message in catalog:
        if message.id and isinstance(message.id, str) and not message.string:
            message.string = known.get(message.id) or PT_BR.get(message.id) or (
                title if message.id == title else "")
    with open(po, "wb") as fh:
        write_po(fh, catalog, no_location=True, width=int(i18n.WIDTH))
    i18n.set_plural_header(po)
    _total, missing = i18n.update(owner)  # compile the filled catalog
    return missing


def new_game(game_id: str, root: Path | None = None, out: TextIO | None = None) -> int:
    """The command: write the files, the catalog and the moves reference; print what to do next."""
    from .. import i18n

    out = out or sys.stdout
    root = (root or i18n.ROOT).resolve()
    if root != i18n.ROOT or not (root / "pyproject.toml").is_file() or not (root / "templates").is_dir():
        raise NewGameError(f"run the command from a checkout of the source (git clone), with that checkout's "
                           f"companion package; this one is at {i18n.ROOT}")
    subs = names(game_id)
    check(game_id, root)
    with all_or_nothing(root, game_id):
        written = write(game_id, root)
        missing = translate(root / "companion" / "games" / subs["__PKG__"], subs["__TITLE__"])
        _reference(root)
    for path in written:
        print(f"  wrote {path.relative_to(root)}", file=out)
    print(f"New game {game_id!r} ({subs['__CLASS__']}): catalog written ({missing} untranslated), "
          "docs/api.md and docs/options.md updated.\nNext: read docs/games-howto.md, then run its tests:\n"
          f"  pytest tests/rules/{subs['__PKG__']} tests/api/test_{subs['__PKG__']}_api.py "
          f"tests/browser/test_{subs['__PKG__']}_browser.py\n"
          f"  pytest tests/browser/test_tv_screens.py tests/browser/test_phone_decisions.py -k {subs['__PKG__']}", file=out)
    return 0


def _reference(root: Path) -> None:
    """Regenerate the moves reference of docs/api.md and docs/options.md (the new game's sections included)."""
    import importlib

    from .. import moves_doc, options_doc
    from ..games import registry

    importlib.invalidate_caches()  # the new package was written after the import system looked
    registry.cache_clear()
    moves_doc.write_reference(str(root / "docs" / "api.md"))
    options_doc.write(str(root / "docs" / "options.md"))
