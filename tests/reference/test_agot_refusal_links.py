"""Every refusal of the AGoT engine cites a real printed page and its "Why?" opens the right entry.

The engine's ``RuleError(msgid, rule, entry=...)`` calls are read from the source (AST), so a new
refusal is checked as soon as it is written, without having to provoke it:

- ``rule`` is a constant (a literal or a module-level string), so the citation can be checked here;
- an explicit ``entry`` exists in the AGoT reference, cites the same book, and shares a page with
  the citation; the web layer opens exactly that entry (``entry_for_rule``);
- without ``entry``, the refusal's own words rank, with the search engine, an entry of the cited
  book on a cited page among their top 3 (the bar of the question tests), and ``entry_for_rule``
  opens it: a page that does not match what the refusal is about fails here;
- every cited rulebook page is a page some entry covers (the cover, p.1, is no rule page).

Helpers that raise with a rule given by their caller (``among``, ``within``, ``whole``, the
parameter models' ``count``, ``read_bid``, ``power.spend``) must receive a constant whose pages
exist too; inside such a helper, passing its own ``rule`` parameter on is fine, as its callers are
checked (issue 13). A field's declared refusal (``Refuse(why=..., rule=...)`` in ``params.py``, said
before a handler runs) is checked as a refusal when it names its rule, else as a helper's rule.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion import reference
from companion.citations import page_numbers, parse
from companion.games.agot import abilities

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "games" / "agot"
GAME = "agot"
#: helpers whose ``rule`` argument (position, keyword) ends up in a RuleError
HELPERS = {"among": (2, "rule"), "within": (3, "rule"), "whole": (1, "rule"), "count": (3, "rule"),
           "read_bid": (4, "rule")}
TOP = 3


@dataclass(frozen=True)
class Refusal:
    where: str
    message: str
    cases: tuple[tuple[str | None, str | None], ...]  # (rule, entry) pairs the call can raise

    def __str__(self) -> str:
        return f"{self.where} {self.message!r}"


def _constants(tree: ast.Module) -> dict[str, str | tuple[str, ...]]:
    """Module-level strings, and module-level dicts of strings (their values: ``D[k]``, ``D.get(k)``)."""
    out: dict[str, str | tuple[str, ...]] = {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        value = node.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            out[node.targets[0].id] = value.value
        elif isinstance(value, ast.Dict) and value.values and all(
                isinstance(v, ast.Constant) and isinstance(v.value, str) for v in value.values):
            out[node.targets[0].id] = tuple(v.value for v in value.values)
    return out


def _values(node: ast.expr | None, consts: dict) -> tuple[str | None, ...]:
    """The constant strings an argument can be (both branches of ``a if c else b``, every value of a
    module-level table)."""
    if node is None:
        return (None,)
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, str)):
        return (node.value,)
    if isinstance(node, ast.Name) and isinstance(consts.get(node.id), str):
        return (consts[node.id],)
    table = node.value if isinstance(node, ast.Subscript) else (
        node.func.value if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get" else None)
    if isinstance(table, ast.Name) and isinstance(consts.get(table.id), tuple):
        return consts[table.id]
    if isinstance(node, ast.IfExp):
        return _values(node.body, consts) + _values(node.orelse, consts)
    if _is_card_entry(node):  # f"card-{ability.key}": any house card's ability entry
        return tuple(sorted(f"card-{a.key}" for a in abilities.ABILITIES.values()))
    return ("<not a constant>",)


def _is_card_entry(node: ast.expr) -> bool:
    """``f"card-{x.key}"``: the entry of the house card whose ability (from the registry) refuses."""
    return (isinstance(node, ast.JoinedStr) and len(node.values) == 2
            and isinstance(node.values[0], ast.Constant) and node.values[0].value == "card-"
            and isinstance(node.values[1], ast.FormattedValue)
            and isinstance(node.values[1].value, ast.Attribute) and node.values[1].value.attr == "key")


def _cases(rule: ast.expr | None, entry: ast.expr | None, consts: dict) -> tuple:
    """(rule, entry) pairs; ``x if c else y`` in both arguments with the same test pair up branchwise."""
    if (isinstance(rule, ast.IfExp) and isinstance(entry, ast.IfExp)
            and ast.dump(rule.test) == ast.dump(entry.test)):
        return _cases(rule.body, entry.body, consts) + _cases(rule.orelse, entry.orelse, consts)
    return tuple((r, e) for r in _values(rule, consts) for e in _values(entry, consts))


def _arg(call: ast.Call, pos: int, name: str) -> ast.expr | None:
    if len(call.args) > pos:
        return call.args[pos]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _imported(tree: ast.Module, modules: dict[str, dict[str, str | tuple[str, ...]]]) -> dict[str, str | tuple[str, ...]]:
    """The constants a module takes from a sibling (``from .wildlings import RULE``), so a rule
    named once and shared by the modules of one procedure is still a constant here."""
    out: dict[str, str | tuple[str, ...]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module in modules:
            found = modules[node.module]
            out.update({a.asname or a.name: found[a.name] for a in node.names if a.name in found})
    return out


def _scan() -> tuple[list[Refusal], list[Refusal]]:
    refusals: list[Refusal] = []
    helpers: list[Refusal] = []
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(ENGINE.glob("*.py"))}
    modules = {path.stem: _constants(tree) for path, tree in trees.items()}
    for path, tree in trees.items():
        consts = {**_imported(tree, modules), **modules[path.stem]}
        passed_on = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name in HELPERS
                     for n in ast.walk(f) if isinstance(n, ast.Name) and n.id == "rule"}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.name}:{node.lineno}"
            name = _name(node)
            if name == "RuleError":
                msg = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else ""
                refusals.append(Refusal(where, msg, _cases(_arg(node, 1, "rule"), _arg(node, 99, "entry"), consts)))
            elif name == "Refuse" and (rule := _arg(node, 1, "rule")) is not None:
                why = _arg(node, 0, "why")
                if isinstance(why, ast.Call) and why.args and isinstance(why.args[0], ast.Constant):  # N_("...")
                    refusals.append(Refusal(where, why.args[0].value, _cases(rule, _arg(node, 2, "entry"), consts)))
                else:
                    helpers.append(Refusal(where, "Refuse", tuple((r, None) for r in _values(rule, consts))))
            elif name in HELPERS or (name == "spend" and isinstance(node.func, ast.Attribute)):
                pos, kw = HELPERS.get(name, (3, "rule"))
                arg = _arg(node, pos, kw)
                if arg is not None and id(arg) not in passed_on:
                    helpers.append(Refusal(where, name, tuple((r, None) for r in _values(arg, consts))))
    return refusals, helpers


REFUSALS, HELPER_CALLS = _scan()


def _ref():
    ref = reference.get(GAME)
    assert ref is not None
    return ref


def _covered(source: str) -> set[int]:
    pages: set[int] = set()
    for e in _ref().entries.values():
        if e.source == source:
            pages |= page_numbers(e.pages)
    return pages


def _check_citation(rule: str | None, where: object) -> tuple[set[str], set[int]]:
    """The citation is a constant naming a known source; its rulebook pages are real rule pages."""
    assert rule is not None, f"{where}: no rule cited"
    assert rule != "<not a constant>", f"{where}: the rule is not a constant string"
    cits = parse(rule)
    assert cits, f"{where}: empty rule"
    pages: set[int] = set()
    for c in cits:
        assert c.source in ("seed 000", "agot faq", "facts", "companion"), f"{where}: unknown source {rule!r}"
        if c.source in ("seed 000", "agot faq"):
            cited = page_numbers(c.pages)
            assert cited, f"{where}: {rule!r} names no page"
            missing = cited - _covered(c.source)
            assert not missing, f"{where}: {rule!r} cites page(s) {sorted(missing)} that no reference entry covers"
            pages |= cited
    return {c.source for c in cits}, pages


def test_the_scan_sees_the_engine():
    """The AST scan finds the engine's refusals (a refactor that hides them must not pass silently)."""
    assert len(REFUSALS) >= 100
    assert any("adjacent to the combat" in r.message for r in REFUSALS)
    assert any(e == "card-robb" for r in REFUSALS for _, e in r.cases)


