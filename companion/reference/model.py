"""The rules reference as data: one TOML file per game and language, checked with pydantic.

File format (``companion/games/<game>/data/reference.<lang>.toml``, same ids in both languages)::

    about = "Citations: ..."   # optional: which edition and page numbering the pages use
    [sections]                 # section id -> title, in rulebook order
    combat = "Combat"
    [[entry]]
    id = "combat-ship-support" # kebab-case, unique in the game
    section = "combat"
    title = "Can ships support a land battle?"
    verdict = "Yes: ships in an adjacent sea support it, 1 each." # the one sentence that settles it
    text = "Yes: ..."          # the explanation, our own words
    pages = "20"               # printed page(s): "12", "21-22", "14, 19"
    source = "seed 000"        # seed 000..004, "agot faq", "facts" or "companion"
    related = ["combat-support"]
    keywords = ["barco"]       # optional extra search words in this language
    questions = ["can my boat help a fight on land?"]  # optional: the question as players ask it
    option = "milkwater"       # optional: the table option that decides an unclear rule

Fields that are not words (section, pages, source, related, option) must be equal in both files.

Beside them, ``reference_asked.<lang>.toml`` holds many more questions as players ask them, per entry
(``[asked]`` then ``"entry-id" = ["...", ...]``): the examples the ranker's phrasing stage learns from
(``similar.py``). They are data, not shown to anyone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ConfigDict, Field, field_validator

from ..datafiles import DataModel

ID = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
PAGES = r"^\d+(?:-\d+)?(?:, ?\d+(?:-\d+)?)*$"
SOURCES = ("seed 000", "seed 001", "seed 002", "seed 003", "seed 004", "agot faq", "facts", "companion")
#: Sources that need no printed page (product rules, component facts).
PAGELESS = ("facts", "companion")
SHARED = ("section", "pages", "source", "related", "option")


class RawEntry(DataModel):
    """One entry as written in one language's file."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    id: str = Field(pattern=ID, max_length=80)
    section: str = Field(pattern=ID)
    title: str = Field(min_length=3, max_length=200)
    #: one sentence that settles the dispute, shown above the explanation (issue 35)
    verdict: str = Field(min_length=3, max_length=240)
    text: str = Field(min_length=3, max_length=2000)
    pages: str = ""
    source: str
    related: list[str] = []
    keywords: list[str] = []
    questions: list[str] = Field(default=[], max_length=8)
    option: str | None = None

    @field_validator("source")
    @classmethod
    def _known_source(cls, value: str) -> str:
        if value not in SOURCES:
            raise ValueError(f"source must be one of {', '.join(SOURCES)}")
        return value

    @field_validator("pages")
    @classmethod
    def _pages(cls, value: str) -> str:
        import re

        if value and not re.match(PAGES, value):
            raise ValueError("pages must look like '12', '21-22' or '14, 19'")
        return value

    def shared(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in SHARED)


class RawFile(DataModel):
    """One language's whole file."""

    #: how this game's citations read (which edition, which page numbering), shown on the rules page
    about: str = Field(default="", max_length=1200)
    sections: dict[str, str]
    entry: list[RawEntry] = []


class AskedFile(DataModel):
    """``reference_asked.<lang>.toml``: per entry id, questions as players ask them."""

    asked: dict[str, list[str]] = {}

    @field_validator("asked")
    @classmethod
    def _questions(cls, asked: dict[str, list[str]]) -> dict[str, list[str]]:
        for eid, items in asked.items():
            if not all(3 <= len(q.strip()) <= 300 for q in items):
                raise ValueError(f"{eid}: every question needs 3 to 300 characters")
        return asked


class StopwordsFile(DataModel):
    """``companion/reference/stopwords.toml``: per language, words too common to index."""

    en: list[str] = []
    pt_BR: list[str] = []


class SynonymsFile(DataModel):
    """``companion/reference/synonyms.toml`` and a game's ``data/reference_synonyms.toml``: groups of
    words players use for the same thing."""

    groups: list[list[str]] = []

    @field_validator("groups")
    @classmethod
    def _two_words_each(cls, groups: list[list[str]]) -> list[list[str]]:
        if not all(len(g) >= 2 and all(w.strip() for w in g) for g in groups):
            raise ValueError("'groups' must be a list of lists of two or more words")
        return groups


@dataclass(frozen=True)
class Entry:
    """One reference entry in both languages (``title``/``text``/``keywords`` keyed by language)."""

    game: str
    id: str
    section: str
    pages: str
    source: str
    related: tuple[str, ...]
    option: str | None
    title: dict[str, str]
    verdict: dict[str, str]
    text: dict[str, str]
    keywords: dict[str, tuple[str, ...]]
    order: int
    questions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: more questions as players ask them (``reference_asked.<lang>.toml``), for the ranker only
    asked: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass
class GameReference:
    """A game's whole reference: sections (per language, rulebook order) and entries by id."""

    game: str
    sections: dict[str, dict[str, str]]
    entries: dict[str, Entry] = field(default_factory=dict)
    synonyms: tuple[tuple[str, ...], ...] = ()
    about: dict[str, str] = field(default_factory=dict)

    def section_title(self, section: str, lang: str) -> str:
        return self.sections.get(lang, {}).get(section, section)
