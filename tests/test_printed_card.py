"""A card named by its printed map (issue 40, item 1): `4:bank@c3,c4,d3,d4`, `8:my@...`,
`8+8:hotel@... next-to my@...`. It compiles to the card a card-file entry with that map
would be, is found in the deck by its face, and is ruled as the card by its number, on the
rules API, in a record line and on the command line."""

from __future__ import annotations

import json
import shlex
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.core.evolve import evolve
from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.files.state_file import load_state, write_state
from adjudicator.deduction.game.flow import Game, Outcome
from adjudicator.deduction.game.notation import format_move, parse_move
from adjudicator.deduction.game.record import record_from_text
from adjudicator.deduction.models.cards import Card, CardSet
from adjudicator.deduction.models.clue import evaluate, parse
from adjudicator.deduction.models.printed_card import (
    PrintedCardError,
    card_in,
    match_number,
    printed_card,
    printed_text,
)
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.ruling import Ruling
from adjudicator.deduction.rules.turns import rule_turn
from tests.budget import examples
from tests.strategies import boards_and_cards

EDITIONS = ("old-town", "gads-hill-1874")
runner = CliRunner()


def _face(c: Card) -> tuple[object, ...]:
    return (c.kind, c.subject, c.spaces, c.relation, c.my_spaces)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_shipped_card_compiles_from_its_printed_map(edition: str) -> None:
    """The printed map gives the card-file entry's face, a clue that evaluates to exactly
    its map, and the deck finds the card's own number by it."""
    e = load_edition(edition)
    for c in e.cards:
        text = printed_text(c, e.board)
        got = printed_card(text, e.board, c.number)
        assert _face(got) == _face(c), text
        assert evaluate(parse(got.clue), e.board) == c.spaces
        if got.my_clue is not None:
            assert evaluate(parse(got.my_clue), e.board) == c.my_spaces
        assert match_number(e.cards, got) == c.number


def test_the_notation_as_a_table_writes_it() -> None:
    b = load_edition("old-town").board
    c = printed_card("red: Stage Coach Office @ b3, C3", b)
    assert (c.kind, c.subject, c.spaces) == ("building", "stage-coach-office", {"b3", "c3"})
    c = printed_card("8+8:bank@c3,c4 next-to my@b3", b)
    assert (c.kind, c.relation, c.my_spaces) == ("condition", "next_to", {"b3"})
    assert printed_card("condition:bank@c3 opposite", b).my_spaces is None  # anywhere
    assert printed_card("7:my@a2,b2", b).kind == "district"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("4:bnak@c3", "unknown building 'bnak' on Old Town; did you mean 'bank'?"),
        ("4:bank@c3,z9", "no space 'z9'"),
        ("4:bank@c3,c3", "names a space twice"),
        ("8:bank@c3", "about 'my' building"),
        ("4:my@c3", "names a building, not 'my'"),
        ("8+8:bank@c3", "gives its relation"),
        ("8+8:bank@c3 besides", "unknown relation 'besides'"),
        ("4:bank@c3 next-to", "only a condition (8+8) card has a relation"),
        ("9:bank@c3", "unknown kind '9'"),
        ("4:bank@", "write a printed card as KIND:BUILDING@SPACES"),
    ],
)
def test_a_bad_printed_card_is_one_line_naming_it(text: str, says: str) -> None:
    with pytest.raises(PrintedCardError) as exc:
        printed_card(text, load_edition("old-town").board)
    message = str(exc.value)
    assert message.startswith(f"card {text!r}: ") and says in message
    assert "\n" not in message


# ----- the property: by its map or by its number, the same ruling ---------------------------

HEADER = '[Edition "{}"]\n[Players "ann, bob"]\n'


def _on_deck(s: GameState, edition: str, leave_out: int | None = None) -> GameState:
    """The state on the shipped deck (perhaps without one card), hands not tracked."""
    e = load_edition(edition)
    if leave_out is not None:
        cards = {n: c for n, c in e.cards.cards.items() if n != leave_out}
        e = replace(e, cards=CardSet(e.cards.name, e.cards.source, cards))
    players = tuple(replace(p, hand=None) for p in s.players)
    return evolve(s, edition=e, players=players)


def _verdict(r: Ruling | None) -> tuple[object, ...]:
    """What a ruling decides, the card's number and words left out."""
    if r is None:
        return (None,)
    after = r.after
    return (
        r.status,
        tuple(x.code for x in r.reasons),
        r.markers_placed,
        r.removed,
        r.built,
        r.retired,
        r.points,
        dict(after.placed),
        dict(after.markers),
        after.retired,
        tuple((p.name, p.points, p.buildings) for p in after.players),
    )


def _by_record(s: GameState, edition: str, card: str, my: str | None) -> Outcome:
    game = Game(record_from_text(HEADER.format(edition)).header, s, None, 0)
    line = f"ann: {card}" + (f" as {my}" if my else "")
    move = parse_move(line)
    assert format_move(move) == line  # the record keeps the card as written
    return game.apply(move)[1]


@st.composite
def _cases(draw: st.DrawFn) -> tuple[str, GameState, Card, str | None]:
    edition = draw(st.sampled_from(EDITIONS))
    s, _card, _my = draw(boards_and_cards(edition))
    c = draw(st.sampled_from(list(load_edition(edition).cards)))
    mine = list(s.player("ann").buildings)
    my = draw(st.sampled_from(mine)) if c.needs_my_building and mine else None
    return edition, s, c, my


