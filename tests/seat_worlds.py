"""Two worlds a seat cannot tell apart (issue 35's differential test, `test_seat_secrets.py`).

A seeded game of one of the four games is played to a cut point by random legal moves;
a second world then differs from it only in cards the seat `S` has never seen. How each
game's second world is made, and why:

- **Old Town, Gads Hill** (`deduction/game/record.py`): the record's own `[Hands]` and
  `[Deck]` tags give an explicit deal, so the first world is the seeded game written with
  its deal spelt out, and the second is the same record under a permutation of card
  numbers. The permutation moves only cards `S` has never seen (those now in another
  hand, and those below the top two of a pile), each to a card of the same kind, and
  renames them wherever the record names them (`bob draws 17` names the card drawn).
  The top two of each pile stay: what `S` would draw or reveal next is the same.
- **Dry Gulch** (`dry_gulch/setup.py`): `[Hands]` names a real table's deal, the rest of
  the stacks stay the seed's. The first world names every player's dealt hand; the
  second swaps one card still held since the deal between two other players (with two
  players, changes one such card of the other player: the stacks then hold another
  card, deep down).
- **Black Hills** (`black_hills/setup.py`): no tag names a deal, so the second world is a
  test-only substitution at the game's one deal, `new_table` as `game/replay.py` calls
  it: the characters the other players discarded face down at the set-up trade places
  with each other and with the characters left out of the round. Both worlds have the
  same record text; the substitution stays in force while the second world is asked.

Every pair is checked before it is used: the same moves are legal in both, each reads
the same to `S` (`Table.public_move`, its own moves as written), `S`'s hand is the same
after every move, and the host's shared screen (what lies face up) is the same. A pair
that fails this is not two worlds `S` cannot tell apart, and is not used.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from itertools import islice
from pathlib import Path
from typing import Any
from unittest import mock

from adjudicator.core.base_folder import Base
from adjudicator.core.table import Setup, Table
from adjudicator.render.pages import page
from adjudicator.tables import table_of_edition, table_of_record
from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import HOST

__all__ = ["GAMES", "NAME", "Pair", "World", "make_pair"]

GAMES = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
NAME = "t.game"
PLAYERS = ("ann", "bob", "cid", "dan")


@dataclass(frozen=True)
class World:
    """One world: its record's text, and what is in force while it is asked."""

    text: str
    within: Callable[[], AbstractContextManager[Any]] = nullcontext


@dataclass(frozen=True)
class Pair:
    edition: str
    players: tuple[str, ...]
    seat: str
    cut: int  # moves played
    worlds: tuple[World, World]
    differs: str  # what the second world changed, for a failure's message
    moves: tuple[str, ...] = field(default=())

    def __str__(self) -> str:
        return (
            f"{self.edition}, players {', '.join(self.players)}, seat {self.seat}, "
            f"cut after {self.cut} moves; world 2: {self.differs}"
        )


# ----- playing a seeded game to a cut point ------------------------------------------


def _setup(root: Path) -> Setup:
    return Setup(NAME, root)


def _play(table: Table, game: Any, n: int, rng: random.Random) -> tuple[Any, list[str]]:
    """`n` random legal moves from `game` (fewer when the game ends): the game after them
    and the moves as the record writes them."""
    lines = []
    for _ in range(n):
        # enough to vary the play; in the order of their text, as some come from sets
        # (the piles to draw from) and the play must be the same in every process
        moves = sorted(islice(table.legal_moves(game), 30), key=table.format_move)
        if not moves:
            break
        move = rng.choice(moves)
        game, ruled = table.apply(game, move)
        assert ruled.legal, (table.format_move(move), ruled.message)
        lines.append(table.format_move(move))
    return game, lines


def _text(head: str, lines: list[str]) -> str:
    return head.rstrip("\n") + "\n\n" + "".join(f"{line}\n" for line in lines)


