"""The one way to read a shipped data file: TOML in, a typed, read-only pydantic model out.

Every data file (a game's board, decks and flowcharts, the rules reference, the search word lists)
has a model describing its layout. :func:`load` parses the file, validates it against the model and
caches the result, so a typo in the data (a missing key, a wrong type, an unknown key) stops the app
at start, or the author's test run, with a message naming the file and the field, instead of
misleading a table mid-game.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

ROOT = Path(__file__).resolve().parent
#: How many problems one message lists (the rest are counted).
SHOWN = 3


class DataFileError(ValueError):
    """A data file is missing, is not TOML, or does not match its model."""


class DataModel(BaseModel):
    """Base of every data file model: read-only, and an unknown key is an error (a typo fails loudly)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


M = TypeVar("M", bound=BaseModel)


def _name(path: Path) -> str:
    """The file as the message shows it: relative to the package when it is one of ours."""
    try:
        return str(Path("companion") / path.relative_to(ROOT))
    except ValueError:
        return str(path)


def explain(exc: ValidationError) -> str:
    """The first problems of a validation error as ``field.path: message``, then how many more."""
    parts = []
    for err in exc.errors()[:SHOWN]:
        where = ".".join(str(p) for p in err["loc"]) or "(file)"
        parts.append(f"{where}: {err['msg']}")
    more = exc.error_count() - SHOWN
    return "; ".join(parts) + (f" (and {more} more problem(s))" if more > 0 else "")


def read(path: str | os.PathLike[str], error: type[DataFileError] = DataFileError) -> dict[str, Any]:
    """Parse one TOML file into plain data; a missing or unparsable file raises ``error``."""
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise error(f"{_name(path)}: missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{_name(path)}: not valid TOML: {exc}") from None


def validate(raw: Any, model: type[M], source: str, error: type[DataFileError] = DataFileError) -> M:
    """Validate already-parsed data against ``model``; ``source`` names it in the message."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise error(f"{source}: {explain(exc)}") from None


#: (file, model, error class) -> (modification time and size when read, the validated model)
_CACHE: dict[tuple[Path, type[BaseModel], type[DataFileError]], tuple[tuple[int, int], BaseModel]] = {}


def load(path: str | os.PathLike[str], model: type[M], error: type[DataFileError] = DataFileError) -> M:
    """Read ``path`` and validate it against ``model`` (cached until the file changes).

    A broken file raises ``error`` (a :class:`DataFileError`) whose message names the file and the
    field, e.g. ``companion/games/agot/data/tides.toml: card.2.swords: Input should be a valid integer``.
    """
    path = Path(path).resolve()
    try:
        st = path.stat()
    except FileNotFoundError:
        raise error(f"{_name(path)}: missing") from None
    key, stamp = (path, model, error), (st.st_mtime_ns, st.st_size)
    cached = _CACHE.get(key)
    if cached is None or cached[0] != stamp:
        cached = _CACHE[key] = (stamp, validate(read(path, error), model, _name(path), error))
    result = cached[1]
    assert isinstance(result, model)
    return result
