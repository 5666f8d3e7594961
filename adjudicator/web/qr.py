"""The QR code of a seat link, drawn by segno as inline SVG for the host's screen: a phone
joins its seat by pointing its camera at the board-side screen."""

from __future__ import annotations

import io

import segno

__all__ = ["qr_svg"]


def qr_svg(url: str, title: str | None = None) -> str | None:
    """The QR code of `url` as an `<svg>` element (no XML declaration: it sits in a page),
    or None when the link is too long for one (the page shows the link alone then)."""
    out = io.BytesIO()
    try:
        code = segno.make(url, error="m")
    except segno.DataOverflowError:
        return None
    code.save(
        out,
        kind="svg",
        scale=4,
        border=2,
        xmldecl=False,
        svgns=True,
        title=title,
        svgclass="qr",
    )
    # segno writes a title with other letters (`zoë's seat`) as UTF-8
    return out.getvalue().decode("utf-8")
