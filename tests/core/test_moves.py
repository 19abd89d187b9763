"""Declared moves: the shared dispatcher refuses unknown, wrong-actor, out-of-stage and malformed
moves the same way in every game, and docs/api.md's moves reference is the code's own."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from companion.games import registry
from companion.games.base import Actor, Ctx, Game, RuleError, SeatDef, State
from companion.i18n import N_
from companion.moves import Checks, Move, Moves, OneOf, Params, Refuse
from companion.moves_doc import BEGIN, END, render_reference

ROOT = Path(__file__).resolve().parents[2]


class Bid(Params):
    amount: int = Field(ge=0, le=9, description="how much")
    note: str | None = None
    colour: Annotated[Literal["red", "blue"], Refuse(N_("Bid with a red or a blue token."), "toy p.4")] = "red"
    where: Annotated[str | None, OneOf(frozenset({"north", "south"}), "a side of the board")] = None
    extra: Annotated[int, Refuse(N_("At most %(max)s extra."))] = Field(0, ge=0, le=2)


def _bid(state: State, ctx: Ctx, p: Bid) -> None:
    state["bids"].append(p.amount)


def _peek(state: State, ctx: Ctx, p: Params) -> None:
    state["peeked"] = True


def _end(state: State, ctx: Ctx, p: Params) -> None:
    state["stage"] = "over"


class Toy(Game):
    """A two-stage game that exists only to exercise the dispatcher."""

    id = "toy"
    moves = Moves([
        Move("bid", _bid, "Bid.", "toy p.1", Bid, who="seat", stages=("auction",)),
        Move("peek", _peek, "Look.", "toy p.2", stages=("auction/peek",), undoable=False,
             undo_refusal="A look cannot be undone."),
        Move("end", _end, "End.", "toy p.3", who="host"),
    ])

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        return [SeatDef("a", "A")]

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        return {"stage": "auction/peek", "bids": []}

    def stage(self, state: State) -> str:
        return state["stage"]

    def public_view(self, state: State) -> dict[str, Any]:
        return state

    def after_move(self, state: State, ctx: Ctx, action: dict[str, Any]) -> None:
        state["moves"] = state.get("moves", 0) + 1


PLAYER = Actor(seat="a")


def _apply(state: State, action: dict[str, Any], actor: Actor = PLAYER) -> None:
    Toy().apply(state, Ctx(actor=actor, rng=random.Random(1)), action)


def test_a_declared_move_runs_then_the_follow_up() -> None:
    state = {"stage": "auction", "bids": []}
    _apply(state, {"type": "bid", "amount": "3"})  # a form's string is a number
    _apply(state, {"type": "bid", "amount": 4, "note": ""})
    assert state["bids"] == [3, 4] and state["moves"] == 2


@pytest.mark.parametrize("action, actor, status, message", [
    ({"type": "fly"}, Actor(seat="a"), 400, "Unknown action: %(type)s."),
    ({"type": "_secret"}, Actor(seat="a"), 400, "Unknown action: %(type)s."),
    ({"type": "end"}, Actor(seat="a"), 403, "Only the host can do this."),
    ({"type": "bid", "amount": 1}, Actor(), 403, "Only a seated player can do this."),
    ({"type": "bid"}, Actor(seat="a"), 400, "The field %(field)s is missing or has the wrong type."),
    ({"type": "bid", "amount": "lots"}, Actor(seat="a"), 400,
     "The field %(field)s is missing or has the wrong type."),
    ({"type": "bid", "amount": [1]}, Actor(seat="a"), 400, "The field %(field)s is missing or has the wrong type."),
    ({"type": "bid", "amount": True}, Actor(seat="a"), 400, "The field %(field)s is missing or has the wrong type."),
    ({"type": "bid", "amount": 10}, Actor(seat="a"), 400, "%(field)s must be between %(min)s and %(max)s."),
    ({"type": "bid", "amount": 1, "colour": "green"}, Actor(seat="a"), 400, "Bid with a red or a blue token."),
    ({"type": "bid", "amount": 1, "where": "east"}, Actor(seat="a"), 400,
     "%(field)s is not one of the allowed values."),
    ({"type": "bid", "amount": 1, "extra": "3"}, Actor(seat="a"), 400, "At most %(max)s extra."),
])
def test_refusals_are_generic_and_change_nothing(action, actor, status, message) -> None:
    state = {"stage": "auction", "bids": []}
    with pytest.raises(RuleError) as err:
        _apply(state, action, actor)
    assert err.value.status == status and err.value.message == message
    assert err.value.rule
    assert state == {"stage": "auction", "bids": []}


def test_a_move_out_of_its_stage_is_refused_with_its_citation() -> None:
    state = {"stage": "auction", "bids": []}
    with pytest.raises(RuleError) as err:
        _apply(state, {"type": "peek"})
    assert err.value.status == 409 and err.value.rule == "toy p.2"
    assert err.value.params == {"move": "peek"}
    state["stage"] = "auction/peek"  # a sub-stage of the bid's stage still allows a bid
    _apply(state, {"type": "bid", "amount": 2})
    _apply(state, {"type": "peek"})
    assert state["peeked"] and state["bids"] == [2]


def test_an_out_of_stage_refusal_may_cite_its_own_source() -> None:
    moves = Moves([Move("bid", _bid, "Bid.", "toy p.1", Bid, stages=("auction",),
                        not_now=N_("The auction is over."), not_now_rule="toy p.9")])
    with pytest.raises(RuleError) as err:
        moves.check("over", PLAYER, {"type": "bid", "amount": 1})
    assert (err.value.message, err.value.rule, err.value.status) == ("The auction is over.", "toy p.9", 409)


def test_undo_permission_is_declared() -> None:
    game = Toy()
    refusal = game.undo_refusal({"type": "peek"})
    assert refusal is not None and refusal.status == 409 and refusal.rule == "toy p.2"
    assert game.undo_refusal({"type": "bid", "amount": 1}) is None
    assert game.undo_refusal({"type": "unknown"}) is None


def test_declarations_are_checked_when_written() -> None:
    with pytest.raises(ValueError, match="twice"):
        Moves([Move("a", _bid, "A.", "r"), Move("a", _bid, "A.", "r")])
    with pytest.raises(ValueError, match="no why"):
        Moves([Move("a", _bid, "A.", "r", undoable=False)])


def test_the_api_reference_is_generated_from_the_declarations() -> None:
    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    block = doc[doc.index(BEGIN):doc.index(END) + len(END)]
    assert block == render_reference(), "run `python -m companion.moves_doc` to regenerate docs/api.md"


def test_the_input_checks_tables_are_generated_from_the_declarations() -> None:
    """docs/rules-coverage.md's "What each input is checked against" tables are the declared rows
    (``Move.checks``), byte for byte between their markers, and each row names exactly its moves."""
    from companion.moves_doc import checks_begin, checks_games, render_checks

    doc = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    games = checks_games()
    assert "agot" in {g.id for g in games}
    for game in games:
        assert checks_begin(game.id) in doc, f"docs/rules-coverage.md has no generated table for {game.id}"
    assert doc == render_checks(doc), "run `python -m companion.moves_doc` to regenerate docs/rules-coverage.md"


def test_every_move_of_a_game_with_an_input_checks_table_has_a_row_or_says_why_not() -> None:
    """A new move of such a game declares its ``checks`` row (or ``unchecked``: why it names nothing a
    player holds), never both; a row is refused when it names moves that do not declare it."""
    from companion.moves_doc import checks_games, checks_rows

    for game in checks_games():
        assert game.moves is not None
        missing = [m.name for m in game.moves if not m.checks and not m.unchecked]
        assert not missing, f"{game.id}: moves with no input-checks row and no `unchecked` reason: {missing}"
        both = [m.name for m in game.moves if m.checks and m.unchecked]
        assert not both, f"{game.id}: moves with a row and an `unchecked` reason: {both}"
    row = Checks("`bid` / `peek`", "the bidder", "toy p.1", 10)

    class Half(Toy):
        moves = Moves([Move("bid", _bid, "Bid.", "toy p.1", checks=(row,)), Move("peek", _bid, "Peek.", "r")])

    class Both(Toy):
        moves = Moves([Move("bid", _bid, "Bid.", "toy p.1", checks=(row,)),
                       Move("peek", _bid, "Peek.", "r", checks=(row,))])

    with pytest.raises(ValueError, match="declared by"):
        checks_rows(Half())
    assert checks_rows(Both()) == [row]


def _sections(doc: str) -> dict[str, str]:
    """The hand-written part of docs/api.md per game id (its "### Title (`id`)" section)."""
    hand = doc[:doc.index(BEGIN)]
    heads = list(re.finditer(r"^### .*\(`([a-z_-]+)`\)\s*$", hand, re.M))
    return {m.group(1): hand[m.end(): heads[i + 1].start() if i + 1 < len(heads) else len(hand)]
            for i, m in enumerate(heads)}


def test_every_action_the_prose_names_is_declared() -> None:
    """The examples written by hand in docs/api.md only use moves the game declares."""
    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    sections = _sections(doc)
    checked = 0
    for game_id, game in registry().items():
        if game.moves is None:
            continue
        for name in re.findall(r'"type":\s*"([a-z_]+)"', sections.get(game_id, "")):
            assert name in game.moves, f"docs/api.md names {name!r} for {game_id}, which does not declare it"
            checked += 1
    assert checked > 0


def test_every_game_declares_its_moves() -> None:
    """No game dispatches by hand any more: each one lists its moves, and a move it does not declare
    is refused by the shared dispatcher (the generic message and citation), not by game code."""
    from companion.engine import Table

    for game_id, game in registry().items():
        assert game.moves is not None and len(game.moves) > 0, game_id
        table = Table(game_id)
        before = table.state
        with pytest.raises(RuleError) as err:
            table.act(Actor(host=True), {"type": "no_such_move"})
        assert (err.value.message, err.value.rule, err.value.status) == (
            "Unknown action: %(type)s.", "companion: actions", 400), game_id
        assert table.state is before and table.version == 1


def test_a_sealed_move_is_declared_never_inferred_from_its_name() -> None:
    """The server hides and supersedes what a move declared ``sealed`` says, whatever its name; a
    move merely *named* ``answer`` is public (the old string convention is gone)."""
    moves = Moves([
        Move("answer", _bid, "A public answer.", "toy p.1", Bid),
        Move("bid", _bid, "A sealed bid.", "toy p.1", Bid, who="seat", sealed=True),
    ])
    assert not moves.is_sealed({"type": "answer", "amount": 1})
    assert moves.is_sealed({"type": "bid", "amount": 1})
    assert not moves.is_sealed({"type": "no_such_move"})


def test_every_game_declares_its_sealed_input() -> None:
    """Each game's secret input is declared (one move or several: a bid, orders, a card), each on a
    move that names the prompt it answers."""
    for game_id, game in registry().items():
        assert game.moves is not None, game_id
        sealed = [m for m in game.moves if m.sealed]
        assert sealed, game_id
        for move in sealed:
            assert "prompt" in move.params.model_fields, (game_id, move.name)
            assert game.is_sealed_answer({"type": move.name, "prompt": "x"}), (game_id, move.name)


def test_the_handler_receives_the_validated_model_with_its_defaults() -> None:
    seen: list[Bid] = []
    moves = Moves([Move("bid", lambda state, ctx, p: seen.append(p), "Bid.", "toy p.1", Bid)])
    moves.run("auction", {}, Ctx(actor=PLAYER, rng=random.Random(1)), {"type": "bid", "amount": "3", "where": ""})
    assert seen == [Bid(amount=3, colour="red", where=None, extra=0)]


def test_a_declared_refusal_cites_its_own_rule_and_the_range() -> None:
    moves = Moves([Move("bid", _bid, "Bid.", "toy p.1", Bid)])
    with pytest.raises(RuleError) as err:
        moves.check("auction", PLAYER, {"type": "bid", "amount": 1, "colour": "green"})
    assert err.value.rule == "toy p.4"
    with pytest.raises(RuleError) as err:
        moves.check("auction", PLAYER, {"type": "bid", "amount": -1})
    assert (err.value.rule, err.value.params) == ("toy p.1", {"field": "amount", "min": 0, "max": 9})
    with pytest.raises(RuleError) as err:
        moves.check("auction", PLAYER, {"type": "bid", "amount": 1, "extra": 5})
    assert err.value.params == {"min": 0, "max": 2}


def test_a_sealed_handler_returns_the_prompt_it_answered() -> None:
    ctx = Ctx(actor=PLAYER, rng=random.Random(1))
    moves = Moves([Move("answer", lambda state, ctx, p: "p7", "Answer.", "toy p.1", sealed=True),
                   Move("quiet", lambda state, ctx, p: None, "Answer.", "toy p.1", sealed=True),
                   Move("open", lambda state, ctx, p: "p7", "Open.", "toy p.1")])
    assert moves.run("any", {}, ctx, {"type": "answer"}) == "p7"
    assert moves.run("any", {}, ctx, {"type": "open"}) is None  # only a sealed answer keys a prompt
    with pytest.raises(TypeError, match="did not return the prompt"):
        moves.run("any", {}, ctx, {"type": "quiet"})


def test_the_reference_shows_each_fields_type_range_and_default() -> None:
    fields = {f.name: f for f in Move("bid", _bid, "Bid.", "toy p.1", Bid).fields()}
    assert (fields["amount"].type, fields["amount"].range, fields["amount"].required) == ("int", "0..9", True)
    assert (fields["colour"].type, fields["colour"].default) == ('"red" or "blue"', "red")
    assert (fields["where"].type, fields["where"].default) == ("a side of the board", None)
    assert (fields["extra"].range, fields["extra"].default) == ("0..2", 0)


def test_no_game_section_carries_a_hand_written_move_table() -> None:
    """docs/api.md documents each game's moves once, in the generated reference (issue 40): no game's
    own section carries a table row naming one of its moves."""
    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    games = doc[doc.index("## Games"):doc.index(BEGIN)]
    checked = []
    for game in registry().values():
        assert game.moves is not None
        names = {move.name for move in game.moves}
        rows = [line for line in games.splitlines() if line.startswith("| `") and line.split("`")[1] in names]
        assert not rows, f"{game.id}: hand-written rows {rows[:2]}"
        checked.append(game.id)
    assert {"generic", "agot", "catan-watch", "lcg", "immortals"} <= set(checked)


def test_the_reference_command_reads_its_options_and_says_what_is_wrong(tmp_path, capsys):
    """``--help`` prints usage (it was once read as a file name); a file without the block is a message, exit 2."""
    import pytest

    from companion.moves_doc import main

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0 and "usage:" in capsys.readouterr().out
    plain = tmp_path / "plain.md"
    plain.write_text("no generated block here\n", encoding="utf-8")
    assert main([str(plain)]) == 2 and "plain.md" in capsys.readouterr().err
    assert plain.read_text(encoding="utf-8") == "no generated block here\n"
