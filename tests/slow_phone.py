"""A slow phone at the table, as issue 26 measured the page: Chromium throttled to 6x CPU,
a 400 ms round trip and 50 KB/s, on a new Gads Hill game 6 moves in, served on loopback
(pass-and-play). It times the game page's load (to the board and the record drawn),
another device's move until this page shows it, and the hint. A measurement, not a test:

    python -m tests.slow_phone [--trials 3] [--json]

Needs Debian's Chromium and Playwright, as the browser tests do."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.browser import ARGS, CHROMIUM, serving

RECORD = "x.game"
API = f"/api/g/{RECORD}"


def _api(url: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    ask = urllib.request.Request(
        url + path, data=data, method=method, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(ask, timeout=120) as answer:
        return json.load(answer)


def _next_move(url: str) -> str:
    """The first card play listed, else the first move; a face-down draw is chosen first."""
    listed = _api(url, "GET", f"{API}/moves")
    plain = [m for m in listed["moves"] if m not in set(listed["blind"])]
    plays = [m for m in plain if m.split(": ", 1)[-1][:1].isdigit()]
    if plays or plain:
        return (plays or plain)[0]
    move: str = _api(url, "POST", f"{API}/reveal", {"move": listed["moves"][0]})["moves"][0]
    return move


def measure(trials: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {"load_s": [], "seen_s": [], "hint_s": []}
    with tempfile.TemporaryDirectory() as folder:
        record = str(Path(folder) / RECORD)
        new = ["game", "new", record, "--edition", "gads-hill-1874", "--seed", "7"]
        subprocess.run(
            [sys.executable, "-m", "adjudicator.cli.main", *new, "--players", "ann, bob, cid"],
            check=True,
            capture_output=True,
        )
        with serving(Path(folder)) as url, sync_playwright() as pw:
            for _ in range(6):
                _api(url, "POST", f"{API}/move", {"move": _next_move(url)})
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            for _ in range(trials):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                slow = {"latency": 400, "downloadThroughput": 51_200, "uploadThroughput": 51_200}
                cdp.send("Network.emulateNetworkConditions", {"offline": False, **slow})
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
                t0 = time.monotonic()
                page.goto(f"{url}/g/{RECORD}")
                page.locator("#board svg").wait_for(state="visible", timeout=120_000)
                page.locator("#moves li").first.wait_for(timeout=120_000)
                times["load_s"].append(time.monotonic() - t0)
                page.wait_for_timeout(1500)
                for _ in range(3):
                    move, shown = _next_move(url), page.locator("#moves li").count()
                    t0 = time.monotonic()
                    _api(url, "POST", f"{API}/move", {"move": move})
                    page.locator(f"#moves li >> nth={shown}").wait_for(timeout=120_000)
                    times["seen_s"].append(time.monotonic() - t0)
                    page.wait_for_timeout(1000)
                while _api(url, "GET", f"{API}/moves")["blind"]:  # a draw owed first
                    _api(url, "POST", f"{API}/move", {"move": _next_move(url)})
                page.wait_for_timeout(1000)
                t0 = time.monotonic()
                page.click("#hint-button")
                page.locator("#hint li").first.wait_for(timeout=120_000)
                times["hint_s"].append(time.monotonic() - t0)
                context.close()
            browser.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.slow_phone", description=__doc__)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    times = measure(args.trials)
    summary = {
        k: {"median": round(statistics.median(v), 2), "max": round(max(v), 2), "n": len(v)}
        for k, v in times.items()
    }
    if args.json:
        print(json.dumps(summary))
    else:
        for k, v in summary.items():
            print(f"{k:<8} median {v['median']:.2f} s, max {v['max']:.2f} s ({v['n']} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
