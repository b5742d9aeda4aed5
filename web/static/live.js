// takbot's game pages, enhanced: step through positions with the links,
// the slider and the arrow keys without reloading the page (each position
// keeps its own URL), and follow a game live (server-sent events),
// announcing each new move in a small polite live region. The pages work
// without it.
(function () {
  "use strict";

  // The parts of a game page that change from one position to another.
  var PARTS = ["state", "position", "steps", "figure", "moves", "board", "export"];
  var pending = null; // the URL being fetched

  function main() { return document.getElementById("main"); }

  function turnURL(turn) {
    var m = main();
    var base = window.location.pathname;
    if (String(turn) === m.getAttribute("data-last")) { return base; }
    return base + "?turn=" + turn;
  }

  // focusKey remembers what had the focus, to give it back after a swap.
  function focusKey() {
    var a = document.activeElement;
    if (!a || a === document.body) { return null; }
    if (a.id) { return { id: a.id }; }
    var moves = document.getElementById("moves");
    if (a.tagName === "A" && moves && moves.contains(a)) { return { move: a.getAttribute("href") }; }
    return null;
  }

  function restoreFocus(key, moved) {
    if (!key) { return; }
    var el = null;
    if (key.id) { el = document.getElementById(key.id); }
    if (key.move) { el = document.querySelector("#moves a[aria-current]"); }
    if (el && el.tagName === "SPAN") { el = null; } // a step that is no more
    if (!el && moved) { el = document.getElementById("position"); }
    if (el && document.activeElement !== el) { el.focus({ preventScroll: true }); }
  }

  function showCurrentMove() {
    var box = document.getElementById("moves");
    var cur = box && box.querySelector("td.current");
    if (!box || !cur) { return; }
    var top = cur.offsetTop, bottom = top + cur.offsetHeight;
    if (top < box.scrollTop + 30 || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  }

  // swap puts the parts of a freshly fetched page in place of the old.
  function swap(doc) {
    var fresh = doc.getElementById("main");
    var m = main();
    if (!fresh || !m) { return false; }
    var key = focusKey();
    var oldScroll = document.getElementById("moves") ? document.getElementById("moves").scrollTop : 0;
    PARTS.forEach(function (id) {
      var a = document.getElementById(id), b = doc.getElementById(id);
      if (a && b) { a.replaceWith(document.importNode(b, true)); }
    });
    ["data-turn", "data-last", "data-first", "data-events"].forEach(function (n) {
      m.setAttribute(n, fresh.getAttribute(n) || "");
    });
    var liveA = document.getElementById("live"), liveB = doc.getElementById("live");
    if (liveA && liveB) { liveA.setAttribute("data-move", liveB.getAttribute("data-move") || ""); }
    var input = document.getElementById("turn"), input2 = doc.getElementById("turn");
    if (input && input2) {
      input.min = input2.min;
      input.max = input2.max;
      input.value = input2.value;
      document.getElementById("turn-value").textContent = input2.value;
    }
    document.title = doc.title;
    var box = document.getElementById("moves");
    if (box) { box.scrollTop = oldScroll; }
    showCurrentMove();
    restoreFocus(key, true);
    return true;
  }

  function load(url) {
    pending = url;
    return fetch(url, { headers: { "Accept": "text/html" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        if (pending !== url) { return false; } // a later step won
        pending = null;
        return swap(new DOMParser().parseFromString(html, "text/html"));
      });
  }

  // go shows another position of the game, at its own URL.
  function go(url, push) {
    load(url).then(function (ok) {
      if (ok && push) { history.pushState({ takbot: true }, "", url); }
    }).catch(function () { window.location.href = url; });
  }

  function enhanceSteps() {
    var m = main();
    if (!m || !document.getElementById("steps")) { return; }
    m.addEventListener("click", function (e) {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) { return; }
      var a = e.target.closest && e.target.closest("#steps a, #moves a");
      if (!a) { return; }
      e.preventDefault();
      go(a.getAttribute("href"), true);
    });
    var input = document.getElementById("turn");
    var out = document.getElementById("turn-value");
    var form = document.getElementById("slider");
    if (input && out && form) {
      input.addEventListener("input", function () { out.textContent = input.value; });
      input.addEventListener("change", function () { go(turnURL(input.value), true); });
      form.addEventListener("submit", function (e) { e.preventDefault(); go(turnURL(input.value), true); });
    }
    document.addEventListener("keydown", function (e) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
      var t = e.target;
      if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA" || t.isContentEditable)) { return; }
      var id = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
      var a = id && document.getElementById(id);
      if (!a || a.tagName !== "A") { return; }
      e.preventDefault();
      go(a.getAttribute("href"), true);
    });
    window.addEventListener("popstate", function () { go(window.location.pathname + window.location.search, false); });
    showCurrentMove();
  }

  function follow() {
    var m = main();
    var url = m && m.getAttribute("data-events");
    if (!url || !window.EventSource) { return; }
    var source = new EventSource(url);
    function update() {
      var before = m.getAttribute("data-last");
      load(window.location.pathname + window.location.search).then(function (ok) {
        if (!ok || m.getAttribute("data-last") === before) { return; }
        var live = document.getElementById("live"), state = document.getElementById("state");
        if (live) {
          live.textContent = "New move: " + (live.getAttribute("data-move") || "") + " " + (state ? state.textContent : "");
        }
      }).catch(function () { /* the next move, or a reload, tries again */ });
    }
    source.addEventListener("hello", function (e) {
      m.setAttribute("data-following", "yes");
      // A stream opened again after a break: catch up with what was missed.
      if (e.data !== m.getAttribute("data-last")) { update(); }
    });
    source.addEventListener("move", update);
    // Leaving the page ends its stream at once: the server bounds the
    // streams of one address.
    window.addEventListener("pagehide", function () { source.close(); });
  }

  enhanceSteps();
  follow();
})();
