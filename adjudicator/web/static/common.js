// What every page's script shares: the token, the status line and the JSON API call.
"use strict";

window.adjudicator = (function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  // The token of a non-loopback server comes once, in the URL; keep it for this tab.
  if (params.get("token")) sessionStorage.setItem("token", params.get("token"));
  const token = sessionStorage.getItem("token");

  function status(message, kind) {
    const node = $("status");
    if (!node) return;
    node.textContent = message || "";
    node.className = "status" + (kind ? " " + kind : "");
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

  // "1 point", "4 points": the count and its noun agree, as in adjudicator/core/words.py.
  function plural(n, one) {
    return n + " " + (n === 1 ? one : one + "s");
  }

  return { $, params, token, status, api, plural };
})();
