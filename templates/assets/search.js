// Offline search of the handbook, for pages opened from disk as much as from a server.
//
// 1. The search box is inserted by this file, so readers without JavaScript (and text browsers)
//    meet no dead field; they get the link to the A–Z index next to where it goes.
// 2. When the reader first focuses the box, the language's index (assets/search/<lang>.js) is
//    loaded with an injected <script> element, since file:// pages may not fetch() files. Index files
//    call HandbookSearch.register(name, data).
// 3. Each query is split into terms by the same rules the build used for the index
//    (Sources/Handbook/Search/SearchTokenizer.swift; both are checked against
//    Tests/Search/tokenizer-vectors.json), folding Traditional characters to Simplified with the
//    pairs the language's index carries. The term shards it needs are loaded on demand.
// 4. Documents that have every word of the query (a Han word through its pairs; a pair spanning
//    two words typed together is a bonus) are ranked in tiers: a practice whose title holds the
//    query, then pages whose title or headings hold it (each stored weight's lowest bit marks a
//    title or heading term), then the rest; within a tier by the sum of the BM25 weights the build
//    stored (titles and headings weigh more; a practice's ID or a section's number weighs most).
//    The last word, while still being typed, also matches the terms it begins. A section's
//    platform versions ("… — Android", "… — iOS") are folded into one result.
// 5. The best three results come first whatever their kind, each labelled as a practice or a
//    section; the rest follow grouped as practices, sections and other pages. Each result has its
//    ID, its title and a snippet of its text with the matched words in <mark>, built with DOM
//    methods only. A polite status line says how many results there are; focus never moves on its
//    own.
(function (global, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    global.HandbookSearch = api;
    api.attach(global.document);
  }
})(this, function () {
  "use strict";

  // MARK: - Folding of Traditional Han characters

  /**
   * A folding table: `pairs` is text in which each character is followed by the Simplified form it
   * folds to. Each language's index carries the pairs its text needs (see HanFolding.swift).
   */
  function Folding(pairs) {
    this.table = new Map();
    var characters = Array.from(pairs || "");
    for (var index = 0; index + 1 < characters.length; index += 2) {
      this.table.set(characters[index], characters[index + 1]);
    }
    this.mapped = new Map();
  }

  /** The Simplified form of a Han character, or the character itself. */
  Folding.prototype.fold = function (character) {
    return this.table.get(character) || character;
  };

  /** A Traditional form of a Simplified character, for showing a mended query in Traditional script. */
  Folding.prototype.unfold = function (character) {
    if (!this.reverse) {
      var reverse = this.reverse = new Map();
      this.table.forEach(function (simplified, traditional) { if (!reverse.has(simplified)) { reverse.set(simplified, traditional); } });
    }
    return this.reverse.get(character) || character;
  };

  var NO_FOLDING = new Folding("");

  // MARK: - Tokenizer (the same rules as SearchTokenizer.swift)

  var WORD_CHARACTER = /^[\p{L}\p{M}\p{N}]$/u;
  var LETTER = /^\p{L}$/u;

  /** CJK Unified Ideographs and their extensions, and the compatibility ideographs. */
  function isHan(codePoint) {
    return (codePoint >= 0x3400 && codePoint <= 0x4dbf) || (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
      (codePoint >= 0xf900 && codePoint <= 0xfaff) || (codePoint >= 0x20000 && codePoint <= 0x2fa1f) ||
      (codePoint >= 0x30000 && codePoint <= 0x3134f);
  }

  /** Han, kana and Hangul: scripts written without spaces, split into characters and overlapping pairs. */
  function splitsLikeHan(codePoint) {
    return isHan(codePoint) || (codePoint >= 0x3041 && codePoint <= 0x309f) || (codePoint >= 0x30a1 && codePoint <= 0x30fa) ||
      (codePoint >= 0x30fc && codePoint <= 0x30ff) || (codePoint >= 0x31f0 && codePoint <= 0x31ff) ||
      (codePoint >= 0x1100 && codePoint <= 0x11ff) || (codePoint >= 0x3131 && codePoint <= 0x318e) ||
      (codePoint >= 0xac00 && codePoint <= 0xd7a3);
  }

  /** One character after NFKC, lower-casing and folding: usually one character, sometimes none or several. */
  function mapCharacter(character, folding) {
    var code = character.charCodeAt(0);
    if (code < 0x80) {
      return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : character;
    }
    var known = folding.mapped.get(character);
    if (known !== undefined) { return known; }
    var out = "";
    for (var piece of character.normalize("NFKC").toLowerCase()) { out += folding.fold(piece); }
    folding.mapped.set(character, out);
    return out;
  }

  function isWordCharacter(character) {
    var code = character.charCodeAt(0);
    if (code < 0x80) {
      return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
    }
    return WORD_CHARACTER.test(character);
  }

  function isDigit(character) {
    return character.length === 1 && character >= "0" && character <= "9";
  }

  function isNonHanLetter(character) {
    return LETTER.test(character) && !splitsLikeHan(character.codePointAt(0));
  }

  /**
   * The terms of `text` in order, each with its place in `text` (UTF-16 offsets), the word as
   * written but lower-cased (`raw`, before stemming) and whether it comes from Han characters.
   * `folding` is a Folding (none by default).
   */
  function tokenize(text, folding) {
    var table = folding || NO_FOLDING;
    var characters = [];
    var starts = [];
    var ends = [];
    var offset = 0;
    for (var character of text) {
      for (var piece of mapCharacter(character, table)) {
        characters.push(piece);
        starts.push(offset);
        ends.push(offset + character.length);
      }
      offset += character.length;
    }
    var out = [];
    var index = 0;
    while (index < characters.length) {
      var current = characters[index];
      if (splitsLikeHan(current.codePointAt(0))) {
        var end = index;
        while (end < characters.length && splitsLikeHan(characters[end].codePointAt(0))) { end += 1; }
        for (var position = index; position < end; position += 1) {
          out.push({ term: characters[position], raw: characters[position], start: starts[position], end: ends[position], han: true });
          if (position + 1 < end) {
            var pair = characters[position] + characters[position + 1];
            out.push({ term: pair, raw: pair, start: starts[position], end: ends[position + 1], han: true });
          }
        }
        index = end;
      } else if (isWordCharacter(current)) {
        var word = "";
        var last = index;
        while (last < characters.length) {
          var next = characters[last];
          if (isWordCharacter(next) && !splitsLikeHan(next.codePointAt(0))) {
            word += next;
          } else if (joins(characters, last)) {
            if (next === ".") { word += next; }
          } else {
            break;
          }
          last += 1;
        }
        out.push({ term: cachedStem(word), raw: word, start: starts[index], end: ends[last - 1], han: false });
        index = last;
      } else {
        index += 1;
      }
    }
    return out;
  }

  /** A dot between two ASCII digits, or an apostrophe between two letters, stays inside a word. */
  function joins(characters, index) {
    if (index === 0 || index + 1 >= characters.length) { return false; }
    var before = characters[index - 1];
    var after = characters[index + 1];
    switch (characters[index]) {
      case ".":
        return isDigit(before) && isDigit(after);
      case "'":
      case "\u2019":
        return isNonHanLetter(before) && isNonHanLetter(after);
      default:
        return false;
    }
  }

  var stems = new Map();
  var STEM_CACHE_LIMIT = 100000;

  /** `stem(word)`, remembered: snippets tokenize whole page texts, where words repeat. */
  function cachedStem(word) {
    var known = stems.get(word);
    if (known === undefined) {
      if (stems.size >= STEM_CACHE_LIMIT) { stems.clear(); }
      known = stem(word);
      stems.set(word, known);
    }
    return known;
  }

  /** The terms of `text` only, as the index stores them. */
  function tokens(text, folding) {
    return tokenize(text, folding).map(function (token) { return token.term; });
  }

  // MARK: - Porter stemmer (the same steps as PorterStemmer.swift)

  var STEP2 = {
    a: [["ational", "ate"], ["tional", "tion"]],
    c: [["enci", "ence"], ["anci", "ance"]],
    e: [["izer", "ize"]],
    l: [["bli", "ble"], ["alli", "al"], ["entli", "ent"], ["eli", "e"], ["ousli", "ous"]],
    o: [["ization", "ize"], ["ation", "ate"], ["ator", "ate"]],
    s: [["alism", "al"], ["iveness", "ive"], ["fulness", "ful"], ["ousness", "ous"]],
    t: [["aliti", "al"], ["iviti", "ive"], ["biliti", "ble"]],
    g: [["logi", "log"]],
  };
  var STEP3 = {
    e: [["icate", "ic"], ["ative", ""], ["alize", "al"]],
    i: [["iciti", "ic"]],
    l: [["ical", "ic"], ["ful", ""]],
    s: [["ness", ""]],
  };
  var STEP4 = {
    a: ["al"], c: ["ance", "ence"], e: ["er"], i: ["ic"], l: ["able", "ible"], n: ["ant", "ement", "ment", "ent"],
    s: ["ism"], t: ["ate", "iti"], u: ["ous"], v: ["ive"], z: ["ize"],
  };

  /** The Porter stem of a lower-case word of the letters a–z; any other word unchanged. */
  function stem(word) {
    if (word.length <= 2 || !/^[a-z]+$/.test(word)) { return word; }
    var b = word.split("");
    var k = b.length - 1;
    var j = 0;

    function isConsonant(i) {
      switch (b[i]) {
        case "a": case "e": case "i": case "o": case "u": return false;
        case "y": return i === 0 ? true : !isConsonant(i - 1);
        default: return true;
      }
    }
    function measure() {
      var n = 0;
      var i = 0;
      for (;;) {
        if (i > j) { return n; }
        if (!isConsonant(i)) { break; }
        i += 1;
      }
      i += 1;
      for (;;) {
        for (;;) {
          if (i > j) { return n; }
          if (isConsonant(i)) { break; }
          i += 1;
        }
        i += 1;
        n += 1;
        for (;;) {
          if (i > j) { return n; }
          if (!isConsonant(i)) { break; }
          i += 1;
        }
        i += 1;
      }
    }
    function vowelInStem() {
      for (var i = 0; i <= j; i += 1) { if (!isConsonant(i)) { return true; } }
      return false;
    }
    function doubleConsonant(i) {
      return i >= 1 && b[i] === b[i - 1] && isConsonant(i);
    }
    function cvc(i) {
      if (i < 2 || !isConsonant(i) || isConsonant(i - 1) || !isConsonant(i - 2)) { return false; }
      return b[i] !== "w" && b[i] !== "x" && b[i] !== "y";
    }
    function ends(suffix) {
      if (suffix.length > k + 1 || b[k] !== suffix[suffix.length - 1]) { return false; }
      if (b.slice(k - suffix.length + 1, k + 1).join("") !== suffix) { return false; }
      j = k - suffix.length;
      return true;
    }
    function setTo(replacement) {
      b.splice(j + 1, b.length - j - 1);
      for (var i = 0; i < replacement.length; i += 1) { b.push(replacement[i]); }
      k = j + replacement.length;
    }
    function truncate() {
      b.length = k + 1;
    }
    function applyFirst(rules) {
      for (var i = 0; i < rules.length; i += 1) {
        if (ends(rules[i][0])) {
          if (measure() > 0) { setTo(rules[i][1]); }
          truncate();
          return;
        }
      }
    }

    // Step 1ab: plurals and -ed or -ing.
    if (b[k] === "s") {
      if (ends("sses")) {
        k -= 2;
      } else if (ends("ies")) {
        setTo("i");
      } else if (b[k - 1] !== "s") {
        k -= 1;
      }
    }
    if (ends("eed")) {
      if (measure() > 0) { k -= 1; }
    } else if ((ends("ed") || ends("ing")) && vowelInStem()) {
      k = j;
      if (ends("at")) {
        setTo("ate");
      } else if (ends("bl")) {
        setTo("ble");
      } else if (ends("iz")) {
        setTo("ize");
      } else if (doubleConsonant(k)) {
        k -= 1;
        if (b[k] === "l" || b[k] === "s" || b[k] === "z") { k += 1; }
      } else if (measure() === 1 && cvc(k)) {
        setTo("e");
      }
    }
    truncate();
    if (k > 0) {
      // Step 1c: a final y after a vowel in the stem becomes i.
      if (ends("y") && vowelInStem()) { b[k] = "i"; }
      // Steps 2 and 3: double suffixes to single ones; -ic-, -full, -ness.
      applyFirst(STEP2[b[k - 1]] || []);
      applyFirst(STEP3[b[k]] || []);
      // Step 4: the suffixes of a stem with two or more syllables.
      var found = false;
      if (b[k - 1] === "o") {
        if (ends("ion") && j >= 0 && (b[j] === "s" || b[j] === "t")) {
          found = true;
        } else if (ends("ou")) {
          found = true;
        }
      } else {
        found = (STEP4[b[k - 1]] || []).some(function (suffix) { return ends(suffix); });
      }
      if (found && measure() > 1) {
        k = j;
        truncate();
      }
      // Step 5: a final -e, and -ll to -l, on long stems.
      j = k;
      if (b[k] === "e") {
        var m = measure();
        if (m > 1 || (m === 1 && !cvc(k - 1))) { k -= 1; }
      }
      if (b[k] === "l" && doubleConsonant(k) && measure() > 1) { k -= 1; }
      truncate();
    }
    return b.join("");
  }

  // MARK: - Index files

  // The digits of the postings: 92 printable ASCII characters that need no escaping in a JSON
  // string. The first 46 end a number, the other 46 carry on to the next digit (little-endian).
  var DIGITS = (function () {
    var out = "";
    for (var code = 0x21; code <= 0x7e; code += 1) {
      if (code !== 0x22 && code !== 0x5c) { out += String.fromCharCode(code); }
    }
    return out;
  })();
  var BASE = 46;
  var DIGIT_VALUES = (function () {
    var values = new Int16Array(128).fill(-1);
    for (var index = 0; index < DIGITS.length; index += 1) { values[DIGITS.charCodeAt(index)] = index; }
    return values;
  })();

  /** Reads numbers one after the other from a postings string. */
  function NumberReader(text, position) {
    this.text = text;
    this.position = position || 0;
  }
  NumberReader.prototype.next = function () {
    var value = 0;
    var scale = 1;
    for (;;) {
      var digit = DIGIT_VALUES[this.text.charCodeAt(this.position)];
      this.position += 1;
      if (digit < 0) { throw new Error("damaged search index"); }
      if (digit < BASE) { return value + digit * scale; }
      value += (digit - BASE) * scale;
      scale *= BASE;
    }
  };

  /** The sorted terms of a shard: front-coded entries separated by spaces, each starting with the
   *  number of UTF-16 units it shares with the entry before. */
  function decodeTerms(text) {
    var out = [];
    var previous = "";
    if (text === "") { return out; }
    var entries = text.split(" ");
    for (var index = 0; index < entries.length; index += 1) {
      var entry = entries[index];
      var term = previous.slice(0, entry.charCodeAt(0) - 48) + entry.slice(1);
      out.push(term);
      previous = term;
    }
    return out;
  }

  /** One term shard: its terms, and where each term's postings start. */
  function TermShard(data) {
    this.terms = decodeTerms(data.terms);
    this.postings = data.postings;
    this.offsets = new Int32Array(this.terms.length);
    var reader = new NumberReader(this.postings);
    for (var index = 0; index < this.terms.length; index += 1) {
      this.offsets[index] = reader.position;
      var count = reader.next();
      for (var entry = 0; entry < count * 2; entry += 1) { reader.next(); }
    }
  }

  /** The index of the first term not before `term`. */
  TermShard.prototype.lowerBound = function (term) {
    var low = 0;
    var high = this.terms.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (this.terms[middle] < term) { low = middle + 1; } else { high = middle; }
    }
    return low;
  };

  /** Calls `visit(document, impact, titled)` for each posting of the term at `index`; `titled` says
   *  whether the term is in the document's title or headings (the stored number's lowest bit). */
  TermShard.prototype.forEachPosting = function (index, visit) {
    var reader = new NumberReader(this.postings, this.offsets[index]);
    var count = reader.next();
    var document = -1;
    for (var entry = 0; entry < count; entry += 1) {
      document += reader.next() + 1;
      var stored = reader.next();
      visit(document, Math.floor(stored / 2), stored % 2 === 1);
    }
  };

  // MARK: - Queries

  /** How much a term that the typed word only begins counts, against the word itself. */
  var PREFIX_WEIGHT = 0.5;
  /** The most terms one unfinished word may stand for. */
  var PREFIX_LIMIT = 200;
  var KINDS = ["p", "s", "g"];
  /** How many of the best results are listed first, whatever their kind. */
  var BEST_MATCHES = 3;

  /**
   * What a query asks for: its distinct terms, in order, each with the query's units it covers (a
   * word, or one Han character). A Han character inside one of the query's own pairs is left out,
   * so 对比度 asks for 对比 and 比度 rather than for every character; each character of a run is a
   * unit that any pair holding it covers, so a pair that spans two words typed together (景音 in
   * 背景音乐) is not needed when the words' own pairs cover the run, and counts as a bonus when it
   * is there. The last word, when the query ends inside it, is marked as a prefix. Returns the
   * terms, with `units`, the number of units, as a property of the list.
   */
  function plan(query, folding) {
    var all = tokenize(query, folding);
    var out = [];
    var byTerm = new Map();
    var unitOf = new Map();
    var units = 0;
    function unit(token) {
      var key = token.han ? "h" + token.start : "w" + token.start;
      if (!unitOf.has(key)) { unitOf.set(key, units++); }
      return unitOf.get(key);
    }
    all.forEach(function (token, index) {
      var length = Array.from(token.term).length;
      var covered;
      if (!token.han) {
        covered = [unit(token)];
      } else if (length === 2) {
        var characters = all.filter(function (other) {
          return other.han && Array.from(other.term).length === 1 && token.start <= other.start && other.end <= token.end;
        });
        covered = characters.map(unit);
      } else if (all.some(function (other) {
        return other.han && Array.from(other.term).length === 2 && other.start <= token.start && token.end <= other.end;
      })) {
        return;
      } else {
        covered = [unit(token)];
      }
      var prefix = index === all.length - 1 && !token.han && token.end === query.length && token.raw.length >= 2;
      var known = byTerm.get(token.term);
      if (known) {
        if (prefix) {
          known.prefix = true;
          known.raw = token.raw;
        }
        covered.forEach(function (number) { if (known.units.indexOf(number) < 0) { known.units.push(number); } });
        return;
      }
      var term = { term: token.term, raw: token.raw, prefix: prefix, units: covered };
      byTerm.set(token.term, term);
      out.push(term);
    });
    out.units = units;
    return out;
  }

  /** Searches one language's index; `load(name)` gives a promise of an index file's data. */
  function Engine(load, language) {
    this.load = load;
    this.language = language;
    this.manifest = null;
    this.folding = NO_FOLDING;
    this.shards = new Map();
  }

  /** Loads the language's main index file once. */
  Engine.prototype.ready = function () {
    var engine = this;
    if (!this.loading) {
      this.loading = this.load(this.language).then(function (data) {
        engine.manifest = {
          docs: data.docs.map(function (entry, index) {
            return { index: index, kind: entry[0], id: entry[1], title: entry[2], path: entry[3], lang: entry[4] || null };
          }),
          terms: data.terms,
          text: data.text,
          words: data.words || null,
        };
        engine.folding = new Folding(data.folding);
        engine.synonyms = (data.synonyms || []).map(function (group) {
          return group.map(function (word) { return { word: word, key: engine.key(word) }; });
        });
        return engine;
      });
    }
    return this.loading;
  };

  /** The positions in `list` (sorted [first, name] pairs) of the entries whose range may hold `from`…`to`. */
  function shardRange(list, from, to) {
    var first = 0;
    for (var index = 0; index < list.length; index += 1) {
      if (list[index][0] <= from) { first = index; } else { break; }
    }
    var last = first;
    while (last + 1 < list.length && list[last + 1][0] <= to) { last += 1; }
    return [first, last];
  }

  /** The term shard at `position` of the main file's list, loaded once. */
  Engine.prototype.shard = function (position) {
    var name = this.manifest.terms[position][1];
    if (!this.shards.has(name)) {
      this.shards.set(name, this.load(name).then(function (data) { return new TermShard(data); }));
    }
    return this.shards.get(name);
  };

  /** The shards that may hold the term and, for a prefix, the terms that begin with the typed word.
   *  (A stem may sort after the words it is the stem of: sensibiliti → sensibl.) */
  Engine.prototype.shardsFor = function (term) {
    var ranges = [shardRange(this.manifest.terms, term.term, term.term)];
    if (term.prefix) { ranges.push(shardRange(this.manifest.terms, term.raw, term.raw + "\uffff")); }
    var positions = new Set();
    ranges.forEach(function (range) {
      for (var position = range[0]; position <= range[1]; position += 1) { positions.add(position); }
    });
    var engine = this;
    return Promise.all(Array.from(positions).sort(function (a, b) { return a - b; }).map(function (position) {
      return engine.shard(position);
    }));
  };

  /** The best weight of one query term in each document, in `into`, and in `titled` whether the
   *  term (or a word it begins) is in the document's title or headings. */
  function weighTerm(term, shards, into, titled) {
    shards.forEach(function (shard) {
      var exact = shard.lowerBound(term.term);
      if (exact < shard.terms.length && shard.terms[exact] === term.term) {
        shard.forEachPosting(exact, function (document, impact, inTitle) {
          if (impact > into[document]) { into[document] = impact; }
          if (inTitle) { titled[document] = 1; }
        });
      }
      if (!term.prefix) { return; }
      var expanded = 0;
      for (var index = shard.lowerBound(term.raw); index < shard.terms.length && expanded < PREFIX_LIMIT; index += 1) {
        var candidate = shard.terms[index];
        if (candidate.slice(0, term.raw.length) !== term.raw) { break; }
        if (candidate === term.term) { continue; }
        expanded += 1;
        shard.forEachPosting(index, function (document, impact, inTitle) {
          var weight = impact * PREFIX_WEIGHT;
          if (weight > into[document]) { into[document] = weight; }
          if (inTitle) { titled[document] = 1; }
        });
      }
    });
  }

  /** `text` as queries are compared with words of the synonym table: lower case, Han folded. */
  Engine.prototype.key = function (text) {
    var folding = this.folding;
    return Array.from(text.toLowerCase()).map(function (character) { return folding.fold(character); });
  };

  /**
   * The documents for one query, best first: those that cover every unit of the query (every word,
   * every Han character through a pair), or when there are none, those that cover the most; ranked
   * by the sum of the weights of all the terms they have. Resolves to { terms, coverage, ranked },
   * `coverage` being the share of the query's units the listed documents cover.
   */
  Engine.prototype.rankOne = function (query) {
    var engine = this;
    var terms = plan(query, engine.folding);
    if (terms.length === 0) { return Promise.resolve({ terms: terms, coverage: 0, ranked: [], missing: [] }); }
    return Promise.all(terms.map(function (term) { return engine.shardsFor(term); })).then(function (shardLists) {
      var count = engine.manifest.docs.length;
      var score = new Float64Array(count);
      var titles = [];
      var weights = shardLists.map(function (shards, index) {
        var best = new Float64Array(count);
        titles.push(new Uint8Array(count));
        weighTerm(terms[index], shards, best, titles[index]);
        return best;
      });
      // The query's terms that no page has: the ones a correction may mend.
      var missing = terms.filter(function (term, index) { return !weights[index].some(function (w) { return w > 0; }); });
      var units = new Array(count).fill(0);
      var titledUnits = new Array(count).fill(0);
      for (var document = 0; document < count; document += 1) {
        var seen = new Set();
        var inTitles = new Set();
        for (var index = 0; index < terms.length; index += 1) {
          var weight = weights[index][document];
          if (weight > 0) {
            score[document] += weight;
            terms[index].units.forEach(function (number) { seen.add(number); });
            if (titles[index][document]) { terms[index].units.forEach(function (number) { inTitles.add(number); }); }
          }
        }
        units[document] = seen.size;
        titledUnits[document] = inTitles.size;
      }
      var most = 0;
      for (var candidate = 0; candidate < count; candidate += 1) { most = Math.max(most, units[candidate]); }
      var ranked = [];
      if (most > 0) {
        for (var found = 0; found < count; found += 1) {
          if (units[found] !== most) { continue; }
          var doc = engine.manifest.docs[found];
          // A practice whose title holds the whole query is the page about it: it comes first; then
          // the pages whose title or headings hold the whole query, then those that have it in text.
          var bonus = most === terms.units && doc.kind === "p" && engine.titleHolds(doc, terms) ? TITLE_BONUS : 0;
          if (!bonus && most === terms.units && titledUnits[found] === most) { bonus = HEADING_BONUS; }
          ranked.push({ doc: doc, score: score[found] + bonus });
        }
      }
      return { terms: terms, coverage: most / terms.units, ranked: ranked, missing: missing };
    });
  };

  /** What a practice whose title holds every word of the query has added to its score. */
  var TITLE_BONUS = 100000;
  /** What a page whose title or headings hold every word of the query has added to its score. */
  var HEADING_BONUS = 50000;

  /** Whether every term of `terms` is in the title of `doc` (the last word may be begun). */
  Engine.prototype.titleHolds = function (doc, terms) {
    if (!doc.titleTerms) { doc.titleTerms = new Set(tokens(doc.id + " " + doc.title, this.folding)); }
    return terms.every(function (term) {
      if (doc.titleTerms.has(term.term)) { return true; }
      if (!term.prefix) { return false; }
      return Array.from(doc.titleTerms).some(function (word) { return word.slice(0, term.raw.length) === term.raw; });
    });
  };

  /**
   * The query with each word of a synonym group it holds replaced by each other word of the group
   * (影片 → 視像, "pt" → "points", "143" → "1.4.3"), at most `VARIANT_LIMIT`.
   */
  Engine.prototype.synonymVariants = function (query) {
    var key = this.key(query);
    var lower = Array.from(query.toLowerCase());
    var out = [];
    this.synonyms.forEach(function (group) {
      group.forEach(function (member) {
        var word = member.key;
        for (var start = 0; start + word.length <= key.length && out.length < VARIANT_LIMIT; start += 1) {
          var end = start + word.length;
          var same = true;
          for (var i = 0; i < word.length && same; i += 1) { same = key[start + i] === word[i]; }
          if (!same) { continue; }
          // A word of letters or digits matches whole words only ("pt" is not inside "prompt").
          if (isWordCharacter(word[0]) && !isHan(word[0].codePointAt(0)) && start > 0 && isWordCharacter(key[start - 1])) { continue; }
          if (isWordCharacter(word[word.length - 1]) && !isHan(word[word.length - 1].codePointAt(0)) && end < key.length && isWordCharacter(key[end])) { continue; }
          group.forEach(function (other) {
            if (other === member || out.length >= VARIANT_LIMIT) { return; }
            out.push(lower.slice(0, start).join("") + other.word + lower.slice(end).join(""));
          });
        }
      });
    });
    return out;
  };

  /** The spelling vocabulary (`<lang>-words.js`), loaded once, when a query first needs it. */
  Engine.prototype.words = function () {
    if (!this.manifest.words) { return Promise.resolve({ latin: [], han: new Set(), byFirst: new Map(), bySecond: new Map() }); }
    if (!this.vocabulary) {
      this.vocabulary = this.load(this.manifest.words).then(function (data) {
        var pairs = data.han ? data.han.split(" ") : [];
        var byFirst = new Map();
        var bySecond = new Map();
        pairs.forEach(function (pair) {
          var characters = Array.from(pair);
          if (!byFirst.has(characters[0])) { byFirst.set(characters[0], []); }
          byFirst.get(characters[0]).push(characters[1]);
          if (!bySecond.has(characters[1])) { bySecond.set(characters[1], []); }
          bySecond.get(characters[1]).push(characters[0]);
        });
        return { latin: data.latin ? data.latin.split(" ") : [], han: new Set(pairs), byFirst: byFirst, bySecond: bySecond };
      });
    }
    return this.vocabulary;
  };

  /**
   * Queries that mend the words of `query` that no page has: a Latin word of five letters or more
   * becomes the most used word of the pages within one edit (two for words of eight letters or
   * more; an edit being a letter added, dropped, changed, or two swapped); a run of Han characters
   * gets one character replaced so that its pairs are pairs of the index (字募 → 字幕, 对必度 → 对比度).
   */
  Engine.prototype.corrections = function (query, missing) {
    var engine = this;
    var latin = missing.filter(function (term) { return !term.han && /^[a-z]+$/i.test(term.raw) && term.raw.length >= 5; });
    var hasHan = Array.from(query).some(function (c) { return isHan(c.codePointAt(0)); });
    if (latin.length === 0 && !hasHan) { return Promise.resolve([]); }
    return this.words().then(function (words) {
      var out = [];
      var corrected = query;
      var changed = false;
      latin.forEach(function (term) {
        var raw = term.raw.toLowerCase();
        var limit = raw.length >= 8 ? 2 : 1;
        var best = null;
        var bestDistance = limit + 1;
        for (var index = 0; index < words.latin.length && bestDistance > 1; index += 1) {
          var candidate = words.latin[index];
          if (Math.abs(candidate.length - raw.length) >= bestDistance || candidate === raw) { continue; }
          var distance = editDistance(raw, candidate, bestDistance - 1);
          if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
          }
        }
        if (best) {
          corrected = corrected.replace(new RegExp("(^|[^A-Za-z])" + term.raw + "(?![A-Za-z])", "i"), function (whole, before) { return before + best; });
          changed = true;
        }
      });
      if (changed) { out.push({ query: corrected, sure: true }); }
      if (hasHan) { out = out.concat(hanCorrections(query, words, engine.folding, /^zh-Hant/.test(engine.language))); }
      return out.slice(0, VARIANT_LIMIT);
    });
  };

  /**
   * Each way to replace one character of a Han run of `query` so that the pairs it forms with its
   * neighbours are pairs of the index. Only a character all of whose pairs are missing is replaced
   * (in 無障礙聲名 the pair 礙聲 is found, so 名 is the one to mend, not 聲); candidates come in
   * the vocabulary's order, most used first. A mend of a character between two neighbours that
   * both agree is `sure` (对必度 → 对比度); one that rests on a single pair (the end of a run, a
   * two-character query) is a guess among several, shown as close matches. Characters are shown
   * in Traditional script in a Traditional edition.
   */
  function hanCorrections(query, words, folding, traditional) {
    var characters = Array.from(query);
    var folded = characters.map(function (c) { return folding.fold(c); });
    var han = folded.map(function (c) { return isHan(c.codePointAt(0)); });
    var sure = [];
    var guesses = [];
    for (var index = 0; index < characters.length; index += 1) {
      if (!han[index]) { continue; }
      var before = index > 0 && han[index - 1] ? folded[index - 1] : null;
      var after = index + 1 < folded.length && han[index + 1] ? folded[index + 1] : null;
      var needed = (before ? 1 : 0) + (after ? 1 : 0);
      if (needed === 0) { continue; }
      var pairsWith = function (c) { return (before && words.han.has(before + c) ? 1 : 0) + (after && words.han.has(c + after) ? 1 : 0); };
      if (pairsWith(folded[index]) > 0) { continue; }
      var candidates = new Set((before ? words.byFirst.get(before) || [] : []).concat(after ? words.bySecond.get(after) || [] : []));
      candidates.forEach(function (candidate) {
        if (candidate === folded[index] || pairsWith(candidate) !== needed) { return; }
        var shown = traditional ? folding.unfold(candidate) : candidate;
        var mend = characters.slice(0, index).join("") + shown + characters.slice(index + 1).join("");
        (needed === 2 ? sure : guesses).push({ query: mend, sure: needed === 2 });
      });
    }
    return sure.concat(guesses);
  }

  /** The optimal string alignment distance of `a` and `b`, or `limit + 1` once it must exceed `limit`. */
  function editDistance(a, b, limit) {
    var previous2 = null;
    var previous = [];
    for (var j = 0; j <= b.length; j += 1) { previous.push(j); }
    for (var i = 1; i <= a.length; i += 1) {
      var current = [i];
      var smallest = i;
      for (var k = 1; k <= b.length; k += 1) {
        var cost = a[i - 1] === b[k - 1] ? 0 : 1;
        var value = Math.min(previous[k] + 1, current[k - 1] + 1, previous[k - 1] + cost);
        if (i > 1 && k > 1 && a[i - 1] === b[k - 2] && a[i - 2] === b[k - 1]) { value = Math.min(value, previous2[k - 2] + 1); }
        current.push(value);
        smallest = Math.min(smallest, value);
      }
      if (smallest > limit) { return limit + 1; }
      previous2 = previous;
      previous = current;
    }
    return previous[b.length];
  }

  /**
   * The documents for `query`, best first, with the words readers type for the same thing
   * (`synonymVariants`) and, when a word of the query is on no page, its correction
   * (`corrections`): the variants that cover most of their query are merged, a page keeping its
   * best score (a variant's counting a little less than the query as typed). Resolves to
   * { terms, total, ranked, corrected }, `corrected` being the mended query when it was used.
   */
  Engine.prototype.rank = function (query) {
    var engine = this;
    return this.ready().then(function () {
      var typed = splitUnits(query);
      var queries = [typed].concat(engine.synonymVariants(typed));
      return Promise.all(queries.map(function (q) { return engine.rankOne(q); })).then(function (results) {
        var base = results[0];
        var complete = results.some(function (result) { return result.coverage === 1; });
        if (complete || base.terms.length === 0) { return merge(results, [], null); }
        return engine.corrections(typed, base.missing).then(function (mended) {
          // Each mended query, then its own synonym variants, each remembering which mend it came from.
          var extra = [];
          mended.forEach(function (mend) {
            [mend.query].concat(engine.synonymVariants(mend.query)).forEach(function (q) { extra.push({ query: q, mend: mend }); });
          });
          return Promise.all(extra.map(function (entry) { return engine.rankOne(entry.query); })).then(function (more) {
            var best = results.reduce(function (most, result) { return Math.max(most, result.coverage); }, 0);
            var top = more.reduce(function (most, result) { return result.ranked.length > 0 ? Math.max(most, result.coverage) : most; }, 0);
            if (top <= best) { return merge(results, [], null); }
            var used = extra.filter(function (entry, index) { return more[index].coverage === top && more[index].ranked.length > 0; });
            var merged = merge(results, more, null);
            if (used[0].mend.sure) {
              merged.corrected = used[0].mend.query;
            } else {
              merged.approximate = true;
            }
            return merged;
          });
        });
      });
    });
  };

  /** How much a page found through another word counts, against the words as typed. */
  var VARIANT_WEIGHT = 0.9;
  /** The most variants of one query that are ranked. */
  var VARIANT_LIMIT = 12;

  /** A number written against its unit is two words: "44pt" asks for 44 and pt. */
  function splitUnits(query) {
    return query.replace(/(\d)([A-Za-z]{1,3})(?![A-Za-z])/g, "$1 $2");
  }

  /** One ranking from the rankings of a query's variants (the query as typed first). */
  function merge(results, corrections, corrected) {
    var all = results.concat(corrections);
    var coverage = all.reduce(function (most, result) { return Math.max(most, result.coverage); }, 0);
    var byDocument = new Map();
    var terms = [];
    all.forEach(function (result, position) {
      if (result.coverage < coverage || result.ranked.length === 0) { return; }
      terms = terms.concat(result.terms);
      var weight = position === 0 ? 1 : VARIANT_WEIGHT;
      result.ranked.forEach(function (entry) {
        var score = entry.score * weight;
        var known = byDocument.get(entry.doc.index);
        if (!known || known.score < score) { byDocument.set(entry.doc.index, { doc: entry.doc, score: score }); }
      });
    });
    if (terms.length === 0 && results.length > 0) { terms = results[0].terms; }
    var ranked = Array.from(byDocument.values());
    ranked.sort(function (a, b) { return b.score - a.score || a.doc.index - b.doc.index; });
    return { terms: terms, total: ranked.length, ranked: ranked, corrected: corrected };
  }

  /** The text of the document at `index`, from its text shard. */
  Engine.prototype.text = function (index) {
    var list = this.manifest.text;
    var position = 0;
    while (position + 1 < list.length && list[position + 1][0] <= index) { position += 1; }
    var name = list[position][1];
    var first = list[position][0];
    if (!this.shards.has(name)) { this.shards.set(name, this.load(name)); }
    return this.shards.get(name).then(function (data) { return data.texts[index - first] || ""; });
  };

  /**
   * Searches: resolves to { total, best, groups }. `best` holds the `BEST_MATCHES` best results
   * whatever their kind, so the page most about the query comes first even when pages of another
   * kind are more numerous; `groups` ([{ kind, total, results }], practices, sections and other
   * pages in that order) hold the rest, at most `perGroup` results each. Every result has its
   * snippet.
   */
  Engine.prototype.search = function (query, perGroup) {
    var engine = this;
    var limit = perGroup || 10;
    return this.rank(query).then(function (ranking) {
      var entries = foldVariants(ranking.ranked);
      var best = entries.slice(0, BEST_MATCHES);
      var groups = KINDS.map(function (kind) { return { kind: kind, total: 0, results: [] }; });
      entries.slice(BEST_MATCHES).forEach(function (entry) {
        var group = groups[KINDS.indexOf(entry.doc.kind)];
        group.total += 1;
        if (group.results.length < limit) { group.results.push(entry); }
      });
      var shown = groups.filter(function (group) { return group.total > 0; });
      var texts = [];
      best.concat.apply(best, shown.map(function (group) { return group.results; })).forEach(function (entry) {
        texts.push(engine.text(entry.doc.index).then(function (text) { entry.snippet = snippet(text, ranking.terms, engine.folding); }));
      });
      return Promise.all(texts).then(function () {
        // Counted as listed: a topic's platform versions are one result.
        return { total: entries.length, best: best, groups: shown, corrected: ranking.corrected, approximate: !!ranking.approximate };
      });
    });
  };

  /** A section title without its platform ("Background Music — Android", "背景音乐（iOS）"). */
  var PLATFORM_SUFFIX = /(?:\s*[\u2014\u2013-]\s*(?:Android|iOS)|\s*[（(](?:Android|iOS)[)）])$/;

  /**
   * The ranked entries with the platform versions of a section folded into the first of them
   * ("Background Music", "Background Music — Android", "— iOS" in one result, the others as its
   * `variants`), so that one topic's Android and iOS pages do not fill the first places.
   */
  function foldVariants(ranked) {
    var firstOf = new Map();
    var out = [];
    ranked.forEach(function (entry) {
      var doc = entry.doc;
      var base = doc.kind === "s" ? doc.title.replace(PLATFORM_SUFFIX, "") : null;
      var first = base !== null ? firstOf.get(base) : undefined;
      if (first && (base !== doc.title || base !== first.doc.title)) {
        first.variants = (first.variants || []).concat([entry]);
        return;
      }
      if (base !== null && !firstOf.has(base)) { firstOf.set(base, entry); }
      out.push(entry);
    });
    return out;
  }

  // MARK: - Snippets

  var SNIPPET_LENGTH = 200;
  var SNIPPET_LEAD = 40;

  function matches(token, term) {
    return token.term === term.term || (term.prefix && token.term.slice(0, term.raw.length) === term.raw);
  }

  /** Moves an offset off the second half of a surrogate pair. */
  function codePointBoundary(text, offset) {
    var code = text.charCodeAt(offset);
    return code >= 0xdc00 && code <= 0xdfff ? offset + 1 : offset;
  }

  /**
   * A passage of `text` around the place where the most query terms meet, as parts
   * [{ text, mark }], with the matched words marked and "…" where the text was cut.
   */
  function snippet(text, terms, folding) {
    var hits = [];
    tokenize(text, folding).forEach(function (token) {
      for (var index = 0; index < terms.length; index += 1) {
        if (matches(token, terms[index])) { hits.push({ start: token.start, end: token.end, term: index }); return; }
      }
    });
    var start = 0;
    if (hits.length > 0) {
      var best = 0;
      var bestCount = 0;
      for (var first = 0; first < hits.length && first < 300; first += 1) {
        var distinct = new Set();
        for (var other = first; other < hits.length && hits[other].start < hits[first].start + SNIPPET_LENGTH - SNIPPET_LEAD; other += 1) {
          distinct.add(hits[other].term);
        }
        if (distinct.size > bestCount) { best = first; bestCount = distinct.size; }
      }
      start = Math.max(0, hits[best].start - SNIPPET_LEAD);
      if (start > 0) {
        var space = text.indexOf(" ", start);
        if (space >= 0 && space < hits[best].start) { start = space + 1; }
      }
    }
    start = codePointBoundary(text, start);
    var end = Math.min(text.length, start + SNIPPET_LENGTH);
    if (end < text.length) {
      var lastSpace = text.lastIndexOf(" ", end);
      if (lastSpace > start + SNIPPET_LENGTH / 2) { end = lastSpace; }
    }
    end = codePointBoundary(text, end);
    var parts = [];
    if (start > 0) { parts.push({ text: "… ", mark: false }); }
    var position = start;
    hits.sort(function (a, b) { return a.start - b.start || b.end - a.end; });
    hits.forEach(function (hit) {
      if (hit.end <= position || hit.start >= end) { return; }
      var from = Math.max(hit.start, position);
      if (from > position) { parts.push({ text: text.slice(position, from), mark: false }); }
      var to = Math.min(hit.end, end);
      var last = parts[parts.length - 1];
      if (last && last.mark && from === position) {
        last.text += text.slice(from, to);
      } else {
        parts.push({ text: text.slice(from, to), mark: true });
      }
      position = to;
    });
    if (position < end) { parts.push({ text: text.slice(position, end), mark: false }); }
    if (end < text.length) { parts.push({ text: " …", mark: false }); }
    return parts;
  }

  // MARK: - Loading index files in the page

  var registry = new Map();
  var waiting = new Map();

  /** Called by each index file with its name (`en`, `en-terms-0`, …) and its data. */
  function register(name, data) {
    registry.set(name, data);
    var resolve = waiting.get(name);
    if (resolve) {
      waiting.delete(name);
      resolve(data);
    }
  }

  /** A loader that injects `<script src>` for `root + "assets/search/" + name + ".js"`. */
  function scriptLoader(document, root) {
    return function (name) {
      if (registry.has(name)) { return Promise.resolve(registry.get(name)); }
      return new Promise(function (resolve, reject) {
        waiting.set(name, resolve);
        var script = document.createElement("script");
        script.src = root + "assets/search/" + name + ".js";
        script.async = true;
        script.addEventListener("error", function () {
          waiting.delete(name);
          reject(new Error("the search index file " + name + " could not be loaded"));
        });
        document.head.appendChild(script);
      });
    };
  }

  // MARK: - The search box

  var DEBOUNCE_MS = 120;
  /**
   * How long typing must pause before the result count is spoken. Every keystroke would otherwise
   * replace the pending message before a screen reader speaks it, so that what is heard (if
   * anything) depends on typing speed; one announcement for the settled query, naming it, is heard.
   */
  var ANNOUNCE_MS = 900;

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  /**
   * Gives `node` the language of the landmark's string `name`: a `data-NAME-lang` attribute says the
   * string is English standing in for a translation, which a screen reader should read as English.
   */
  function markLanguage(node, element, name) {
    var lang = element.getAttribute("data-" + name + "-lang");
    if (lang) { node.lang = lang; } else { node.removeAttribute("lang"); }
    return node;
  }

  /** The labelled search field, built from the landmark's data-label; the page carries none. */
  function searchField(element) {
    var document = element.ownerDocument;
    var box = document.createElement("div");
    box.className = "search-box";
    var label = document.createElement("label");
    label.htmlFor = "search-input";
    label.textContent = element.getAttribute("data-label") || "";
    markLanguage(label, element, "label");
    var input = document.createElement("input");
    input.type = "search";
    input.id = "search-input";
    input.className = "search-input";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("enterkeyhint", "search");
    box.append(label, input);
    return box;
  }

  /** The search landmark of one page: input, status line and results list. */
  function SearchBox(element) {
    var document = element.ownerDocument;
    this.document = document;
    this.element = element;
    this.box = searchField(element);
    this.input = this.box.querySelector("input[type=search]");
    this.status = element.querySelector(".search-status");
    // Empty until a query settles, with no role: an empty status bar is not read out on every pass.
    this.announcer = document.createElement("div");
    this.announcer.className = "visually-hidden";
    this.announcer.setAttribute("aria-live", "polite");
    this.announcer.setAttribute("aria-atomic", "true");
    this.announceTimer = 0;
    this.results = element.querySelector(".search-results");
    // On the results page (search.html) the box fills the page's own list with every result.
    this.page = document.querySelector("[data-search-page]");
    if (this.page) {
      this.status = this.page.querySelector(".search-status");
      this.results = this.page.querySelector(".search-results");
    }
    this.root = element.getAttribute("data-root") || "";
    this.engine = new Engine(scriptLoader(document, this.root), element.getAttribute("data-lang"));
    this.sequence = 0;
    this.timer = 0;
  }

  SearchBox.prototype.text = function (name) {
    return this.element.getAttribute("data-" + name) || "";
  };

  SearchBox.prototype.start = function () {
    var box = this;
    this.element.insertBefore(this.box, this.element.firstChild);
    this.element.appendChild(this.announcer);
    this.element.classList.add("search-ready");
    this.input.setAttribute("aria-keyshortcuts", "/");
    // Enter opens the results page with every result, the query in its address (a change the
    // reader asks for, as a form's submit is).
    this.input.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || box.input.value.trim() === "") { return; }
      event.preventDefault();
      clearTimeout(box.timer);
      if (box.page) { box.run(); } else { box.document.defaultView.location.href = box.pageAddress(box.input.value); }
    });
    if (this.page) {
      var query = new URLSearchParams(this.document.defaultView.location.search).get("q") || "";
      if (query.trim() !== "") {
        this.input.value = query;
        this.run();
      }
    }
    this.input.addEventListener("focus", function () { box.engine.ready().catch(function () { box.showFailure(); }); });
    this.input.addEventListener("input", function () { box.schedule(); });
    this.element.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && (box.input.value !== "" || !box.results.hidden)) {
        event.preventDefault();
        var inResults = box.results.contains(box.document.activeElement);
        box.input.value = "";
        box.clear();
        if (inResults) { box.input.focus(); }
      }
    });
  };

  SearchBox.prototype.schedule = function () {
    var box = this;
    clearTimeout(this.timer);
    clearTimeout(this.announceTimer);
    // Emptied at once, so that the same count for a new query is a change, and announced again.
    this.announcer.textContent = "";
    this.timer = setTimeout(function () { box.run(); }, DEBOUNCE_MS);
  };

  /** Speaks the count of the query the results are for, once typing has paused. */
  SearchBox.prototype.announce = function (query, total, corrected) {
    var box = this;
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(function () {
      if (box.input.value !== query) { return; }
      var name = total === 0 ? "announce-none" : total === 1 ? "announce-one" : "announce-many";
      markLanguage(box.announcer, box.element, name);
      // A mended query is named as searched, so that the reader hears the word the count is for.
      box.announcer.textContent = format(box.text(name), { count: total, query: (corrected || query).trim() });
    }, ANNOUNCE_MS);
  };

  SearchBox.prototype.clear = function () {
    clearTimeout(this.timer);
    clearTimeout(this.announceTimer);
    this.sequence += 1;
    this.results.replaceChildren();
    this.results.hidden = true;
    this.status.textContent = "";
    this.announcer.textContent = "";
  };

  /** The results page's address for `query`. */
  SearchBox.prototype.pageAddress = function (query) {
    return this.text("page") + "?q=" + encodeURIComponent(query.trim());
  };

  SearchBox.prototype.run = function () {
    var box = this;
    var query = this.input.value;
    if (this.page) {
      // The address follows the query, so the page can be bookmarked or shared as it is.
      var window = this.document.defaultView;
      window.history.replaceState(null, "", query.trim() === "" ? window.location.pathname : "?q=" + encodeURIComponent(query.trim()));
    }
    if (query.trim() === "") {
      this.clear();
      return;
    }
    var sequence = ++this.sequence;
    this.engine.search(query, this.page ? Infinity : undefined).then(function (result) {
      if (sequence === box.sequence) {
        box.show(result, query);
        box.announce(query, result.total, result.corrected);
      }
    }, function () {
      if (sequence === box.sequence) { box.showFailure(); }
    });
  };

  SearchBox.prototype.make = function (name, className, text, textName) {
    var node = this.document.createElement(name);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    if (textName) { markLanguage(node, this.element, textName); }
    return node;
  };

  SearchBox.prototype.show = function (result, query) {
    var box = this;
    // Which query the list is for, so that a reader's tools (and the tests) can tell a settled list.
    this.results.setAttribute("data-query", query);
    // A mended query is what the pages hold, so it is what their highlighting looks for.
    this.highlightQuery = result.corrected || this.input.value.trim();
    var nodes = result.groups.map(function (group) { return box.group(group, false); });
    if (result.best.length > 0) {
      nodes.unshift(this.group({ kind: "best", total: result.best.length, results: result.best }, true));
    }
    if (!this.page && result.total > 0) {
      var more = this.make("p", "search-note search-all");
      var link = this.make("a", "", this.text("all-results"), "all-results");
      link.href = this.pageAddress(this.input.value);
      more.appendChild(link);
      nodes.push(more);
    }
    if (result.corrected || result.approximate) {
      var name = result.corrected ? "corrected" : "approximate";
      nodes.unshift(this.make("p", "search-note search-corrected", format(this.text(name), { query: result.corrected || "" }), name));
    }
    this.results.replaceChildren.apply(this.results, nodes);
    this.results.hidden = nodes.length === 0;
    var countName = result.total === 0 ? "results-none" : result.total === 1 ? "results-one" : "results-many";
    markLanguage(this.status, this.element, countName);
    this.status.textContent = format(this.text(countName), { count: result.total });
  };

  /** One titled list of results; the best matches mix kinds, so each of them says its kind. */
  SearchBox.prototype.group = function (group, labelKinds) {
    var box = this;
    var wrapper = this.make("div", "search-group");
    // Headings, so that a screen reader's heading keys move between the groups.
    var title = this.make("h2", "search-group-title", format(this.text("group-" + group.kind), { count: group.total }), "group-" + group.kind);
    title.id = "search-group-" + group.kind;
    var list = this.make("ol", "search-list");
    list.setAttribute("aria-labelledby", title.id);
    group.results.forEach(function (entry) { list.appendChild(box.result(entry, labelKinds)); });
    wrapper.appendChild(title);
    wrapper.appendChild(list);
    if (group.total > group.results.length) {
      wrapper.appendChild(this.make("p", "search-note", format(this.text("shown"), { shown: group.results.length }), "shown"));
    }
    return wrapper;
  };

  /** A result's link: its kind (where kinds mix), ID and title, a word apart. */
  SearchBox.prototype.resultLink = function (doc, labelKind) {
    var link = this.make("a", "search-result-link");
    // The landing page highlights the query's words (see `highlightLanding`).
    link.href = this.root + doc.path + "?highlight=" + encodeURIComponent(this.highlightQuery || this.input.value.trim());
    if (labelKind && doc.kind !== "g") {
      link.appendChild(this.make("span", "search-result-kind", this.text("kind-" + doc.kind), "kind-" + doc.kind));
      link.appendChild(this.document.createTextNode(" "));
    }
    if (doc.kind !== "g") {
      link.appendChild(this.make("span", "search-result-id", doc.id));
      link.appendChild(this.document.createTextNode(" "));
    }
    var title = this.make("span", "search-result-title", doc.title);
    if (doc.lang) { title.lang = doc.lang; }
    link.appendChild(title);
    return link;
  };

  SearchBox.prototype.result = function (entry, labelKind) {
    var doc = entry.doc;
    var item = this.make("li", "search-result");
    item.appendChild(this.resultLink(doc, labelKind));
    if (entry.variants) {
      // The topic's other platform versions, as links of their own under it.
      var variants = this.make("ul", "search-variants");
      var box = this;
      entry.variants.forEach(function (variant) {
        var line = box.make("li", "");
        line.appendChild(box.resultLink(variant.doc, labelKind));
        variants.appendChild(line);
      });
      item.appendChild(variants);
    }
    if (entry.snippet && entry.snippet.length > 0) {
      var passage = this.make("p", "search-snippet");
      if (doc.lang) { passage.lang = doc.lang; }
      var box = this;
      entry.snippet.forEach(function (part) {
        passage.appendChild(part.mark ? box.make("mark", "", part.text) : box.document.createTextNode(part.text));
      });
      item.appendChild(passage);
    }
    return item;
  };

  SearchBox.prototype.showFailure = function () {
    this.results.replaceChildren(this.make("p", "search-note", this.text("unavailable"), "unavailable"));
    this.results.hidden = false;
  };

  // MARK: - Highlighting on the page a result leads to

  /**
   * On a page opened from a search result (`?highlight=query`), marks the query's words in the main
   * content, as the results' snippets do, and says so in a line at its top with a button that
   * removes the marks (and the query from the address). Nothing moves: focus stays where it is.
   */
  function highlightLanding(box) {
    var document = box.document;
    var window = document.defaultView;
    var query = new URLSearchParams(window.location.search).get("highlight") || "";
    var main = document.querySelector("main");
    if (query.trim() === "" || !main) { return Promise.resolve(0); }
    return box.engine.ready().then(function (engine) {
      var terms = plan(splitUnits(query), engine.folding);
      if (terms.length === 0) { return 0; }
      var walker = document.createTreeWalker(main, 4);
      var nodes = [];
      while (walker.nextNode()) {
        var parent = walker.currentNode.parentNode;
        if (parent && !parent.closest("script, style, mark, .search-highlight-note")) { nodes.push(walker.currentNode); }
      }
      var marked = 0;
      nodes.forEach(function (node) {
        var text = node.nodeValue;
        var hits = [];
        tokenize(text, engine.folding).forEach(function (token) {
          if (terms.some(function (term) { return matches(token, term); })) { hits.push(token); }
        });
        if (hits.length === 0) { return; }
        var fragment = document.createDocumentFragment();
        var position = 0;
        hits.sort(function (a, b) { return a.start - b.start; }).forEach(function (hit) {
          if (hit.start < position) { return; }
          if (hit.start > position) { fragment.appendChild(document.createTextNode(text.slice(position, hit.start))); }
          var mark = document.createElement("mark");
          mark.className = "search-highlight";
          mark.textContent = text.slice(hit.start, hit.end);
          fragment.appendChild(mark);
          marked += 1;
          position = hit.end;
        });
        if (position < text.length) { fragment.appendChild(document.createTextNode(text.slice(position))); }
        node.parentNode.replaceChild(fragment, node);
      });
      if (marked === 0) { return 0; }
      var note = box.make("p", "search-highlight-note", format(box.text("highlighted"), { query: query.trim() }), "highlighted");
      var remove = box.make("button", "search-highlight-remove", box.text("remove-highlight"), "remove-highlight");
      remove.type = "button";
      remove.addEventListener("click", function () {
        Array.from(main.querySelectorAll("mark.search-highlight")).forEach(function (mark) {
          mark.replaceWith(document.createTextNode(mark.textContent));
        });
        main.normalize();
        var heading = main.querySelector("h1");
        note.remove();
        window.history.replaceState(null, "", window.location.pathname + window.location.hash);
        // The button is gone; focus goes to the page's heading rather than to nowhere.
        if (heading) {
          heading.setAttribute("tabindex", "-1");
          heading.focus();
        }
      });
      note.appendChild(document.createTextNode(" "));
      note.appendChild(remove);
      main.insertBefore(note, main.firstChild);
      return marked;
    });
  }

  /** Sets up the search box of the page, if it has one. */
  function attach(document) {
    if (!document) { return; }
    function setUp() {
      var element = document.querySelector("[data-search]");
      if (!element) { return; }
      var box = new SearchBox(element);
      box.start();
      // "/" goes to the search box from anywhere but a field being typed in.
      document.addEventListener("keydown", function (event) {
        if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) { return; }
        var target = event.target;
        if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
        event.preventDefault();
        box.input.focus();
      });
      highlightLanding(box);
    }
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", setUp);
    } else {
      setUp();
    }
  }

  return {
    attach: attach,
    Engine: Engine,
    Folding: Folding,
    plan: plan,
    register: register,
    scriptLoader: scriptLoader,
    snippet: snippet,
    stem: stem,
    tokenize: tokenize,
    tokens: tokens,
  };
});
