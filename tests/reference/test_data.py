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
