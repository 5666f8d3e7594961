"""The German names of things (buildings, cards, resources, characters, events): one lookup
per game, fed by the `[german]` table of its shipped data file (`boards/*.toml`,
`cards/*.toml`), which says where each name comes from (the rulebook's or ours).

A name is accepted in either language, in any case; a record keeps the English id, so a
German table and an English one read each other's records."""

from __future__ import annotations

import tomllib
from functools import cache

from adjudicator.core.data import data_dir

__all__ = ["german_ids", "german_names", "name_key", "shown_names"]


def name_key(text: str) -> str:
    """A name as compared: case folded, apostrophes and full stops dropped, spaces and
    underscores as hyphens (`Sheriffs Büro` is `sheriffs-büro`, `Printer's` `printers`)."""
    plain = text.strip().casefold().replace("'", "").replace("\u2019", "").replace(".", "")
    return "-".join(plain.replace("_", " ").split())


@cache
def german_names(*files: str) -> dict[str, str]:
    """Id -> German name, from the `[german]` tables of the shipped data files named as
    `boards/old-town` or `cards/dry-gulch` (the first file's name wins an id twice)."""
    out: dict[str, str] = {}
    for file in files:
        kind, _, name = file.partition("/")
        path = data_dir(kind) / f"{name}.toml"
        with path.open("rb") as handle:
            table = tomllib.load(handle).get("german", {})
        for ident, german in table.items():
            out.setdefault(str(ident), str(german))
    return out


@cache
def german_ids(*files: str) -> dict[str, str]:
    """`name_key` of each German name -> its id (`schule` -> `school`)."""
    return {name_key(german): ident for ident, german in german_names(*files).items()}


def shown_names(files: tuple[str, ...], lang: str) -> dict[str, str]:
    """Id -> the name a page in `lang` shows for it: the German names on a German page
    (what the German cards print), none in English, whose names the view already holds."""
    return dict(german_names(*files)) if lang == "de" and files else {}
