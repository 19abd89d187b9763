"""The search engine: folding, stemming, synonyms, typos, ranking, and the entry behind a refusal."""

from __future__ import annotations

from companion.reference import entry_for_rule, index, search


def ids(game, q, lang, n=3):
    return [e.id for e in search(game, q, lang, n)]


def test_accents_and_case_do_not_matter():
    assert ids("lcg", "TERRITÓRIO AJOELHADO", "pt_BR") == ids("lcg", "territorio ajoelhado", "pt_BR")
    assert "income-knelt" in ids("lcg", "territorio ajoelhado", "pt_BR")


def test_stemming_meets_other_word_forms():
    # "ajoelhados"/"ajoelhado", "responds"/"respond"
    assert "income-knelt" in ids("lcg", "territorios ajoelhados", "pt_BR")
    assert "timing-first-response" in ids("lcg", "who responds first", "en")


def test_synonyms_expand_across_words_and_languages():
    own, terms = index().expand("lcg", "navio", "pt_BR")
    assert own == ["navi"] and {"barc", "ship"} <= set(terms)
    # "dying" is only a keyword synonym of moribund through the group morrer/moribundo
    assert "moribund" in ids("lcg", "carta morrendo moribundo", "pt_BR")


def test_typos_are_corrected_against_the_index_vocabulary():
    own, _ = index().expand("lcg", "moribnd", "en")
    assert "moribund" in own
    assert "moribund" in ids("lcg", "what is a moribnd card", "en")
    assert "summer-reserves" in ids("lcg", "reservas do veraoo por um trizz", "pt_BR")


def test_an_exact_id_comes_first_and_nonsense_finds_nothing():
    assert ids("lcg", "griff", "en", 1) == ["griff"]
    assert search("lcg", "zzzz qqqq", "en") == []
    assert search("lcg", "", "en") == []
    assert search("no-such-game", "griff", "en") == []


def test_the_answering_entry_ranks_first():
    assert ids("lcg", "can meera blank the red viper", "en", 1) == ["meera-red-viper"]
    assert ids("lcg", "quem responde primeiro", "pt_BR", 2)[0] in ("timing-first-response",
                                                                    "window-step-5-responses")


def test_a_refusal_finds_its_entry_by_page_and_message():
    found = entry_for_rule("lcg", "seed 003 Page 8", "A moribund card cannot be removed from play again in this window.")
    assert found is not None and found.id == "moribund-exception"
    found = entry_for_rule(None, "seed 003 Page 6", "It is not your opportunity: players act in turn, clockwise.")
    assert found is not None and found.game == "lcg" and "6" in found.pages
    assert entry_for_rule("lcg", "seed 003 Page 8", "anything", entry="griff").id == "griff"
    assert entry_for_rule("generic", "companion: seats", "Join a seat first.") is None


def test_a_game_can_add_its_own_synonyms(tmp_path):
    import shutil
    from pathlib import Path

    from companion.reference import load_game
    from companion.reference.search import Index

    data = Path(__file__).resolve().parents[2] / "companion" / "games" / "lcg" / "data"
    for lang in ("en", "pt_BR"):
        shutil.copy(data / f"reference.{lang}.toml", tmp_path / f"reference.{lang}.toml")
    plain = Index({"lcg": load_game("lcg", tmp_path)})
    assert "meera-red-viper" not in [h.entry.id for h in plain.search("lcg", "cobra", "pt_BR", 3)]
    (tmp_path / "reference_synonyms.toml").write_text('groups = [["cobra", "viper", "vibora"]]\n', encoding="utf-8")
    ref = load_game("lcg", tmp_path)
    assert ref.synonyms == (("cobra", "viper", "vibora"),)
    tuned = Index({"lcg": ref})
    assert "meera-red-viper" in [h.entry.id for h in tuned.search("lcg", "cobra", "pt_BR", 3)]
    (tmp_path / "reference_synonyms.toml").write_text('groups = [["alone"]]\n', encoding="utf-8")
    import pytest

    from companion.reference import ReferenceDataError

    with pytest.raises(ReferenceDataError, match="two or more"):
        load_game("lcg", tmp_path)


