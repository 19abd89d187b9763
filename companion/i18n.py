"""Translation helpers shared by the pure rules and the web layer.

Rules engines must not import Flask, so they mark text with :func:`N_` (which returns the msgid
unchanged, for extraction) and the web layer translates with Flask-Babel at render time. Each game
keeps its own catalog in ``companion/games/<id>/translations`` (merged by Flask-Babel with the
base catalog in ``companion/translations``), so games can be translated independently.

Developer commands (see docs/i18n.md)::

    python -m companion.i18n update [DIR ...]   # extract msgids, merge into pt_BR .po, compile .mo
    python -m companion.i18n check              # fail if any msgid lacks a pt_BR translation
"""

from __future__ import annotations

import sys
from datetime import UTC
from pathlib import Path
from typing import Any

from .resources import TEMPLATES

LANGUAGES = ("en", "pt_BR")
PACKAGE = Path(__file__).resolve().parent


def N_(msgid: str) -> str:
    """Mark ``msgid`` for translation without translating it (the web layer does that)."""
    return msgid


def tr(msgid: str, **params: Any) -> dict[str, Any]:
    """A log/view parameter that is itself a msgid, translated when rendered (with its own
    ``params``, e.g. ``tr("Area %(a)s, region %(r)s", a=3, r=1)``)."""
    return {"_": msgid, "params": params} if params else {"_": msgid}


def catalog_dirs() -> list[Path]:
    """Every folder that owns a catalog: the base one, then one per game."""
    dirs = [PACKAGE]
    games = PACKAGE / "games"
    dirs += sorted(p for p in games.iterdir() if p.is_dir() and (p / "__init__.py").exists())
    return dirs


def _sources(owner: Path) -> list[Path]:
    """Files whose msgids belong to ``owner``'s catalog (its code and its templates)."""
    if owner == PACKAGE:
        files = [p for p in PACKAGE.glob("*.py")] + list((PACKAGE / "web").rglob("*.py"))
        files += list((PACKAGE / "games").glob("*.py"))
        files += [p for p in TEMPLATES.glob("*.html")]
        files += list((TEMPLATES / "base").rglob("*.html"))
        return files
    files = list(owner.rglob("*.py"))
    files += list((TEMPLATES / owner.name).rglob("*.html"))
    return files


def extract(owner: Path) -> list[str]:
    """All msgids in ``owner``'s sources, in first-seen order."""
    from babel.messages.extract import extract as babel_extract

    keywords = {"_": None, "gettext": None, "N_": None, "lazy_gettext": None,
                "ngettext": (1, 2), "RuleError": None}
    seen: dict[str, None] = {}
    for path in sorted(_sources(owner)):
        method = "jinja2.ext.babel_extract" if path.suffix == ".html" else "python"
        with open(path, "rb") as fh:
            for _lineno, message, _comments, _ctx in babel_extract(
                method, fh, keywords=keywords, options={"extensions": "jinja2.ext.i18n"}
            ):
                for msg in message if isinstance(message, tuple) else (message,):
                    if msg:
                        seen.setdefault(msg, None)
    seen.update(dict.fromkeys(_log_msgids(owner)))
    return list(seen)


def _log_msgids(owner: Path) -> list[str]:
    """msgids passed to ``ctx.log(...)``, ``hidden=`` and ``Option``/``SeatDef`` labels."""
    import ast

    found: list[str] = []
    for path in _sources(owner):
        if path.suffix != ".py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func
            name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
            if name in ("log", "Option", "SeatDef", "RuleError", "tr"):
                args = list(node.args[:1]) if name in ("log", "RuleError", "tr") else list(node.args[1:2])
                args += [k.value for k in node.keywords if k.arg in ("hidden", "label", "help")]
                for arg in args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                        found.append(arg.value)
    return found


def po_path(owner: Path) -> Path:
    return owner / "translations" / "pt_BR" / "LC_MESSAGES" / "messages.po"


def update(owner: Path) -> tuple[int, int]:
    """Merge the extracted msgids into ``owner``'s pt_BR catalog and compile it.

    Returns (msgids, untranslated). Existing translations are kept; obsolete ones are dropped.
    """
    from datetime import datetime

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    path = po_path(owner)
    old = None
    if path.exists():
        with open(path, "rb") as fh:
            old = read_po(fh, locale="pt_BR")
    # a fixed creation date: the header never changes, so parallel branches never conflict on it
    stable = datetime(2026, 1, 1, tzinfo=UTC)
    cat = Catalog(locale="pt_BR", project="companion", fuzzy=False, creation_date=stable, revision_date=stable)
    missing = 0
    for msgid in extract(owner):
        msg = old.get(msgid) if old else None
        string = msg.string if msg and msg.string else ""
        missing += not string
        cat.add(msgid, string)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        write_po(fh, cat, width=100, omit_header=False, sort_output=False)
    compile_catalog(owner)
    return len(cat), missing


def compile_catalog(owner: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = po_path(owner)
    with open(path, "rb") as fh:
        cat = read_po(fh, locale="pt_BR")
    with open(path.with_suffix(".mo"), "wb") as fh:
        write_mo(fh, cat)


def missing(owner: Path) -> list[str]:
    """msgids used in ``owner``'s sources that have no pt_BR translation."""
    from babel.messages.pofile import read_po

    path = po_path(owner)
    have: dict[str, Any] = {}
    if path.exists():
        with open(path, "rb") as fh:
            have = {m.id: m.string for m in read_po(fh, locale="pt_BR") if m.id}
    return [m for m in extract(owner) if not have.get(m)]


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    owners = [Path(a).resolve() for a in argv[1:]] or catalog_dirs()
    status = 0
    for owner in owners:
        if cmd == "update":
            total, miss = update(owner)
            print(f"{owner.relative_to(PACKAGE.parent)}: {total} msgids, {miss} untranslated")
        elif cmd == "check":
            gaps = missing(owner)
            for msgid in gaps:
                print(f"{owner.relative_to(PACKAGE.parent)}: untranslated: {msgid!r}")
            status |= bool(gaps)
        else:
            print(__doc__)
            return 2
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
