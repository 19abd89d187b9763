"""Memory that a device can make the server keep is bounded: a stream of new words through the rules
search, or writes to codes that name no table, leave at most a fixed number of entries behind."""

from __future__ import annotations

import random
import string

from companion.reference import text


def _words(n: int, seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choices(string.ascii_lowercase, k=rnd.randint(6, 14))) for _ in range(n)]


def test_the_stem_cache_is_an_lru_of_fixed_size(client):
    """Every query word passes through the stemmer: new words push old ones out, the size stays."""
    text._stem.cache_clear()
    words = _words(text.STEM_CACHE + 500)
    for i in range(0, 100, 10):  # the public search route stems each new word it is sent
        r = client.get("/api/games/agot/rules", query_string={"q": " ".join(words[i:i + 10]), "lang": "pt_BR"})
        assert r.status_code == 200
    assert text._stem.cache_info().currsize >= 100
    for word in words[100:]:  # the rest straight through the stemmer (the route is slower per word)
        text.stem(word, "en")
    info = text._stem.cache_info()
    assert info.maxsize == text.STEM_CACHE and info.currsize == text.STEM_CACHE
    assert text.stem("retiradas", "pt-br") == text.stem("retirada", "pt_BR")  # still stems, any spelling


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
