"""Search as a reader uses it, from file:// in Chromium: queries typed in English, Traditional and
Simplified Chinese find the expected page first; an exact ID or section number finds its page; a
query in one Chinese script finds pages in the other; the status line gives the number of results
only; Escape clears; Tab goes into the results and focus never moves on its own; matched words are
marked; without JavaScript the box is hidden and the A–Z link remains; no console errors; axe finds
nothing with results on screen. Also: each language's index is at most a quarter of its HTML."""

import pathlib
import urllib.parse
import re

import pytest
from axe_selenium_python import Axe
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import LANGUAGES, console_errors, set_color_scheme

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
COUNT = {
    "en": r"(No results|1 result|\d+ results)",
    "zh-Hant": r"(找不到結果|找到 \d+ 項結果)",
    "zh-Hans": r"(没有找到结果|找到 \d+ 个结果)",
}


def open_page(driver, site: pathlib.Path, page: str):
    set_color_scheme(driver, "light")
    driver.set_window_size(1280, 900)
    driver.get((site / page).as_uri())
    return driver.find_element(By.ID, "search-input")


def search(driver, box, query: str):
    """Types `query` into the box and waits until the status line reports the results."""
    box.click()
    box.send_keys(query)
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".search-status").text.strip() != "")
    return driver.find_element(By.CSS_SELECTOR, ".search-status").text


def result_links(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".search-results .search-result > a.search-result-link")


def target(site: pathlib.Path, link) -> str:
    """The result link's file, relative to the site."""
    # Without the query (`?highlight=` asks the page to mark the words searched for).
    address = urllib.parse.urlparse(link.get_attribute("href"))
    return pathlib.Path(urllib.parse.unquote(address.path)).resolve().relative_to(site).as_posix()


@pytest.mark.parametrize("page,query,expected", [
    ("en/index.html", "caption", "en/practices/1.10.html"),
    ("zh-Hant/index.html", "字幕", "zh-Hant/practices/1.10.html"),
    ("zh-Hans/index.html", "对比度", "zh-Hans/practices/1.7.html"),
    ("en/practices/1.10.html", "7.3.6.5", "en/sections/7.3.6.5.html"),
    ("zh-Hant/sections/7.3.6.5.html", "2.10", "zh-Hant/practices/2.10.html"),
    ("zh-Hant/sections/7.3.6.5.html", "对比度", "zh-Hant/practices/1.7.html"),
    ("zh-Hans/sections/7.3.6.5.html", "對比度", "zh-Hans/practices/1.7.html"),
    ("en/about.html", "labelled", "en/practices/3.5.html"),
])
def test_query_finds_the_expected_page_first(driver, site, page, query, expected):
    box = open_page(driver, site, page)
    search(driver, box, query)
    links = result_links(driver)
    assert links, f"no results for {query!r}"
    assert target(site, links[0]) == expected, [target(site, link) for link in links[:5]]
    assert (site / expected).is_file()
    assert console_errors(driver) == []


@pytest.mark.parametrize("page,query,expected", [
    ("en/index.html", "vibration", "en/practices/1.8.html"),
    ("en/index.html", "background music", "en/practices/1.13.html"),
    ("zh-Hant/index.html", "震動", "zh-Hant/practices/1.8.html"),
    ("zh-Hans/index.html", "背景音乐", "zh-Hans/practices/1.13.html"),
    # Two words typed together: the pair spanning them (盤焦) is on one unrelated page only, which
    # used to be the only result; 2.5 has both words apart.
    ("zh-Hant/index.html", "鍵盤焦點", "zh-Hant/practices/2.5.html"),
    ("zh-Hans/index.html", "键盘焦点", "zh-Hans/practices/2.5.html"),
    # A WCAG 2.2 criterion by number or by name (in English in every edition, or in Chinese).
    ("en/index.html", "1.4.4", "en/practices/1.3.html"),
    ("en/index.html", "Reflow", "en/practices/1.3.html"),
    ("zh-Hant/index.html", "Reflow", "zh-Hant/practices/1.3.html"),
    ("zh-Hans/index.html", "重排", "zh-Hans/practices/1.3.html"),
])
def test_the_page_most_about_the_query_is_among_the_first_three(driver, site, page, query, expected):
    box = open_page(driver, site, page)
    search(driver, box, query)
    first = [target(site, link) for link in result_links(driver)[:3]]
    assert expected in first, first
    best = driver.find_element(By.CSS_SELECTOR, ".search-group")
    assert best.find_element(By.CSS_SELECTOR, ".search-group-title").get_attribute("id") == "search-group-best"
    kinds = [kind.text for kind in best.find_elements(By.CSS_SELECTOR, ".search-result-kind")]
    assert kinds and all(kinds), "the best matches say what kind of page each is"
    assert console_errors(driver) == []


