"""What readers of issue 15 meet: monospace code, fallback pages in two languages, the translation
status page, the narrow-screen header, controls that need JavaScript, "On this page", "Referenced by"
and language tags."""

import re

import pytest
from selenium.webdriver.common.by import By

from conftest import LANGUAGE_TAGS as TAGS, LANGUAGES, make_driver, set_color_scheme


@pytest.fixture()
def phone(driver):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    yield driver
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def computed(driver, selector, property_name):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]))"
        ".map(e => getComputedStyle(e).getPropertyValue(arguments[1]));", selector, property_name)


# 1. Code is monospace everywhere.

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", ["sections/11.1.1.html", "practices/1.3.html", "handbook.html"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_code_is_monospace(driver, site, language, page, scheme):
    set_color_scheme(driver, scheme)
    try:
        driver.get((site / language / page).as_uri())
        for media in ["screen", "print"]:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
            fonts = computed(driver, "main pre, main code", "font-family")
            assert fonts, f"{language}/{page} has no code"
            wrong = {font for font in fonts if "monospace" not in font}
            assert not wrong, f"{language}/{page} ({media}, {scheme}) sets code in {wrong}"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        set_color_scheme(driver, "light")


# 2. A fallback page marks only the English text as English.

def test_fallback_page_marks_only_the_english_body_as_english(driver, fallback_site):
    driver.get((fallback_site / "zh-Hans" / "practices" / "1.7.html").as_uri())
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    assert driver.find_elements(By.CSS_SELECTOR, "main .fallback-body[lang='en']"), "the English body is not marked"
    assert not driver.find_elements(By.CSS_SELECTOR, "main article[lang]"), "the whole article is marked English"
    for label in ["原则：", "类别：", "相关章节"]:
        element = driver.find_element(By.XPATH, f"//main//*[normalize-space(text())='{label}']")
        language = driver.execute_script(
            "return arguments[0].closest('[lang]').getAttribute('lang');", element)
        assert language == "zh-Hans", f"{label} is read as {language}"
    generated = driver.find_elements(By.CSS_SELECTOR, ".fallback-body span[lang='zh-Hans'] > a")
    assert generated, "generated link text in the body is not marked as Chinese"
    assert all(re.search(r"[\u4e00-\u9fff]", span.text) for span in generated)


def test_fallback_page_has_no_chinese_inside_english_except_marked_runs(driver, fallback_site):
    driver.get((fallback_site / "zh-Hans" / "practices" / "1.7.html").as_uri())
    leaks = driver.execute_script("""
        const leaks = [];
        const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const node = walker.currentNode;
          const lang = node.parentElement.closest('[lang]').getAttribute('lang');
          if (lang === 'en' && /[\\u4e00-\\u9fff]/.test(node.textContent)) leaks.push(node.textContent.trim());
        }
        return leaks;""")
    assert leaks == [], f"Chinese text read with an English voice: {leaks[:5]}"


# 3. The translation status page.

@pytest.mark.parametrize("language", LANGUAGES)
def test_translation_status_shows_numbers_and_translated_strings(driver, site, language):
    driver.get((site / language / "translation-status.html").as_uri())
    text = driver.find_element(By.TAG_NAME, "main").text
    assert "{" not in text and "}" not in text, f"a placeholder is shown: {text[:200]}"
    for label in driver.find_elements(By.CSS_SELECTOR, "main label[for^='meter-']"):
        assert re.search(r"\d+ ?%", label.text), label.text
    for row in driver.find_elements(By.CSS_SELECTOR, "main tbody tr"):
        strings_cell = row.find_elements(By.TAG_NAME, "td")[-1].text
        done, total = (int(n) for n in strings_cell.split("/"))
        assert done == total, f"{language}: every UI string is translated, but the page shows {strings_cell}"


# 4. A compact header on a phone.

