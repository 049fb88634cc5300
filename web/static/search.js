// The place search as you type: the same matches the form lists after "Find",
// asked of the jurisdictions API. Without JavaScript the form works as is.
(function () {
  var input = document.getElementById("q");
  var list = document.getElementById("live-matches");
  if (!input || !list || !window.fetch) return;
  var timer = null, asked = "";
  // words in the page's language (data-words, on a page not in English) with {fields} to fill
  var said = input.dataset.words ? JSON.parse(input.dataset.words) : null;
  function fill(text, fields) { return text.replace(/\{(\w+)\}/g, function (_, k) { return fields[k]; }); }
  function counties(names) {
    if (!said) return names.join(" and ") + (names.length > 1 ? " Counties" : " County");
    if (names.length === 1) return fill(said.county, { name: names[0] });
    return fill(said.counties, { names: fill(said.and, { some: names.slice(0, -1).join(", "), last: names[names.length - 1] }) });
  }
  function show(items, total) {
    list.textContent = "";
    items.forEach(function (p) {
      var li = document.createElement("li"), a = document.createElement("a"), hint = document.createElement("span");
      a.href = "/?jurisdiction=" + encodeURIComponent(p.id) + (input.dataset.lang ? "&lang=" + input.dataset.lang : "");
      a.textContent = p.name;
      hint.className = "hint";
      var kind = p.kind && (said && said.kinds[p.kind] || p.kind.replace(/-/g, " "));
      hint.textContent = " " + [kind, p.counties.length ? counties(p.counties) : null, p.state].filter(Boolean).join(", ");
      li.appendChild(a); li.appendChild(hint); list.appendChild(li);
    });
    if (total > items.length) {
      var more = document.createElement("li");
      more.className = "hint";
      more.textContent = said ? fill(said.more, { count: total }) : total + " places match: press Find to list more, or add a word.";
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
