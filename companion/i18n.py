"""Translation helpers shared by the pure rules and the web layer, and the catalog commands.

Rules engines must not import Flask, so they mark text with :func:`N_` (which returns the msgid
unchanged, for extraction) and the web layer translates with Flask-Babel at render time. Each game
keeps its own catalog in ``companion/games/<id>/translations`` (merged by Flask-Babel with the
base catalog in ``companion/translations``), so games can be translated independently.

A message with a count has a plural form: pass it as ``_plural=`` with the count as ``n`` (or
``count``), e.g. ``ctx.log(N_("%(house)s puts %(n)s ship in %(area)s"),
_plural="%(house)s puts %(n)s ships in %(area)s", n=k, ...)`` (also in ``RuleError(...)``, ``tr(...)``
and helpers that hand their params to ``ctx.log``); the web layer picks the form with ``ngettext``
(see :func:`plural_of`).

The catalogs follow Babel's own workflow (docs/i18n.md): each ``translations/babel.cfg`` maps the
catalog's sources to extraction methods (ours is :mod:`companion.i18n_extract`), ``pybabel extract``
writes ``translations/messages.pot`` (with source locations), ``pybabel update`` merges it into the
pt_BR ``.po`` and ``pybabel compile`` builds the ``.mo``. The developer commands run those steps::

    python -m companion.i18n update [DIR ...]   # extract the POT, update the pt_BR .po, compile the .mo
    python -m companion.i18n check              # fail if a POT is stale or a msgid lacks a translation
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "pt_BR")
PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
#: the POT header's date is fixed, so a re-extraction changes the file only when msgids move
STABLE_DATE = "2026-01-01 00:00+0000"
WIDTH = "100"


def N_(msgid: str) -> str:
    """Mark ``msgid`` for translation without translating it (the web layer does that)."""
    return msgid


def tr(msgid: str, **params: Any) -> dict[str, Any]:
    """A log/view parameter that is itself a msgid, translated when rendered (with its own
    ``params``, e.g. ``tr("Area %(a)s, region %(r)s", a=3, r=1)``)."""
    return {"_": msgid, "params": params} if params else {"_": msgid}


def plural_of(params: dict[str, Any] | None) -> tuple[str, int] | None:
    """``(plural msgid, count)`` when ``params`` carry a ``_plural`` form, else None."""
    if not params or not isinstance(params.get("_plural"), str):
        return None
    try:
        return params["_plural"], int(params["n"] if "n" in params else params.get("count", 1))
    except (TypeError, ValueError):
        return params["_plural"], 1


def english(msgid: str, params: dict[str, Any] | None = None) -> str:
    """The English text of a message (the msgid, or its plural form, with params filled in)."""
    form = plural_of(params)
    text = form[0] if form and form[1] != 1 else msgid
    if not params:
        return text
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


def catalog_dirs() -> list[Path]:
    """Every folder that owns a catalog: the base one, then one per game."""
    dirs = [PACKAGE]
    games = PACKAGE / "games"
    dirs += sorted(p for p in games.iterdir() if p.is_dir() and (p / "__init__.py").exists())
    return dirs


def catalog_name(owner: Path) -> str:
    return str(owner.relative_to(ROOT))


def mapping_path(owner: Path) -> Path:
    """``owner``'s Babel mapping; a new game gets the standard one written for it."""
    path = owner / "translations" / "babel.cfg"
    if not path.exists() and owner.parent == PACKAGE / "games":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(GAME_MAPPING.format(pkg=owner.name), encoding="utf-8")
    return path


GAME_MAPPING = """\
# Babel mapping of the {pkg} catalog: the game package and its templates/{pkg}/ folder.
# Paths are relative to the repository root (docs/i18n.md):
#   pybabel extract -F companion/games/{pkg}/translations/babel.cfg -o companion/games/{pkg}/translations/messages.pot .
[extractors]
companion = companion.i18n_extract:extract
templates = jinja2.ext:babel_extract

[companion: companion/games/{pkg}/**.py]
[templates: templates/{pkg}/**.html]
extensions = jinja2.ext.i18n
"""


def pot_path(owner: Path) -> Path:
    return owner / "translations" / "messages.pot"


def po_path(owner: Path) -> Path:
    return owner / "translations" / "pt_BR" / "LC_MESSAGES" / "messages.po"


def pybabel(*args: str) -> None:
    """Run Babel's ``pybabel`` command line from the repository root (our extractor importable)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", *args], check=True,
                   cwd=ROOT, env=env)


def extract(owner: Path, pot: Path | None = None) -> Path:
    """``pybabel extract`` ``owner``'s sources into its POT (or into ``pot``); returns the file."""
    pot = pot or pot_path(owner)
    pybabel("extract", "-F", str(mapping_path(owner)), "-o", str(pot), "-w", WIDTH, "--add-location=file",
            "--project", "Tabletop Companion", "--header-comment",
            f"# Messages of the {catalog_name(owner)} catalog, extracted by pybabel (docs/i18n.md).",
            ".")
    # one "#: file" line per file, not per occurrence (pybabel repeats it when line numbers are off)
    text = re.sub(r"^(#: .*\n)(?:\1)+", r"\1", pot.read_text(encoding="utf-8"), flags=re.M)
    fixed = f'"POT-Creation-Date: {STABLE_DATE}\\n"'
    pot.write_text(re.sub(r'"POT-Creation-Date: [^"]*"', lambda _: fixed, text), encoding="utf-8")
    return pot


