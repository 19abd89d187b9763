"""Each game's page behaviour sits in its own ``static/<template folder>.js``, linked once in the page
head by ``base/layout.html`` like its stylesheet; the shared ``static/app.js`` names no game, and no
fragment carries a script (a script inside a merged fragment runs again on every merge, or never).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games import registry
from companion.web.common import host_cookie, seat_cookie

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
TEMPLATE_ROOTS = (ROOT / "templates", ROOT / "companion" / "newgame" / "skeleton" / "templates")
SCRIPT_RE = re.compile(r"<script\b[^>]*>", re.I)
HEAD_BLOCK_RE = re.compile(r"{%-?\s*block head\s*-?%}(.*?){%-?\s*endblock", re.S)
NAMED_RE = re.compile(r"filename=['\"]([^'\"/]+\.js)['\"]")


def folder(game_id: str) -> str:
    return registry()[game_id].seat_template.split("/", 1)[0]


def game_scripts() -> dict[str, str]:
    """game id -> its script's file name, for the games that have one."""
    return {gid: folder(gid) + ".js" for gid in registry() if (STATIC / (folder(gid) + ".js")).is_file()}


def _template_files() -> list[Path]:
    return [p for root in TEMPLATE_ROOTS for p in sorted(root.rglob("*")) if p.name.endswith((".html", ".html.tmpl"))]


def shared_scripts() -> set[str]:
    """The scripts a template links by name (the page glue, the TV's, the start page's...): shared."""
    return {name for p in _template_files() for name in NAMED_RE.findall(p.read_text(encoding="utf-8"))}


def test_every_script_in_static_is_shared_or_a_registered_games():
    shared, own = shared_scripts(), set(game_scripts().values())
    assert "app.js" in shared and not shared & own, "a game's script is linked by the layout alone"
    assert {p.name for p in STATIC.glob("*.js")} == shared | own, "a script that is neither shared nor a game's own"
    # the games whose phones or TV need behaviour of their own have it in their own file
    assert {"agot", "immortals", "lcg"} <= set(game_scripts())


def test_the_shared_scripts_name_no_game():
    names = {gid for gid in registry() if gid != "generic"} | {folder(g) for g in registry() if g != "generic"}
    for name in sorted(shared_scripts()):
        text = (STATIC / name).read_text(encoding="utf-8").lower()
        found = sorted(n for n in names if re.search(rf"(?<![a-z]){re.escape(n)}(?![a-z])", text))
        assert not found, f"static/{name} holds game-specific code for {found}: move it to static/<game>.js"


def test_no_template_but_a_page_head_carries_a_script():
    """Scripts are linked in a page's head only (the layout, or a page's ``{% block head %}``), by
    file (``src``; the CSP forbids inline code); never in a fragment or a macro."""
    assert _template_files()
    for path in _template_files():
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT)
        if path.parent.name == "base" and path.name == "layout.html":
            head = text.split("</head>", 1)[0]
            assert not SCRIPT_RE.search(text.split("</head>", 1)[1]), rel
            heads = [head]
        elif '{% extends "base/layout.html" %}' in text:
            heads = HEAD_BLOCK_RE.findall(text)
            text = HEAD_BLOCK_RE.sub("", text)
            assert not SCRIPT_RE.search(text), f"{rel}: a script outside the page's head block"
        else:
            assert not SCRIPT_RE.search(text), f"{rel}: a fragment or macro carries a script"
            continue
        for head in heads:
            for tag in SCRIPT_RE.findall(head):
                assert " src=" in tag and " defer" in tag, f"{rel}: {tag} (inline, or not deferred)"


def _table(api, client, game_id: str) -> str:
    """A table of ``game_id`` with its default options, this client holding the host's and the
    first seat's cookies."""
    t = api.create(game_id, {"players": 2} if game_id in ("lcg",) else {})
    code = t["code"]
    seat = next(iter(api.public(code)["seats"]))
    seat_id = seat if isinstance(seat, str) else seat["id"]
    client.set_cookie(seat_cookie(code), api.join(code, seat_id, "Ana"))
    client.set_cookie(host_cookie(code), t["host_token"])
    return code


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_a_game_page_links_its_own_script_once_and_no_fragment_carries_one(api, client, game_id):
    code = _table(api, client, game_id)
    mine = game_scripts().get(game_id)
    others = set(game_scripts().values()) - {mine}
    for path in ("seat", "screen", "rules", "log", "story"):
        r = client.get(f"/t/{code}/{path}")
        assert r.status_code == 200, path
        page = r.get_data(as_text=True)
        head, body = page.split("</head>", 1)
        assert not SCRIPT_RE.search(body), path
        if mine:
            tags = [t for t in SCRIPT_RE.findall(head) if f"/static/{mine}?v=" in t]
            assert len(tags) == 1 and " defer" in tags[0], (path, tags)
            # after app.js, whose hooks (window.Companion) it registers with
            assert head.index("/static/app.js?v=") < head.index(f"/static/{mine}?v="), path
        assert not [o for o in others if f"/static/{o}" in page], path
    for path in ("frag/seat", "frag/screen", "frag/host"):
        r = client.get(f"/t/{code}/{path}")
        assert r.status_code == 200, path
        assert not SCRIPT_RE.search(r.get_data(as_text=True)), path
    if mine:
        assert client.get(f"/static/{mine}").status_code == 200
