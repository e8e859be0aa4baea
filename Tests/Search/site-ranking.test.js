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

/** The words of a page's title and headings as the built page shows them, lower case. */
function titleAndHeadings(doc) {
  const html = fs.readFileSync(path.join(SITE, doc.path), "utf8");
  const main = html.slice(html.indexOf("<main"));
  const headings = [...main.matchAll(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/g)].map((match) => match[1].replace(/<[^>]+>/g, " "));
  return [doc.title, ...headings].join(" ").toLowerCase();
}

// Issue 33: a page whose title or headings hold every word of the query comes before every page
// that has the query only in its text (after a practice whose title holds it).
for (const [language, query] of [["en", "background music"], ["en", "colour contrast"], ["en", "text size"], ["en", "alternative text"], ["zh-Hans", "背景音乐"], ["zh-Hant", "字幕"]]) {
  test(`${language} "${query}": title and heading matches before text matches`, { skip: SITE ? false : "set HANDBOOK_SITE to a built site" }, async () => {
    const ranking = await new search.Engine(load, language).rank(query);
    const words = language === "en" ? query.split(" ") : [query];
    const held = ranking.ranked.map((entry) => words.every((word) => titleAndHeadings(entry.doc).includes(word)));
    const lastHeld = held.lastIndexOf(true);
    const firstText = held.indexOf(false);
    assert.ok(lastHeld >= 0, "no page has the query in a title or heading");
    assert.ok(firstText === -1 || lastHeld < firstText,
      JSON.stringify(ranking.ranked.slice(0, Math.max(lastHeld, firstText) + 1).map((entry, index) => `${entry.doc.id}${held[index] ? "*" : ""}`)));
  });
}
