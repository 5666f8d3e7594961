"""Black Hills, issue 35 items 10 and build item 2: chance belongs to the server in a seeded
game. A seat writes the choice (whom to rob, whom the Colonel steals from, which of the
four dealt the Shaman plays) and the server deals the outcome from the seed when the move
is committed, the outcome the replay of the seeded record gives; a seat naming an outcome
(`die=3`, `drew=...`, `dealt=...`) is refused, citing the rule. A record without a seed (a
physical table's) and the command line keep the named outcomes: the table says what
happened. Everything goes through `web/games.py`'s preview and commit with a seat's
`Viewer`, as the page does.

The table: four players, seed 1 (the record's default seed, so the same hands with or
without the `[Seed]` tag): ann holds the Shaman, bob the Outlaw, dan the Colonel, ann
the event Reinforcements; `[Sheriff "X"]` puts X on turn first."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.game.dealing import deal
from adjudicator.black_hills.game.record import BHMove, parse_record
from adjudicator.black_hills.game.replay import replay
from adjudicator.black_hills.options import BHOptions
from adjudicator.black_hills.state import BHPlayer, BHState
from adjudicator.core.errors import RulesError
from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import Viewer

KEEPS = (
    "ann: keep shaman merchant",
    "bob: keep outlaw tracker",
    "cid: keep madam hunter",
    "dan: keep colonel miner",
)

#: Every outcome the notation names, from the seat of the player on turn: the line, the
#: rule the refusal cites.
NAMED = [
    ("bob", "bob: outlaw; rob ann die=3", Code.AIMING_DIE),
    ("bob", "bob: outlaw; rob ann:gold cid die=0", Code.AIMING_DIE),
    ("dan", "dan: colonel at plain steal ann drew=reinforcements", Code.COLONEL),
    ("dan", "dan: colonel at plain; steal ann drew=reinforcements", Code.COLONEL),
    (
        "ann",
        "ann: shaman draw gold-digger dealt=engineer,gold-digger,lumberjack,preacher",
        Code.SHAMAN,
    ),
]


def _records(tmp_path: Path, first: str, seeded: bool) -> tuple[RecordDir, str]:
    seed = '[Seed "1"]\n' if seeded else ""
    text = (
        f'[Edition "black-hills"]\n[Players "ann, bob, cid, dan"]\n{seed}'
        f'[Sheriff "{first}"]\n\n' + "\n".join(KEEPS) + "\n"
    )
    (tmp_path / "t.game").write_text(text)
    return RecordDir(tmp_path), "t.game"


@pytest.mark.parametrize(("seat", "line", "code"), NAMED)
def test_a_seat_naming_an_outcome_in_a_seeded_game_is_refused_naming_the_rule(
    tmp_path: Path, seat: str, line: str, code: Code
) -> None:
    """The minimal input of item 10: `bob: outlaw; rob ann die=3` from bob's seat was
    accepted and written (the seed rolls another face); `drew=` and `dealt=` the same."""
    records, name = _records(tmp_path, seat, seeded=True)
    before = (tmp_path / name).read_text()
    for ask in (games.preview, games.commit):
        args = (records, name, line, None, Viewer(seat=seat))
        with pytest.raises(RulesError) as err:
            ask(*args) if ask is games.commit else ask(*args[:3], args[4])
        said = str(err.value)
        assert str(code) in said and "\n" not in said, said
        assert said.startswith(f"{name}: {seat}: ")
    assert (tmp_path / name).read_text() == before


@pytest.mark.parametrize(("seat", "line", "code"), NAMED)
def test_the_same_line_is_accepted_in_an_unseeded_record(
    tmp_path: Path, seat: str, line: str, code: Code
) -> None:
    """A physical table's record (no `[Seed]`): the table says what chance dealt."""
    records, name = _records(tmp_path, seat, seeded=False)
    got = games.commit(records, name, line, None, Viewer(seat=seat))
    assert got["legal"], got
    assert (tmp_path / name).read_text().splitlines()[-1] == line


@pytest.mark.parametrize(
    ("seat", "chosen", "what"),
    [
        ("bob", "bob: outlaw; rob ann", "die="),
        ("dan", "dan: colonel at plain steal ann", "drew="),
    ],
)
def test_the_server_deals_the_outcome_the_replay_of_the_seeded_record_gives(
    tmp_path: Path, seat: str, chosen: str, what: str
) -> None:
    """The seat writes the choice; the preview says the choice only, the commit writes the
    outcome, and the record replays to the table the choice alone (rolled from the seed)
    leaves."""
    records, name = _records(tmp_path, seat, seeded=True)
    text = (tmp_path / name).read_text()
    shown = games.preview(records, name, chosen, Viewer(seat=seat))
    assert shown["legal"] and what not in shown["message"] and "aiming die" not in shown["message"]
    got = games.commit(records, name, chosen, None, Viewer(seat=seat))
    assert got["legal"], got
    written = (tmp_path / name).read_text().splitlines()[-1]
    assert written.startswith(chosen) and what in written, written
    by_seed = replay(parse_record(text + chosen + "\n")).state
    assert replay(parse_record((tmp_path / name).read_text())).state == by_seed


