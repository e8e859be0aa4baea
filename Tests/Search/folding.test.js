// The folding table: well formed, carried by each index where its queries need it, and, where
// Debian's OpenCC is installed, what Tests/Search/generate-folding.js makes of OpenCC's data.
// Run with `node --test Tests/Search/`.
"use strict";

const assert = require("node:assert/strict");
const childProcess = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");
const vm = require("node:vm");
const generator = require("./generate-folding.js");
const { swiftPairs } = require("./swift-folding.js");

function table(pairs) {
  const characters = Array.from(pairs);
  const out = new Map();
  for (let index = 0; index < characters.length; index += 2) { out.set(characters[index], characters[index + 1]); }
  return out;
}

const openccInstalled = (() => {
  try {
    childProcess.execFileSync("opencc", ["--version"], { stdio: "ignore" });
    return fs.existsSync("/usr/share/opencc/STCharacters.ocd2");
  } catch (error) {
    return false;
  }
})();

test("every pair folds one Han character to a final form", () => {
  const pairs = table(swiftPairs());
  assert.ok(pairs.size > 4000);
  for (const [from, to] of pairs) {
    assert.ok(generator.isHan(from.codePointAt(0)) && generator.isHan(to.codePointAt(0)), `${from} → ${to}`);
    assert.ok(!pairs.has(to), `${from} → ${to} is not final`);
  }
});

test("each index of the fixture carries the full table's pairs for its own characters", () => {
  const full = table(swiftPairs());
  for (const language of ["en", "zh-Hant", "zh-Hans"]) {
    let data;
    const file = path.join(__dirname, "fixture", "expected", `${language}.js`);
    vm.runInNewContext(fs.readFileSync(file, "utf8"), { HandbookSearch: { register: (name, value) => { data = value; } } });
    for (const [from, to] of table(data.folding)) { assert.equal(full.get(from), to, `${language}: ${from}`); }
    if (language !== "en") { assert.equal(table(data.folding).get("對"), "对", language); }
  }
});

test("the table is what OpenCC gives", { skip: openccInstalled ? false : "OpenCC is not installed" }, () => {
  assert.equal(fs.readFileSync(generator.SWIFT_FILE, "utf8"), generator.expectedSwift(),
    "OpenCC's data has changed: run node Tests/Search/generate-folding.js");
});
