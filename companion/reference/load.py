"""Find, read and cross-check every game's reference files, once, when the app starts.

A broken file stops the start with a message naming the file and the entry, so a mistake in the
data is found by the author's own test run, never at game night.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .. import datafiles
from .model import PAGELESS, SHARED, AskedFile, Entry, GameReference, RawEntry, RawFile
from .text import LANGS, fold, read_synonym_groups

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"


class ReferenceDataError(datafiles.DataFileError):
    """A reference file is missing, malformed, or disagrees with its other language."""


def game_ids() -> list[str]:
    """Games that ship a reference (a ``data/reference.<lang>.toml`` in any language)."""
    return sorted({p.parent.parent.name for p in GAMES_DIR.glob("*/data/reference.*.toml")})


def _read(path: Path) -> RawFile:
    if not path.exists():
        raise ReferenceDataError(f"{path}: missing (every language needs its file)")
    return datafiles.load(path, RawFile, ReferenceDataError)


def load_game(game: str, folder: Path | None = None) -> GameReference:
    """Read and check one game's files (``folder`` defaults to the game's ``data/``)."""
    data = folder or GAMES_DIR / game / "data"
    files = {lang: _read(data / f"reference.{lang}.toml") for lang in LANGS}
    first = files[LANGS[0]]
    ref = GameReference(game=game, sections={lang: dict(f.sections) for lang, f in files.items()},
                        about={lang: f.about for lang, f in files.items()})
    for lang, f in files.items():
        if list(f.sections) != list(first.sections):
            raise ReferenceDataError(f"{game}: the sections of {lang} differ from {LANGS[0]} (ids or order)")
        empty = [k for k, v in f.sections.items() if not v.strip()]
        if empty:
            raise ReferenceDataError(f"{game} {lang}: section {empty[0]} has no title")
    by_lang: dict[str, dict[str, RawEntry]] = {}
    for lang, f in files.items():
        seen: dict[str, RawEntry] = {}
        for raw in f.entry:
            if raw.id in seen:
                raise ReferenceDataError(f"{game} {lang}: entry {raw.id} is listed twice")
            seen[raw.id] = raw
        by_lang[lang] = seen
    ids = list(by_lang[LANGS[0]])
    asked = {lang: _asked(data, lang, game, set(ids)) for lang in LANGS}
    for lang in LANGS[1:]:
        missing = set(ids) ^ set(by_lang[lang])
        if missing:
            raise ReferenceDataError(f"{game}: entry {sorted(missing)[0]} is not in both languages")
    for order, eid in enumerate(ids):
        raws = {lang: by_lang[lang][eid] for lang in LANGS}
        base = raws[LANGS[0]]
        for lang in LANGS[1:]:
            if raws[lang].shared() != base.shared():
                diff = [n for n, a, b in zip(SHARED, base.shared(), raws[lang].shared()) if a != b]
                raise ReferenceDataError(f"{game} {eid}: {', '.join(diff)} differ between the languages")
        if base.section not in first.sections:
            raise ReferenceDataError(f"{game} {eid}: unknown section {base.section}")
        if not base.pages and base.source not in PAGELESS:
            raise ReferenceDataError(f"{game} {eid}: a rulebook entry needs its printed page(s)")
        ref.entries[eid] = Entry(
            game=game, id=eid, section=base.section, pages=base.pages, source=base.source,
            related=tuple(base.related), option=base.option,
            title={lang: r.title for lang, r in raws.items()}, verdict={lang: r.verdict for lang, r in raws.items()},
            text={lang: r.text for lang, r in raws.items()},
            keywords={lang: tuple(r.keywords) for lang, r in raws.items()}, order=order,
            questions={lang: tuple(r.questions) for lang, r in raws.items()},
            asked={lang: tuple(asked[lang].get(eid, ())) for lang in LANGS})
    for entry in ref.entries.values():
        for rel in entry.related:
            if rel not in ref.entries or rel == entry.id:
                raise ReferenceDataError(f"{game} {entry.id}: related entry {rel} does not exist")
    syn = data / "reference_synonyms.toml"
    if syn.exists():
        try:
            ref.synonyms = tuple(tuple(g) for g in read_synonym_groups(syn))
        except datafiles.DataFileError as exc:
            raise ReferenceDataError(str(exc)) from None
    _check_options(game, ref)
    return ref


def _asked(data: Path, lang: str, game: str, ids: set[str]) -> dict[str, list[str]]:
    """The questions as players ask them of one language (none when the game has no such file)."""
    path = data / f"reference_asked.{lang}.toml"
    if not path.exists():
        return {}
    asked = datafiles.load(path, AskedFile, ReferenceDataError).asked
    unknown = sorted(set(asked) - ids)
    if unknown:
        raise ReferenceDataError(f"{game} {lang}: reference_asked names entry {unknown[0]}, which does not exist")
    return asked


def _check_options(game: str, ref: GameReference) -> None:
    """An entry's ``option`` must name a real table option of the game (when the game is known)."""
    wanted = {e.option for e in ref.entries.values() if e.option}
    if not wanted:
        return
    from ..games import registry

    known = registry().get(game)
    if known is None:
        return
    keys = {o.key for o in known.options()}
    unknown = sorted(wanted - keys)
    if unknown:
        raise ReferenceDataError(f"{game}: option {unknown[0]} is not a table option of the game")


@cache
def references() -> dict[str, GameReference]:
    """Every game's reference, loaded and checked once per process."""
    return {game: load_game(game) for game in game_ids()}


def find(game: str, entry_id: str) -> Entry | None:
    ref = references().get(game)
    return ref.entries.get(entry_id) if ref else None


__all__ = ["ReferenceDataError", "references", "load_game", "find", "fold"]
