"""Every response carries a CSP that forbids inline and foreign scripts, framing, and referrers;
and no template carries an inline script or event handler the CSP would block."""

from __future__ import annotations

import re

from companion import resources

TEMPLATES = resources.TEMPLATES
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)


def test_security_headers_on_pages_fragments_api_and_static(api, client):
    t = api.create("generic", {})
    code = t["code"]
    for url in ("/", f"/t/{code}/screen", f"/t/{code}/frag/screen", f"/t/{code}/join",
                f"/api/tables/{code}", "/static/app.js", "/no/such/page"):
        r = client.get(url)
        csp = r.headers.get("Content-Security-Policy", "")
        directives = {d.split()[0]: d.split()[1:] for d in csp.split("; ") if d}
        assert directives.get("script-src") == ["'self'"], (url, csp)
        assert directives.get("frame-ancestors") == ["'none'"], (url, csp)
        assert directives.get("object-src") == ["'none'"], (url, csp)
        assert r.headers.get("Referrer-Policy") == "same-origin", url
        assert r.headers.get("X-Frame-Options") == "DENY", url
        assert r.headers.get("X-Content-Type-Options") == "nosniff", url


def test_no_template_has_inline_script_or_event_handler():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for pattern in (INLINE_HANDLER, INLINE_SCRIPT):
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(TEMPLATES)}:{line}: {m.group(0).strip()}")
    assert not found, "inline scripts/handlers (blocked by the CSP; use data- attributes + app.js):\n" + \
        "\n".join(found)
