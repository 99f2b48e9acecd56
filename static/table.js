// Entry at the table (the page behind a table's link), on the players' own phones.
//
// Without JavaScript every form posts normally and the server answers with whole pages. With
// it: "Weiter" asks the server to read the game back (the value always comes from the server's
// engine, never from here), "Ja" saves it, and only the parts that changed are swapped in.
// When the phone has no connection, a confirmed game is kept in localStorage and sent later,
// in order, each as a new game (the server refuses a number that is taken meanwhile: that
// conflict is shown here and nothing is overwritten).
(function () {
  "use strict";
  var page = document.getElementById("table-page");
  if (!page || !window.fetch || !window.FormData || !window.localStorage) { return; }

  var statusBox = document.getElementById("table-status");
  var totalsBox = document.getElementById("table-totals");
  var entry = document.getElementById("eingabe");
  var readbackBox = document.getElementById("readback");
  var pendingBox = document.getElementById("pending");
  var gameForm = document.getElementById("game-form");
  var lineForm = document.getElementById("line-form");
  var schedule = JSON.parse(document.getElementById("table-schedule").textContent || "{}");
  var queueKey = "skatclub-tisch-" + page.dataset.token;
  var sending = false;
  var retryTimer = null;

  // --- the queue of games confirmed while offline -------------------------------------------

  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; }
  }
  function saveQueue(queue) { localStorage.setItem(queueKey, JSON.stringify(queue)); }

  function serverNext() {
    var status = statusBox.querySelector(".status");
    var next = status ? parseInt(status.dataset.next, 10) : NaN;
    return isNaN(next) ? null : next;
  }

  function nextNumber() {
    var queue = loadQueue();
    if (queue.length) { return queue[queue.length - 1].number + 1; }
    return serverNext();
  }

  function renderQueue() {
    var queue = loadQueue();
    pendingBox.textContent = "";
    pendingBox.hidden = queue.length === 0;
    if (!queue.length) { return; }
    var title = document.createElement("h2");
    title.textContent = "Noch nicht gesendet (" + queue.length + ")";
    pendingBox.appendChild(title);
    var note = document.createElement("p");
    note.textContent = queue[0].conflict ? "Das erste Spiel wurde abgelehnt; bitte ansehen." :
      "Diese Spiele sind auf dem Handy gespeichert und werden gesendet, sobald das Netz wieder da ist.";
    pendingBox.appendChild(note);
    var list = document.createElement("ul");
    queue.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = item.text;
      if (item.conflict) {
        var why = document.createElement("p");
        why.className = "conflict";
        why.setAttribute("role", "alert");
        why.textContent = item.conflict;
        li.appendChild(why);
        var drop = document.createElement("button");
        drop.type = "button";
        drop.className = "danger";
        drop.textContent = "Diese Eingabe verwerfen";
        drop.addEventListener("click", function () {
          var rest = loadQueue().slice(1);
          rest.forEach(function (later, i) { later.number = (serverNext() || 1) + i; });
          saveQueue(rest);
          renderQueue();
          showNext();
          sendQueue();
        });
        li.appendChild(drop);
      }
      list.appendChild(li);
    });
    pendingBox.appendChild(list);
  }

  function csrfToken() {
    var field = page.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function sendQueue() {
    var queue = loadQueue();
    if (sending || !queue.length || queue[0].conflict) { return; }
    sending = true;
    var item = queue[0];
    var body = new URLSearchParams(item.body);
    body.set("csrfmiddlewaretoken", csrfToken());
    body.set("number", String(item.number));
    post(page.dataset.saveUrl, body).then(function (answer) {
      sending = false;
      if (answer.status === 200) {
        saveQueue(loadQueue().slice(1));
        swapStatus(answer.html);
        renderQueue();
        showNext();
        sendQueue();
        return;
      }
      var rest = loadQueue();
      rest[0].conflict = errorText(answer.html) ||
        "Der Server hat dieses Spiel abgelehnt (" + answer.status + ").";
      saveQueue(rest);
      renderQueue();
    }).catch(function () {
      sending = false;
      scheduleRetry();
    });
  }

  function scheduleRetry() {
    if (retryTimer) { return; }
    retryTimer = window.setTimeout(function () { retryTimer = null; sendQueue(); }, 3000);
  }

  // --- talking to the server ----------------------------------------------------------------

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      body: body,
      headers: { "X-Entry-Partial": "1" },
      credentials: "same-origin"
    }).then(function (response) {
      return response.text().then(function (html) {
        return { status: response.status, html: html };
      });
    });
  }

  function errorText(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var error = holder.querySelector(".error");
    return error ? error.textContent.trim() : "";
  }

  function swapStatus(html) {
    statusBox.innerHTML = html;
    var bar = statusBox.querySelector(".totals-bar");
    if (bar) { totalsBox.replaceChildren(bar); }
    var status = statusBox.querySelector(".status");
    entry.hidden = !status || status.dataset.open !== "ja";
  }

  function showReadback(html, offline) {
    readbackBox.innerHTML = html;
    var box = readbackBox.querySelector(".readback");
    if (!box) { return; }
    if (offline) { box.classList.add("offline"); }
    box.scrollIntoView({ block: "start" });
    var yes = box.querySelector("button");
    (yes || box).focus();
  }

  // --- the form follows the game number (also offline: the schedule came from the server) ---

  function showNext() {
    var number = nextNumber();
    var next = schedule[String(number)];
    page.querySelectorAll("input[data-number]").forEach(function (input) {
      input.value = number === null ? "" : String(number);
    });
    var label = page.querySelector("[data-next-number]");
    if (label) { label.textContent = String(number); }
    var dealer = page.querySelector("[data-dealer]");
    if (dealer && next) { dealer.textContent = next.dealer_text; }
    gameForm.querySelectorAll("input[name=declarer]").forEach(function (input) {
      input.disabled = !!next && next.playing.indexOf(parseInt(input.value, 10)) === -1;
    });
    if (next === undefined && loadQueue().length) { entry.hidden = true; }
  }

  function resetForms() {
    gameForm.reset();
    lineForm.reset();
    lineForm.querySelector("#id_line").value = "";
    showNext();
  }

  // The read-back without a connection: the player's own choices in words, no value.
  function offlineSentence(form) {
    var number = nextNumber();
    var line = form.querySelector("#id_line");
    if (line) { return "Spiel " + number + ": " + line.value.trim(); }
    var words = [];
    var said = {};
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.dataset.say && input.offsetParent !== null) { said[input.name] = input.dataset.say; }
    });
    if (said.type === "eingepasst") { return "Spiel " + number + ": eingepasst"; }
    ["declarer", "type", "direction", "spitzen", "hand", "ouvert", "schneider_announced",
      "schwarz_announced", "kontra", "re", "result", "level"].forEach(function (name) {
      if (said[name]) { words.push(said[name] + (name === "declarer" ? "," : "")); }
    });
    return "Spiel " + number + ": " + words.join(" ");
  }

  function offlineReadback(form) {
    var sentence = offlineSentence(form);
    var html = '<section class="readback" tabindex="-1"><h2>Keine Verbindung</h2>' +
      '<p class="say"></p><p>Der Wert wird berechnet, sobald das Netz wieder da ist.</p>' +
      '<div class="readback-actions"><button type="button" class="primary big" data-keep>' +
      "Ja, richtig – auf dem Handy merken</button>" +
      '<a class="button secondary big" href="#eingabe" data-cancel>Nein, ändern</a></div></section>';
    showReadback(html, true);
    readbackBox.querySelector(".say").textContent = sentence + " — richtig?";
    readbackBox.querySelector("[data-keep]").addEventListener("click", function () {
      var queue = loadQueue();
      var body = new URLSearchParams(new FormData(form));
      queue.push({ number: nextNumber(), body: body.toString(), text: sentence });
      saveQueue(queue);
      readbackBox.textContent = "";
      resetForms();
      renderQueue();
      scheduleRetry();
    });
  }

  // --- events ---------------------------------------------------------------------------------

  page.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-game-form")) {
      event.preventDefault();
      form.querySelector("input[data-number]").value = String(nextNumber());
      if (loadQueue().length) { offlineReadback(form); return; }  // keep the order
      post(page.dataset.previewUrl, new FormData(form)).then(function (answer) {
        showReadback(answer.html, false);
      }).catch(function () { offlineReadback(form); });
    } else if (form.hasAttribute("data-save")) {
      event.preventDefault();
      var body = new FormData(form);
      var sentence = (readbackBox.querySelector(".say") || {}).textContent || "";
      post(form.action, body).then(function (answer) {
        if (answer.status === 200) {
          swapStatus(answer.html);
          readbackBox.textContent = "";
          resetForms();
          document.getElementById("stand").scrollIntoView({ block: "start" });
        } else {
          showReadback(answer.html, false);
        }
      }).catch(function () {
        var queue = loadQueue();
        queue.push({ number: parseInt(body.get("number"), 10),
          body: new URLSearchParams(body).toString(), text: sentence.replace(/ — richtig\?$/, "") });
        saveQueue(queue);
        readbackBox.textContent = "";
        resetForms();
        renderQueue();
        scheduleRetry();
      });
    } else if (form.hasAttribute("data-status-form")) {
      event.preventDefault();
      post(form.action, new FormData(form)).then(function (answer) {
        if (answer.status === 200) {
          swapStatus(answer.html);
          readbackBox.textContent = "";
          resetForms();
        } else {
          showReadback(answer.html, false);
        }
      }).catch(function () {
        showReadback('<section class="readback offline"><p class="error" role="alert">' +
          "Keine Verbindung: bitte gleich noch einmal versuchen.</p></section>", true);
      });
    }
  });

  page.addEventListener("click", function (event) {
    var cancel = event.target.closest("[data-cancel]");
    if (!cancel) { return; }
    event.preventDefault();
    readbackBox.textContent = "";
    var first = gameForm.querySelector("input:checked") || gameForm.querySelector("input[type=radio]");
    gameForm.scrollIntoView({ block: "start" });
    if (first) { first.focus(); }
  });

  window.addEventListener("online", sendQueue);
  window.setInterval(sendQueue, 5000);
  renderQueue();
  showNext();
  sendQueue();
})();
