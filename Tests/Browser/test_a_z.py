"""The A–Z index as a reader uses it, in every language: the home page promises "topics, APIs and
terms", so `TalkBack` (a glossary term) and `contentDescription` (an API name from code spans) are
listed, each linking to real pages that use it; English names on Chinese pages are marked
lang="en". (axe checks the index with every other page, in test_axe.py.)"""

import pathlib

import pytest
from selenium.webdriver.common.by import By

from conftest import LANGUAGES


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