def make_pair(
    edition: str, n_players: int, seed: int, cut: int, seat_index: int, root: Path
) -> Pair | None:
    """Two worlds of a seeded game of `edition` cut after about `cut` moves, which the
    seat `seat_index` cannot tell apart; None when this game gives none there (nothing
    hidden from that seat to change, or the change shows)."""
    players = PLAYERS[:n_players]
    seat = None if seat_index < 0 else players[seat_index % n_players]
    rng = random.Random(f"{edition} {seed} {cut}")
    maker = {"dry-gulch": _dry_gulch, "black-hills": _black_hills}.get(edition, _deduction)
    made = maker(edition, players, seed, cut, seat, rng, root)
    if made is None:
        return None
    w1, w2, differs, lines, seat = made
    pair = Pair(edition, players, seat, len(lines), (w1, w2), differs, tuple(lines))
    extra = _refused(edition, w1, seat, rng, root)
    if extra is not None:
        # the same refused line in both worlds: its ruling may not read the hidden hand
        more = tuple(World(f"{w.text}{extra}\n", w.within) for w in (w1, w2))
        tried = replace(pair, cut=pair.cut + 1, worlds=more, moves=(*lines, extra))
        if _alike_to(tried, root):
            return tried
    return pair if _alike_to(pair, root) else None


def _refused(edition: str, world: World, seat: str, rng: random.Random, root: Path) -> str | None:
    """A move of the player to act, not the seat, that the rules refuse in the first world
    for what that player holds (a permit they lack, a building they cannot pay, a
    character not theirs): a record a table wrote by hand keeps such a line, and the
    timeline rules on it for every seat."""
    if edition not in ("dry-gulch", "black-hills"):
        return None
    table = table_of_record(world.text)
    with world.within():
        game = table.replay(table.read(world.text, NAME, Base(root))).game
        actor = page(table.name).acting(game)
        if actor is None or actor == seat:
            return None
        for line in _candidates(edition, game, actor, rng):
            _after, ruled = table.apply(game, table.parse_move(line, NAME))
            if not ruled.legal:
                return line
    return None


def _candidates(edition: str, game: Any, actor: str, rng: random.Random) -> list[str]:
    if edition == "dry-gulch":
        from adjudicator.dry_gulch.data import load_rules as dg_rules

        sites = rng.sample(sorted(dg_rules().sites), 6)
        permits = sorted(game.state.player(actor).permits) or ["hotel"]
        return [f"{actor}: build {p} at {s}" for p in permits for s in sites]
    from adjudicator.black_hills.data import load_rules as bh_rules

    return [f"{actor}: {c}" for c in rng.sample(sorted(bh_rules().characters), 6)]


Made = tuple[World, World, str, list[str], str] | None


def _seat(seat: str | None, table: Table, game: Any, players: tuple[str, ...]) -> str:
    """The seat asked: the one given, or the player to act (the first player when the
    game is over or everyone is to act)."""
    if seat is not None:
        return seat
    return page(table.name).acting(game) or players[0]


# ----- Old Town and Gads Hill: a permutation of unseen card numbers --------------------


