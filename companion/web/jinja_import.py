"""A template's ``{% from ... import %}`` without its per-render cost (issue 41).

Every ``{% from "base/macros.html" import act %}`` asks the imported template whether the
importing context has globals it lacks. Jinja 3.1 computes that as
``ctx.globals_keys - template.globals.keys()``, where ``globals`` is a :class:`collections.ChainMap`:
its keys view is pure Python, about 40 µs per import here, and a phone's or the TV's fragment
imports twice or more per render (a tenth of a render). The same set difference taken against the
ChainMap's keys as a set costs about 2 µs. The answer, and so the module Jinja returns, is the same.
"""

from __future__ import annotations

from typing import Any

import jinja2
from jinja2.runtime import Context


class Template(jinja2.Template):
    """Jinja's template with :meth:`_get_default_module` taking the set difference directly."""

    def _get_default_module(self, ctx: Context | None = None) -> Any:
        if self.environment.is_async:
            return super()._get_default_module(ctx)  # raises, as Jinja does
        if ctx is not None:
            keys = ctx.globals_keys.difference(self.globals)
            if keys:  # the importer has globals this template lacks: a module of its own, uncached
                return self.make_module({k: ctx.parent[k] for k in keys})
        if self._module is None:
            self._module = self.make_module()
        return self._module


def init_app(app: Any) -> None:
    app.jinja_env.template_class = Template
