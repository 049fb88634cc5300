// The embed (/embed/<id>) tells the page around it how tall its content is, so
// that the frame can fit it: the embed code (web/form.py embed_code) listens.
// A host that strips scripts keeps the advised height, which fits at 320 px.
(function () {
  "use strict";
  if (window.parent === window) return;
  var last = 0;
  function send() {
    var body = document.body, style = getComputedStyle(body);
    var height = Math.ceil(body.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
    if (height !== last) {
      last = height;
      window.parent.postMessage({deadlinesEmbedHeight: height}, "*");
    }
  }
  window.addEventListener("load", send);
  window.addEventListener("resize", send);
  if (window.ResizeObserver) new ResizeObserver(send).observe(document.body);
})();
