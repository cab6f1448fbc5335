/* A round page's results without reloading the page: the individual round page
   (crosstable_web.events.views.round_page) and the team round page
   (crosstable_web.teams.views.round_page), whose boards are keyed "table.board" (3.2).

   Progressive enhancement: without this script the same forms post and the page reloads.
   With it, each entry is posted in the background (Accept: application/json) and the answer
   (every board's result cell, the progress, the undo, the messages, or the question a change
   asks first) is put in place. Entries are sent one after another, each once; while a
   question waits, the next entries wait too.

   Keyboard: a result alone (1, =, 0, 2-0 …) goes to the current board (highlighted, named
   beside the box); Enter sends it and moves to the next board; Enter on an empty box, the
   arrow keys ↓ and ↑ move without entering; "12 1" enters board 12 and moves past it.
   A question (a stored result replaced) takes Enter to confirm and Escape to cancel.

   The page names its parts: #boards (data-result-url) holds rows tr.board (data-board: the
   board's key, data-label: how the page writes it, data-players) with a td.result cell;
   #result-form (#id_entry, #id_current, #current-board), #result-ask, #round-status. The
   answer may carry "parts": other elements (by id) as they now stand, replaced whole (a team
   match's score line). A form marked data-reloads posts and reloads as usual. */
(function () {
  "use strict";
  var table = document.getElementById("boards");
  var form = document.getElementById("result-form");
  if (!table || !form || !window.fetch || !window.FormData || !table.dataset.resultUrl) {
    return;
  }
  var url = new URL(table.dataset.resultUrl, window.location.href).pathname;
  var entry = document.getElementById("id_entry");
  var currentField = document.getElementById("id_current");
  var currentLabel = document.getElementById("current-board");
  var askBox = document.getElementById("result-ask");
  var rows = Array.prototype.slice.call(table.querySelectorAll("tr.board"));
  var queue = [];
  var busy = false;
  var asking = false;
  var cursor = -1;
  var staleMessages = true;

  Array.prototype.forEach.call(document.querySelectorAll(".js-only"), function (element) {
    element.hidden = false;
  });
  document.documentElement.classList.add("live-results");

  function latinDigits(text) {
    return text.replace(/[\u06f0-\u06f9\u0660-\u0669\uff10-\uff19]/g, function (digit) {
      var code = digit.charCodeAt(0);
      var zero = code >= 0xff10 ? 0xff10 : code >= 0x06f0 ? 0x06f0 : 0x0660;
      return String(code - zero);
    });
  }

  function boardOf(row) {
    return row ? row.getAttribute("data-board") : "";
  }

  function rowOf(board) {
    return table.querySelector('tr.board[data-board="' + board + '"]');
  }

  function setCursor(index) {
    if (!rows.length) {
      return;
    }
    index = Math.max(0, Math.min(rows.length - 1, index));
    if (rows[cursor]) {
      rows[cursor].classList.remove("current");
    }
    cursor = index;
    var row = rows[cursor];
    row.classList.add("current");
    currentField.value = boardOf(row);
    if (currentLabel) {
      currentLabel.hidden = false;
      currentLabel.textContent = currentLabel.dataset.template
        .replace("{board}", row.getAttribute("data-label") || row.cells[0].textContent.trim())
        .replace("{players}", row.getAttribute("data-players"));
    }
    row.scrollIntoView({ block: "nearest" });
  }

  function moveAfter(board) {
    var row = rowOf(board);
    var index = rows.indexOf(row);
    if (index >= 0) {
      setCursor(index + 1);
    }
  }

  var start = rows.indexOf(rowOf(currentField.value));
  setCursor(start >= 0 ? start : 0);

  function say(text, level) {
    var status = document.getElementById("round-status");
    var list = document.createElement("ul");
    list.className = "messages";
    list.id = "live-messages";
    var item = document.createElement("li");
    item.className = level;
    item.setAttribute("role", "status");
    item.textContent = text;
    list.appendChild(item);
    var old = document.getElementById("live-messages");
    if (old) {
      old.replaceWith(list);
    } else {
      status.appendChild(list);
    }
  }

  function apply(answer) {
    if (staleMessages) {
      // the messages of the page as it was loaded belong to an older entry
      Array.prototype.forEach.call(document.querySelectorAll("main > ul.messages"), function (old) {
        old.remove();
      });
      staleMessages = false;
    }
    var status = document.getElementById("round-status");
    var holder = document.createElement("div");
    holder.innerHTML = answer.status;
    status.replaceWith(holder.firstElementChild);
    var pending = {};
    answer.pending.forEach(function (board) {
      pending[board] = true;
    });
    Object.keys(answer.cells).forEach(function (board) {
      var row = rowOf(board);
      if (row) {
        row.querySelector("td.result").innerHTML = answer.cells[board];
        row.classList.toggle("pending", Boolean(pending[board]));
      }
    });
    Object.keys(answer.parts || {}).forEach(function (id) {
      var old = document.getElementById(id);
      if (old) {
        var part = document.createElement("div");
        part.innerHTML = answer.parts[id];
        old.replaceWith(part.firstElementChild);
      }
    });
    var pairNext = document.getElementById("pair-next-form");
    if (pairNext) {
      pairNext.hidden = answer.pending.length > 0;
    }
    if (answer.ask) {
      asking = true;
      askBox.innerHTML = answer.ask;
      var confirm = document.getElementById("rule-warnings-confirm");
      if (confirm) {
        confirm.focus();
      }
    } else if (!asking) {
      askBox.innerHTML = "";
    }
  }

  function next() {
    if (busy || asking || !queue.length) {
      return;
    }
    busy = true;
    var data = queue.shift();
    fetch(url, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (!response.ok || type.indexOf("application/json") !== 0) {
          throw new Error(String(response.status));
        }
        return response.json();
      })
      .then(apply)
      .catch(function () {
        queue = [];
        say(form.dataset.failed, "error");
      })
      .then(function () {
        busy = false;
        // how many answers came back (a test waits for the next one)
        var root = document.documentElement;
        root.dataset.answers = String(Number(root.dataset.answers || 0) + 1);
        next();
      });
  }

  function send(data, first) {
    if (first) {
      queue.unshift(data);
    } else {
      queue.push(data);
    }
    next();
  }

  function endAsk() {
    asking = false;
    askBox.innerHTML = "";
    entry.focus();
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = entry.value.trim();
    entry.value = "";
    if (!text) {
      setCursor(cursor + 1); // Enter on an empty box: the next board
      return;
    }
    var data = new FormData(form);
    data.delete("entry");
    var parts = text.split(/\s+/);
    var typedBoard = latinDigits(parts[0]).replace("\u066b", ".");
    if (parts.length > 1 && /^[0-9]+(\.[0-9]+)?$/.test(typedBoard)) {
      data.set("entry", text); // "12 1": the board typed (a team page's "3.2 1", "3 1 = 0 1")
      send(data);
      moveAfter(
        typedBoard
          .split(".")
          .map(function (number) {
            return String(parseInt(number, 10));
          })
          .join(".")
      );
    } else {
      data.set("board", currentField.value);
      data.set("result", text);
      send(data);
      setCursor(cursor + 1);
    }
  });

  entry.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setCursor(cursor + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setCursor(cursor - 1);
    }
  });

  // the other forms posting results: a board's buttons, the undo, a question's confirmation
  document.addEventListener("submit", function (event) {
    var target = event.target;
    if (
      target === form ||
      target.hasAttribute("data-reloads") ||
      !target.action ||
      new URL(target.action).pathname !== url
    ) {
      return;
    }
    event.preventDefault();
    var data = new FormData(target, event.submitter || undefined);
    if (target.id === "rule-warnings-form") {
      asking = false;
      askBox.innerHTML = "";
      send(data, true);
      entry.focus();
      return;
    }
    send(data);
    if (target.classList.contains("board-form")) {
      moveAfter(data.get("board"));
    }
    entry.focus();
  });

  askBox.addEventListener("click", function (event) {
    if (event.target.id === "rule-warnings-cancel") {
      event.preventDefault();
      endAsk();
      next();
    }
  });

  askBox.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      event.preventDefault();
      endAsk();
      next();
    }
  });

  table.addEventListener("click", function (event) {
    var row = event.target.closest("tr.board");
    if (row && !event.target.closest("button, a, input")) {
      setCursor(rows.indexOf(row));
      entry.focus();
    }
  });
})();
