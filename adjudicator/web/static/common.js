// What every page's script shares: the token, the status line and the JSON API call.
"use strict";

window.adjudicator = (function () {
  const $ = (id) => document.getElementById(id);
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
      return { ok: false, status: 0, data: { error: "the server cannot be reached" } };
    }
    let data;
    try {
      data = await response.json();
    } catch (err) {
      data = { error: "unexpected answer (" + response.status + ")" };
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

  // "1 point", "4 points": the count and its noun agree, as in adjudicator/core/words.py.
  function plural(n, one) {
    return n + " " + (n === 1 ? one : one + "s");
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
    form.prepend(el("p", "This is the shared screen: each player moves from their own seat (the links below).", "small"));
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
      show(refusal("write or pick a move first"), false);
      return said("write or pick a move first", "error");
    }
    const r = await api("POST", base + "/preview", { move: text });
    if (!r.ok) {
      show(refusal(r.data.error), false);
      return said(r.data.error, "error");
    }
    if (r.data.legal) said("");
    else said("refused: " + why(r.data), "error");
    show(r.data, false);
  }

  // This device's own change in flight: the poller leaves the record to it (its new
  // version is this device's move, not another's).
  let own = 0;

  // A move committed on the version the page saw; the ruling drawn by `show`. The page
  // shows the new table (`refresh`) before the status says what happened: what the status
  // announces is then already on the screen. `done`: the page's own tidying after a move.
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
      show(refusal("write or pick a move first"), false);
      return said("write or pick a move first", "error");
    }
    const r = await api("POST", base + "/move", { move: text, base: version });
    if (![200, 409, 422].includes(r.status)) {
      show(refusal(r.data.error), false);
      return said(r.data.error, "error");
    }
    show(r.data, r.ok);
    if (r.ok) hideHand(); // the device goes round the table: no hand stays open after a move
    await refresh();
    if (r.ok) {
      done();
      said("recorded: " + r.data.move, "ok");
    } else {
      said((r.data.stale ? "" : "refused, the record is unchanged: ") + why(r.data), "error");
    }
  }

  function wireUndo(base, version, refresh) {
    $("undo").addEventListener("click", async () => {
      if (!confirm("Take the last move off the record?")) return;
      own++;
      try {
        const r = await api("POST", base + "/undo", { base: version() });
        if (!r.ok) return said(r.data.error, "error");
        await refresh();
        said("took back: " + r.data.undone, "ok");
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
      const r = await api("GET", base + "/step/" + n);
      if (!r.ok) return status(r.data.error, "error");
      at = n;
      draw(r.data);
      const a = data && n > 0 ? data.moves[n - 1] : null;
      $("step-label").textContent = "after move " + n + " of " + r.data.moves + (a ? ": " + label(a) : "");
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
      status("replay: " + summary(r.data));
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
  function announce(before, after) {
    if (own) return; // this device's own move: its commit says so
    $("ruling").hidden = true;
    if (after.length > before) status("new move: " + after[after.length - 1].text, "ok");
    else if (after.length < before) status("the last move was taken back on another device", "ok");
  }

  // Every open page polls the record's version: a move made on another device shows
  // within a second.
  function keepUp(base, version, refresh) {
    let polling = false;
    setInterval(async () => {
      if (polling || own || document.hidden) return;
      polling = true;
      try {
        const r = await api("GET", base + "/version");
        // checked again after the wait: a commit of this device may have begun meanwhile
        if (r.ok && !own && r.data.version !== version()) await refresh();
      } finally {
        polling = false;
      }
    }, 500);
  }

  return {
    $, params, token, status, said, why, pressable, api, plural, el, button, hideHand, toggleHand,
    mayOpenHand, applyRole, keepHandOpen,
    previewMove, commitMove, wireUndo, wireTimeline, keepUp, announce,
  };
})();
