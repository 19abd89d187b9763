"""Every response carries a CSP that forbids inline and foreign scripts, framing, and referrers;
no template carries an inline script or event handler the CSP would block, nor CSS that belongs in
static/ (a live fragment re-sent on every update must not carry a stylesheet)."""

from __future__ import annotations

import re

from companion import resources

TEMPLATES = resources.TEMPLATES
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
STYLE_ELEMENT = re.compile(r"<style\b", re.I)
NL = "\n"
STYLE_ATTR = re.compile(r"""\sstyle=(["'])(.*?)\1""", re.I | re.S)


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


#: Files made to be opened offline, away from the server: the one <style> they carry is a file of
#: static/ inlined when the file is made (the downloaded story inlines static/story.css).
INLINED_CSS = {"base/story_file.html"}


def test_no_template_has_a_stylesheet_or_a_fixed_style_attribute():
    """CSS lives in static/ (app.css, tv.css, rules.css, <game>.css). A style attribute may only carry
    data: a value computed from the game (``left: {{ ... }}%``) or custom properties (``--c: ...``)."""
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for m in STYLE_ELEMENT.finditer(text):
            if path.relative_to(TEMPLATES).as_posix() in INLINED_CSS:
                continue
            found.append(f"{path.relative_to(TEMPLATES)}:{text.count(NL, 0, m.start()) + 1}: <style>")
        for m in STYLE_ATTR.finditer(text):
            value = m.group(2)
            fixed = [d.strip() for d in value.split(";") if d.strip() and not d.strip().startswith("--")]
            if "{{" not in value and fixed:
                found.append(f"{path.relative_to(TEMPLATES)}:{text.count(NL, 0, m.start()) + 1}: {m.group(0).strip()}")
    assert not found, "CSS in templates (move it to a file in static/):\n" + "\n".join(found)
