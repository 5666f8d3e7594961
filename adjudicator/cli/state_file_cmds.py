"""The groups of referee commands on a state file that a registry entry offers
(`adjudicator dry-gulch pay`, `adjudicator black-hills turn`, ...), built by looping over
`tables.GAMES`: each entry names its group's commands, each of a kind defined here once,
and the module of its package that answers them (`Entry.referee`, `core/referee.py`). The
answer is drawn by the view it names (`render/tables.referee_view`): no game is named."""

from __future__ import annotations

import copy
import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, get_args, get_origin

import typer

from adjudicator.cli.checks import acting_player, check_seeds
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError
from adjudicator.core.referee import Answer

__all__ = ["KINDS", "group"]

# `{title}`: the entry's title, filled in as each group is built (`_for_game`).
StateArg = Annotated[
    Path, typer.Argument(metavar="STATE", help="A {title} state file (or, to read, a record).")
]
BuildingArg = Annotated[str, typer.Argument(help="The building (permit id).")]
# One flag for the player, as every command names it: `--player`; `--by`, the name the
# Dry Gulch and Black Hills commands took before, is still read but no longer shown.
PlayerOpt = Annotated[
    str | None, typer.Option("--player", help="Whose (default: the active player).")
]
ByOpt = Annotated[str | None, typer.Option("--by", hidden=True)]
NewArg = Annotated[Path, typer.Argument(metavar="STATE", help="The file to write.")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite the file.")]


def _referee(game: str) -> Any:
    from adjudicator.tables import GAMES

    return GAMES[game].load("referee")


def _state(game: str, path: Path, command: str) -> Any:
    """The state a reading command works on: a state file of the game, or a record's
    current state (`games.own_game_state`)."""
    from adjudicator.cli.games import own_game_state

    return own_game_state(path, game, _referee(game).load, f"{game} {command}")


def _answer(game: str, out: Output, answer: Answer) -> None:
    from adjudicator.render.tables import referee_view

    for warning in answer.warnings:
        out.warn(warning)
    out.show(referee_view(game, answer))
    out.json(answer.data)


def _new_file(path: Path, force: bool, seed: int) -> None:
    check_seeds(seed)
    if path.exists() and not force:
        raise InputError(str(path), "", "exists already (use --force to overwrite)")


def _write_new(game: str, out: Output, path: Path, *new_args: Any) -> None:
    """Set up a table by the referee's `new` (each game asks its own set-up), write it to
    `path` and draw the answer."""
    referee = _referee(game)
    answer: Answer = referee.new(*new_args)
    referee.write(path, answer.after)
    _answer(game, out, answer)


def pay(
    game: str,
    state_file: StateArg,
    building: BuildingArg,
    player: PlayerOpt = None,
    as_json: JsonOpt = False,
    by: ByOpt = None,
) -> None:
    """Can the player's hand pay for the building, and with which cards?"""
    out = Output(as_json)
    state = _state(game, state_file, "pay")
    who = acting_player(state, state_file, player or by, "--player")
    _answer(game, out, _referee(game).pay(state, building, who, state_file))


def place(
    game: str,
    state_file: StateArg,
    building: BuildingArg,
    site: Annotated[str, typer.Argument(help="The site.")],
    as_json: JsonOpt = False,
) -> None:
    """Whether the building may stand on the site, and why not."""
    out = Output(as_json)
    state = _state(game, state_file, "place")
    _answer(game, out, _referee(game).place(state, building, site, state_file))


def score(game: str, state_file: StateArg, as_json: JsonOpt = False) -> None:
    """Each player's influence on the board, what they still lack, and the winner."""
    _answer(game, Output(as_json), _referee(game).score(_state(game, state_file, "score")))


def turn(
    game: str,
    state_file: Annotated[Path, typer.Argument(metavar="STATE", help="A {title} state file.")],
    text: Annotated[
        str,
        typer.Argument(
            help="The turn, e.g. 'ann: miner; event stolen-gold', or a set-up discard "
            "'ann: keep A B'."
        ),
    ],
    write: Annotated[bool, typer.Option("--write", help="Write the resulting state.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Referee one turn: legal or not and why, and the state it leaves."""
    out = Output(as_json)
    referee = _referee(game)
    answer: Answer = referee.turn(referee.load(state_file), text)
    _answer(game, out, answer)
    if write:
        if not answer.legal:
            out.warn("not written: the turn is not legal")
            raise typer.Exit(1)
        referee.write(state_file, answer.after)


def _for_player(method: str, doc: str) -> Callable[..., None]:
    """A command that asks the referee's `method` about one player (`--player`, default the
    active one): `plan`, `invest` and `best` differ only in the question."""

    def command(
        game: str,
        state_file: StateArg,
        player: PlayerOpt = None,
        as_json: JsonOpt = False,
        by: ByOpt = None,
    ) -> None:
        state = _state(game, state_file, method)
        who = acting_player(state, state_file, player or by)
        _answer(game, Output(as_json), getattr(_referee(game), method)(state, who, state_file))

    command.__name__ = command.__qualname__ = method
    command.__doc__ = doc
    return command


plan = _for_player(
    "plan", "The buildings this turn's hand pays for together that gain the most influence."
)
invest = _for_player(
    "invest", "The most reputation a player can buy now, and the exact payment (CP-SAT)."
)
best = _for_player(
    "best", "For each character in hand, the best turn, ranked by reputation then resources kept."
)


def new_with_residences(
    game: str,
    state_file: NewArg,
    players: Annotated[
        str, typer.Option("--players", help="3 to 6 names, the starting player first.")
    ],
    seed: Annotated[int, typer.Option("--seed", help="Shuffles the stacks.")] = 1,
    residence: Annotated[
        list[str] | None,
        typer.Option("--residence", help="NAME=SITE (repeat); default: the first free edge."),
    ] = None,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Set up a new table: residences placed, stacks shuffled, 5 resources and 3 permits."""
    _new_file(state_file, force, seed)
    _write_new(game, Output(as_json), state_file, state_file, players, seed, residence or [])


def new_with_sheriff(
    game: str,
    state_file: NewArg,
    players: Annotated[
        str, typer.Option("--players", help="2 to 4 names in seat order: ann,bob,cid.")
    ],
    seed: Annotated[int, typer.Option("--seed", help="Shuffles the cards.")] = 1,
    sheriff: Annotated[
        str | None,
        typer.Option("--sheriff", help="Who has the most coins (default: the first)."),
    ] = None,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Set up a new table: supply, jail, four characters and one event card each."""
    _new_file(state_file, force, seed)
    _write_new(game, Output(as_json), state_file, players, seed, sheriff)


#: Each kind of command an entry may offer (`Entry.commands`), by the kind's name.
KINDS: dict[str, Callable[..., None]] = {
    "pay": pay,
    "plan": plan,
    "place": place,
    "score": score,
    "turn": turn,
    "invest": invest,
    "best": best,
    "new-with-residences": new_with_residences,
    "new-with-sheriff": new_with_sheriff,
}


def _titled(param: inspect.Parameter, title: str) -> inspect.Parameter:
    """The parameter with `{title}` in its help given as the game's title."""
    if get_origin(param.annotation) is not Annotated:
        return param
    base, *infos = get_args(param.annotation)
    infos = [copy.copy(info) for info in infos]
    for info in infos:
        if isinstance(getattr(info, "help", None), str):
            info.help = info.help.replace("{title}", title)
    return param.replace(annotation=Annotated[(base, *infos)])


def _for_game(game: str, kind: Callable[..., None]) -> Callable[..., None]:
    """The command `kind` for the entry called `game`: its first parameter given, the rest
    its own (each help in the game's words), which Typer reads from the signature."""
    from adjudicator.tables import GAMES

    def command(*args: Any, **kwargs: Any) -> None:
        kind(game, *args, **kwargs)

    functools.update_wrapper(command, kind)
    signature = inspect.signature(kind, eval_str=True)
    params = [_titled(p, GAMES[game].title) for p in list(signature.parameters.values())[1:]]
    command.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    return handle_errors(command)


def group(game: str) -> typer.Typer:
    """The group of the entry called `game`: the commands it offers, in its order."""
    from adjudicator.tables import GAMES

    entry = GAMES[game]
    app = typer.Typer(help=entry.commands_help, no_args_is_help=True)
    for name, kind in entry.commands:
        app.command(name=name)(_for_game(game, KINDS[kind]))
    return app
