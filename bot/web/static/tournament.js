/* A tournament on the board page: its table or bracket, and the matches going on (the viewer's own first),
   each a link to its board. Read again every half minute. */
(function () {
  "use strict";
  var tg = window.Telegram && window.Telegram.WebApp;
  var params = new URLSearchParams(location.search);
  var id = params.get("id") || "";
  var auth = params.get("t") ? "tournament " + params.get("t") : (tg && tg.initData ? "tma " + tg.initData : "");
  if (tg) { try { tg.ready(); tg.expand(); } catch (e) { /* outside Telegram */ } }
  var el = function (name) { return document.getElementById(name); };

  function show(data) {
    el("title").textContent = data.title;
    var table = el("table");
    table.textContent = "";
    if (data.picture) {
      var img = document.createElement("img");
      img.src = data.picture;
      img.alt = data.title;
      table.appendChild(img);
    }
    el("heading").textContent = data.heading;
    var list = el("matches");
    list.textContent = "";
    data.matches.forEach(function (m) {
      var a = document.createElement(m.url ? "a" : "span");
      if (m.url) { a.href = m.url; }
      a.textContent = m.label;
      a.dataset.game = m.game;
      if (m.mine) { a.className = "mine"; }
      list.appendChild(a);
    });
    el("lines").textContent = data.lines.join("\n");
  }

  function load() {
    var lang = (tg && tg.initDataUnsafe && tg.initDataUnsafe.user && tg.initDataUnsafe.user.language_code) ||
      navigator.language || "";
    fetch("/api/tournament?id=" + encodeURIComponent(id) + "&lang=" + encodeURIComponent(lang.slice(0, 2)),
          { headers: { "Authorization": auth }, cache: "no-store" })
      .then(function (r) { return r.json().then(function (d) { return { status: r.status, data: d }; }); })
      .then(function (r) {
        if (r.status !== 200) { el("title").textContent = r.data.error || "error"; return; }
        show(r.data);
      })
      .catch(function () { el("title").textContent = "…"; });
  }
  load();
  setInterval(load, 30000);
}());
