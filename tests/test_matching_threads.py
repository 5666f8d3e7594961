"""The matching path keeps no state between calls (issue 36): the page rules for many seats
at once, each request on its own thread, so two threads ruling on different boards must
each get their own answer, and the module must hold nothing a call leaves behind."""

from __future__ import annotations

import threading
import types
from collections.abc import Callable

from adjudicator.deduction.solve import matching, twin
from adjudicator.deduction.solve.placement import Analysis, Constraint, Problem

# Two boards that share building names but not answers: on the first the school is settled
# on s1, on the second it may stand on s2 or s3, and the bank loses a space.
FIRST = Problem(
    {
        "school": frozenset({"s1", "s2"}),
        "bank": frozenset({"s2"}),
        "mill": frozenset({"s3", "s4"}),
    }
)
SECOND = Problem(
    {
        "school": frozenset({"s2", "s3"}),
        "bank": frozenset({"s1", "s2"}),
        "mill": frozenset({"s1"}),
        "jail": frozenset({"s3", "s4", "s5"}),
    },
    Constraint({"jail": frozenset({"s4", "s5"})}),
)


def _in_threads(jobs: list[Callable[[], Analysis]], rounds: int) -> list[list[Analysis]]:
    """Each job run `rounds` times on its own thread, the threads started together."""
    start = threading.Barrier(len(jobs))
    answers: list[list[Analysis]] = [[] for _ in jobs]

    def work(i: int) -> None:
        start.wait()
        for _ in range(rounds):
            answers[i].append(jobs[i]())

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_two_threads_ruling_on_different_boards_get_each_their_own_answer() -> None:
    first, second = twin.analyse(FIRST), twin.analyse(SECOND)
    assert first.support != second.support  # the boards' answers differ
    answers = _in_threads(
        [lambda: matching.analyse(FIRST), lambda: matching.analyse(SECOND)], rounds=300
    )
    assert answers[0] == [first] * 300
    assert answers[1] == [second] * 300


def test_the_matching_module_holds_no_mutable_state() -> None:
    # A module-level dict, list or set is shared by every thread of the page: a warm start
    # kept there (as one was) couples two seats' rulings. A call's warm start is its own.
    shared = {
        name: type(value).__name__
        for name, value in vars(matching).items()
        if isinstance(value, dict | list | set | bytearray)
        and not name.startswith("__")
        and not isinstance(value, types.ModuleType)
    }
    assert shared == {}
