// coinche: the live page redraws itself when the tournament changes (it asks /api/live every
// two seconds) and counts the round's time down.  The projector shows the round's tables,
// each knock-out's bracket, then the standings, in turn, under its header (which stays): each
// part scrolls slowly by itself when longer than the screen, and every part after the tables
// stays at least as long as the tables.
// No library, nothing from the internet; names arrive already escaped in the server's HTML.
(function () {
  "use strict";
  var body = document.body;
  var version = body.getAttribute("data-version");
  var busy = false;

  function redraw() {
    busy = true;
    fetch(window.location.pathname + window.location.search, { cache: "no-store" })
      .then(function (answer) { return answer.text(); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById("live");
        if (fresh) {
          document.getElementById("live").replaceWith(fresh);
          version = page.body.getAttribute("data-version");
          if (projector) { showPart(); }
          countdown();
        }
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }

  function poll() {
    var typing = document.activeElement && document.activeElement.tagName === "INPUT";
    if (busy || typing) { return; }
    fetch("/api/live", { cache: "no-store" })
      .then(function (answer) { return answer.json(); })
      .then(function (live) { if (live.version !== version) { redraw(); } })
      .catch(function () {});
  }

  function countdown() {
    var clocks = document.querySelectorAll(".clock[data-deadline]");
    for (var i = 0; i < clocks.length; i++) {
      var left = Math.max(0, Math.round(Number(clocks[i].getAttribute("data-deadline"))
                                        - Date.now() / 1000));
      var minutes = Math.floor(left / 60);
      var seconds = left % 60;
      clocks[i].textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
    }
  }

  // the projector's parts, one at a time: each on screen for LEAST ticks at least, a pause
  // at its top, slowly down if it is longer than the screen, a pause at its bottom; the
  // standings then stay at least as long as the tables stayed
  var TICK = 40;  // milliseconds
  var PAUSE = 75;  // ticks: 3 seconds
  var LEAST = 375;  // ticks: 15 seconds
  var projector = body.classList.contains("projector");
  var part = "tables";
  var shown = 0;
  var tablesShown = 0;
  var pause = PAUSE;

  function parts() { return document.querySelectorAll("#live .part[data-part]"); }

  function showPart() {
    var all = parts();
    var names = [];
    for (var i = 0; i < all.length; i++) { names.push(all[i].getAttribute("data-part")); }
    if (names.length && names.indexOf(part) < 0) { part = names[0]; }
    for (var j = 0; j < all.length; j++) {
      all[j].hidden = all.length > 1 && names[j] !== part;
    }
    body.setAttribute("data-part", part);
  }

  function rotate() {
    shown += 1;
    if (pause > 0) { pause -= 1; return; }
    var room = document.documentElement.scrollHeight - window.innerHeight;
    if (room > 0 && window.scrollY < room - 1) {
      window.scrollBy(0, 2);
      if (window.scrollY >= room - 1) { pause = PAUSE; }
      return;
    }
    if (shown < (part === "tables" ? LEAST : Math.max(LEAST, tablesShown))) { return; }
    var all = parts();
    if (all.length > 1) {
      if (part === "tables") { tablesShown = shown; }
      // the next part in the page's order: tables, each bracket, standings, then the prizes
      // once shown
      var names = [];
      for (var i = 0; i < all.length; i++) { names.push(all[i].getAttribute("data-part")); }
      part = names[(names.indexOf(part) + 1) % names.length];
      showPart();
    }
    shown = 0;
    pause = PAUSE;
    window.scrollTo(0, 0);
  }

  if (!body.classList.contains("entry")) { window.setInterval(poll, 2000); }
  if (projector) { showPart(); window.setInterval(rotate, TICK); }
  countdown();
  window.setInterval(countdown, 1000);
})();
