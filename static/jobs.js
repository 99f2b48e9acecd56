// A background job's progress (templates/club/job_progress.html): asks the job's state once a
// second and writes it into the fragment; once the job has succeeded the page reloads (where
// data-job-reload is set, the page itself then shows the result or the PDF). Plain polling:
// one small JSON request a second while somebody looks.
"use strict";
(function () {
  const POLL_MS = 1000;
  const fields = ["status_text", "step", "count", "elapsed", "left", "result_text", "error"];

  function show(section, state) {
    for (const name of fields) {
      const element = section.querySelector('[data-job="' + name + '"]');
      if (!element) continue;
      element.textContent = state[name] || "";
      if (name === "result_text" || name === "error") element.hidden = !state[name];
    }
    const bar = section.querySelector('[data-job="percent"]');
    if (bar) {
      if (state.percent === null) bar.removeAttribute("value");
      else bar.value = state.percent;
      bar.hidden = state.finished;
    }
    const cancel = section.querySelector(".job-cancel");
    if (cancel) cancel.hidden = !state.cancellable;
  }

  function follow(section) {
    const url = section.dataset.jobState;
    const tick = function () {
      fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.json();
        })
        .then(function (state) {
          show(section, state);
          if (state.finished) {
            // Only a job that succeeded: a failed one keeps its reason on the page.
            if (section.dataset.jobReload && state.status === "done") window.location.reload();
            return;
          }
          window.setTimeout(tick, POLL_MS);
        })
        .catch(function () {
          // The server is restarting or the network is away: keep asking, a little slower.
          window.setTimeout(tick, POLL_MS * 3);
        });
    };
    window.setTimeout(tick, POLL_MS);
  }

  for (const section of document.querySelectorAll("section.job[data-job-state]")) {
    if (section.dataset.jobFinished !== "1") follow(section);
  }
})();
