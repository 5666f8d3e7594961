"""Rich views of replays, games and simulation statistics. They only read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from adjudicator.core.i18n import shown
from adjudicator.core.table import Ruled
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.record import format_move
from adjudicator.deduction.game.replay import Replay
from adjudicator.render.words import ILLEGAL, plural

if TYPE_CHECKING:
    from adjudicator.deduction.game.refill_hint import RefillHint
    from adjudicator.deduction.hint import Hint

__all__ = [
    "after_lines",
    "game_summary",
    "hands_table",
    "hint_data",
    "hint_lines",
    "new_lines",
    "next_moves",
    "piles_line",
    "replay_view",
    "review_data",
    "review_lines",
    "ruled_lines",
    "show_lines",
    "show_svg",
    "table_view",
]


def game_summary(game: Game) -> RenderableType:
    s = game.state
    t = Table("player", "points", "buildings", "cards", title=f"{s.board.name}, turn {game.turn}")
    for p in s.players:
        mark = "▶ " if p.name == s.active and not game.over else "  "
        hand = "?" if p.hand is None else str(len(p.hand))
        t.add_row(
            mark + p.name,
            str(p.points),
            ", ".join(s.board.building_name(b) for b in p.buildings),
            hand,
        )
    built = f"{len(s.placed)} of {len(s.board.building_spaces)} spaces built"
    if s.board.frames:
        built += f"; locomotive at {s.locomotive}"
    if game.over:
        why = "stalled: no one could play or draw for a whole round" if game.stalled else "over"
        winners = game.winners()
        who = f"{'Winners' if len(winners) > 1 else 'Winner'}: {', '.join(winners)}"
        t.caption = f"The game is {why}. {who}; {built}"
    elif game.phase == "setup":  # T7: the buildings are chosen before turn 1
        t.caption = f"set-up: {s.active} chooses a building; {built}"
    else:
        t.caption = f"{s.active} to play; {built}"
    return t


def hands_table(game: Game, player: str | None = None) -> RenderableType:
    """Each player's hand (or one player's), card by card with its kind and text; a table
    that keeps its cards secret (no Seed, Hands or Deck tag) is told so."""
    s = game.state
    if not game.hands_known:
        return Text("Hands are not tracked in this record (no Seed, Hands or Deck tag).")
    if player is not None and all(p.name != player for p in s.players):
        return Text("Hands: " + "; ".join(f"{p.name}: {_count(p.hand)}" for p in s.players))
    t = Table("player", "card", "kind", "text", title="Hands")
    for p in s.players:
        if player is not None and p.name != player:
            continue
        for i, n in enumerate(p.hand or ()):
            card = s.cards[n]
            t.add_row(p.name if i == 0 else "", str(n), s.board.kind_label(card.kind), card.text)
        if not p.hand:
            t.add_row(p.name, "-", "", "no cards")
    return t


def _count(hand: tuple[int, ...] | None) -> str:
    return "?" if hand is None else plural(len(hand), "card")


def piles_line(game: Game) -> Text:
    """How many cards are left in each draw pile, and how many were played or discarded."""
    if game.piles is None:
        return Text(f"Draw piles: not tracked; {plural(len(game.played), 'card')} played.")
    piles = "; ".join(f"{name}: {plural(len(cards), 'card')}" for name, cards in game.piles)
    return Text(f"Draw piles: {piles}; {plural(len(game.played), 'card')} played or discarded.")


def next_moves(game: Game, record: str, viewer: str | None = None) -> list[Text]:
    """What the active player may do next, each as the exact command that records it;
    with the cards of their hand only where `viewer` may see it (None: everyone may)."""
    s = game.state
    if game.over:
        return [Text("The game is over: no moves are left.")]
    who = s.active
    assert who is not None  # a game has players
    me = s.player(who)
    rules = s.options
    ask = f"adjudicator game move {record}"
    lines = [Text(f"{who} may now:", style="bold")]
    if game.phase == "setup":  # T7: the set-up's choice comes before any turn
        lines.append(Text(f"  {'take a building (T7):':<15} {ask} '{who}: take BUILDING'"))
        return lines
    hand = list(me.hand or ()) if viewer in (None, who) else []
    play = "N as BUILDING"
    if hand:
        card = s.cards[hand[0]]
        # A building card names its building; district and condition cards need my building.
        needs_as = card.subject == "my" or card.relation is not None
        play = f"{hand[0]} as BUILDING" if needs_as else str(hand[0])
    pair = " ".join(map(str, hand[:2])) if len(hand) >= 2 else "N M"
    moves = [("play a card", f"'{who}: {play}'")]
    if rules.two_cards_until:
        moves.append(("or two (A3)", f"'{who}: N as B; M as B'"))
    moves.append(("discard two", f"'{who}: discard {pair} take BUILDING@SPACE'"))
    if rules.buying:
        moves.append(("buy (A2)", f"'{who}: buy BUILDING'"))
    moves.append(("pass", f"'{who}: pass'"))
    moves.append(("STOP (others)", "'NAME: STOP'"))
    lines += [Text(f"  {label + ':':<15} {ask} {move}") for label, move in moves]
    lines.append(Text(f"Ranked suggestions: adjudicator hint {record}", style="dim"))
    return lines


def table_view(game: Game, player: str | None = None) -> RenderableType:
    """What a player at the table needs to see: the scores, the hands and the piles (the
    next moves are `next_moves`, lines to copy)."""
    return Group(game_summary(game), hands_table(game, player), piles_line(game))


def replay_view(r: Replay) -> RenderableType:
    board = r.game.state.board
    t = Table("line", "turn", "move", "ruling", "points", title=f"Replay: {board.name}")
    for a in r.annotations:
        o = a.outcome
        verdict = (
            Text(f"{ILLEGAL}: {shown(o.message)}", style="red")
            if not o.legal
            else Text(shown(o.message))
        )
        pts = str(o.points) if o.legal else "-"
        if a.score_differs:
            pts = f"{o.points} (table: {a.move.claimed})"
        t.add_row(str(a.move.line or ""), str(a.turn), format_move(a.move), verdict, pts)
    parts: list[RenderableType] = [t]
    findings = Table("overlooked", "points", "what", title="Overlooked points")
    for who, turn, report in r.overlooked:
        what = "; ".join(x.explanation for x in report.removable) or "; ".join(
            d.reason for d in report.determined
        )
        findings.add_row(f"STOP after {who}'s turn {turn}", str(report.points), what)
    for a in r.illegal:
        findings.add_row(f"illegal move, line {a.move.line}", "-", shown(a.outcome.message))
    for a in r.score_differences:
        findings.add_row(
            f"score, line {a.move.line}",
            f"{a.outcome.points} not {a.move.claimed}",
            format_move(a.move),
        )
    parts.append(findings if findings.row_count else Text("Nothing was overlooked."))
    scores = Table("player", "corrected score", "table's score", title="Scores")
    table_scores = r.table_scores() or {}
    for player, total in r.scores().items():
        at_table = table_scores.get(player)
        scores.add_row(player, str(total), "-" if at_table is None else str(at_table))
    parts.append(scores)
    parts.append(game_summary(r.game))
    return Panel(Group(*parts))


def ruled_lines(ruled: Ruled) -> list[RenderableType]:
    """A legal move's ruling (the game protocol's view of it, `render/tables.py`)."""
    from adjudicator.deduction.rules.ruling import Ruling
    from adjudicator.render.rulings import ruling_view

    ruling = ruled.ruling  # the deduction entry's own (a Ruling, or None: no rule to cite)
    return [ruling_view(ruling)] if isinstance(ruling, Ruling) else [shown(ruled.message)]


def after_lines(after: Game) -> list[RenderableType]:
    """The STOP claims a move leaves open, and the table as the next player finds it."""
    from adjudicator.deduction.game.ahead import ahead
    from adjudicator.render.rulings import stop_view

    shown = ahead(after)
    return [
        stop_view(shown.claims, after.state.board, "Open STOP claims"),
        game_summary(shown.game),
    ]


def hint_lines(h: Hint | RefillHint, game: Game, source: str, top: int) -> list[RenderableType]:
    """The hint of a record's player to act: the ranked turns (before Old Town's refill,
    the ranked takes), each with its command."""
    from adjudicator.deduction.hint import Hint
    from adjudicator.render.hints import hint_commands, hint_view
    from adjudicator.render.refill import refill_lines

    if not isinstance(h, Hint):
        return refill_lines(h, source, top)
    return [hint_view(h, game.state.board, top), *hint_commands(h, source, top)]


def hint_data(h: Hint | RefillHint, game: Game, source: str, top: int) -> dict[str, Any]:
    """The hint's JSON, each action (or take) with the command that carries it out."""
    from adjudicator.deduction.hint import Hint
    from adjudicator.render.hints import hint_data as data
    from adjudicator.render.refill import refill_data

    if not isinstance(h, Hint):
        return refill_data(h, source, top)
    return data(h, source, top)


