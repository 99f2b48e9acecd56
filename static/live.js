// Pages that update themselves (the Spielwart's Serie board, the projector in the club room).
//
// An element with data-live="URL" is refreshed every data-live-every seconds: the same URL is
// fetched with the header X-Live and the answer (an HTML fragment) replaces its content. The
// fetch is conditional: it sends the ETag of the fragment it shows (If-None-Match), and the
// server answers 304 while nothing changed, so asking every second costs almost nothing and a
// saved game shows within a second or two. The server never pushes; a failed fetch is simply
// tried again next time, and a page that comes back into view asks at once. With
// data-rotate-every, the element's [data-page] sections are shown one at a time, turning every
// so many seconds.
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
    var every = parseFloat(box.dataset.liveEvery || "2") * 1000;
    var turning = parseFloat(box.dataset.rotateEvery || "0") * 1000;
    var shown = "";  // the ETag of the fragment on the page
    var asking = false;  // one request at a time: a slow answer is not overtaken
    function refresh() {
      if (document.hidden || asking) { return; }
      asking = true;
      var headers = { "X-Live": "1" };
      if (shown) { headers["If-None-Match"] = shown; }
      // no-store: the 304 comes to us instead of being answered from the browser's cache.
      fetch(box.dataset.live, { headers: headers, credentials: "same-origin", cache: "no-store" })
        .then(function (response) {
          if (response.status === 304) { return null; }
          if (!response.ok || response.redirected) { throw new Error(String(response.status)); }
          var tag = response.headers.get("ETag") || "";
          return response.text().then(function (html) { return { html: html, tag: tag }; });
        })
        .then(function (answer) {
          box.dataset.refreshed = String(Date.now());
          delete box.dataset.stale;
          if (!answer) { return; }
          box.innerHTML = answer.html;
          shown = answer.tag;
          if (turning) { rotate(box); }
        })
        .catch(function () { box.dataset.stale = "1"; })
        .then(function () { asking = false; });
    }
    window.setInterval(refresh, every);
    document.addEventListener("visibilitychange", refresh);
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
