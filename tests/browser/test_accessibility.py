"""axe-core on every page kind and every phone decision step, in English and Portuguese (issue #36):
no critical and no serious violation anywhere, and exactly one <h1> per page. The walk is
tools/a11y_audit.py's; here each step is audited in one language, the two taking turns (an axe run is
1-2 s a page: both at every step was a third of the suite); ``python tools/a11y_audit.py`` audits
every step in both and prints the counts of every impact."""

from __future__ import annotations

import pytest

from tests.browser.axe import Finding, audit, blocking
from tools import a11y_audit

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("group", list(a11y_audit.groups()))
def test_axe_finds_nothing_critical_or_serious(browser, live_server, group):
    fn, arg = a11y_audit.groups()[group]
    found: list[Finding] = []
    headings: dict[str, int] = {}

    def check(page, where: str) -> None:
        found.extend(audit(page, where))
        headings[where] = page.locator("h1").count()

    seen = fn(browser, live_server.url, arg, check, alternate=True)  # one language per step, in turn
    assert seen and {w.rsplit(" ", 1)[-1] for w in seen} == ({"en", "pt_BR"} if len(seen) > 1 else {"en"})
    assert blocking(found) == [], "\n".join(str(f) for f in blocking(found))
    assert {w: n for w, n in headings.items() if n != 1} == {}, "pages without exactly one <h1>"


def test_the_audit_can_fail(browser, live_server):
    """The check is real: a select without a name and a second <h1> are reported."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(live_server.url + "/")
    page.evaluate("""() => { const s = document.createElement('select'); s.innerHTML = '<option>1</option>';
                             document.querySelector('main').append(s); }""")
    found = audit(page, "start + an unnamed select")
    assert [f.rule for f in blocking(found)] == ["select-name"]
    ctx.close()
