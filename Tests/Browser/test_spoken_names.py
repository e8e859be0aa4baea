"""Names as a screen reader speaks them (Chromium's accessibility tree), held to what a blind reader
needs: link names whose words are apart, search results that are one link saying what they are,
breadcrumbs and headings that make sense out of context. The Orca harness (Tests/ScreenReader/,
`bin/test --long`) hears the same things; these run in every gate."""

import re

import pytest
from selenium.webdriver.common.by import By

from conftest import LANGUAGES
from test_search import open_page, search

# Words run together: "practice1.10", "1.10Provide", "Next:1.2".
GLUED = [re.compile(p) for p in (r"[A-Za-z]{3,}\d+\.\d", r"\d[A-Z][a-z]{2,}", r"\b[A-Za-z]{2,}:[A-Za-z0-9]")]


def ax_names(driver, css):
    """The accessible name of each element that `css` selects, as Chromium computes it."""
    names = []
    for element in driver.find_elements(By.CSS_SELECTOR, css):
        node = driver.execute_cdp_cmd("DOM.describeNode", {"objectId": object_id(driver, element)})["node"]
        tree = driver.execute_cdp_cmd("Accessibility.getPartialAXTree",
                                      {"backendNodeId": node["backendNodeId"], "fetchRelatives": False})["nodes"]
        names.append(" ".join(str(tree[0].get("name", {}).get("value", "")).split()))
    return names


def object_id(driver, element):
    driver.execute_script("window.__named = arguments[0];", element)
    return driver.execute_cdp_cmd("Runtime.evaluate", {"expression": "window.__named"})["result"]["objectId"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_results_are_one_link_each_named_with_spaced_words(driver, site, language):
    box = open_page(driver, site, f"{language}/index.html")
    search(driver, box, "TalkBack")
    # Every link: each result's and those of its platform versions under it.
    links = driver.find_elements(By.CSS_SELECTOR, ".search-result-link")
    assert links
    names = ax_names(driver, ".search-result-link")
    for link, name in zip(links, names):
        kind = link.find_elements(By.CSS_SELECTOR, ".search-result-kind")
        number = link.find_elements(By.CSS_SELECTOR, ".search-result-id")
        title = link.find_element(By.CSS_SELECTOR, ".search-result-title").text
        # The name is the kind, the number and the title, each a word apart, in that order.
        parts = [e.text for e in kind + number] + [title]
        assert name == " ".join(parts), (name, parts)
        assert not any(p.search(name) for p in GLUED), name
    # The title is inside the link, so arrowing through the results reads each as one item.
    assert not driver.find_elements(By.CSS_SELECTOR, ".search-result > .search-result-title")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", ["practices/1.1.html", "sections/7.3.6.5.html"])
def test_pager_and_breadcrumb_names_read_as_words_and_name_the_page(driver, site, language, page):
    driver.get((site / language / page).as_uri())
    title = driver.find_element(By.CSS_SELECTOR, "main h1").text
    for name in ax_names(driver, ".pager a"):
        assert not any(p.search(name) for p in GLUED), name
        assert re.search(r"\d+(\.\d+)+ \S", name), f"the pager names a page by number and title: {name!r}"
    current = ax_names(driver, ".breadcrumbs [aria-current=page]")
    # The breadcrumb's last link is not a bare number: it says the page's number and title.
    assert len(current) == 1 and " " in current[0] and current[0].split(" ", 1)[1] in title, (current, title)


# What each group heading of the "Related" and "Referenced by" boxes must say so that it stands alone
# in a list of headings: how the pages under it relate to this one.
RELATION_WORDS = {
    "en": r"link here|this practice|this section|guide's table",
    "zh-Hant": r"本頁|此最佳作業模式|本節|表格",
    "zh-Hans": r"本页|此最佳实践|本节|表格",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_relation_headings_say_how_their_pages_relate(driver, site, language):
    checked = 0
    for page in ["practices/1.1.html", "practices/1.10.html", "sections/7.3.html"]:
        driver.get((site / language / page).as_uri())
        for heading in driver.find_elements(By.CSS_SELECTOR, "main h3[id^=page-related], main h3[id^=page-referenced]"):
            checked += 1
            assert re.search(RELATION_WORDS[language], heading.text), f"{page}: {heading.text!r} does not stand alone"
    assert checked >= 4, checked


@pytest.mark.parametrize("language", LANGUAGES)
def test_code_blocks_are_named_by_their_caption_and_on_this_page_is_said_once(driver, site, language):
    driver.get((site / language / "practices/1.1.html").as_uri())
    blocks = driver.find_elements(By.CSS_SELECTOR, "main div.code")
    names = ax_names(driver, "main div.code pre")
    assert blocks and len(names) == len(blocks)
    for block, name in zip(blocks, names):
        # A tab stop says which code it is: its caption's parts, not "figure" and then the code.
        caption = block.find_element(By.CSS_SELECTOR, ".code-caption").text
        parts = [part.strip() for part in re.split(r"·", caption)]
        assert name and all(part in name for part in parts), (name, caption)
    # The contents navigation is named "On this page" once: its title is not read again as text.
    toc = driver.find_element(By.CSS_SELECTOR, "nav.page-toc")
    title = toc.find_element(By.CSS_SELECTOR, ".page-toc-title")
    assert ax_names(driver, "nav.page-toc") == [title.get_attribute("textContent").strip()]
    assert title.get_attribute("aria-hidden") == "true"
