"""Memory that a device can make the server keep is bounded: a stream of new words through the rules
search, or writes to codes that name no table, leave at most a fixed number of entries behind."""

from __future__ import annotations

import random
import string

from companion.reference import text


def _words(n: int, seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choices(string.ascii_lowercase, k=rnd.randint(6, 14))) for _ in range(n)]


def test_the_stem_cache_counts_its_words_and_stays_in_its_budget(client):
    """Every query word passes through the stemmer: new words push old ones out; what the cache
    holds, words included, stays within its budget (long words too)."""
    text._stems.clear()
    words = _words(200)
    for i in range(0, 100, 10):  # the public search route stems each new word it is sent
        r = client.get("/api/games/agot/rules", query_string={"q": " ".join(words[i:i + 10]), "lang": "pt_BR"})
        assert r.status_code == 200
    assert len(text._stems) >= 100
    rnd = random.Random(3)
    for _ in range(30_000):  # straight through the stemmer (the route is slower per word)
        text.stem("".join(rnd.choices(string.ascii_lowercase, k=rnd.randint(6, 200))), "en")
    assert text.STEM_CACHE_BYTES * 0.9 < text._stems.bytes <= text.STEM_CACHE_BYTES
    assert text.stem("retiradas", "pt-br") == text.stem("retirada", "pt_BR")  # still stems, any spelling


def test_log_lines_are_kept_within_their_byte_budget_keys_included():
    """A log line's key holds its parameters (a ruling's text, a prompt's title): long lines count
    what they hold, so a table writing many long lines cannot grow the memo past its budget."""
    from markupsafe import Markup

    from companion.web import log_memo

    log_memo._memo.clear()
    for i in range(6_000):
        entry = {"kind": "ruling", "msg": "The table ruled: %(text)s", "params": {"text": f"{i} " + "y" * 2_000}}
        log_memo.log_line(entry, lambda e: Markup("<li>x</li>"), "en")
    assert log_memo.MAX_BYTES * 0.9 < log_memo._memo.bytes <= log_memo.MAX_BYTES


def test_language_spellings_share_one_cache_entry(client):
    for lang in ("pt", "PT-br", "pt_BR", "pt-xx-" + "y" * 50, "en", "EN-us", "zz"):
        assert client.get("/api/games/agot/rules", query_string={"q": "raid", "lang": lang}).status_code == 200
    assert text._stemmer.cache_info().currsize <= 2 and text._stopwords.cache_info().currsize <= 2


def test_writes_to_codes_that_name_no_table_leave_no_lock_behind(app, api, client):
    svc = app.extensions["companion.tables"]
    t = api.create("generic", {})
    token = api.join(t["code"], "p1", "Ana")
    before = len(svc._locks)
    for i in range(15):  # within the room-code budget
        assert client.post(f"/api/tables/Q{i:03d}/seats", json={"seat": "p1", "name": "X"}).status_code == 404
    assert api.act(t["code"], token, {"type": "roll", "dice": "1d6"}).status_code == 200
    assert len(svc._locks) <= before + 1 and not any(k.startswith("Q0") for k in svc._locks)
