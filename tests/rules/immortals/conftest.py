"""Make the Immortals test helpers (immortals_helpers.py) importable under any pytest import mode."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
