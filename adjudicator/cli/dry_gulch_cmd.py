"""`adjudicator dry-gulch ...`: paying for, placing and scoring Dry Gulch buildings."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol

import typer

from adjudicator.cli.checks import acting_player, canonical
from adjudicator.cli.options import PlayerOpt
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:  # types only: Dry Gulch loads inside its commands
    from rich.console import RenderableType

    from adjudicator.dry_gulch.data import Rules
    from adjudicator.dry_gulch.state import DGState


class PhaseResult(Protocol):
    """What every phase of a Dry Gulch turn answers (discard, draw, events, ...)."""

    @property
    def legal(self) -> bool: ...
    @property
    def after(self) -> DGState: ...
    def to_json(self) -> dict[str, Any]: ...


# Dry Gulch is imported inside each command: the other games' commands never load it.

__all__ = ["app"]


# -- Names typed on the command line --------------------------------------------------------
# Like the deduction commands (`checks.resolve_building`): a permit, site or event is named
# by its id or its printed name in any case (`General Store`, `GENERAL-STORE`, `Sheriff's
# Office`, `NW-1`), and resolved to its id before the engine sees it; an unknown name is bad
# input (one line, exit 1) with a close match, never a refusal citing a rule.


def _key(name: str) -> str:
    """A name compared: `checks.canonical` without full stops, so `I.O.U.` names `iou`."""
    return canonical(name).replace(".", "")


def _resolve(source: object, option: str, value: str, what: str, names: Mapping[str, str]) -> str:
    """The id among `names` (id -> printed name) that `value` names; else bad input."""
    wanted = _key(value)
    for ident, printed in names.items():
        if wanted in (_key(ident), _key(printed)):
            return ident
    close = difflib.get_close_matches(wanted, list(names), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise RulesError(f"{source}: {option} {value!r}: unknown {what}{hint}")


def _permit(rules: Rules, source: object, value: str, option: str = "BUILDING") -> str:
    return _resolve(
        source, option, value, "building", {p.id: p.name for p in rules.permits.values()}
    )


def _site(rules: Rules, source: object, value: str, option: str = "SITE") -> str:
    return _resolve(source, option, value, "site", {s: s for s in rules.sites})


def _event(rules: Rules, source: object, value: str, option: str) -> str:
    return _resolve(source, option, value, "event", {e.id: e.name for e in rules.events.values()})


def _hand_card(rules: Rules, source: object, value: str, option: str = "CARDS") -> str:
    """A hand card as the state writes it (`lumber`, `labor:2`, `event:iou`), from any case
    and an event's printed name (`LUMBER`, `Event:I.O.U.`, `event:Fire Insurance`)."""
    kind, colon, arg = value.partition(":")
    if canonical(kind) == "event" and colon:
        return f"event:{_event(rules, source, arg, option)}"
    return f"{canonical(kind)}{colon}{arg.strip()}"


def _draw_words(rules: Rules, source: object, how: list[str]) -> list[str]:
    """The draw's words lower-cased, each permit id resolved (`permit stack General-Store`,
    `... discarding Hotel`, `bank ... permit Saloon`): the word after `discard`, `stack`,
    `discarding`, or a `permit` that is not followed by one of them."""
    words = [w.lower() for w in how]
    for i in range(1, len(words)):
        before = words[i - 1]
        after_permit = before == "permit" and words[i] not in ("discard", "stack")
        if before in ("discard", "stack", "discarding") or after_permit:
            words[i] = _permit(rules, source, how[i], "PERMIT")
    return words


app = typer.Typer(
    help=(
        "Dry Gulch: set up a table; each phase of a turn (events and playing them, draw, "
        "build: pay, plan, place; rewards, misfortunes, discard); score; simulate games. A "
        "whole game is kept with `adjudicator game --edition dry-gulch`."
    ),
    no_args_is_help=True,
)

StateArg = Annotated[
    Path,
    typer.Argument(metavar="STATE", help="A Dry Gulch state file (or, to read, a record)."),
]
WriteOpt = Annotated[bool, typer.Option("--write", help="Write the resulting state.")]
BuildingArg = Annotated[str, typer.Argument(help="The building (permit id).")]


