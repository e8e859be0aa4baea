#!/usr/bin/env python3
"""Times search in headless Chromium from file://, as a reader's browser runs it: loading a
language's main index file, then each query cold (term and text shards still to load) and warm,
through the search engine of templates/assets/search.js; then the time from typing to the status
line in the real search box (which includes its 120 ms pause after the last key). The longest task
that held the page's main thread during the queries shows whether the page froze (Chromium reports
tasks of 50 ms or more).

Usage: browser.py SITE [LANGUAGE=QUERY,QUERY …]
"""

import pathlib
import statistics
import sys

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPOSITORY / "Tests" / "Browser"))

from conftest import make_driver  # noqa: E402

DEFAULT_QUERIES = {
    "en": ["caption", "TalkBack", "7.3.6.5", "screen reader", "contr"],
    "zh-Hant": ["字幕", "螢幕閱讀器", "对比度"],
    "zh-Hans": ["对比度", "屏幕阅读器", "字幕"],
}

ENGINE = """
const [root, language, queries, done] = arguments;
let longest = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) { longest = Math.max(longest, entry.duration); }
});
observer.observe({ entryTypes: ["longtask"] });
const engine = new HandbookSearch.Engine(HandbookSearch.scriptLoader(document, root), language);
(async () => {
  let start = performance.now();
  await engine.ready();
  const out = { load: performance.now() - start, docs: engine.manifest.docs.length, queries: [] };
  for (const query of queries) {
    start = performance.now();
    const result = await engine.search(query);
    const cold = performance.now() - start;
    start = performance.now();
    await engine.search(query);
    out.queries.push({ query, results: result.total, cold, warm: performance.now() - start });
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  out.longest = longest;
  done(out);
})().catch((error) => done({ error: String(error) }));
"""

TYPING = """
const [query, done] = arguments;
const input = document.getElementById("search-input");
const status = document.querySelector(".search-status");
input.focus();
const start = performance.now();
const observer = new MutationObserver(() => {
  if (status.textContent !== "") { observer.disconnect(); done({ ms: performance.now() - start, status: status.textContent }); }
});
observer.observe(status, { childList: true, characterData: true, subtree: true });
input.value = query;
input.dispatchEvent(new Event("input", { bubbles: true }));
"""


def queries_from(arguments):
    out = {}
    for argument in arguments:
        language, _, text = argument.partition("=")
        out[language] = [query for query in text.split(",") if query]
    return out


def main():
    site = pathlib.Path(sys.argv[1]).resolve()
    queries = queries_from(sys.argv[2:]) or DEFAULT_QUERIES
    driver = make_driver()
    driver.set_script_timeout(120)
    try:
        for language, words in queries.items():
            page = site / language / "index.html"
            if not page.is_file():
                continue
            driver.get(page.as_uri())
            result = driver.execute_async_script(ENGINE, "../", language, words)
            if "error" in result:
                print(f"{language}: {result['error']}")
                continue
            print(f"{language}: main index of {result['docs']:,} documents loaded in {result['load']:.0f} ms")
            for entry in result["queries"]:
                print(f"  {entry['query']!r:<18} {entry['results']:>6,} results  cold {entry['cold']:7.1f} ms  warm {entry['warm']:6.1f} ms")
            print(f"  longest main-thread task during these queries: {result['longest']:.0f} ms")
            typed = []
            for word in words:
                driver.get(page.as_uri())
                typed.append(driver.execute_async_script(TYPING, word)["ms"])
            print(f"  typing to status line (first query on a fresh page, 120 ms pause included): "
                  f"median {statistics.median(typed):.0f} ms, worst {max(typed):.0f} ms")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
