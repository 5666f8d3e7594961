"""Issue 35, item 9: Dry Gulch's previews answered questions about hidden cards. `ann:
fire ne-8 losing lumber lumber` was refused "no lumber in the hand to draw" while
`losing carpenter carpenter` was legal: ann's seat read bob's hand card by card.

Two worlds ann cannot tell apart: the same seeded record, dealt the same except that one
card of bob's hand and the bottom card of the resource stack trade places. At every cut
of a game played from the seed where the table's public view and ann's own hand are still
the same in both, ann's seat gets the same answers, byte for byte: the view, her hand,
her moves, the hint, the timeline, every step, the picture, the preview of every listed
move and of probes naming cards (another's hand, the stacks), the commit of those probes
(each refused), and the reveal of a draw."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.errors import AdjudicatorError
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.game import flow
from adjudicator.dry_gulch.game.flow import DGGame
from adjudicator.dry_gulch.game.moves import legal_moves
from adjudicator.dry_gulch.game.notation import Discard, Draw, Events, format_move
from adjudicator.dry_gulch.game.record import DGHeader, header_text, record_from_text
from adjudicator.dry_gulch.game.replay import replay
from adjudicator.dry_gulch.game.table import TABLE
from adjudicator.dry_gulch.state import DGState, parse_card
from adjudicator.render.pages.dry_gulch import DryGulchPage
from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import HOST, Viewer

PLAYERS = ("ann", "bob", "cid")
ANN, BOB = Viewer(seat="ann"), Viewer(seat="bob")
RULES = load_rules()


def _kinds() -> list[str]:
    """Every resource card's text (what a probe may name)."""
    state = flow.new_game(DGHeader(PLAYERS, 1)).state
    assert state.decks is not None
    cards = set(state.decks.resources) | {c.text for p in state.players for c in p.hand}
    return sorted(cards)


CARDS = _kinds()


@contextmanager
def _bobs_card_swapped() -> Iterator[None]:
    """World B: at the cut, bob's first card (cid's when bob holds none) and the resource
    stack's bottom card (the deepest of another kind) traded, as if his last draw had
    drawn the one for the other: the page opens every record (and every step of the
    timeline) in that world."""
    real = DryGulchPage.opened

    def opened(self: DryGulchPage, table: Any, rec: Any) -> tuple[DGGame, frozenset[int]]:
        game, legal = real(self, table, rec)
        return replace(game, state=_swapped(game.state)), legal

    DryGulchPage.opened = opened  # type: ignore[method-assign]
    try:
        yield
    finally:
        DryGulchPage.opened = real  # type: ignore[method-assign]


def _swapped(before: DGState) -> DGState:
    state = Draft.of(before)
    decks = state.decks
    holders = [state.player(n) for n in ("bob", "cid") if state.player(n).hand]
    assert decks is not None and holders  # (in this game one of them always holds a card)
    bob = holders[0]  # bob's, or when he has spent his whole hand, cid's
    card = bob.hand[0].text
    bottom = max(i for i, c in enumerate(decks.resources) if c != card)
    bob.hand[0] = parse_card(decks.resources[bottom], state.rules)
    decks.resources[bottom] = card
    return state.freeze()


def _ask(call: Callable[[], Any]) -> str:
    """An answer as the seat gets it: its JSON, or its one-line refusal."""
    try:
        return json.dumps(call(), sort_keys=True)
    except AdjudicatorError as exc:
        return f"refused: {exc}"


def _probes(at: int) -> list[str]:
    """Moves ann may write: the phases' words and lines naming cards she cannot see
    (bob's, the stacks'), at the sites built so far."""
    text = HEADER + "".join(f"{m}\n" for m in MOVES[:at])
    buildings = replay(record_from_text(text)).game.state.buildings
    built = [b.site for b in buildings if b.owner != "ann"][-5:]
    built += [b.site for b in buildings if b.owner == "ann"][-2:]
    lines = ["ann: draw resources", "ann: draw bank", "ann: discard", "ann: draw permit stack"]
    lines += [f"ann: draw resources {c} {c} {c}" for c in CARDS]
    lines += [f"ann: discard {c}" for c in CARDS] + [f"ann: discard rewards {c}" for c in CARDS]
    lines += [f"ann: discard over bob: {c}" for c in CARDS]
    lines += [f"ann: reopen {c} {c}" for c in CARDS[:4]]
    lines += [f"ann: draw permit discard {p}" for p in RULES.permits]
    lines += [f"ann: draw permit stack {p}" for p in RULES.permits]
    lines += [f"ann: build {p} at {s}" for p in RULES.permits for s in built[:3]]
    lines += [f"ann: events discard {e}" for e in RULES.events]
    lines += [f"ann: play {e}" for e in RULES.events]
    for site in built:
        lines += [f"ann: fire {site}", f"ann: vandalism {site}"]
        lines += [f"ann: fire {site} losing {c} {d}" for c in CARDS for d in CARDS]
        lines += [f"ann: vandalism {site} losing {c}" for c in CARDS]
        lines += [f"ann: play {e} at {site}" for e in RULES.events]
    return lines


