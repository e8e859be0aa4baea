// The checklist's CSV export (templates/assets/checklist.js) on a page reduced to what the script
// reads: cells that a spreadsheet would run as formulas start with a single quote. Run with
// `node --test Tests/Search/`.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");
const vm = require("node:vm");

const SCRIPT = fs.readFileSync(path.join(__dirname, "..", "..", "templates", "assets", "checklist.js"), "utf8");

/** An element with attributes and the given children for querySelector(All). */
function element(attributes, find = {}) {
  return {
    getAttribute: (name) => (name in attributes ? attributes[name] : null),
    querySelector: (selector) => find[selector] || null,
    querySelectorAll: (selector) => find[selector] || [],
    addEventListener: () => {},
  };
}

/** Runs the script on a checklist of `practices` ({id, title, notes}) and returns its exports. */
function checklist(practices) {
  const items = practices.map((practice) =>
    element({ "data-practice": practice.id, "data-title": practice.title, "data-wcag": practice.wcag || "" }, {
      "input[type=checkbox]": { checked: false },
      "input[type=radio]": [],
      textarea: { value: practice.notes || "" },
    }));
  const root = element(
    {
      "data-storage-key": "handbook-checklist-en", "data-yes": "yes", "data-no": "no",
      "data-heading-id": "ID", "data-heading-title": "Practice", "data-heading-wcag": "WCAG 2.2", "data-heading-checked": "Checked",
      "data-heading-status": "Status", "data-heading-notes": "Notes",
    },
    { ".check-item": items });
  const window = { localStorage: { getItem: () => null, setItem: () => {} } };
  const document = { getElementById: (id) => (id === "checklist" ? root : null), addEventListener: () => {} };
  vm.runInNewContext(SCRIPT, { window, document });
  return window.handbookChecklist;
}

test("cells that start a formula are prefixed with a single quote", () => {
  const { csv } = checklist([
    { id: "1.1", title: "=HYPERLINK(\"https://example.org\")", notes: "@SUM(A1)" },
    { id: "1.2", title: "+1", notes: "-2" },
    { id: "1.3", title: "\tTab", notes: "\rReturn" },
  ]);
  const lines = csv().split("\r\n");
  assert.equal(lines[1], "\"1.1\",\"'=HYPERLINK(\"\"https://example.org\"\")\",\"\",\"no\",\"\",\"'@SUM(A1)\"");
  assert.equal(lines[2], "\"1.2\",\"'+1\",\"\",\"no\",\"\",\"'-2\"");
  assert.equal(lines[3], "\"1.3\",\"'\tTab\",\"\",\"no\",\"\",\"'\rReturn\"");
});

test("ordinary cells are only quoted", () => {
  const { csv, csvCell } = checklist([{ id: "2.10", title: "Provide adjustable time control", notes: "a = b", wcag: "2.2.1 Timing Adjustable (A); 2.2.6 Timeouts (AAA)" }]);
  assert.equal(csv().split("\r\n")[0], "\"ID\",\"Practice\",\"WCAG 2.2\",\"Checked\",\"Status\",\"Notes\"");
  assert.equal(csv().split("\r\n")[1], "\"2.10\",\"Provide adjustable time control\",\"2.2.1 Timing Adjustable (A); 2.2.6 Timeouts (AAA)\",\"no\",\"\",\"a = b\"");
  assert.equal(csvCell(""), "\"\"");
});

test("the Markdown export has the criteria of each practice", () => {
  const { markdown } = checklist([{ id: "1.3", title: "Resize", wcag: "1.4.4 Resize Text (AA); 1.4.10 Reflow (AA)" }]);
  const lines = markdown().split("\n");
  assert.equal(lines[0], "| ID | Practice | WCAG 2.2 | Checked | Status | Notes |");
  assert.equal(lines[2], "| 1.3 | Resize | 1.4.4 Resize Text (AA); 1.4.10 Reflow (AA) | no |  |  |");
});
