{% autoescape off %}// The table page's service worker (served by skatclub/club/views/table_app.py as /t/sw.js).
// It keeps the last table page the phone opened and the page's static files, so the page
// opens with no network (or a server that does not answer), even after a reload; saving still
// goes to the server (static/table/main.js keeps the games in its queue until it answers). Only
// the table pages are in its scope.
"use strict";
var CACHE = "{{ cache }}";
var SHELL = [{% for url in shell %}"{{ url }}"{% if not forloop.last %}, {% endif %}{% endfor %}];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf("skatclub-tisch-") === 0 && key !== CACHE;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

// How long the page waits for the network before it opens the copy kept on the phone: a
// server that does not answer must not leave the players before an empty screen.
var PAGE_TIMEOUT_MS = 8000;

function fetchInTime(request) {
  var controller = new AbortController();
  var timer = setTimeout(function () { controller.abort(); }, PAGE_TIMEOUT_MS);
  return fetch(request, { signal: controller.signal }).then(function (response) {
    clearTimeout(timer);
    return response;
  }, function (error) {
    clearTimeout(timer);
    throw error;
  });
}

// The page from the network when there is one (it is always the current list), else the
// copy kept on the phone. A link the server no longer knows is forgotten here too.
function tablePage(request) {
  return fetchInTime(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request.url, copy); });
    } else if (response.status === 404) {
      caches.open(CACHE).then(function (cache) { cache.delete(request.url); });
    }
    return response;
  }).catch(function () {
    return caches.match(request.url, { ignoreVary: true }).then(function (kept) {
      return kept || new Response(
        "<!doctype html><html lang=\"de\"><meta charset=\"utf-8\">" +
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
        "<title>Keine Verbindung</title><h1>Keine Verbindung</h1>" +
        "<p>Diese Tisch-Seite war auf diesem Telefon noch nicht geöffnet. " +
        "Bitte mit Netz noch einmal öffnen.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

// Static files: the kept copy at once, and a fresh one for next time.
function staticFile(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (kept) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
      if (kept) { fresh.catch(function () {}); return kept; }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") { event.respondWith(tablePage(request)); return; }
  if (SHELL.indexOf(url.pathname) !== -1) { event.respondWith(staticFile(request)); }
  // Everything else (the table's state, fragments, saves) goes to the network only: the page
  // itself knows what to do when it fails.
});

// The page asks for its kept copy to be renewed after every change (a save, another phone's
// game), so that an offline reload shows the list as it was last seen.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.refresh && typeof data.refresh === "string") {
    var url = new URL(data.refresh, self.location.href);
    if (url.origin !== self.location.origin) { return; }
    event.waitUntil(fetch(url.href, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) { return; }
      return caches.open(CACHE).then(function (cache) { return cache.put(url.href, response); });
    }).catch(function () {}));
  }
});
{% endautoescape %}
