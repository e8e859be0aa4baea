"""The search results page (search.html?q=…), the "/" shortcut, the highlighting on the page a
result leads to, and search without JavaScript, in Chromium from file://. The forgiving queries of
Tests/Search/forgiving-queries.json (typos, other regions' words, units) run here on the results
page as node runs them against the index."""

import json
import pathlib
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import LANGUAGES, console_errors

CASES = json.loads((pathlib.Path(__file__).resolve().parents[1] / "Search" / "forgiving-queries.json").read_text(encoding="utf-8"))


def results_page(driver, site, language, query=""):
    suffix = "?q=" + urllib.parse.quote(query) if query else ""
    driver.get((site / language / "search.html").as_uri() + suffix)
    return driver.find_element(By.ID, "search-input")


def settled(driver, query):
    """Waits until the results page shows the results of `query`; returns the IDs in order."""
    WebDriverWait(driver, 10).until(
        lambda d: urllib.parse.parse_qs(urllib.parse.urlparse(d.current_url).query).get("q") == [query.strip()]
        and d.find_element(By.CSS_SELECTOR, "main .search-results").get_attribute("data-query") == query)
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('main .search-result > .search-result-link'))"
        ".map(a => (a.querySelector('.search-result-id') || {}).textContent || '');")


@pytest.mark.parametrize("language", LANGUAGES)
def test_forgiving_queries_find_their_page_on_the_results_page(driver, site, language):
    driver.set_window_size(1280, 900)
    box = results_page(driver, site, language)
    failures = []
    cases = [case for case in CASES if case["language"] == language]
    for case in cases:
        box.clear()
        box.send_keys(case["query"], Keys.ENTER)
        ids = settled(driver, case["query"])
        if case["expected"] not in ids[:3]:
            failures.append(f"{case['query']} ({case['why']}): {case['expected']} not in {ids[:5]}")
    print(f"{language}: {len(cases) - len(failures)} of {len(cases)} forgiving queries find their page in the first three")
    assert failures == []
    assert console_errors(driver) == []


def test_the_results_page_lists_every_result_of_the_query_in_its_address(driver, site):
    box = results_page(driver, site, "en", "contarst")
    settled(driver, "contarst")
    assert box.get_attribute("value") == "contarst", "the box holds the query of the address"
    status = driver.find_element(By.CSS_SELECTOR, "main .search-status").text
    total = int(status.split()[0])
    links = driver.find_elements(By.CSS_SELECTOR, "main .search-result > .search-result-link")
    assert len(links) == total, "the results page lists every result, not the best ten of each kind"
    assert driver.find_element(By.CSS_SELECTOR, "main .search-corrected").text == "Showing results for “contrast”"
    # Typing changes the results and the address, without leaving the page.
    box.clear()
    box.send_keys("captions")
    ids = settled(driver, "captions")
    assert ids[0] == "1.10"
    assert driver.current_url.endswith("/en/search.html?q=captions")
    # The count is announced politely, naming the query searched.
    announcer = driver.find_element(By.CSS_SELECTOR, ".site-search [aria-live=polite]")
    WebDriverWait(driver, 5).until(lambda d: "captions" in announcer.text)


def test_enter_in_the_header_opens_the_results_page_and_slash_goes_to_search(driver, site):
    driver.get((site / "zh-Hant" / "practices" / "1.1.html").as_uri())
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    active = driver.switch_to.active_element
    assert active.get_attribute("id") == "search-input"
    assert active.get_attribute("aria-keyshortcuts") == "/"
    active.send_keys("對必度")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "header .search-all a"))
    assert driver.find_element(By.CSS_SELECTOR, "header .search-corrected").text == "顯示「對比度」的搜尋結果"
    active.send_keys(Keys.ENTER)
    assert settled(driver, "對必度")[0] == "1.7"
    assert "/zh-Hant/search.html?q=" in driver.current_url


def test_a_result_opens_its_page_with_the_words_highlighted_until_removed(driver, site):
    results_page(driver, site, "en", "captoins")
    settled(driver, "captoins")
    driver.find_elements(By.CSS_SELECTOR, "main .search-result > .search-result-link")[0].click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-highlight-note"))
    marks = driver.find_elements(By.CSS_SELECTOR, "main mark.search-highlight")
    assert marks and all(mark.text.lower().startswith("caption") for mark in marks), [m.text for m in marks[:5]]
    # Marked by more than colour: underlined too.
    assert "underline" in marks[0].value_of_css_property("text-decoration-line")
    focused = driver.switch_to.active_element.tag_name
    assert focused == "body", "highlighting moves nothing, not even focus"
    driver.find_element(By.CSS_SELECTOR, ".search-highlight-remove").click()
    assert not driver.find_elements(By.CSS_SELECTOR, "mark.search-highlight, .search-highlight-note")
    assert "highlight=" not in driver.current_url
    assert driver.switch_to.active_element.tag_name == "h1"


def test_without_javascript_search_says_it_needs_it_and_links_the_other_ways(driver, site):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        for language in LANGUAGES:
            driver.set_window_size(390, 844)
            driver.get((site / language / "practices" / "1.10.html").as_uri())
            line = driver.find_element(By.CSS_SELECTOR, ".site-search .search-a-z")
            assert line.is_displayed(), "on a phone too"
            hrefs = [a.get_attribute("href") for a in line.find_elements(By.TAG_NAME, "a")]
            assert [h.rsplit("/", 1)[-1] for h in hrefs] == ["a-z.html", "handbook.html"], hrefs
            assert "JavaScript" in line.text
            driver.get((site / language / "search.html").as_uri() + "?q=caption")
            note = driver.find_element(By.CSS_SELECTOR, ".search-page-noscript")
            assert note.is_displayed() and "JavaScript" in note.text
            assert [a.get_attribute("href").rsplit("/", 1)[-1] for a in note.find_elements(By.TAG_NAME, "a")] == ["a-z.html", "handbook.html"]
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
        driver.set_window_size(1280, 900)
