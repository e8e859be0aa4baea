"""Keyboard and reading checks on one page of each template in each language: the first Tab stop is
the skip link, it is visible when focused and leads to the main content; the text-size control is
remembered across reloads; pages reflow at 320 and 390 px and at 200 % zoom without sideways
scrolling. Screenshots of each go to screenshots/ for review."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import SCREENSHOTS, console_errors, representative_pages, set_color_scheme


@pytest.mark.parametrize("page", representative_pages())
def test_first_tab_stop_is_a_visible_skip_link_to_main(driver, site, page):
    set_color_scheme(driver, "light")
    driver.set_window_size(1280, 900)
    driver.get((site / page).as_uri())
    assert console_errors(driver) == []
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    assert active.get_attribute("class") == "skip-link", f"first Tab stop is {active.get_attribute('outerHTML')[:120]}"
    assert active.get_attribute("href").endswith("#main")
    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.left, r.width, r.height];", active)
    assert rect[0] >= 0 and rect[2] > 0 and rect[3] >= 24, f"skip link not visible when focused: {rect}"
    assert driver.find_elements(By.ID, "main"), "skip link target #main is missing"
    active.send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.get_attribute("id") == "main"


@pytest.mark.parametrize("width,scale", [(320, 1), (390, 1), (640, 2)])
@pytest.mark.parametrize("page", representative_pages())
def test_page_reflows_without_horizontal_scrolling(driver, site, page, width, scale):
    # 640 CSS px at device scale 2 is what a 1280 px window shows at 200 % zoom.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": scale, "mobile": False})
    try:
        driver.get((site / page).as_uri())
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        if width == 390 and page.count("/") <= 2:
            SCREENSHOTS.mkdir(exist_ok=True)
            driver.save_screenshot(str(SCREENSHOTS / f"{page.replace('/', '_')}-{width}.png"))
        assert overflow <= 0, f"{page} at {width} px (×{scale}) scrolls sideways by {overflow} px"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_text_size_choice_is_remembered_and_applied_before_paint(driver, site):
    page = (site / "en" / "practices" / "1.3.html").as_uri()
    driver.get(page)
    driver.find_element(By.CSS_SELECTOR, "[data-text-size=large]").click()
    assert "text-large" in driver.find_element(By.TAG_NAME, "html").get_attribute("class")
    driver.get(page)
    assert "text-large" in driver.find_element(By.TAG_NAME, "html").get_attribute("class")
    assert driver.find_element(By.CSS_SELECTOR, "[data-text-size=large]").get_attribute("aria-pressed") == "true"
    large = driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize);")
    driver.find_element(By.CSS_SELECTOR, "[data-text-size=medium]").click()
    medium = driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize);")
    assert large > medium


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_representative_pages(driver, site, scheme):
    set_color_scheme(driver, scheme)
    driver.set_window_size(1280, 900)
    SCREENSHOTS.mkdir(exist_ok=True)
    for page in ["en/index.html", "en/practices/1.10.html", "zh-Hant/sections/7.3.6.5.html", "zh-Hans/index.html"]:
        driver.get((site / page).as_uri())
        path = SCREENSHOTS / f"{page.replace('/', '_')}-{scheme}.png"
        driver.save_screenshot(str(path))
        assert path.stat().st_size > 10_000