def test_every_wildling_card_has_its_entry():
    """Refusals while a wildling card resolves open that card's entry (``wildlings.CARD_ENTRY``)."""
    from companion.games.agot import wildling_cards, wildlings

    assert set(wildlings.CARD_ENTRY) == set(wildling_cards.EFFECTS)
    assert set(wildlings.CARD_ENTRY.values()) <= set(_ref().entries)


@pytest.mark.parametrize("refusal", REFUSALS, ids=str)
def test_refusal_opens_an_entry_on_the_cited_page(refusal: Refusal):
    ref = _ref()
    for rule, entry in refusal.cases:
        sources, pages = _check_citation(rule, refusal)
        if entry is not None:
            assert entry in ref.entries, f"{refusal}: no reference entry {entry!r}"
            e = ref.entries[entry]
            assert e.source in sources, f"{refusal}: entry {entry} cites {e.source}, the refusal {rule!r}"
            if pages and e.pages:
                assert page_numbers(e.pages) & pages, f"{refusal}: entry {entry} ({e.pages}) vs {rule!r}"
            assert reference.entry_for_rule(GAME, rule, refusal.message, entry) is e
            continue
        assert refusal.message, f"{refusal}: a refusal without a constant message needs entry="
        hits = reference.index().by_words(GAME, refusal.message, "en", limit=50)
        fits = [i for i, h in enumerate(hits) if h.source in sources
                and (not pages or page_numbers(h.pages) & pages)]
        assert fits and fits[0] < TOP, (
            f"{refusal}: no entry of {sorted(sources)} on page(s) {sorted(pages)} among its words' top {TOP} "
            f"({[h.id for h in hits[:TOP]]}): fix the page or pass entry=")
        assert reference.entry_for_rule(GAME, rule, refusal.message) is hits[fits[0]]


