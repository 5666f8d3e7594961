"""Black Hills in the page: the four areas, the jail, the reputation track, each player's
resources and gunmen (their characters and events as counts: a hand is its player's),
the round's set-up keeps, and the best turn for each character as the hint."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.black_hills.candidates import Candidate
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.game.record import BHRecord
from adjudicator.black_hills.game.table import BlackHillsTable
from adjudicator.black_hills.keep_hint import KeepChoice, said
from adjudicator.black_hills.round import must_keep
from adjudicator.black_hills.state import BHState
from adjudicator.core.errors import AdjudicatorError, RulesError
from adjudicator.core.i18n import _
from adjudicator.core.table import Ruled
from adjudicator.core.table_parts import own_entry
from adjudicator.render.black_hills_board import bh_table_svg, player_colour
from adjudicator.render.pages.data import certain_outcome
from adjudicator.tables import AnyTable

__all__ = ["PAGE", "BlackHillsPage"]


#: Refusals whose reason reads a face-down card (a hand, the Shaman's deal, the card
#: a Colonel would steal): the timeline is every seat's, so it gives the rule alone.
_READS_HIDDEN = frozenset({Code.HAND, Code.KEEP, Code.SHAMAN, Code.COLONEL})


def _refusal(code: Code, message: str) -> str:
    if code in _READS_HIDDEN:
        return _("refused under {code}: its reason reads face-down cards").format(code=code)
    return message


def _keep_hint(player: str, keeps: list[KeepChoice], top: int) -> dict[str, Any]:
    """The set-up's hint: each keep of the four dealt, best first, with why."""
    lines = [f"Which two characters {player} keeps, best first: each by its best turn now."]
    actions = [
        {"move": k.move, "text": f"expected +{said(k.key[0])} reputation: {k.reason}"}
        for k in keeps[:top]
    ]
    return {"player": player, "lines": lines, "actions": actions}


def _listed(table: AnyTable, game: BHState, player: str) -> dict[str, bool]:
    """The player's moves as the page lists them, each once, and whether it is a face-down
    choice (the Shaman's draw: the page reveals what it shows before a move is made)."""
    listed: dict[str, bool] = {}
    for m in table.legal_moves(game):
        if m.player == player:
            text = table.listed_move(game, m)
            listed[text] = listed.get(text, False) or text != table.format_move(m)
    return {text: blind and not _dealt(table, game, text) for text, blind in listed.items()}


def _dealt(table: AnyTable, game: BHState, text: str) -> bool:
    """Whether a listed choice is itself a move whose chance the server deals at the commit
    (a robbery's die, a stolen card): previewed and played as it reads (`web/face_down`)."""
    try:
        move = table.parse_move(text, "hint")
        return bool(table.deal(game, move) is not move)
    except AdjudicatorError:
        return False


def _next_words(s: BHState, waiting: list[str]) -> str:
    """What comes next, in the rulebook's words: the page lists each move as a button
    (the command line's `next_line` gives the notation instead)."""
    if s.winner is not None:
        return _("The game is over: {winner} has won (round {round}).").format(
            winner=s.winner, round=s.round
        )
    if waiting:
        return _(
            "Round {round}, the set-up: each player keeps two of the four characters dealt "
            "and discards two face down; still to choose: {players}."
        ).format(round=s.round, players=", ".join(waiting))
    return _(
        "Round {round}: {player} places a character, and may play an event card, invest in "
        "the City or rob a player."
    ).format(round=s.round, player=s.active)


def _picture(s: BHState, title: str) -> str:
    return bh_table_svg(s.rules, s, title)


