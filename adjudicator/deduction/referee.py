"""What the command line calls of Old Town and Gads Hill 1874 beside the game protocol:
the rulings on a state file (`stop`, `play`, `discard`, `buy`), the solo puzzles
(`puzzle`) and the card audit (`audit`). The registry entry's `referee` part
(`adjudicator/tables.py`): the command line reaches these by name through it and imports
no game package. Each is loaded from its module only when asked for, so `stop` loads no
solver and `--help` none of them (tests/test_startup.py)."""

from __future__ import annotations

import importlib
from typing import Any

#: Each name the command line may ask for, and the module of this package that holds it.
NAMES = {
    # rulings on a state file
    "stop_report": "rules.logic",
    "claim_stop": "rules.logic",
    "rule_turn": "rules.turns",
    "rule_discard_turn": "rules.turns",
    "rule_buy_turn": "rules.turns",
    "rule_play": "rules.play",
    "admissible_my_buildings": "rules.play",
    "parse_marker": "game.record",
    "cards_named": "models.printed_card",
    "write_state": "files.state_file",
    "to_json": "serialize",
    # the solo puzzles
    "load_puzzle": "puzzle.puzzle_file",
    "dump_puzzle": "puzzle.puzzle_file",
    "generate": "puzzle.generate",
    "LEVELS": "puzzle.model",
    "start_state": "puzzle.model",
    "puzzle_json": "puzzle.answers",
    "solution_json": "puzzle.answers",
    "check_json": "puzzle.answers",
    "check": "puzzle.check",
    "rate": "puzzle.rate",
    "solve_steps": "puzzle.steps",
    # the card audit
    "read_cards": "files.card_file",
    "edition_ids": "files.editions",
    "resolve_edition": "files.editions",
    "board_beside": "files.editions",
    "Edition": "models.edition",
    "audit_cards": "audit",
    "simulation_stats": "audit",
}


def __getattr__(name: str) -> Any:
    if name not in NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"adjudicator.deduction.{NAMES[name]}"), name)
