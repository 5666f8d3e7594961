"""The twin of `black_hills/legal.py`, sharing no code with it nor with `candidates.py`:
every line of words the notation's grammar allows for a set-up keep, or for one character
placed (and investing or not), spelled out from the cards' data and the table alone, each
refereed. What it finds is compared by effect — the state each legal line leaves — since
many spellings do the same (`miner` and `miner at mine`)."""

from __future__ import annotations

import json
from itertools import combinations, product

from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHState, state_data

__all__ = ["effect", "keeps_by_brute_force", "placements_by_brute_force"]


def effect(state: BHState, text: str) -> str | None:
    """The state a line leaves, as text to compare; None when the referee refuses it."""
    v = referee_text(state, text)
    return json.dumps(state_data(v.after), sort_keys=True) if v.legal else None


def _legal_effects(state: BHState, texts: list[str]) -> set[str]:
    return {e for t in texts if (e := effect(state, t)) is not None}


def keeps_by_brute_force(state: BHState) -> set[str]:
    """Every `NAME: keep A B` of any player and any two characters that the referee takes."""
    cards = sorted(state.rules.characters)
    texts = [f"{p.name}: keep {a} {b}" for p in state.players for a, b in combinations(cards, 2)]
    return _legal_effects(state, texts)


def _suffixes(state: BHState, player: str, with_area: bool) -> list[str]:
    others = [p for p in state.players if p.name != player]
    resource = ["", *RESOURCES]
    area = ["", *(f"at {a}" for a in state.rules.areas)] if with_area else [""]
    trade = ["", *(f"{g}>{h}" for g in RESOURCES for h in RESOURCES if g != h)]
    victim = ["", *(f"from {p.name}" for p in others)]
    steal = ["", *(f"steal {p.name} {e}" for p in others for e in sorted(set(p.events)))]
    return [" ".join(w for w in ws if w) for ws in product(resource, area, trade, victim, steal)]


def placements_by_brute_force(state: BHState) -> set[str]:
    """Every turn of one character the player on turn holds (the Shaman copying any
    character), with any of the words a placement may hold, then investing or not."""
    player = state.active
    hand = state.player(player).characters
    texts: list[str] = []
    for card in hand:
        if card == "shaman":
            for copied in sorted(state.rules.characters):
                texts += [f"shaman copy {copied} {s}" for s in _suffixes(state, player, False)]
        else:
            texts += [f"{card} {s}" for s in _suffixes(state, player, True)]
    return _legal_effects(state, [f"{player}: {t}{i}" for t in texts for i in ("", "; invest")])
