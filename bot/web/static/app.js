/* The board page: plain JavaScript over the server's SVG board. The server decides what is legal (the engine's
   builder); the page only keeps the single moves picked so far and sends them back with every step. */
(function () {
  "use strict";
  var POINT = "0123456789abcdefghijklmnopq";
  var POLL_MS = 3000;
  var TOUCH = 44;       // the least width and height of anything tapped, in CSS px
  var SVG = "http://www.w3.org/2000/svg";
  var tg = window.Telegram && window.Telegram.WebApp;
  var params = new URLSearchParams(location.search);
  var token = params.get("t");
  var auth = null;
  var game = params.get("game");
  if (token) {
    auth = "link " + token;
    game = game || token.split(".")[1];
  } else if (tg && tg.initData) {
    auth = "tma " + tg.initData;
    game = game || (tg.initDataUnsafe && tg.initDataUnsafe.start_param);
  }
  if (!token && /^replay_/.test(String(game || ""))) {  // a group's link to a finished game's replay
    location.replace("/replay" + location.search + location.hash);
    return;
  }
  if (tg) { try { tg.ready(); tg.expand(); } catch (e) { /* outside Telegram */ } }

  var el = {
    board: document.getElementById("board"), status: document.getElementById("status"),
    choices: document.getElementById("choices"), undo: document.getElementById("undo"),
    confirm: document.getElementById("confirm"), asks: document.getElementById("asks"),
    worth: document.getElementById("worth"), exported: document.getElementById("export")
  };
  var cur = null;       // the last state from the server
  var picked = "";      // the single moves picked so far, packed as the buttons pack them
  var selected = null;  // the point of the checker tapped, waiting for a destination
  var busy = false;

  function say(text, error) {
    el.status.textContent = text;
    el.status.className = error ? "error" : "";
  }

  function call(method, path, body) {
    var opts = { method: method, headers: { "Authorization": auth || "" }, cache: "no-store" };
    if (body) { opts.body = JSON.stringify(body); opts.headers["Content-Type"] = "application/json"; }
    return fetch(path, opts).then(function (r) {
      return r.json().then(function (data) { return { status: r.status, data: data }; });
    });
  }

  function load(newPicked) {
    var q = "/api/state?game=" + encodeURIComponent(game || "") + "&picked=" + encodeURIComponent(newPicked);
    busy = true;
    /* A step the server cannot answer keeps the moves made so far and lets go of the checker picked, so the
       next tap starts afresh. */
    function failed(text) {
      busy = false;
      selected = null;
      if (cur) { render(cur); }
      say(text, true);
    }
    return call("GET", q).then(function (r) {
      if (r.status !== 200) { failed(r.data.error || "error"); return; }
      busy = false;
      picked = r.data.stale ? "" : newPicked;
      selected = null;
      render(r.data);
    }, function () { failed(cur ? cur.words.offline : "…"); });
  }

  function name(p) { return p === 25 ? "bar" : p === 0 ? "off" : String(p); }

  function sources(s) {
    var seen = {}, out = [];
    s.moves.forEach(function (m) { if (!seen[m.from]) { seen[m.from] = 1; out.push(m.from); } });
    return out;
  }

  function render(s) {
    if (!cur && window.performance && performance.mark) { performance.mark("tabla-board"); }
    cur = s;
    document.documentElement.lang = s.lang;
    document.documentElement.style.setProperty("--ratio", String(s.size[0] / s.size[1]));
    el.board.innerHTML = s.svg;
    var svg = el.board.querySelector("svg");
    svg.setAttribute("data-version", String(s.version));
    var hits = document.createElementNS(SVG, "g");
    hits.setAttribute("id", "hits");
    svg.appendChild(hits);
    el.choices.textContent = "";
    var interactive = s.mine && s.forced === null;
    if (interactive) {
      if (selected === null) {
        sources(s).forEach(function (p) {
          mark(hits, s, p, "src", null);
          choice(name(p) + "/…", function () { pick(p); });
        });
      } else {
        mark(hits, s, selected, "sel", null);
        var done = {};
        s.moves.forEach(function (m) {
          if (m.from !== selected) { return; }
          if (!done[m.to]) { done[m.to] = 1; mark(hits, s, m.to, "dst", m); }
          choice(m.notation + " (" + m.die + ")", function () { move(m); });
        });
      }
    }
    asks(s);
    var status = s.status;
    if (interactive && selected !== null) { status = s.words.pick_dest; }
    if (interactive && s.play && picked) { status = s.words.complete.replace("{play}", s.play); }
    if ((s.mine || (s.asks || []).length) && s.left !== null && s.left !== undefined) { status += " · " + left(s); }
    say(status, false);
    el.undo.hidden = !interactive || (!picked && selected === null);
    el.undo.textContent = s.words.undo;
    el.confirm.hidden = !interactive || !s.play || !picked;
    el.confirm.textContent = s.words.confirm.replace("{play}", s.play || "");
    el.exported.textContent = s.words.export;
    el.exported.hidden = false;
  }

  /* The game's file (/export): fetched with the page's credentials, then saved under the server's name. */
  el.exported.addEventListener("click", function (ev) {
    ev.preventDefault();
    if (!cur) { return; }
    fetch("/api/export?game=" + encodeURIComponent(cur.game), { headers: { "Authorization": auth || "" },
                                                               cache: "no-store" }).then(function (r) {
      if (r.status !== 200) { throw new Error("refused"); }
      var m = /filename="([^"]+)"/.exec(r.headers.get("Content-Disposition") || "");
      return r.blob().then(function (b) { return { blob: b, name: m ? m[1] : "tabla.txt" }; });
    }).then(function (f) {
      var a = document.createElement("a");
      a.href = URL.createObjectURL(f.blob);
      a.download = f.name;
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    }, function () { say(cur.words.offline, true); });
  });

  /* Roll and Double (R-CUBE-2), or Take and Drop with what the double is worth (R-CUBE-3): only for the player
     the game waits on; the server says whom it waits on to everyone else. */
  function asks(s) {
    el.asks.textContent = "";
    el.worth.textContent = "";
    (s.worth || []).forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      el.worth.appendChild(p);
    });
    (s.asks || []).forEach(function (a, i) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = a.label;
      b.setAttribute("data-verb", a.verb);
      if (i === 0) { b.className = "primary"; }
      b.addEventListener("click", function () { press(a.verb); });
      el.asks.appendChild(b);
    });
  }

  function left(s) {
    var h = Math.floor(s.left / 3600);
    var t = h >= 1 ? s.words.hours.replace("{n}", h)
                   : s.words.minutes.replace("{n}", Math.max(1, Math.ceil(s.left / 60)));
    return s.words.left.replace("{time}", t);
  }

  function boxes(s, p) {
    return s.targets.filter(function (t) { return t.point === p; });
  }

  /* A place that can be tapped is drawn as its column (`mark`) under a hit area (`hit`) at least TOUCH CSS px
     wide and tall: on a phone a point is narrower than a finger, so its hit area reaches past its column and a
     tap goes to the nearest candidate whose hit area holds it (see the board's click handler). */
  function scale() {
    var svg = el.board.querySelector("svg");
    var w = svg ? svg.getBoundingClientRect().width : 0;
    return w > 0 && cur ? w / cur.size[0] : 1;
  }

  function widened(b) {
    var min = (TOUCH + 1) / scale();
    var w = Math.max(b[2] - b[0], min), h = Math.max(b[3] - b[1], min);
    var cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
    return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2];
  }

  function rect(layer, b, cls) {
    var r = document.createElementNS(SVG, "rect");
    r.setAttribute("x", b[0]); r.setAttribute("y", b[1]);
    r.setAttribute("width", b[2] - b[0]); r.setAttribute("height", b[3] - b[1]);
    r.setAttribute("class", cls);
    layer.appendChild(r);
    return r;
  }

  function mark(layer, s, p, kind, m) {
    boxes(s, p).forEach(function (t) {
      var b = t.box;
      rect(layer, b, "mark " + kind).setAttribute("rx", 10);
      var r = rect(layer, widened(b), "hit " + kind);
      r.setAttribute("data-point", String(p));
      if (m) { r.setAttribute("data-die", String(m.die)); }
      if (m && m.hit) { r.setAttribute("data-hit", "1"); }
      if (kind === "dst") {
        var cx = (b[0] + b[2]) / 2, cy = b[1] < 444 ? b[1] + 30 : b[3] - 30;
        var c = document.createElementNS(SVG, "circle");
        c.setAttribute("cx", cx); c.setAttribute("cy", cy); c.setAttribute("r", 24);
        c.setAttribute("class", "badge-bg");
        var tx = document.createElementNS(SVG, "text");
        tx.setAttribute("x", cx); tx.setAttribute("y", cy); tx.setAttribute("class", "badge");
        tx.setAttribute("text-anchor", "middle"); tx.setAttribute("dominant-baseline", "central");
        tx.textContent = String(m.die);
        layer.appendChild(c); layer.appendChild(tx);
      }
    });
  }

  function choice(label, fn) {
    var b = document.createElement("button");
    b.type = "button"; b.textContent = label;
    b.addEventListener("click", fn);
    el.choices.appendChild(b);
  }

  function pick(p) { selected = p; render(cur); }

  function move(m) {
    if (busy) { return; }
    load(picked + POINT[m.from] + POINT[m.to] + m.die);
  }

  /* A tap on the board goes to the place that can be tapped now (a source, or a destination of the checker
     picked) whose hit area holds it; where hit areas overlap (neighbouring narrow points on a phone), to the one
     whose column is nearest, a destination before a source. A tap elsewhere lets go of the checker picked. */
  el.board.addEventListener("click", function (ev) {
    var s = cur;
    var svg = el.board.querySelector("svg");
    if (!s || !svg || !s.mine || s.forced !== null || busy) { return; }
    var pt = svg.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
    var at = pt.matrixTransform(svg.getScreenCTM().inverse());
    var cands = [];
    if (selected !== null) {
      s.moves.forEach(function (m) { if (m.from === selected) { cands.push({ p: m.to, move: m }); } });
    }
    sources(s).forEach(function (p) { if (p !== selected) { cands.push({ p: p, move: null }); } });
    var best = null, bestD = Infinity;
    cands.forEach(function (c) {
      boxes(s, c.p).forEach(function (t) {
        var b = t.box, w = widened(b);
        if (at.x < w[0] || at.x > w[2] || at.y < w[1] || at.y > w[3]) { return; }
        var dx = Math.max(b[0] - at.x, 0, at.x - b[2]), dy = Math.max(b[1] - at.y, 0, at.y - b[3]);
        var d = Math.sqrt(dx * dx + dy * dy) + (c.move ? 0 : 0.5);
        if (d < bestD) { bestD = d; best = c; }
      });
    });
    if (!best) { if (selected !== null) { selected = null; render(s); } return; }
    if (best.move) { move(best.move); } else { pick(best.p); }
  });

  window.addEventListener("resize", function () { if (cur) { render(cur); } });

  el.undo.addEventListener("click", function () {
    if (selected !== null) { selected = null; render(cur); return; }
    if (picked) { load(picked.slice(0, -3)); }
  });

  /* A press the server acts on (Confirm, a cube answer), sent with the version it was drawn at: the answer's
     state is drawn, and a refusal (a page left open from an older turn, a double tap) said under it. */
  function send(path, body, buttons) {
    if (!cur || busy) { return; }
    busy = true;
    buttons.forEach(function (b) { b.disabled = true; });
    function done() { busy = false; buttons.forEach(function (b) { b.disabled = false; }); }
    call("POST", path, body).then(function (r) {
      done();
      picked = ""; selected = null;
      if (r.data.state) { render(r.data.state); }
      if (r.status === 200) {
        if (tg && tg.HapticFeedback) { try { tg.HapticFeedback.notificationOccurred("success"); } catch (e) {} }
      } else {
        say(r.data.error || "error", true);
      }
    }, function () { done(); say(cur.words.offline, true); });
  }

  function press(verb) {
    send("/api/cube", { game: cur.game, version: cur.version, verb: verb },
         Array.prototype.slice.call(el.asks.querySelectorAll("button")));
  }

  el.confirm.addEventListener("click", function () {
    if (!cur || !picked) { return; }
    send("/api/confirm", { game: cur.game, version: cur.version, picked: picked }, [el.confirm]);
  });

  /* Live: server-sent events read with fetch (EventSource cannot send the Authorization header); each event
     names the game's version, and a new one fetches the state. While no stream is open (none yet, refused,
     broken, or no streaming fetch in this browser) the page polls every POLL_MS; a broken stream is retried
     after a growing pause, an ended one (the server closes each after a few minutes) at once. */
  var live = "poll", failures = 0;

  function setLive(mode) { live = mode; document.body.setAttribute("data-live", mode); }

  function refresh() {
    if (busy || !cur) { return; }
    var q = "/api/state?game=" + encodeURIComponent(game || "") + "&since=" + cur.version;
    call("GET", q).then(function (r) {
      if (r.status === 200 && !r.data.same && !busy) { picked = ""; selected = null; render(r.data); }
    }, function () {});
  }

  function poll() { if (!document.hidden && live !== "sse") { refresh(); } }

  function onEvent(text) {
    text.split("\n").forEach(function (line) {
      if (line.indexOf("data:") !== 0) { return; }
      try {
        var v = JSON.parse(line.slice(5)).version;
        if (cur && v !== cur.version) { refresh(); }
      } catch (e) { /* not ours */ }
    });
  }

  function listen() {
    if (!cur || cur.over || !window.fetch || !window.ReadableStream || !window.TextDecoder) { return; }
    var opened = false;
    fetch("/api/events?game=" + encodeURIComponent(game || "") + "&since=" + cur.version,
          { headers: { "Authorization": auth || "" }, cache: "no-store" }).then(function (r) {
      if (r.status !== 200 || !r.body) { throw new Error("no stream"); }
      opened = true; failures = 0; setLive("sse");
      var reader = r.body.getReader(), dec = new TextDecoder(), buf = "";
      function next() {
        return reader.read().then(function (x) {
          if (x.done) { return; }
          buf += dec.decode(x.value, { stream: true });
          var i;
          while ((i = buf.indexOf("\n\n")) >= 0) { onEvent(buf.slice(0, i)); buf = buf.slice(i + 2); }
          return next();
        });
      }
      return next();
    }).catch(function () { opened = false; }).then(function () {
      setLive("poll");
      if (!opened) { failures += 1; }
      refresh();
      setTimeout(listen, opened ? 1000 : Math.min(60000, 3000 * Math.pow(2, failures)));
    });
  }

  if (!auth || !game) {
    say("…", true);
    fetch("/api/words?lang=" + encodeURIComponent((navigator.language || "en").slice(0, 2))).then(function (r) {
      return r.json();
    }).then(function (w) { document.documentElement.lang = w.lang; say(w.words.from_chat, true); },
            function () { say("⚠", true); });
    return;
  }
  setLive("poll");
  load("").then(listen);
  setInterval(poll, POLL_MS);
})();
