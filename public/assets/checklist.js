// The audit checklist: keeps each practice's checkbox, status and notes in local storage (one key
// per language), shows progress as text, filters the practices by WCAG level, and exports CSV and
// Markdown (with the WCAG 2.2 criteria of each practice). Without this script the page is still a
// printable list, ending with the criteria of each level.
(function () {
  "use strict";

  var root = document.getElementById("checklist");
  if (!root) { return; }
  var storageKey = root.getAttribute("data-storage-key");
  var progress = document.getElementById("checklist-progress");
  var items = Array.prototype.slice.call(root.querySelectorAll(".check-item"));

  function parts(item) {
    return {
      done: item.querySelector("input[type=checkbox]"),
      statuses: Array.prototype.slice.call(item.querySelectorAll("input[type=radio]")),
      notes: item.querySelector("textarea")
    };
  }

  function read() {
    try {
      return JSON.parse(window.localStorage.getItem(storageKey) || "{}") || {};
    } catch (e) {
      return {};
    }
  }

  function collect() {
    var state = {};
    items.forEach(function (item) {
      var p = parts(item);
      var status = "";
      p.statuses.forEach(function (radio) { if (radio.checked) { status = radio.value; } });
      state[item.getAttribute("data-practice")] = { done: p.done.checked, status: status, notes: p.notes.value };
    });
    return state;
  }

  function apply(state) {
    items.forEach(function (item) {
      var entry = state[item.getAttribute("data-practice")] || {};
      var p = parts(item);
      p.done.checked = entry.done === true;
      p.statuses.forEach(function (radio) { radio.checked = radio.value === entry.status; });
      p.notes.value = typeof entry.notes === "string" ? entry.notes : "";
    });
  }

  function showProgress(state) {
    var checked = Object.keys(state).filter(function (id) { return state[id].done; }).length;
    progress.textContent = progress.getAttribute("data-template")
      .replace("{checked}", String(checked))
      .replace("{total}", progress.getAttribute("data-total"));
    var lang = progress.getAttribute("data-template-lang");
    if (lang) { progress.lang = lang; } else { progress.removeAttribute("lang"); }
  }

  function save() {
    var state = collect();
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(state));
    } catch (e) {
      // Not stored (private mode, full storage); the page still works until it is closed.
    }
    showProgress(state);
  }

  function statusLabel(value) {
    return value ? root.getAttribute("data-status-" + value) : "";
  }

  function rows() {
    var state = collect();
    return items.map(function (item) {
      var id = item.getAttribute("data-practice");
      var entry = state[id];
      return [id, item.getAttribute("data-title"), item.getAttribute("data-wcag") || "",
        entry.done ? root.getAttribute("data-yes") : root.getAttribute("data-no"),
        statusLabel(entry.status), entry.notes];
    });
  }

  function headings() {
    return ["id", "title", "wcag", "checked", "status", "notes"].map(function (name) {
      return root.getAttribute("data-heading-" + name);
    });
  }

  // A spreadsheet runs a cell that starts with = + - @, a tab or a carriage return as a formula
  // (a practice title or a note could call out to a web address); OWASP's advice is to start such
  // a cell with a single quote, which spreadsheets show as text.
  function csvCell(cell) {
    var text = String(cell);
    if (/^[=+\-@\t\r]/.test(text)) { text = "'" + text; }
    return "\"" + text.replace(/"/g, "\"\"") + "\"";
  }

  function csv() {
    var quote = csvCell;
    return [headings()].concat(rows()).map(function (row) { return row.map(quote).join(","); }).join("\r\n") + "\r\n";
  }

  function markdown() {
    var cell = function (text) { return String(text).replace(/\|/g, "\\|").replace(/\r?\n/g, " "); };
    var lines = ["| " + headings().join(" | ") + " |", "|" + headings().map(function () { return " --- "; }).join("|") + "|"];
    rows().forEach(function (row) { lines.push("| " + row.map(cell).join(" | ") + " |"); });
    return lines.join("\n") + "\n";
  }

  // Shows only the practices that serve a criterion of `level`, and only those criteria; "" shows all.
  function filterByLevel(level) {
    items.forEach(function (item) {
      var levels = (item.getAttribute("data-levels") || "").split(" ");
      item.hidden = level !== "" && levels.indexOf(level) < 0;
      Array.prototype.slice.call(item.querySelectorAll(".check-wcag-list li")).forEach(function (entry) {
        entry.hidden = level !== "" && entry.getAttribute("data-level") !== level;
      });
    });
    Array.prototype.slice.call(document.querySelectorAll(".checklist-level")).forEach(function (section) {
      section.hidden = level !== "" && section.getAttribute("data-level") !== level;
    });
  }

  function download(text, name, type) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob(["\ufeff" + text], { type: type }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  document.addEventListener("DOMContentLoaded", function () {
    apply(read());
    showProgress(collect());
    root.addEventListener("change", save);
    var filter = document.getElementById("checklist-filter");
    if (filter) {
      filter.hidden = false;
      filter.addEventListener("change", function (event) { filterByLevel(event.target.value); });
    }
    root.addEventListener("input", save);
    // The buttons need this script, so it inserts them: without it no reader meets a dead button.
    var actions = document.querySelector(".checklist-actions");
    ["csv", "markdown", "print", "clear"].forEach(function (action) {
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute("data-checklist-action", action);
      button.textContent = actions.getAttribute("data-" + action);
      // English standing in for a translation carries its data-*-lang, as search.js does.
      var lang = actions.getAttribute("data-" + action + "-lang");
      if (lang) { button.lang = lang; }
      actions.appendChild(button);
    });
    actions.addEventListener("click", function (event) {
      var button = event.target.closest("[data-checklist-action]");
      if (!button) { return; }
      var action = button.getAttribute("data-checklist-action");
      var base = storageKey.replace(/^handbook-/, "");
      if (action === "csv") { download(csv(), base + ".csv", "text/csv"); }
      if (action === "markdown") { download(markdown(), base + ".md", "text/markdown"); }
      if (action === "print") { window.print(); }
      if (action === "clear" && window.confirm(root.getAttribute("data-clear-question"))) {
        apply({});
        save();
      }
    });
  });

  // Exposed for the export tests.
  window.handbookChecklist = { csv: csv, markdown: markdown, csvCell: csvCell, filterByLevel: filterByLevel };
})();
