"""What the replay recorders share (``agot_replay.py``, ``move_digests.py``): the gzip JSON file of a
recording and the ``record [--tables N] [--out FILE]`` / ``check [FILE]`` command line."""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import Any


def load(path: Path) -> dict[str, Any]:
    """A recording as written by :func:`save`."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def save(path: Path, data: dict[str, Any]) -> None:
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as fh:
        json.dump(data, fh, separators=(",", ":"))


def arguments(doc: str, default: Path) -> argparse.Namespace:
    """``record`` (``tables``, ``out``) or ``check`` (``file``), described by the tool's docstring."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--tables", type=int, default=100)
    rec.add_argument("--out", type=Path, default=default)
    chk = sub.add_parser("check")
    chk.add_argument("file", type=Path, nargs="?", default=default)
    return ap.parse_args()
