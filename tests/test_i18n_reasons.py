"""Issue 39, item 2: the rulings' reasons in the reader's language. A reason is a Message
(template + values) whose text is the English, so records, `--json` and every English test
read as before; the page translates it for its request's language (a context of its own
per request, so two phones in two languages served at once never mix), and the command
line for `--lang de`."""

from __future__ import annotations

import asyncio
import json
import pickle
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core import i18n
from adjudicator.core.i18n import N_, Message, Name, shown, translated
from adjudicator.deduction.files.editions import resolve_edition
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.puzzle.generate import generate
from adjudicator.deduction.puzzle.marks import contradictions
from adjudicator.deduction.rules.actions import discard_with, rule_discard
from adjudicator.render.pages.puzzles import check_marks
from adjudicator.web.app import create_app

EXAMPLE = str(Path(__file__).resolve().parents[1] / "examples" / "gads-hill-mid.toml")
LOCAL = "http://127.0.0.1:8000"
NEW = {"name": "club", "edition": "gads-hill-1874", "players": "ann, bob, cid", "seed": "50"}
API = "/api/g/club.game"
OUT_OF_TURN = "bob: 8; 36 as hotel"  # ann's turn: T1
runner = CliRunner()


@pytest.fixture(autouse=True)
def english_after() -> None:
    i18n.set_language("en")


# ----- the Message ----------------------------------------------------------------


def test_a_message_reads_as_its_english_text() -> None:
    m = Message(N_("{player} is not one of the players"), player="dan")
    assert m == "dan is not one of the players" and str(m) == m
    assert json.dumps({"message": m}) == '{"message": "dan is not one of the players"}'
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.template == m.template and dict(back.values) == {"player": "dan"}
    with pytest.raises(AttributeError):
        m.template = "x"


def test_shown_translates_the_template_and_its_nested_values() -> None:
    school = Name("School", "school", ("boards/gads-hill-1874",))
    either = Message(
        N_("{head} or {last}"), head=Message(N_("the {building}"), building=school), last="B2"
    )
    m = Message(
        N_("{building} stands on {space}, not on {spaces}"),
        building=school,
        space="A1",
        spaces=either,
    )
    assert m == "School stands on A1, not on the School or B2"
    assert shown(m, "en") == str(m)
    assert shown(m, "de") == "Schule steht auf A1, nicht auf Schule oder B2"
    assert shown("plain text", "de") == "plain text"  # not a message: as is
    assert translated({"r": [m, 3]}, "de") == {
        "r": ["Schule steht auf A1, nicht auf Schule oder B2", 3]
    }


def test_shown_reads_the_contexts_language() -> None:
    m = Message(N_("{player} calls STOP"), player="ann")
    assert shown(m) == "ann calls STOP"
    token = i18n.set_language("de")
    assert shown(m) == "ann ruft STOP"
    i18n.reset_language(token)
    assert shown(m) == "ann calls STOP"


# ----- the command line -----------------------------------------------------------


def test_lang_de_reads_a_ruling_reason_in_german_and_json_stays_english() -> None:
    asked = runner.invoke(app, ["--lang", "de", "play", EXAMPLE, "43"])
    assert "sag, welches Gebäude „mein Gebäude“ ist: Schule (school) oder" in asked.stdout
    assert "Spielsalon (casino)" in asked.stdout
    refused = runner.invoke(app, ["--lang", "de", "play", EXAMPLE, "1"])
    assert "P7: Karte 1 ist nicht in der Hand von cid" in refused.stdout
    english = runner.invoke(app, ["play", EXAMPLE, "1"])
    assert "P7: card 1 is not in cid's hand" in english.stdout
    bought = runner.invoke(app, ["--lang", "de", "buy", EXAMPLE, "bank"])
    assert "cid kauft Bank" in bought.stdout and "A2: cid zahlt 2 Marker für Bank" in bought.stdout
    played = runner.invoke(app, ["--lang", "de", "play", EXAMPLE, "43", "--as", "school"])
    assert "cid spielt Karte 43 als Schule" in played.stdout
    as_json = runner.invoke(app, ["--lang", "de", "play", EXAMPLE, "1", "--json"])
    assert json.loads(as_json.stdout)["reasons"][0]["message"] == "card 1 is not in cid's hand"


def test_lang_de_reads_the_stop_claims_in_german() -> None:
    """The STOP report's L1 and L2 sentences (the Hall sets, the buildings built), with the
    German cards' names; English reads as before."""
    german = runner.invoke(app, ["--lang", "de", "stop", EXAMPLE]).stdout
    assert "der Marker Kirche auf D1 geht" in german and "Wert: 6 Punkte" in german
    assert "Gebaut: Kirche auf F1. L2: für Kirche bleibt nur F1" in german
    english = runner.invoke(app, ["stop", EXAMPLE]).stdout
    assert "the Church marker on D1 goes" in english and "Worth 6 points" in english