@app.command()
@handle_errors
def pay(
    state_file: StateArg,
    building: BuildingArg,
    player: PlayerOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Can the player's hand pay for the building, and with which cards?"""
    from adjudicator.cli.games import own_game_state
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.dry_gulch.why import pay_answer
    from adjudicator.render.dry_gulch import pay_view

    out = Output(as_json)
    state = own_game_state(state_file, "dry-gulch", load_dg_state, "dry-gulch pay")
    who = acting_player(state, state_file, player)
    building = _permit(state.rules, state_file, building)
    answer = pay_answer(state, building, who, source=str(state_file))
    if not answer.holds_permit:
        out.warn(
            f"{who} holds no {state.rules.permits[building].name} permit: this is what the "
            "hand could pay if they did"
        )
    out.show(pay_view(answer, state.rules))
    out.json(answer.to_json(state.rules))


@app.command()
@handle_errors
def plan(state_file: StateArg, player: PlayerOpt = None, as_json: JsonOpt = False) -> None:
    """The buildings this turn's hand pays for together that gain the most influence."""
    from adjudicator.cli.games import own_game_state
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.dry_gulch.why import plan_answer
    from adjudicator.render.dry_gulch import plan_view

    out = Output(as_json)
    state = own_game_state(state_file, "dry-gulch", load_dg_state, "dry-gulch plan")
    answer = plan_answer(state, acting_player(state, state_file, player))
    out.show(plan_view(answer, state.rules))
    out.json(answer.to_json())


@app.command()
@handle_errors
def place(
    state_file: StateArg,
    building: BuildingArg,
    site: Annotated[str, typer.Argument(help="The site.")],
    as_json: JsonOpt = False,
) -> None:
    """Whether the building may stand on the site, and why not."""
    from adjudicator.cli.games import own_game_state
    from adjudicator.dry_gulch.place import rule_placement
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import place_view

    out = Output(as_json)
    state = own_game_state(state_file, "dry-gulch", load_dg_state, "dry-gulch place")
    building = _permit(state.rules, state_file, building)
    site = _site(state.rules, state_file, site)
    answer = rule_placement(state, building, site)
    out.show(place_view(state.rules, answer))
    out.json(
        {
            "building": building,
            "site": site,
            "legal": answer.legal,
            "reasons": [{"code": str(r.code), "message": r.message} for r in answer.reasons],
        }
    )


@app.command()
@handle_errors
def score(state_file: StateArg, as_json: JsonOpt = False) -> None:
    """Each player's influence on the board, what they still lack, and the winner."""
    from adjudicator.cli.games import own_game_state
    from adjudicator.dry_gulch.score import score as count_score
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import score_view

    out = Output(as_json)
    state = own_game_state(state_file, "dry-gulch", load_dg_state, "dry-gulch score")
    result = count_score(state)
    out.show(score_view(result))
    out.json(result.to_json())


@app.command()
@handle_errors
def discard(
    state_file: StateArg,
    cards: Annotated[
        list[str] | None,
        typer.Argument(help="The cards the active player discards, e.g. lumber labor:2."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="The random discards over the hand limit.")
    ] = None,
    over: Annotated[
        list[str] | None,
        typer.Option(
            "--over",
            help="NAME=CARD: a card a real table discarded at random from NAME's hand over "
            "the hand limit (repeat); default: the seed's.",
        ),
    ] = None,
    write: WriteOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The discard phase: cards chosen, misfortunes off, random cards over the limit."""
    from adjudicator.core.errors import InputError
    from adjudicator.dry_gulch.discard import discard_phase
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import discard_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    chosen = [_hand_card(state.rules, state_file, c) for c in cards or []]
    named: dict[str, list[str]] = {}
    for pair in over or []:
        name, eq, card = pair.partition("=")
        if not eq or not name.strip() or not card.strip():
            raise InputError("--over", pair, "write NAME=CARD, e.g. bob=lumber")
        card = _hand_card(state.rules, state_file, card, "--over")
        named.setdefault(name.strip().lower(), []).append(card)
    result = discard_phase(state, chosen, seed, named)
    _finish_phase(out, result, discard_view(result), state_file, write, "the discard")


@app.command()
@handle_errors
def draw(
    state_file: StateArg,
    how: Annotated[
        list[str],
        typer.Argument(
            help="resources [C C C] | permit discard ID | permit stack ID \\[discarding ID] | "
            "bank [C C permit ID]: the cards named are those a real table drew"
        ),
    ],
    seed: Annotated[
        int | None, typer.Option("--seed", help="The reshuffle when the stack runs out.")
    ] = None,
    write: WriteOpt = False,
    as_json: JsonOpt = False,
) -> None:
    # `\\[` is an escape: Rich takes a bare `[decks]` for markup and prints nothing of it.
    """The draw phase: three resources, a permit, or the Bank's draw (the state's \\[decks])."""
    from adjudicator.dry_gulch.draw import draw_phase
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import draw_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    result = draw_phase(state, _draw_words(state.rules, state_file, how), seed)
    _finish_phase(out, result, draw_view(result), state_file, write, "the draw")


def _finish_phase(
    out: Output, result: PhaseResult, view: RenderableType, path: Path, write: bool, what: str
) -> None:
    """Show a phase's ruling (or its JSON) and, with --write, write the state it leaves;
    a phase that is not legal is not written."""
    from adjudicator.dry_gulch.state import write_dg_state

    out.show(view)
    out.json(result.to_json())
    if write:
        if not result.legal:
            out.warn(f"not written: {what} is not legal")
            raise typer.Exit(1)
        write_dg_state(path, result.after)


@app.command()
@handle_errors
def reward(
    state_file: StateArg,
    built: Annotated[
        list[str] | None, typer.Option("--built", help="A site built on this turn (repeat).")
    ] = None,
    violet: Annotated[
        list[str] | None,
        typer.Option("--violet", help="A violet card played this turn (repeat)."),
    ] = None,
    every_turn: Annotated[
        bool,
        typer.Option("--every-turn", help="Option: every building pays every turn."),
    ] = False,
    drawn: Annotated[
        list[str] | None,
        typer.Option(
            "--drawn",
            help="A reward card a real table drew (repeat, in the order drawn, seat order "
            "from the active player); default: the seed's.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="The reshuffle when the stack runs out.")
    ] = None,
    write: WriteOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The reward phase: the new buildings' rewards and three cards a violet card's owners."""
    from adjudicator.dry_gulch.reward import reward_phase
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import reward_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    sites = [_site(state.rules, state_file, s, "--built") for s in built or []]
    cards = [_event(state.rules, state_file, v, "--violet") for v in violet or []]
    named = [_hand_card(state.rules, state_file, c, "--drawn") for c in drawn or []]
    result = reward_phase(state, sites, cards, seed, every_turn, named=named)
    _finish_phase(out, result, reward_view(result), state_file, write, "the reward phase")


@app.command()
@handle_errors
def new(
    state_file: Annotated[Path, typer.Argument(metavar="STATE", help="The file to write.")],
    players: Annotated[
        str, typer.Option("--players", help="3 to 6 names, the starting player first.")
    ],
    seed: Annotated[int, typer.Option("--seed", help="Shuffles the stacks.")] = 1,
    residence: Annotated[
        list[str] | None,
        typer.Option("--residence", help="NAME=SITE (repeat); default: the first free edge."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the file.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Set up a new table: residences placed, stacks shuffled, 5 resources and 3 permits."""
    from adjudicator.core.errors import InputError
    from adjudicator.core.table import players_option
    from adjudicator.dry_gulch.data import load_rules
    from adjudicator.dry_gulch.score import score as count_score
    from adjudicator.dry_gulch.setup import new_table
    from adjudicator.dry_gulch.state import state_data, write_dg_state
    from adjudicator.render.dry_gulch import score_view

    out = Output(as_json)
    if state_file.exists() and not force:
        raise InputError(str(state_file), "", "exists already (use --force to overwrite)")
    homes = {}
    for pair in residence or []:
        name, eq, site = pair.partition("=")
        if not eq:
            raise InputError("--residence", pair, "write NAME=SITE")
        where = _site(load_rules(), state_file, site, f"--residence {name.strip()}")
        homes[name.strip().lower()] = where
    names = [n.strip().lower() for n in players.split(",") if n.strip()]
    with players_option("--players"):
        state = new_table(names, seed, homes)
    write_dg_state(state_file, state)
    out.show(score_view(count_score(state)))
    out.json({"ok": True, "state": state_data(state)})


@app.command()
@handle_errors
def events(
    state_file: StateArg,
    discard: Annotated[
        str | None, typer.Option("--discard", help="The one of three turned up to discard.")
    ] = None,
    take: Annotated[
        list[str] | None,
        typer.Option("--take", help="A red or yellow card to take into the hand (repeat)."),
    ] = None,
    turned: Annotated[
        list[str] | None,
        typer.Option(
            "--turned",
            help="A card a real table turned up (repeat, three times); default: the seed's.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="The reshuffle when the stack runs low.")
    ] = None,
    write: WriteOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The event phase: three turned up, one discarded, red and yellow ones to the hand."""
    from adjudicator.dry_gulch.events import event_phase
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import event_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    rules = state.rules
    if discard is not None:
        discard = _event(rules, state_file, discard, "--discard")
    taken = [_event(rules, state_file, t, "--take") for t in take or []]
    shown = [_event(rules, state_file, t, "--turned") for t in turned or []]
    result = event_phase(state, discard, taken, seed, shown)
    _finish_phase(out, result, event_view(result), state_file, write, "the event phase")


@app.command()
@handle_errors
def misfortune(
    state_file: StateArg,
    event: Annotated[str, typer.Argument(help="fire or vandalism, face up or from the hand.")],
    site: Annotated[str, typer.Argument(help="The site of the building it is played on.")],
    seed: Annotated[
        int | None, typer.Option("--seed", help="Which cards are drawn at random.")
    ] = None,
    losing: Annotated[
        list[str] | None,
        typer.Option(
            "--losing",
            help="A card a real table drew from the owner's hand (repeat, in the order of "
            "those who draw); default: the seed's.",
        ),
    ] = None,
    write: WriteOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Play a Fire or Vandalism against a building: damaged, and the cards its owner loses."""
    from adjudicator.dry_gulch.misfortune import play_misfortune
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import misfortune_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    event = _event(state.rules, state_file, event, "EVENT")
    site = _site(state.rules, state_file, site)
    lost = [_hand_card(state.rules, state_file, c, "--losing") for c in losing or []]
    result = play_misfortune(state, event, site, seed, lost)
    _finish_phase(out, result, misfortune_view(result), state_file, write, "the misfortune")


@app.command()
@handle_errors
def play(
    state_file: StateArg,
    event: Annotated[str, typer.Argument(help="A face-up event card without a triangle.")],
    site: Annotated[
        str | None,
        typer.Argument(help="The Saloon a Gunfight in the Saloon is played against."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Which cards are drawn at random.")
    ] = None,
    losing: Annotated[
        list[str] | None,
        typer.Option(
            "--losing",
            help="A card a real table drew from a hand (repeat, in the order of the draws; "
            "'ace' first for a draw where the Ace was shown before an I.O.U.); default: the "
            "seed's.",
        ),
    ] = None,
    drawing: Annotated[
        list[str] | None,
        typer.Option(
            "--drawing",
            help="A card a real table drew from the resource stack (repeat, in the order "
            "of who takes them); default: the seed's.",
        ),
    ] = None,
    permit: Annotated[
        str | None, typer.Option("--permit", help="The permit Land Grant drew (a real table).")
    ] = None,
    write: WriteOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Play a face-up event without a triangle (Election Poll, Land Grant, ...)."""
    from adjudicator.dry_gulch.losses import Named
    from adjudicator.dry_gulch.other_events import play_event
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import other_event_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    event = _event(state.rules, state_file, event, "EVENT")
    where = _site(state.rules, state_file, site) if site is not None else None
    named = Named(
        [_hand_card(state.rules, state_file, c, "--losing") for c in losing] if losing else None,
        [_hand_card(state.rules, state_file, c, "--drawing") for c in drawing] if drawing else None,
    )
    kept = _permit(state.rules, state_file, permit, "--permit") if permit is not None else None
    result = play_event(state, event, where, seed, named, kept)
    _finish_phase(out, result, other_event_view(result), state_file, write, "the event")


# `--policy`'s type is spelled here (Typer reads it at start-up, before Dry Gulch may be
# imported); it is `dry_gulch.game.simulate.Policy` (tests/test_dry_gulch_game.py).
DGPolicy = Literal["random", "greedy"]


@app.command()
@handle_errors
def simulate(
    games: Annotated[int, typer.Option("--games", min=1, max=100_000, help="Games to play.")] = 100,
    players: Annotated[int, typer.Option("--players", min=3, max=6, help="3 to 6 seats.")] = 3,
    policy: Annotated[
        DGPolicy, typer.Option("--policy", help="random or greedy, for every seat.")
    ] = "random",
    seed: Annotated[int, typer.Option("--seed", help="The first game's seed.")] = 1,
    as_json: JsonOpt = False,
) -> None:
    """Self-play whole games: game length, wins by seat, the cards that decide games."""
    from rich.table import Table

    from adjudicator.dry_gulch.game.simulate import simulate as run

    out = Output(as_json)
    figures = run(games, players, policy, seed).to_json()
    turns = figures["turns"]
    seats = Table("seat", "wins", "rate", title="Wins by seat (1 starts)")
    for seat, row in figures["wins_by_seat"].items():
        seats.add_row(seat, str(row["wins"]), f"{row['rate']:.1%}")
    cards = Table("card", "games", "rate", title="The card whose move won the game")
    for row in figures["decisive"][:10]:
        cards.add_row(row["card"], str(row["games"]), f"{row['rate']:.1%}")
    out.lines(
        f"{figures['games']} games, {players} players, {policy} policy: {figures['won']} won, "
        f"{figures['stalled']} stalled; turns mean {turns['mean']}, median {turns['median']}, "
        f"{turns['min']} to {turns['max']}; rounds mean {figures['rounds_mean']}; "
        f"{figures['seconds_per_game']} s a game."
    )
    out.show(seats, cards)
    out.json(figures)
