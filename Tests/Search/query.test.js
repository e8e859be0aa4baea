// Ranking, grouping and snippets of templates/assets/search.js on the index that the Swift build
// writes for the fixture site (Tests/Search/fixture/content → fixture/expected, a golden file of
// SearchIndexBuilderTests). Run with `node --test Tests/Search/`.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");
const vm = require("node:vm");
const search = require("../../templates/assets/search.js");

const EXPECTED = path.join(__dirname, "fixture", "expected");

/** Loads an index file the way the page does, by running it with a HandbookSearch.register. */
function load(name) {
  return new Promise((resolve) => {
    const source = fs.readFileSync(path.join(EXPECTED, `${name}.js`), "utf8");
    vm.runInNewContext(source, { HandbookSearch: { register: (registered, data) => { assert.equal(registered, name); resolve(data); } } });
  });
}

async function ids(language, query) {
  const ranking = await new search.Engine(load, language).rank(query);
  return ranking.ranked.map((entry) => entry.doc.id);
}

test("a word finds the page about it first", async () => {
  assert.equal((await ids("en", "caption"))[0], "1.10");
  assert.equal((await ids("en", "Captions"))[0], "1.10");
  assert.equal((await ids("en", "contrast"))[0], "1.7");
});

test("an exact ID or section number puts that page first", async () => {
  assert.equal((await ids("en", "7.3.6.5"))[0], "7.3.6.5");
  assert.ok((await ids("en", "7.3.6.5")).includes("2.10"), "pages that mention the number are found too");
  assert.equal((await ids("en", "2.10"))[0], "2.10");
  assert.equal((await ids("zh-Hant", "1.10"))[0], "1.10");
});

test("Chinese words are found inside longer runs, in either script", async () => {
  assert.equal((await ids("zh-Hant", "字幕"))[0], "1.10");
  assert.equal((await ids("zh-Hans", "对比度"))[0], "1.7");
  assert.equal((await ids("zh-Hant", "对比度"))[0], "1.7", "a Simplified query on Traditional pages");
  assert.equal((await ids("zh-Hans", "對比度"))[0], "1.7", "a Traditional query on Simplified pages");
  assert.equal((await ids("zh-Hant", "閱讀器"))[0], "1.10");
});

test("untranslated pages are searched in the language they are shown in", async () => {
  const ranking = await new search.Engine(load, "zh-Hant").rank("TalkBack");
  const found = ranking.ranked.map((entry) => entry.doc);
  assert.ok(found.some((doc) => doc.id === "7.3.6.5" && doc.lang === "en"));
});

test("every term must match, and the best partial matches stand in when none has all", async () => {
  assert.deepEqual(await ids("en", "captions timers"), ["about"]);
  assert.deepEqual(new Set(await ids("en", "captions zzzzzz")), new Set(await ids("en", "captions")));
  assert.deepEqual(await ids("en", "zzzzzz"), []);
  assert.deepEqual(await ids("en", "   "), []);
});

test("the word being typed also matches the terms it begins", async () => {
  assert.equal((await ids("en", "capt"))[0], "1.10");
  assert.deepEqual(await ids("en", "capt "), [], "a finished word matches whole terms only");
  assert.deepEqual((await ids("en", "7.3.6")).slice(0, 2), ["7.3.6", "7.3.6.5"]);
});

test("queries are planned from the same tokens: Han characters inside a pair are dropped", () => {
  assert.deepEqual(search.plan("对比度").map((term) => term.term), ["对比", "比度"]);
  assert.deepEqual(search.plan("字 幕").map((term) => term.term), ["字", "幕"]);
  assert.deepEqual(search.plan("captions labelled").map((term) => [term.term, term.prefix]), [["caption", false], ["label", true]]);
  assert.deepEqual(search.plan("captions caption").map((term) => term.term), ["caption"]);
});

test("the best matches come first whatever their kind, and the rest follow in groups", async () => {
  const engine = new search.Engine(load, "en");
  const result = await engine.search("7.3.6.5", 2);
  assert.equal(result.best[0].doc.id, "7.3.6.5");
  assert.ok(result.best.length <= 3);
  const listed = result.best.length + result.groups.reduce((sum, group) => sum + group.total, 0);
  assert.equal(listed, result.total);
  assert.ok(result.groups.every((group) => group.results.length <= 2));
  assert.deepEqual(result.groups.map((group) => group.kind), ["p", "s", "g"].filter((kind) => result.groups.some((group) => group.kind === kind)));
  const shown = result.best.concat(...result.groups.map((group) => group.results)).map((entry) => entry.doc.id);
  assert.equal(new Set(shown).size, shown.length, "no result is listed twice");
  const captions = await engine.search("caption");
  assert.equal(captions.best[0].doc.title, "Provide captions for videos");
});

test("a practice about a word comes before short sections that mention it", async () => {
  const ranked = await ids("en", "vibration");
  assert.ok(ranked.length >= 4, JSON.stringify(ranked));
  assert.equal(ranked[0], "1.8", JSON.stringify(ranked));
  const result = await new search.Engine(load, "en").search("vibration");
  assert.ok(result.best.some((entry) => entry.doc.id === "1.8"), "1.8 is among the best matches");
});

test("two Chinese words typed together find the page with both, even without the spanning pair", async () => {
  // 字幕颜色: the pair 幕颜 spans the two words; 1.7 has the phrase, 1.10 has 字幕 and 颜色 apart.
  for (const [language, query] of [["zh-Hans", "字幕颜色"], ["zh-Hant", "字幕顏色"]]) {
    const ranked = await ids(language, query);
    assert.ok(ranked.includes("1.10"), `${language}: ${JSON.stringify(ranked)}`);
    assert.ok(ranked.includes("1.7"), `${language}: the page with the whole phrase is found too`);
  }
});

test("query plans match the shared vectors", () => {
  const vectors = JSON.parse(fs.readFileSync(path.join(__dirname, "query-plan-vectors.json"), "utf8")).vectors;
  for (const vector of vectors) {
    const planned = search.plan(vector.query + " ");
    assert.equal(planned.units, vector.units, vector.query);
    assert.deepEqual(planned.map((term) => [term.term, term.units]), vector.terms, vector.query);
  }
});

test("snippets mark the matched words", async () => {
  const result = await new search.Engine(load, "en").search("captions");
  const parts = result.best[0].snippet;
  const marked = parts.filter((part) => part.mark).map((part) => part.text.toLowerCase());
  assert.ok(marked.length > 0);
  assert.ok(marked.every((text) => text.startsWith("caption")), JSON.stringify(marked));
  const hant = await new search.Engine(load, "zh-Hant").search("字幕");
  assert.ok(hant.best[0].snippet.some((part) => part.mark && part.text === "字幕"));
});

test("a snippet of a long text is cut around the match, with ellipses", () => {
  const text = "Start. " + "filler ".repeat(60) + "the captions are here. " + "more ".repeat(60);
  const parts = search.snippet(text, search.plan("captions "));
  assert.equal(parts[0].text, "… ");
  assert.equal(parts[parts.length - 1].text, " …");
  assert.deepEqual(parts.filter((part) => part.mark).map((part) => part.text), ["captions"]);
  const plain = search.snippet("No match at all.", search.plan("zzz "));
  assert.deepEqual(plain, [{ text: "No match at all.", mark: false }]);
});
