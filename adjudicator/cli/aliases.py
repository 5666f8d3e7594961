"""Old names of options, still taken but no longer shown: `--by` is `--player` (issue 25,
one flag for the player everywhere). Every command's class (`cli/command.py`) reads its
arguments through `aliased`, so a command declares only the new name."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["ALIASES", "aliased"]

ALIASES = {"--by": "--player"}


def aliased(declared: Iterable[str], args: list[str]) -> list[str]:
    """`args` with each old name a command does not declare itself written as the new name
    it does declare (`--by ann`, `--by=ann`); nothing after `--` is an option."""
    names = set(declared)
    wanted = {old: new for old, new in ALIASES.items() if old not in names and new in names}
    if not wanted:
        return args
    out: list[str] = []
    for i, arg in enumerate(args):
        if arg == "--":
            return out + args[i:]
        name, eq, value = arg.partition("=")
        out.append(wanted[name] + eq + value if name in wanted else arg)
    return out
