// What readers type, on a freshly built handbook (issue 33): misspelt words, another region's word,
// Apple's or Google's name for a feature, units glued to numbers and WCAG numbers without dots. The
// page the query is about must be among the first three results as the reader sees them. Reads the
// index of the site in HANDBOOK_SITE (bin/test sets it to its fresh build); the browser gate runs
// the same cases on the results page (Tests/Browser/test_search_page.py).
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");
const vm = require("node:vm");
const search = require("../../templates/assets/search.js");

const SITE = process.env.HANDBOOK_SITE;
const CASES = JSON.parse(fs.readFileSync(path.join(__dirname, "forgiving-queries.json"), "utf8"));

function load(name) {
  return new Promise((resolve) => {
    const source = fs.readFileSync(path.join(SITE, "assets", "search", `${name}.js`), "utf8");
    vm.runInNewContext(source, { HandbookSearch: { register: (registered, data) => resolve(data) } });
  });
}

const engines = {};

async function shown(language, query) {
  engines[language] = engines[language] || new search.Engine(load, language);
  const result = await engines[language].search(query);
  return { ids: result.best.concat(...result.groups.map((group) => group.results)).map((entry) => entry.doc.id), result };
}

test("each language has at least 30 forgiving queries of each edition's own words", () => {
  for (const language of ["en", "zh-Hant", "zh-Hans"]) {
    assert.ok(CASES.filter((c) => c.language === language).length >= 30, language);
  }
});

for (const { language, query, expected, why, corrected } of CASES) {
  test(`${language} "${query}" (${why}) lists ${expected} among the first three`, { skip: SITE ? false : "set HANDBOOK_SITE to a built site" }, async () => {
    const { ids, result } = await shown(language, query);
    assert.ok(ids.slice(0, 3).includes(expected), JSON.stringify(ids.slice(0, 8)));
    if (corrected !== undefined) { assert.equal(result.corrected, corrected); }
  });
}
