"""Clash of Kings: three sealed bids for the influence tracks (seed 000 p.10-11).

Bids for the Iron Throne, then Fiefdoms, then King's Court are each one sealed prompt, revealed
together. Higher bids take higher positions; ties are ordered by the holder of the Iron Throne token
*at that moment* (it changes hands only once its own track is settled, seed 000 p.11). Every bid goes
to the Power Pool whatever the result; position 1 takes the dominance token.

Public results stay in ``state["clash"] = {"round": r, "tracks": {track: {"bids": {...}, "order": [...]}}}``.
"""

from __future__ import annotations

from typing import Any

from ... import sealed
from ...i18n import N_
from ...moves import Checks, Move, whole, within
from ..base import Ctx, RuleError
from . import flow, names, power, tracks
from . import params as P

State = dict[str, Any]


def open_bid(state: State, pid: str, asked: list[str], kind: str, title: str, **title_params: Any) -> None:
    """A sealed power bid: each house may bid 0 up to its available power (seed 000 p.10, p.22)."""
    sealed.open_prompt(state, pid, asked, kind=kind, title=title, title_params=title_params,
                       spec={"min": 0, "max": {h: state["power"][h]["available"] for h in asked}})


def autofill_zero(state: State, ctx: Ctx, pid: str) -> bool:
    """A house with no available power can only bid 0: answer for it and save a tap (seed 000 p.10,
    p.22). Returns True when that completed and revealed the prompt."""
    prompt = sealed.get(state, pid)
    for house in list(prompt["asked"]):
        if house not in prompt["answers"] and state["power"][house]["available"] == 0:
            ctx.log(N_("%(house)s has no power to bid: 0."), house=names.label(names.HOUSES[house]))
            if sealed.answer(state, pid, house, 0):
                return True
    return False


def read_bid(state: State, ctx: Ctx, action: P.Answer, pid: str, rule: str) -> tuple[str, int]:
    """Validate a bid from the asking seat: never more than its available power."""
    house = ctx.actor.require_seat()
    prompt = sealed.get(state, pid)
    if house not in prompt["asked"]:
        raise RuleError("Your house is not bidding here.", "companion: seats", status=403, entry="companion-seats")
    bid = within(whole(action.value, rule, "value"), 0, state["power"][house]["available"], rule, "value",
                 why=N_("A bid is from 0 up to the Power tokens you have available: %(max)s."))
    return house, bid


def log_answer(state: State, ctx: Ctx, pid: str, house: str, bid: int) -> None:
    ctx.log(N_("%(house)s bids %(bid)s"), house=names.label(names.HOUSES[house]), bid=bid, prompt=pid, seat=house,
            hidden=N_("%(house)s has bid"), hidden_params={"house": names.label(names.HOUSES[house])})


def pay_bids(state: State, ctx: Ctx, pid: str) -> dict[str, int]:
    """The revealed bids of ``pid``, paid to the Pool (seed 000 p.10, p.22). A bid is never more than
    the house's available power (p.10): when a correction lowered that power while the bid was
    sealed, the bid counts as what the house still has. Paying the sealed figure would refuse the
    last bidder with a message quoting a bid its device cannot see, and leave the prompt stuck."""
    prompt = sealed.get(state, pid)
    for house, bid in prompt["answers"].items():
        have = state["power"][house]["available"]
        if bid > have:
            prompt["answers"][house] = have
            ctx.log(N_("The bid of %(house)s counts as %(n)s: the power it still has."),
                    house=names.label(names.HOUSES[house]), n=have)
    bids = dict(prompt["answers"])
    for house, bid in bids.items():
        power.spend(state, house, bid)
    return bids


def groups(bids: dict[str, int]) -> list[list[str]]:
    """Houses grouped by equal bid, highest group first (order inside a group is undecided)."""
    values = sorted(set(bids.values()), reverse=True)
    return [sorted(h for h, b in bids.items() if b == v) for v in values]


def pid_for(state: State, track: str) -> str:
    return f"clash-{state['round']}-{state['seq']}-{track}"


def start_clash(state: State, ctx: Ctx, step: flow.Step) -> None:
    """A Clash of Kings begins: the tracks are bid for one by one (seed 000 p.10)."""
    state["seq"] += 1
    state["clash"] = {"round": state["round"], "tracks": {}}
    ctx.log(N_("Clash of Kings: bidding for the three influence tracks."))
    _open_track(state, ctx, step)


