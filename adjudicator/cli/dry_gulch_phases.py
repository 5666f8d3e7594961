"""`adjudicator dry-gulch` commands for the phases of a turn on a state file: events,
draw, misfortune, play, reward, discard (registered on the `dry-gulch` app by
`dry_gulch_cmd.py`). Each shows the phase ruled and, with --write, writes the state it
leaves."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.checks import check_seeds
from adjudicator.cli.dry_gulch_args import PhaseResult, StateArg, WriteOpt
from adjudicator.cli.dry_gulch_names import draw_words, event_id, hand_card, permit_id, site_id
from adjudicator.cli.output import JsonOpt, Output, handle_errors

if TYPE_CHECKING:
    from rich.console import RenderableType

    from adjudicator.dry_gulch.phase_order import Step
    from adjudicator.dry_gulch.state import DGState

__all__ = ["discard", "draw", "events", "misfortune", "play", "reward"]


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
    _in_turn(out, state, "discard")
    chosen = [hand_card(state.rules, state_file, c) for c in cards or []]
    named: dict[str, list[str]] = {}
    for pair in over or []:
        name, eq, card = pair.partition("=")
        if not eq or not name.strip() or not card.strip():
            raise InputError("--over", pair, "write NAME=CARD, e.g. bob=lumber")
        card = hand_card(state.rules, state_file, card, "--over")
        named.setdefault(name.strip().lower(), []).append(card)
    check_seeds(seed)
    result = discard_phase(state, chosen, seed, named)
    _finish_phase(out, result, discard_view(result), state_file, write, "the discard", "discard")


@handle_errors
def draw(
    state_file: StateArg,
    how: Annotated[
        list[str],
        typer.Argument(
            help="resources [C C C] | permit discard ID | permit stack \\[ID \\[discarding ID]] | "
            "bank [C C permit ID]: the cards named are those a real table drew; 'permit "
            "stack' alone shows the two from the stack and asks which one to keep"
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
    _in_turn(out, state, "draw")
    words = draw_words(state.rules, state_file, how)
    if words == ["permit", "stack"]:  # the two are seen before one is kept
        words.append(_keep_from_stack(out, state, as_json))
    check_seeds(seed)
    result = draw_phase(state, words, seed)
    _finish_phase(out, result, draw_view(result), state_file, write, "the draw", "draw")


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
        typer.Option(
            "--every-turn",
            help="Every building pays every turn (the default; overrides a state's rewards=built).",
        ),
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
    _in_turn(out, state, "reward")
    sites = [site_id(state.rules, state_file, s, "--built") for s in built or []]
    cards = [event_id(state.rules, state_file, v, "--violet") for v in violet or []]
    named = [hand_card(state.rules, state_file, c, "--drawn") for c in drawn or []]
    check_seeds(seed)
    result = reward_phase(state, sites, cards, seed, every_turn, named=named)
    _finish_phase(out, result, reward_view(result), state_file, write, "the reward phase", "reward")


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
    _in_turn(out, state, "events")
    rules = state.rules
    if discard is not None:
        discard = event_id(rules, state_file, discard, "--discard")
    taken = [event_id(rules, state_file, t, "--take") for t in take or []]
    shown = [event_id(rules, state_file, t, "--turned") for t in turned or []]
    check_seeds(seed)
    result = event_phase(state, discard, taken, seed, shown)
    _finish_phase(out, result, event_view(result), state_file, write, "the event phase", "events")


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
    _in_turn(out, state, "misfortune")
    event = event_id(state.rules, state_file, event, "EVENT")
    site = site_id(state.rules, state_file, site)
    lost = [hand_card(state.rules, state_file, c, "--losing") for c in losing or []]
    check_seeds(seed)
    result = play_misfortune(state, event, site, seed, lost)
    _finish_phase(
        out, result, misfortune_view(result), state_file, write, "the misfortune", "misfortune"
    )


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
    _in_turn(out, state, "play")
    event = event_id(state.rules, state_file, event, "EVENT")
    where = site_id(state.rules, state_file, site) if site is not None else None
    named = Named(
        [hand_card(state.rules, state_file, c, "--losing") for c in losing] if losing else None,
        [hand_card(state.rules, state_file, c, "--drawing") for c in drawing] if drawing else None,
    )
    kept = permit_id(state.rules, state_file, permit, "--permit") if permit is not None else None
    check_seeds(seed)
    result = play_event(state, event, where, seed, named, kept)
    _finish_phase(out, result, other_event_view(result), state_file, write, "the event", "play")


def _keep_from_stack(out: Output, state: DGState, as_json: bool) -> str:
    """`draw STATE permit stack` with no permit named: the drawing player is shown the two
    from the stack (open-permits: the whole stack) and asked which one to keep."""
    from adjudicator.core.errors import InputError
    from adjudicator.dry_gulch.draw import stack_offer

    offer = list(dict.fromkeys(stack_offer(state)))
    if not offer:
        raise InputError("DRAW", "'permit stack'", "no permit can be drawn from the stack now")
    names = ", ".join(f"{p} ({state.rules.permits[p].name})" for p in offer)
    if as_json:  # nobody to ask: the permit is named on the command line
        raise InputError("DRAW", "'permit stack'", f"name the permit kept, one of: {names}")
    out.lines(f"{state.active} draws from the permit stack: {names}")
    printed = {state.rules.permits[p].name.lower(): p for p in offer}
    while True:
        try:
            answer = str(typer.prompt(f"Keep which permit ({' or '.join(offer)})")).strip()
        except typer.Abort:  # no answer (end of input)
            raise InputError(
                "DRAW",
                "'permit stack'",
                f"no permit chosen: name it, e.g. 'permit stack {offer[0]}'",
            ) from None
        kept = answer.lower() if answer.lower() in offer else printed.get(answer.lower())
        if kept is not None:
            return kept
        out.warn(f"{answer!r} is not one of the two: {' or '.join(offer)}")


def _in_turn(out: Output, state: DGState, step: Step) -> None:
    """Refuse (DG-PHASE, exit 1) a phase the state's turn has passed or not reached."""
    from adjudicator.dry_gulch.phase_order import step_refusal

    refusal = step_refusal(state, step)
    if refusal is None:
        return
    out.warn(f"refused: {refusal.code}: {refusal.message}")
    out.json(
        {
            "player": state.active,
            "legal": False,
            "reasons": [{"code": str(refusal.code), "message": refusal.message}],
        }
    )
    raise typer.Exit(1)


def _finish_phase(
    out: Output,
    result: PhaseResult,
    view: RenderableType,
    path: Path,
    write: bool,
    what: str,
    step: Step,
) -> None:
    """Show a phase's ruling (or its JSON) and, with --write, write the state it leaves
    (with where the turn stands) and say so; a phase that is not legal is not written."""
    from adjudicator.dry_gulch.phase_order import after_step, phase_words
    from adjudicator.dry_gulch.state import write_dg_state

    out.show(view)
    out.json(result.to_json())
    if write:
        if not result.legal:
            out.warn(f"not written: {what} is not legal")
            raise typer.Exit(1)
        after = after_step(result.after, step)
        write_dg_state(path, after)
        out.lines(f"wrote {path}: the state after {what}; {phase_words(after)}")
