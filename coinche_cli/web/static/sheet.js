// coinche: the score sheet on the phone (issue 35).  The page is a plain form that works with
// JavaScript off; this script makes it richer: a number pad for the taker's card points (the
// other side's shown as they are derived), only the belote and announces of the trump chosen,
// the deal posted to the JSON API (an error shown above the form, nothing typed lost),
// "Annuler" for five seconds after a deal, and the time left counted down.
// No library, nothing from the internet; every sentence comes in the server's HTML or JSON,
// already in the phone's language.
(function () {
  "use strict";
  var sheet = document.querySelector("div.sheet[data-api]");
  if (!sheet) { return; }
  var api = sheet.getAttribute("data-api");
  var pageUrl = sheet.getAttribute("data-page");
  var code = sheet.getAttribute("data-code") || "";
  var form = document.getElementById("deal-form");

  function all(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  function withQuery(url, key, value) {
    return url + (url.indexOf("?") < 0 ? "?" : "&") + key + "=" + encodeURIComponent(value);
  }

  function whole(text) {
    return /^[0-9]{1,9}$/.test(text) ? Number(text) : text;
  }

  // POST a JSON body to the API: calls done(game) on a 200, refused(error, answer) on a
  // refusal the server explains, lost() when the server cannot be reached or answers
  // something that is not the API's (the page's plain form is then the way)
  function post(path, body, done, refused, lost) {
    var status = 0;
    fetch(api + path, {
      method: "POST", cache: "no-store", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body)
    })
      .then(function (answer) { status = answer.status; return answer.json(); })
      .then(function (data) {
        if (status === 200 && data && data.deals) { done(data); return; }
        if (data && data.error && data.error.message) { refused(data.error, data); return; }
        lost();
      }, lost);
  }

  // a refusal's sentence at the top of FORM (one paragraph, read out at once); the
  // paragraph of an earlier refusal, shown by the server, is now out of date
  function showProblem(where, message) {
    var old = all(sheet, "p.problem");
    var shown = null;
    for (var i = 0; i < old.length; i++) {
      if (where && old[i].parentNode === where) { shown = old[i]; } else { old[i].remove(); }
    }
    if (!shown) {
      shown = document.createElement("p");
      shown.className = "problem";
      shown.setAttribute("role", "alert");
      if (where) { where.insertBefore(shown, where.firstChild); }
    }
    shown.textContent = message;
    if (shown.scrollIntoView) { shown.scrollIntoView({ block: "center" }); }
    return shown;
  }

  // -- the taker's card points: the pad, and the other side's -----------------------------

  var points = document.getElementById("points");
  var derived = sheet.querySelector(".derived");
  var pad = sheet.querySelector(".pad");

  function chosen(name) {
    if (!form) { return null; }
    var inputs = all(form, "input[name='" + name + "']");
    for (var i = 0; i < inputs.length; i++) { if (inputs[i].checked) { return inputs[i]; } }
    return null;
  }

  function derive() {
    if (!derived || !points) { return; }
    var output = derived.querySelector("output");
    var trump = chosen("trump");
    var text = points.value.trim();
    var shown = "";
    if (trump && /^[0-9]+$/.test(text)) {
      var total = Number(trump.getAttribute("data-total"));
      var taker = Number(text);
      if (!isNaN(total) && taker <= total) { shown = String(total - taker); }
    }
    if (output) { output.textContent = shown; }
  }

  function press(key) {
    var value = points.value;
    var most = Number(points.getAttribute("maxlength")) || 4;
    if (key === "⌫") {
      value = value.slice(0, -1);
    } else if (key === "C") {
      value = "";
    } else if (/^[0-9]$/.test(key) && value.length < most) {
      value = (value === "0" ? "" : value) + key;
    }
    points.value = value;
    derive();
  }

  if (points && pad) {
    pad.hidden = false;
    // the pad is the keyboard: the phone's own would cover it (a real keyboard still types)
    points.setAttribute("inputmode", "none");
    pad.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button[data-key]") : null;
      if (button && pad.contains(button)) { press(button.getAttribute("data-key")); }
    });
  }
  if (points && derived) {
    derived.hidden = false;
    points.addEventListener("input", derive);
  }

  // -- the trump chosen: only its belote and its announces --------------------------------

  function fitTrump() {
    if (!form) { return; }
    var trump = chosen("trump");
    var belote = form.querySelector("fieldset.belote");
    if (belote) {
      var none = trump !== null && trump.getAttribute("data-belote") === "0";
      belote.hidden = none;
      if (none) {
        all(belote, "input[type='radio']").forEach(function (input) {
          input.checked = input.value === "";
        });
      }
    }
    var names = trump === null ? null
      : (trump.getAttribute("data-announces") || "").split(" ").filter(Boolean);
    all(form, "label.announce[data-announce]").forEach(function (label) {
      var offered = names === null || names.indexOf(label.getAttribute("data-announce")) >= 0;
      label.hidden = !offered;
      if (!offered) {
        all(label, "input").forEach(function (input) { input.checked = false; });
      }
    });
    all(form, "fieldset.announces").forEach(function (fieldset) {
      fieldset.hidden = all(fieldset, "label.announce:not([hidden])").length === 0;
    });
    derive();
  }

  // -- the deal posted to the API ---------------------------------------------------------

  // the JSON deal the form says, as the server's deal_from_form reads the same form (null:
  // everybody passed)
  function dealOf(passed) {
    if (passed) { return null; }
    var sides = all(form, "input[name='taker']").map(function (input) { return input.value; });
    var deal = {};
    function one(name) {
      var input = chosen(name);
      return input ? input.value.trim() : "";
    }
    ["taker", "contract", "trump"].forEach(function (name) {
      var value = one(name);
      if (value) { deal[name] = name === "contract" ? whole(value) : value; }
    });
    var coinche = one("coinche");
    if (coinche !== "" && coinche !== "0") { deal.coinche = whole(coinche); }
    var typed = points ? points.value.trim() : "";
    if (typed && deal.taker) {
      deal.points = {};
      deal.points[deal.taker] = whole(typed);
    }
    ["capot", "announce_winner", "coinched_by"].forEach(function (name) {
      var value = one(name);
      if (value && sides.indexOf(value) >= 0) { deal[name] = value; }
    });
    var belote = one("belote");
    if (sides.indexOf(belote) >= 0) { deal.belote = [belote]; }
    var generale = form.querySelector("input[name='generale']");
    if (generale && generale.checked) { deal.generale = true; }
    var ticked = {};
    var any = false;
    sides.forEach(function (side) {
      var names = all(form, "input[name='announce_" + side + "']")
        .filter(function (input) { return input.checked; })
        .map(function (input) { return input.value; });
      if (names.length) { ticked[side] = names; any = true; }
    });
    if (any) { deal.announces = ticked; }
    return deal;
  }

  function hiddenValue(where, name) {
    var input = where.querySelector("input[type='hidden'][name='" + name + "']");
    return input ? input.value : "";
  }

  var posting = false;
  var clicked = null;  // the submit button last tapped: for a browser without event.submitter

  function buttons(where) { return all(where, "button[type='submit'], button:not([type])"); }

  function busy(where, on) {
    posting = on;
    buttons(where).forEach(function (button) { button.disabled = on; });
  }

  // the server cannot be reached by the API: the form as the page sends it without this script
  function sendPlain(where, submitter) {
    buttons(where).forEach(function (button) { button.disabled = false; });
    if (submitter && submitter.name) {
      var copy = document.createElement("input");
      copy.type = "hidden";
      copy.name = submitter.name;
      copy.value = submitter.value;
      where.appendChild(copy);
    }
    HTMLFormElement.prototype.submit.call(where);
  }

  if (form) {
    all(form, "input[name='trump']").forEach(function (input) {
      input.addEventListener("change", fitTrump);
    });
    fitTrump();
    buttons(form).forEach(function (button) {
      button.addEventListener("click", function () { clicked = button; });
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (posting) { return; }
      var submitter = event.submitter || clicked;
      clicked = null;
      var passed = !!submitter && ((submitter.name === "action" && submitter.value === "pass")
                                   || submitter.name === "passed");
      var editing = hiddenValue(form, "action") === "edit";
      var number = whole(hiddenValue(form, "deal_number") || sheet.getAttribute("data-next"));
      var body = { code: code, deal: dealOf(passed), deal_number: number };
      busy(form, true);
      post(editing ? "/edit" : "/deal", body, function (game) {
        if (editing) { window.location.replace(pageUrl); return; }
        var last = game.deals.length ? game.deals[game.deals.length - 1].number : number;
        window.location.replace(withQuery(pageUrl, "saved", last));
      }, function (error) {
        busy(form, false);
        showProblem(form, error.message);
      }, function () { sendPlain(form, submitter); });
    });
  }

  // -- "Annuler": five seconds to take the deal back --------------------------------------

  all(sheet, "form.annuler").forEach(function (annuler) {
    var button = annuler.querySelector(".undo-now[data-seconds]");
    if (!button) { return; }
    var label = button.textContent;
    var seconds = Number(button.getAttribute("data-seconds")) || 5;
    var end = Date.now() + seconds * 1000;
    var timer = null;

    function tick() {
      if (posting) { return; }
      var left = Math.ceil((end - Date.now()) / 1000);
      if (left <= 0) {
        annuler.hidden = true;
        window.clearInterval(timer);
        return;
      }
      button.textContent = label + " (" + left + ")";
    }

    annuler.addEventListener("submit", function (event) {
      event.preventDefault();
      if (posting || annuler.hidden) { return; }
      var number = whole(hiddenValue(annuler, "deal_number"));
      busy(annuler, true);
      post("/undo", { code: code, deal_number: number }, function () {
        window.location.replace(pageUrl);
      }, function (error) {
        busy(annuler, false);
        window.clearInterval(timer);
        annuler.hidden = true;
        var shown = showProblem(null, error.message);
        annuler.parentNode.insertBefore(shown, annuler);
      }, function () { sendPlain(annuler, null); });
    });
    tick();
    timer = window.setInterval(tick, 250);
  });

  // -- the time left ----------------------------------------------------------------------

  function countdown() {
    all(sheet, ".clock[data-deadline]").forEach(function (clock) {
      var left = Math.max(0, Math.round(Number(clock.getAttribute("data-deadline"))
                                        - Date.now() / 1000));
      var minutes = Math.floor(left / 60);
      var seconds = left % 60;
      clock.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
      if (left > 0) { return; }
      var paragraph = clock.closest ? clock.closest(".time") : null;
      var out = clock.getAttribute("data-out")
        || (paragraph ? paragraph.getAttribute("data-out") : null);
      if (paragraph && out) {
        paragraph.textContent = out;
        paragraph.classList.add("out");
      }
    });
  }

  countdown();
  window.setInterval(countdown, 1000);

  // -- another phone at the table: its deals shown within seconds -------------------------
  // the sheet is asked for every 3 seconds; when it has moved on (a deal added, undone or
  // replaced from another phone, the game over) and nothing is being typed here, the page
  // is drawn again

  var touched = false;
  if (form) {
    form.addEventListener("input", function () { touched = true; });
    form.addEventListener("change", function () { touched = true; });
  }
  var seen = sheet.getAttribute("data-state");

  function follow() {
    if (posting || touched || document.hidden || seen === null) { return; }
    var path = api + "/game" + (code ? "?code=" + encodeURIComponent(code) : "");
    fetch(path, { cache: "no-store", credentials: "same-origin" })
      .then(function (answer) { return answer.status === 200 ? answer.json() : null; })
      .then(function (game) {
        if (!game || !game.deals || posting || touched) { return; }
        var last = game.deals.length ? game.deals[game.deals.length - 1] : null;
        var state = (last ? last.number + ":" + last.recorded : "0") + ":" +
          game.history.length + ":" + game.finished;
        if (state !== seen) { window.location.replace(pageUrl); }
      }, function () {});
  }

  window.setInterval(follow, 3000);
})();
