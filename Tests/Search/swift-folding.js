// The folding table of Sources/Handbook/Search/HanFolding.swift as a Folding of search.js, for the
// tests of the page's tokenizer (the page itself gets its pairs from each language's index).
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const search = require("../../templates/assets/search.js");

const SWIFT_FILE = path.join(__dirname, "..", "..", "Sources", "Handbook", "Search", "HanFolding.swift");

/** The pairs text of HanFolding.swift. */
function swiftPairs() {
  const source = fs.readFileSync(SWIFT_FILE, "utf8");
  const body = source.slice(source.indexOf("static let pairs = ["), source.indexOf("].joined()"));
  return [...body.matchAll(/"([^"\\]*)"/g)].map((match) => match[1]).join("");
}

module.exports = { swiftPairs, folding: () => new search.Folding(swiftPairs()) };
