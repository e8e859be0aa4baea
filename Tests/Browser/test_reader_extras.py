"""The single-page edition and the audit checklist, in a real browser from file://."""

import base64
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import LANGUAGES, console_errors


@pytest.mark.parametrize("language", LANGUAGES)
def test_single_page_edition_holds_every_practice_and_section_with_in_page_links(driver, site, language):
    driver.get((site / language / "handbook.html").as_uri())
    assert console_errors(driver) == []
    entries = driver.find_elements(By.CSS_SELECTOR, "article.print-entry")
    practices = [e for e in entries if e.get_attribute("id").startswith("bp-")]
    sections = [e for e in entries if e.get_attribute("id").startswith("sec-")]
    assert len(practices) == 33 and len(sections) >= 132
    ids = set(driver.execute_script("return Array.from(document.querySelectorAll('[id]'), e => e.id);"))
    links = driver.execute_script("return Array.from(document.querySelectorAll('main a[href]'), a => a.getAttribute('href'));")
    internal = [link for link in links if link.startswith("#")]
    assert len(internal) > 300
    assert [link for link in internal if link[1:] not in ids] == []
    assert not [link for link in links if "/practices/" in link or "/sections/" in link], "links between pages remain"


@pytest.mark.parametrize("language", LANGUAGES)
def test_checklist_state_survives_a_reload_and_is_exported(driver, site, language):
    page = (site / language / "checklist.html").as_uri()
    driver.get(page)
    driver.execute_script("window.localStorage.clear();")
    driver.get(page)
    assert console_errors(driver) == []
    progress = driver.find_element(By.ID, "checklist-progress")
    assert progress.get_attribute("role") == "status"
    driver.find_element(By.ID, "done-1-1").click()
    driver.find_element(By.CSS_SELECTOR, "label[for=status-2-10-fail]").click()
    notes = driver.find_element(By.ID, "notes-3-4")
    notes.send_keys("Errors are read out, but not in the right order.")
    # Keyboard: Space ticks a focused checkbox.
    box = driver.find_element(By.ID, "done-4-1")
    driver.execute_script("arguments[0].focus();", box)
    box.send_keys(Keys.SPACE)
    assert "2" in progress.text and "33" in progress.text
    driver.get(page)
    assert driver.find_element(By.ID, "done-1-1").is_selected()
    assert driver.find_element(By.ID, "done-4-1").is_selected()
    assert driver.find_element(By.ID, "status-2-10-fail").is_selected()
    assert driver.find_element(By.ID, "notes-3-4").get_attribute("value") == "Errors are read out, but not in the right order."
    assert "2" in driver.find_element(By.ID, "checklist-progress").text
    csv = driver.execute_script("return window.handbookChecklist.csv();")
    markdown = driver.execute_script("return window.handbookChecklist.markdown();")
    assert csv.count("\r\n") == 34 and '"2.10"' in csv and "not in the right order" in csv
    assert markdown.count("\n") == 35 and "| 3.4 |" in markdown
    others = [other for other in LANGUAGES if other != language]
    driver.get((site / others[0] / "checklist.html").as_uri())
    assert not driver.find_element(By.ID, "done-1-1").is_selected(), "state must be kept per language"


def test_checklist_without_javascript_is_a_printable_list(site):
    html = (site / "en" / "checklist.html").read_text(encoding="utf-8")
    assert html.count('type="checkbox"') == 33
    assert "<button" not in html, "the export, print and clear buttons need JavaScript, which inserts them"


def printed_pages(driver, url):
    """The page printed on A4 by Chromium, as the text of each printed page (poppler's pdftotext)."""
    driver.get(url)
    # Through DevTools, as WebDriver's print does, but without its fixed 10 s wait for the renderer,
    # which a single-page edition can pass on a loaded machine (the same text, page for page).
    cm = 1 / 2.54
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {
        "paperWidth": 21.0 * cm, "paperHeight": 29.7 * cm, "marginTop": cm, "marginBottom": cm, "marginLeft": cm, "marginRight": cm})["data"])
    run = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
    return run.stdout.decode("utf-8").split("\f")[:-1]


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_the_single_page_edition_prints_numbered_pages_that_break_only_between_chapters(driver, site, language):
    pages = printed_pages(driver, (site / language / "handbook.html").as_uri())
    chapters = driver.execute_script("return document.querySelectorAll('.print-chapter').length")
    # Every printed page ends with its number (the @page margin box).
    numbers = [page.strip().splitlines()[-1].strip() if page.strip() else "" for page in pages]
    assert numbers == [str(n) for n in range(1, len(pages) + 1)], numbers[:10]
    # A page that is mostly empty ends a principle or a chapter; entries run on (they once each
    # started a page: 208 pages in English, most of them half empty).
    short = [n + 1 for n, page in enumerate(pages) if len([line for line in page.splitlines() if line.strip()]) < 20]
    print(f"{language}: {len(pages)} printed pages, {chapters} chapter breaks, {len(short)} short pages")
    assert len(short) <= chapters + 1, short


def test_the_checklist_prints_without_its_screen_controls(driver, site):
    driver.get((site / "en" / "checklist.html").as_uri())
    controls = ["checklist-filter", "checklist-actions", "checklist-levels-links"]
    shown = "return arguments[0].map(c => document.querySelector('#' + c + ', .' + c)).map(e => e && getComputedStyle(e).display)"
    assert "none" not in driver.execute_script(shown, controls[:2]), "the script shows the filter and the buttons on screen"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert driver.execute_script(shown, controls) == ["none"] * 3
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