def test_guards_and_rangers_are_different_things():
    """Catan: Brotherhood: a guard stands on the Wall, a ranger is a card (seed 004 p.4, p.8)."""
    for lang, guard, ranger in (("pt_BR", "guarda", "patrulheiro"), ("en", "guard", "ranger")):
        _, guard_terms = index().expand("catan_watch", guard, lang)
        _, ranger_terms = index().expand("catan_watch", ranger, lang)
        assert not [t for t in guard_terms if t.startswith(("rang", "patrul", "patrol"))], guard_terms
        assert not [t for t in ranger_terms if t.startswith(("guard", "vig", "sentinel", "watch"))], ranger_terms
    assert ids("catan_watch", "o que faz o patrulheiro", "pt_BR", 1) == ["rangers"]
    assert ids("catan_watch", "what does a ranger card do", "en", 1) == ["rangers"]
    assert "rangers" not in ids("catan_watch", "onde coloco o guarda", "pt_BR")
    assert "build-guard" in ids("catan_watch", "onde coloco o guarda", "pt_BR")


def test_ordinary_words_are_never_corrected_as_typos():
    """Issue 25: "marcar" is not "marchar", "parked" is not "mark"; real typos are still fixed."""
    own, _ = index().expand("agot", "posso marcar a area", "pt_BR")
    assert "march" not in own and "marc" in own
    own, _ = index().expand("agot", "ships parked in a port", "en")
    assert "mark" not in own and "park" in own
    own, _ = index().expand("lcg", "moribnd", "en")
    assert "moribund" in own


def test_perdi_does_not_pull_in_casualties():
    _, terms = index().expand("agot", "perdi a batalha", "pt_BR")
    assert not [t for t in terms if t.startswith(("baix", "casualt"))], terms
    assert ids("agot", "perdi o leilao, perco o poder que apostei?", "pt_BR", 1) == ["clash-power-spent"]


def test_phrases_name_a_retreat():
    """ "run back", "fall back", "fugir" reach retreat; the phrase's words stop counting alone."""
    concepts = index().concepts("agot", "can they run back", "en")
    assert [c.label for c in concepts] == ["run back"] and "retreat" in concepts[0].variants
    assert ids("agot", "defender lost, where do they fall back to", "en", 1) == ["resolution-retreat-defender"]
    assert ids("agot", "da pra fugir de barco depois de perder", "pt_BR", 1) == ["resolution-retreat-ships"]


def test_synonyms_weigh_less_than_the_players_own_words():
    (c,) = index().concepts("agot", "navio", "pt_BR")
    assert c.variants["navi"] == 1.0 and 0 < c.variants["barc"] < 1.0


def test_the_disputes_of_issue_25_are_settled_first():
    assert ids("immortals", "ataquei regiao vazia com 3 cubos e sairam 3 habitantes, ganhei?", "pt_BR", 1) == [
        "battle-unoccupied-against"]
    assert ids("agot", "barcos transportando pelo mar podem apoiar do outro lado?", "pt_BR", 1)[0] in (
        "transport-not-support", "combat-support-transport")
    assert ids("agot", "can ships parked in a port support the land fight", "en", 1) == ["ports-support"]


def test_confidence_is_high_only_when_the_first_entry_is_clearly_the_answer():
    from companion.reference import answer

    sure = answer("lcg", "can meera blank the red viper", "en")
    assert sure.confidence == "high" and sure.hits[0].entry.id == "meera-red-viper"
    for game, q, lang in (("immortals", "who brought the pizza", "en"), ("agot", "qual a senha do wifi", "pt_BR"),
                          ("catan_watch", "can my dog play", "en"), ("agot", "move", "en")):
        assert answer(game, q, lang).confidence in ("low", "none"), (game, q)
    assert answer("lcg", "zzzz qqqq", "en").confidence == "none"
    assert answer("lcg", "", "en").confidence == "none"
