"""Typed errors. Every error a user can cause names the file, the entry and the problem."""

from __future__ import annotations

__all__ = ["AdjudicatorError", "InputError", "RulesError"]


class AdjudicatorError(Exception):
    """Base of every error the command line turns into one clear line. `code` says which
    kind of error it is (a game's errors may carry a rule code)."""

    code: str = "error"


class InputError(AdjudicatorError):
    """A data file (board, card set, state, record) is malformed or inconsistent."""

    code = "input"

    def __init__(self, source: str, entry: str, problem: str) -> None:
        self.source = source
        self.entry = entry
        self.problem = problem
        where = f"{source}: {entry}" if entry else source
        super().__init__(f"{where}: {problem}")


class RulesError(AdjudicatorError):
    """A request the rules do not allow to be asked at all (unknown card, no such player, ...)."""

    code = "rules"
