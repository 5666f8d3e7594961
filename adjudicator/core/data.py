"""Where the shipped data lives: boards, card sets and examples of every game."""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_dir"]


def data_dir(kind: str) -> Path:
    """The folder of shipped `boards`, `cards` or `examples`.

    In an installed wheel they travel inside the package (`adjudicator/_data`);
    in a source checkout they are the top-level folders beside the package.
    """
    package = Path(__file__).resolve().parents[1]
    packaged = package / "_data" / kind
    if packaged.is_dir():
        return packaged
    return package.parent / kind
