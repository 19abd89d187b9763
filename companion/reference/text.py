"""Text normalisation shared by the index and the queries: folding, words, stems, stop words.

Both sides of a search go through the same steps (fold accents and case, split into words, drop
stop words, Snowball-stem), so "Retirada", "retiradas" and "retirada" meet on one stem. The stop
word lists and synonym groups are data (``stopwords.toml``, ``synonyms.toml``).
"""

from __future__ import annotations

import gzip
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, cast

import snowballstemmer

from .. import datafiles
from ..bounded import SizedLRU
from .model import StopwordsFile, SynonymsFile

HERE = Path(__file__).resolve().parent
LANGS = ("en", "pt_BR")
STEMMER_NAMES = {"en": "english", "pt_BR": "portuguese"}
WORD = re.compile(r"[a-z0-9]+")
#: Bytes of stems (and their words) kept in memory: every word of every query passes through
#: :func:`stem`, so its cache counts what it holds, words included (a stream of random words from
#: the LAN must not grow the process without end; about 8,000 words of 6-12 letters).
STEM_CACHE_BYTES = 2 * 2**20
_stems: SizedLRU[tuple[str, str], str] = SizedLRU(STEM_CACHE_BYTES)


def norm_lang(lang: str | None) -> str:
    """Map 'pt', 'pt-BR', 'pt_br' to 'pt_BR'; anything else to 'en'."""
    return "pt_BR" if (lang or "").lower().replace("-", "_").startswith("pt") else "en"


def fold(text: str) -> str:
    """Lower case without accents: 'Retirada' and 'RETIRADA' and 'retirádá' all become 'retirada'."""
    if text.isascii():
        return text.lower()
    norm = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in norm if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    """The folded words of ``text`` (letters and digits; punctuation and hyphens split words)."""
    return WORD.findall(fold(text))


@cache  # keyed by the two normalised languages only (see stem)
def _stemmer(lang: str) -> Any:  # snowballstemmer ships no type hints
    return snowballstemmer.stemmer(STEMMER_NAMES[lang])


def stem(word: str, lang: str) -> str:
    """The Snowball stem of one folded word in ``lang``."""
    key = (word, norm_lang(lang))
    found = _stems.get(key)
    if found is None:
        found = cast("str", _stemmer(key[1]).stemWord(word))
        _stems.put(key, found)
    return found


def stopwords(lang: str) -> frozenset[str]:
    """Words too common to say anything about a rule ('can', 'the', 'pode', 'o')."""
    return _stopwords(norm_lang(lang))


@cache  # keyed by the two normalised languages only
def _stopwords(lang: str) -> frozenset[str]:
    lists = datafiles.load(HERE / "stopwords.toml", StopwordsFile)
    return frozenset(fold(w) for w in (lists.pt_BR if lang == "pt_BR" else lists.en))


def analyse(text: str, lang: str) -> list[str]:
    """Index terms for ``text``: folded words minus stop words, stemmed."""
    stops = stopwords(lang)
    return [stem(w, lang) for w in words(text) if w not in stops]


def read_synonym_groups(path: Path) -> list[list[str]]:
    """Synonym groups of one file (``groups = [[...], ...]``), folded; a malformed file raises."""
    return [[fold(w).strip() for w in g] for g in datafiles.load(path, SynonymsFile).groups]


#: pyspellchecker's word-frequency file per language (word lists built from subtitles, MIT licence).
DICTIONARY_CODES = {"en": "en", "pt_BR": "pt"}


@cache
def ordinary_words(lang: str) -> frozenset[str]:
    """Folded ordinary words of the language, from the word list that ships with pyspellchecker.

    A query word found here is the player's own word, never a typo: "marcar" stays "marcar" (it is
    not "corrected" to "marchar"), "parked" stays "parked" (not "mark"). Without the package the
    list is empty and only the index vocabulary protects words (correction then acts as before).
    """
    from importlib import resources

    try:
        raw = (resources.files("spellchecker") / "resources" / f"{DICTIONARY_CODES[norm_lang(lang)]}.json.gz")
        text = gzip.decompress(raw.read_bytes()).decode("utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError, ValueError):
        return frozenset()
    # the file is one '"word": count' per line, lower case; keep the words long enough to be
    # corrected at all, folded like :func:`fold` (NFKD, accents dropped): ~0.3 s per language
    out = set()
    for word in DICT_WORD.findall(text):
        if not word.isascii():
            word = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode("ascii")
        out.add(word)
    return frozenset(out)


DICT_WORD = re.compile(r'^"([^"]{4,})": ', re.MULTILINE)


@cache
def global_synonyms() -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(g) for g in read_synonym_groups(HERE / "synonyms.toml"))
