"""The printed board data: counts, symmetry and the facts the rules rely on (seed 000 p.6, p.24-27)."""

from __future__ import annotations

import pytest

from companion.games.agot import board, names


def test_board_counts_and_symmetry():
    """58 areas: 38 land, 12 sea, 8 ports; adjacency symmetric (validated at load)."""
    b = board.load()
    assert len(b.areas) == 58
    assert sum(a.type == "land" for a in b.areas.values()) == 38
    assert all(x in b.area(y).adjacent for x in b.areas for y in b.area(x).adjacent)


def test_ports_join_their_land_and_sea():
    """A port touches only its land area and its one sea (seed 000 p.25)."""
    b = board.load()
    assert b.port_of_land("pyke") == "port-of-pyke"
    assert b.area("port-of-pyke").sea == "ironmans-bay"
    assert b.port_of_land("harrenhal") is None


def test_every_name_is_a_msgid():
    """Area and house names are translatable (games-howto: names are msgids)."""
    b = board.load()
    assert set(names.AREAS) == set(b.areas)
    assert all(names.AREAS[a] == b.area(a).name for a in b.areas)
    assert set(names.HOUSES) == set(b.houses)


@pytest.mark.parametrize("players,houses", [
    (3, ["baratheon", "lannister", "stark"]),
    (4, ["baratheon", "lannister", "stark", "greyjoy"]),
    (5, ["baratheon", "lannister", "stark", "greyjoy", "tyrell"]),
    (6, ["baratheon", "lannister", "stark", "greyjoy", "tyrell", "martell"]),
])
def test_houses_by_player_count(players, houses):
    """5 players: no Martell; 4: no Tyrell; 3: no Greyjoy (seed 000 p.27-28)."""
    assert board.load().houses_for(players) == houses


@pytest.mark.parametrize("players,tokens", [(5, 9), (4, 12), (3, 14)])
def test_neutral_force_token_counts(players, tokens):
    """9 neutral tokens for 5 players, 12 for 4, 14 for 3 (seed 000 p.27-28); ports share their
    land area's impassable token with 3 players."""
    forces = board.neutral_forces(players)
    land = [a for a in forces if board.load().area(a).type == "land"]
    assert len(land) == tokens


def test_six_players_only_kings_landing_and_the_eyrie():
    assert board.neutral_forces(6) == {"kings-landing": 5, "the-eyrie": 6}


def test_bad_data_is_refused(tmp_path):
    """A transcription error (a one-way adjacency) fails at load, not mid-game."""
    text = (board.DATA / "board.toml").read_text(encoding="utf-8")
    broken = text.replace('adjacent = ["crackclaw-point", "harrenhal", "kings-landing", "searoad-marches", '
                          '"stoney-sept", "the-reach"]',
                          'adjacent = ["crackclaw-point", "harrenhal", "kings-landing", "searoad-marches", '
                          '"stoney-sept"]', 1)
    assert broken != text
    path = tmp_path / "board.toml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(board.BoardDataError):
        board.load(str(path))


def test_map_places_every_area_once():
    """The screen's schematic map covers the 58 areas (data/map.toml)."""
    pos = board.map_positions()
    assert set(pos) == set(board.load().areas)
    assert len({tuple(p) for p in pos.values()}) == 58