def test_lang_de_reads_the_tiers_their_reasons_and_the_score_in_german() -> None:
    """Card 43 as the School: the P6 card tier (the relation's removals), the L2 cascade,
    the buildings built and the points by source, with the German cards' names in the
    Marker column; English and --json keep their words."""
    args = ["play", EXAMPLE, "43", "--as", "school"]
    wide = {"COLUMNS": "200"}
    german = runner.invoke(app, ["--lang", "de", *args], env=wide).stdout
    lines = [" ".join(line.split()) for line in german.splitlines()]
    assert "Stufe Marker Grund" in " ".join(lines)
    assert any(
        "Karte Metzger @ C5 von C5 aus stünde Metzger nicht neben Schule (P6)" in x for x in lines
    )
    assert any("Karte Schule @ B4 kein Feld von Metzger liegt neben B4 (P6)" in x for x in lines)
    assert any("Kaskade Gefängnis @ B4 Metzger steht jetzt auf B4 (L2)" in x for x in lines)
    assert any(x.startswith("Logik Kirche @ D1 L1:") for x in (y.strip("│ ") for y in lines))
    assert "Gebaut: Metzger auf B4 (der letzte Marker von Metzger liegt auf B4 (L2))" in german
    assert "Gebaut: Kirche auf F1 (für Kirche bleibt nur F1 (L2))" in german
    assert "Punkte: 15 (entfernt 11, gebaut 4)" in german
    for english in ("Butcher", "cascade", "would not be", "removed 11", "Built:"):
        assert english not in german
    plain = runner.invoke(app, args, env=wide).stdout
    assert "from C5 the Butcher would not be next to the School (P6)" in plain
    assert "cascade  Jail @ B4" in plain and "Points: 15 (removed 11, built 4)" in plain
    assert "Built: Butcher on B4 (the last marker of the Butcher is on B4 (L2))" in plain
    as_json = json.loads(runner.invoke(app, ["--lang", "de", *args, "--json"]).stdout)
    first = as_json["removed"][0]
    assert first["tier"] == "card" and first["reason"].startswith("from C5 the Butcher")
    assert as_json["points_detail"] == {"removed": 11, "unneeded": 0, "built": 4}


def test_a_discards_a1_reason_reads_in_german_for_every_pair_of_cards() -> None:
    """The A1 reason and the taken marker's removal; the hint's other pairs of cards
    (`discard_with`, which rewrites only the words naming the cards) are messages too."""
    german = runner.invoke(
        app, ["--lang", "de", "discard", EXAMPLE, "9", "17", "--take", "hotel@d1"]
    ).stdout
    assert "A1: genommen für das Abwerfen der Karten 9 und 17" in german
    ruling = rule_discard(load_state(Path(EXAMPLE)), (9, 17), ("hotel", "d1"))
    other = discard_with(ruling, (23, 48))  # two other cards of cid's hand
    assert [r.message for r in other.reasons] == ["taken for discarding cards 23 and 48"]
    assert shown(other.reasons[0].message, "de") == "genommen für das Abwerfen der Karten 23 und 48"
    taken = other.removed[0]
    assert (taken.building, taken.reason) == ("hotel", "taken for discarding cards 23 and 48 (A1)")
    assert shown(taken.reason, "de") == "genommen für das Abwerfen der Karten 23 und 48 (A1)"
    assert other.removed[1:] == ruling.removed[1:]


def test_a_puzzles_contradiction_reads_in_german() -> None:
    """P3 on a puzzle's markers (`rules/contradiction.py`): the reason and the page's
    sentence around it are messages, German for a German seat, English as before."""
    made = generate(resolve_edition("gads-hill-1874").edition(), 1, "hard").puzzle
    apart = contradictions(made, {"church": "c1", "newspaper-office": "e1"})
    why = next(c.why for c in apart if c.card == 44)  # church opposite newspaper-office
    assert why == "the Church is not opposite the Newspaper Office"
    assert shown(why, "de") == "Kirche steht nicht gegenüber von Zeitungsbüro"
    off = next(c.why for c in contradictions(made, {"church": "a2"}) if c.card == 44)
    assert (off, shown(off, "de")) == (
        "the Church cannot stand on A2",
        "Kirche kann nicht auf A2 stehen",
    )

    class _Found:  # what the web hands the page: the puzzle, solved (its town unused here)
        puzzle = made
        town = None

    marks = {"marks": {"church": "c1", "newspaper-office": "e1"}}
    checked = check_marks(_Found(), "p", marks)  # type: ignore[arg-type]
    said = translated(checked, "de")["contradictions"]
    card44 = next(c for c in said if c["card"] == 44)
    assert card44["text"].startswith("Karte 44 (mein Gebäude: Zeitungsbüro), „")
    assert card44["text"].endswith("“: Kirche steht nicht gegenüber von Zeitungsbüro (P3).")
    english = next(c for c in checked["contradictions"] if c["card"] == 44)["text"]
    assert english.startswith('card 44 (my building: the Newspaper Office), "')
    assert english.endswith('": the Church is not opposite the Newspaper Office (P3).')


# ----- the page -------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    assert c.post("/api/games", json=NEW).status_code == 201
    return c


