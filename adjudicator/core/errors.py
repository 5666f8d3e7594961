"""Typed errors. Every error a user can cause names the file, the entry and the problem."""

from __future__ import annotations

from adjudicator.core.limits import MAX_ECHO, one_line

__all__ = ["AdjudicatorError", "InputError", "RulesError"]


class AdjudicatorError(Exception):
    """Base of every error the command line turns into one clear line. `code` says which
    kind of error it is (a game's errors may carry a rule code)."""

    code: str = "error"

    def __str__(self) -> str:
        # One line, of bounded length, whatever the message echoes: a value read from a
        # file may be a megabyte long or hold line breaks.
        return one_line(super().__str__())


class InputError(AdjudicatorError):
    """A data file (board, card set, state, record) is malformed or inconsistent."""

    code = "input"

    def __init__(self, source: str, entry: str, problem: str) -> None:
        self.source = source
        # An entry may be a key of any length, a problem may echo a value of any length.
        self.entry = one_line(entry, 2 * MAX_ECHO)
        self.problem = one_line(problem)
        where = f"{source}: {self.entry}" if entry else source
        super().__init__(f"{where}: {self.problem}")


class RulesError(AdjudicatorError):
    """A request the rules do not allow to be asked at all (unknown card, no such player, ...)."""

    code = "rules"
