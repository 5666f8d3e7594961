// What every page's script shares: the token, the status line and the JSON API call.
"use strict";

window.adjudicator = (function () {
  const $ = (id) => document.getElementById(id);
  // The page's strings in its language: the server renders this page's catalog (#i18n,
  // adjudicator/web/i18n.py) into the page; English, or a string it lacks, stays as written.
  const catalog = (() => {
    try {
      return JSON.parse(($("i18n") || {}).textContent || "{}");
    } catch (e) {
      return {};
    }
  })();
  const _ = (message) => catalog[message] || message;
  // "{player} to play" with its fields filled, so a language may order the words its way.
  const fmt = (message, fields) => message.replace(/\{(\w+)\}/g, (all, k) => (k in fields ? String(fields[k]) : all));
  const params = new URLSearchParams(location.search);
  // The host's token comes once, in the host's link; keep it for this tab. A seat's key
  // comes in the seat's link, and the server keeps it in this game's cookie.
  if (params.get("token")) sessionStorage.setItem("token", params.get("token"));
  if (params.has("token") || params.has("seat")) {
    // out of the address bar and the history, where a shoulder or a shared screen
    // would read it
    params.delete("token");
    params.delete("seat");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
  }
  const token = sessionStorage.getItem("token");

  function status(message, kind) {
    const node = $("status");
    if (!node) return;
    node.textContent = message || "";
    node.className = "status" + (kind ? " " + kind : "");
  }

  // What a move's buttons caused, said beside them too: on a phone the status line at
  // the top is a screen away from the Commit button.
  function said(message, kind) {
    status(message, kind);
    const node = $("move-status");
    if (!node) return;
    node.textContent = message || "";
    node.className = "status move-status" + (kind ? " " + kind : "");
  }

  // What the hint's buttons caused, said in the hint's panel too: a refused hint (the
  // refill first, out of turn, the game over) says its one line where it was asked for.
  function hintSaid(message, kind) {
    status(message, kind);
    const node = $("hint-status");
    if (!node) return;
    node.textContent = message || "";
    node.className = "status hint-status" + (kind ? " " + kind : "");
  }

  async function api(method, url, body) {
    const headers = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers["x-token"] = token;
    let response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      return { ok: false, status: 0, data: { error: _("the server cannot be reached") } };
    }
    let data;
    try {
      data = await response.json();
    } catch (err) {
      data = { error: fmt(_("unexpected answer ({status})"), { status: response.status }) };
    }
    return { ok: response.ok, status: response.status, data };
  }

  // The board's spaces are buttons drawn in SVG (role="button", tabindex="0"): Enter or
  // the space bar presses the one with the focus, as a tap does.
  function pressable(board) {
    board.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const target = event.target.closest('[role="button"]');
      if (!target || !board.contains(target)) return;
      event.preventDefault();
      target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
  }

  // A refusal's rule code and message, the code once ("P7: card 8 is not in bob's hand")
  function why(data) {
    const message = data.message || "";
    const code = data.code && !message.startsWith(data.code + ":") ? data.code + ": " : "";
    return code + message;
  }

  // "1 point", "4 points": the count and its noun agree, as in adjudicator/core/words.py;
  // `many`, translated, since not every language adds an s.
  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many || one + "s");
  }

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

  // ----- what both game pages do the same way, over a record's API `base` ---------------

  function hideHand() {
    $("hand").hidden = true;
    $("hand").innerHTML = "";
  }

  // Who this device is (`view.me`, web/seats.py): a seat opens its own hand only; the
  // pass-and-play screen any; the host's shared screen none.
  function mayOpenHand(me, player) {
    return Boolean(me && (me.pass_and_play || me.seat === player));
  }

  // The host's shared screen shows the public table: moves come from the players' seats,
  // so its form keeps only Undo.
  function applyRole(me) {
    if (!me || me.pass_and_play || me.seat) return;
    const form = $("move-form");
    if (!form || form.dataset.role === "host") return;
    form.dataset.role = "host";
    form.querySelectorAll("fieldset, label, .choices, button:not(#undo)").forEach((n) => (n.hidden = true));
    if ($("hint-button")) $("hint-button").closest("section").hidden = true;
    form.prepend(el("p", _("This is the shared screen: each player moves from their own seat (the links below)."), "small"));
  }

  // A seat's own hand stays open, redrawn after every change.
  async function keepHandOpen(base, me, fill) {
    if (!me || !me.seat) return;
    const r = await api("GET", base + "/hand/" + encodeURIComponent(me.seat));
    if (!r.ok) return;
    const box = $("hand");
    box.innerHTML = "";
    box.dataset.player = me.seat;
    fill(box, r.data);
    box.hidden = false;
  }

  // A player's hand, opened by its tap and closed by the same tap; `fill` draws it.
  async function toggleHand(base, player, fill) {
    const box = $("hand");
    if (!box.hidden && box.dataset.player === player) return hideHand();
    const r = await api("GET", base + "/hand/" + encodeURIComponent(player));
    if (!r.ok) return status(r.data.error, "error");
    box.innerHTML = "";
    box.dataset.player = player;
    fill(box, r.data);
    box.hidden = false;
  }

  // A refusal the server answers with an error, not a ruling, as `show` draws a ruling:
  // in the ruling's place, so no earlier preview stays drawn beside it.
  const refusal = (message) => ({ legal: false, message });

  async function previewMove(base, text, show) {
    if (!text) {
      show(refusal(_("write or pick a move first")), false);
      return said(_("write or pick a move first"), "error");
    }
    const r = await api("POST", base + "/preview", { move: text });
    if (!r.ok) {
      show(refusal(r.data.error), false);
      return said(r.data.error, "error");
    }
    if (r.data.legal) said("");
    else said(fmt(_("refused: {why}"), { why: why(r.data) }), "error");
    show(r.data, false);
  }

  // This device's own change in flight: its update is drawn but not announced (its new
  // version is this device's move, not another's: the commit says so).
  let own = 0;

  // A move committed on the version the page saw; the ruling drawn by `show`. The page
  // shows the new table (its update, or `refresh`) before the status says what happened:
  // what the status announces is then already on the screen. `done`: the page's own tidying after a move.
  async function commitMove(base, text, version, parts) {
    own++;
    try {
      await commitNow(base, text, version, parts);
    } finally {
      own--;
    }
  }

  async function commitNow(base, text, version, { show, refresh, done }) {
    if (!text) {
      show(refusal(_("write or pick a move first")), false);
      return said(_("write or pick a move first"), "error");
    }
    const r = await api("POST", base + "/move", { move: text, base: version });
    if (![200, 409, 422].includes(r.status)) {
      show(refusal(r.data.error), false);
      return said(r.data.error, "error");
    }
    show(r.data, r.ok);
    if (r.ok) hideHand(); // the device goes round the table: no hand stays open after a move
    await settle(r.data.version, refresh);
    if (r.ok) {
      done();
      said(fmt(_("recorded: {move}"), { move: r.data.move }), "ok");
    } else {
      said((r.data.stale ? "" : _("refused, the record is unchanged:") + " ") + why(r.data), "error");
    }
  }

  function wireUndo(base, version, refresh) {
    $("undo").addEventListener("click", async () => {
      if (!confirm(_("Take the last move off the record?"))) return;
      own++;
      try {
        const r = await api("POST", base + "/undo", { base: version() });
        if (!r.ok) return said(r.data.error, "error");
        await settle(r.data.version, refresh);
        said(fmt(_("you took back: {move}"), { move: r.data.undone }), "ok");
      } finally {
        own--;
      }
    });
  }

  // The timeline: `adjudicator replay` of the record, listed by `entry`, each move a step
  // of the board (`draw`); `close` goes back to the live board. Returns the step shown.
  function wireTimeline(base, { entry, label, summary, draw, close }) {
    let data = null;
    let at = null;
    async function show(n) {
      // The step asked for is the one shown: a tap before the last step arrived counts
      // from it, and a step that arrives after a later one was asked for is dropped.
      at = n;
      const r = await api("GET", base + "/step/" + n);
      if (at !== n) return;
      if (!r.ok) return status(r.data.error, "error");
      draw(r.data);
      const a = data && n > 0 ? data.moves[n - 1] : null;
      $("step-label").textContent = fmt(_("after move {n} of {total}"), { n: n, total: r.data.moves }) + (a ? ": " + label(a) : "");
      [...$("replay").children].forEach((li, i) => li.classList.toggle("current", i === n - 1));
    }
    $("replay-button").addEventListener("click", async () => {
      const r = await api("GET", base + "/replay");
      if (!r.ok) return status(r.data.error, "error");
      data = r.data;
      const list = $("replay");
      list.innerHTML = "";
      r.data.moves.forEach((m, i) => {
        const li = el("li", entry(m), m.legal ? "" : "illegal");
        li.addEventListener("click", () => show(i + 1));
        list.appendChild(li);
      });
      status(fmt(_("replay: {summary}"), { summary: summary(r.data) }));
      $("timeline").hidden = false;
      show(r.data.moves.length);
    });
    $("step-back").addEventListener("click", () => at !== null && at > 0 && show(at - 1));
    $("step-next").addEventListener("click", () => data && at !== null && at < data.moves.length && show(at + 1));
    $("step-close").addEventListener("click", () => {
      at = null;
      $("timeline").hidden = true;
      close();
    });
    return () => at;
  }

  // What a page says when the record changed on another device: the move it gained, or
  // that one was taken back (a preview drawn before is then stale: the page drops it).
  function announce(before, after, takenBackBy) {
    if (own) return; // this device's own move: its commit says so
    $("ruling").hidden = true;
    // what this device's last commit said ("recorded: bob: 9") is no longer the news
    const line = $("move-status");
    if (line) {
      line.textContent = "";
      line.className = "status move-status";
    }
    if (after.length > before) status(fmt(_("new move: {move}"), { move: after[after.length - 1].text }), "ok");
    else if (after.length < before)
      status(takenBackBy ? fmt(_("{player} took the last move back"), { player: takenBackBy }) : _("the last move was taken back on another device"), "ok");
  }

  // ----- panels that belong to one version of the record --------------------------------
  // The hint read the hand and the board of the version it was asked on: drawn, it keeps
  // that version (`hintDrawn`), and every update to another clears it (`dropStaleHint`),
  // on every screen: the last turn's hint is never left on a phone.
  function hintDrawn(version) {
    $("hint").dataset.version = version;
  }
  function dropStaleHint(view) {
    const list = $("hint");
    if (!list || !list.dataset.version || list.dataset.version === view.version) return;
    delete list.dataset.version;
    list.innerHTML = "";
    $("hint-lines").innerHTML = "";
    const node = $("hint-status");
    node.textContent = "";
    node.className = "status hint-status";
  }

  // ----- the end of the game (every game's page) ---------------------------------------
  // The view's `end` (web/pages: each game's winner rule, final scores, and what
  // `adjudicator replay` finds the table missed), drawn by every update: a page open when
  // the last move is made names the winner at once, and an undo past the end hides it.
  function showEnd(view) {
    const card = $("end-card");
    if (!card) return;
    const end = view.end;
    closeMoves(Boolean(end));
    card.hidden = !end;
    if (!end) return;
    const winners = end.winners.join(", ");
    $("end-winner").textContent = end.winners.length
      ? fmt(end.winners.length === 1 ? _("Winner: {players}") : _("Winners: {players}"), { players: winners })
      : _("No winner");
    $("end-rule").textContent = end.rule;
    $("end-score-word").textContent = end.score_word;
    const body = $("end-scores").querySelector("tbody");
    body.innerHTML = "";
    [...end.scores]
      .sort((a, b) => b.score - a.score)
      .forEach((p) => {
        const row = el("tr", null, end.winners.includes(p.name) ? "winner" : "");
        row.appendChild(el("td", (end.winners.includes(p.name) ? "★ " : "") + p.name));
        row.appendChild(el("td", String(p.score), "num"));
        body.appendChild(row);
      });
    const missed = end.missed.reduce((n, m) => n + m.points, 0);
    $("end-missed-head").textContent = end.missed.length
      ? fmt(_("What the replay finds the table missed ({points}):"), { points: plural(missed, _("point"), _("points")) })
      : _("The replay finds nothing the table missed.");
    const list = $("end-missed");
    list.innerHTML = "";
    end.missed.forEach((m) => list.appendChild(el("li", m.points ? m.line + ": " + plural(m.points, _("point"), _("points")) : m.line)));
  }

  // Once the game is over the move form offers nothing to play, only Undo (which may take
  // the last move back and open it again); an undo past the end shows what it hid.
  function closeMoves(over) {
    const form = $("move-form");
    if (!form) return;
    if (over) {
      form.querySelectorAll("fieldset, label, .choices, .buttons > button:not(#undo)").forEach((n) => {
        if (n.hidden) return;
        n.hidden = true;
        n.dataset.overHidden = "1";
      });
    } else {
      form.querySelectorAll("[data-over-hidden]").forEach((n) => {
        n.hidden = false;
        delete n.dataset.overHidden;
      });
    }
  }

  // "Play again": the same new game for every screen that taps it (web/rematch.py); each
  // opens it as it sat at this one.
  function wirePlayAgain(base, name) {
    const b = $("play-again");
    if (!b) return;
    b.addEventListener("click", async () => {
      const r = await api("POST", base + "/rematch", {});
      if (!r.ok) return status(r.data.error, "error");
      location.href = "/g/" + encodeURIComponent(name) + "/next";
    });
  }

  // ----- keeping up with the other devices: the record's event stream -----------------
  // (web/events.py). Each update carries what changed since the view the page holds;
  // an update from another version, or a stream back after a loss, fetches the whole view.

  // The view the page starts from: its JSON, and the board drawn in the page (sent once).
  function initialView() {
    const view = JSON.parse($("initial").textContent);
    const svg = $("board") && $("board").querySelector("svg");
    if (view.svg === undefined && svg) view.svg = new XMLSerializer().serializeToString(svg);
    return view;
  }

  const SVG_NS = "http://www.w3.org/2000/svg";

  // The drawing after the update's splices (web/updates.py: svg_patch), or null.
  function patchSvg(svg, ops) {
    const parser = new DOMParser();
    const doc = parser.parseFromString(svg, "image/svg+xml");
    if (doc.getElementsByTagName("parsererror").length) return null;
    try {
      for (const op of ops) {
        let node = doc.documentElement;
        for (const i of op[0]) node = node.children[i];
        if (op.length === 2) {
          // [path, attributes]: the drawing's new size (a key row more under the board)
          [...node.attributes].forEach((a) => node.removeAttribute(a.name));
          Object.entries(op[1]).forEach(([k, v]) => node.setAttribute(k, v));
          continue;
        }
        const [, start, end, fragments] = op;
        const kids = [...node.children];
        const before = kids[end] || null;
        kids.slice(start, end).forEach((k) => k.remove());
        for (const xml of fragments) {
          const one = parser.parseFromString('<svg xmlns="' + SVG_NS + '">' + xml + "</svg>", "image/svg+xml");
          const el = one.documentElement.firstElementChild;
          if (!el || one.getElementsByTagName("parsererror").length) return null;
          node.insertBefore(doc.importNode(el, true), before);
        }
      }
    } catch (err) {
      return null; // a path that is not there: the page fetches the whole view
    }
    return new XMLSerializer().serializeToString(doc);
  }

  // The view after the update, or null when it was built from another version.
  function patched(view, u) {
    if (!u || u.from !== view.version) return null;
    const next = {};
    Object.keys(view).forEach((k) => {
      if (!u.drop.includes(k)) next[k] = view[k];
    });
    Object.entries(u.splice).forEach(([k, [keep, tail]]) => (next[k] = (view[k] || []).slice(0, keep).concat(tail)));
    Object.assign(next, u.set);
    if (u.svg_patch) {
      next.svg = patchSvg(view.svg, u.svg_patch);
      if (next.svg === null) return null;
    }
    next.version = u.version;
    return next;
  }

  let live = null; // the page's view and what it does with a new one (keepUp)

  // The update of this device's own commit or undo: wait for it (its view is then drawn
  // from the few bytes of the update), or fetch the whole view when it does not come.
  function settle(version, refresh) {
    if (!live || !version || live.current().version === version) return live ? Promise.resolve() : refresh();
    return new Promise((resolve) => {
      const waiter = { version, resolve };
      live.waiters.push(waiter);
      setTimeout(async () => {
        if (!live.waiters.includes(waiter)) return;
        live.waiters = live.waiters.filter((w) => w !== waiter);
        await refresh();
        resolve();
      }, 1500);
    });
  }

  function settled() {
    const now = live.current().version;
    live.waiters = live.waiters.filter((w) => (w.version === now ? (w.resolve(), false) : true));
  }

  // One update at a time, in the order they came.
  let queue = Promise.resolve();
  function catchUp(update) {
    queue = queue.then(async () => {
      const view = live.current();
      if (update && update.version === view.version) return settled();
      const before = view.moves.length;
      await live.adopt(patched(view, update));
      announce(before, live.current().moves, update && update.taken_back_by);
      settled();
    });
  }

  // The line that says the server cannot be reached, beside the status (made here, so
  // each page's template stays as it is).
  function connectionLine() {
    let node = $("connection");
    if (!node) {
      node = el("p", "", "status error connection");
      node.id = "connection";
      node.setAttribute("role", "status");
      node.hidden = true;
      const anchor = $("status");
      if (anchor) anchor.after(node);
      else document.body.prepend(node);
    }
    return node;
  }

  // Every open page listens to the record's events: a move made on another device shows
  // as soon as it is written. `current()`: the page's view; `adopt(next)`: the page drops
  // what belonged to the old board and draws `next`, or fetches the whole view when
  // `next` is null.
  function keepUp(base, { current, adopt, refresh }) {
    live = { current, adopt, refresh, waiters: [] };
    const line = connectionLine();
    let delay = 1000;
    function connect() {
      const source = new EventSource(base + "/events");
      source.addEventListener("hello", (event) => {
        delay = 1000;
        line.hidden = true;
        line.textContent = "";
        // back after a loss: what was missed is fetched whole
        if (JSON.parse(event.data).version !== current().version) catchUp(null);
      });
      source.addEventListener("update", (event) => catchUp(JSON.parse(event.data)));
      source.addEventListener("gone", (event) => status(JSON.parse(event.data).error, "error"));
      source.addEventListener("error", () => {
        source.close();
        line.textContent = _("connection lost: reconnecting…");
        line.hidden = false;
        setTimeout(connect, delay);
        delay = Math.min(2 * delay, 10000);
      });
    }
    connect();
  }

  return {
    _, fmt, $, params, token, status, said, hintSaid, why, pressable, api, plural, el, button,
    hideHand, toggleHand, mayOpenHand, applyRole, keepHandOpen,
    previewMove, commitMove, wireUndo, wireTimeline, keepUp, announce, initialView, patched,
    showEnd, wirePlayAgain, hintDrawn, dropStaleHint,
  };
})();
