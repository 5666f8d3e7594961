"""Old Town and Gads Hill 1874 in the page: the board with its markers and claims, the
locomotive, the buildings beside the board, the STOP window, the hand and the hint."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.core import i18n
from adjudicator.core.errors import RulesError
from adjudicator.core.table import Ruled
from adjudicator.deduction.game.ahead import open_claims, refill_owed
from adjudicator.deduction.game.flow import Game, as_seen_by, next_turn
from adjudicator.deduction.game.hint_moves import action_move, buy_words
from adjudicator.deduction.game.record import Record, format_move
from adjudicator.deduction.game.refill_hint import RefillHint
from adjudicator.deduction.game.replay import replay, replay_to
from adjudicator.deduction.serialize import to_json
from adjudicator.deduction.table import DeductionTable
from adjudicator.render.pages.data import strip_states
from adjudicator.render.refill import take_data
from adjudicator.render.svg import board_svg
from adjudicator.render.svg_compact import compact_svg
from adjudicator.tables import AnyTable

if TYPE_CHECKING:
    from adjudicator.deduction.models.cards import Card
    from adjudicator.deduction.rules.ruling import StopReport

__all__ = ["PAGE", "DeductionPage"]


def _names(game: Game, ids: list[str] | tuple[str, ...]) -> list[dict[str, str]]:
    board = game.state.board
    return [{"id": b, "name": board.building_name(b)} for b in ids]


def _deduction(table: AnyTable) -> DeductionTable:
    """The deduction games' entry, with what the protocol does not hold (the coach)."""
    assert isinstance(table, DeductionTable)
    return table


def _stop_window(game: Game) -> dict[str, Any] | None:
    claims = open_claims(game)
    if claims is None:
        return None
    return {"after_turn_of": game.last_actor, **to_json(claims)}


def _board(game: Game, title: str, claims: StopReport | None) -> str:
    """The board as the page draws it, laid out for a phone (the turn and the scores
    stand beside it, in the page)."""
    return compact_svg(game.state.board, game.state, title=title, claims=claims)


def _picture(game: Game, title: str, claims: StopReport | None) -> str:
    """The board with the claims ringed and the turn, locomotive and scores below it."""
    s = game.state
    ahead, _ = game.finish()
    # i18n._, not `_`: here `_` is what `finish` returns second
    who = i18n._("the game is over") if ahead.over else i18n._("{player} to play")
    first = i18n._("turn {turn} · {who}").format(
        turn=game.turn, who=who.format(player=ahead.state.active)
    )
    if s.board.frames:
        first += i18n._(" · locomotive {at}/{end}").format(at=s.locomotive, end=s.options.end_at)
    listed = ", ".join(f"{p.name} {p.points}" for p in s.players)
    scores = i18n._("scores: {scores}").format(scores=listed)
    return board_svg(s.board, s, title=title, claims=claims, caption=[first, scores])


def _takes(h: RefillHint, top: int) -> dict[str, Any]:
    """The hint before Old Town's refill (A4): the takes ranked, each as the page's
    actions are (its move line, with why), under the line that says the refill is due."""
    return {
        "player": h.player,
        "refill": h.due,
        "message": h.headline,
        "actions": [take_data(t) for t in h.takes[:top]],
        "evaluated": h.evaluated,
    }


def _setup_tip(game: Game, cards: list[Card]) -> dict[str, Any]:
    """At the set-up (T7), the rulebooks' tip for a first game: the buildings the player's
    building cards (Old Town's 4s) name; read from the player's own hand, for their seat."""
    if next_turn(game).phase != "setup":
        return {}
    board = game.state.board
    named = [c.subject for c in cards if c.kind == "building" and c.named_building]
    return {"tip": named, "tip_kind": board.kind_label("building")}


def _no_turn_yet(ahead: Game, name: str) -> None:
    """The set-up's choice (T7) is the player's own: the hint and the coach rank turns,
    and say so in the page's words (not the command line's)."""
    if ahead.phase == "setup":
        raise RulesError(
            f"{name}: the set-up first: {ahead.state.active} chooses a building "
            "beside the board (T7); the hint and the coach rank the turns that follow"
        )


