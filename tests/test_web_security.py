"""The page keeps to its own server (issue 26, item 5): every response carries a content
security policy with no inline script and no framing, nosniff and no referrer; the Host
header is checked in every mode `adjudicator serve` starts (loopback names, and off
loopback the address it printed and this machine's name); the token leaves the address
bar once the tab has it. The page's own scripts run under that policy: the browser tests
play whole turns with it."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.cli.serve_cmd import server_names
from adjudicator.web.app import LOOPBACK_HOSTS, create_app
from adjudicator.web.seats import SeatKeys

SHIPPED = Path(__file__).parents[1] / "examples" / "dry-gulch-table.game"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "t.game").write_text(SHIPPED.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "path", ["/?list=1", "/g/t.game", "/api/g/t.game", "/static/app.js", "/nope"]
)
def test_every_response_carries_the_security_headers(folder: Path, path: str) -> None:
    r = TestClient(create_app(folder), base_url="http://127.0.0.1").get(path)
    policy = r.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("style-src")[0]
    assert "frame-ancestors 'none'" in policy
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-frame-options"] == "DENY"


def test_no_page_holds_an_inline_script(folder: Path) -> None:
    client = TestClient(create_app(folder), base_url="http://127.0.0.1")
    for path in ("/?list=1", "/g/t.game"):
        page = client.get(path).text
        scripts = page.split("<script")[1:]
        assert scripts
        for script in scripts:  # a file, or a JSON block no browser runs
            head = script.split(">", 1)[0]
            assert 'src="/static/' in head or 'type="application/json"' in head, head
        assert " on" + "click=" not in page and "javascript:" not in page


def test_off_loopback_the_host_header_is_checked_too(folder: Path) -> None:
    names = server_names("0.0.0.0", "192.168.1.20")
    assert set(LOOPBACK_HOSTS) <= set(names) and "192.168.1.20" in names
    assert socket.gethostname().lower() in names and "0.0.0.0" not in names
    app = create_app(folder, token="secret", hosts=names)
    host = TestClient(app, base_url="http://192.168.1.20:8000", headers={"x-token": "secret"})
    assert host.get("/api/g/t.game").status_code == 200
    rebound = TestClient(app, base_url="http://evil.example:8000").get("/api/g/t.game")
    assert rebound.status_code == 400
    assert rebound.json()["error"] == "evil.example:8000: not a name of this server"
    assert server_names("127.0.0.1", "127.0.0.1") == LOOPBACK_HOSTS


def test_on_loopback_another_name_is_refused(folder: Path) -> None:
    r = TestClient(create_app(folder), base_url="http://rebound.example").get("/api/g/t.game")
    assert (r.status_code, r.json()["error"]) == (400, "rebound.example: not a loopback name")


def test_the_token_leaves_the_address_bar(folder: Path) -> None:
    """The host's link carries the token and a seat's link its key; the tab keeps them
    (and the server sets its cookies), then the address bar and the history no longer
    show them, and the seat's move still commits. No script of the page breaks the
    content security policy."""
    import os

    from tests.browser import ARGS, CHROMIUM, serving

    if not CHROMIUM.exists() and not os.environ.get("CI"):
        pytest.skip("no /usr/bin/chromium here (CI installs it: .ci/run)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with serving(folder, token="s3cret") as url, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        (folder / "new.game").write_text(
            '[Edition "dry-gulch"]\n[Players "ann, bob, cid"]\n[Seed "3"]\n', encoding="utf-8"
        )
        page.goto(f"{url}/g/new.game?token=s3cret")
        sync_api.expect(page.locator("#board svg")).to_be_visible()
        assert "token" not in page.url
        page.goto(f"{url}/g/new.game?seat={SeatKeys('s3cret').key('new.game', 'ann')}")
        sync_api.expect(page.locator("#board svg")).to_be_visible()
        assert "seat" not in page.url
        page.fill("#move-text", "ann: draw resources")
        page.click("#commit")
        sync_api.expect(page.locator("#status")).to_have_text("recorded: ann: draw resources")
        browser.close()
    assert problems == []
