"""Reference files load and are checked at start: both languages, ids, pages, sources, links."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.reference import ReferenceDataError, get, load_game, references

LCG_DATA = Path(__file__).resolve().parents[2] / "companion" / "games" / "lcg" / "data"


def test_every_shipped_reference_loads_in_both_languages():
    refs = references()
    assert "lcg" in refs
    for ref in refs.values():
        assert ref.entries
        for entry in ref.entries.values():
            assert entry.title["en"] and entry.title["pt_BR"] and entry.text["en"] and entry.text["pt_BR"]
            assert entry.section in ref.sections["en"]


def test_lcg_reference_size_and_fixes():
    ref = get("lcg")
    assert len(ref.entries) >= 80
    e = ref.entries
    # the FAQ (seed 003 Page 16): the Red Viper's immunity does stop Meera Reed
    assert "immune" in e["meera-red-viper"].text["en"] and e["meera-red-viper"].text["en"].startswith("No")
    # Page 15-16: cards that are events/attachments/locations now do not qualify
    assert "do not qualify" in e["summer-reserves"].text["en"]
    assert "~ attachment" in e["griff"].text["en"]
    assert "second card out of the shadows" in e["shadow-attachments"].text["en"]
    for needed in ("house-of-shadow", "melee-support-defender", "agendas-not-in-play", "searched-card-shown",
                   "event-as-attachment"):
        assert needed in e
    assert all(x.source in ("seed 003", "facts", "companion") for x in e.values())


def _copy(tmp_path: Path) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "pt_BR"):
        shutil.copy(LCG_DATA / f"reference.{lang}.toml", tmp_path / f"reference.{lang}.toml")
        shutil.copy(LCG_DATA / f"reference_asked.{lang}.toml", tmp_path / f"reference_asked.{lang}.toml")
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_copy_of_the_lcg_files_loads(tmp_path):
    assert len(load_game("lcg", _copy(tmp_path)).entries) == len(get("lcg").entries)


@pytest.mark.parametrize("lang,old,new,why", [
    ("pt_BR", 'pages = "16"', 'pages = "17"', "differ between the languages"),
    ("en", 'source = "seed 003"', 'source = "seed 009"', "source"),
    ("en", 'pages = "4"', 'pages = "p.4"', "pages"),
    ("both", 'related = ["meera-duplicate"]', 'related = ["no-such-entry"]', "does not exist"),
    ("en", 'id = "pycelle"', 'id = "Pycelle Card"', "id"),
    ("en", 'section = "errata"', 'section = "nowhere"', "differ between the languages"),
    ("en", 'title = "', 'tittle = "', "title"),
])
def test_broken_files_are_refused_with_a_clear_message(tmp_path, lang, old, new, why):
    folder = _copy(tmp_path)
    for one in (("en", "pt_BR") if lang == "both" else (lang,)):
        _edit(folder / f"reference.{one}.toml", old, new)
    with pytest.raises(ReferenceDataError, match=why):
        load_game("lcg", folder)


def test_a_missing_language_is_refused(tmp_path):
    folder = _copy(tmp_path)
    (folder / "reference.pt_BR.toml").unlink()
    with pytest.raises(ReferenceDataError, match="missing"):
        load_game("lcg", folder)


def test_an_entry_in_one_language_only_is_refused(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "reference.en.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n[[entry]]\nid = "only-english"\nsection = "faq"\n'
                    'title = "Only here"\nverdict = "Only in English."\ntext = "Only in English."\npages = "14"\n'
                    'source = "seed 003"\n',
                    encoding="utf-8")
    with pytest.raises(ReferenceDataError, match="only-english"):
        load_game("lcg", folder)


def test_an_unknown_table_option_is_refused(tmp_path):
    folder = _copy(tmp_path)
    for lang in ("en", "pt_BR"):
        _edit(folder / f"reference.{lang}.toml", 'option = "initiative_tie"', 'option = "no_such_option"')
    with pytest.raises(ReferenceDataError, match="no_such_option"):
        load_game("lcg", folder)


def test_every_entry_leads_with_a_verdict_and_is_asked_many_ways():
    """Issue 35: every entry has its one-sentence verdict in both languages (shown above the
    explanation), and at least 8 questions as players ask them per language for the ranker."""
    for ref in references().values():
        for e in ref.entries.values():
            for lang in ("en", "pt_BR"):
                assert 3 <= len(e.verdict[lang]) <= 240, (ref.game, e.id, lang)
                assert e.verdict[lang].count(". ") <= 1, f"{ref.game} {e.id} {lang}: one sentence, please"
                assert len(e.asked[lang]) >= 8, (ref.game, e.id, lang, len(e.asked[lang]))


def test_a_missing_verdict_and_an_unknown_asked_entry_are_refused(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder / "reference.pt_BR.toml", 'verdict = "', 'verdikt = "')
    with pytest.raises(ReferenceDataError, match="verdict"):
        load_game("lcg", folder)
    folder = _copy(tmp_path / "b")
    (folder / "reference_asked.en.toml").write_text('[asked]\n"no-such-entry" = ["who wins?"]\n', encoding="utf-8")
    with pytest.raises(ReferenceDataError, match="no-such-entry"):
        load_game("lcg", folder)


#: question sets the asked phrasings must not copy: every set written without the entries in view
#: (the team's own set, written beside the entries, shares phrasings with them by design)
NOT_COPIED = ("heldout", "blind_dev", "blind_test", "blind_fresh", "blind_r3", "blind_r4")
#: the most an asked phrasing may resemble one of those questions (rapidfuzz ratio of the folded
#: texts, 0-100): above it a phrasing is the question itself, and the set would measure memory
NEAR_COPY = 90.0


def near_copies(sets: tuple[str, ...] = NOT_COPIED, limit: float = NEAR_COPY) -> list[str]:
    """(Issue 35, round 3) every asked phrasing that is a near copy of a question of ``sets``."""
    import tomllib

    from rapidfuzz import process
    from rapidfuzz.fuzz import ratio

    from companion.reference.text import fold, norm_lang

    here = Path(__file__).resolve().parent
    found = []
    for game, ref in references().items():
        for lang in ("en", "pt_BR"):
            asked = [p for e in ref.entries.values() for p in e.asked.get(lang, ())]
            questions = []
            for name in sets:
                path = here / f"{name}_{game.replace('-', '_')}.toml"
                if path.exists():
                    with open(path, "rb") as fh:
                        questions += [q["text"] for q in tomllib.load(fh).get("q", []) if norm_lang(q["lang"]) == lang]
            if not asked or not questions:
                continue
            sim = process.cdist([fold(q) for q in questions], [fold(p) for p in asked], scorer=ratio)
            for i, j in zip(*(sim > limit).nonzero(), strict=True):
                found.append(f"{game} {lang}: {asked[j]!r} ~ {questions[i]!r} ({sim[i, j]:.0f})")
    return found


def test_no_asked_phrasing_copies_a_question_of_a_set():
    """A phrasing written for the ranker that is nearly a set's question makes that set measure
    what the ranker memorised: none may come closer than ``NEAR_COPY``."""
    assert not near_copies()


def test_a_near_copy_is_caught():
    """The team's set shares phrasings with the entries by design: the check finds those."""
    assert near_copies(("questions",), 99.0)