@pytest.mark.parametrize("language", LANGUAGES)
def test_phone_header_is_compact_with_menu_and_search(phone, site, language):
    phone.get((site / language / "practices" / "1.10.html").as_uri())
    header = phone.find_element(By.CSS_SELECTOR, ".site-header")
    height = header.rect["height"]
    assert height <= 170, f"the header takes {height} px of 844"
    summary = phone.find_element(By.CSS_SELECTOR, ".site-menu > summary")
    assert summary.rect["height"] >= 44 and summary.rect["width"] >= 44
    assert not phone.find_element(By.CSS_SELECTOR, ".site-nav").is_displayed()
    search = phone.find_element(By.ID, "search-input")
    assert search.is_displayed() and search.rect["y"] + search.rect["height"] <= height
    summary.click()
    links = phone.find_elements(By.CSS_SELECTOR, ".site-nav a")
    assert links and all(link.is_displayed() and link.rect["height"] >= 44 for link in links)
    assert phone.find_element(By.CSS_SELECTOR, ".text-size").is_displayed()


def test_phone_menu_opens_without_javascript(site):
    browser = make_driver()
    try:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        browser.get((site / "en" / "practices" / "1.10.html").as_uri())
        assert not browser.find_element(By.CSS_SELECTOR, ".site-nav a").is_displayed()
        browser.find_element(By.CSS_SELECTOR, ".site-menu > summary").click()
        assert browser.find_element(By.CSS_SELECTOR, ".site-nav a").is_displayed()
    finally:
        browser.quit()


def test_desktop_shows_navigation_without_a_menu_button(driver, site):
    driver.get((site / "en" / "practices" / "1.10.html").as_uri())
    assert not driver.find_element(By.CSS_SELECTOR, ".site-menu > summary").is_displayed()
    assert all(link.is_displayed() for link in driver.find_elements(By.CSS_SELECTOR, ".site-nav a"))
    assert driver.find_element(By.CSS_SELECTOR, ".language-switcher a").is_displayed()


# 5. Controls that need JavaScript are inserted by it.

