// Ranking of templates/assets/search.js on a freshly built handbook (the queries of issue 15):
// the page most about a query is among the first three results as the reader sees them, whatever
// its kind. Reads the index of the site in HANDBOOK_SITE (bin/test sets it to its fresh build);
// without it the test says it was skipped. Run with `HANDBOOK_SITE=/tmp/site node --test Tests/Search/`.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");
const vm = require("node:vm");
const search = require("../../templates/assets/search.js");

const SITE = process.env.HANDBOOK_SITE;

function load(name) {
  return new Promise((resolve) => {
    const source = fs.readFileSync(path.join(SITE, "assets", "search", `${name}.js`), "utf8");
    vm.runInNewContext(source, { HandbookSearch: { register: (registered, data) => resolve(data) } });
  });
}

/** The IDs in the order the results list shows them: the best matches, then the groups. */
async function shown(language, query) {
  const result = await new search.Engine(load, language).search(query);
  return result.best.concat(...result.groups.map((group) => group.results)).map((entry) => entry.doc.id);
}

const CASES = [
  ["en", "vibration", "1.8"],
  ["en", "background music", "1.13"],
  ["zh-Hant", "震動", "1.8"],
  ["zh-Hans", "背景音乐", "1.13"],
  ["zh-Hant", "鍵盤焦點", "2.5"],
  ["zh-Hans", "键盘焦点", "2.5"],
  // A WCAG 2.2 criterion by number and by name finds the practice that serves it (issue 18).
  ["en", "1.4.4", "1.3"],
  ["en", "Reflow", "1.3"],
  ["zh-Hant", "1.4.10", "1.3"],
  ["zh-Hant", "Reflow", "1.3"],
  ["zh-Hans", "重排", "1.3"],
];

for (const [language, query, expected] of CASES) {
  test(`${language} "${query}" lists ${expected} among the first three`, { skip: SITE ? false : "set HANDBOOK_SITE to a built site" }, async () => {
    const list = await shown(language, query);
    assert.ok(list.slice(0, 3).includes(expected), JSON.stringify(list.slice(0, 8)));
  });
}
