"""The WCAG 2.2 map, its links, and the audit checklist's level filter and exports, in Chromium from file://."""

import re

import pytest
from selenium.webdriver.common.by import By

from conftest import LANGUAGES, console_errors


@pytest.mark.parametrize("language", LANGUAGES)
def test_map_lists_every_criterion_and_marks_the_uncovered_ones_in_words(driver, site, language):
    driver.get((site / language / "wcag.html").as_uri())
    assert console_errors(driver) == []
    rows = driver.find_elements(By.CSS_SELECTOR, "main tr[id^=sc-]")
    assert len(rows) == 87
    marks = driver.find_elements(By.CSS_SELECTOR, "main tr[id^=sc-] .wcag-gap")
    assert marks and all(mark.text.strip() for mark in marks), "the mark is a word, not a colour"
    for mark in marks:
        level = mark.find_element(By.XPATH, "ancestor::tr/td[1]").text
        assert level in ("A", "AA")
    # The counts come from the data: the AA and A "not covered" cells add up to the marks shown.
    counts = driver.find_elements(By.CSS_SELECTOR, ".wcag-counts tbody tr")
    not_covered = {row.find_element(By.TAG_NAME, "th").text: int(row.find_elements(By.TAG_NAME, "td")[2].text) for row in counts}
    assert not_covered["A"] + not_covered["AA"] == len(marks)
    summary = driver.find_element(By.CSS_SELECTOR, ".wcag-summary").text
    assert str(len(marks)) in summary and "55" in summary


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_principles_and_practice_pages_link_to_the_map(driver, site, language):
    for page in ["index.html", "principles.html"]:
        driver.get((site / language / page).as_uri())
        assert driver.find_elements(By.CSS_SELECTOR, "main a[href$='wcag.html']"), page
    driver.get((site / language / "practices" / "1.3.html").as_uri())
    links = driver.find_elements(By.CSS_SELECTOR, ".facts .wcag-list a")
    assert [link.get_attribute("href").rsplit("#", 1)[1] for link in links] == ["sc-1-4-4", "sc-1-4-10"]
    links[1].click()
    assert driver.current_url.endswith("wcag.html#sc-1-4-10")
    assert "1.3" in driver.find_element(By.ID, "sc-1-4-10").text


def visible_items(driver):
    return [item.get_attribute("data-practice") for item in driver.find_elements(By.CSS_SELECTOR, ".check-item") if item.is_displayed()]


@pytest.mark.parametrize("language", LANGUAGES)
def test_checklist_filters_by_level_and_exports_the_criteria(driver, site, language):
    page = (site / language / "checklist.html").as_uri()
    driver.get(page)
    driver.execute_script("window.localStorage.clear();")
    driver.get(page)
    assert console_errors(driver) == []
    assert driver.find_element(By.ID, "checklist-filter").is_displayed()
    assert len(visible_items(driver)) == 33
    driver.find_element(By.CSS_SELECTOR, "label[for=filter-level-aaa]").click()
    shown = visible_items(driver)
    assert "2.8" in shown and "1.3" not in shown, shown
    entries = [entry for entry in driver.find_elements(By.CSS_SELECTOR, ".check-wcag-list li") if entry.is_displayed()]
    assert entries and all(entry.get_attribute("data-level") == "AAA" for entry in entries)
    assert not driver.find_element(By.ID, "level-a").is_displayed()
    assert driver.find_element(By.ID, "level-aaa").is_displayed()
    driver.find_element(By.CSS_SELECTOR, "label[for=filter-all]").click()
    assert len(visible_items(driver)) == 33
    csv = driver.execute_script("return window.handbookChecklist.csv();")
    markdown = driver.execute_script("return window.handbookChecklist.markdown();")
    assert csv.splitlines()[0].split(",")[2] == '"WCAG 2.2"'
    row = next(line for line in csv.splitlines() if line.startswith('"1.3",'))
    assert re.search(r"1\.4\.4 [^;]+AA[)）]; 1\.4\.10 ", row), row
    assert "| 1.3 |" in markdown and "1.4.10" in markdown


def test_checklist_without_javascript_prints_the_criteria_by_level(site):
    html = (site / "en" / "checklist.html").read_text(encoding="utf-8")
    assert 'id="checklist-filter" hidden' in html, "the filter needs the script, which shows it"
    for level in ["a", "aa", "aaa"]:
        assert f'href="#level-{level}"' in html and f'id="level-{level}"' in html
    section = html[html.index('id="level-aa"'):html.index('id="level-aaa"')]
    assert "1.4.4" in section and "1.4.3" in section and "2.5.5" not in section