def _deduction(
    edition: str,
    players: tuple[str, ...],
    seed: int,
    cut: int,
    seat: str | None,
    rng: random.Random,
    root: Path,
) -> Made:
    from adjudicator.deduction.game.deal import new_game
    from adjudicator.deduction.game.record import Record, record_to_text

    table = table_of_edition(edition)
    _text0, game = table.new_record(edition, players, seed, _setup(root))
    hands = {p.name: tuple(p.hand or ()) for p in game.state.players}
    deck = dict(game.piles or ())
    header = replace(game.header, hands=hands, deck=deck)
    head = record_to_text(Record(header))
    start = new_game(header, game.state.edition, NAME, root)
    after, lines = _play(table, start, cut, rng)
    seat = _seat(seat, table, after, players)
    if after.shuffled:
        return None  # a reshuffled pile's order comes from the seed, not the tags
    seen = set(hands[seat]) | set(after.played)
    seen |= {c for line in lines if line.startswith(f"{seat} draws ") for c in _ints(line)}
    for cards in after.pile_map.values():
        seen |= set(cards[:2])
    hidden = {c for p in after.state.players if p.name != seat for c in p.hand or ()}
    hidden |= {c for cards in after.pile_map.values() for c in cards[2:]}
    hidden -= seen
    kinds: dict[str, list[int]] = {}
    for c in sorted(hidden):
        kinds.setdefault(after.state.cards[c].kind, []).append(c)
    perm: dict[int, int] = {}
    for cards in kinds.values():
        shuffled = cards[:]
        rng.shuffle(shuffled)
        perm.update(zip(cards, shuffled, strict=True))
    moved = sorted(c for c, d in perm.items() if c != d)
    if not moved:
        return None

    def renamed(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(perm.get(c, c) for c in cards)

    header2 = replace(
        header,
        hands={p: renamed(cs) for p, cs in hands.items()},
        deck={k: renamed(cs) for k, cs in deck.items()},
    )
    head2 = record_to_text(Record(header2))
    lines2 = [_renamed_draw(line, perm) for line in lines]
    differs = f"cards {', '.join(f'{c}->{perm[c]}' for c in moved)}"
    return World(_text(head, lines)), World(_text(head2, lines2)), differs, lines, seat


_DRAW = re.compile(r"^(?P<who>\S+) draws (?P<cards>[\d ]+)$")


def _ints(line: str) -> list[int]:
    m = _DRAW.match(line)
    return [int(x) for x in m["cards"].split()] if m else []


def _renamed_draw(line: str, perm: dict[int, int]) -> str:
    m = _DRAW.match(line)
    if not m:
        return line  # a play or a discard: face up, so no card of it is moved
    return f"{m['who']} draws {' '.join(str(perm.get(c, c)) for c in _ints(line))}"


# ----- Dry Gulch: the deal named by [Hands] -------------------------------------------


def _dry_gulch(
    edition: str,
    players: tuple[str, ...],
    seed: int,
    cut: int,
    seat: str | None,
    rng: random.Random,
    root: Path,
) -> Made:
    from adjudicator.dry_gulch.game.flow import new_game
    from adjudicator.dry_gulch.game.record import header_text

    table = table_of_edition(edition)
    _text0, game = table.new_record(edition, players, seed, _setup(root))
    dealt = {p.name: ([c.text for c in p.hand], list(p.permits)) for p in game.state.players}
    header = replace(game.header, hands={k: (tuple(r), tuple(p)) for k, (r, p) in dealt.items()})
    head = "\n".join(header_text(header)) + "\n"
    after, lines = _play(table, new_game(header), cut, rng)
    seat = _seat(seat, table, after, players)
    others = [p for p in players if p != seat]
    held = {
        p.name: (
            Counter(dealt[p.name][0]) & Counter(c.text for c in p.hand),
            Counter(dealt[p.name][1]) & Counter(p.permits),
        )
        for p in after.state.players
    }
    for _ in range(12):  # a few tries: a change must keep every public move legal
        changed = _dg_change(dealt, held, others, rng)
        if changed is None:
            continue
        hands2, differs = changed
        header2 = replace(header, hands={k: (tuple(r), tuple(p)) for k, (r, p) in hands2.items()})
        head2 = "\n".join(header_text(header2)) + "\n"
        w1, w2 = World(_text(head, lines)), World(_text(head2, lines))
        trial = Pair(edition, players, seat, len(lines), (w1, w2), differs, tuple(lines))
        if _alike_to(trial, root):
            return w1, w2, differs, lines, seat
    return None


_RESOURCES = ("lumber", "brick", "food", "labor:1", "labor:2", "labor:3")


def _dg_change(
    dealt: dict[str, tuple[list[str], list[str]]],
    held: dict[str, tuple[Counter[str], Counter[str]]],
    others: list[str],
    rng: random.Random,
) -> tuple[dict[str, tuple[list[str], list[str]]], str] | None:
    """One card another player still holds since the deal, traded with a third player's
    (or, with one other player, made another resource)."""
    which = rng.randrange(2)  # 0: a resource, 1: a permit
    p = rng.choice(others)
    mine = sorted(held[p][which].elements())
    if not mine:
        return None
    x = rng.choice(mine)
    hands = {k: (list(r), list(q)) for k, (r, q) in dealt.items()}
    if len(others) >= 2:
        q = rng.choice([o for o in others if o != p])
        theirs = sorted(c for c in held[q][which].elements() if c != x)
        if not theirs:
            return None
        y = rng.choice(theirs)
        hands[p][which][hands[p][which].index(x)] = y
        hands[q][which][hands[q][which].index(y)] = x
        return hands, f"{p}'s dealt {x} and {q}'s {y} traded"
    if which == 1:
        return None
    y = rng.choice([r for r in _RESOURCES if r != x])
    hands[p][0][hands[p][0].index(x)] = y
    return hands, f"{p} dealt {y} instead of {x}"


# ----- Black Hills: a substitution at the deal ----------------------------------------


def _black_hills(
    edition: str,
    players: tuple[str, ...],
    seed: int,
    cut: int,
    seat: str | None,
    rng: random.Random,
    root: Path,
) -> Made:
    from adjudicator.black_hills.game import replay as bh_replay

    table = table_of_edition(edition)
    head, game = table.new_record(edition, players, seed, _setup(root))
    after, lines = _play(table, game, cut, rng)
    seat = _seat(seat, table, after, players)
    first_keep = {}  # each player's keep of the set-up: it names two of the four dealt
    for i, line in enumerate(lines):
        m = re.match(r"^(\S+): keep ", line)
        if m and m[1] not in first_keep:
            first_keep[m[1]] = i
    keeps = set(first_keep.values())
    played = {
        w for i, line in enumerate(lines) if i not in keeps for w in re.findall(r"[\w-]+", line)
    }
    # every character dealt to another player and not played since: discarded or kept
    discards = [
        (p.name, i)
        for p in game.players
        if p.name != seat
        for i, c in enumerate(p.characters)
        if c not in played
    ]
    dealt_to = {p.name: p.characters for p in game.players}
    unseen = [dealt_to[n][i] for n, i in discards] + list(game.leftover)
    # the event cards of the others never named in the record, and those of the deck
    # below the next round's deal
    named = " ".join(lines)
    held = [
        p.name
        for p in game.players
        if p.name != seat and p.events and not any(e in named for e in p.events)
    ]
    deep = len(game.event_deck) - len(after.event_deck) + len(players)  # dealt by the next round
    firsts = {p.name: p.events[0] for p in game.players if p.events}
    events = [firsts[n] for n in held if n in firsts] + list(game.event_deck[deep:])
    chars2, events2 = _moved(unseen, rng), _moved(events, rng)
    if chars2 == unseen and events2 == events:
        return None
    real = bh_replay.new_table

    def dealt(*args: Any, **kwargs: Any) -> Any:
        state = real(*args, **kwargs)
        chars = {p.name: list(p.characters) for p in state.players}
        for (n, i), c in zip(discards, chars2, strict=False):
            chars[n][i] = c
        own = dict(zip(held, events2, strict=False))
        players2 = tuple(
            replace(
                p,
                characters=tuple(chars[p.name]),
                events=(own[p.name],) if p.name in own else p.events,
            )
            for p in state.players
        )
        deck = (*state.event_deck[:deep], *events2[len(held) :])
        leftover = tuple(chars2[len(discards) :])
        return replace(state, players=players2, leftover=leftover, event_deck=deck)

    @contextmanager
    def within() -> Iterator[None]:
        with mock.patch.object(bh_replay, "new_table", dealt):
            yield

    moved = [f"{a}->{b}" for a, b in zip(unseen + events, chars2 + events2, strict=True) if a != b]
    renamed = dict(zip(unseen, chars2, strict=True))
    lines2 = [
        " ".join(renamed.get(w, w) for w in line.split()) if i in keeps else line
        for i, line in enumerate(lines)
    ]
    differs = f"unseen cards {', '.join(moved)}"
    return World(_text(head, lines)), World(_text(head, lines2), within), differs, lines, seat


def _moved(cards: list[str], rng: random.Random) -> list[str]:
    """The cards in another order (the same when they cannot be moved)."""
    if len(set(cards)) < 2:
        return cards
    shuffled = cards[:]
    while shuffled == cards:
        rng.shuffle(shuffled)
    return shuffled


# ----- the check that the seat cannot tell the two apart ------------------------------


def _alike_to(pair: Pair, root: Path) -> bool:
    """Whether the two worlds read the same to the pair's seat, move by move (see the
    module's docstring), by the engine and the host's shared screen."""
    seen = []
    for i, world in enumerate(pair.worlds):
        where = root / f"check{i}"
        where.mkdir(parents=True, exist_ok=True)
        (where / NAME).write_text(world.text, encoding="utf-8")
        with world.within():
            seen.append(_as_seen(pair.seat, world.text, where))
    return seen[0] == seen[1]


def _as_seen(seat: str, text: str, where: Path) -> tuple[Any, ...]:
    table = table_of_record(text)
    pg = page(table.name)
    rec = table.read(text, NAME, Base(where))
    first = table.read(_text(text.split("\n\n")[0], []), NAME, Base(where))
    game = table.replay(first).game
    steps = [pg.hand(game, seat, NAME)]
    for move in rec.moves:
        game, ruled = table.apply(game, move)
        shown = table.format_move(move) if move.player == seat else table.public_move(move)
        steps.append((ruled.legal, shown, pg.hand(game, seat, NAME)))
    host = games.game_view(RecordDir(where), NAME, HOST)
    host.pop("version")
    return tuple(steps), repr(host)
