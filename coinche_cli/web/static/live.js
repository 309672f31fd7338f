// coinche: the live page redraws itself when the tournament changes (it asks /api/live every
// two seconds), counts the round's time down, and scrolls a long projector list by itself.
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

  // a projector list longer than the screen: down slowly, a pause, back to the top
  var pause = 0;
  function scroll() {
    var room = document.documentElement.scrollHeight - window.innerHeight;
    if (room <= 0) { return; }
    if (pause > 0) { pause -= 1; return; }
    if (window.scrollY >= room - 1) { window.scrollTo(0, 0); pause = 75; return; }
    window.scrollBy(0, 2);
  }

  if (!body.classList.contains("entry")) { window.setInterval(poll, 2000); }
  if (body.classList.contains("projector")) { window.setInterval(scroll, 40); pause = 75; }
  countdown();
  window.setInterval(countdown, 1000);
})();
