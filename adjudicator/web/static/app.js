// The page's small script: it calls the JSON API, draws what it returns, and listens to
// the record's events so every device at the table sees a new move as it is written.
"use strict";

(function () {
  const { _, fmt, $, status, hintSaid, why, api, plural, el, hideHand, toggleHand } = window.adjudicator;
  const { mayOpenHand, applyRole, keepHandOpen } = window.adjudicator;
  const { previewMove, commitMove, wireUndo, wireTimeline, keepUp } = window.adjudicator;
  const DRAWS_FROM = /^.*? draws from /; // a listed draw's notation, before its pile
  // another player's refused move comes as "refused" alone: its reason read their hand
  const refusedWhy = (why) => (why === "refused" ? _("refused") : fmt(_("refused: {why}"), { why }));

  // ----- the new-game form ------------------------------------------------------------
  const newForm = $("new-game");
  // A table's choice (STOP) only for the editions that offer it: disabled, it is not sent.
  function offerChoices() {
    newForm.querySelectorAll("fieldset[data-editions]").forEach((f) => {
      const on = f.dataset.editions.split(" ").includes(newForm.elements.edition.value);
      f.hidden = !on;
      f.disabled = !on;
    });
  }
  if (newForm) {
    offerChoices();
    newForm.elements.edition.addEventListener("change", offerChoices);
    newForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const form = Object.fromEntries(new FormData(newForm).entries());
      const r = await api("POST", "/api/games", form);
      if (r.ok) location.href = r.data.url;
      else status(r.data.error, "error");
    });
    return;
  }

  const initial = $("initial");
  if (!initial) return;
  let view = window.adjudicator.initialView();
  const name = view.name;
  const base = "/api/g/" + encodeURIComponent(name);
  let highlighted = null; // the last ruling or claims drawn on the board
  let stepping = () => null; // the timeline's step, or null for the live board

  // ----- the board ----------------------------------------------------------------------
  function space(id) {
    return document.querySelector('#board svg [id="space-' + CSS.escape(id) + '"]');
  }
  function marker(building, at) {
    const s = space(at);
    return s && s.querySelector('.marker[data-building="' + CSS.escape(building) + '"]');
  }
  function mark(node, cls, title) {
    if (!node) return;
    node.classList.add(cls);
    if (title) {
      const t = document.createElementNS("http://www.w3.org/2000/svg", "title");
      t.textContent = title;
      node.appendChild(t);
    }
  }

  function drawHighlights() {
    if (!highlighted) return;
    const h = highlighted;
    (h.placed || []).forEach((m) => mark(space(m.space), "hl-placed", fmt(_("marker placed: {building} (P1)"), { building: m.building })));
    (h.removed || []).forEach((m) => {
      mark(marker(m.building, m.space), "hl-removed", m.tier + ": " + m.reason);
      mark(space(m.space), "hl-removed-space");
    });
    (h.built || []).forEach((b) => mark(space(b.space), "hl-built", fmt(_("built: {building}"), { building: b.building })));
    (h.claims || []).forEach((c) => {
      mark(marker(c.building, c.space), "hl-claim", c.explanation);
      mark(space(c.space), "hl-claim-space");
    });
    (h.determined || []).forEach((c) => mark(space(c.space), "hl-claim-space", c.explanation));
  }

  function setBoard(svg) {
    $("board").innerHTML = svg;
    drawHighlights();
  }

  // A space tapped (or Entered): what stands or is marked there, in words beside the
  // board, with a button for each marker to take with a discard (A1). The board's marker
  // badges are too small to aim at; these buttons are not.
  // The space read out stays read out as the board changes: read again from the new
  // board after every update, so no "take the Smith marker" outlives the Smith's marker.
  let readAt = null;
  const spaceHelp = $("space-info").innerHTML;
  function rereadSpace() {
    const s = readAt && document.querySelector('#board svg [id="' + CSS.escape(readAt) + '"]');
    if (s) return readSpace(s);
    readAt = null;
    $("space-info").innerHTML = spaceHelp;
  }

  function readSpace(s) {
    const box = $("space-info");
    const at = s.id.replace(/^space-/, "");
    readAt = s.id;
    box.innerHTML = "";
    const title = s.querySelector("title");
    box.appendChild(el("p", title ? title.textContent : at.toUpperCase(), "space-words"));
    const row = el("div", null, "buttons");
    // a discard takes a marker (A1) while the game goes on, and from the board as it is
    if (!view.over) s.querySelectorAll(".marker[data-building]").forEach((m) => {
      const building = m.dataset.building;
      const name = shownName(view.all_buildings.find((b) => b.id === building) || { id: building, name: building });
      const b = el("button", fmt(_("take the {building} marker"), { building: name }), "take-marker");
      b.type = "button";
      b.dataset.take = building + "@" + at;
      b.addEventListener("click", () => {
        $("take").value = building + "@" + at;
        compose();
        status(fmt(_("marker {marker} chosen to take with a discard"), { marker: building + "@" + at }));
        $("disc1").focus();
      });
      row.appendChild(b);
    });
    if (row.children.length) box.appendChild(row);
  }
  $("board").addEventListener("click", (event) => {
    const s = event.target.closest(".space, .frame");
    if (s) readSpace(s);
  });
  window.adjudicator.pressable($("board"));

  // ----- the summary, the players and the STOP window -----------------------------------
  // A building as the page's language names it: a German page's view carries `names`
  // (id -> German name, as the German cards print it); the moves keep the ids.
  function shownName(b) {
    return (view.names && view.names[b.id]) || b.name;
  }
  function shownBuildings(items) {
    return items.map((b) => ({ id: b.id, name: shownName(b) }));
  }
  // a hand's card names its building as printed in English: found by that name
  function shownPrinted(name) {
    const b = view.all_buildings.find((x) => x.name === name);
    return b ? shownName(b) : name;
  }

  function options(select, items, blank) {
    const keep = select.value;
    select.innerHTML = "";
    if (blank !== undefined) select.appendChild(new Option(blank, ""));
    items.forEach((b) => select.appendChild(new Option(b.name, b.id)));
    if ([...select.options].some((o) => o.value === keep)) select.value = keep;
  }

  function render() {
    $("turn").textContent = fmt(_("turn {turn}"), { turn: view.turn });
    $("to-play").textContent = view.over
      ? _("game over") + (view.winners.length ? " · " + fmt(_("won by {players}"), { players: view.winners.join(", ") }) : "")
      : view.setup
        ? fmt(_("set-up: {player} chooses a building"), { player: view.to_play })
        : fmt(_("{player} to play"), { player: view.to_play });
    if ($("locomotive")) $("locomotive").textContent = fmt(_("locomotive {at}/{end}"), { at: view.locomotive, end: view.end_at });
    $("built").textContent = fmt(_("{built}/{spaces} built"), { built: view.built, spaces: view.spaces });
    const body = $("players").querySelector("tbody");
    body.innerHTML = "";
    view.players.forEach((p) => {
      const row = el("tr");
      if (p.name === view.to_play && !view.over) row.className = "active";
      row.appendChild(el("td", (p.name === view.to_play && !view.over ? "▶ " : "") + p.name));
      row.appendChild(el("td", String(p.points), "num"));
      row.appendChild(el("td", p.buildings.map(shownName).join(", ")));
      row.appendChild(el("td", p.cards === null ? "?" : String(p.cards), "num"));
      const cell = el("td");
      if (p.cards !== null && mayOpenHand(view.me, p.name)) {
        const b = el("button", _("show my hand"));
        b.type = "button";
        b.dataset.player = p.name;
        b.className = "show-hand";
        b.addEventListener("click", () => showHand(p.name));
        cell.appendChild(b);
      }
      row.appendChild(cell);
      body.appendChild(row);
    });
    $("piles").textContent = view.piles
      ? _("draw piles:") + " " + Object.entries(view.piles).map(([k, n]) => k + " " + n).join(", ")
      : "";
    if (view.over) status((view.winners.length === 1 ? _("The game is over. Winner:") : _("The game is over. Winners:")) + " " + view.winners.join(", "), "ok");
    // a seat moves as its own player only
    const seated = view.me.seat ? view.players.filter((p) => p.name === view.me.seat) : view.players;
    options($("player"), seated.map((p) => ({ id: p.name, name: p.name })));
    if (!$("player").dataset.touched) $("player").value = view.me.seat || view.to_play;
    asMenus();
    // A3: the second card's slot only while the edition allows two cards a turn
    $("card2").closest(".row").hidden = view.cards_a_turn < 2;
    if (view.cards_a_turn < 2) {
      $("card2").value = "";
      $("as2").value = "";
    }
    options($("buy"), shownBuildings(view.beside), _("no buy"));
    $("buy-set").hidden = !view.buying;
    renderSetup();
    renderRefill();
    renderDraw();
    renderMoves();
    renderStop();
    if (stepping() === null) setBoard(view.svg);
    applyRole(view.me);
    keepHandOpen(base, view.me, fillHand);
    window.adjudicator.showEnd(view);
    window.adjudicator.dropStaleHint(view);
    rereadSpace();
    // the page's own signal that it drew this version (a test waits on it, not on time)
    document.body.dataset.version = view.version;
    document.body.dataset.moves = String(view.moves.length);
  }

  // "as": a card that names "my building" is played as one of the player's own buildings
  // (P7), so the menu lists the moving player's buildings, as printed.
  function asMenus() {
    const mover = view.players.find((p) => p.name === $("player").value);
    let mine = mover ? shownBuildings(mover.buildings) : [];
    // where buying is allowed (A2), a building bought before the card is the player's too
    if (view.buying) mine = mine.concat(view.beside.map((b) => ({ id: b.id, name: fmt(_("{building} (bought first)"), { building: shownName(b) }) })));
    options($("as1"), mine, "—");
    options($("as2"), mine, "—");
  }
  $("player").addEventListener("change", asMenus);

  // T7: the set-up's buildings, chosen in seat order: on the chooser's screen a button per
  // building beside the board; a tap previews the take, "Take this building" commits the
  // take previewed. Every other screen says whose choice it is. The turn's parts of the
  // form wait for the first turn.
  let setupPreviewed = null;
  function renderSetup() {
    // the host's shared screen moves for no one: its form stays as applyRole left it
    if ($("move-form").dataset.role === "host") return;
    const on = Boolean(view.setup) && !view.over;
    const chooser = on ? view.to_play : null;
    const mine = on && (view.me.pass_and_play || view.me.seat === chooser);
    $("setup-set").hidden = !on;
    ["cards-set", "discard-set", "pass"].forEach((id) => ($(id).hidden = on));
    if (on) $("buy-set").hidden = true;
    $("setup-who").textContent = !on ? "" : mine
      ? fmt(_("{player}, your choice: tap a building, then take it."), { player: chooser })
      : fmt(_("{player} chooses a building on their own screen."), { player: chooser });
    const row = $("setup-row");
    row.innerHTML = "";
    const lines = [];
    if (mine) shownBuildings(view.beside).forEach((b) => {
      const line = chooser + ": take " + b.id;
      lines.push(line);
      const button = el("button", b.name, "setup-building");
      button.type = "button";
      button.dataset.move = line;
      button.dataset.building = b.id;
      button.dataset.name = b.name;
      button.setAttribute("aria-pressed", String(line === setupPreviewed));
      button.addEventListener("click", () => previewSetup(line));
      row.appendChild(button);
    });
    if (!lines.includes(setupPreviewed)) setupPreviewed = null;
    $("setup-take").hidden = !mine;
    $("setup-take").disabled = setupPreviewed === null;
    markTip();
  }
  // the rulebooks' tip for a first game: the buildings the seat's own building cards name
  // (its hand's `tip`, sent to that seat only), starred
  let setupTip = null;
  function markTip() {
    const tip = setupTip && view.setup ? setupTip : { tip: [] };
    const starred = [...document.querySelectorAll("#setup-row .setup-building")].filter((b) => {
      const on = tip.tip.includes(b.dataset.building);
      b.textContent = b.dataset.name + (on ? " ★" : "");
      return on;
    });
    $("setup-tip").textContent = starred.length ? fmt(_("★: a building one of your {cards} cards names (the rulebook's tip for a first game)"), { cards: tip.tip_kind }) : "";
  }
  async function previewSetup(line) {
    setupPreviewed = null;
    $("setup-take").disabled = true;
    $("move-text").value = line;
    document.querySelectorAll("#setup-row button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.move === line)));
    await previewMove(base, line, (data, committed) => {
      showRuling(data, committed);
      if (data.legal && $("move-text").value === line) {
        setupPreviewed = line;
        $("setup-take").disabled = false;
      }
    });
  }
  $("setup-take").addEventListener("click", () => {
    const line = setupPreviewed;
    setupPreviewed = null;
    if (line) commitText(line);
  });

  // Old Town (A4): the player to act first takes buildings from beside the board: one
  // choice per building owed, none chosen for them; the take is previewed as soon as
  // every choice is made, and "Take" commits only the take previewed.
  let takePreviewed = null;
  function takeLine() {
    const picked = [...document.querySelectorAll("#refill-row select")].map((s) => s.value);
    return picked.length && picked.every((b) => b) ? view.to_play + ": take " + picked.join(" ") : null;
  }
  function renderRefill() {
    $("refill-set").hidden = !view.refill;
    const row = $("refill-row");
    const kept = [...row.querySelectorAll("select")].map((s) => s.value);
    row.innerHTML = "";
    for (let i = 0; i < view.refill; i++) {
      const select = el("select", null, "refill");
      select.setAttribute("aria-label", _("building to take from beside the board") + (view.refill > 1 ? " " + fmt(_("({n} of {total})"), { n: i + 1, total: view.refill }) : ""));
      options(select, shownBuildings(view.beside), _("choose a building"));
      if (kept[i] && view.beside.some((b) => b.id === kept[i])) select.value = kept[i];
      select.addEventListener("change", previewTake);
      row.appendChild(select);
    }
    if (!view.refill) takePreviewed = null;
    $("take-button").disabled = !view.refill || takePreviewed === null || takePreviewed !== takeLine();
  }
  async function previewTake() {
    takePreviewed = null;
    $("take-button").disabled = true;
    const line = takeLine();
    if (!line) return;
    $("move-text").value = line;
    await previewMove(base, line, (data, committed) => {
      showRuling(data, committed);
      if (data.legal && takeLine() === line) {
        takePreviewed = line;
        $("take-button").disabled = false;
      }
    });
  }
  $("take-button").addEventListener("click", () => {
    if (takePreviewed && takePreviewed === takeLine()) commitText(takePreviewed);
  });

  // T2: the pile to draw from is the player's choice: a button per pile this device's
  // player may draw from (the moves the server lists for it, so a seat never sees
  // another's), a preview that says only the choice, and "Draw" commits the choice
  // previewed (at a table with a seed the server deals the card at the commit).
  let drawPreviewed = null;
  async function renderDraw() {
    const asked = view.version;
    let draws = [];
    if (view.phase === "draw" && !view.over) {
      const r = await api("GET", base + "/moves");
      if (view.version !== asked) return; // a newer view draws its own
      if (r.ok) draws = r.data.moves.filter((m) => / draws from /.test(m));
    }
    $("draw-set").hidden = !draws.length;
    $("draw-set").dataset.version = asked; // asked and drawn for this version
    const row = $("draw-row");
    row.innerHTML = "";
    if (!draws.includes(drawPreviewed)) drawPreviewed = null;
    draws.forEach((m) => {
      const b = el("button", m.replace(DRAWS_FROM, ""), "draw-pile");
      b.type = "button";
      b.dataset.move = m;
      b.setAttribute("aria-pressed", String(m === drawPreviewed));
      b.addEventListener("click", () => previewDraw(m));
      row.appendChild(b);
    });
    $("draw-button").disabled = drawPreviewed === null;
  }
  async function previewDraw(line) {
    drawPreviewed = null;
    $("draw-button").disabled = true;
    $("move-text").value = line;
    document.querySelectorAll("#draw-row button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.move === line)));
    await previewMove(base, line, (data, committed) => {
      showRuling(data, committed);
      if (data.legal && $("move-text").value === line) {
        drawPreviewed = line;
        $("draw-button").disabled = false;
      }
    });
  }
  $("draw-button").addEventListener("click", () => {
    const line = drawPreviewed;
    drawPreviewed = null;
    if (line) commitText(line);
  });

  function renderMoves() {
    const list = $("moves");
    list.innerHTML = "";
    view.moves.forEach((m) => list.appendChild(el("li", m.text, m.legal ? "" : "illegal")));
  }

  // L4, T5: the claims logic left on the board, for another player than the one whose
  // turn left them. A tap on "STOP" previews the call (what it claims, its points, or
  // why it is refused, in words) and "Call STOP" commits the call previewed. A seat
  // calls for itself only; the host's shared screen shows the claims and calls none.
  let stopPreviewed = null;
  function renderStop() {
    const card = $("stop-card");
    const box = $("stop");
    box.innerHTML = "";
    const stop = view.stop;
    const claims = stop ? stop.removable.length + stop.determined.length : 0;
    card.hidden = !claims;
    const line = stopPreviewed;
    stopPreviewed = null;
    if (!claims) {
      if (highlighted && highlighted.claims) highlighted = null;
      return stopSaid(null);
    }
    highlighted = { claims: stop.removable, determined: stop.determined };
    const list = el("ul", null, "claims");
    stop.removable.forEach((c) => list.appendChild(el("li", c.explanation)));
    stop.determined.forEach((c) => list.appendChild(el("li", c.explanation)));
    box.appendChild(el("p", fmt(_("{points} for the player who calls STOP (L4, T5)"), { points: plural(stop.points, _("point"), _("points")) })));
    box.appendChild(list);
    const me = view.me || {};
    if (me.seat === stop.after_turn_of) {
      box.appendChild(el("p", _("Your turn left these markers: another player may call STOP before the next turn, not you (T5)."), "small"));
    } else if (!me.seat && !me.pass_and_play) {
      box.appendChild(el("p", _("A player calls STOP from their own seat."), "small"));
    }
    const row = el("div", null, "buttons");
    view.players
      .filter((p) => p.name !== stop.after_turn_of && (me.pass_and_play || me.seat === p.name))
      .forEach((p) => {
        const b = el("button", fmt(_("{player} calls STOP"), { player: p.name }));
        b.type = "button";
        b.className = "call-stop";
        b.dataset.player = p.name;
        b.addEventListener("click", () => previewStop(p.name + ": STOP"));
        row.appendChild(b);
      });
    box.appendChild(row);
    // a preview made on this board still stands; one of another board is gone
    if (line && view.version === stopOn) stopPreviewed = line;
    else stopSaid(null);
    $("stop-commit").disabled = stopPreviewed === null;
  }
  let stopOn = null; // the version the preview was made on
  const nameOf = (id) => shownName(view.all_buildings.find((b) => b.id === id) || { id, name: id });
  function stopSaid(data) {
    const said = $("stop-said");
    const commit = $("stop-commit");
    commit.hidden = !data || !data.legal;
    commit.disabled = !data || !data.legal;
    said.hidden = !data;
    said.innerHTML = "";
    if (!data) return;
    said.className = "ruling " + (data.legal ? "legal" : "refused");
    if (!data.legal) return said.appendChild(el("p", _("Refused:") + " " + why(data), "error"));
    said.appendChild(el("p", fmt(_("{move} claims {points}:"), { move: data.move, points: plural(data.points, _("point"), _("points")) }), "ok"));
    const r = data.ruling;
    const ul = el("ul");
    (r ? r.removed : []).forEach((m) => ul.appendChild(el("li", fmt(_("the {building} marker on {space} goes"), { building: nameOf(m.building), space: m.space.toUpperCase() }) + ": " + m.reason)));
    (r ? r.built : []).forEach((b) => ul.appendChild(el("li", fmt(_("the {building} is built on {space}"), { building: nameOf(b.building), space: b.space.toUpperCase() }))));
    said.appendChild(ul);
  }
  async function previewStop(line) {
    stopPreviewed = null;
    const asked = (stopOn = view.version);
    $("stop-commit").disabled = true;
    const r = await api("POST", base + "/preview", { move: line });
    const data = r.ok ? r.data : { legal: false, message: r.data.error };
    stopSaid(data);
    if (data.legal && view.version === asked) stopPreviewed = line;
    $("stop-commit").disabled = stopPreviewed === null;
  }
  $("stop-commit").addEventListener("click", () => {
    const line = stopPreviewed;
    stopPreviewed = null;
    stopSaid(null);
    if (line) commitText(line);
  });

  function showHand(player) {
    return toggleHand(base, player, fillHand);
  }

  function fillHand(box, data) {
    const player = data.player;
    if (view.me.seat === player) {
      setupTip = data.tip ? data : null;
      markTip();
    }
    {
      box.appendChild(el("h3", fmt(_("{player}'s hand (tap a card to play it)"), { player: player })));
      data.cards.forEach((c) => {
        const b = el("button", null, "hand-card");
        b.type = "button";
        b.dataset.card = c.number;
        b.appendChild(el("strong", "#" + c.number + " "));
        b.appendChild(el("span", c.kind + (c.building ? " · " + shownPrinted(c.building) : "") + ": " + c.text));
        b.addEventListener("click", () => {
          $("player").value = player;
          asMenus();
          // one card a turn (A3): a tap chooses the card; with two, it fills the next slot
          if (view.cards_a_turn < 2 || !$("card1").value) $("card1").value = c.number;
          else if (!$("card2").value) $("card2").value = c.number;
          compose();
        });
        box.appendChild(b);
      });
    }
  }

  // ----- composing, previewing and committing a move ------------------------------------
  function compose() {
    const p = $("player").value;
    const d1 = $("disc1").value.trim();
    const d2 = $("disc2").value.trim();
    const buy = $("buy").value;
    const at = Number($("buy-at").value);
    let parts = [];
    if (d1 || d2) {
      parts.push("discard " + d1 + " " + d2 + " take " + $("take").value.trim());
    } else {
      [["card1", "as1"], ["card2", "as2"]].forEach(([c, a]) => {
        const n = $(c).value.trim();
        if (n) parts.push(n + ($(a).value ? " as " + $(a).value : ""));
      });
    }
    if (buy) parts.splice(Math.min(at, parts.length), 0, "buy " + buy);
    $("move-text").value = parts.length ? p + ": " + parts.join("; ") : "";
  }
  ["player", "card1", "as1", "card2", "as2", "buy", "buy-at", "disc1", "disc2", "take"].forEach((id) => {
    $(id).addEventListener("input", compose);
    $(id).addEventListener("change", compose);
  });
  $("player").addEventListener("change", () => ($("player").dataset.touched = "1"));

  function clearForm() {
    ["card1", "card2", "disc1", "disc2", "take", "move-text"].forEach((id) => ($(id).value = ""));
    ["as1", "as2", "buy"].forEach((id) => ($(id).value = ""));
    $("buy-at").value = "0";
    delete $("player").dataset.touched;
    $("player").value = view.me.seat || view.to_play;
  }

  function showRuling(data, committed) {
    if (!data.legal && highlighted && !highlighted.claims) {
      highlighted = null; // a refusal: the preview drawn before it no longer stands
      setBoard(view.svg);
    }
    const box = $("ruling");
    box.innerHTML = "";
    box.hidden = false;
    const head = data.legal
      ? (committed ? _("Committed:") : _("Preview:")) + " " + (data.move || "") +
        // a draw's preview scores nothing and says so by saying no points
        (data.points === undefined ? "" : " · " + plural(data.points, _("point"), _("points")))
      : _("Refused:") + " " + why(data);
    box.appendChild(el("p", head, data.legal ? "ok" : "error"));
    box.className = "ruling " + (data.legal ? "legal" : "refused");
    const r = data.ruling;
    // a move without a ruling (a take, a draw) says what it does in the referee's words
    if (!r && data.legal && data.message) box.appendChild(el("p", data.message));
    if (r) {
      box.appendChild(el("p", _("status:") + " " + r.status));
      const reasons = el("ul");
      r.reasons.forEach((x) => reasons.appendChild(el("li", x.code + ": " + x.message)));
      box.appendChild(reasons);
      if (r.markers_placed.length) {
        box.appendChild(el("p", _("markers placed (P1):") + " " + r.markers_placed.map((m) => m.building + "@" + m.space).join(", ")));
      }
      ["card", "cascade", "logic"].forEach((tier) => {
        const rows = r.removed.filter((m) => m.tier === tier);
        if (!rows.length) return;
        box.appendChild(el("h4", fmt(_("removed, tier {tier} (P6)"), { tier: tier })));
        const ul = el("ul");
        rows.forEach((m) => ul.appendChild(el("li", m.building + "@" + m.space + ": " + m.reason)));
        box.appendChild(ul);
      });
      if (r.built.length) box.appendChild(el("p", _("built:") + " " + r.built.map((b) => b.building + "@" + b.space).join(", ")));
      if (r.points_detail && Object.keys(r.points_detail).length) {
        box.appendChild(el("p", _("points (S1):") + " " + Object.entries(r.points_detail).map(([k, v]) => k + " " + v).join(", ")));
      }
    }
    if (!committed && r && data.legal) {
      highlighted = { placed: r.markers_placed, removed: r.removed, built: r.built };
      setBoard(view.svg);
    }
  }

  const previewText = (text) => previewMove(base, text, showRuling);
  const commitText = (text) =>
    commitMove(base, text, view.version, {
      show: (data, committed) => {
        showRuling(data, committed);
        if (committed) highlighted = null;
      },
      refresh,
      done: clearForm,
    });

  $("preview").addEventListener("click", () => previewText($("move-text").value.trim()));
  $("commit").addEventListener("click", () => commitText($("move-text").value.trim()));
  $("pass").addEventListener("click", () => commitText($("player").value + ": pass"));
  $("clear").addEventListener("click", () => {
    clearForm();
    $("ruling").hidden = true;
    highlighted = null;
    renderStop();
    setBoard(view.svg);
  });
  wireUndo(base, () => view.version, refresh);

  // ----- the hint -------------------------------------------------------------------------
  // The hint (the most points now) and the coach (what follows each turn): one list, each
  // turn with its preview and its play.
  async function showHint(query, said, line) {
    const list = $("hint");
    list.innerHTML = "";
    $("hint-lines").innerHTML = "";
    hintSaid(_("thinking…"));
    const asked = view.version;
    const r = await api("GET", base + "/hint?" + query);
    if (view.version !== asked) return hintSaid(""); // a move came meanwhile: ask again
    window.adjudicator.hintDrawn(asked); // said or refused, for this version only
    if (!r.ok) return hintSaid(r.data.error, "error");
    // before Old Town's refill (A4) the hint and the coach both rank the takes
    const take = (a) => a.move + " · " + _("then") + " " + a.best_turn + " · " + a.points + " " + _("pt");
    hintSaid(r.data.refill ? r.data.message : said(r.data));
    // what the coach's value is, and why a turn dropped halfway ranks below the finalists
    if (r.data.value_words) $("hint-lines").appendChild(el("p", r.data.value_words));
    // the hint's refusals: each card that cannot be played now, by its rule
    (r.data.unplayable || []).forEach((u) =>
      $("hint-lines").appendChild(el("p", fmt(_("card {card} cannot be played now: {why}"), { card: u.card, why: u.code + ": " + u.message })))
    );
    r.data.actions.forEach((a, i) => {
      const li = el("li");
      li.appendChild(el("span", a.kind === "take" ? take(a) : line(a, r.data)));
      if (a.why) li.appendChild(el("p", a.why, "small why"));
      // the coach's pile to draw from follows its best turn (T2)
      if (i === 0 && r.data.draw) li.appendChild(el("p", r.data.draw, "small why draw"));
      const p = el("button", _("preview"), "hint-preview");
      p.type = "button";
      p.addEventListener("click", () => {
        $("move-text").value = a.move;
        previewText(a.move);
      });
      const c = el("button", _("play this"), "hint-play");
      c.type = "button";
      c.addEventListener("click", () => commitText(a.move));
      li.appendChild(p);
      li.appendChild(c);
      list.appendChild(li);
    });
    if (!r.data.actions.length) list.appendChild(el("li", _("no legal action")));
  }
  $("hint-button").addEventListener("click", () =>
    showHint(
      "top=5",
      (d) => fmt(_("hint for {player} ({n} turns ruled on)"), { player: d.player, n: d.evaluated }),
      (a) => a.move + " · " + a.points + " " + _("pt") + (a.stop_left ? " · " + fmt(_("leaves {n} for STOP"), { n: a.stop_left }) : "")
    )
  );
  $("coach-button").addEventListener("click", () =>
    showHint(
      "top=5&coach=1",
      (d) => fmt(_("the coach for {player} ({n} sampled worlds)"), { player: d.player, n: d.worlds }),
      (a, d) =>
        a.move + " · " + fmt(_("{points} pt now"), { points: a.points }) + " · " + _("coach") + " " + (a.value >= 0 ? "+" : "") + a.value.toFixed(1) +
        (a.worlds < d.worlds ? " · " + fmt(_("dropped halfway: played in {n} of {total} worlds"), { n: a.worlds, total: d.worlds }) : "")
    )
  );

  // ----- the timeline ----------------------------------------------------------------------
  stepping = wireTimeline(base, {
    entry: (m) =>
      m.move + " — " + (m.legal ? m.points + " " + _("pt") : refusedWhy(m.message)) +
      (m.overlooked ? " · " + _("overlooked STOP:") + " " + m.overlooked.points + " " + _("pt") : ""),
    label: (a) => a.move + " · " + (a.legal ? a.points + " " + _("pt") : fmt(_("refused: {why}"), { why: a.message })),
    summary: (data) => {
      const over = data.overlooked.reduce((n, o) => n + (o.points || 0), 0);
      return plural(data.illegal.length, _("refused move"), _("refused moves")) + ", " + plural(over, _("overlooked STOP point"), _("overlooked STOP points")) + ", " + plural(data.score_differences.length, _("score difference"), _("score differences"));
    },
    draw: (step) => {
      highlighted = null;
      $("board").innerHTML = step.svg;
    },
    close: () => {
      renderStop();
      setBoard(view.svg);
    },
  });

  // ----- keeping up with the other devices ---------------------------------------------
  async function refresh() {
    const r = await api("GET", base);
    if (!r.ok) return status(r.data.error, "error");
    view = r.data;
    render();
  }
  keepUp(base, {
    current: () => view,
    adopt: async (next) => {
      highlighted = null; // a preview's markers belong to the board it was made on
      if (!next) return refresh();
      view = next;
      render();
    },
    refresh,
  });

  window.adjudicator.wirePlayAgain(base, name);
  render();
})();
