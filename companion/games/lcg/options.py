"""The card game's table options: players and victory, the FAQ's silences (initiative ties, an
attack with 0 STR, who answers a passive first), and how windows are paced on the phones.

Options added after tables existed: a table stored before one lacks its key and replays with what it
was played with. ``window_pace`` (issue 24): one countdown per round (``legacy="each"``);
``auto_close`` (Nov 23): no countdown at all, windows waited for every tap (``legacy=0``);
``autopass_start`` (Nov 22): every seat started with the structure auto-pass (``legacy="structure"``,
what the setup gave every seat before the option); ``used_plots`` (issue #37): any plot could be chosen
every round (``legacy="free"``)."""

from __future__ import annotations

from typing import Annotated, Literal

from ...i18n import N_
from ..options import Opt, TableOptions

#: The Core Set's melee titles. Each is a msgid, so a table keeps them language-neutral and every
#: screen shows them in its own language (issue #23: they were English on Portuguese phones).
TITLE_NAMES = (N_("Hand of the King"), N_("Master of Laws"), N_("Master of Whispers"), N_("Master of Coin"),
               N_("Crown Regent"), N_("Lord Commander of the Kingsguard"))
#: the create form's default (shown translated; an untouched default is stored as this msgid)
CORE_TITLES = N_("Hand of the King, Master of Laws, Master of Whispers, Master of Coin, Crown Regent, "
                 "Lord Commander of the Kingsguard")


class LcgOptions(TableOptions):
    players: Annotated[int, Opt(N_("Players"), min=2, max=6,
                                help=N_("2 is a joust; 3 to 6 is a melee with titles. Seat them clockwise."))] = 2
    win_power: Annotated[int, Opt(N_("Power to win"), min=5, max=30)] = 15
    count_char_power: Annotated[bool, Opt(N_("Power on characters counts toward victory"))] = True
    initiative_tie: Annotated[Literal["lowest_power", "random"], Opt(
        N_("Initiative tie"), help=N_("The FAQ does not say; the companion logs every random draw."),
        choices=(("lowest_power", N_("Lowest power wins, then random")), ("random", N_("Random draw"))),
        rule="seed 003",
    )] = "lowest_power"
    dominance_gold: Annotated[Literal["add", "included"], Opt(
        N_("Dominance total"),
        choices=(("add", N_("Players enter STR, the companion adds unspent gold")),
                 ("included", N_("Players enter STR plus gold themselves"))),
    )] = "add"
    zero_str_attack: Annotated[Literal["tie_rule", "cannot_win"], Opt(
        N_("An attack with 0 STR"), help=N_("The FAQ does not say whether an attacker with no STR can win."),
        choices=(("tie_rule", N_("Ties go to the attacker, even at 0 (FAQ Page 14)")),
                 ("cannot_win", N_("An attacker with 0 STR cannot win"))),
        rule="seed 003 Page 14",
    )] = "tie_rule"
    passive_start: Annotated[Literal["window", "first_player"], Opt(
        N_("Save/cancel against a passive starts with"),
        help=N_("FAQ Page 6: in a player's window answers start at the initiator's left; it "
                "does not name passives separately."),
        choices=(("window", N_("As in its window: the initiator's left, or the first player in "
                               "a framework window (FAQ Page 6)")),
                 ("first_player", N_("Always the first player"))),
        rule="seed 003 Page 6",
    )] = "window"
    uniform_timer: Annotated[int, Opt(
        N_("Prompt everyone the same way (seconds, 0 = off)"), min=0, max=30,
        help=N_("Every save/cancel and response opportunity waits this long on every phone, "
                "so waiting never reveals who holds a response."),
    )] = 0
    auto_close: Annotated[int, Opt(
        N_("Windows close by themselves after (seconds, 0 = off)"), min=0, max=30,
        help=N_("Every open window shows the same countdown on every phone; at zero each phone "
                "passes for its player unless they tapped Wait. Nobody is skipped and nothing "
                "shows who waited (FAQ Page 6)."),
        legacy=0,
    )] = 5
    window_pace: Annotated[Literal["run", "each"], Opt(
        N_("Countdowns"),
        choices=(("run", N_("One per run of windows: \"anything before …?\" until the next decision")),
                 ("each", N_("One for every save/cancel, response and action round"))),
        help=N_("With one per run, when every phone says nothing, the windows up to the next "
                "decision pass for everyone in the FAQ's order; one Wait and each window asks "
                "again. Nobody can tell who waited (FAQ Page 6)."),
        legacy="each",
    )] = "run"
    autopass_start: Annotated[Literal["none", "structure", "all"], Opt(
        N_("Auto-pass to start with"),
        choices=(("none", N_("Nothing: every player is offered every window (FAQ Page 6)")),
                 ("structure", N_("Skip all but the plot reveal, titles, marshalling and "
                                  "challenges, and the dominance reward: you are never asked "
                                  "in the plot, draw, dominance, standing or taxation action "
                                  "segments, nor when a player becomes active")),
                 ("all", N_("Every window (turn windows off when you hold a response)"))),
        help=N_("Auto-pass skips windows you may be entitled to act in (a Plot: or Dominance: "
                "action). Each player can change it on the phone at any time."),
        legacy="structure",
    )] = "none"
    used_plots: Annotated[Literal["pile", "free"], Opt(
        N_("Used plots"),
        help=N_("The FAQ does not say. A plot typed once joins its player's deck."),
        choices=(("pile", N_("Used pile: a plot returns once all 7 were revealed")),
                 ("free", N_("No used pile: any plot, every round"))),
        rule="facts lcg.md",
        legacy="free",
    )] = "pile"
    titles: Annotated[str, Opt(N_("Titles (melee)"))] = CORE_TITLES
    title_relations: Annotated[str, Opt(N_("Title relations (melee)"),
                                        help=N_("Who supports or opposes whom, as printed on your title cards."))] = ""
