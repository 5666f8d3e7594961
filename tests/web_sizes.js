// Measured in the page by tests/test_web_sizes.py: the smallest text and the smallest tap
// target as drawn on the screen (SVG text scaled by its screen CTM), the page's width, and
// where the board ends. An expression for Playwright's page.evaluate.
() => {
  const shown = (node) => {
    if (!node.getClientRects().length) return false;
    const r = node.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false; // the visually hidden (.vh) text
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.visibility === "hidden" || s.display === "none" || s.opacity === "0") return false;
    }
    return true;
  };
  const say = (node) => {
    const id = node.id ? "#" + node.id : "";
    const cls = typeof node.className === "string" && node.className ? "." + node.className.split(" ").join(".") : "";
    return node.tagName.toLowerCase() + id + cls + " " + JSON.stringify((node.textContent || "").trim().slice(0, 30));
  };
  const fonts = [];
  for (const node of document.body.querySelectorAll("*")) {
    if (["SCRIPT", "STYLE", "title", "TITLE", "OPTION"].includes(node.tagName)) continue;
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own || !shown(node)) continue;
    let px = parseFloat(getComputedStyle(node).fontSize);
    if (node instanceof SVGElement) {
      const m = node.getScreenCTM();
      px *= Math.sqrt(m.a * m.a + m.b * m.b);
    }
    fonts.push([px, say(node)]);
  }
  const tappable = [
    "button", "select", "input:not([type=hidden])", "a[href]", "summary", "[tabindex]",
    "#board svg .space", "#board svg .frame", "#board svg .marker", "#board svg .area",
    '#board svg g[id^="site-"]', "#board svg [role=button]",
  ];
  const targets = [];
  const onBoard = [];
  for (const node of document.querySelectorAll(tappable.join(","))) {
    if (!shown(node) || node.closest("[hidden]")) continue;
    if (getComputedStyle(node).pointerEvents === "none") continue; // not a target: taps pass
    const r = node.getBoundingClientRect();
    const item = [Math.min(r.width, r.height), say(node), Math.round(r.width), Math.round(r.height)];
    (node.closest("#board svg") ? onBoard : targets).push(item);
  }
  const board = document.querySelector("#board svg");
  const low = (list) => list.sort((a, b) => a[0] - b[0]).slice(0, 3);
  return {
    font: low(fonts),
    target: low(targets),
    boardTarget: low(onBoard),
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: innerWidth,
    innerHeight: innerHeight,
    // the board with its legend or key below it (the caption is in the summary above)
    boardBottom: board
      ? Math.max(...[...document.querySelectorAll("#board, #board ~ .legend-web, #board-key")]
          .filter(shown).map((n) => n.getBoundingClientRect().bottom + scrollY))
      : null,
  };
}