def update(owner: Path) -> tuple[int, int]:
    """Extract ``owner``'s POT, merge it into the pt_BR catalog and compile the catalog.

    Returns (msgids, untranslated). Existing translations are kept; obsolete ones are dropped; no
    fuzzy guesses are made. The ``.po`` carries no source locations (they live in the POT), so that
    moving code does not touch the translations.
    """
    from babel.messages.pofile import read_po, write_po

    pot = extract(owner)
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "messages.pot"
        with open(pot, "rb") as fh:
            template = read_po(fh)
        with open(bare, "wb") as fh:
            write_po(fh, template, no_location=True, width=int(WIDTH))
        po = po_path(owner)
        init = "init" if not po.exists() else "update"
        pybabel(init, "-i", str(bare), "-d", str(owner / "translations"), "-l", "pt_BR", "-w", WIDTH,
                *(("--ignore-obsolete", "--no-fuzzy-matching", "--ignore-pot-creation-date")
                  if init == "update" else ()))
    if init == "init":
        set_plural_header(po)
    pybabel("compile", "-d", str(owner / "translations"), "-l", "pt_BR")
    return len(template), len(missing(owner, pot))


#: Brazilian Portuguese as every catalog here declares it: 0 and 1 are singular. Newer CLDR data (read by
#: ``pybabel init``) adds a third form for large round numbers ("1 milhão de"), which our text never needs.
PLURAL_FORMS = "nplurals=2; plural=(n > 1);"


def set_plural_header(po: Path) -> None:
    """Give a new catalog the two-form plural header of every other catalog (docs/i18n.md)."""
    text = po.read_text(encoding="utf-8")
    po.write_text(re.sub(r'"Plural-Forms: [^"]*"', lambda _: f'"Plural-Forms: {PLURAL_FORMS}\\n"', text),
                  encoding="utf-8")


def translations(owner: Path) -> dict[str, tuple[str, ...]]:
    """``owner``'s pt_BR translations: msgid (a plural by its singular) -> its form(s)."""
    from babel.messages.pofile import read_po

    with open(po_path(owner), "rb") as fh:
        catalog = read_po(fh, locale="pt_BR")
    return {(m.id if isinstance(m.id, str) else m.id[0]):
            tuple(str(s) for s in (m.string if isinstance(m.string, tuple | list) else (m.string,)))
            for m in catalog if m.id}


def conflicts(owners: list[Path] | None = None) -> list[str]:
    """msgids translated differently by two catalogs. Flask-Babel merges the catalogs and the last one
    wins, so a shared msgid must read the same everywhere (one wording per concept)."""
    seen: dict[str, dict[tuple[str, ...], list[str]]] = {}
    for owner in owners or catalog_dirs():
        if po_path(owner).exists():
            for msgid, forms in translations(owner).items():
                seen.setdefault(msgid, {}).setdefault(forms, []).append(catalog_name(owner))
    return [f"{msgid!r}: " + " | ".join(f"{' / '.join(forms)!r} in {', '.join(where)}"
                                        for forms, where in variants.items())
            for msgid, variants in sorted(seen.items()) if len(variants) > 1]


def msgids(pot: Path) -> list[str]:
    """The msgids of a POT (a plural message by its singular), in file order."""
    from babel.messages.pofile import read_po

    with open(pot, "rb") as fh:
        return [m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id]


def stale(owner: Path) -> list[str]:
    """msgids on which the committed POT and a fresh extraction disagree (empty: up to date)."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = set(msgids(extract(owner, Path(tmp) / "messages.pot")))
    committed = set(msgids(pot_path(owner))) if pot_path(owner).exists() else set()
    return sorted(fresh ^ committed)


def missing(owner: Path, pot: Path | None = None) -> list[str]:
    """msgids of ``owner``'s POT that have no pt_BR translation (fuzzy ones count as missing)."""
    from babel.messages.pofile import read_po

    path = po_path(owner)
    have: dict[str, Any] = {}
    if path.exists():
        with open(path, "rb") as fh:
            have = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in read_po(fh, locale="pt_BR")
                    if m.id and not m.fuzzy}

    def done(msgid: str) -> bool:
        msg = have.get(msgid)
        strings = msg.string if msg and isinstance(msg.string, tuple) else (msg.string if msg else "",)
        return all(strings)

    return [m for m in msgids(pot or pot_path(owner)) if not done(m)]


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    owners = [Path(a).resolve() for a in argv[1:]] or catalog_dirs()
    status = 0
    for owner in owners:
        if cmd == "update":
            total, miss = update(owner)
            print(f"{catalog_name(owner)}: {total} msgids, {miss} untranslated")
        elif cmd == "check":
            changed = stale(owner)
            for msgid in changed:
                print(f"{catalog_name(owner)}: messages.pot is stale (run update): {msgid!r}")
            gaps = missing(owner)
            for msgid in gaps:
                print(f"{catalog_name(owner)}: untranslated: {msgid!r}")
            status |= bool(gaps or changed)
        else:
            print(__doc__)
            return 2
    if cmd == "check":
        for line in conflicts():
            print(f"two translations of one msgid (pick one wording): {line}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