def test_talkback_finds_practices(driver, site):
    box = open_page(driver, site, "en/index.html")
    search(driver, box, "TalkBack")
    practices = [link for link in result_links(driver) if "/practices/" in link.get_attribute("href")]
    assert practices, "no practice mentions TalkBack"
    assert practices[0].find_element(By.CSS_SELECTOR, ".search-result-id").text.count(".") == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_status_line_gives_the_number_of_results_only(driver, site, language):
    box = open_page(driver, site, f"{language}/index.html")
    status = driver.find_element(By.CSS_SELECTOR, ".search-status")
    assert status.text == ""
    # The visible count is no live region: an empty one is read out as "status bar".
    assert status.get_attribute("role") is None and status.get_attribute("aria-live") is None
    text = search(driver, box, "TalkBack")
    assert re.fullmatch(COUNT[language], text), text
    number = int(re.search(r"\d+", text).group())
    titles = driver.find_elements(By.CSS_SELECTOR, ".search-group-title")
    assert all(title.tag_name == "h2" for title in titles), "result groups are headings"
    assert sum(int(re.findall(r"\d+", title.text)[-1]) for title in titles) == number
    assert len(result_links(driver)) <= number
    # Screen readers hear the count once typing pauses, with the query it is for.
    announcer = driver.find_element(By.CSS_SELECTOR, ".site-search [aria-live=polite]")
    driver.execute_script("return new Promise(r => setTimeout(r, 1200));")
    assert str(number) in announcer.text and "TalkBack" in announcer.text, announcer.text
    assert console_errors(driver) == []


def test_a_query_without_results_says_so(driver, site):
    box = open_page(driver, site, "en/index.html")
    assert search(driver, box, "zzzqqqxxx") == "No results"
    assert result_links(driver) == []
    assert not driver.find_element(By.CSS_SELECTOR, ".search-results").is_displayed()


def test_matched_words_are_marked_in_snippets(driver, site):
    box = open_page(driver, site, "en/index.html")
    search(driver, box, "captions")
    first = driver.find_element(By.CSS_SELECTOR, ".search-result")
    marks = first.find_elements(By.CSS_SELECTOR, ".search-snippet mark")
    # The words of the query, and of its synonyms (content/synonyms.yaml: captions, subtitles).
    assert marks and all(mark.text.lower().startswith(("caption", "subtitle")) for mark in marks), [m.text for m in marks]
    assert any(mark.text.lower().startswith("caption") for mark in marks)
    assert first.find_element(By.CSS_SELECTOR, ".search-result-id").text == "1.10"
    assert first.find_element(By.CSS_SELECTOR, ".search-result-title").text == "Provide captions for videos"


def test_a_topics_platform_versions_are_one_result_with_their_links_under_it(driver, site):
    box = open_page(driver, site, "en/index.html")
    search(driver, box, "background music")
    items = driver.find_elements(By.CSS_SELECTOR, ".search-result")
    folded = [item for item in items if item.find_elements(By.CSS_SELECTOR, ".search-variants")]
    assert folded, [item.text for item in items[:5]]
    titles = [link.find_element(By.CSS_SELECTOR, ".search-result-title").text
              for link in folded[0].find_elements(By.CSS_SELECTOR, ".search-result-link")]
    # "Background Music", then its Android and iOS versions, each a link of its own.
    assert len(titles) >= 3 and all(title.startswith("Background Music") for title in titles), titles
    assert any(title.endswith("Android") for title in titles) and any(title.endswith("iOS") for title in titles), titles
    # The practice about the topic is among the first three results, not behind four versions of one section.
    first = [target(site, link) for link in result_links(driver)[:3]]
    assert "en/practices/1.13.html" in first, first


def test_escape_clears_the_box_results_and_status(driver, site):
    box = open_page(driver, site, "zh-Hans/index.html")
    search(driver, box, "对比度")
    assert result_links(driver)
    box.send_keys(Keys.ESCAPE)
    assert box.get_attribute("value") == ""
    assert result_links(driver) == []
    assert driver.find_element(By.CSS_SELECTOR, ".search-status").text == ""
    assert driver.switch_to.active_element == box


