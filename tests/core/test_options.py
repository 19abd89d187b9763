"""Typed table options (issue #28): each game's options are one model; old tables read through it.

Every option has a default a new table accepts and a label (and help, choice labels) in English and
Portuguese; a stored table that lacks an option reads the value it was played with (``legacy``); a
bad value is refused with a message naming the option, and nothing is created."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from sqlalchemy import text

from companion import i18n
from companion.basics import RuleError
from companion.games import registry
from companion.games.options import NO_LEGACY, Opt, TableOptions

GAMES = sorted(registry().items())
IDS = [gid for gid, _ in GAMES]


def _portuguese() -> dict[str, tuple[str, ...]]:
    """Every catalog's pt_BR translations merged, as Flask-Babel merges them for a page."""
    merged: dict[str, tuple[str, ...]] = {}
    for owner in i18n.catalog_dirs():
        if i18n.po_path(owner).exists():
            merged.update(i18n.translations(owner))
    return merged


@pytest.mark.parametrize(("gid", "game"), GAMES, ids=IDS)
def test_every_option_has_a_default_and_its_texts_in_both_languages(gid, game):
    model = game.options_model
    assert model is not None and issubclass(model, TableOptions)
    pt = _portuguese()
    fresh = model.new({})  # every default is a value a new table accepts
    for opt in model.fields():
        assert getattr(fresh, opt.key) == opt.default
        texts = [opt.label] + ([opt.help] if opt.help else []) + [label for _value, label in opt.choices]
        if gid == "generic":  # its defaults are words the form shows translated
            texts.append(opt.default)
        for msgid in texts:
            assert msgid.strip(), f"{gid}.{opt.key}: an empty text"
            assert any(form.strip() for form in pt.get(msgid, ())), f"{gid}.{opt.key}: no pt_BR for {msgid!r}"


@pytest.mark.parametrize(("gid", "game"), GAMES, ids=IDS)
def test_a_stored_table_without_an_option_reads_its_legacy_value(gid, game):
    model = game.options_model
    for opt in model.fields():
        stored = {k: v for k, v in model.new({}).dump().items() if k != opt.key}
        expected = opt.default if opt.legacy is NO_LEGACY else opt.legacy
        assert getattr(model.load(stored), opt.key) == expected
        assert getattr(model.of({"options": stored}), opt.key) == expected
        assert getattr(model.new({}), opt.key) == opt.default  # a new table gets the default


def test_the_options_added_after_tables_existed_keep_what_old_tables_played():
    legacy = {(gid, o.key): o.legacy for gid, g in GAMES for o in g.options_model.fields() if o.legacy is not NO_LEGACY}
    assert legacy == {("agot", "faq_lannister_port_ship"): False, ("agot", "tiebreak"): "printed",
                      ("agot", "faq_blade_tides"): False, ("agot", "faq_tides_reshuffle"): False,
                      ("agot", "input_checks"): 1, ("catan-watch", "input_checks"): 1,
                      ("lcg", "window_pace"): "each", ("lcg", "auto_close"): 0,
                      ("lcg", "autopass_start"): "structure", ("lcg", "used_plots"): "free"}


def test_a_field_not_offered_is_no_choice_but_keeps_old_tables_as_they_were_played(app, api, client):
    """``Opt(offered=False)`` (issue 38): the revision of a game's input checks. The create form and
    ``GET /api/games`` never show it, a new table may not set it (it always takes the default), and
    a table stored before it (a setup event, an export without the key) reads its legacy value."""
    from companion.games.agot.options import AgotOptions

    assert "input_checks" not in {o.key for o in AgotOptions.form()}
    assert AgotOptions.new({}).input_checks == 2 and AgotOptions.load({"players": 4}).input_checks == 1
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    assert all("input_checks" not in {o["key"] for o in g["options"]} for g in games.values())
    assert "input_checks" not in client.get("/").get_data(as_text=True)
    r = client.post("/api/tables", json={"game": "agot", "options": {"input_checks": 1}})
    assert r.status_code == 400 and r.get_json()["error"] == "Unknown option: input_checks."
    t = api.create("agot", {"players": 3})
    exported = api.export(t["code"], t["host_token"])
    assert exported["events"][0]["action"]["options"]["input_checks"] == 2
    del exported["events"][0]["action"]["options"]["input_checks"]
    r = client.post("/api/tables/import", json=exported)
    assert r.status_code == 201, r.get_json()
    assert app.extensions["companion.tables"].snapshot(r.get_json()["code"]).state["g"]["options"]["input_checks"] == 1
    with pytest.raises(TypeError):
        class _NoLegacy(TableOptions):  # a field no player chooses exists only for old tables
            rev: Annotated[int, Opt("Rev", min=1, max=2, offered=False)] = 2


