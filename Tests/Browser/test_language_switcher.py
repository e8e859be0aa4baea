"""The language switcher on a page leads to the same page in each other language, as a plain link."""

import pytest
from selenium.webdriver.common.by import By

from conftest import LANGUAGE_TAGS, LANGUAGES


@pytest.mark.parametrize("page", ["index.html", "practices/2.10.html", "sections/7.4.6.6.html", "a-z.html"])
def test_switcher_leads_to_the_same_page(driver, site, page):
    for position, language in enumerate(LANGUAGES):
        driver.get((site / language / page).as_uri())
        links = {}
        for target in LANGUAGES:
            tag = LANGUAGE_TAGS[target]
            link = driver.find_element(By.CSS_SELECTOR, f".language-switcher a[hreflang='{tag}']")
            assert link.get_attribute("lang") == tag
            # The address the browser resolved the link to.
            assert link.get_property("href") == (site / target / page).as_uri()
            links[target] = link
        # Followed, one link of each page leads there: the next language round the list.
        target = LANGUAGES[(position + 1) % len(LANGUAGES)]
        links[target].click()
        assert driver.current_url == (site / target / page).as_uri()
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == LANGUAGE_TAGS[target]
