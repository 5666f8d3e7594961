"""`NAME=VALUE` lists, as a record's header tags, `game new`'s options and the web form
write them: `'ann=hotel bank; bob=doc jail'` or `'half=up, open-permits=true'`."""

from __future__ import annotations

from adjudicator.core.limits import MAX_INT_DIGITS, clip

__all__ = ["flag_or_number", "name_values"]


def name_values(text: str) -> list[tuple[str, str]]:
    """The pairs in order, names lower-cased, values stripped. Pairs are separated by `;`
    when there is one (a value may then hold commas), else by `,`. `ValueError` says which
    part is not a pair."""
    out: list[tuple[str, str]] = []
    for part in text.split(";" if ";" in text else ","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"write NAME=VALUE, found {clip(part.strip())}")
        out.append((key.strip().lower(), value.strip()))
    return out


def flag_or_number(name: str, value: str) -> bool | int:
    """A ruleset option's value: `true`, `false` or a whole number (of bounded length)."""
    flags = {"true": True, "false": False}
    if value.lower() in flags:
        return flags[value.lower()]
    digits = value.removeprefix("-")
    if digits.isdigit() and digits.isascii() and len(digits) <= MAX_INT_DIGITS:
        return int(value)
    raise ValueError(f"{name} is true, false or a number, not {clip(value)}")
