// The puzzle page: the player's markers (building -> space) live here and in this
// browser's storage; the server draws the board, checks them and gives the next step.
"use strict";

(function () {
  const { _, fmt, $, status, api, pressable } = window.adjudicator;

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

  $("hint").addEventListener("click", async () => {
    const r = await api("POST", base + "/hint", { marks });
    if (!r.ok) return status(r.data.error, "error");
    const list = $("hint-steps");
    list.innerHTML = "";
    (r.data.steps || []).forEach((st) => {
      const li = document.createElement("li");
      li.textContent = "[" + st.code + "] " + st.text;
      list.appendChild(li);
    });
    const place = r.data.place || [];
    const remove = r.data.remove || [];
    let text = r.data.message;
    if (place.length) text = fmt(_("Place {list}."), { list: place.map((p) => fmt(_("the {building} on {space}"), { building: p.building_name, space: p.space_name })).join(", ") });
    if (remove.length) text = r.data.message;
    $("hint-text").textContent = text;
    hinted = Object.fromEntries(place.concat(remove).map((p) => [p.space, p.building]));
    if (place.length) chosen = place[0].building;
    drawPick();
    document.querySelectorAll("#board .hl-placed").forEach((n) => n.classList.remove("hl-placed"));
    decorate();
  });

  $("reset").addEventListener("click", () => {
    marks = {};
    hinted = {};
    status("");
    redraw();
  });

  if (Object.keys(marks).length) redraw();
  else drawPick();
})();