def test_tab_goes_into_the_results_and_escape_there_returns_to_the_box(driver, site):
    box = open_page(driver, site, "en/sections/7.3.6.5.html")
    search(driver, box, "caption")
    assert driver.switch_to.active_element == box, "showing results moved the focus"
    box.send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    assert active == result_links(driver)[0]
    outline = driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle;", active)
    assert outline != "none", "a focused result has no visible focus"
    active.send_keys(Keys.ESCAPE)
    assert driver.switch_to.active_element == box
    assert box.get_attribute("value") == "" and result_links(driver) == []


def test_following_a_result_opens_its_page(driver, site):
    box = open_page(driver, site, "zh-Hant/sections/7.3.6.5.html")
    search(driver, box, "字幕")
    result_links(driver)[0].click()
    WebDriverWait(driver, 10).until(lambda d: urllib.parse.urlparse(d.current_url).path.endswith("/zh-Hant/practices/1.10.html"))
    assert driver.find_element(By.TAG_NAME, "h1").text.startswith("1.10")


def test_typing_on_shows_the_latest_query_only(driver, site):
    box = open_page(driver, site, "en/index.html")
    search(driver, box, "contrast")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("caption")
    # The list is redrawn as the typing goes on, so a link found may be gone when it is read.
    WebDriverWait(driver, 10, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: result_links(d) and target(site, result_links(d)[0]) == "en/practices/1.10.html")


def test_targets_are_at_least_44_pixels(driver, site):
    box = open_page(driver, site, "en/index.html")
    search(driver, box, "caption")
    for element in [box, *result_links(driver)[:5], driver.find_element(By.CSS_SELECTOR, ".search-a-z a")]:
        height = driver.execute_script("return arguments[0].getBoundingClientRect().height;", element)
        assert height >= 44, f"{element.get_attribute('outerHTML')[:80]} is {height} px high"


def test_results_reflow_at_320_pixels(driver, site):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        driver.get((site / "zh-Hant" / "index.html").as_uri())
        search(driver, driver.find_element(By.ID, "search-input"), "螢幕閱讀器")
        overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        assert overflow <= 0, f"search results scroll sideways by {overflow} px"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violations_with_results_on_screen(driver, site, scheme):
    failures = []
    for page, query in [("en/practices/1.10.html", "captions"), ("zh-Hant/index.html", "字幕"), ("zh-Hans/a-z.html", "对比度")]:
        box = open_page(driver, site, page)
        set_color_scheme(driver, scheme)
        search(driver, box, query)
        assert console_errors(driver) == []
        axe = Axe(driver)
        axe.inject()
        result = axe.run(options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
        for violation in result["violations"]:
            targets = [node["target"] for node in violation["nodes"][:3]]
            failures.append(f"{page} [{scheme}]: {violation['id']}: {violation['help']} at {targets}")
    assert failures == [], "\n".join(failures)


def test_without_javascript_the_a_to_z_link_stands_in(driver, site):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get((site / "zh-Hant" / "practices" / "1.10.html").as_uri())
        assert not driver.find_elements(By.ID, "search-input"), "without JavaScript there is no dead search field"
        link = driver.find_element(By.CSS_SELECTOR, ".search-a-z a")
        assert link.is_displayed()
        assert target(site, link) == "zh-Hant/a-z.html"
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_search_landmark_has_a_visible_label(driver, site):
    box = open_page(driver, site, "zh-Hans/practices/1.7.html")
    landmark = driver.find_element(By.CSS_SELECTOR, "search")
    assert landmark.aria_role == "search"
    label = driver.find_element(By.CSS_SELECTOR, "label[for=search-input]")
    assert label.is_displayed() and label.text == "搜索本手册"
    assert box.get_attribute("type") == "search"


@pytest.mark.parametrize("language", LANGUAGES)
def test_index_is_at_most_a_quarter_of_the_html(site, language):
    html = sum(path.stat().st_size for path in (site / language).rglob("*.html"))
    folder = site / "assets" / "search"
    # The spelling vocabulary counts as index: it is loaded when a word of a query finds nothing.
    index = (folder / f"{language}.js").stat().st_size + (folder / f"{language}-words.js").stat().st_size \
        + sum(p.stat().st_size for p in folder.glob(f"{language}-terms-*.js"))
    texts = sum(path.stat().st_size for path in folder.glob(f"{language}-text-*.js"))
    print(f"{language}: HTML {html:,} bytes, index {index:,} ({index / html:.1%}), snippet texts {texts:,} ({texts / html:.1%})")
    assert index <= html / 4, f"{language}: the index is {index / html:.1%} of the HTML"
    largest = max(path.stat().st_size for path in folder.glob(f"{language}*.js"))
    assert largest <= 128 * 1024, f"{language}: an index file of {largest:,} bytes would load slowly"
