// The progress line of a pairing computed as a job (events/_pairing_run.html): asks the
// section's pairing status every second, shows the seconds so far, opens the new round
// when it is stored, and reloads the page when the pairing failed or was cancelled.
(function () {
  "use strict";
  var line = document.getElementById("pairing-run");
  if (!line) {
    return;
  }
  var text = document.getElementById("pairing-run-text");
  function ask() {
    fetch(line.dataset.status, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (status) {
        if (status.state === "running") {
          text.textContent = status.text;
          window.setTimeout(ask, 1000);
        } else if (status.state === "done") {
          window.location.assign(status.url);
        } else {
          window.location.reload();
        }
      })
      .catch(function () { window.setTimeout(ask, 3000); });
  }
  window.setTimeout(ask, 1000);
})();
