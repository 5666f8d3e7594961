"""How many examples a property test draws: the number it names, ten times as many in the
nightly run (`pytest --nightly` or ADJUDICATOR_NIGHTLY=1), which also draws new ones
each time (conftest.py's profiles)."""

from __future__ import annotations

import os

__all__ = ["NIGHTLY", "examples"]

NIGHTLY = "ADJUDICATOR_NIGHTLY"


def examples(n: int) -> int:
    return n * 10 if os.environ.get(NIGHTLY) else n
