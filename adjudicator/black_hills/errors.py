"""A turn refused on the way: the error carries the rule's code and the reason in words.

`IllegalTurnError` is an action the rules do not allow (a `RulesError`), `InvalidTurnError`
a turn not written in the notation (bad input, an `InputError`); both are `TurnError`s, which
the referee turns into a refused `Verdict`.
"""

from __future__ import annotations

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.verdict import Reason
from adjudicator.core.errors import AdjudicatorError, InputError, RulesError
from adjudicator.core.limits import one_line
from adjudicator.core.result import Reason as CoreReason

__all__ = ["IllegalTurnError", "InvalidTurnError", "TurnError"]


class TurnError(AdjudicatorError):
    """A turn refused: the rule it breaks (`rule`, also its error `code`) and why."""

    rule: Code

    def __init__(self, code: Code, message: str) -> None:
        message = one_line(message)  # a reason is one bounded line, whatever it echoes
        AdjudicatorError.__init__(self, message)
        self.rule = code
        self.code = code
        self.message = message

    @property
    def reason(self) -> Reason:
        # the class itself, not its alias `Reason`: a call through the alias costs three
        # times as much (it tries to set `__orig_class__`), and a search refuses thousands
        return CoreReason(self.rule, self.message)


class IllegalTurnError(TurnError, RulesError):
    """An action the rules do not allow."""


class InvalidTurnError(TurnError, InputError):
    """A turn, or one of its actions, not written in the notation (`Code.NOTATION`)."""

    def __init__(self, message: str, source: str = "the turn") -> None:
        InputError.__init__(self, source, "", message)
        self.rule = Code.NOTATION
        self.code = Code.NOTATION
        self.message = self.problem  # one bounded line (InputError's `one_line`)
