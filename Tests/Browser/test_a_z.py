"""The A–Z index as a reader uses it, in every language: the home page promises "topics, APIs and
terms", so `TalkBack` (a glossary term) and `contentDescription` (an API name from code spans) are
listed, each linking to real pages that use it; English names on Chinese pages are marked
lang="en"; no axe violations in either theme."""

import pathlib

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import LANGUAGES, set_color_scheme

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def entry(driver, label: str):
    """The index entry whose term or API name reads `label`."""
    for item in driver.find_elements(By.CSS_SELECTOR, "li.index-term"):
        if item.find_element(By.CSS_SELECTOR, "span").text == label:
            return item
    raise AssertionError(f"no entry {label!r} in the A–Z index")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("label", ["TalkBack", "contentDescription"])
def test_terms_and_api_names_link_to_pages_that_use_them(driver, site, language, label):
    driver.get((site / language / "a-z.html").as_uri())
    item = entry(driver, label)
    links = item.find_elements(By.CSS_SELECTOR, "a")
    assert links, f"{label} links to no page"
    for link in links:
        path = pathlib.Path(link.get_attribute("href").removeprefix("file://"))
        assert path.is_file(), path
        text = path.read_text(encoding="utf-8")
        assert label in text, f"{path} does not mention {label}"
    name = item.find_element(By.CSS_SELECTOR, "span")
    if language != "en":
        assert name.get_attribute("lang") == "en"
    if label == "contentDescription":
        assert name.find_elements(By.CSS_SELECTOR, "code"), "an API name is set as code"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_index_has_no_axe_violations(driver, site, scheme):
    failures = []
    for language in LANGUAGES:
        set_color_scheme(driver, scheme)
        driver.get((site / language / "a-z.html").as_uri())
        axe = Axe(driver)
        axe.inject()
        result = axe.run(options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
        for violation in result["violations"]:
            failures.append(f"{language} [{scheme}]: {violation['id']}: {violation['help']}")
    assert failures == [], "\n".join(failures)
