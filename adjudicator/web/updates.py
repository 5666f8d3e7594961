"""What a page needs to go from one view of a record to the next (issue 26): the fields
that changed, a list's new tail instead of the whole list, and the board as a patch of the
SVG elements that changed, not the whole drawing.

Game-agnostic: it compares two views as plain JSON, whatever game drew them, and any SVG
under the view's `svg` key. An update is built from two views the page may already see, so
it carries nothing a view does not (no hand, no seed).

The board's patch is a list of splices of element children (`svg_patch`), which a page
applies in order to the drawing it holds. When the root itself changed, or the patch would
not be much smaller than the drawing, the update carries the whole SVG.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from difflib import SequenceMatcher
from typing import Any

__all__ = [
    "SVG_NS",
    "apply_svg_patch",
    "apply_update",
    "build_update",
    "canonical",
    "svg_patch",
    "update_size",
]

SVG_NS = "http://www.w3.org/2000/svg"
#: A patch is sent only when it is at most this share of the whole drawing: below that,
#: replacing the board costs the page no more than the patch would.
_PATCH_SHARE = 0.6


def _parse(svg: str) -> ET.Element | None:
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return None
    # SVG's own tags unprefixed, so a fragment reads `<g xmlns="...">`, not `<ns0:g ...>`
    for el in root.iter():
        if el.tag.startswith(_SVG_TAG):
            el.tag = el.tag[len(_SVG_TAG) :]
    return root


_SVG_TAG = "{" + SVG_NS + "}"


def _xml(el: ET.Element) -> str:
    """An element on its own, without the text that follows it in its parent."""
    tail, el.tail = el.tail, None
    try:
        return ET.tostring(el, encoding="unicode")
    finally:
        el.tail = tail


def _fragment(el: ET.Element) -> str:
    """An element as a splice carries it: without the blanks between its elements
    (indentation draws nothing); a page reads it inside an `<svg>` of SVG's namespace."""
    copy = ET.fromstring(ET.tostring(el))
    _drop_blanks(copy)
    return _xml(copy)


def _drop_blanks(root: ET.Element) -> None:
    """The blank text between elements taken out (it draws nothing)."""
    for e in root.iter():
        if _blank(e.tail):
            e.tail = None
        if len(e) and _blank(e.text):
            e.text = None


def _blank(text: str | None) -> bool:
    return text is None or not text.strip()


def _same_shell(a: ET.Element, b: ET.Element) -> bool:
    """Whether the change between `a` and `b` lies in their element children alone: the
    same tag and attributes, the same text, and no text between children (where text
    stands between them, as in a `<text>` with `<tspan>`s, the element is replaced)."""
    return (
        a.tag == b.tag
        and a.attrib == b.attrib
        and a.text == b.text
        and all(_blank(c.tail) for c in (*a, *b))
    )


Op = list[Any]  # [path, start, end, [xml, ...]], or [path, {attributes}]


def _diff(old: ET.Element, new: ET.Element, path: list[int], ops: list[Op]) -> None:
    """The ops turning `old`'s children into `new`'s (which have the same shell): those
    inside a kept child first, by the old places, then this element's own splices, the
    last first, so every op's path and places hold when it is applied in order."""
    # children compared by what they hold, not where they stand: a row of the key that
    # moved along costs its new attributes (`[path, {attributes}]`), not its contents
    a, b = [_held(c) for c in old], [_held(c) for c in new]
    splices: list[Op] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                if old[i].attrib != new[j].attrib:
                    ops.append([[*path, i], dict(new[j].attrib)])
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                kept = old[i]
                if kept.tag == new[j].tag and kept.attrib != new[j].attrib:
                    ops.append([[*path, i], dict(new[j].attrib)])
                    kept = _with_attrib(kept, new[j].attrib)
                if _same_shell(kept, new[j]) and len(kept) and len(new[j]):
                    _diff(kept, new[j], [*path, i], ops)
                else:
                    splices.append([path, i, i + 1, [_fragment(new[j])]])
            continue
        splices.append([path, i1, i2, [_fragment(new[j]) for j in range(j1, j2)]])
    ops.extend(sorted(splices, key=lambda op: -int(op[1])))


