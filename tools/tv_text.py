"""How big the TV's text is, as a player 3 m away sees it (issue #23): every visible piece of text,
its rendered size in CSS pixels (SVG text scaled by the map's zoom), weighted by its characters.

Used by the TV layout tests (tests/browser/test_tv_screens.py) and by tools/screenshots.py, which
prints the numbers next to the pictures.
"""

from __future__ import annotations

from typing import Any

# For each visible text node: the characters it shows, its rendered font size, and a kind ("name" =
# an area name on the map, "order" = an order token on the map, else "text"). Text hidden by
# display/visibility, outside the viewport, or clipped away by an overflow-hidden ancestor is left out.
TEXT_SIZES = r"""() => {
  const out = [];
  const vw = innerWidth, vh = innerHeight;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const clipOf = el => {
    let r = {l: 0, t: 0, r: vw, b: vh};
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (a instanceof SVGElement && !(a instanceof SVGSVGElement)) continue;
      const s = getComputedStyle(a);
      if (s.overflowX !== "visible" || s.overflowY !== "visible") {
        const q = a.getBoundingClientRect();
        r = {l: Math.max(r.l, q.left), t: Math.max(r.t, q.top), r: Math.min(r.r, q.right), b: Math.min(r.b, q.bottom)};
      }
    }
    return r;
  };
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const chars = n.nodeValue.replace(/\s+/g, "").length;
    if (!chars) continue;
    const el = n.parentElement;
    if (!el || ["SCRIPT", "STYLE", "TITLE", "OPTION", "TEMPLATE", "NOSCRIPT", "title"].includes(el.tagName)) continue;
    if (el.closest("title, desc, select, [aria-hidden=true]")) continue;
    if (el.checkVisibility && !el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const b = range.getBoundingClientRect();
    if (b.width < 1 || b.height < 1) continue;
    const c = clipOf(el);
    const w = Math.min(b.right, c.r) - Math.max(b.left, c.l), h = Math.min(b.bottom, c.b) - Math.max(b.top, c.t);
    if (w < b.width / 2 || h < b.height / 2) continue;  // (mostly) cut away: not readable at any size
    let px = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest("svg");
    if (svg && el instanceof SVGElement) { const m = el.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
    const kind = el.closest("svg.tvmap .nm") ? "name" : el.closest("svg.tvmap .ord") ? "order" : "text";
    out.push({text: n.nodeValue.trim().slice(0, 40), px: Math.round(px * 10) / 10, chars, kind,
              where: (el.closest("[id]") || el).id || el.className.baseVal || el.className || el.tagName});
  }
  return out;
}"""


def text_stats(items: list[dict[str, Any]], limit: float = 16) -> dict[str, Any]:
    """The share of characters under ``limit`` px, and the smallest area name and order on the map."""
    total = sum(i["chars"] for i in items) or 1
    small = [i for i in items if i["px"] < limit - 0.05]
    return {
        "share_small": sum(i["chars"] for i in small) / total,
        "min_name": min((i["px"] for i in items if i["kind"] == "name"), default=None),
        "min_order": min((i["px"] for i in items if i["kind"] == "order"), default=None),
        "small": sorted(small, key=lambda i: -i["chars"]),
        "all": items,
    }


def measure(page: Any, limit: float = 16) -> dict[str, Any]:
    """text_stats of what ``page`` shows now."""
    return text_stats(page.evaluate(TEXT_SIZES), limit)


# Every line of text a player would see cut (issue #37): a line box (one per wrapped line) of a
# visible text node that an overflow-clipping ancestor, or the screen, shows only in part. A line
# wholly outside is hidden, not cut (a log that shows whole lines or none). SVG text (the map's
# labels, placed by hand) and text that ends in an ellipsis (checked apart) are left out.
CUT_LINES = r"""(root) => {
  const cut = [];
  const top = document.querySelector(root || ".tv-frame") || document.body;
  const clipOf = el => {
    let r = {l: 0, t: 0, r: innerWidth, b: innerHeight};
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== "visible" || s.overflowY !== "visible") {
        const q = a.getBoundingClientRect();
        r = {l: Math.max(r.l, q.left), t: Math.max(r.t, q.top), r: Math.min(r.r, q.right), b: Math.min(r.b, q.bottom)};
      }
    }
    return r;
  };
  const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.nodeValue.trim()) continue;
    const el = n.parentElement;
    if (!el || el.closest("svg, select, script, style, template, [hidden], .tv-drawer, #toast, #modal, #ask")) continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    if (getComputedStyle(el).textOverflow === "ellipsis") continue;
    const c = clipOf(el);
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const b of range.getClientRects()) {
      if (b.width < 1 || b.height < 1) continue;
      const inside = b.top >= c.t - 1 && b.bottom <= c.b + 1 && b.left >= c.l - 1 && b.right <= c.r + 1;
      const outside = b.bottom <= c.t + 1 || b.top >= c.b - 1 || b.right <= c.l + 1 || b.left >= c.r - 1;
      if (!inside && !outside) {
        cut.push(`${(el.closest("[id]") || el).id || el.className}: ${n.nodeValue.trim().slice(0, 40)}`);
        break;
      }
    }
  }
  return cut;
}"""


def cut_lines(page: Any, root: str = ".tv-frame") -> list[str]:
    """The lines of text ``page`` shows cut (see CUT_LINES)."""
    return list(page.evaluate(CUT_LINES, root))
