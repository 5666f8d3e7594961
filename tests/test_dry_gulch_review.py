"""Issue 16, a review of Dry Gulch against the rulebook: a table with real cards names what
it really drew (refereed for being in the stack, against a brute-force twin), the
next-move hint, the reward line in words, help texts Rich does not eat, a bad player
count named as its option."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.cli.state_file_cmds import group as group_of
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks, draw_named
from adjudicator.dry_gulch.draw import draw_phase
from adjudicator.dry_gulch.events import event_phase
from adjudicator.dry_gulch.game.flow import DGGame, new_game
from adjudicator.dry_gulch.game.notation import Events
from adjudicator.dry_gulch.game.record import DGHeader, format_move, parse_move, record_from_text
from adjudicator.dry_gulch.game.replay import replay
from adjudicator.dry_gulch.losses import draw_named_from
from adjudicator.dry_gulch.misfortune import play_misfortune
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, parse_card
from tests.budget import examples
from tests.dry_gulch_support import cards, refused_moves
from tests.dry_gulch_twin import can_draw_named, can_lose_named

runner = CliRunner()
RULES = load_rules()
NAMES = ("ann", "bob", "cid")


def table(decks: Decks, built: list[Built] | None = None, round_: int = 1) -> DGState:
    players = tuple(DGPlayer(n) for n in NAMES)
    return DGState(players, "ann", tuple(built or ()), replace(decks, round=round_))


# -- 2. a real table names the cards it drew ----------------------------------------------

CARDS = st.sampled_from(["lumber", "brick", "food"])


@settings(max_examples=examples(300), deadline=None)
@given(
    stack=st.lists(CARDS, max_size=4),
    discard=st.lists(CARDS, max_size=3),
    named=st.lists(CARDS, max_size=3),
    n=st.integers(1, 3),
    seed=st.integers(0, 9),
)
def test_named_draws_agree_with_the_twin_and_keep_every_card(
    stack: list[str], discard: list[str], named: list[str], n: int, seed: int
) -> None:
    d = Decks(resources=list(stack), resource_discard=list(discard))
    shuffled, why = draw_named(d, "resources", list(named), n, random.Random(seed))
    assert (why is None) == can_draw_named(stack, discard, named, n), why
    if why is None:  # the named ones left the piles, nothing else did
        assert Counter(d.resources) + Counter(d.resource_discard) + Counter(named) == Counter(
            stack
        ) + Counter(discard)
        assert shuffled == (len(named) > len(stack))


def test_a_real_tables_three_resources_are_drawn_as_named() -> None:
    s = table(Decks(resources=["mason", "lumber", "brick", "food", "lumber"]))
    r = draw_phase(s, ["resources", "lumber", "food", "lumber"])
    assert r.legal and list(r.resources) == ["lumber", "food", "lumber"]
    assert [c.text for c in r.after.player("ann").hand] == ["lumber", "food", "lumber"]
    assert r.after.decks is not None and sorted(r.after.decks.resources) == ["brick", "mason"]
    for how, why in (
        (["resources", "whiskey", "food", "brick"], "no whiskey in the stack"),
        (["resources", "lumber", "lumber", "lumber"], "no lumber in the stack"),
        (["resources", "lumber", "food"], "3 cards are drawn, 2 named"),
    ):
        refused = draw_phase(s, how)
        assert not refused.legal and refused.reasons[0].code is Code.DRAW
        assert why in refused.reasons[0].message
    # the stack's own cards come before its reshuffled discards
    low = table(Decks(resources=["mason"], resource_discard=["food", "brick", "lumber"]))
    assert draw_phase(low, ["resources", "food", "mason", "brick"], seed=2).legal
    assert not draw_phase(low, ["resources", "food", "brick", "lumber"]).legal


def test_a_real_tables_permits_and_bank_draw_are_drawn_as_named() -> None:
    decks = Decks(resources=["lumber", "brick", "food"], permits=["opera", "hotel", "saloon"])
    s = table(decks, [Built("bank", "ann", "bank-lot")])
    r = draw_phase(s, ["permit", "stack", "saloon", "discarding", "opera"])
    assert r.legal and r.permit == "saloon" and r.discarded_permit == "opera"
    assert r.after.decks is not None and list(r.after.decks.permits) == ["hotel"]
    assert list(r.after.decks.permit_discard) == ["opera"]
    refused = draw_phase(s, ["permit", "stack", "saloon", "discarding", "bank"])
    assert not refused.legal and "no 'bank' left in the permit stack" in refused.reasons[0].message
    bank = draw_phase(s, ["bank", "food", "brick", "permit", "hotel"])
    assert bank.legal and list(bank.resources) == ["food", "brick"] and bank.permit == "hotel"
    assert not draw_phase(s, ["bank", "food", "whiskey"]).legal
    # option bank-draw=extra: the Bank's permit is named after the ordinary draw's
    s = replace(s, options=DGOptions(bank_draw="extra"))
    both = draw_phase(
        s, ["permit", "stack", "hotel", "discarding", "opera", "bank", "permit", "saloon"]
    )
    assert both.legal and both.permit == "hotel" and both.bank_permit == "saloon"


def test_a_real_tables_three_events_are_turned_up_as_named() -> None:
    decks = Decks(events=["fire", "iou", "election-poll", "land-grant"], resources=["lumber"])
    s = table(decks, round_=2)
    ev = event_phase(s, "election-poll", ["iou"], turned=["land-grant", "iou", "election-poll"])
    assert ev.legal and ev.turned_up == ("land-grant", "iou", "election-poll")
    assert list(ev.face_up) == ["land-grant"] and ev.after.decks is not None
    assert list(ev.after.decks.events) == ["fire"]
    bad = event_phase(s, "fire", [], turned=["fire", "fire", "iou"])
    assert (
        not bad.legal and bad.reasons[0].code is Code.EVENT and "no fire" in bad.reasons[0].message
    )


def test_the_notation_of_named_cards_reads_back_and_bad_shapes_are_refused() -> None:
    for text in (
        "ann: draw resources lumber brick labor:2",
        "ann: draw permit stack hotel discarding bank",
        "ann: draw bank lumber brick permit saloon",
        "ann: draw resources food food lumber bank brick mason permit bank",
        "ann: events turned fire iou land-grant discard fire take iou",
    ):
        assert format_move(parse_move(text)) == text
    move = parse_move("ann: events turned fire iou land-grant discard fire take iou")
    assert isinstance(move, Events) and move.turned == ("fire", "iou", "land-grant")
    for bad in (
        "ann: draw resources lumber permit hotel",
        "ann: draw permit stack hotel discarding",
        "ann: draw bank permit",
        "ann: events turned discard fire",
        "ann: events fire iou discard fire",
    ):
        with pytest.raises(ValueError, match=r"a move is|write 'events"):
            parse_move(bad)


def test_a_real_tables_record_keeps_the_cards_it_drew(tmp_path: Path) -> None:
    # `game move` takes the draw a real table made (the bottom three of the referee's
    # stack, not the seed's top three) and the record replays clean with them in hand.
    record = tmp_path / "real.game"
    new = ["game", "new", str(record), "--edition", "dry-gulch", "--players", "ann,bob,cid"]
    assert runner.invoke(app, [*new, "--seed", "5"]).exit_code == 0
    decks = new_game(DGHeader(NAMES, 5)).state.decks
    assert decks is not None
    drawn = decks.resources[-3:]
    assert drawn != decks.resources[:3]
    move = f"ann: draw resources {' '.join(drawn)}"
    r = runner.invoke(app, ["game", "move", str(record), move, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["legal"] and record.read_text().endswith(move + "\n")
    done = replay(record_from_text(record.read_text()))
    assert not done.illegal
    hand = Counter(c.text for c in done.game.state.player("ann").hand)
    assert hand - Counter(drawn) == Counter(
        c.text for c in new_game(DGHeader(NAMES, 5)).state.player("ann").hand
    )
    r = runner.invoke(app, ["game", "move", str(record), "ann: draw resources iou iou iou"])
    assert r.exit_code == 1 and "a move is" in r.stderr


HAND = st.sampled_from(["lumber", "brick", "event:ace-up-your-sleeve"])


@settings(max_examples=examples(300), deadline=None)
@given(
    hand=st.lists(HAND, max_size=4),
    named=st.lists(HAND, max_size=3),
    n=st.integers(1, 3),
)
def test_cards_named_as_lost_agree_with_the_twin(hand: list[str], named: list[str], n: int) -> None:
    state = table(Decks())
    cards = [parse_card(t, state.rules) for t in hand]
    left = list(cards)
    taken = draw_named_from(left, list(named), n, state)
    assert isinstance(taken, list) == can_lose_named(hand, named, n), taken
    if isinstance(taken, list):
        assert [c.text for c in taken] == named
        assert Counter(c.text for c in left) + Counter(named) == Counter(hand)


def test_a_real_tables_misfortune_takes_the_cards_named() -> None:
    built = [Built("saloon", "bob", "nw-1")]
    s = DGState(
        [
            DGPlayer(
                "ann", [parse_card("event:fire", RULES), parse_card("event:vandalism", RULES)]
            ),
            DGPlayer("bob", cards("lumber", "brick", "food")),
            DGPlayer("cid"),
        ],
        "ann",
        built,
        Decks(),
    )
    fire = play_misfortune(s, "fire", "nw-1", losing=["food", "lumber"])
    assert fire.legal and fire.drawn == {"ann": ("food",), "cid": ("lumber",)}
    assert [c.text for c in fire.after.player("bob").hand] == ["brick"]
    for losing, why in (
        (["whiskey", "food"], "no whiskey in the hand"),
        (["food"], "2 cards are drawn from the hand, 1 named"),
    ):
        refused = play_misfortune(s, "fire", "nw-1", losing=losing)
        assert not refused.legal and why in refused.reasons[0].message
    vandal = play_misfortune(s, "vandalism", "nw-1", losing=["brick"])
    assert vandal.legal and vandal.discarded == ("brick",)
    s.player("bob").hand.append(parse_card("event:iou", RULES))
    iou = play_misfortune(s, "vandalism", "nw-1", losing=["brick"])
    assert not iou.legal and "hands over the I.O.U." in iou.reasons[0].message
    game = DGGame(DGHeader(NAMES, 1), s, "build")
    s.player("bob").hand.pop()
    _, out = game.apply(parse_move("ann: fire nw-1 losing brick food"))
    assert out.legal and out.detail["drawn"] == {"ann": ["brick"], "cid": ["food"]}
    assert (
        format_move(parse_move("ann: fire nw-1 losing brick food"))
        == "ann: fire nw-1 losing brick food"
    )


def test_a_real_tables_reward_cards_are_drawn_as_named() -> None:
    # ann built a Hotel (reward 2 in our card file) this turn; the discard move names the
    # rewards drawn, refereed for being in the stack.
    s = table(Decks(resources=["lumber", "brick", "food", "mason"]))
    s = replace(s, buildings=(Built("hotel", "ann", "nw-3"),))
    owed = s.rules.permits["hotel"].reward
    assert owed == 2
    game = DGGame(DGHeader(NAMES, 1), s, "build", built=("nw-3",))
    after, out = game.apply(parse_move("ann: discard rewards mason food"))
    assert out.legal and out.message.startswith("rewards: ann draws mason food"), out.message
    assert sorted(c.text for c in after.state.player("ann").hand) == ["food", "mason"]
    assert after.state.decks is not None and list(after.state.decks.resources) == [
        "lumber",
        "brick",
    ]
    refused_moves(
        game,
        (
            ("ann: discard rewards whiskey food", "no whiskey in the stack"),
            ("ann: discard rewards food", "2 cards are drawn, 1 named"),
            ("ann: discard rewards food mason lumber", "more reward cards named than drawn"),
        ),
        Code.REWARD,
    )
    text = "ann: discard food rewards mason food"
    assert format_move(parse_move(text)) == text
    after, out = game.apply(parse_move(text))
    assert out.legal and [c.text for c in after.state.player("ann").hand] == ["mason"]


# -- 3. the next-move hint offers only what can be legal ------------------------------------


def test_the_hint_offers_no_bank_draw_and_no_face_up_permit_that_is_not_there(
    tmp_path: Path,
) -> None:
    record = tmp_path / "t.game"
    new = ["game", "new", str(record), "--edition", "dry-gulch", "--players", "ann,bob,cid"]
    r = runner.invoke(app, new)
    assert r.exit_code == 0, r.output
    hint = " ".join(r.stdout.split())
    assert "ann: draw resources | draw permit stack ID" in hint
    assert "draw bank" not in hint and "permit discard" not in hint


# -- 4. the reward line in words ------------------------------------------------------------


def test_the_reward_line_says_who_draws_what_in_words() -> None:
    s = table(Decks(resources=["lumber", "brick", "food", "mason"] * 3))
    s = replace(s, buildings=(Built("blacksmith", "ann", "nw-3"),))
    game = DGGame(DGHeader(NAMES, 1), s, "build", built=("nw-3",))
    _, out = game.apply(parse_move("ann: discard"))
    assert out.legal, out.message
    drawn = out.detail["reward"]["drawn"]["ann"]
    assert out.message.startswith(f"rewards: ann draws {' '.join(drawn)}")
    assert "{" not in out.message and "[" not in out.message
    # Rewards every turn (revision 4's default): the Blacksmith pays again in a turn that
    # builds nothing; a table with no building that pays draws none.
    _, out = DGGame(DGHeader(NAMES, 1), s, "build").apply(parse_move("ann: discard"))
    assert out.message.startswith("rewards: ann draws")
    bare = replace(s, buildings=())
    _, out = DGGame(DGHeader(NAMES, 1), bare, "build").apply(parse_move("ann: discard"))
    assert out.message.startswith("rewards: none")


# -- 5. help texts: nothing in square brackets eaten as markup ----------------------------


def _dry_gulch_commands() -> dict[str, Any]:
    """The `dry-gulch` group's commands (Typer's own click: typed loosely)."""
    group: Any = typer.main.get_command(group_of("dry-gulch"))
    return dict(group.commands)


@pytest.mark.parametrize("name", sorted(_dry_gulch_commands()))
def test_every_dry_gulch_help_shows_its_square_brackets(name: str) -> None:
    command = _dry_gulch_commands()[name]
    texts = [command.help or ""] + [getattr(p, "help", None) or "" for p in command.params]
    # Rich reads `[` and a small letter (`[decks]`, `[discarding ID]`) as a style tag
    wanted = re.findall(r"\[[a-z#/@][^\[\]]*\]", " ".join(texts).replace("\\[", "["))
    r = runner.invoke(app, ["dry-gulch", name, "--help"], env={"COLUMNS": "400"})
    assert r.exit_code == 0, r.output
    shown = " ".join(r.stdout.split())
    for bracket in wanted:
        assert bracket in shown, (bracket, shown)


# -- 6. a bad player count names the option ------------------------------------------------


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["game", "new", "{}", "--edition", "dry-gulch", "--players", "ann,bob"],
            "error: --players: dry-gulch seats 3 to 6 players, not 2",
        ),
        (
            ["dry-gulch", "new", "{}", "--players", "ann,bob"],
            "error: --players: dry-gulch seats 3 to 6 players, not 2",
        ),
        (
            ["dry-gulch", "new", "{}", "--players", "ann,bob,ann"],
            "error: --players: 'ann': duplicate player ann",
        ),
    ],
)
def test_a_bad_player_list_is_named_as_the_option(
    tmp_path: Path, args: list[str], line: str
) -> None:
    path = tmp_path / "x"
    r = runner.invoke(app, [a.format(path) for a in args])
    assert r.exit_code == 1
    assert r.stderr.strip().splitlines() == [line]
    assert not path.exists()


def test_a_state_files_draw_takes_the_cards_a_real_table_drew(tmp_path: Path) -> None:
    from adjudicator.dry_gulch.draw import draw_phase
    from adjudicator.dry_gulch.state import load_dg_state

    path = tmp_path / "t.toml"
    new = ["dry-gulch", "new", str(path), "--players", "ann,bob,cid", "--seed", "4"]
    assert runner.invoke(app, new).exit_code == 0
    state = load_dg_state(path)
    assert state.decks is not None
    bottom = list(state.decks.resources[-3:])
    permits = state.decks.permits
    drawn = draw_phase(state, ["resources", *bottom]).to_json()
    assert drawn["legal"] and drawn["resources"] == bottom
    kept, other = permits[-1], permits[-2]
    out = draw_phase(state, ["permit", "stack", kept, "discarding", other]).to_json()
    assert out["legal"] and (out["permit"], out["discarded_permit"]) == (kept, other)
    short = draw_phase(state, ["resources", "whiskey"])
    assert "3 cards are drawn, 1 named" in json.dumps(short.to_json())
