// The page of a Dry Gulch or Black Hills game (and of any game whose page module draws
// the generic view): it lists the legal moves of the player to act as taps, previews the
// ruling before a commit, and polls the record's version so every device keeps up.
"use strict";

(function () {
  const { $, status, api, plural } = window.adjudicator;
  const initial = $("initial");
  if (!initial) return;
  let view = JSON.parse(initial.textContent);
  const name = view.name;
  const base = "/api/g/" + encodeURIComponent(name);
  let stepping = null; // the timeline's step, or null for the live board
  let picked = null; // the site or area tapped on the board
  let listed = null; // the legal moves last fetched, and whose

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }
  function button(text, cls, onClick) {
    const b = el("button", text, cls);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  // ----- the board: a site or an area tapped filters the moves -------------------------
  function setBoard(svg) {
    $("board").innerHTML = svg;
    if (picked) {
      const g = $("board").querySelector('[id="' + view.pick + "-" + CSS.escape(picked) + '"]');
      if (g) g.classList.add("picked");
    }
  }
  $("board").addEventListener("click", (event) => {
    const g = event.target.closest('g[id^="' + view.pick + '-"]');
    if (!g) return;
    const id = g.id.slice(view.pick.length + 1);
    picked = picked === id ? null : id;
    setBoard(view.svg);
    status(picked ? view.pick + " " + picked + " picked" : "");
    if (listed) drawMoves();
  });

  // ----- the summary, the players and the panels --------------------------------------
  function render() {
    $("to-play").textContent = view.over
      ? "game over · " + (view.winners.length ? "won by " + view.winners.join(", ") : "no winner")
      : view.to_play + " to play";
    const when = [];
    if (view.turn) when.push("turn " + view.turn);
    if (view.round) when.push("round " + view.round);
    if (view.phase) when.push(view.phase + " phase");
    when.push(view.needed + " " + view.score_word + " to win");
    $("when").textContent = when.join(" · ");
    const body = $("players").querySelector("tbody");
    body.innerHTML = "";
    view.players.forEach((p) => {
      const acting = p.name === view.to_play && !view.over;
      const row = el("tr", null, acting ? "active" : "");
      // the hand's button under the name: a fifth column does not fit 390 px
      const who = el("td", (acting ? "▶ " : "") + p.name);
      const b = button("my hand", "show-hand", () => showHand(p.name));
      b.dataset.player = p.name;
      b.setAttribute("aria-label", "my hand (" + p.name + ")");
      who.appendChild(el("br"));
      who.appendChild(b);
      row.appendChild(who);
      row.appendChild(el("td", String(p.score), "num"));
      row.appendChild(el("td", String(p.cards), "num"));
      row.appendChild(el("td", p.detail));
      body.appendChild(row);
    });
    const panels = $("panels");
    panels.innerHTML = "";
    view.panels.forEach((panel) => {
      const card = el("section", null, "card");
      card.appendChild(el("h2", panel.title));
      const ul = el("ul");
      panel.lines.forEach((line) => ul.appendChild(el("li", line)));
      card.appendChild(ul);
      panels.appendChild(card);
    });
    $("next").textContent = view.next.join(" ");
    const select = $("player");
    const keep = select.value;
    select.innerHTML = "";
    view.players.forEach((p) => select.appendChild(new Option(p.name, p.name)));
    select.value = select.dataset.touched ? keep : view.to_play || keep;
    const list = $("moves");
    list.innerHTML = "";
    view.moves.forEach((m) => list.appendChild(el("li", m.text, m.legal ? "" : "illegal")));
    if (view.over) status("The game is over. " + (view.winners.length ? "Winner: " + view.winners.join(", ") : ""), "ok");
    if (stepping === null) setBoard(view.svg);
  }

  function hideHand() {
    $("hand").hidden = true;
    $("hand").innerHTML = "";
  }
  async function showHand(player) {
    const box = $("hand");
    if (!box.hidden && box.dataset.player === player) return hideHand();
    const r = await api("GET", base + "/hand/" + encodeURIComponent(player));
    if (!r.ok) return status(r.data.error, "error");
    box.innerHTML = "";
    box.dataset.player = player;
    box.appendChild(el("h3", player + "'s hand (tap the name again to hide)"));
    const ul = el("ul");
    r.data.cards.forEach((c) => ul.appendChild(el("li", c.text, "hand-card")));
    box.appendChild(ul);
    r.data.lines.forEach((line) => box.appendChild(el("p", line, "small")));
    box.hidden = false;
  }

  // ----- the legal moves, grouped by what they do -------------------------------------
  function verb(move) {
    const action = move.slice(move.indexOf(":") + 1).trim();
    return action.split(/\s+/)[0] || action;
  }
  function drawMoves() {
    const box = $("moves-list");
    box.innerHTML = "";
    const words = (m) => m.slice(m.indexOf(":") + 1).trim().split(/[\s;,]+/);
    const shown = listed.moves.filter((m) => !picked || words(m).includes(picked));
    const groups = new Map();
    shown.forEach((m) => {
      const v = verb(m);
      if (!groups.has(v)) groups.set(v, []);
      groups.get(v).push(m);
    });
    groups.forEach((moves, v) => {
      const group = el("details", null, "choice-group");
      group.open = groups.size === 1 || moves.length <= 6;
      group.appendChild(el("summary", v + " (" + moves.length + ")"));
      const row = el("div", null, "buttons");
      moves.forEach((m) => {
        const b = button(m.slice(m.indexOf(":") + 1).trim(), "choice", () => {
          $("move-text").value = m;
          previewText(m);
        });
        b.dataset.move = m;
        row.appendChild(b);
      });
      group.appendChild(row);
      box.appendChild(group);
    });
    if (!shown.length) box.appendChild(el("p", picked ? "no move there now: tap the " + view.pick + " again to list all" : "no legal move now", "small"));
    $("moves-note").textContent = listed.player + ": " + plural(shown.length, "move") + (listed.more ? " (the first " + listed.moves.length + ")" : "") + (picked ? " at " + picked : "");
    box.hidden = false;
  }
  $("moves-button").addEventListener("click", async () => {
    const box = $("moves-list");
    if (!box.hidden) {
      box.hidden = true;
      listed = null;
      $("moves-note").textContent = "";
      return;
    }
    const r = await api("GET", base + "/moves");
    if (!r.ok) return status(r.data.error, "error");
    listed = r.data;
    drawMoves();
  });
  function forgetMoves() {
    listed = null;
    $("moves-list").hidden = true;
    $("moves-list").innerHTML = "";
    $("moves-note").textContent = "";
  }

  // ----- preview, commit, undo ----------------------------------------------------------
  function showRuling(data, committed) {
    const box = $("ruling");
    box.innerHTML = "";
    box.hidden = false;
    box.className = "ruling " + (data.legal ? "legal" : "refused");
    const head = data.legal
      ? (committed ? "Committed: " : "Preview: ") + data.move + (data.points === null || data.points === undefined ? "" : " · " + data.points + " " + view.score_word)
      : "Refused: " + (data.code ? data.code + ": " : "") + data.message;
    box.appendChild(el("p", head, data.legal ? "ok" : "error"));
    if (data.legal && data.message) box.appendChild(el("p", data.message));
  }
  async function previewText(text) {
    if (!text) return status("write or pick a move first", "error");
    const r = await api("POST", base + "/preview", { move: text });
    if (!r.ok) return status(r.data.error, "error");
    status("");
    showRuling(r.data, false);
  }
  async function commitText(text) {
    if (!text) return status("write or pick a move first", "error");
    const r = await api("POST", base + "/move", { move: text, base: view.version });
    if (![200, 409, 422].includes(r.status)) return status(r.data.error, "error");
    showRuling(r.data, r.ok);
    if (r.ok) {
      hideHand(); // the device goes round the table: no hand stays open after a move
      forgetMoves();
    }
    await refresh();
    if (r.ok) {
      $("move-text").value = "";
      delete $("player").dataset.touched;
      status("recorded: " + r.data.move, "ok");
    } else {
      status((r.data.stale ? "" : "refused, the record is unchanged: ") + (r.data.code ? r.data.code + ": " : "") + r.data.message, "error");
    }
  }
  $("player").addEventListener("change", () => ($("player").dataset.touched = "1"));
  $("preview").addEventListener("click", () => previewText($("move-text").value.trim()));
  $("commit").addEventListener("click", () => commitText($("move-text").value.trim()));
  $("clear").addEventListener("click", () => {
    $("move-text").value = "";
    $("ruling").hidden = true;
    picked = null;
    forgetMoves();
    setBoard(view.svg);
  });
  $("undo").addEventListener("click", async () => {
    if (!confirm("Take the last move off the record?")) return;
    const r = await api("POST", base + "/undo", { base: view.version });
    if (!r.ok) return status(r.data.error, "error");
    forgetMoves();
    await refresh();
    status("took back: " + r.data.undone, "ok");
  });

  // ----- the hint -----------------------------------------------------------------------
  $("hint-button").addEventListener("click", async () => {
    const list = $("hint");
    list.innerHTML = "";
    $("hint-lines").innerHTML = "";
    status("thinking…");
    const r = await api("GET", base + "/hint?top=5");
    if (!r.ok) return status(r.data.error, "error");
    status("hint for " + r.data.player);
    r.data.lines.forEach((line) => $("hint-lines").appendChild(el("p", line)));
    r.data.actions.forEach((a) => {
      const li = el("li");
      li.appendChild(el("span", a.move + " · " + a.text));
      li.appendChild(button("preview", "hint-preview", () => {
        $("move-text").value = a.move;
        previewText(a.move);
      }));
      li.appendChild(button("play this", "hint-play", () => commitText(a.move)));
      list.appendChild(li);
    });
  });

  // ----- the timeline ---------------------------------------------------------------------
  let replayData = null;
  async function showStep(n) {
    const r = await api("GET", base + "/step/" + n);
    if (!r.ok) return status(r.data.error, "error");
    stepping = n;
    $("board").innerHTML = r.data.svg;
    const a = replayData && n > 0 ? replayData.moves[n - 1] : null;
    $("step-label").textContent = "after move " + n + " of " + r.data.moves + (a ? ": " + a.move + (a.legal ? "" : " · refused: " + a.message) : "");
    [...$("replay").children].forEach((li, i) => li.classList.toggle("current", i === n - 1));
  }
  $("replay-button").addEventListener("click", async () => {
    const r = await api("GET", base + "/replay");
    if (!r.ok) return status(r.data.error, "error");
    replayData = r.data;
    const list = $("replay");
    list.innerHTML = "";
    r.data.moves.forEach((m, i) => {
      const text = m.move + " — " + (m.legal ? m.message : "refused (" + m.code + "): " + m.message);
      const li = el("li", text, m.legal ? "" : "illegal");
      li.addEventListener("click", () => showStep(i + 1));
      list.appendChild(li);
    });
    status("replay: " + r.data.summary);
    $("timeline").hidden = false;
    showStep(r.data.moves.length);
  });
  $("step-back").addEventListener("click", () => stepping !== null && stepping > 0 && showStep(stepping - 1));
  $("step-next").addEventListener("click", () => replayData && stepping !== null && stepping < replayData.moves.length && showStep(stepping + 1));
  $("step-close").addEventListener("click", () => {
    stepping = null;
    $("timeline").hidden = true;
    setBoard(view.svg);
  });

  // ----- keeping up with the other devices ---------------------------------------------
  async function refresh() {
    const r = await api("GET", base);
    if (!r.ok) return status(r.data.error, "error");
    view = r.data;
    render();
  }
  let polling = false;
  setInterval(async () => {
    if (polling || document.hidden) return;
    polling = true;
    try {
      const r = await api("GET", base + "/version");
      if (r.ok && r.data.version !== view.version) {
        forgetMoves();
        await refresh();
      }
    } finally {
      polling = false;
    }
  }, 500);

  render();
})();