#: Who takes the markers logic removes (P6, L4), the table's choice at New game: the
#: active player ("the player is allowed to take all the markers that must then be
#: removed", the edition's default), or the table ("Victory points overseen": the active
#: player takes what they see, and before the next player's turn another player may call
#: STOP and take the rest).
STOP_CHOICE: Mapping[str, str] = {"active": "", "table": "logic_to_active=false"}


class DeductionPage:
    template = "game.html"
    choices: Mapping[str, Mapping[str, str]] = {"stop": STOP_CHOICE}

    def opened(self, table: AnyTable, rec: Record) -> tuple[Game, frozenset[int]]:
        game = replay_to(rec)
        return game, frozenset(o.move.line for o in game.log if o.move.line is not None)

    def view(self, table: AnyTable, game: Game, name: str) -> dict[str, Any]:
        s = game.state
        board = s.board
        # the counts and the turn as the next player finds them, as `game show` says them:
        # the last mover's draw made (by default) and the turn moved on; the board and the
        # STOP window stay the turn's until the next player acts
        ahead, _ = game.finish()
        now = ahead.state
        return {
            "edition": board.name,
            "turn": ahead.turn,
            "phase": game.phase,
            # T7: the set-up's choice of buildings, by the player to act, before turn 1
            "setup": ahead.phase == "setup",
            "over": ahead.over,
            "winners": ahead.winners() if ahead.over else [],
            "to_play": ahead.state.active,
            "last_actor": game.last_actor,
            "hands_known": game.hands_known,
            "locomotive": s.locomotive if board.frames else None,
            "end_at": s.options.end_at if board.frames else None,
            "built": len(s.placed),
            "spaces": len(board.building_spaces),
            "buying": s.options.buying,
            # which the table plays (P6, L4): "active", the active player takes every
            # marker logic removes; "table", those stay for another player's STOP call
            "stop_rule": "active" if s.options.logic_to_active else "table",
            # A3: two cards while fewer buildings stand than the edition's limit; Old Town,
            # with no limit, one card a turn
            "cards_a_turn": 2 if now.locomotive < now.options.two_cards_until else 1,
            "refill": refill_owed(ahead),
            "players": [
                {
                    "name": p.name,
                    "points": p.points,
                    "buildings": _names(game, p.buildings),
                    "cards": None if p.hand is None else len(p.hand),
                    "bought": p.bought,
                }
                for p in now.players
            ],
            "piles": None
            if ahead.piles is None
            else {pile: len(cards) for pile, cards in ahead.piles},
            "beside": _names(game, s.available_buildings()),
            "all_buildings": _names(game, list(board.buildings)),
            "stop": _stop_window(game),
            "svg": _board(game, f"{board.name}: {name}", open_claims(game)),
        }

    def acting(self, game: Game) -> str | None:
        ahead, _ = game.finish()
        return None if ahead.over else ahead.state.active

    def outcome(self, ruled: Ruled, committed: bool) -> dict[str, Any]:
        # a deduction game's move draws no chance the player does not see: the draws are
        # their own moves
        ruling = ruled.detail.get("ruling")
        return {
            "points": ruled.score or 0,
            "ruling": None if ruling is None else strip_states(ruling),
        }

    def committed(self, after: Game) -> dict[str, Any]:
        return {"stop": _stop_window(after)}

    def hand(self, game: Game, player: str, name: str) -> dict[str, Any]:
        s = as_seen_by(game, player).state
        if player not in s.names():
            raise RulesError(f"{name}: {player!r} is not one of the players")
        p = s.player(player)
        if p.hand is None:
            raise RulesError(f"{name}: hands are not tracked in this game (no [Seed] or [Hands])")
        cards = [s.cards[n] for n in p.hand]
        board = s.board
        return {
            "player": player,
            "cards": [
                {
                    "number": c.number,
                    # in the edition's own words: Old Town's 4s, 8s and 8+8s
                    "kind": board.kind_label(c.kind),
                    "building": None
                    if c.named_building is None
                    else board.building_name(c.named_building),
                    "text": c.text,
                    "needs_my_building": c.needs_my_building,
                }
                for c in cards
            ],
            "buildings": _names(game, p.buildings),
        } | _setup_tip(game, cards)

    def choosing(self, game: Game) -> tuple[str, ...]:
        acting = self.acting(game)
        return () if acting is None else (acting,)

    def hint(
        self, table: AnyTable, game: Game, name: str, top: int, player: str | None
    ) -> dict[str, Any]:
        ahead, _ = game.finish()
        _no_turn_yet(ahead, name)
        if ahead.over:
            raise RulesError(f"{name}: the game is over")
        if not ahead.hands_known:
            raise RulesError(
                f"{name}: the hint needs the hands (a record with a [Seed] or [Hands])"
            )
        # `web/games.hint_view` asks for the one to play
        if player is None or player != ahead.state.active:
            raise RulesError(f"{name}: {ahead.state.active} is to play, not {player}")
        h = _deduction(table).hint(game, player, name)
        if isinstance(h, RefillHint):  # Old Town's refill (A4) comes first
            return _takes(h, top)
        actions = []
        for action in h.actions[:top]:
            data = strip_states(to_json(action))
            data["move"] = format_move(action_move(action, player))
            if words := buy_words(action, game.state.board.building_name):
                data["why"] = words
            actions.append(data)
        return {
            "player": player,
            "actions": actions,
            "unplayable": [to_json(u) for u in h.unplayable],
            "evaluated": h.evaluated,
        }

    def coach(self, table: AnyTable, game: Game, name: str, top: int) -> dict[str, Any]:
        from adjudicator.deduction.game.coach_words import draw_reason
        from adjudicator.render.coach import value_words

        ahead, _ = game.finish()
        _no_turn_yet(ahead, name)
        if not ahead.hands_known:
            raise RulesError(f"{name}: the coach needs the hands (a record with a [Seed])")
        player = ahead.state.active
        if player is None:
            raise RulesError(f"{name}: no one is to play")
        if refill := _deduction(table).refill(game, player, name):
            # the coach looks ahead from a turn; the refill's takes come before it
            return _takes(refill, top)
        advice, why = _deduction(table).coach(game, player, name, 0, None)
        turns = [
            {
                "move": format_move(action_move(r.action, player)),
                "points": r.now,
                "value": round(r.value, 3),
                "worlds": r.worlds,  # fewer than the finalists': dropped halfway
                "why": "; ".join(
                    w for w in (buy_words(r.action, ahead.state.board.building_name), because) if w
                ),
            }
            for r, because in zip(advice.rated[:top], why, strict=False)
        ]
        return {
            "player": player,
            "actions": turns,
            "worlds": advice.worlds,
            "value_words": value_words(advice, timed=False),
            "draw": draw_reason(advice),
        }

    def end(self, table: AnyTable, game: Game, rec: Record) -> dict[str, Any] | None:
        ahead, _ = game.finish()
        if not ahead.over:
            return None
        done = replay(rec)
        how = (
            i18n._("every player passed with nothing left to draw (T6)") if ahead.stalled else "A5"
        )
        rule = i18n._("{how}: the player who has collected the most points wins {board}")
        return {
            "winners": ahead.winners(),
            "rule": rule.format(how=how, board=ahead.state.board.name),
            "score_word": table.score_word,
            "scores": [{"name": p.name, "score": p.points} for p in ahead.state.players],
            "missed": [
                {
                    "line": i18n._("STOP overlooked after {player}'s turn {turn}").format(
                        player=who, turn=turn
                    )
                    if who
                    else i18n._("STOP overlooked in turn {turn}").format(turn=turn),
                    "points": report.points,
                }
                for who, turn, report in done.overlooked
            ],
        }

    def timeline(self, table: AnyTable, rec: Record) -> dict[str, Any]:
        return dict(strip_states(to_json(replay(rec))))

    def step(self, table: AnyTable, game: Game, name: str, step: int) -> dict[str, Any]:
        s = game.state
        return {
            "svg": _board(game, f"{s.board.name}: {name}, after move {step}", None),
            "scores": {p.name: p.points for p in s.players},
        }

    def svg(self, table: AnyTable, game: Game, name: str) -> str:
        return _picture(game, f"{game.state.board.name}: {name}", open_claims(game))


PAGE = DeductionPage()
