"""The report a designer looks at: plots (matplotlib, PNG and SVG) and one HTML page with
the plots inlined as SVG and the tables, written under the store's `report/` folder.
Paints `stats.Report`; decides nothing.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.core.errors import InputError
from adjudicator.simulation.stats import DECISIVE_TITLES, EVENTS_TITLE, Report

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["PLOTS", "plots", "write_report"]

#: The plots of a deduction game's report, by file stem.
PLOTS = ("scores", "lengths", "seats", "cards")
#: Decisive names drawn (the most deciding first); the table has them all.
TOP_DECISIVE = 20


def plots(report: Report) -> tuple[str, ...]:
    """The plots of this report: a figure the game's rows lack is not drawn."""
    names = ["scores", "lengths", "seats"]
    if report.has("held"):
        names.append("cards")
    if report.has("decisive"):
        names.append("decisive")
    return tuple(names)


def _figures(report: Report) -> dict[str, Figure]:
    from matplotlib.figure import Figure  # no pyplot: no GUI backend, no global state

    out: dict[str, Figure] = {}
    fig = Figure(figsize=(7, 3.5))
    ax = fig.subplots()
    for counter, label in ((report.scores, "every seat"), (report.winner_scores, "winners")):
        xs = sorted(counter)
        ax.bar(xs, [counter[x] for x in xs], alpha=0.6, label=label)
    unit = {"dry-gulch": "influence", "black-hills": "reputation"}.get(report.spec.game, "points")
    ax.set(title="Final scores", xlabel=unit, ylabel="seats")
    ax.legend()
    out["scores"] = fig

    fig = Figure(figsize=(7, 3.5))
    ax = fig.subplots()
    xs = sorted(report.lengths)
    ax.bar(xs, [report.lengths[x] for x in xs], color="tab:green")
    ax.set(title="Game length", xlabel="turns", ylabel="games")
    out["lengths"] = fig

    fig = Figure(figsize=(7, 3.5))
    ax = fig.subplots()
    seats = report.seats
    rates = [s.rate for s in seats]
    low = [s.rate - s.interval[0] for s in seats]
    high = [s.interval[1] - s.rate for s in seats]
    ax.bar([str(s.seat) for s in seats], rates, yerr=[low, high], capsize=6, color="tab:blue")
    ax.axhline(report.neutral_rate, color="tab:red", linestyle="--", label="no seat advantage")
    ax.set(title="Win rate by seat (95% Wilson interval)", xlabel="seat", ylabel="win rate")
    ax.legend()
    out["seats"] = fig

    if report.has("held"):
        out["cards"] = _cards_figure(report)
    if report.has("decisive"):
        out["decisive"] = _decisive_figure(report)
    for f in out.values():
        f.tight_layout()
    return out


def _cards_figure(report: Report) -> Figure:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 4.5))
    ax = fig.subplots()
    cards = sorted(report.cards.values(), key=lambda c: c.card)
    ax.scatter([c.dead_rate for c in cards], [c.decisive for c in cards], s=18)
    for c in cards:
        ax.annotate(str(c.card), (c.dead_rate, c.decisive), fontsize=6, alpha=0.7)
    ax.axhline(1 / report.spec.players, color="tab:red", linestyle="--", label="1/n: no effect")
    ax.set(
        title="Cards: dead rate and decisiveness",
        xlabel="dead rate (held, never playable)",
        ylabel="decisive (its player won)",
    )
    ax.legend()
    return fig


def _decisive_figure(report: Report) -> Figure:
    from matplotlib.figure import Figure

    top = sorted(report.decisive.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_DECISIVE]
    fig = Figure(figsize=(7, 1.5 + 0.28 * len(top)))
    ax = fig.subplots()
    names = [name for name, _ in reversed(top)]
    rates = [k / report.finished if report.finished else 0.0 for _, k in reversed(top)]
    ax.barh(names, rates, color="tab:purple")
    title = DECISIVE_TITLES.get(report.spec.game, "Decisive")
    ax.set(title=title, xlabel="share of finished games")
    ax.tick_params(axis="y", labelsize=7)
    return fig


