"""One home per move (issue 28): each AGoT procedure declares the moves only it takes, and a move
several procedures take runs the handler the innermost running procedure names for it."""

from __future__ import annotations

import pytest
from agot_kit import act, ctx, new_game, pid, set_power, to_westeros

from companion.games.agot import GAME, flow, moves, phases, wildlings
from companion.games.agot.procedure import Procedure, dispatch, missing_handlers
from companion.games.base import Action, Ctx, RuleError, State


def test_every_procedure_that_takes_a_shared_move_names_its_handler():
    assert {m.name for m in moves.SHARED_MOVES} == {"answer", "choose", "muster", "muster_done"}
    for move in moves.SHARED_MOVES:
        assert missing_handlers(phases.PHASES, move.name) == []


def test_a_step_listing_a_move_without_a_handler_fails_at_import():
    with pytest.raises(ValueError, match="without a handler"):
        flow.StepProcedure("broken", lambda state, ctx, step: None, moves={"": ("answer",)})


def test_game_moves_are_the_procedures_declarations():
    """Nothing is declared twice and every move of a phase is allowed where a procedure lists it."""
    assert GAME.moves is moves.MOVES
    assert [m.name for m in GAME.moves if m.sealed] == ["answer"]
    for move in GAME.moves:
        assert move.stages or move.name in {m.name for m in moves.corrections.MOVES}


class _Outer(Procedure):
    name = "outer"
    handlers = {"go": lambda state, ctx, action: state["ran"].append("outer")}

    def active(self, state: State) -> bool:
        return True


class _Inner(Procedure):
    name = "inner"
    moves = {"": ("go",)}

    def __init__(self) -> None:
        def run(state: State, ctx: Ctx, action: Action) -> None:
            state["ran"].append("inner")
        self.handlers = {"go": run}

    def active(self, state: State) -> bool:
        return bool(state["inner"])


def test_dispatch_runs_the_innermost_running_procedures_handler():
    outer = _Outer()
    outer.children = (_Inner(),)
    run = dispatch((outer,), "go")
    state: State = {"inner": True, "ran": []}
    run(state, None, {"type": "go"})  # type: ignore[arg-type]  # no handler here reads ctx
    state["inner"] = False
    run(state, None, {"type": "go"})  # type: ignore[arg-type]
    assert state["ran"] == ["inner", "outer"]


def test_a_bid_for_another_prompt_keeps_each_procedures_refusal():
    """The shared answer reaches the bid of the running procedure, which still checks its prompt:
    the Clash of Kings says the bid is closed (seed 000 p.10), the wildling attack what the table is
    doing (seed 000 p.22)."""
    s = new_game(3)
    to_westeros(s)
    flow.push(s, {"kind": "clash", "track": 0})
    flow.advance(s, ctx(host=True))
    for h in s["houses"]:
        set_power(s, h, 5)
    with pytest.raises(RuleError) as err:
        act(s, "stark", {"type": "answer", "prompt": "wildlings-1-1", "value": 1})
    assert (err.value.message, err.value.rule, err.value.status) == ("This bid is already closed.", "seed 000 p.10", 409)
    s = new_game(3)
    to_westeros(s)
    for h in s["houses"]:
        set_power(s, h, 5)
    flow.push(s, wildlings.attack_step(s, strength=6))
    flow.advance(s, ctx(host=True))
    with pytest.raises(RuleError) as err:
        act(s, "stark", {"type": "answer", "prompt": pid(s) + "x", "value": 1})
    assert (err.value.message, err.value.rule) == ("The table is resolving a wildling attack.", "seed 000 p.22")


def test_out_of_stage_the_declaration_refuses_before_any_handler():
    """A step's move sent during another step is refused by its declared stages (409, the move's
    rule), as before the step handlers stopped checking the action type."""
    s = new_game(3)
    to_westeros(s)
    flow.push(s, {"kind": "clash", "track": 0})
    flow.advance(s, ctx(host=True))
    with pytest.raises(RuleError) as err:
        act(s, "stark", {"type": "order_ties", "order": s["houses"]})
    assert (err.value.rule, err.value.status) == ("seed 000 p.10", 409)
    assert GAME.stage(s) == "westeros/clash/bid"
