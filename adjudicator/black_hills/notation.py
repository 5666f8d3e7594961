"""The Black Hills turn notation: a turn is its player and its actions in order, separated
by `;`::

    ann: keep miner merchant          # the round's set-up: keep two of the four dealt
                                      #   (a line of its own, every player before the
                                      #   first turn)
    ann: miner                        # place a character (mandatory, once a turn)
    ann: indian-chief logs            # choose what it gathers
    ann: merchant fur>logs; invest    # the Merchant's trade, then invest the most
    ann: sheriff; invest 1            # invest one point
    ann: preacher; invest 2 gold:1 logs:2 fur:3  # ... paying with these (unnamed: the
                                      #   payment keeping the most worth)
    ann: gambler from bob             # the Gambler takes 1 gold from bob
    ann: madam logs from bob
    ann: colonel at mine; steal bob   # the Colonel blocks the Mine, steals an event
    ann: shaman copy miner            # cover a visible card and do what it does
    ann: shaman draw hunter           # or play one of four drawn from the discards
    ann: shaman draw                  # (no card: the four are dealt and named, refused)
    ann: event stolen-gold            # activate an event (one a turn)
    ann: event stagecoach fur>gold    # ... with what it needs
    ann: event bank 2                 # the Bank: two points for 4 gold
    ann: event reinforcements bob
    ann: event tax-collection bob:logs  # what a payer returns (unnamed: the least valuable)
    ann: discard event plague         # discard one or two events (an event or a discard)
    ann: rob bob:gold cid die=2       # a robbery: one or two players (and what to take),
                                      #   the die
    ann: colonel at mine steal bob drew=bank  # the card the blind steal drew (default)
    ann: shaman draw miner dealt=miner,hunter,tracker,explorer  # the four the table dealt
    ann: hunter; return ann:fur bob:logs,logs  # the turn ending the round: what each
                                      #   returns above 5 (unnamed: the least valuable)

Each action is its words, lower case; the first word says which action it is (an action's
other words are read by the rule it belongs to, as they depend on the card). A turn that
does not follow the notation raises `InvalidTurnError` (`Code.NOTATION`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from adjudicator.black_hills.data import RESOURCES, load_rules
from adjudicator.black_hills.errors import InvalidTurnError
from adjudicator.black_hills.moves import (
    Action,
    Discard,
    Event,
    Invest,
    Keep,
    Place,
    Return,
    Rob,
    ShamanCopy,
    ShamanDraw,
    Steal,
    TurnMove,
)
from adjudicator.core.german import german_names, name_key
from adjudicator.core.names import PLAYER, player_key, written_name

__all__ = [
    "card_ids",
    "did_you_mean",
    "format_action",
    "format_turn_move",
    "number",
    "parse_action",
    "parse_discard",
    "parse_event",
    "parse_invest",
    "parse_return",
    "parse_rob",
    "parse_steal",
    "parse_turn",
    "parse_turn_move",
    "place_choices",
    "resource",
    "seat_actions",
    "swap",
]

_HEAD = re.compile(rf"^\s*(?P<player>{PLAYER})\s*:\s*(?P<body>.+)$", re.I)


def parse_turn(text: str) -> tuple[str, list[list[str]]]:
    """The player and the actions, each as its words: `'Ann: miner; invest 1'` ->
    `('ann', [['miner'], ['invest', '1']])`. Cards may be named as printed, in any case
    (`keep Explorer "Gold Digger"`, `event stolen gold`): read as their ids."""
    m = _HEAD.match(text)
    if not m:
        raise InvalidTurnError(f"write a turn as 'NAME: ACTION; ACTION', not {text!r}")
    actions = [list(_words(part)) for part in m["body"].split(";") if part.strip()]
    return written_name(m["player"]), actions  # the player as written: `seat_actions`


@lru_cache(maxsize=4096)
def _words(action: str) -> tuple[str, ...]:
    """One action's words, its cards as their ids. Remembered by the action: the best-turn
    search writes the same few placements and events into every order it tries (no card's
    name holds a `;`, so each action reads as it does in the whole turn)."""
    return tuple(card_ids(action).lower().split())


#: The words after which a turn names a player: `from NAME` (whom a character robs),
#: `steal NAME`, `event reinforcements NAME`.
_NAMING = ("from", "steal")


def seat_actions(
    player: str, actions: list[list[str]], names: Sequence[str]
) -> tuple[str, list[list[str]]]:
    """The player and the players the actions name, spelt as the table's `names` are
    (`from jürgen` robs Jürgen, `from anna lena` Anna Lena: a name of several words is
    read as the longest run of words naming a player). Other words as they were."""
    seats = tuple(names)
    keys = {player_key(n): n for n in seats}
    who = keys.get(player_key(player), player)
    return who, [list(_seated(tuple(words), seats)) for words in actions]


@lru_cache(maxsize=4096)  # each action alone: the search tries each in many orders
def _seated(written: tuple[str, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    """One action's words, the players it names spelt as `names` are."""
    keys = {player_key(n): n for n in names}
    longest = max((len(k.split()) for k in keys), default=1)
    words = list(written)
    seated_words: list[str] = []
    i = 0
    while i < len(words):
        naming = bool(seated_words) and (
            seated_words[-1] in _NAMING or seated_words == ["event", "reinforcements"]
        )
        run = _name_run(words[i : i + longest], keys) if naming else 0
        if run:
            seated_words.append(keys[player_key(" ".join(words[i : i + run]))])
            i += run
            continue
        word = words[i]
        who, colon, what = word.rpartition(":")  # Tax Collection's `NAME:RESOURCE`
        if seated_words[:2] == ["event", "tax-collection"] and colon:
            word = f"{keys.get(player_key(who), who)}:{what}"
        seated_words.append(word)
        i += 1
    return tuple(seated_words)


