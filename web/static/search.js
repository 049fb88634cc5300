// The place search as you type: the same matches the form lists after "Find",
// asked of the jurisdictions API. Without JavaScript the form works as is.
(function () {
  var input = document.getElementById("q");
  var list = document.getElementById("live-matches");
  if (!input || !list || !window.fetch) return;
  var timer = null, asked = "";
  function show(items, total) {
    list.textContent = "";
    items.forEach(function (p) {
      var li = document.createElement("li"), a = document.createElement("a"), hint = document.createElement("span");
      a.href = "/?jurisdiction=" + encodeURIComponent(p.id);
      a.textContent = p.name;
      hint.className = "hint";
      hint.textContent = " " + [p.kind && p.kind.replace(/-/g, " "), p.counties.length ? p.counties.join(" and ") + (p.counties.length > 1 ? " Counties" : " County") : null, p.state].filter(Boolean).join(", ");
      li.appendChild(a); li.appendChild(hint); list.appendChild(li);
    });
    if (total > items.length) {
      var more = document.createElement("li");
      more.className = "hint";
      more.textContent = total + " places match: press Find to list more, or add a word.";
      list.appendChild(more);
    }
    list.hidden = items.length === 0;
  }
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var q = input.value.trim();
      if (q === asked) return;
      asked = q;
      if (q.length < 2) { show([], 0); return; }
      fetch(input.dataset.api + "?limit=10&q=" + encodeURIComponent(q))
        .then(function (r) { return r.ok ? r.json() : { items: [], total: 0 }; })
        .then(function (data) { if (asked === q) show(data.items, data.total); })
        .catch(function () { show([], 0); });
    }, 150);
  });
})();
