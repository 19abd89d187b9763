"""A player's plot deck and used pile (issue #37): a plot is typed once, then chosen in one tap.

The deck is the seat's private list of plots (name, gold, initiative, claim): registered at once
(``register_plots``, or the deck this phone kept from an earlier table), added one by one, or typed
in "Another plot" when choosing: a chosen plot that is not in the deck joins it at once, so the
next round offers it with one tap.

Which plots may be chosen: the core rules give each player a 7-card plot deck (facts lcg.md); the
FAQ (seed 003) does not describe the used pile, so it is the table option ``used_plots``:

* ``pile``: a revealed plot stays in play until the next reveal replaces it, then lies in its
  owner's used pile; neither the plot in play nor a used one may be chosen. When a player has
  revealed all 7 plots of their deck, the 6 in the used pile return to it (the 7th is in play).
  Both are public (every reveal is), so a refusal tells nobody anything new.
* ``free`` (tables from before the option): any plot of the deck, every round; the phone marks the
  plots revealed in the last 7 rounds as used.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Ctx, RuleError
from .options import LcgOptions
from .params import MAX_PLOTS, RULE_FACTS

#: Plots in a player's plot deck (facts lcg.md); the messages say "seven".
DECK_SIZE = 7


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def pile_rule(state: dict[str, Any]) -> bool:
    return LcgOptions.of(state).used_plots == "pile"


def blocked(state: dict[str, Any], seat: str) -> list[str]:
    """The plots ``seat`` may not choose now: with the used pile, the used ones and the one in play."""
    if not pile_rule(state):
        return []
    player = state["players"][seat]
    in_play = [player["plot"]["name"]] if player.get("plot") else []
    return list(player["used_plots"]) + in_play


def check_choice(state: dict[str, Any], seat: str, plot: dict[str, Any]) -> None:
    """Refuse a plot the used-pile rule keeps out of reach (option ``used_plots``, facts lcg.md)."""
    player = state["players"][seat]
    if not pile_rule(state):
        return
    if player.get("plot") and _key(player["plot"]["name"]) == _key(plot["name"]):
        raise RuleError("%(plot)s is still in play: choose another plot (table option “Used plots”).",
                        RULE_FACTS, entry="plots-used-pile", plot=plot["name"])
    if any(_key(n) == _key(plot["name"]) for n in player["used_plots"]):
        raise RuleError("%(plot)s is in your used pile until you have revealed all seven plots of your deck "
                        "(table option “Used plots”).", RULE_FACTS, entry="plots-used-pile", plot=plot["name"])


def keep(state: dict[str, Any], seat: str, plot: dict[str, Any]) -> None:
    """A chosen plot joins the seat's deck (its typed numbers replace those of a plot of the same
    name); a full deck (``MAX_PLOTS``) keeps what it has."""
    deck = state["players"][seat]["plots"]
    for i, known in enumerate(deck):
        if _key(known["name"]) == _key(plot["name"]):
            deck[i] = dict(plot)
            return
    if len(deck) < MAX_PLOTS:
        deck.append(dict(plot))


def offers(state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """The deck as the phone offers it: each plot with ``out`` (out of reach now: not offered) and
    ``used`` (revealed before: with the free rule, offered and marked)."""
    player = state["players"][seat]
    out = {_key(n) for n in blocked(state, seat)}
    used = out | {_key(n) for n in player["used_plots"]}
    return [dict(p, out=_key(p["name"]) in out, used=_key(p["name"]) in used) for p in player["plots"]]


def reveal(state: dict[str, Any], ctx: Ctx, seat: str, plot: dict[str, Any]) -> None:
    """``plot`` is revealed for ``seat``: it is in play; the plot it replaces goes to the used pile,
    which returns to the deck once all 7 plots have been revealed (option ``used_plots``)."""
    player = state["players"][seat]
    if not pile_rule(state):
        player["plot"] = plot
        player["used_plots"] = (player["used_plots"] + [plot["name"]])[-7:]
        return
    if player.get("plot"):
        player["used_plots"] = player["used_plots"] + [player["plot"]["name"]]
    player["plot"] = plot
    if len(player["used_plots"]) + 1 >= DECK_SIZE:
        player["used_plots"] = []
        ctx.log(N_("%(who)s has revealed all seven plots: the used pile returns to the plot deck."),
                who=ctx.name(seat))