def _open_track(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Open the sealed bid for the next track: Iron Throne, Fiefdoms, King's Court (seed 000 p.10)."""
    track = tracks.TRACKS[step["track"]]
    step["pid"] = pid_for(state, track)
    step["tie"] = None
    open_bid(state, step["pid"], tracks.turn_order(state), "clash", N_("Bid for the %(track)s track"),
             track=names.label(names.TRACKS[track]))
    if autofill_zero(state, ctx, step["pid"]):
        _reveal(state, ctx, step)


def bid(state: State, ctx: Ctx, step: flow.Step, action: P.Answer) -> str:
    """A sealed bid for the track being bid for; all are revealed together (seed 000 p.10).
    Returns the prompt it answered."""
    if action.prompt != step["pid"]:
        raise RuleError("This bid is already closed.", "seed 000 p.10", status=409)
    pid = str(step["pid"])  # the reveal may open the next track's prompt in this step
    house, value = read_bid(state, ctx, action, pid, "seed 000 p.10")
    log_answer(state, ctx, pid, house, value)
    if sealed.answer(state, pid, house, value):
        _reveal(state, ctx, step)
    return pid


def order_ties(state: State, ctx: Ctx, step: flow.Step, action: P.OrderTies) -> None:
    """The Iron Throne holder orders tied bids (seed 000 p.10-11)."""
    ctx.actor.require(step["tie"]["chooser"])
    order: Any = action.order
    if isinstance(order, str):
        order = [h for h in order.split(",") if h]
    _settle(state, ctx, step, _check_order(step["tie"]["bids"], order))


def _check_order(bids: dict[str, int], order: Any) -> list[str]:
    """A tie-break must keep every higher bid above every lower bid (seed 000 p.10)."""
    if not isinstance(order, list) or sorted(order) != sorted(bids):
        raise RuleError("List every house exactly once.", "seed 000 p.10", entry="clash-ties")
    if any(bids[a] < bids[b] for a, b in zip(order, order[1:])):
        raise RuleError("A higher bid always takes the higher position; only ties may be ordered.", "seed 000 p.10")
    return list(order)


def _reveal(state: State, ctx: Ctx, step: flow.Step) -> None:
    """All bids of a track are shown together and go to the Pool (seed 000 p.10)."""
    track = tracks.TRACKS[step["track"]]
    bids = pay_bids(state, ctx, step["pid"])
    ctx.log(N_("Bids for %(track)s: %(bids)s"), track=names.label(names.TRACKS[track]),
            bids=", ".join(f"{names.HOUSES[h]} {bids[h]}" for g in groups(bids) for h in g))
    state["clash"]["tracks"][track] = {"bids": bids, "order": None}
    tied = [g for g in groups(bids) if len(g) > 1]
    if tied:
        chooser = tracks.holder(state, "iron_throne")
        step["tie"] = {"chooser": chooser, "bids": bids, "groups": tied}
        ctx.log(N_("Tied bids: %(house)s (Iron Throne) decides their order."), house=names.label(names.HOUSES[chooser]))
        return
    _settle(state, ctx, step, [h for g in groups(bids) for h in g])


def _settle(state: State, ctx: Ctx, step: flow.Step, order: list[str]) -> None:
    """Place the track, hand over the dominance token, go on to the next track (seed 000 p.10)."""
    track = tracks.TRACKS[step["track"]]
    tracks.set_track(state, track, order)
    state["clash"]["tracks"][track]["order"] = list(order)
    ctx.log(N_("%(track)s track: %(order)s"), track=names.label(names.TRACKS[track]),
            order=" > ".join(names.HOUSES[h] for h in order))
    step["tie"] = None
    step["track"] += 1
    if step["track"] < len(tracks.TRACKS):
        _open_track(state, ctx, step)
    else:
        flow.finish(state, ctx, step)


def waiting_clash(state: State, step: flow.Step) -> list[str]:
    if step.get("tie") is not None:
        return [step["tie"]["chooser"]]
    return sealed.waiting(sealed.get(state, step["pid"]))


#: its rows of the input-checks table (docs/rules-coverage.md), generated from here
BIDS_CHECKS = Checks(
    "`answer` (bids), `order_ties`", row=30, pages="p.10, p.22",
    text=("the open prompt; an asked house; 0..its available Power; the Iron Throne holder orders ties, "
          "higher bids staying above"))


#: the Clash of Kings: sealed bids (the shared sealed ``answer``, declared in ``moves.py``), then
#: (maybe) the Iron Throne holder's tie-break
CLASH = flow.StepProcedure("clash", start_clash, waiting_clash,
                           sub=lambda st: "tie" if st.get("tie") is not None else "bid",
                           moves={"bid": ("answer",), "tie": ("order_ties",)},
                           acts={"answer": bid, "order_ties": order_ties})

MOVES = (
    Move("order_ties", CLASH.handlers["order_ties"], "The Iron Throne holder orders tied Clash of Kings bids.",
         "seed 000 p.10", P.OrderTies, who="seat",
         details=("The Iron Throne holder after tied Clash bids: `order` is every house, top first; higher"
                  " bids must stay above."), checks=(BIDS_CHECKS,)),
)
