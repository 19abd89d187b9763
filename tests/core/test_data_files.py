"""Every shipped data file has a typed model and loads through the one loader (companion.datafiles);
a broken file (a missing key, a wrong type, an unknown key) is refused naming the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from companion import datafiles
from companion.datafiles import DataFileError
from companion.games.agot import board as agot_board
from companion.games.agot import data_models as agot
from companion.games.agot.house_cards import HouseCardsFile
from companion.games.catan_watch.profile import ProfileFile
from companion.games.immortals.data import BoardFile as ImmortalsBoard
from companion.games.immortals.data import TribesFile
from companion.games.lcg.data import PhasesFile
from companion.reference.model import AskedFile, RawFile, StopwordsFile, SynonymsFile

ROOT = datafiles.ROOT
GAMES = ROOT / "games"

#: Every data file the package ships, by path under companion/, and the model of its layout.
MODELS: dict[str, type[BaseModel]] = {
    "games/agot/data/board.toml": agot.BoardFile,
    "games/agot/data/map.toml": agot.MapFile,
    "games/agot/data/tv_map.toml": agot.TvMapFile,
    "games/agot/data/orders.toml": agot.OrdersFile,
    "games/agot/data/westeros.toml": agot.WesterosFile,
    "games/agot/data/wildlings.toml": agot.WildlingsFile,
    "games/agot/data/tides.toml": agot.TidesFile,
    "games/agot/data/house_cards.toml": HouseCardsFile,
    "games/lcg/data/phases.toml": PhasesFile,
    "games/immortals/data/board.toml": ImmortalsBoard,
    "games/immortals/data/tribes.toml": TribesFile,
    "games/catan_watch/data/default.toml": ProfileFile,
    "reference/stopwords.toml": StopwordsFile,
    "reference/synonyms.toml": SynonymsFile,
}


def _model(rel: str) -> type[BaseModel]:
    name = Path(rel).name
    if name.startswith("reference.") and rel.startswith("games/"):
        return RawFile
    if name == "reference_synonyms.toml":
        return SynonymsFile
    if name.startswith("reference_asked.") and rel.startswith("games/"):
        return AskedFile
    return MODELS[rel]


SHIPPED = sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*.toml"))


def test_every_shipped_data_file_has_a_model():
    missing = [rel for rel in SHIPPED if not _has_model(rel)]
    assert not missing, f"data files without a model in this test: {missing}"
    assert len(SHIPPED) >= len(MODELS)


def _has_model(rel: str) -> bool:
    try:
        _model(rel)
    except KeyError:
        return False
    return True


@pytest.mark.parametrize("rel", SHIPPED)
def test_every_data_file_loads_through_its_model(rel):
    model = _model(rel)
    first = datafiles.load(ROOT / rel, model)
    assert isinstance(first, model)
    assert datafiles.load(ROOT / rel, model) is first  # cached


@pytest.mark.parametrize("rel", SHIPPED)
def test_every_model_refuses_an_unknown_key(rel):
    raw = datafiles.read(ROOT / rel)
    raw["colour_typo"] = 1
    with pytest.raises(DataFileError, match=rf"{Path(rel).name}: colour_typo: Extra inputs are not permitted"):
        datafiles.validate(raw, _model(rel), Path(rel).name)


@pytest.mark.parametrize("rel", SHIPPED)
def test_loaded_data_is_read_only(rel):
    data = datafiles.load(ROOT / rel, _model(rel))
    field = next(iter(type(data).model_fields))
    with pytest.raises(Exception):  # noqa: B017, PT011 - pydantic's frozen-instance ValidationError
        setattr(data, field, None)


# (file, text to find, replacement, the field the message must name)
BROKEN = [
    ("games/agot/data/tides.toml", "swords = 1", 'swords = "one"', "card.1.swords"),
    ("games/agot/data/tides.toml", "skull = false\n", "", "card.0.skull: Field required"),
    ("games/agot/data/board.toml", 'type = "land"', 'type = "lake"', "areas.blackwater.type"),
    ("games/agot/data/board.toml", "\nbarrels = ", "\nbarrel = ", ".barrel: Extra inputs are not permitted"),
    ("games/agot/data/house_cards.toml", 'house = "stark"\n', "", "card.0.house: Field required"),
    ("games/agot/data/orders.toml", "star_only = false", "star_onyl = false", "restriction.no-raid.star_onyl"),
    ("games/agot/data/westeros.toml", 'deck = "I"', 'deck = "IV"', "card.0.deck"),
    ("games/agot/data/map.toml", "castle-black = [56, 5]", "castle-black = [56]", "pos.castle-black"),
    ("games/agot/data/tv_map.toml", "width = 100", 'width = "wide"', "frame.width"),
    ("games/lcg/data/phases.toml", "autopass = true", "autopass = 3", "box.0.autopass"),
    ("games/immortals/data/tribes.toml", 'realm = "light"', 'realm = "grey"', "tribes.0.realm"),
    ("games/immortals/data/board.toml", "value = 5", "valeu = 5", "values.0.valeu"),
    ("games/catan_watch/data/default.toml", "camps = 4", "camps = [4]", "clans.0.camps"),
    ("games/agot/data/reference.en.toml", 'source = "', 'sourse = "', "sourse"),
    ("reference/synonyms.toml", "groups = [", "groups = [[\"alone\"], ", "two or more words"),
    ("reference/stopwords.toml", "en = [", "english = [", "english"),
]


@pytest.mark.parametrize("rel,old,new,field", BROKEN, ids=[f"{b[0]}:{b[3]}" for b in BROKEN])
def test_a_broken_file_is_refused_naming_the_file_and_the_field(tmp_path, rel, old, new, field):
    text = (ROOT / rel).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / Path(rel).name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        datafiles.load(path, _model(rel))
    message = str(err.value)
    assert message.startswith(f"{path}: "), message
    assert field in message, message


def test_a_missing_or_unparsable_file_is_refused(tmp_path):
    with pytest.raises(DataFileError, match="nowhere.toml: missing"):
        datafiles.load(tmp_path / "nowhere.toml", agot.TidesFile)
    bad = tmp_path / "tides.toml"
    bad.write_text("[[card]\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="tides.toml: not valid TOML"):
        datafiles.load(bad, agot.TidesFile)


def test_a_shipped_file_is_named_from_the_package():
    raw = datafiles.read(GAMES / "agot" / "data" / "tides.toml")
    raw["card"][0]["swords"] = "many"
    with pytest.raises(DataFileError, match=r"^tides.toml: card.0.swords: Input should be a valid integer"):
        datafiles.validate(raw, agot.TidesFile, "tides.toml")
    with pytest.raises(DataFileError, match="the deck has 24 cards"):
        datafiles.validate({"card": raw["card"][1:]}, agot.TidesFile, "tides.toml")


def test_an_edited_file_is_read_again(tmp_path):
    path = tmp_path / "wildlings.toml"
    path.write_text('[[card]]\nid = "a"\nname = "A"\n', encoding="utf-8")
    assert [c.id for c in datafiles.load(path, agot.WildlingsFile).card] == ["a"]
    path.write_text('[[card]]\nid = "b"\nname = "B"\n\n', encoding="utf-8")
    assert [c.id for c in datafiles.load(path, agot.WildlingsFile).card] == ["b"]


def test_a_game_raises_its_own_error_class(tmp_path):
    """Callers keep catching their own errors (BoardDataError...), all of them DataFileErrors."""
    text = (agot.DATA / "board.toml").read_text(encoding="utf-8")
    path = tmp_path / "board.toml"
    path.write_text(text.replace('fort = "castle"', 'fort = "tower"', 1), encoding="utf-8")
    with pytest.raises(agot_board.BoardDataError, match=r"board.toml: areas\.[a-z-]+\.fort"):
        agot_board.load(str(path))