class BlackHillsPage:
    template = "table.html"
    choices: Mapping[str, Mapping[str, str]] = {}  # no choice at New game

    def opened(self, table: AnyTable, rec: BHRecord) -> tuple[BHState, frozenset[int]]:
        done = own_entry(table, BlackHillsTable).review(rec)
        return done.state, frozenset(o.move.line for o in done.outcomes if o.verdict.legal)

    def view(self, table: AnyTable, game: BHState, name: str) -> dict[str, Any]:
        s = game
        waiting = must_keep(s) if s.winner is None else []
        panels = [
            {
                "title": _("The table"),
                "lines": [
                    _("sheriff: {player}").format(player=s.sheriff),
                    _("jail: {player}").format(player=s.jail),
                    _("supply: {resources}").format(
                        resources=", ".join(f"{k} {v}" for k, v in s.supply.items())
                    ),
                    _("events left in the deck: {count}").format(count=len(s.event_deck)),
                ]
                + ([_("plague: {player}'s").format(player=s.plague)] if s.plague else []),
            }
        ]
        if waiting:
            panels.append(
                {
                    "title": _("The round's set-up"),
                    "lines": [_("still to keep two: {players}").format(players=", ".join(waiting))],
                }
            )
        return {
            "edition": table.title,
            "turn": None,
            "round": s.round,
            "phase": "set-up" if waiting else (None if s.winner else "turn"),
            "over": s.winner is not None,
            "winners": [s.winner] if s.winner else [],
            "to_play": self.acting(s),
            # at a round's set-up every player still to keep chooses at once
            "choosing": waiting,
            "score_word": table.score_word,
            "needed": s.rules.goal,
            "players": [
                {
                    "name": p.name,
                    # the seat's colour on the track and in the areas (with the name)
                    "colour": player_colour(s, p.name),
                    "score": p.reputation,
                    "cards": len(p.characters),
                    "detail": _(
                        "gold {gold}, logs {logs}, fur {fur}, gunmen {gunmen}; {events}"
                    ).format(
                        gold=p.gold,
                        logs=p.logs,
                        fur=p.fur,
                        gunmen=p.gunmen,
                        events=_("1 event")
                        if len(p.events) == 1
                        else _("{count} events").format(count=len(p.events)),
                    ),
                }
                for p in s.players
            ],
            "panels": panels,
            "next": [_next_words(s, waiting)],
            # the move box's example of the phase's move, after "PLAYER: " (the page
            # writes the seat's name or the player to act's): a fixed one, never a hand's
            "example": "keep gambler outlaw" if waiting else "lumberjack",
            "pick": "area",
            # a move names the character, not the area: a tapped area lists the moves of
            # the characters that go there
            "pick_words": {
                area: sorted(c for c, card in s.rules.characters.items() if card.area == area)
                for area in s.rules.areas
            },
            "svg": _picture(s, f"Black Hills: {name}"),
            # each character's and event's printed name by its id: a turn's steps read
            # "Bearskins", not the record's "bearskins" (a German page's `names` first)
            "words": {c: card.name for c, card in s.rules.characters.items()}
            | {e: card.name for e, card in s.rules.events.items()},
        }

    def acting(self, game: BHState) -> str | None:
        if game.winner is not None:
            return None
        waiting = must_keep(game)
        return waiting[0] if waiting else game.active

    def outcome(self, ruled: Ruled, committed: bool) -> dict[str, Any]:
        # A turn's die and a stolen card are dealt face down, and such a preview never
        # reaches here (`web/moving.preview` says only the choice); what is left is certain:
        # the placement, the gathering, the payments and the reputation gained. A round's
        # new deal is said as a count ("four characters dealt to each"), never by name.
        return certain_outcome(ruled, committed)

    def committed(self, after: BHState) -> dict[str, Any]:
        return {}

    def hand(self, game: BHState, player: str, name: str) -> dict[str, Any]:
        if player not in [p.name for p in game.players]:
            raise RulesError(f"{name}: {player!r} is not one of the players")
        p = game.player(player)
        rules = game.rules
        return {
            "player": player,
            "cards": [
                {
                    "id": c,
                    "name": rules.characters[c].name if c in rules.characters else c,
                    "text": f"{c}: {rules.characters[c].name}" if c in rules.characters else c,
                }
                for c in p.characters
            ],
            "lines": [f"events: {', '.join(p.events) or 'none'}"],
            # at the round's set-up, the two of these the player keeps are chosen by taps
            # (the page writes `PLAYER: keep A B` from them)
            "keep": game.winner is None and player in must_keep(game),
        }

    def coach(self, table: AnyTable, game: Any, name: str, top: int) -> dict[str, Any]:
        raise RulesError(f"{name}: the coach looks ahead in Old Town and Gads Hill only")

    def choosing(self, game: BHState) -> tuple[str, ...]:
        if game.winner is not None:
            return ()
        # at a round's set-up every player still to keep chooses at once (BH-KEEP)
        return tuple(must_keep(game)) or (game.active,)

    def hint(
        self, table: AnyTable, game: BHState, name: str, top: int, player: str | None
    ) -> dict[str, Any]:
        # the table's hint reads the player's view only (`knows.view_state`): at the
        # set-up, their own four characters and what lies face up; a game over, it says
        # who has won
        player = player or game.active
        # in a seeded game the server rolls the die once the whole line is written: a
        # robbery is ranked as played here, every choice made before the roll
        committed = game.seeded and game.seed is not None
        ranked = own_entry(table, BlackHillsTable).hint(game, player, name, committed)
        if ranked and isinstance(ranked[0], KeepChoice):
            return _keep_hint(player, [k for k in ranked if isinstance(k, KeepChoice)], top)
        actions, lines = [], [f"The best turn for each character in {player}'s hand, best first."]
        listed: dict[str, bool] | None = None
        for c in ranked[:top]:
            assert isinstance(c, Candidate)
            data = c.to_json()
            if data["chance"] and " ..." not in data["turn"]:  # a whole line, then the die
                expected = f"expected {said(c.expected_reputation)} reputation"
                lines.append(f"{data['turn']}: {expected} over the aiming die")
                actions.append(
                    {
                        "move": data["turn"],
                        "text": f"{expected}: the die is rolled once the turn is committed",
                        "blind": False,
                    }
                )
                continue
            if data["chance"]:  # a plan up to the die or the deal: its moves as listed
                expected = f"expected {said(c.expected_reputation)} reputation"
                plan = data["turn"].split(" ...", 1)[0]
                lines.append(f"{plan}: {expected}; the die or the deal decides the rest")
                if listed is None:
                    listed = _listed(table, game, player)
                actions += [
                    {"move": move, "text": f"{expected} (chance decides the rest)", "blind": blind}
                    for move, blind in listed.items()
                    if move == plan or move.startswith(plan + " ")
                ]
                continue
            worth = (
                f"{data['reputation_gained']} reputation, resources worth {data['kept_worth']} kept"
            )
            actions.append({"move": data["turn"], "text": worth})
        return {"player": player, "lines": lines, "actions": actions[: max(top, 1) * 3]}

    def end(self, table: AnyTable, game: BHState, rec: BHRecord) -> dict[str, Any] | None:
        if game.winner is None:
            return None
        wrong = [o for o in own_entry(table, BlackHillsTable).review(rec).outcomes if o.claim_wrong]
        return {
            "winners": [game.winner],
            "rule": f"{Code.GAME_END}: the first player to reach {game.rules.goal} reputation "
            "ends the game at once and wins",
            "score_word": table.score_word,
            "scores": [{"name": p.name, "score": p.reputation} for p in game.players],
            "missed": [
                {
                    "line": f"{o.move.player} wrote down {o.move.claimed}, not {o.reputation}",
                    "points": 0,
                }
                for o in wrong
            ],
        }

    def timeline(self, table: AnyTable, rec: BHRecord) -> dict[str, Any]:
        done = own_entry(table, BlackHillsTable).review(rec)
        moves = []
        for o in done.outcomes:
            v = o.verdict
            moves.append(  # a legal turn's log names the characters kept: the score only
                {
                    "line": o.move.line,
                    "move": table.format_move(o.move),
                    "legal": v.legal,
                    "code": None if v.legal else str(v.reasons[0].code),
                    "message": f"{o.move.player}: {o.reputation} reputation"
                    if v.legal
                    else _refusal(v.reasons[0].code, v.reasons[0].message),
                    "score": o.reputation,
                }
            )
        refused = sum(1 for m in moves if not m["legal"])
        wrong = sum(1 for o in done.outcomes if o.claim_wrong)
        standing = ", ".join(f"{p.name} {p.reputation}" for p in done.state.players)
        return {
            "moves": moves,
            "summary": f"{refused} refused, {wrong} reputation written down wrong; {standing}",
        }

    def step(self, table: AnyTable, game: BHState, name: str, step: int) -> dict[str, Any]:
        return {
            "svg": _picture(game, f"Black Hills: {name}, after move {step}"),
            "scores": {p.name: p.reputation for p in game.players},
        }

    def svg(self, table: AnyTable, game: BHState, name: str) -> str:
        return _picture(game, f"Black Hills: {name}")


PAGE = BlackHillsPage()
