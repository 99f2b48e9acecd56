// Pages that update themselves (the Spielwart's Serie board, the projector in the club room).
//
// An element with data-live="URL" is refreshed every data-live-every seconds: the same URL is
// fetched with the header X-Live and the answer (an HTML fragment) replaces its content. The
// server never pushes; a failed fetch is simply tried again next time. With data-rotate-every,
// the element's [data-page] sections are shown one at a time, turning every so many seconds.
(function () {
  "use strict";
  if (!window.fetch) { return; }

  function rotate(box) {
    var pages = box.querySelectorAll("[data-page]");
    if (pages.length < 2) {
      pages.forEach(function (page) { page.hidden = false; });
      return;
    }
    var current = parseInt(box.dataset.current || "0", 10) % pages.length;
    pages.forEach(function (page, i) { page.hidden = i !== current; });
  }

  function live(box) {
    var every = parseFloat(box.dataset.liveEvery || "10") * 1000;
    var turning = parseFloat(box.dataset.rotateEvery || "0") * 1000;
    function refresh() {
      if (document.hidden) { return; }
      fetch(box.dataset.live, { headers: { "X-Live": "1" }, credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok || response.redirected) { throw new Error(String(response.status)); }
          return response.text();
        })
        .then(function (html) {
          box.innerHTML = html;
          box.dataset.refreshed = String(Date.now());
          if (turning) { rotate(box); }
        })
        .catch(function () { box.dataset.stale = "1"; });
    }
    window.setInterval(refresh, every);
    if (turning) {
      rotate(box);
      window.setInterval(function () {
        box.dataset.current = String(parseInt(box.dataset.current || "0", 10) + 1);
        rotate(box);
      }, turning);
    }
  }

  document.querySelectorAll("[data-live]").forEach(live);
})();