def test_an_old_table_replays_with_the_value_it_was_played_with():
    """The setup of a table stored before ``window_pace`` existed: the pace it was played with."""
    from companion.engine import initial_state
    from companion.games.lcg import pace
    from companion.games.lcg.options import LcgOptions

    lcg = registry()["lcg"]
    stored = {k: v for k, v in LcgOptions.new({}).dump().items() if k != "window_pace"}
    old = initial_state(lcg, stored, seed=3)["g"]
    assert old["options"]["window_pace"] == "each" and not pace.on(old)
    assert pace.on(initial_state(lcg, LcgOptions.new({}).dump(), seed=3)["g"])


def test_an_lcg_table_older_than_auto_pass_and_auto_close_keeps_how_it_was_played():
    """A table stored before ``autopass_start`` (every seat began with the structure auto-pass) and
    ``auto_close`` (no countdown: windows waited for every tap) lacks both keys. Its replay must
    give the same seats' auto-pass and no countdown, not today's defaults (nothing, 5 s)."""
    from companion.engine import initial_state
    from companion.games.lcg import data
    from companion.games.lcg.options import LcgOptions

    lcg = registry()["lcg"]
    stored = {k: v for k, v in LcgOptions.new({}).dump().items() if k not in ("autopass_start", "auto_close")}
    old = initial_state(lcg, stored, seed=3)["g"]
    assert old["options"]["auto_close"] == 0 and old["options"]["autopass_start"] == "structure"
    assert all(p["autopass"] == data.default_autopass() for p in old["players"].values())
    new = initial_state(lcg, LcgOptions.new({}).dump(), seed=3)["g"]
    assert new["options"]["auto_close"] == 5 and all(p["autopass"] == [] for p in new["players"].values())


@pytest.mark.parametrize(("raw", "words"), [
    ({"players": 9}, ["players", "3", "6"]),
    ({"players": "many"}, ["players", "whole number"]),
    ({"tiebreak": "coin"}, ["tiebreak", "coin"]),
    ({"tiebrake": "faq"}, ["tiebrake"]),
])
def test_a_bad_option_is_refused_with_its_name(raw, words):
    from companion.games.agot.options import AgotOptions

    with pytest.raises(RuleError) as err:
        AgotOptions.new(raw)
    assert all(w in str(err.value) for w in words) and err.value.rule == "companion: options"


def test_a_stored_value_of_the_wrong_kind_is_refused():
    from companion.games.agot.options import AgotOptions

    stored = AgotOptions.new({}).dump()
    for key, bad in (("tides", "yes"), ("players", 2), ("decks", "cards"), ("players", True)):
        with pytest.raises(RuleError) as err:
            AgotOptions.load({**stored, key: bad})
        assert key in str(err.value)


def test_a_model_that_contradicts_itself_is_refused_when_declared():
    with pytest.raises(TypeError):
        class _Choices(TableOptions):  # the Literal and the labelled choices differ
            pick: Annotated[Literal["a", "b"], Opt("Pick", choices=(("a", "A"),))] = "a"
    with pytest.raises(RuleError):
        class _Range(TableOptions):  # a default outside its own range
            count: Annotated[int, Opt("Count", min=1, max=3)] = 5
    with pytest.raises(TypeError):
        class _Unlabelled(TableOptions):
            flag: bool = False