def _name_run(words: list[str], keys: dict[str, str]) -> int:
    """How many of the first `words` name a player (the most that do), or 0."""
    return next((n for n in range(len(words), 0, -1) if player_key(" ".join(words[:n])) in keys), 0)


@cache
def _printed() -> tuple[re.Pattern[str], dict[str, str]]:
    """The cards' printed names (and ids), longest first, and the id of each, lower case."""
    rules = load_rules()
    ids = {c.name.lower(): c.id for c in rules.characters.values()}
    ids |= {e.name.lower(): e.id for e in rules.events.values()}
    ids |= {i: i for i in [*rules.characters, *rules.events]}
    # German names (the cards' data file's `[german]` table): `keep Jäger Goldgräber`
    german = german_names("cards/black-hills")
    ids |= {n.lower(): i for i, n in german.items() if n.lower() not in ids}
    names = sorted(ids, key=len, reverse=True)
    words = "|".join(r"\s+".join(map(re.escape, n.split())) for n in names)
    # A name quoted, or a name of more than one word unquoted: each word a whole word.
    return re.compile(rf'"\s*({words})\s*"|(?<![\w-])({words})(?![\w-])', re.I), ids


def card_ids(body: str) -> str:
    """The body with each card named as printed written as its id: `keep Explorer "Gold
    Digger"` -> `keep explorer gold-digger` (other words as they were)."""
    pattern, ids = _printed()

    def one(m: re.Match[str]) -> str:
        name = " ".join((m[1] or m[2]).lower().split())
        return ids.get(name, m[0])

    return pattern.sub(one, body)


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`; did you mean 'hunter'?` for a misspelt name close to one of `known` or to its
    German name (`jäger`), else ''."""
    listed = list(known)
    german = german_names("cards/black-hills")
    listed += [name_key(german[k]) for k in listed if k in german]
    close = difflib.get_close_matches(word, listed, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def number(word: str, what: str) -> int:
    """A whole number the user wrote (ASCII digits only: '²' is not a number here)."""
    if not (word.isascii() and word.isdecimal()):
        raise InvalidTurnError(f"{what}: {word!r} is not a whole number")
    return int(word)


def resource(word: str) -> str:
    """A resource named in a robbery's target (`bob:gold`)."""
    if word not in RESOURCES:
        raise InvalidTurnError(f"{word!r} is not a resource ({', '.join(RESOURCES)})")
    return word


def swap(word: str) -> tuple[str, str] | None:
    """`give>get`, two resources (the Stagecoach's swap); None when it is not written so."""
    give, _, get = word.partition(">")
    return (give, get) if give in RESOURCES and get in RESOURCES else None


# ----- moves as values (`moves.py`) and back ---------------------------------------------


def format_turn_move(move: TurnMove) -> str:
    """A move in the notation: `ann: miner; invest`."""
    return f"{move.player}: " + "; ".join(format_action(a) for a in move.actions)