def svg_patch(old: str, new: str) -> list[Op] | None:
    """The splices of element children that turn the drawing `old` into `new`, or None
    when the whole drawing is the smaller or the only way (the root itself changed, or
    either is not XML). An op `[path, {attributes}]` gives the element at `path` (the root,
    when the drawing's size changed) those attributes; any other is `[path, start, end,
    [xml, ...]]`: in the element at
    `path` (element children's places from the root), the children from `start` up to
    `end` give way to the fragments (SVG elements, written without a namespace: a page
    reads each inside an `<svg>` of SVG's namespace)."""
    a, b = _parse(old), _parse(new)
    if a is None or b is None or a.tag != b.tag:
        return None
    ops: list[Op] = []
    if a.attrib != b.attrib:
        # the drawing grew or shrank (a key row more under the board): its size, then
        # the children as ever
        ops.append([[], dict(b.attrib)])
        a = _with_attrib(a, b.attrib)
    if not _same_shell(a, b):
        return None
    _diff(a, b, [], ops)
    if len(json.dumps(ops)) > _PATCH_SHARE * len(new):
        return None
    return ops


def _held(el: ET.Element) -> bytes:
    """An element as written without its own attributes: what it holds."""
    return ET.tostring(_with_attrib(el, {}))


def _with_attrib(el: ET.Element, attrib: dict[str, str]) -> ET.Element:
    copy = ET.Element(el.tag, attrib)
    copy.text, copy.tail = el.text, el.tail
    copy.extend(list(el))
    return copy


def apply_svg_patch(svg: str, ops: list[Op]) -> str:
    """The drawing after the patch, as a page applies it (the tests' check of a patch),
    written as `canonical` writes a drawing."""
    root = _parse(svg)
    if root is None:
        raise ValueError("not an SVG drawing")
    for op in ops:
        parent = root
        for i in op[0]:
            parent = parent[i]
        if len(op) == 2:  # [path, attributes]: the element's attributes, all of them
            parent.attrib.clear()
            parent.attrib.update(op[1])
            continue
        _path, start, end, xmls = op
        parent[start:end] = [ET.fromstring(x) for x in xmls]
    return _xml(root)


def canonical(svg: str) -> str:
    """A drawing written without the blanks between elements (which draw nothing, and
    which a splice does not carry), to compare two drawings."""
    root = _parse(svg)
    if root is None:
        raise ValueError("not an SVG drawing")
    _drop_blanks(root)
    return _xml(root)


def _mover(text: str) -> str | None:
    # a record's move line is "player: what they do" in every game
    player, sep, _rest = text.partition(":")
    return player.strip() if sep else None


def build_update(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What turns the view `old` into the view `new` (two views of one record):
    `version` and `from`, the new move and who made it (or that moves were taken back),
    `set` the fields that changed, `splice` a list's kept head and new tail, `drop` the
    fields gone, and the board as `svg_patch` or, when a patch does not pay, `set.svg`."""
    update: dict[str, Any] = {"version": new.get("version"), "from": old.get("version")}
    before, after = old.get("moves") or [], new.get("moves") or []
    grew = len(after) > len(before) and after[: len(before)] == before
    last = after[-1] if grew and isinstance(after[-1], dict) else None
    text = last.get("text") if last else None
    update["move"] = text if isinstance(text, str) else None
    update["by"] = _mover(text) if isinstance(text, str) else None
    update["undone"] = len(after) < len(before)
    changed: dict[str, Any] = {}
    splice: dict[str, Any] = {}
    for key, value in new.items():
        if key == "version" or (key in old and old[key] == value):
            continue
        was = old.get(key)
        if key == "svg" and isinstance(was, str) and isinstance(value, str):
            ops = svg_patch(was, value)
            if ops is not None:
                update["svg_patch"] = ops
                continue
        if isinstance(was, list) and isinstance(value, list):
            keep = _common_head(was, value)
            if keep:
                splice[key] = [keep, value[keep:]]
                continue
        changed[key] = value
    update["set"] = changed
    update["splice"] = splice
    update["drop"] = [k for k in old if k not in new]
    return update


def _common_head(a: list[Any], b: list[Any]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def apply_update(view: dict[str, Any], update: dict[str, Any]) -> dict[str, Any] | None:
    """The view after the update, as a page applies it, or None when the update starts
    from another version (the page fetches the whole view then)."""
    if view.get("version") != update["from"]:
        return None
    out = {k: v for k, v in view.items() if k not in update["drop"]}
    for key, (keep, tail) in update["splice"].items():
        out[key] = [*view[key][:keep], *tail]
    out.update(update["set"])
    if "svg_patch" in update:
        out["svg"] = apply_svg_patch(view["svg"], update["svg_patch"])
    out["version"] = update["version"]
    return out


def update_size(update: dict[str, Any]) -> int:
    """The bytes of the update's event data, as the stream sends it."""
    return len(json.dumps(update, separators=(",", ":")).encode("utf-8"))
