"""Commands that read a file, decide and write it back hold the file's lock throughout, so
two at once never lose an update nor write one decided on a stale file (`core/writes.py`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

__all__ = ["holding_lock"]

P = ParamSpec("P")
R = TypeVar("R")


def holding_lock(
    argument: str, when: str | None = None
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Hold the lock of the file named by the command's `argument` for the whole command;
    with `when`, only if that flag (e.g. `write`) is set: a plain ruling writes nothing."""

    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        signature = inspect.signature(fn)

        @wraps(fn)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            bound = signature.bind_partial(*args, **kwargs).arguments
            if when is not None and not bound.get(when):
                return fn(*args, **kwargs)
            from adjudicator.core.writes import locked

            with locked(Path(str(bound[argument]))):
                return fn(*args, **kwargs)

        return wrapper

    return decorate
