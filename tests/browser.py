"""What the browser tests share: Debian's Chromium, its flags, and a live uvicorn server
over a folder of records (`adjudicator serve` as a table runs it)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
#: axe-core 4 (npm): `.ci/run` installs it under .ci/node; a developer's own copy elsewhere
#: is named by AXE_CORE.
AXE_PLACES = (
    Path(os.environ.get("AXE_CORE", "/nonexistent")),
    Path(__file__).parents[1] / ".ci" / "node" / "node_modules" / "axe-core" / "axe.min.js",
    Path("/tmp/axe/node_modules/axe-core/axe.min.js"),
)
AXE = next((p for p in AXE_PLACES if p.exists()), AXE_PLACES[1])
ARTIFACTS = Path(__file__).parent / "artifacts"
#: How long a browser test waits for the page to show what it must (ms).
EXPECT_MS = 30_000
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require_axe() -> None:
    """Skip the calling test where axe-core is missing, except in CI (`.ci/run` installs
    it), where running without it is a failure."""
    import pytest

    if not AXE.exists():
        if os.environ.get("CI"):
            raise AssertionError(f"axe-core is not installed ({AXE}): .ci/run installs it")
        pytest.skip(f"no axe-core here ({AXE}; npm install axe-core@4, or set AXE_CORE)")


def require_browser() -> None:
    """Skip the calling test module where this machine has no Chromium or Playwright,
    except in CI, where either missing is a failure (`.ci/run` installs both)."""
    import pytest

    if not os.environ.get("CI"):
        if not CHROMIUM.exists():
            pytest.skip(
                "no /usr/bin/chromium here (CI installs it: .ci/run)", allow_module_level=True
            )
        pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    from playwright.sync_api import expect

    # What a page must come to show, it may take its time to show on a loaded machine: a
    # browser test checks what the page does, never how fast (the bench times the web).
    expect.set_options(timeout=EXPECT_MS)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(root: Path, token: str | None = None, port: int | None = None) -> Iterator[str]:
    """The app over `root` on a loopback port (a free one unless given), for as long as
    the block runs (with `token`, as `serve --host 0.0.0.0` runs it: every change needs
    the token), stopped as `serve` stops on Ctrl+C."""
    from adjudicator.web.app import create_app
    from adjudicator.web.events import server

    port = port or free_port()
    app = create_app(root, token=token, hosts=("127.0.0.1",) if token else None)
    srv = server(app, host="127.0.0.1", port=port, log_level="warning")
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # a guard against a hang, not a time limit
    while not srv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


def new_game_from_page(page: Any, url: str, edition: str, seed: int, options: str = "") -> None:
    """A 3-player game of `edition` made from the front page's form, and opened."""
    page.goto(f"{url}/?list=1")
    page.fill("#new-game input[name=name]", "club")
    page.select_option("#new-game select[name=edition]", edition)
    page.fill("#new-game input[name=players]", "ann, bob, cid")
    page.fill("#new-game input[name=seed]", str(seed))
    if options:
        page.fill("#new-game input[name=options]", options)
    page.click("#create")
    page.wait_for_url(f"{url}/g/club.game")


def replayed(record: Path) -> dict[str, Any]:
    """`adjudicator replay RECORD --json` of the record on disk, as a new process."""
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli.main", "replay", str(record), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def record_moves(record: Path) -> list[str]:
    text = record.read_text(encoding="utf-8")
    return [ln for ln in text.splitlines() if ln and not ln.startswith("[")]


def serious_violations(page: Any) -> list[str]:
    """axe-core's critical and serious findings on the page as it stands, each with up to
    three of the elements it names."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run()).violations")
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("critical", "serious")
    ]


def launched_chromium() -> Iterator[Any]:
    """Debian's Chromium launched by Playwright, for a module's `browser` fixture
    (`yield from launched_chromium()`); closed when the module is done."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def opened(browser: Any, url: str, width: int, height: int) -> Any:
    """A page of `url` in a new context of that size (a phone at 390x844, a host's screen
    at 1440x900)."""
    # axe-core is injected as a script: the page's own CSP would refuse it
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    page.goto(url)
    return page
