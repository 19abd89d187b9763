"""Where the templates and static files are, in a source checkout and in an installed wheel.

The project keeps ``templates/`` and ``static/`` at the top level of the repository (beside
``companion/``); the wheel carries them inside the package (``companion/templates``,
``companion/static``: ``setup.py`` copies them in at build time). This module is the one place
that knows both layouts.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _folder(name: str) -> Path:
    """The installed copy inside the package when there is one, else the checkout's top-level folder."""
    inside = PACKAGE / name
    return inside if inside.is_dir() else PACKAGE.parent / name


TEMPLATES = _folder("templates")
STATIC = _folder("static")
