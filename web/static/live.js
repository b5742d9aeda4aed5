// takbot's game pages: follow a game live (server-sent events), and let
// the turn slider show the turn it points at. The pages work without it.
(function () {
  "use strict";

  function slider() {
    var input = document.getElementById("turn");
    var out = document.getElementById("turn-value");
    if (!input || !out) { return; }
    input.addEventListener("input", function () { out.textContent = input.value; });
    input.addEventListener("change", function () { input.form.submit(); });
  }

  function refresh() {
    fetch(window.location.href, { headers: { "Accept": "text/html" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("main");
        var old = document.getElementById("main");
        if (!fresh || !old) { return; }
        var state = doc.getElementById("state");
        fresh.setAttribute("data-following", "yes");
        old.replaceWith(fresh);
        var live = document.getElementById("live");
        if (live && state) { live.textContent = "New move: " + state.textContent; }
        slider();
      })
      .catch(function () { /* the next move, or a reload, tries again */ });
  }

  function follow() {
    var main = document.getElementById("main");
    var url = main && main.getAttribute("data-events");
    if (!url || !window.EventSource) { return; }
    var source = new EventSource(url);
    source.addEventListener("hello", function (e) {
      var m = document.getElementById("main");
      if (!m) { return; }
      m.setAttribute("data-following", "yes");
      // A stream opened again after a break: catch up with what was missed.
      if (e.data !== m.getAttribute("data-last")) { refresh(); }
    });
    source.addEventListener("move", function () {
      refresh();
    });
    // Leaving the page ends its stream at once: the server bounds the
    // streams of one address.
    window.addEventListener("pagehide", function () { source.close(); });
  }

  slider();
  follow();
})();
