"""The hint's brute-force twin, for the tests: it ships in the package
(`adjudicator/deduction/hint_twin.py`), where the benchmark times it beside the hint. It
referees every turn with its own code (placements enumerated, from RULINGS.md), never
through the rulings engine."""

from adjudicator.deduction.hint_twin import best_net_points, legal_turns

__all__ = ["best_net_points", "legal_turns"]
