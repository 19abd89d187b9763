"""axe-core in a Playwright page (issue #36). axe is vendored beside this file (its licence with it):
nothing is fetched at test time. The script is evaluated through the DevTools protocol, which the
pages' Content-Security-Policy (script-src 'self') does not govern, and the page itself is not
changed: no <script> element is added."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

AXE_JS = Path(__file__).with_name("vendor") / "axe-core-4.14.1" / "axe.min.js"
IMPACTS = ("critical", "serious", "moderate", "minor")

#: axe's own rule set (WCAG 2.0/2.1 A and AA plus its best practices), run on the whole document once
#: the page's finite animations (a line fading in) have ended: axe measures colours as drawn.
_RUN = """async () => {
  const finite = document.getAnimations().filter(a => (a.effect.getComputedTiming().endTime || 0) !== Infinity);
  await Promise.race([Promise.all(finite.map(a => a.finished.catch(() => null))), new Promise(r => setTimeout(r, 4000))]);
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(" "), html: n.html.slice(0, 160),
                              summary: (n.failureSummary || "").slice(0, 300)}))}));
}"""


@cache
def _source() -> str:
    return AXE_JS.read_text(encoding="utf-8")


@dataclass
class Finding:
    """One rule broken on one page: how badly, and where."""

    where: str
    rule: str
    impact: str
    help: str
    nodes: list[dict[str, str]] = field(default_factory=list)

    def __str__(self) -> str:
        first = self.nodes[0] if self.nodes else {}
        return (f"{self.where}: {self.impact} {self.rule} ({self.help}) x{len(self.nodes)}: "
                f"{first.get('target', '')} {first.get('html', '')}")


def audit(page, where: str) -> list[Finding]:
    """axe's violations on the page as it is now (the caller waits for it to settle)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_source())
    return [Finding(where, v["id"], v["impact"] or "minor", v["help"], v["nodes"]) for v in page.evaluate(_RUN)]


def counts(findings: list[Finding]) -> dict[str, int]:
    """Violations (one per page and rule, like axe's own summary) per impact, worst first."""
    c = Counter(f.impact for f in findings)
    return {impact: c.get(impact, 0) for impact in IMPACTS}


def blocking(findings: list[Finding]) -> list[Finding]:
    """What the issue forbids on any page: critical and serious violations."""
    return [f for f in findings if f.impact in ("critical", "serious")]


def as_rows(findings: list[Finding]) -> list[dict[str, Any]]:
    return [{"where": f.where, "rule": f.rule, "impact": f.impact, "nodes": f.nodes} for f in findings]
