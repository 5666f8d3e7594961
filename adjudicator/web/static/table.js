// The page of a Dry Gulch or Black Hills game (and of any game whose page module draws
// the generic view): it lists the legal moves of the player to act as taps, previews the
// ruling before a commit, and listens to the record's events so every device keeps up.
"use strict";

(function () {
  const { _, fmt, $, status, hintSaid, why, pressable, api, plural, el, button } = window.adjudicator;
  const { toggleHand } = window.adjudicator;
  const { mayOpenHand, applyRole, keepHandOpen } = window.adjudicator;
  const { previewMove, commitMove, wireUndo, wireTimeline, keepUp } = window.adjudicator;
  const initial = $("initial");
  if (!initial) return;
  let view = window.adjudicator.initialView();
  const name = view.name;
  const base = "/api/g/" + encodeURIComponent(name);
  let stepping = () => null; // the timeline's step, or null for the live board
  let picked = null; // the site or area tapped on the board
  let listed = null; // the legal moves last fetched, and whose

  // ----- the names at a German table (issue 39) --------------------------------------
  // The view of a German page carries `names`, each id -> its German name where the
  // data has one (Dry Gulch's buildings and resources): what a player reads says them,
  // while every move keeps its ids (`data-move`, the record).
  function named(text) {
    const names = view.names;
    return names ? text.replace(/[a-z][a-z-]*/g, (id) => names[id] || id) : text;
  }
  // The buildings of the town by their German names, wrapped as the server wraps the
  // two lines of a site (render/dry_gulch_town.py: _lines, _text).
  function germanTown(box) {
    if (!view.names) return;
    const room = 54, char = 6.9;
    box.querySelectorAll("g[data-permit]").forEach((g) => {
      const german = view.names[g.dataset.permit];
      const old = [...g.querySelectorAll("text.name")];
      if (!german || !old.length) return;
      const lines = [];
      german.split(" ").forEach((w) => {
        const last = lines.length - 1;
        if (last >= 0 && (lines[last] + " " + w).length <= Math.floor(room / char)) lines[last] += " " + w;
        else lines.push(w);
      });
      if (lines.length > 2) lines.splice(1, lines.length, lines.slice(1).join(" "));
      const most = Math.floor((room * 1.25) / char);
      const y = Number(old[0].getAttribute("y"));
      lines.forEach((line, i) => {
        const node = old[i] || old[0].cloneNode(false);
        node.textContent = line.length <= most ? line : line.slice(0, most - 1) + ".";
        node.setAttribute("y", String(y + 13 * i));
        if (node.textContent.length * char > room) {
          node.setAttribute("textLength", String(room));
          node.setAttribute("lengthAdjust", "spacingAndGlyphs");
        } else {
          node.removeAttribute("textLength");
          node.removeAttribute("lengthAdjust");
        }
        if (!old[i]) old[old.length - 1].after(node);
      });
      old.slice(lines.length).forEach((node) => node.remove());
      const title = g.querySelector("title");
      const site = g.id.slice("site-".length);
      if (title) title.textContent = site + ": " + german + title.textContent.slice(title.textContent.indexOf(","));
    });
  }

  // ----- the board: a site or an area tapped filters the moves -------------------------
  function setBoard(svg) {
    // the site or area a keyboard pressed keeps the focus on the new board
    const focused = document.activeElement && document.activeElement.closest("#board [id]");
    $("board").innerHTML = svg;
    germanTown($("board"));
    if (picked) {
      const g = $("board").querySelector('[id="' + view.pick + "-" + CSS.escape(picked) + '"]');
      if (g) {
        g.classList.add("picked");
        g.setAttribute("aria-pressed", "true");
      }
    }
    if (focused) {
      const again = $("board").querySelector('[id="' + CSS.escape(focused.id) + '"]');
      if (again) again.focus();
    }
  }
  pressable($("board"));
  $("board").addEventListener("click", (event) => {
    const g = event.target.closest('g[id^="' + view.pick + '-"]');
    if (!g) return;
    const id = g.id.slice(view.pick.length + 1);
    picked = picked === id ? null : id;
    setBoard(view.svg);
    status(picked ? fmt(_("{pick} {id} picked"), { pick: view.pick, id: picked }) : "");
    if (listed) drawMoves();
    else if (picked) loadMoves(); // a tap on the board lists its moves, the list not yet open
  });

  // ----- the summary, the players and the panels --------------------------------------
  function render() {
    $("to-play").textContent = view.over
      ? _("game over") + " · " + (view.winners.length ? fmt(_("won by {players}"), { players: view.winners.join(", ") }) : _("no winner"))
      : fmt(_("{player} to play"), { player: (view.choosing || []).length ? view.choosing.join(", ") : view.to_play });
    const when = [];
    if (view.turn) when.push(fmt(_("turn {turn}"), { turn: view.turn }));
    if (view.round) when.push(fmt(_("round {round}"), { round: view.round }));
    if (view.phase) when.push(fmt(_("{phase} phase"), { phase: view.phase }));
    when.push(fmt(_("{needed} {score} to win"), { needed: view.needed, score: view.score_word }));
    $("when").textContent = when.join(" · ");
    // the move box's example follows the phase (a keep at the set-up, then a turn), in the
    // name of this seat where it chooses now, else of the player to act
    if (view.example && !view.over) {
      const seat = view.me && view.me.seat;
      const who = seat && (view.choosing || []).includes(seat) ? seat : view.to_play;
      $("move-text").placeholder = who + ": " + view.example;
    }
    const body = $("players").querySelector("tbody");
    body.innerHTML = "";
    view.players.forEach((p) => {
      const acting = (view.choosing || []).length ? view.choosing.includes(p.name) : p.name === view.to_play && !view.over;
      const row = el("tr", null, acting ? "active" : "");
      row.dataset.player = p.name;
      // the hand's button under the name: a fifth column does not fit 390 px
      const who = el("td", (acting ? "▶ " : "") + p.name);
      if (p.colour) who.prepend(seatSwatch(p));
      if (mayOpenHand(view.me, p.name)) {
        const b = button(_("my hand"), "show-hand", () => showHand(p.name));
        b.dataset.player = p.name;
        b.setAttribute("aria-label", fmt(_("my hand ({player})"), { player: p.name }));
        who.appendChild(el("br"));
        who.appendChild(b);
      }
      row.appendChild(who);
      // a count is right-aligned as its heading is (`num`): each ends where its heading ends
      row.appendChild(el("td", String(p.score), "num"));
      row.appendChild(el("td", String(p.cards), "num"));
      row.appendChild(el("td", named(p.detail)));
      body.appendChild(row);
    });
    // the page's own update signal: how many moves of the record this screen has drawn
    $("summary").dataset.moves = String(view.moves.length);
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
    const list = $("moves");
    list.innerHTML = "";
    view.moves.forEach((m) => list.appendChild(el("li", m.text, m.legal ? "" : "illegal")));
    if (view.over) status(_("The game is over.") + (view.winners.length ? " " + _("Winner:") + " " + view.winners.join(", ") : " "), "ok");
    if (stepping() === null) setBoard(view.svg);
    applyRole(view.me);
    keepHandOpen(base, view.me, fillHand);
    window.adjudicator.showEnd(view);
    window.adjudicator.dropStaleHint(view);
  }

  // A player's colour (Black Hills: as on the track and in the areas), with the initial:
  // the name beside it says who, so the colour is never the only sign.
  function seatSwatch(p) {
    const dot = el("span", p.name.slice(0, 1).toUpperCase(), "seat-swatch");
    dot.style.background = p.colour;
    dot.setAttribute("aria-hidden", "true");
    return dot;
  }

  function showHand(player) {
    return toggleHand(base, player, fillHand);
  }

  function fillHand(box, data) {
    box.appendChild(el("h3", fmt(_("{player}'s hand"), { player: data.player })));
    const ul = el("ul");
    data.cards.forEach((c) => ul.appendChild(el("li", named(c.text), "hand-card")));
    // at Black Hills' set-up the keep's buttons show the hand: not twice on a phone
    if (!(data.keep && mayOpenHand(view.me, data.player))) box.appendChild(ul);
    data.lines.forEach((line) => box.appendChild(el("p", line, "small")));
    if (data.keep && mayOpenHand(view.me, data.player)) keepPicker(box, data);
    // Dry Gulch's permits, each as its card: what it costs and brings, where it may stand
    (data.permits || []).forEach((permit) => {
      const card = el("section", null, "permit-card");
      card.classList.add("card"); // the page's card look
      card.appendChild(el("h4", (view.names && view.names[permit.id]) || permit.name));
      permit.lines.forEach((line) => card.appendChild(el("p", named(line))));
      if (permit.text) card.appendChild(el("p", permit.text, "small"));
      box.appendChild(card);
    });
  }

  // ----- Black Hills' set-up: the two characters kept, tapped in the hand ----------------
  // Every player still to keep chooses at once: each taps two of the four dealt, sees the
  // preview and keeps them. What is tapped outlives the redraw another player's keep brings.
  let keeping = { hand: "", ids: [] };
  function keepPicker(box, data) {
    const hand = data.player + ":" + data.cards.map((c) => c.id).join(",");
    if (keeping.hand !== hand) keeping = { hand, ids: [] };
    const set = el("fieldset", null, "keep-set");
    set.id = "keep-set";
    set.appendChild(el("legend", _("Keep two characters (the other two are discarded face down)")));
    const row = el("div", null, "buttons");
    const go = button(_("Keep these two"), "keep-commit", () => commitText(keepLine()));
    go.id = "keep-commit";
    go.classList.add("primary");
    const keepLine = () => data.player + ": keep " + data.cards.filter((c) => keeping.ids.includes(c.id)).map((c) => c.id).join(" ");
    const mark = () => {
      row.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(keeping.ids.includes(b.dataset.card))));
      go.disabled = keeping.ids.length !== 2;
    };
    data.cards.forEach((c) => {
      const b = button(c.name || c.text, "keep-card", () => {
        keeping.ids = keeping.ids.includes(c.id) ? keeping.ids.filter((x) => x !== c.id) : keeping.ids.concat([c.id]).slice(-2);
        mark();
        said.textContent = "";
        if (keeping.ids.length === 2) {
          $("move-text").value = keepLine();
          // the preview beside the cards too: the ruling box is far below on a phone
          previewMove(base, keepLine(), (ruled, committed) => {
            showRuling(ruled, committed);
            said.textContent = ruled.legal ? _("Preview:") + " " + (ruled.message || ruled.move) : _("Refused:") + " " + why(ruled);
          });
        }
      });
      b.dataset.card = c.id;
      row.appendChild(b);
    });
    const said = el("p", "", "keep-said");
    said.id = "keep-said";
    said.classList.add("small");
    said.setAttribute("aria-live", "polite");
    set.appendChild(row);
    set.appendChild(said);
    set.appendChild(go);
    box.appendChild(set);
    mark();
  }

  // ----- Black Hills: a turn built a choice at a time -----------------------------------
  // A turn is its actions in the order played ("event jailbreak; tracker gold; rob ann"):
  // each tap chooses the next action among those the listed moves allow after the ones
  // chosen (the character, an event, the victims of a robbery, an investment), and "End
  // the turn here" previews the turn as chosen. Every button is one of the legal moves'
  // own steps: the list below stays whole.
  let steps = { of: null, chosen: [] };
  function turnSteps() {
    if (steps.of !== listed) steps = { of: listed, chosen: [] };
    const section = el("section", null, "turn-steps");
    section.id = "turn-steps";
    const parts = (m) => m.slice(m.indexOf(":") + 1).trim().split("; ");
    // an action in the game's words: each id by its printed name, the rest as written
    const said = (action) => action.split(" ").map((w) => (view.names || {})[w] || (view.words || {})[w] || w).join(" ");
    const draw = () => {
      section.innerHTML = "";
      const chosen = steps.chosen;
      const fits = listed.moves.filter((m) => {
        const p = parts(m);
        return p.length >= chosen.length && chosen.every((c, i) => p[i] === c);
      });
      section.appendChild(el("h3", chosen.length ? fmt(_("Your turn so far: {actions}"), { actions: chosen.map(said).join(" · ") }) : _("Your turn, a choice at a time")));
      const row = el("div", null, "buttons");
      const next = [];
      fits.forEach((m) => {
        const p = parts(m);
        if (p.length > chosen.length && !next.includes(p[chosen.length])) next.push(p[chosen.length]);
      });
      next.forEach((action) => {
        const b = button(said(action), "step", () => {
          steps.chosen = chosen.concat([action]);
          draw();
        });
        b.dataset.step = action;
        row.appendChild(b);
      });
      const whole = fits.find((m) => parts(m).length === chosen.length);
      if (whole) {
        const end = button(_("End the turn here"), "step-end", () => {
          if ((listed.blind || []).includes(whole)) return reveal(whole);
          $("move-text").value = whole;
          previewText(whole);
        });
        end.dataset.move = whole;
        end.classList.add("primary");
        row.appendChild(end);
      }
      if (chosen.length) {
        row.appendChild(button(_("Back"), "step-back", () => {
          steps.chosen = chosen.slice(0, -1);
          draw();
        }));
      }
      section.appendChild(row);
    };
    draw();
    return section;
  }

  // ----- the legal moves, grouped by what they do -------------------------------------
  function verb(move) {
    const action = move.slice(move.indexOf(":") + 1).trim();
    // "gold-digger; invest" is the Gold Digger's: the verb stops at a space or a ";"
    return action.split(/[\s;]+/)[0] || action;
  }
  function drawMoves() {
    const box = $("moves-list");
    box.innerHTML = "";
    if (view.game === "black-hills" && view.phase !== "set-up" && !picked && !listed.more) box.appendChild(turnSteps());
    const words = (m) => m.slice(m.indexOf(":") + 1).trim().split(/[\s;,]+/);
    // a move names its site (Dry Gulch) or the character that goes to the area tapped
    const near = picked ? [picked, ...((view.pick_words || {})[picked] || [])] : [];
    const shown = listed.moves.filter((m) => !picked || words(m).some((w) => near.includes(w)));
    const groups = new Map();
    shown.forEach((m) => {
      const v = verb(m);
      if (!groups.has(v)) groups.set(v, []);
      groups.get(v).push(m);
    });
    let first = true;
    groups.forEach((moves, v) => {
      const group = el("details", null, "choice-group");
      group.open = first || moves.length <= 6; // the rest open with a tap on their name
      first = false;
      group.appendChild(el("summary", v + " (" + moves.length + ")"));
      const row = el("div", null, "buttons");
      moves.forEach((m) => {
        const b = button(named(m.slice(m.indexOf(":") + 1).trim()), "choice", () => {
          if ((listed.blind || []).includes(m)) return reveal(m);
          $("move-text").value = m;
          previewText(m);
        });
        b.dataset.move = m;
        row.appendChild(b);
      });
      group.appendChild(row);
      box.appendChild(group);
    });
    if (!shown.length) box.appendChild(el("p", picked ? fmt(_("no move there now: tap the {pick} again to list all"), { pick: view.pick }) : _("no legal move now"), "small"));
    // no move is cut: the page says how many it has not fetched and fetches them on a tap
    const listedNow = listed.count == null ? String(listed.moves.length) : fmt(_("{n} of {count}"), { n: listed.moves.length, count: listed.count });
    if (listed.more) box.appendChild(button(fmt(_("the next moves ({n} listed)"), { n: listedNow }), "more-moves", moreMoves));
    $("moves-note").textContent = listed.player + ": " + plural(shown.length, _("move"), _("moves")) + (listed.more ? " " + fmt(_("(the first {n})"), { n: listedNow }) : "") + (picked ? " " + fmt(_("at {place}"), { place: picked }) : "");
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
    loadMoves();
  });
  async function loadMoves() {
    const r = await api("GET", base + "/moves");
    if (!r.ok) return status(r.data.error, "error");
    listed = r.data;
    drawMoves();
    if (listed.more && listed.count == null) countMoves(listed);
  }
  // Counting every move rules them all: asked once the first ones are shown.
  async function countMoves(asked) {
    const r = await api("GET", base + "/moves?count=1");
    if (!r.ok || listed !== asked) return;
    listed.count = r.data.count;
    drawMoves();
  }
  async function moreMoves() {
    const r = await api("GET", base + "/moves?from=" + listed.moves.length);
    if (!r.ok) return status(r.data.error, "error");
    listed = { ...listed, moves: listed.moves.concat(r.data.moves), blind: (listed.blind || []).concat(r.data.blind || []), more: r.data.more, count: r.data.count ?? listed.count };
    drawMoves();
  }
  // A choice whose outcome lies face down (a draw off the stack): choosing it shows what
  // it drew, and its moves are the only ones left to make (web/face_down.py).
  async function reveal(choice) {
    const r = await api("POST", base + "/reveal", { move: choice });
    if (!r.ok) return status(r.data.error, "error");
    listed = { player: r.data.player, moves: r.data.moves, blind: [], more: false };
    picked = null;
    status(fmt(_("you chose {choice}: now pick one of what it shows"), { choice: choice.slice(choice.indexOf(":") + 1).trim() }), "ok");
    drawMoves();
  }
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
      ? (committed ? _("Committed:") : _("Preview:")) + " " + data.move + (data.points === null || data.points === undefined ? "" : " · " + data.points + " " + view.score_word)
      : _("Refused:") + " " + why(data);
    box.appendChild(el("p", head, data.legal ? "ok" : "error"));
    if (data.legal && data.message) box.appendChild(el("p", data.message));
  }
  const previewText = (text) => previewMove(base, text, showRuling);
  const commitText = (text) =>
    commitMove(base, text, view.version, {
      show: (data, committed) => {
        showRuling(data, committed);
        if (!committed) return;
        forgetMoves();
        picked = null; // the move at that site is made: the next list is the whole turn again
      },
      refresh,
      done: () => {
        $("move-text").value = "";
      },
    });
  $("preview").addEventListener("click", () => previewText($("move-text").value.trim()));
  $("commit").addEventListener("click", () => commitText($("move-text").value.trim()));
  $("clear").addEventListener("click", () => {
    $("move-text").value = "";
    $("ruling").hidden = true;
    picked = null;
    forgetMoves();
    setBoard(view.svg);
  });
  wireUndo(base, () => view.version, () => {
    forgetMoves();
    return refresh();
  });

  // ----- the hint -----------------------------------------------------------------------
  $("hint-button").addEventListener("click", async () => {
    const list = $("hint");
    list.innerHTML = "";
    $("hint-lines").innerHTML = "";
    hintSaid(_("thinking…"));
    const asked = view.version;
    const r = await api("GET", base + "/hint?top=5");
    if (view.version !== asked) return hintSaid(""); // a move came meanwhile: ask again
    window.adjudicator.hintDrawn(asked); // said or refused, for this version only
    if (!r.ok) return hintSaid(r.data.error, "error");
    hintSaid(fmt(_("hint for {player}"), { player: r.data.player }));
    r.data.lines.forEach((line) => $("hint-lines").appendChild(el("p", line)));
    r.data.actions.forEach((a) => {
      const li = el("li");
      li.appendChild(el("span", a.move + " · " + a.text));
      if (a.blind) {
        // a face-down choice (a draw): the moves it shows are listed, then chosen
        li.appendChild(button(_("preview"), "hint-preview", () => reveal(a.move)));
      } else {
        li.appendChild(button(_("preview"), "hint-preview", () => {
          $("move-text").value = a.move;
          previewText(a.move);
        }));
        li.appendChild(button(_("play this"), "hint-play", () => commitText(a.move)));
      }
      list.appendChild(li);
    });
  });

  // ----- the timeline ---------------------------------------------------------------------
  stepping = wireTimeline(base, {
    entry: (m) => m.move + " — " + (m.legal ? m.message : !m.code ? _("refused") : fmt(_("refused ({code}): {why}"), { code: m.code, why: m.message })),
    label: (a) => a.move + (a.legal ? "" : " · " + fmt(_("refused: {why}"), { why: a.message })),
    summary: (data) => data.summary,
    draw: (step) => {
      $("board").innerHTML = step.svg;
      germanTown($("board"));
    },
    close: () => setBoard(view.svg),
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
      forgetMoves();
      if (!next) return refresh();
      view = next;
      render();
    },
    refresh,
  });

  window.adjudicator.wirePlayAgain(base, name);
  render();
})();