@pytest.mark.parametrize("page", ["index.html", "practices/1.10.html", "checklist.html", "a-z.html"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_served_html_has_no_control_that_needs_javascript(site, language, page):
    html = (site / language / page).read_text(encoding="utf-8")
    assert "<button" not in html, "a button in the HTML does nothing without JavaScript"
    assert 'type="search"' not in html, "a search field in the HTML does nothing without JavaScript"


@pytest.mark.parametrize("language", LANGUAGES)
def test_javascript_inserts_working_text_size_and_search(driver, site, language):
    driver.get((site / language / "practices" / "1.10.html").as_uri())
    buttons = driver.find_elements(By.CSS_SELECTOR, ".text-size button")
    assert [b.get_attribute("data-text-size") for b in buttons] == ["small", "medium", "large"]
    assert all(b.text.strip() for b in buttons)
    buttons[2].click()
    assert "text-large" in driver.find_element(By.TAG_NAME, "html").get_attribute("class")
    buttons[1].click()
    field = driver.find_element(By.ID, "search-input")
    label = driver.find_element(By.CSS_SELECTOR, "label[for='search-input']")
    assert label.text.strip()
    field.send_keys("1.10")
    driver.implicitly_wait(0)
    for _ in range(50):
        if driver.find_elements(By.CSS_SELECTOR, ".search-results a"):
            break
        driver.execute_script("return new Promise(r => setTimeout(r, 100));")
    assert driver.find_elements(By.CSS_SELECTOR, ".search-results a"), "search gave no result"


# 6. "On this page".

@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", ["practices/1.10.html", "sections/7.3.6.5.html", "accessibility.html"])
def test_pages_with_three_h2_have_an_on_this_page_nav(driver, site, language, page):
    driver.get((site / language / page).as_uri())
    h2s = [h for h in driver.find_elements(By.CSS_SELECTOR, "main h2") if h.get_attribute("id") != "page-toc-title"]
    toc = driver.find_elements(By.CSS_SELECTOR, "main nav.page-toc")
    if len(h2s) < 3:
        assert not toc
        return
    assert len(toc) == 1
    nav = toc[0]
    label_id = nav.get_attribute("aria-labelledby")
    assert driver.find_element(By.ID, label_id).text.strip()
    targets = [a.get_attribute("href").split("#", 1)[1] for a in nav.find_elements(By.TAG_NAME, "a")]
    assert targets == [h.get_attribute("id") for h in h2s]
    order = driver.execute_script(
        "const h1 = document.querySelector('main h1'), nav = document.querySelector('.page-toc');"
        "return h1.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING;")
    assert order, "the list must follow the h1 in reading order"
    text = driver.find_element(By.CSS_SELECTOR, "main article > p, main article > .facts")
    assert nav.rect["x"] >= text.rect["x"] + text.rect["width"], "on desktop the list sits to the right of the text"


def test_on_this_page_is_a_closed_disclosure_on_a_phone(phone, site):
    phone.get((site / "en" / "practices" / "1.10.html").as_uri())
    h1 = phone.find_element(By.CSS_SELECTOR, "main h1")
    assert not phone.find_element(By.CSS_SELECTOR, "nav.page-toc").is_displayed(), "one list at a time"
    details = phone.find_element(By.CSS_SELECTOR, "details.page-toc-compact")
    assert details.rect["y"] >= h1.rect["y"] + h1.rect["height"]
    assert details.get_attribute("open") is None
    links = details.find_elements(By.TAG_NAME, "a")
    assert links and not links[0].is_displayed()
    details.find_element(By.TAG_NAME, "summary").click()
    assert links[0].is_displayed() and links[0].rect["x"] + links[0].rect["width"] <= 390


# Issue 32: prose on the first screen of a phone, with search one tap away and the skip link first.

@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", ["practices/1.1.html", "practices/2.6.html", "sections/7.3.6.5.html", "sections/9.1.2.html"])
def test_first_paragraph_starts_on_the_first_phone_screen(phone, site, language, page):
    phone.get((site / language / page).as_uri())
    top = phone.execute_script(
        "const p = [...document.querySelectorAll('main article p')].find(e =>"
        " !e.closest('nav, .facts, .notice, .platform, figure, details') && e.textContent.trim().length > 40);"
        "return p ? p.getBoundingClientRect().top + window.scrollY : null;")
    assert top is not None and top < 600, f"{language}/{page}: the first paragraph starts at {top} px"
    assert phone.find_element(By.CSS_SELECTOR, "input[type=search]").is_displayed()
    first = phone.execute_script("return document.querySelector('a[href], button, input, summary, [tabindex]');")
    assert "skip-link" in first.get_attribute("class")


def test_short_pages_have_no_on_this_page_list(site):
    html = (site / "en" / "offline.html").read_text(encoding="utf-8")
    h2 = len(re.findall(r"<h2[ >]", html))
    assert ("page-toc" in html) == (h2 >= 3)


# 9. "Referenced by" is grouped and shows no slugs.

@pytest.mark.parametrize("language", LANGUAGES)
def test_referenced_by_is_grouped_by_kind_without_slugs(driver, site, language):
    pages = [p for p in (site / language).rglob("*.html") if 'id="page-referenced-by"' in p.read_text(encoding="utf-8")]
    assert pages
    seen_pages_group = False
    for path in pages:
        html = path.read_text(encoding="utf-8")
        section = html.split('id="page-referenced-by"', 1)[1].split("</section>", 1)[0]
        assert "<h3" in section, f"{path}: the back-links are not labelled by kind"
        assert not re.search(r'class="ref-id">[a-z]', section), f"{path}: a slug is shown as a number"
        seen_pages_group |= "page-referenced-by-pages" in section
    assert seen_pages_group, "some page is referenced by a generated or front page"


# 11. Language tags.

@pytest.mark.parametrize("language", LANGUAGES)
def test_language_tags_and_alternates(driver, site, language):
    driver.get((site / language / "index.html").as_uri())
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == TAGS[language]
    alternates = {link.get_attribute("hreflang") for link in
                  driver.find_elements(By.CSS_SELECTOR, "link[rel=alternate]")}
    assert alternates == set(TAGS.values()) | {"x-default"}
    switcher = {a.get_attribute("lang") for a in driver.find_elements(By.CSS_SELECTOR, ".language-switcher a")}
    assert switcher == set(TAGS.values())
    # Without base_url there is no sitemap (its protocol needs absolute URLs); test_hosting.py checks one.
    assert not (site / "sitemap.xml").exists()
    assert '"tag":"zh-Hant-HK"' in (site / "data" / "handbook.json").read_text(encoding="utf-8").replace(" ", "")
