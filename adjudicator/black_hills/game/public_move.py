"""A Black Hills turn as the players who did not make it see it at the table. The two
characters a player keeps at the round's set-up are face down: seen as a count. So are the
event card the Colonel steals (only he and its owner see it) and the four cards the Shaman
is dealt from the discards. A character placed, an event played, a payment and a robbery
are face up and read as the record writes them."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.black_hills.errors import InvalidTurnError
from adjudicator.black_hills.game.dealing import named_outcome, without_outcomes
from adjudicator.black_hills.game.record import BHMove, format_move
from adjudicator.black_hills.moves import ShamanDraw
from adjudicator.black_hills.notation import format_turn_move, parse_turn, parse_turn_move
from adjudicator.core.words import plural

__all__ = ["listed_move", "public_move"]


def public_move(move: BHMove) -> str:
    """`ann: keep explorer gold-digger` -> `ann: keep 2 characters`; `bob: colonel at plain
    steal cid stolen-gold` -> `bob: colonel at plain steal cid`."""
    player, actions = parse_turn(move.text)
    shown = [" ".join(_public_words(words)) for words in actions]
    claim = f" {{{move.claimed}}}" if move.claimed is not None else ""
    if shown == [" ".join(words) for words in actions]:
        return format_move(move)
    return f"{player}: {'; '.join(shown)}{claim}"


def _public_words(words: list[str]) -> list[str]:
    if words and words[0] == "keep":
        return ["keep", plural(len(words) - 1, "character")]
    out: list[str] = []
    skip = 0
    for i, word in enumerate(words):
        if skip:
            skip -= 1
        elif word.startswith("dealt="):
            continue
        elif word == "steal":
            # `steal VICTIM [EVENT|drew=EVENT]` (`notation.parse_steal`): the victim only
            out += words[i : i + 2]
            skip = 2
        else:
            out.append(word)
    return out


def listed_move(move: BHMove) -> str:
    """The turn as its player knows it before making it. The Shaman's draw is dealt four
    cards from the discards, face down until the Shaman takes them, so every draw reads as
    one choice until then. A turn whose outcomes the served table dealt (`dealing.deal`)
    reads as the seat wrote it: the die, the card drawn and the deal are the commit's."""
    try:
        turn = parse_turn_move(move.text)
    except InvalidTurnError:
        return format_move(move)
    if move.dealt:
        return format_move(replace(move, text=format_turn_move(without_outcomes(turn))))
    if named_outcome(turn) is not None:
        return format_move(move)  # the table's record of what chance dealt, as written
    if any(isinstance(a, ShamanDraw) for a in turn.actions):
        return f"{turn.player}: shaman draw (four dealt from the discards)"
    return format_move(move)