def _table_count(app) -> int:
    with app.extensions["companion.tables"].db.read() as s:
        return int(s.exec(text("SELECT count(*) FROM game_table")).one()[0])


@pytest.mark.parametrize(("game", "options", "words"), [
    ("agot", {"players": 7}, "Option players must be between 3 and 6."),
    ("lcg", {"window_pace": "never"}, "Option window_pace has no choice never."),
    ("catan-watch", {"robber": "on"}, "Unknown option: robber."),
    ("immortals", {"rounds": "ten"}, "Option rounds must be a whole number."),
])
def test_the_api_refuses_a_bad_option_and_creates_nothing(app, client, game, options, words):
    before = _table_count(app)
    r = client.post("/api/tables", json={"game": game, "options": options})
    assert r.status_code == 400 and r.get_json()["error"] == words
    assert _table_count(app) == before


def test_an_import_missing_a_later_option_replays_with_its_legacy_value(app, api, client):
    """An export written before ``tiebreak`` existed: the imported table keeps the printed rule."""
    t = api.create("agot", {"players": 3})
    exported = api.export(t["code"], t["host_token"])
    assert exported["events"][0]["action"]["options"]["tiebreak"] == "faq"
    del exported["events"][0]["action"]["options"]["tiebreak"]
    r = client.post("/api/tables/import", json=exported)
    assert r.status_code == 201, r.get_json()
    snap = app.extensions["companion.tables"].snapshot(r.get_json()["code"])
    assert snap.options["tiebreak"] == "printed" and snap.state["g"]["options"]["tiebreak"] == "printed"


def test_the_options_docs_are_generated_from_the_models():
    """docs/options.md is what ``python -m companion.options_doc`` writes from today's models."""
    from pathlib import Path

    from companion import options_doc

    doc = Path(__file__).resolve().parents[2] / options_doc.PATH
    assert doc.read_text(encoding="utf-8") == options_doc.render(), "run: python -m companion.options_doc"
    for gid, game in GAMES:
        section = options_doc.section(game)
        assert all(f"`{o.key}`" in section and o.label in section for o in game.options()), gid


def test_reading_a_state_follows_a_change_of_its_options():
    """:meth:`TableOptions.read` reuses models (the engine reads options in its inner loops): a
    state whose options change (a test, a correction) reads the new value, each game its own class."""
    from companion.games.agot.options import AgotOptions
    from companion.games.immortals.options import ImmortalsOptions

    state = {"options": AgotOptions.new({}).dump()}
    assert AgotOptions.of(state) is AgotOptions.of(state) and AgotOptions.of(state).neutral_short == "back"
    state["options"]["neutral_short"] = "routed"
    assert AgotOptions.of(state).neutral_short == "routed"
    del state["options"]["tiebreak"]
    assert AgotOptions.of(state).tiebreak == "printed"
    shared = {"players": 4}
    assert type(AgotOptions.read(shared)) is AgotOptions and type(ImmortalsOptions.read(shared)) is ImmortalsOptions
    assert AgotOptions.read({"players": 4, "profile_data": {"any": ["thing"]}}).players == 4


def test_no_engine_code_reads_an_option_by_its_string_key():
    """Rules and views read options through their model (``AgotOptions.of(state).tiebreak``), never
    ``state["options"]["tiebreak"]`` or ``options.get("tiebreak", default)`` with a default repeated."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "companion"
    keys = "|".join(sorted({o.key for _gid, g in GAMES for o in g.options()}))
    patterns = [re.compile(r'\[\s*"options"\s*\]\s*(\[|\.get\()'), re.compile(r'\.get\(\s*"options"'),
                re.compile(rf'options\s*(\.get\(\s*|\[\s*)"({keys})"')]
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}"
             for path in sorted(root.rglob("*.py")) if path.name != "options.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if any(p.search(line) for p in patterns)]
    assert found == []