def review_lines(r: Replay, source: str) -> list[RenderableType]:
    """`replay` of a record: every move re-adjudicated, and what the table missed."""
    return [replay_view(r)]


def review_data(r: Replay) -> dict[str, Any]:
    from adjudicator.deduction.serialize import to_json

    data: dict[str, Any] = to_json(r)
    return data


def show_lines(game: Game, viewer: str | None, source: str) -> list[RenderableType]:
    """`game show`: the board as the record leaves it, the scores and hands, and what the
    active player may do next."""
    from adjudicator.deduction.game.ahead import ahead
    from adjudicator.render.terminal import board_view

    game = ahead(game).game
    state = game.state
    return [
        board_view(state.board, state),
        table_view(game, viewer),
        *next_moves(game, source, viewer),
    ]


def show_svg(game: Game, name: str) -> str | None:
    from adjudicator.deduction.game.ahead import ahead
    from adjudicator.render.svg import board_svg, state_caption

    shown = ahead(game)
    game, state = shown.game, shown.game.state
    return board_svg(
        state.board,
        state,
        title=f"{state.board.name}: {name}",
        claims=shown.claims,
        caption=state_caption(state, game.turn, game.over),
    )


def new_lines(game: Game, source: str) -> list[RenderableType]:
    """`game new`: the table the record sets up, and the first moves."""
    return [
        f"New {game.state.board.name} record in {source}.",
        table_view(game),
        *next_moves(game, source),
    ]
