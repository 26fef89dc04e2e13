/* The replay page: a finished game stepped through turn by turn over the server's SVG boards (`/api/replay`).
   Step with the buttons, the turn list, a tap on the board's left or right third, a swipe, or the keys (← →,
   Home, End; B shows the better play of an error turn). Each board shows the dice its turn rolled and the cube
   where it stands after it; a turn with a cube action (double, take, drop) is marked in the turn list. The last
   board too: the game's result is said above the turn's words, not drawn across its dice. */
(function () {
  "use strict";
  var SWIPE = 40;       // CSS px a finger must travel sideways for a swipe
  var tg = window.Telegram && window.Telegram.WebApp;
  var params = new URLSearchParams(location.search);
  var auth = null, game = params.get("game");
  if (params.get("r")) {
    auth = "replay " + params.get("r");
    game = game || params.get("r").split(".")[0];
  } else if (params.get("t")) {
    auth = "link " + params.get("t");
    game = game || params.get("t").split(".")[1];
  } else if (tg && tg.initData) {
    auth = "tma " + tg.initData;
    var start = (tg.initDataUnsafe && tg.initDataUnsafe.start_param) || "";
    game = game || (start.indexOf("replay_") === 0 ? start.slice(7) : start);
  }
  if (tg) { try { tg.ready(); tg.expand(); } catch (e) { /* outside Telegram */ } }

  function $(id) { return document.getElementById(id); }
  var el = { board: $("board"), where: $("where"), status: $("status"), luck: $("luck"), cube: $("cube"),
             result: $("result"), error: $("error"),
             errorText: $("error-text"), better: $("better"), turns: $("turns"), summary: $("summary"),
             hint: $("hint"), first: $("first"), prev: $("prev"), next: $("next"), last: $("last") };
  var cur = null, frames = {}, wanted = null;

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? String(values[k]) : m; });
  }

  function say(text, error) { el.status.textContent = text; el.status.className = error ? "error" : ""; }

  function fetchFrame(i, better) {
    var key = i + (better ? "b" : "");
    if (!frames[key]) {
      var q = "/api/replay?game=" + encodeURIComponent(game || "") + "&turn=" + i + (better ? "&better=1" : "") +
              "&lang=" + encodeURIComponent((navigator.language || "en").slice(0, 2));
      frames[key] = fetch(q, { headers: { "Authorization": auth || "" }, cache: "no-store" }).then(function (r) {
        return r.json().then(function (d) { if (r.status !== 200) { delete frames[key]; throw d; } return d; });
      });
    }
    return frames[key];
  }

  function go(i, better) {
    if (cur) { i = Math.max(0, Math.min(cur.total, i)); }
    wanted = i + (better ? "b" : "");
    var mine = wanted;
    fetchFrame(i, better).then(function (f) {
      if (mine !== wanted) { return; }
      render(f);
      if (f.index < f.total) { fetchFrame(f.index + 1, false); }  // the next step ready before it is asked for
    }, function (d) { say((d && d.error) || (cur ? cur.words.offline : "…"), true); });
  }

  function render(f) {
    var first = !cur;
    cur = f;
    var w = f.words;
    document.documentElement.lang = f.lang;
    document.title = w.replay_title + " · tabla";
    document.documentElement.style.setProperty("--ratio", String(f.size[0] / f.size[1]));
    el.board.innerHTML = f.svg;
    var svg = el.board.querySelector("svg");
    svg.setAttribute("data-turn", String(f.index));
    if (f.better) { svg.setAttribute("data-better", "1"); }
    var t = f.index > 0 ? f.turns[f.index - 1] : null;
    if (t && t.dice) { svg.setAttribute("data-dice", t.dice.join("-")); }
    if (t && t.action) { svg.setAttribute("data-action", t.action); }
    el.where.textContent = fill(w.replay_turn, { n: f.index, total: f.total });
    say(t ? t.n + ". " + t.text : w.replay_start, false);
    el.luck.textContent = t && t.luck !== null ? fill(w.replay_luck, { luck: t.luck }) : "";
    el.cube.textContent = f.cube || "";
    el.cube.hidden = !f.cube;
    el.result.textContent = f.result || "";
    el.result.hidden = !f.result;
    el.error.hidden = !(t && t.error);
    if (t && t.error) {
      el.errorText.textContent = fill(w.replay_error, { loss: t.loss, best: t.best });
      el.better.textContent = f.better ? w.replay_show_played : w.replay_show_better;
      el.better.className = f.better ? "" : "primary";
    }
    el.first.disabled = el.prev.disabled = f.index === 0;
    el.next.disabled = el.last.disabled = f.index === f.total;
    [["first", "replay_first"], ["prev", "replay_back"], ["next", "replay_next"], ["last", "replay_last"]]
      .forEach(function (p) { el[p[0]].title = w[p[1]]; el[p[0]].setAttribute("aria-label", w[p[1]]); });
    if (first) { chips(f); }
    Array.prototype.forEach.call(el.turns.querySelectorAll("button"), function (b, i) {
      b.classList.toggle("current", i + 1 === f.index);
    });
    var on = el.turns.querySelector("button.current");
    if (on && on.scrollIntoView) { on.scrollIntoView({ block: "nearest", inline: "center" }); }
    var errors = f.turns.filter(function (x) { return x.error; }).length;
    el.summary.textContent = f.luck + " " + fill(w.replay_errors, { n: errors }) + ". " + f.judge;
    el.hint.textContent = w.replay_hint;
  }

  /* One button a turn, numbered as /history numbers them; the review's errors stand out. */
  function chips(f) {
    el.turns.textContent = "";
    f.turns.forEach(function (t, i) {
      var li = document.createElement("li"), b = document.createElement("button");
      b.type = "button"; b.textContent = String(t.n); b.title = t.text;
      if (t.error) { b.className = "error"; b.setAttribute("data-error", "1"); }
      if (t.action) { b.classList.add("cube"); b.setAttribute("data-cube", t.action); }
      b.addEventListener("click", function () { go(i + 1, false); });
      li.appendChild(b); el.turns.appendChild(li);
    });
  }

  function step(d) { if (cur) { go(cur.index + d, false); } }

  el.first.addEventListener("click", function () { go(0, false); });
  el.prev.addEventListener("click", function () { step(-1); });
  el.next.addEventListener("click", function () { step(1); });
  el.last.addEventListener("click", function () { if (cur) { go(cur.total, false); } });
  el.better.addEventListener("click", function () { if (cur) { go(cur.index, !cur.better); } });

  document.addEventListener("keydown", function (ev) {
    if (!cur || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var k = ev.key;
    if (k === "ArrowRight" || k === "PageDown") { step(1); }
    else if (k === "ArrowLeft" || k === "PageUp") { step(-1); }
    else if (k === "Home") { go(0, false); }
    else if (k === "End") { go(cur.total, false); }
    else if ((k === "b" || k === "B") && !el.error.hidden) { go(cur.index, !cur.better); }
    else { return; }
    ev.preventDefault();
  });

  /* A tap on the board's left third steps back, on its right third forward; a sideways swipe the same. */
  el.board.addEventListener("click", function (ev) {
    var box = el.board.getBoundingClientRect();
    var x = (ev.clientX - box.left) / Math.max(1, box.width);
    if (x < 1 / 3) { step(-1); } else if (x > 2 / 3) { step(1); }
  });
  var touch = null;
  el.board.addEventListener("touchstart", function (ev) {
    if (ev.touches.length === 1) { touch = { x: ev.touches[0].clientX, y: ev.touches[0].clientY }; }
  }, { passive: true });
  el.board.addEventListener("touchend", function (ev) {
    if (!touch || !ev.changedTouches.length) { return; }
    var dx = ev.changedTouches[0].clientX - touch.x, dy = ev.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) >= SWIPE && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      ev.preventDefault();  // no click after a swipe
      step(dx < 0 ? 1 : -1);
    }
  });
  window.addEventListener("resize", function () { if (cur) { render(cur); } });

  if (!auth || !game) {
    fetch("/api/words?lang=" + encodeURIComponent((navigator.language || "en").slice(0, 2))).then(function (r) {
      return r.json();
    }).then(function (w) { document.documentElement.lang = w.lang; say(w.words.from_chat, true); },
            function () { say("⚠", true); });
    return;
  }
  go(Math.max(0, parseInt(params.get("turn") || "0", 10) || 0), false);
})();