@lru_cache(maxsize=1024)  # a served move is read by each check before its ruling
def parse_turn_move(text: str) -> TurnMove:
    """A line in the notation as a move (frozen, so one read serves every reader); raises
    `InvalidTurnError` where it is not one."""
    player, actions = parse_turn(text)
    return TurnMove(player, tuple(parse_action(words) for words in actions))


def place_choices(p: Place) -> list[str]:
    """A placement's words after the card's name: its choices, then the words not placed."""
    words = []
    if p.resource:
        words.append(p.resource)
    if p.area:
        words += ["at", p.area]
    if p.trade:
        words.append(p.trade)
    if p.victim:
        words += ["from", p.victim]
    if p.steal:
        words.append(format_action(p.steal))
    return [*words, *p.extra]


def _place_words(p: Place) -> list[str]:
    return [p.character, *place_choices(p)]


def format_action(a: Action) -> str:
    """One action in the notation (lower case words)."""
    try:
        return _formatted(a)
    except TypeError:  # an action holding a list (built by hand), not hashable: each time
        return _format_action(a)


@lru_cache(maxsize=4096)
def _formatted(a: Action) -> str:
    """`format_action`, remembered: the best-turn search writes each of a turn's few
    placements and events into every order it tries (a fifth of its judge's time)."""
    return _format_action(a)


def _format_action(a: Action) -> str:
    words: list[str]
    if isinstance(a, Keep):
        words = ["keep", *a.cards]
    elif isinstance(a, Place):
        words = _place_words(a)
    elif isinstance(a, ShamanCopy):
        words = ["shaman", "copy", *_place_words(a.place)]
    elif isinstance(a, ShamanDraw):
        words = ["shaman", "draw", *(_place_words(a.place) if a.place else [])]
        words += [f"dealt={','.join(a.dealt)}"] if a.dealt else []
    elif isinstance(a, Steal):
        words = ["steal", a.victim]
        words += [f"{'drew=' if a.blind else ''}{a.event}"] if a.event else []
    elif isinstance(a, Invest):
        words = ["invest", *([str(a.points)] if a.points is not None else [])]
        words += [f"{r}:{n}" for r, n in a.paid]
    elif isinstance(a, Event):
        words = ["event", a.event]
        words += [f"{a.swap[0]}>{a.swap[1]}"] if a.swap else []
        words += [str(a.points)] if a.points is not None else []
        words += [a.victim] if a.victim else []
        words += [f"{n}:{r}" for n, r in a.payers]
    elif isinstance(a, Discard):
        words = ["discard", "event", *a.events]
    elif isinstance(a, Rob):
        words = ["rob", *(f"{n}:{r}" if r else n for n, r in a.targets)]
        words += [f"die={a.die}"] if a.die is not None else []
    else:
        words = ["return", *(f"{n}:{','.join(rs)}" for n, rs in a.returns)]
    return " ".join(words)


def _parse_place(head: str, args: list[str]) -> Place:
    """A card's words: each choice once, read where it is written; a word that is none
    (or a choice written twice) is kept as written, for the card's rule to refuse."""
    areas = load_rules().areas
    fields: dict[str, str] = {}
    steal: Steal | None = None
    extra: list[str] = []
    i = 0
    while i < len(args):
        word, key = args[i], ""
        if word == "at" and "area" not in fields:
            if i + 1 >= len(args) or args[i + 1] not in areas:
                raise InvalidTurnError(f"at which area? ({', '.join(areas)})")
            fields["area"] = args[i + 1]
            i += 2
            continue
        if word == "from" and "victim" not in fields and i + 1 < len(args):
            fields["victim"] = args[i + 1]
            i += 2
            continue
        if word == "steal" and steal is None:
            if i + 1 >= len(args):
                raise InvalidTurnError("steal from whom?")
            steal = parse_steal(args[i + 1 : i + 3])
            i += 3
            continue
        if word in RESOURCES:
            key = "resource"
        elif swap(word) is not None:
            key = "trade"
        if key and key not in fields:
            fields[key] = word
        else:
            extra.append(word)
        i += 1
    get = fields.get
    return Place(
        head, get("resource"), get("area"), get("trade"), get("victim"), steal, tuple(extra)
    )


def parse_steal(args: list[str]) -> Steal:
    if not args:
        raise InvalidTurnError("steal from whom?")
    if len(args) == 1:
        return Steal(args[0])
    blind = args[1].startswith("drew=")
    return Steal(args[0], args[1].removeprefix("drew="), blind)