@settings(max_examples=examples(120), deadline=None, suppress_health_check=list(HealthCheck))
@given(_cases())
def test_a_card_by_its_printed_map_is_ruled_as_by_its_number(
    case: tuple[str, GameState, Card, str | None],
) -> None:
    edition, s, c, my = case
    s = _on_deck(s, edition)
    text = printed_text(c, s.board)
    by_number = rule_turn(s, [(c.number, my)], "ann")
    # The rules API: the deck's own card, found by its map.
    found, number = card_in(s, text)
    assert found is s and number == c.number
    # A deck that lacks it (the printed game's deck is not ours): the map alone rules.
    bare = _on_deck(s, edition, leave_out=c.number)
    grown, fresh = card_in(bare, text)
    assert fresh not in bare.cards and _face(grown.cards[fresh]) == _face(c)
    assert _verdict(rule_turn(grown, [(fresh, my)], "ann")) == _verdict(by_number)
    # A record line, on the deck and on the deck that lacks the card.
    numbered = _by_record(s, edition, str(c.number), my)
    for state in (s, bare):
        printed = _by_record(state, edition, text, my)
        assert printed.legal == numbered.legal
        assert _verdict(printed.ruling) == _verdict(numbered.ruling)
        if not numbered.legal and numbered.ruling is None:
            assert printed.message == numbered.message


# ----- the command line ---------------------------------------------------------------------


@pytest.fixture
def mid(tmp_path: Path) -> Path:
    path = tmp_path / "old-town-mid.toml"
    shutil.copy(data_dir("examples") / "old-town-mid.toml", path)
    return path


def _hand_free(path: Path) -> None:
    """The example without its hands: a table that keeps none."""
    s = load_state(path)
    write_state(path, evolve(s, players=tuple(replace(p, hand=None) for p in s.players)))


@pytest.mark.parametrize("edition", EDITIONS)
def test_play_takes_every_card_by_its_printed_map_as_by_its_number(
    tmp_path: Path, edition: str
) -> None:
    """The command line over every card of the set, on the example's mid-game position."""
    path = tmp_path / f"{edition.split('-')[0]}.toml"
    shutil.copy(
        data_dir("examples") / f"{'gads-hill' if 'gads' in edition else edition}-mid.toml", path
    )
    _hand_free(path)
    e = load_edition(edition)
    for c in e.cards:
        by_number = runner.invoke(app, ["play", str(path), str(c.number), "--json"])
        by_map = runner.invoke(app, ["play", str(path), printed_text(c, e.board), "--json"])
        assert by_number.exit_code == by_map.exit_code, by_map.output
        numbered, printed = json.loads(by_number.output), json.loads(by_map.output)
        # P7's choices name the card as it was given: by its number, or by its map.
        for choice in printed.get("choices", ()):
            assert shlex.split(choice.pop("command"))[3] == printed_text(c, e.board)
        for choice in numbered.get("choices", ()):
            assert shlex.split(choice.pop("command"))[3] == str(c.number)
        assert numbered == printed


def test_play_and_discard_refuse_a_misprinted_card_in_one_line(mid: Path) -> None:
    for args in (
        ["play", str(mid), "4:sherif@b1,c1"],
        ["discard", str(mid), "3", "4:sherif@b1,c1", "--take", "bank@c3"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 1
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "card '4:sherif@b1,c1': unknown building 'sherif'" in lines[0]
        assert "Traceback" not in result.output


def test_a_record_line_with_a_misprinted_card_is_refused_in_one_line(tmp_path: Path) -> None:
    record = tmp_path / "t.game"
    new = ["game", "new", str(record), "--edition", "old-town", "--players", "ann,bob"]
    assert runner.invoke(app, new).exit_code == 0
    bad = runner.invoke(app, ["game", "move", str(record), "ann: 4:church@e1,e2,e9"])
    assert bad.exit_code == 1 and "card '4:church@e1,e2,e9': no space 'e9'" in bad.output
    good = runner.invoke(app, ["game", "move", str(record), "ann: 4:church@e1,e2,e3,f3"])
    assert good.exit_code == 0, good.output
    assert "ann: 4:church@e1,e2,e3,f3" in record.read_text(encoding="utf-8")
    hint = runner.invoke(app, ["hint", str(record), "--hand", "4:bank@b2,c3,b4,c4; 3"])
    assert hint.exit_code == 0, hint.output
    twice = runner.invoke(app, ["hint", str(record), "--hand", "4:bank@b2,c3,b4,c4; 2"])
    assert twice.exit_code == 1 and "--hand 2: named twice" in twice.output


def test_a_hint_names_a_card_our_deck_lacks_by_its_map(tmp_path: Path) -> None:
    """`hint --hand` with a printed card the deck does not hold suggests the move by the
    card's map (its number is only this ruling's), and that move is taken."""
    record = tmp_path / "t.game"
    new = ["game", "new", str(record), "--edition", "old-town", "--players", "ann,bob"]
    assert runner.invoke(app, new).exit_code == 0
    hint = runner.invoke(app, ["hint", str(record), "--hand", "8:my@a2,b2,c3,d3"])
    assert hint.exit_code == 0, hint.output
    lines = [x for x in hint.output.splitlines() if "game move" in x and "8:my@" in x]
    assert lines, hint.output
    move = lines[0].split("game move ", 1)[1].split(" ", 1)[1].strip("'")
    assert move.startswith("ann: 8:my@a2,b2,c3,d3 as ")
    done = runner.invoke(app, ["game", "move", str(record), move])
    assert done.exit_code == 0, done.output
