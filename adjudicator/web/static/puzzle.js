// The puzzle page: the player's markers (building -> space) live here and in this
// browser's storage; the server draws the board, checks them and gives the next step.
"use strict";

(function () {
  const { _, fmt, $, status, api, pressable, el } = window.adjudicator;

  // ----- the new-puzzle form (on the front page) ---------------------------------------
  const newForm = $("new-puzzle");
  if (newForm) {
    newForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const form = Object.fromEntries(new FormData(newForm).entries());
      if (!form.name) delete form.name;
      const out = $("puzzle-status");
      out.textContent = _("making the puzzle...");
      const r = await api("POST", "/api/puzzles", form);
      if (r.ok) location.href = r.data.url;
      else out.textContent = r.data.error;
    });
    return;
  }

  const initial = $("initial");
  if (!initial) return;
  const view = JSON.parse(initial.textContent);
  const base = "/api/p/" + encodeURIComponent(view.name);
  const key = "puzzle:" + view.name;
  const names = Object.fromEntries(view.buildings.map((b) => [b.id, b.name]));
  const givenSpaces = new Set(view.givens.map((g) => g.space));
  let marks = {};
  try {
    marks = JSON.parse(localStorage.getItem(key) || "{}") || {};
  } catch (err) {
    marks = {};
  }
  let chosen = view.buildings.length ? view.buildings[0].id : null;
  let hinted = {}; // space -> building: where the last hint says to place

  function space(id) {
    return document.querySelector('#board svg [id="space-' + CSS.escape(id) + '"]');
  }

  function drawPick() {
    document.querySelectorAll("#pick .pick").forEach((b) => {
      b.classList.toggle("chosen", b.dataset.building === chosen);
      b.classList.toggle("placed", b.dataset.building in marks);
      b.setAttribute("aria-pressed", String(b.dataset.building === chosen));
    });
  }

  function decorate() {
    Object.values(marks).forEach((id) => space(id) && space(id).classList.add("mark"));
    Object.keys(hinted).forEach((id) => space(id) && space(id).classList.add("hl-placed"));
  }

  async function redraw() {
    localStorage.setItem(key, JSON.stringify(marks));
    $("where").hidden = true; // the last hint was for the markers before this change
    drawPick();
    const r = await api("POST", base + "/board", { marks });
    if (!r.ok) {
      // markers saved by an older copy of the puzzle: start over rather than stick
      status(r.data.error, "error");
      marks = {};
      localStorage.removeItem(key);
      return;
    }
    // the space a keyboard pressed keeps the focus on the new board
    const focused = document.activeElement && document.activeElement.closest("#board [id]");
    $("board").innerHTML = r.data.svg;
    decorate();
    if (focused) {
      const again = $("board").querySelector('[id="' + CSS.escape(focused.id) + '"]');
      if (again) again.focus();
    }
    $("placed").textContent = fmt(_("{n} of {count} buildings placed"), { n: Object.keys(marks).length, count: view.buildings.length });
    $("solved").hidden = !r.data.solved;
    if (r.data.solved) status(_("solved! Every building stands where the cards say."), "ok");
  }

  $("pick").addEventListener("click", (event) => {
    const b = event.target.closest(".pick");
    if (!b) return;
    chosen = b.dataset.building;
    drawPick();
    status(fmt(_("now tap the space of the {building}"), { building: names[chosen] }));
  });
  pressable($("board"));

  $("board").addEventListener("click", (event) => {
    const s = event.target.closest(".space");
    if (!s) return;
    const at = s.id.replace(/^space-/, "");
    if (givenSpaces.has(at)) {
      status(fmt(_("a given stands on {space}"), { space: at.toUpperCase() }), "error");
      return;
    }
    const here = Object.keys(marks).find((b) => marks[b] === at);
    if (here !== undefined) {
      delete marks[here];
      status(fmt(_("took the {building} off {space}"), { building: names[here], space: at.toUpperCase() }));
    } else if (hinted[at] || chosen) {
      if (hinted[at]) chosen = hinted[at];
      marks[chosen] = at;
      status(fmt(_("the {building} on {space}"), { building: names[chosen], space: at.toUpperCase() }));
    } else {
      return;
    }
    delete hinted[at];
    redraw();
  });

  $("check").addEventListener("click", async () => {
    const r = await api("POST", base + "/check", { marks });
    if (!r.ok) return status(r.data.error, "error");
    status(r.data.message, r.data.ok ? "ok" : "error");
  });

  // The hint: the next deduction in words (which building, each step with its rule, the
  // cards it rests on), not its space; "Show where" asks for the space and lights it.
  const cardWords = (c) => (c.my_name ? fmt(_("card {card} as the {building}"), { card: c.card, building: c.my_name }) : fmt(_("card {card}"), { card: c.card }));
  function stepWords(b, building) {
    const said = {
      placed: () => fmt(_("{card} puts the {building}'s markers on {count} spaces"), { card: cardWords(b), building, count: b.count }),
      ruled_out: () => fmt(_("{card} rules out {count} of them"), { card: cardWords(b), count: b.count }),
      taken: () => fmt(_("the {by}, standing, takes {count} of them"), { by: b.by_name, count: b.count }),
      stop: () => fmt(_("STOP: logic rules out {count} of them"), { count: b.count }),
      last: () => _("its last marker is where it stands"),
    }[b.kind];
    return said() + " (" + b.code + ")";
  }
  function drawHint(data) {
    const list = $("hint-steps");
    list.innerHTML = "";
    const next = data.next;
    const place = data.place || [];
    const remove = data.remove || [];
    let text = data.message;
    if (next) {
      text = fmt(_("Next: where the {building} stands. It rests on {cards}, with the buildings standing."), {
        building: next.building_name,
        cards: next.cards.map(cardWords).join(", "),
      });
      next.because.forEach((b) => list.appendChild(el("li", stepWords(b, next.building_name))));
      chosen = next.building;
    }
    if (place.length) text += " " + fmt(_("Place {list}."), { list: place.map((p) => fmt(_("the {building} on {space}"), { building: p.building_name, space: p.space_name })).join(", ") });
    if (remove.length) text = data.message;
    $("hint-text").textContent = text;
    $("where").hidden = !next || place.length > 0;
    hinted = Object.fromEntries(place.concat(remove).map((p) => [p.space, p.building]));
    drawPick();
    document.querySelectorAll("#board .hl-placed").forEach((n) => n.classList.remove("hl-placed"));
    decorate();
  }
  async function askHint(where) {
    const r = await api("POST", base + "/hint", { marks, where });
    if (!r.ok) return status(r.data.error, "error");
    drawHint(r.data);
  }
  $("hint").addEventListener("click", () => askHint(false));
  $("where").addEventListener("click", () => askHint(true));

  $("reset").addEventListener("click", () => {
    marks = {};
    hinted = {};
    status("");
    redraw();
  });

  if (Object.keys(marks).length) redraw();
  else drawPick();
})();
