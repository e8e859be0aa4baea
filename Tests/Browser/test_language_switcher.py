"""The language switcher on a page leads to the same page in each other language, as a plain link."""

import pytest
from selenium.webdriver.common.by import By

from conftest import LANGUAGE_TAGS, LANGUAGES


@pytest.mark.parametrize("page", ["index.html", "practices/2.10.html", "sections/7.4.6.6.html", "a-z.html"])
def test_switcher_leads_to_the_same_page(driver, site, page):
    for language in LANGUAGES:
        for target in LANGUAGES:
            driver.get((site / language / page).as_uri())
            tag = LANGUAGE_TAGS[target]
            link = driver.find_element(By.CSS_SELECTOR, f".language-switcher a[hreflang='{tag}']")
            assert link.get_attribute("lang") == tag
            link.click()
            assert driver.current_url == (site / target / page).as_uri()
            assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == tag