#: The words of the notation that name what chance dealt.
NAMING = ("resources", "losing", "rewards", "over", "drawing", "permit", "turned")


def _commit(records: RecordDir, name: str, line: str) -> dict[str, Any]:
    before = records.read(name)
    answer = games.commit(records, name, line, None, ANN)
    assert records.read(name) == before, line  # refused: the record as it was
    return answer


def _answers(records: RecordDir, name: str, probes: list[str]) -> dict[str, str]:
    out = {
        "view": _ask(lambda: games.game_view(records, name, ANN)),
        "hand": _ask(lambda: games.hand(records, name, "ann", ANN)),
        "moves": _ask(lambda: games.legal_moves(records, name, ANN)),
        "hint": _ask(lambda: games.hint_view(records, name, ANN)),
        "timeline": _ask(lambda: games.timeline(records, name, ANN)),
        "svg": _ask(lambda: games.svg_of(records, name)),
        "bob's hand": _ask(lambda: games.hand(records, name, "bob", ANN)),
    }
    steps = len(games.timeline(records, name, HOST)["moves"])
    for step in range(steps + 1):
        out[f"step {step}"] = _ask(lambda s=step: games.step_view(records, name, s))  # type: ignore[misc]
    for line in probes:
        out[line] = _ask(lambda ln=line: games.preview(records, name, ln, ANN))  # type: ignore[misc]
    for line in probes:  # a commit naming cards is refused (nothing written): the same
        if any(f" {w} " in line for w in NAMING) and out[line].startswith("refused"):
            out[f"commit {line}"] = _ask(lambda ln=line: _commit(records, name, ln))  # type: ignore[misc]
    listed = games.legal_moves(records, name, ANN)
    for blind in listed.get("blind", []):  # the reveal last: it binds ann's next move
        out[f"reveal {blind}"] = _ask(lambda b=blind: games.reveal(records, name, b, ANN))  # type: ignore[misc]
    return out


def _played(n: int) -> list[str]:
    """A seeded game's first `n` moves, by a fixed choice of the listed moves (cards
    played and buildings first, so the board fills)."""
    game = flow.new_game(DGHeader(PLAYERS, 1))
    rng = random.Random(11)
    lines = []
    for _ in range(n):
        if game.over:
            break
        listed = list(legal_moves(game))
        played = [m for m in listed if not isinstance(m, Draw | Events | Discard)]
        move = rng.choice(played or listed)
        game, ruled = game.apply(move)
        assert ruled.legal
        lines.append(format_move(move))
    return lines


HEADER = "\n".join(header_text(DGHeader(PLAYERS, 1))) + "\n\n"
KEY = b"the same app serves both worlds"
MOVES = _played(40)


def _cut(tmp: Path, world: str, at: int) -> tuple[RecordDir, str]:
    root = tmp / world
    root.mkdir(exist_ok=True)
    (root / "dg.game").write_text(HEADER + "".join(f"{m}\n" for m in MOVES[:at]), "utf-8")
    return RecordDir(root, KEY), "dg.game"  # one versions' key for both worlds, as one app


def _state(at: int) -> DGState:
    text = HEADER + "".join(f"{m}\n" for m in MOVES[:at])
    return DryGulchPage().opened(TABLE, record_from_text(text))[0].state


def _public(records: RecordDir, name: str) -> str:
    """What every player sees: the host's view, and ann's hand (hers in both worlds)."""
    return _ask(lambda: games.game_view(records, name, HOST)) + _ask(
        lambda: games.hand(records, name, "ann", ANN)
    )


# Every third cut, and those around ann's turn with a Fire face up against bob's buildings
# (move 23: `ann: fire nw-2` is listed to her).
CUTS = sorted({*range(0, len(MOVES) + 1, 3), 23, 25})


@pytest.mark.parametrize("at", CUTS)
def test_two_deals_ann_cannot_tell_apart_give_her_seat_the_same_answers(
    tmp_path: Path, at: int
) -> None:
    a = _cut(tmp_path, "a", at)
    public_a = _public(*a)
    with _bobs_card_swapped():
        b = _cut(tmp_path, "b", at)
        public_b = _public(*b)
        state_b = _state(at)
    assert public_a == public_b  # the table has seen nothing of the card the worlds differ by
    assert state_b != _state(at)  # two worlds: bob's hand or the stack differ
    probes = _probes(at)
    answers_a = _answers(*a, probes)
    with _bobs_card_swapped():
        answers_b = _answers(*b, probes)
    differ = [k for k in answers_a if answers_a[k] != answers_b[k]]
    assert not differ, [(k, answers_a[k][:300], answers_b[k][:300]) for k in differ[:3]]
