// The page's tokenizer (templates/assets/search.js) against the shared vectors that the index's
// tokenizer (SearchTokenizer.swift) is checked against too. Run with `node --test Tests/Search/`.
"use strict";

const assert = require("node:assert/strict");
const test = require("node:test");
const search = require("../../templates/assets/search.js");
const { folding } = require("./swift-folding.js");
const { vectors } = require("./tokenizer-vectors.json");

// The index's full table: the vectors must come out the same as in SearchTokenizer.swift.
const FOLDING = folding();

test("every shared vector gives its tokens", () => {
  assert.ok(vectors.length > 30);
  assert.deepEqual(new Set(vectors.map((vector) => vector.language)), new Set(["en", "zh-Hant", "zh-Hans", "ja", "ko"]));
  for (const vector of vectors) {
    assert.deepEqual(search.tokens(vector.input, FOLDING), vector.tokens, `${vector.language}: ${vector.input}`);
  }
});

test("tokens point back at the text they come from", () => {
  const text = "ＩＤ １．１０ 與 螢幕閱讀器, labelled";
  for (const token of search.tokenize(text, FOLDING)) {
    const source = text.slice(token.start, token.end);
    assert.ok(search.tokens(source, FOLDING).includes(token.term), `${token.term} from "${source}"`);
  }
  const labelled = search.tokenize(text, FOLDING).at(-1);
  assert.equal(labelled.term, "label");
  assert.equal(labelled.raw, "labelled");
});

test("Traditional and Simplified text give the same terms", () => {
  assert.deepEqual(search.tokens("提供足夠的顏色對比度", FOLDING), search.tokens("提供足够的颜色对比度", FOLDING));
  assert.equal(FOLDING.fold("對"), "对");
  assert.equal(FOLDING.fold("对"), "对");
  assert.deepEqual(search.tokens("對"), ["對"], "without a table nothing is folded");
});

test("characters outside the Basic Multilingual Plane keep their offsets", () => {
  const tokens = search.tokenize("𠀋字 ok");
  assert.deepEqual(tokens.map((token) => token.term), ["𠀋", "𠀋字", "字", "ok"]);
  assert.deepEqual(tokens.map((token) => [token.start, token.end]), [[0, 2], [0, 3], [2, 3], [4, 6]]);
});
