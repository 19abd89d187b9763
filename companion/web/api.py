"""The JSON API: every action a phone, the screen or the host can take, through the same service.

Authentication is ``Authorization: Bearer <token>`` (a seat token from joining, or the host token
from creating the table). A refusal is a 4xx ``{"error": message, "rule": citation}``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from pydantic import BaseModel

from ..games import registry
from ..games.base import RuleError
from ..schemas import (
    ActionBody,
    CreateBody,
    JoinBody,
    ProfileBody,
    RulingBody,
    SeatFlags,
    parse_json,
    validate,
)
from .common import api_viewer, public_base, readable_record, tables
from .i18n_web import translate
from .quotas import story_of
from .roomcodes import needs_credential
from .story import check_entry

bp = Blueprint("api", __name__, url_prefix="/api")
M = TypeVar("M", bound=BaseModel)


def body() -> dict[str, Any]:
    """The JSON object sent, parsed strictly (see companion.schemas); an empty body is ``{}``."""
    raw = request.get_data(cache=True)
    data = parse_json(raw) if raw.strip() else {}
    if not isinstance(data, dict):
        raise RuleError("The request body must be a JSON object.", "companion: API")
    return data


def checked(model: type[M]) -> M:
    return validate(model, body())  # type: ignore[return-value]


def _urls(code: str) -> dict[str, str]:
    base = public_base()
    return {"join_url": f"{base}/t/{code}/join", "screen_url": f"{base}/t/{code}/screen"}


@bp.get("/games")
def games() -> ResponseReturnValue:
    out = []
    for gid, game in registry().items():
        out.append({"id": gid, "title": translate(game.title), "summary": translate(game.summary),
                    "options": [{"key": o.key, "kind": o.kind, "default": o.default, "label": translate(o.label),
                                 "min": o.min, "max": o.max, "choices": [c[0] for c in o.choices]}
                                for o in game.options()],
                    "profiles": tables().profiles(gid) if game.profiles else []})
    return jsonify(games=out)


@bp.post("/tables")
def create_table() -> ResponseReturnValue:
    data = checked(CreateBody)
    code, host_token = tables().create(data.game, data.options or {}, profile=data.profile)
    return jsonify(code=code, host_token=host_token, **_urls(code)), 201


@bp.post("/tables/import")
def import_table() -> ResponseReturnValue:
    code, host_token, skipped = tables().import_table(body())
    return jsonify(code=code, host_token=host_token, skipped=skipped, **_urls(code)), 201


@bp.post("/tables/<room:code>/seats")
def join(code: str) -> ResponseReturnValue:
    data = checked(JoinBody)
    token = tables().join(code, data.seat, data.name, claim=data.claim)
    return jsonify(seat=data.seat, token=token), 201


@bp.get("/tables/<room:code>")
def public(code: str) -> ResponseReturnValue:
    snap = tables().snapshot(code)
    return jsonify(tables().public_view(snap))


@bp.post("/tables/<room:code>/rulings")
@needs_credential("api")
def rulings(code: str) -> ResponseReturnValue:
    """Host: record how the table settled a dispute, citing a rules entry (docs/api.md)."""
    data = checked(RulingBody)
    snap = tables().snapshot(code)
    tables().record_ruling(snap.table.code, api_viewer(code), data.text, check_entry(snap.table.game_id, data.entry))
    return jsonify(ok=True, rulings=tables().snapshot(code).state.get("rulings", [])), 201


@bp.get("/tables/<room:code>/history")
def history(code: str) -> ResponseReturnValue:
    """The table's figures at the end of every round, read from the public view (docs/api.md)."""
    snap = tables().snapshot(code)
    return jsonify(game=snap.table.game_id, version=snap.version, **story_of(snap).json())


@bp.get("/tables/<room:code>/me")
@needs_credential("api")
def me(code: str) -> ResponseReturnValue:
    viewer = api_viewer(code)
    snap = tables().snapshot(code)
    if not viewer.seat:
        return jsonify(code=code, version=snap.version, seat=None, host=viewer.host, private={})
    return jsonify(dict(tables().private_view(snap, viewer.seat), host=viewer.host))


@bp.post("/tables/<room:code>/actions")
@needs_credential("api")
def act(code: str) -> ResponseReturnValue:
    viewer = api_viewer(code)
    action = body()
    validate(ActionBody, action)
    version = tables().act(code, viewer, action, key=request.headers.get("Idempotency-Key"))
    return jsonify(ok=True, version=version)


@bp.post("/tables/<room:code>/undo")
@needs_credential("api")
def undo(code: str) -> ResponseReturnValue:
    version = tables().undo(code, api_viewer(code))
    return jsonify(ok=True, version=version)


@bp.post("/tables/<room:code>/seats/<seat>/free")
@needs_credential("api")
def free_seat(code: str, seat: str) -> ResponseReturnValue:
    data = checked(SeatFlags)
    claim = tables().free_seat(code, api_viewer(code), seat, reissue=data.reissue)
    out: dict[str, Any] = {"ok": True}
    if claim:
        out["join_url"] = f"{public_base()}/t/{code}/join?claim={claim}"
        out["claim"] = claim
    return jsonify(out)


@bp.post("/tables/<room:code>/seats/<seat>/host")
@needs_credential("api")
def grant_host(code: str, seat: str) -> ResponseReturnValue:
    data = checked(SeatFlags)
    tables().grant_host(code, api_viewer(code), seat, on=data.on)
    return jsonify(ok=True)


@bp.get("/tables/<room:code>/log")
def log(code: str) -> ResponseReturnValue:
    viewer = api_viewer(code, required=False)
    snap = tables().snapshot(code)
    entries = [dict(e, text=translate(e["msg"], e["params"]),
                    undone=[dict(u, text=translate(u["msg"], u["params"])) for u in e.get("undone", [])])
               for e in tables().log_view(snap, viewer)]
    return jsonify(code=code, version=snap.version, log=entries)


@bp.get("/tables/<room:code>/export")
@needs_credential("api")
def export(code: str) -> ResponseReturnValue:
    return jsonify(readable_record(code, api_viewer(code)))


@bp.post("/tables/<room:code>/profile")
@needs_credential("api")
def save_profile(code: str) -> ResponseReturnValue:
    name = tables().save_profile(code, api_viewer(code), checked(ProfileBody).name)
    return jsonify(ok=True, name=name)


@bp.get("/profiles/<game_id>")
def profiles(game_id: str) -> ResponseReturnValue:
    return jsonify(game=game_id, profiles=tables().profiles(game_id), newest=tables().newest_profile(game_id))


@bp.get("/profiles/<game_id>/file")
def profile_file(game_id: str) -> ResponseReturnValue:
    """A saved profile as a file (``?name=``), the body ``POST /api/profiles`` takes on another server."""
    return jsonify(tables().profile_file(game_id, request.args.get("name", "")))


@bp.post("/profiles")
def import_profile() -> ResponseReturnValue:
    """Store a profile file; the newest profile is the one a new table of its game starts from."""
    game_id, name = tables().import_profile(body())
    return jsonify(game=game_id, name=name), 201