def test_the_shamans_deal_is_the_seeds_once_the_seat_has_seen_it(tmp_path: Path) -> None:
    """`shaman draw` is a face-down choice: revealed, it shows the moves of the four the
    seed deals; the one committed is written with that deal."""
    records, name = _records(tmp_path, "ann", seeded=True)
    ann = Viewer(seat="ann")
    listed = games.legal_moves(records, name, ann)
    draw = next(m for m in listed["blind"] if "shaman draw" in m)
    shown = games.reveal(records, name, draw, ann)["moves"]
    assert shown and all("dealt=" not in m for m in shown)
    got = games.commit(records, name, shown[0], None, ann)
    assert got["legal"], got
    written = (tmp_path / name).read_text().splitlines()[-1]
    state = replay(parse_record((tmp_path / name).read_text())).state
    assert written.startswith(shown[0] + " dealt=") and state.turns["ann"] == 1


def test_an_event_only_the_colonels_card_could_be_is_refused(tmp_path: Path) -> None:
    """`dan: colonel ... steal ann; event reinforcements`: legal only if the card drawn is
    the Reinforcements, so a preview would tell what ann holds before the steal."""
    records, name = _records(tmp_path, "dan", seeded=True)
    line = "dan: colonel at plain steal ann; event reinforcements bob"
    with pytest.raises(RulesError, match=str(Code.COLONEL)):
        games.preview(records, name, line, Viewer(seat="dan"))


def test_a_turn_that_stands_on_some_faces_of_the_die_only_is_refused() -> None:
    """ann holds 1 gold and the Bank (2 gold a point); the Outlaw brings 1 more: robbing bob
    of gold, then two points at the Bank, stands on a face of 2 or more and falls on 0 or
    1; a preview (or a refused commit) would tell the face before it is rolled."""
    s = BHState(
        players=(
            BHPlayer("ann", gold=1, characters=("outlaw", "miner"), events=("bank",)),
            BHPlayer("bob", gold=5, characters=("hunter", "madam")),
        ),
        active="ann",
        sheriff="ann",
        seed=4,
        jail=2,
        supply={"gold": 10, "logs": 10, "fur": 10},
        options=BHOptions(),
    )
    with pytest.raises(RulesError, match=str(Code.AIMING_DIE)):
        deal(s, BHMove("ann: outlaw; rob bob:gold; event bank 2", "ann"))
    sure = deal(s, BHMove("ann: outlaw; event bank; rob bob:gold", "ann"))
    assert sure.dealt and "die=" in sure.text


def test_the_colonels_moves_name_the_victim_not_the_card(tmp_path: Path) -> None:
    """Item 4's minimal input: the Colonel holder's "My moves now" listed
    `colonel at plain steal ann drew=reinforcements`, ann's face-down event card. Each
    steal is listed as the victim chosen; which card it draws is dealt at the commit."""
    records, name = _records(tmp_path, "dan", seeded=True)
    listed = games.legal_moves(records, name, Viewer(seat="dan"))["moves"]
    steals = [m for m in listed if "steal" in m]
    assert "dan: colonel at plain steal ann" in steals
    assert not any("drew=" in m or "reinforcements" in m for m in listed), steals


def test_a_refused_robbery_does_not_show_the_die(tmp_path: Path) -> None:
    """`bob: outlaw; rob ann; invest` is refused on every face (the Outlaw does not
    invest), but its ruling's log up to the refusal said "the aiming die shows N": the
    seed's face, before bob chose to rob. The refusal is its reason alone."""
    records, name = _records(tmp_path, "bob", seeded=True)
    with pytest.raises(RulesError) as err:
        games.preview(records, name, "bob: outlaw; rob ann; invest", Viewer(seat="bob"))
    assert "BH-" in str(err.value) and "die" not in str(err.value)


@pytest.mark.parametrize(
    "line",
    [
        "ann: outlaw; rob bob",
        "ann: outlaw; rob bob:gold cid",
        "ann: colonel at plain steal bob",
        "ann: colonel at mine; steal bob",
        "ann: shaman draw hunter",
        "ann: shaman draw colonel at city steal bob; rob cid",
    ],
)
def test_the_notation_writes_a_choice_without_its_outcome(line: str) -> None:
    """What a seat writes round-trips through the notation, naming no outcome."""
    from adjudicator.black_hills.game.dealing import named_outcome
    from adjudicator.black_hills.notation import format_turn_move, parse_turn_move

    move = parse_turn_move(line)
    assert parse_turn_move(format_turn_move(move)) == move and named_outcome(move) is None


def test_a_seat_naming_the_card_of_a_blind_steal_is_told_to_write_the_victim(
    tmp_path: Path,
) -> None:
    """`steal ann reinforcements` under the blind steal: the referee's refusal said "write
    the card drawn as 'drew=reinforcements'", which a seat may not write either."""
    records, name = _records(tmp_path, "dan", seeded=True)
    line = "dan: colonel at plain steal ann reinforcements"
    with pytest.raises(RulesError) as err:
        games.preview(records, name, line, Viewer(seat="dan"))
    assert "BH-COLONEL" in str(err.value) and "write the choice only" in str(err.value)