@pytest.mark.parametrize("call", HELPER_CALLS, ids=str)
def test_rule_given_to_a_helper_is_a_real_page(call: Refusal):
    for rule, _ in call.cases:
        _check_citation(rule, call)


def test_card_refusals_carry_their_entry_at_run_time():
    """Provoked in real combats: the "Why?" of a card decision opens that card's entry."""
    import sys

    kit = str(ENGINE.parents[2] / "tests" / "rules" / "agot")
    if kit not in sys.path:
        sys.path.insert(0, kit)
    from test_action_harness import act
    from test_combat_cards import cards, fight

    from companion.games.base import RuleError

    def refusal(state, house, **action) -> RuleError:
        with pytest.raises(RuleError) as err:
            act(state, house, type="card_ability", **action)
        return err.value

    state = fight("lannister", "tyrell", extra_units={"blackwater": ("lannister", {"knight": 1})},
                  extra_orders={"blackwater": ("lannister", "support0a")})
    act(state, "lannister", type="support", area="blackwater", side="attacker")
    cards(state, "kevan-lannister", "queen-of-thorns")
    queen = refusal(state, "tyrell", use="1", area="stoney-sept")  # never the attacking March
    state = fight("stark", "lannister")
    cards(state, "robb-stark", "cersei-lannister")
    robb = refusal(state, "stark", area="stoney-sept")  # the area the attack came from
    for err, entry in ((queen, "card-queen-of-thorns"), (robb, "card-robb")):
        assert err.entry == entry and err.rule == "facts: house cards"
        assert reference.entry_for_rule(GAME, err.rule, err.message, err.entry).id == entry
