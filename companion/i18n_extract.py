"""The Babel extraction method for our Python sources (``[extractors]`` in each ``babel.cfg``).

Babel's stock Python extractor sees the gettext-style keywords only (``_``, ``N_``, ``ngettext``...).
The pure rules also hand msgids to calls that are not gettext functions, and the web layer renders
them later: the first argument of ``ctx.log(...)``, ``RuleError(...)``, ``tr(...)`` and an option
field's ``Opt(...)``, their ``hidden=``, ``label=`` and ``help=`` keywords, and the label (second
positional argument) of ``Option(...)`` and ``SeatDef(...)``. A call with a ``_plural=`` keyword (``ctx.log``, ``RuleError``,
``tr`` or a helper passing its params on) makes a plural message: its ``N_("...")`` argument, else
its first argument, is the singular (see :mod:`companion.i18n`). This method yields
Babel's own results plus those, in source order.
"""

from __future__ import annotations

import ast
import contextlib
import io
import sys
from collections.abc import Collection, Iterator
from typing import IO, Any

from babel.messages.extract import extract_python as babel_extract_python

#: gettext-style functions Babel does not know by default (first argument is the msgid); they are
#: reported to Babel as ``N_`` (a default keyword) so that no ``-k`` option is needed
EXTRA_KEYWORDS = ("lazy_gettext", "RuleError")
#: calls whose first argument is a msgid
FIRST_ARG = ("log", "RuleError", "tr", "Opt")
#: calls whose second positional argument (the label) is a msgid
LABEL_ARG = ("Option", "SeatDef")
#: keyword arguments of those calls that are msgids
MSGID_KEYWORDS = ("hidden", "label", "help")

Found = tuple[int, str, str | tuple[str, ...], list[str]]


def extract(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
            options: Any) -> Iterator[Found]:
    """Yield ``(lineno, funcname, message, comments)`` like every Babel extraction method."""
    source = fileobj.read()
    names = {**dict.fromkeys(keywords), **dict.fromkeys(EXTRA_KEYWORDS)}
    # Babel annotates its results loosely: they are (lineno, funcname, messages, comments)
    # Babel 2.19 writes a warning for every f-string inside a keyword's call, including the format
    # parameters we pass after the msgid (``field=f"..."``); an f-string *as the msgid* is what matters,
    # and _fstring_msgids reports exactly that, whatever Babel's version says.
    with contextlib.redirect_stderr(io.StringIO()):
        stock: list[Any] = list(babel_extract_python(io.BytesIO(source), names, comment_tags, options))
    found: list[Found] = [(line, "N_" if func in EXTRA_KEYWORDS else func, message, comments)
                          for line, func, message, comments in stock]
    tree = ast.parse(source)
    for line in _fstring_msgids(tree, set(names) | set(FIRST_ARG)):
        print(f"{getattr(fileobj, 'name', '?')}:{line}: an f-string cannot be a msgid "
              "(pass a format string and its params)", file=sys.stderr)
    found += _calls(tree)
    found.sort(key=lambda item: item[0])
    yield from found


def _text(node: ast.expr | None) -> str | None:
    """The string literal ``node`` is, or that ``N_("...")`` wraps."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_":
        node = node.args[0] if node.args else None
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
        return node.value
    return None


def _fstring_msgids(tree: ast.AST, functions: Collection[str]) -> list[int]:
    """Lines where a translation call's first argument (its msgid) is an f-string."""
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.JoinedStr)
            and (node.func.attr if isinstance(node.func, ast.Attribute)
                 else getattr(node.func, "id", "")) in functions]


def _calls(tree: ast.AST) -> list[Found]:
    found: list[Found] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
        kwargs = {k.arg: k.value for k in node.keywords if k.arg}
        plural = _text(kwargs.get("_plural"))
        if plural:
            singular = _singular(node)
            if singular:
                found.append((node.lineno, "ngettext", (singular, plural), []))
        if name not in FIRST_ARG and name not in LABEL_ARG:
            continue
        args = list(node.args[:1]) if name in FIRST_ARG else list(node.args[1:2])
        args += [kwargs[k] for k in MSGID_KEYWORDS if k in kwargs]
        for arg in args:
            text = _text(arg)
            if text is not None:
                found.append((arg.lineno, "N_", text, []))
    return found


def _singular(call: ast.Call) -> str | None:
    """The singular of a call with ``_plural=``: its ``N_("...")`` argument, else its first argument."""
    for arg in call.args:
        if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id == "N_":
            return _text(arg)
    return _text(call.args[0]) if call.args else None