def write_report(report: Report, folder: Path) -> list[Path]:
    """The plots (PNG and SVG) and `report.html` in `folder`; the paths written."""
    import io

    if not report.games:
        raise InputError(str(folder.parent), "", "no finished batch: nothing to report")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(str(folder), "", f"cannot make the folder: {exc.strerror}") from None
    written: list[Path] = []
    svgs: dict[str, str] = {}
    try:
        for name, fig in _figures(report).items():
            for ext in ("png", "svg"):
                path = folder / f"{name}.{ext}"
                fig.savefig(path, format=ext, dpi=110)
                written.append(path)
            buffer = io.StringIO()
            fig.savefig(buffer, format="svg")
            svgs[name] = buffer.getvalue()
        page = folder / "report.html"
        page.write_text(_page(report, svgs), encoding="utf-8")
    except OSError as exc:
        raise InputError(str(folder), "", f"cannot be written: {exc.strerror}") from None
    written.append(page)
    return written


def _inline(svg: str) -> str:
    """An SVG file's text as an element of the page (no XML prolog, no DOCTYPE)."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


def _page(report: Report, svgs: dict[str, str]) -> str:
    data = report.to_json()
    spec = report.spec
    e = html.escape
    seat_rows = "".join(
        f"<tr><td>{s['seat']}</td><td>{s['wins']}</td><td>{s['win_rate']:.3f}</td>"
        f"<td>{s['interval95'][0]:.3f} &ndash; {s['interval95'][1]:.3f}</td></tr>"
        for s in data["seats"]
    )
    tables = _card_table(report, data) if report.has("held") else ""
    if report.has("decisive"):
        title = DECISIVE_TITLES.get(spec.game, "Decisive")
        tables += _shares_table(title, data["decisive"])
    if report.has("decisive_events"):
        tables += _shares_table(EVENTS_TITLE, data["decisive_events"])
    advantage = {True: "yes", False: "no", None: "unknown"}[data["first_seat"]["advantage"]]
    drawn = "".join(f"<figure>{_inline(svgs[name])}</figure>" for name in plots(report))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Simulation of {e(spec.edition)}</title>
<style>
body {{ font-family: sans-serif; max-width: 60rem; margin: 2rem auto; }}
table {{ border-collapse: collapse; margin: 1rem 0; }}
td, th {{ border: 1px solid #ccc; padding: 0.2rem 0.6rem; text-align: right; }}
figure {{ margin: 1rem 0; }} figure svg {{ max-width: 100%; height: auto; }}
</style></head><body>
<h1>{e(spec.edition)}: {data["games"]} games</h1>
<p>{e(spec.policy)} policy, {spec.players} players, seeds {spec.seed} to
{spec.seed + spec.games - 1} ({data["missing_games"]} not played yet);
{data["finished"]} finished, mean length {data["mean_length"]} turns,
mean score {data["mean_score"]}.</p>
<p>First seat advantage (its 95% interval above the seat-neutral rate
{data["neutral_rate"]:.3f}): <strong>{advantage}</strong>.</p>
{drawn}
<h2>Seats</h2>
<table><tr><th>seat</th><th>wins</th><th>win rate</th><th>95% interval</th></tr>
{seat_rows}</table>
{tables}
</body></html>
"""


def _card_table(report: Report, data: dict[str, Any]) -> str:
    n = report.spec.players
    card_rows = "".join(
        f"<tr><td>{c['card']}</td><td>{c['held']}</td><td>{c['dead_rate']:.3f}</td>"
        f"<td>{c['played']}</td><td>{c['discarded']}</td><td>{c['decisive']:.3f}</td>"
        f"<td>{c['lift']:.2f}</td><td>{c['win_share']:.4f}</td></tr>"
        for c in data["cards"]
    )
    return f"""<h2>Cards</h2>
<p>dead rate: held but never playable; decisive: of the games it was played in, the
share its player won (1/{n} is no effect; lift = decisive &times; {n});
win share: its share of all winners' points.</p>
<table><tr><th>card</th><th>held</th><th>dead rate</th><th>played</th><th>discarded</th>
<th>decisive</th><th>lift</th><th>win share</th></tr>
{card_rows}</table>"""


def _shares_table(title: str, shares: list[dict[str, Any]]) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(r['name'])}</td><td>{r['games']}</td><td>{r['rate']:.3f}</td></tr>"
        for r in shares
    )
    return f"""<h2>{html.escape(title)}</h2>
<table><tr><th>name</th><th>games</th><th>share of finished games</th></tr>
{rows}</table>"""