def test_the_page_reads_a_refusal_in_the_browsers_language(client: TestClient) -> None:
    de = client.post(
        f"{API}/preview", json={"move": OUT_OF_TURN}, headers={"accept-language": "de"}
    )
    en = client.post(
        f"{API}/preview", json={"move": OUT_OF_TURN}, headers={"accept-language": "en"}
    )
    assert de.json()["message"] == "ann ist am Zug, nicht bob"
    assert en.json()["message"] == "it is ann's turn, not bob's"
    assert de.json()["code"] == en.json()["code"] == "T1"  # rule codes stay


def test_two_requests_at_once_each_read_their_own_language(tmp_path: Path) -> None:
    """Many previews in German and English at once, on the server's worker threads: the
    language is each request's own (a module global would leak one into the other)."""
    made = TestClient(create_app(tmp_path), base_url=LOCAL)
    assert made.post("/api/games", json=NEW).status_code == 201

    async def both() -> list[tuple[str, str]]:
        transport = httpx2.ASGITransport(app=create_app(tmp_path))
        async with httpx2.AsyncClient(transport=transport, base_url=LOCAL) as c:

            async def ask(lang: str) -> tuple[str, str]:
                r = await c.post(
                    f"{API}/preview", json={"move": OUT_OF_TURN}, headers={"accept-language": lang}
                )
                return lang, r.json()["message"]

            return await asyncio.gather(*(ask(("de", "en")[i % 2]) for i in range(24)))

    said = asyncio.run(both())
    want = {"de": "ann ist am Zug, nicht bob", "en": "it is ann's turn, not bob's"}
    assert len(said) == 24 and all(message == want[lang] for lang, message in said)
    assert i18n.language() == "en"  # the requests' languages stayed in their contexts


@pytest.mark.parametrize(
    ("edition", "german", "english"),
    [
        ("dry-gulch", ["Ziehphase von ann", "Stapel"], ["ann's draw phase", "Stacks"]),
        ("black-hills", ["Aufbau der Runde", "Der Tisch"], ["The round's set-up", "The table"]),
    ],
)
def test_a_german_seat_reads_the_servers_phase_words_and_panels(
    tmp_path: Path, edition: str, german: list[str], english: list[str]
) -> None:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    new = {"name": "west", "edition": edition, "players": "ann, bob, cid", "seed": "7"}
    assert c.post("/api/games", json=new).status_code == 201
    de = c.get("/api/g/west.game", headers={"accept-language": "de"}).text
    en = c.get("/api/g/west.game", headers={"accept-language": "en"}).text
    page = c.get("/g/west.game", headers={"accept-language": "de"}).text
    for word in german:
        assert word in de and word in page and word not in en
    for word in english:
        assert word in en and word not in de


def test_lang_de_reads_the_coachs_sentences_in_german(tmp_path: Path) -> None:
    """The coach's why for each turn and the pile to draw from: German with --lang de,
    English under --json (which keeps its text as it was)."""
    path = tmp_path / "c.game"
    args = ["game", "new", str(path), "--edition", "gads-hill-1874", "--players", "ann, bob, cid"]
    assert runner.invoke(app, [*args, "--seed", "7"]).exit_code == 0
    coached = ["hint", str(path), "--coach", "--top", "2", "--seed", "3"]
    german = runner.invoke(app, ["--lang", "de", *coached], env={"COLUMNS": "300"})
    assert german.exit_code == 0, german.output
    assert "Die meisten Punkte in diesem Zug" in german.stdout
    assert "Dann ziehen: Stapel" in german.stdout
    as_json = json.loads(runner.invoke(app, ["--lang", "de", *coached, "--json"]).stdout)
    assert as_json["turns"][0]["why"][0].isupper() and "Then draw from" in as_json["draw"]["why"]


def test_the_deduction_boards_caption_speaks_the_seats_language(client: TestClient) -> None:
    de = client.get("/g/club.game/board.svg", headers={"accept-language": "de"}).text
    en = client.get("/g/club.game/board.svg", headers={"accept-language": "en"}).text
    assert "Zug 1 · ann ist am Zug · Lokomotive 3/22" in de and "Punkte: ann 0" in de
    assert "turn 1 · ann to play · locomotive 3/22" in en and "scores: ann 0" in en


def test_the_status_word_is_said_in_the_table_s_language() -> None:
    """A German table reads the verdict in German (ERLAUBT); the English one and the JSON
    keep theirs, so records and scripts read the same anywhere."""
    args = ["play", "example:gads-hill-mid", "43", "--as", "school"]
    german = runner.invoke(app, ["--lang", "de", *args])
    assert german.exit_code == 0, german.output
    assert "ERLAUBT" in german.output and "LEGAL" not in german.output
    english = runner.invoke(app, args)
    assert "LEGAL" in english.output and "ERLAUBT" not in english.output
    as_json = runner.invoke(app, ["--lang", "de", *args, "--json"])
    assert json.loads(as_json.output)["status"] == "playable"