def _parse_shaman(args: list[str]) -> Action:
    if not args or args[0] not in ("copy", "draw") or (args[0] == "copy" and len(args) < 2):
        raise InvalidTurnError(
            "the Shaman copies a visible card ('shaman copy CHARACTER') or "
            "plays one drawn from the discards ('shaman draw CHARACTER')"
        )
    dealt = [a.removeprefix("dealt=") for a in args[1:] if a.startswith("dealt=")]
    rest = [a for a in args[1:] if not a.startswith("dealt=")]
    if args[0] == "copy":
        return ShamanCopy(_parse_place(rest[0], rest[1:]))
    told = tuple(dealt[-1].split(",")) if dealt else ()
    # `shaman draw dealt=...` names no card: the referee deals and names the four.
    named = len(args) > 1 and not args[1].startswith("dealt=")
    return ShamanDraw(_parse_place(rest[0], rest[1:]) if named and rest else None, told)


def parse_invest(args: list[str]) -> Invest:
    """`invest [N] [RESOURCE:COUNT ...]`: the points and the payment named, if any."""
    want: int | None = None
    named: dict[str, int] = {}
    for word in args:
        if ":" in word:
            what, _, count = word.partition(":")
            if resource(what) in named:
                raise InvalidTurnError(f"invest: {what} is named twice")
            named[what] = number(count, f"invest {what}")
        elif want is None:
            want = number(word, "invest")
        else:
            raise InvalidTurnError(f"invest: {word!r}? write 'invest [N] [gold:1 logs:2 fur:3]'")
    return Invest(want, tuple(named.items()))


def parse_event(args: list[str]) -> Event:
    """`event ID [what it needs]`: the Stagecoach's `give>get`, the Bank's points, the
    Reinforcements' victim, Tax Collection's `NAME:RESOURCE` for each payer; other events
    need nothing (words after them are not read)."""
    eid, rest = args[0], args[1:]
    if eid == "stagecoach":
        return Event(eid, swap=swap(rest[0]) if rest else None)
    if eid == "bank":
        return Event(eid, points=number(rest[0], "the Bank") if rest else None)
    if eid == "reinforcements":
        return Event(eid, victim=rest[0] if rest else None)
    if eid == "tax-collection":
        pairs = [word.partition(":") for word in rest]
        return Event(eid, payers=tuple((name, resource(what)) for name, _, what in pairs))
    return Event(eid)


def parse_discard(args: list[str]) -> Discard:
    """`discard event ID [ID]` (or `events`, or neither word)."""
    return Discard(tuple(a for a in args if a not in ("event", "events")))


def parse_rob(args: list[str]) -> Rob:
    """`rob NAME[:resource] ... [die=N]`."""
    given = [a[4:] for a in args if a.startswith("die=")]
    die = number(given[0], "die") if given else None
    targets = [a for a in args if not a.startswith("die=")]
    if not targets:
        raise InvalidTurnError("rob whom? 'rob NAME[:resource]'")
    out: list[tuple[str, str | None]] = []
    for spec in targets:
        name, _, wanted = spec.partition(":")
        out.append((name, resource(wanted) if wanted else None))
    return Rob(tuple(out), die)


def parse_return(args: list[str]) -> Return:
    if not args:
        raise InvalidTurnError("return what? 'return NAME:RESOURCE,RESOURCE'")
    out: list[tuple[str, tuple[str, ...]]] = []
    for word in args:
        name, _, what = word.partition(":")
        out.append((name, tuple(resource(r) for r in what.split(",") if r)))
    return Return(tuple(out))


def parse_action(words: list[str]) -> Action:
    """One action's words (`parse_turn`) as a value."""
    if not words:
        raise InvalidTurnError("an empty action")
    head, args = words[0], words[1:]
    if head == "keep":
        return Keep(tuple(args))
    if head == "invest":
        return parse_invest(args)
    if head == "event":
        if not args:
            raise InvalidTurnError("activate which event? 'event ID'")
        return parse_event(args)
    if head == "discard":
        return parse_discard(args)
    if head == "rob":
        return parse_rob(args)
    if head == "return":
        return parse_return(args)
    if head == "steal":
        return parse_steal(args)
    if head == "shaman":
        return _parse_shaman(args)
    return _parse_place(head, args)
