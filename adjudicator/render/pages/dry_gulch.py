"""Dry Gulch in the page: the town with its sites, streets, buildings and damage; each
player's influence, the cards and permits they hold (as counts: a hand is its player's),
what they played and what was played against them; the stacks; the phase and what may be
written in it; the building plan as the hint."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.core.errors import RulesError
from adjudicator.core.i18n import N_, _
from adjudicator.core.table import Ruled
from adjudicator.core.table_parts import own_entry
from adjudicator.dry_gulch.data import Permit
from adjudicator.dry_gulch.game.flow import DGGame
from adjudicator.dry_gulch.game.notation import Build
from adjudicator.dry_gulch.game.outcome import Outcome
from adjudicator.dry_gulch.game.record import DGRecord
from adjudicator.dry_gulch.game.seen import words_seen_by
from adjudicator.dry_gulch.game.standing import standing
from adjudicator.dry_gulch.game.table import DryGulchTable
from adjudicator.render.dry_gulch_town import dg_town_svg
from adjudicator.render.pages.data import certain_outcome, hidden_until_committed
from adjudicator.tables import AnyTable

__all__ = ["PAGE", "DryGulchPage"]


def _picture(game: DGGame, title: str) -> str:
    state = game.state
    if game.over:
        caption = _("the game is over: {winner} has won").format(winner=game.winner)
    else:
        caption = _("turn {turn} · {player}'s {phase}").format(
            turn=game.turn, player=state.active, phase=_(_PHASES[game.phase])
        )
    return dg_town_svg(state.rules, state.buildings, title, caption)


#: The phases' names, as the page says them (the record and the JSON keep the ids).
_PHASES = {
    "residence": N_("residence phase"),
    "events": N_("events phase"),
    "draw": N_("draw phase"),
    "build": N_("build phase"),
}

#: What the player to act does next, in the rulebook's words: the page lists each move
#: as a button (the command line's `next_moves` gives the notation instead).
_PHASE_WORDS = {
    "residence": N_(
        "choose a free edge site for your residence (the set-up, each player in turn): tap a site"
    ),
    "events": N_(
        "discard one of the three event cards turned up (under Stacks) and take the red "
        "and yellow ones you want"
    ),
    "draw": N_("draw resource cards or a building permit"),
    "build": N_(
        "build a permit on a free site, play an event card, or end the turn (the rewards are drawn)"
    ),
}


def _next_words(game: DGGame) -> list[str]:
    """(The cards an event phase turns up are in the Stacks panel.)"""
    if game.over:
        said = _("The game is over: {winner} has won (turn {turn}).")
        return [said.format(winner=game.winner, turn=game.turn)]
    said = _("Turn {turn}, round {round}: {player}'s {phase}: {what}.")
    return [
        said.format(
            turn=game.turn,
            round=game.round,
            player=game.state.active,
            phase=_(_PHASES[game.phase]),
            what=_(_PHASE_WORDS[game.phase]),
        )
    ]


def _permit_card(permit: Permit) -> dict[str, Any]:
    """A permit as its card shows it: what it costs, the labor, the influence it brings,
    its reward and whether it stands on a corner (rulebook: "A corner building may not be
    built in the middle of a block, and a building without a corner may only be played in
    the middle of a block or at the end of a street")."""
    return {
        "id": permit.id,
        "name": permit.name,
        "cost": dict(permit.cost),
        "labor": permit.labor,
        "influence": permit.influence,
        "reward": permit.reward,
        "corner": permit.corner,
        "text": permit.text,
        "lines": [
            _("cost: {cost}; labor {labor}").format(
                cost=", ".join(f"{n} {kind}" for kind, n in permit.cost.items()) or _("nothing"),
                labor=permit.labor,
            ),
            _("influence {influence} · reward {reward} · {where}").format(
                influence=permit.influence, reward=permit.reward, where=_where(permit)
            ),
        ],
    }


def _where(permit: Permit) -> str:
    if permit.special == "bank":  # the lone site in front of the town is the Bank's
        return _("on the Bank lot only")
    if permit.special == "residence":
        return _("on an edge site")
    return _("a corner building") if permit.corner else _("mid-block or at a street's end")


def _permits(n: int) -> str:
    return _("1 permit") if n == 1 else _("{count} permits").format(count=n)


class DryGulchPage:
    template = "table.html"
    choices: Mapping[str, Mapping[str, str]] = {}  # no choice at New game

    def opened(self, table: AnyTable, rec: DGRecord) -> tuple[DGGame, frozenset[int]]:
        done = own_entry(table, DryGulchTable).review(rec)
        return done.game, frozenset(o.move.line for o in done.outcomes if o.legal)

    def view(self, table: AnyTable, game: DGGame, name: str) -> dict[str, Any]:
        state = game.state
        result = standing(game)
        decks = state.decks
        stacks = []
        if decks is not None:
            stacks = [
                _("resources: {count} ({discarded} discarded)").format(
                    count=len(decks.resources), discarded=len(decks.resource_discard)
                ),
                _("permits: {count}; face up: {cards}").format(
                    count=len(decks.permits), cards=", ".join(decks.permit_discard) or _("none")
                ),
                _("events: {count}").format(count=len(decks.events)),
            ]
            if decks.face_up:
                said = _("events face up to play: {cards}")
                stacks.append(said.format(cards=", ".join(decks.face_up)))
        shown = result.turned
        if shown:
            said = _("turned up this event phase (by the seed): {cards}")
            stacks.append(said.format(cards=", ".join(shown)))
        return {
            "edition": table.title,
            "turn": game.turn,
            "round": game.round,
            "phase": None if game.over else game.phase,
            "over": game.over,
            "winners": [game.winner] if game.winner else [],
            "to_play": None if game.over else state.active,
            "score_word": table.score_word,
            "needed": result.needed,
            "players": [
                {
                    "name": p.name,
                    "score": result.influence[p.name],
                    "cards": len(p.hand),
                    "detail": "; ".join(
                        part
                        for part in (
                            _permits(len(p.permits)),
                            _("played {cards}").format(cards=" ".join(p.played))
                            if p.played
                            else "",
                            _("against them {cards}").format(cards=" ".join(p.against))
                            if p.against
                            else "",
                        )
                        if part
                    ),
                }
                for p in state.players
            ],
            "panels": [{"title": _("Stacks"), "lines": stacks}],
            "next": _next_words(game),
            "pick": "site",
            "svg": _picture(game, f"Dry Gulch: {name}"),
        }

    def acting(self, game: DGGame) -> str | None:
        return None if game.over else game.state.active

    def outcome(self, ruled: Ruled, committed: bool) -> dict[str, Any]:
        if isinstance(ruled.ruling, Outcome) and isinstance(ruled.ruling.move, Build):
            # a build pays from its own player's hand and draws nothing (`flow._build`):
            # the payment, the site and the influence after it are certain
            return certain_outcome(ruled, committed)
        shown = hidden_until_committed(ruled, committed)
        if committed and isinstance(ruled.ruling, Outcome):  # to the mover: their cards
            shown["message"] = words_seen_by(ruled.ruling, ruled.player)
        return shown

    def committed(self, after: DGGame) -> dict[str, Any]:
        return {"phase": None if after.over else after.phase}

    def hand(self, game: DGGame, player: str, name: str) -> dict[str, Any]:
        names = [p.name for p in game.state.players]
        if player not in names:
            raise RulesError(f"{name}: {player!r} is not one of the players")
        p = game.state.player(player)
        return {
            "player": player,
            "cards": [{"text": c.text} for c in p.hand],
            "lines": [] if p.permits else ["permits: none"],
            "permits": [_permit_card(game.state.rules.permits[pid]) for pid in p.permits],
        }

    def coach(self, table: AnyTable, game: Any, name: str, top: int) -> dict[str, Any]:
        raise RulesError(f"{name}: the coach looks ahead in Old Town and Gads Hill only")

    def choosing(self, game: DGGame) -> tuple[str, ...]:
        acting = self.acting(game)
        return () if acting is None else (acting,)

    def hint(
        self, table: AnyTable, game: DGGame, name: str, top: int, player: str | None
    ) -> dict[str, Any]:
        if game.over:
            raise RulesError(f"{name}: the game is over")
        # `web/games.hint_view` asks for the one to play
        if player is None or player != game.state.active:
            raise RulesError(f"{name}: {game.state.active} is to play, not {player}")
        answer = own_entry(table, DryGulchTable).hint(game, player, name)
        plan = answer.to_json()
        actions = []
        if game.phase == "build":
            actions = [
                {
                    "move": table.format_move(Build(player, permit=p.permit, site=p.site)),
                    "text": f"build the {game.state.rules.permits[p.permit].name} at {p.site}",
                }
                for p in answer.placements
                if p.site is not None
            ][:top]
        lines = [
            f"The best plan of {player}'s hand: "
            + (
                ", ".join(f"{b['building']} at {b['site']}" for b in plan["buildings"])
                or "no building"
            )
            + f" ({plan['influence']} influence)."
        ]
        if game.phase != "build":
            lines.append(f"It is the {game.phase} phase: the plan is for the build phase to come.")
        return {"player": player, "lines": lines, "actions": actions, "plan": plan}

    def end(self, table: AnyTable, game: DGGame, rec: DGRecord) -> dict[str, Any] | None:
        if not game.over:
            return None
        result = standing(game)
        wrong = own_entry(table, DryGulchTable).review(rec).claims_wrong
        return {
            "winners": [game.winner] if game.winner else [],
            "rule": f"DG-WIN: a player who has {result.needed} influence on the board "
            "during their own build phase wins",
            "score_word": table.score_word,
            "scores": [
                {"name": p.name, "score": result.influence[p.name]} for p in game.state.players
            ],
            "missed": [
                {
                    "line": f"{o.move.player} wrote down {o.move.claimed}, not {o.influence}",
                    "points": 0,
                }
                for o in wrong
            ],
        }

    def timeline(self, table: AnyTable, rec: DGRecord) -> dict[str, Any]:
        done = own_entry(table, DryGulchTable).review(rec)
        data = done.to_json()
        return {
            # what a legal move drew is its player's: the shared timeline says what was
            # played, and why a move was refused
            "moves": [
                {
                    "line": o.move.line,
                    "move": table.format_move(o.move),
                    "legal": o.legal,
                    "code": o.code,
                    "message": f"{o.move.player}: {o.influence} influence"
                    if o.legal
                    else o.message,
                    "score": o.influence,
                }
                for o in done.outcomes
            ],
            "summary": (
                f"{len(done.illegal)} refused, {len(done.claims_wrong)} influence written "
                f"down wrong; influence: "
                + ", ".join(f"{k} {v}" for k, v in data["influence"].items())
            ),
        }

    def step(self, table: AnyTable, game: DGGame, name: str, step: int) -> dict[str, Any]:
        return {
            "svg": _picture(game, f"Dry Gulch: {name}, after move {step}"),
            "scores": dict(standing(game).influence),
        }

    def svg(self, table: AnyTable, game: DGGame, name: str) -> str:
        return _picture(game, f"Dry Gulch: {name}")


PAGE = DryGulchPage()
