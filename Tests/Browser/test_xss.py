"""Content can never run script: a site built from content full of script payloads (in titles,
summaries, alt texts, link texts, headings, code blocks, UI strings and indexed text) is opened in
Chromium with a hook that records any execution, and searched for the payloads. No payload runs,
none becomes an element or an event-handler attribute, and each shows as plain text."""

import pathlib
import shutil
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY, console_errors, handbook_executable

HOOK = "window.__xss = []; window.alert = function (m) { window.__xss.push(String(m)); };"
PAYLOAD = '<img src=x onerror="__xss.push(1)">'
SCRIPT = "<script>__xss.push(2)</script>"
QUOTE = '" onmouseover="__xss.push(3)'


def content(root: pathlib.Path):
    (root / "en" / "practices").mkdir(parents=True)
    (root / "en" / "pages").mkdir(parents=True)
    (root / "en" / "sections").mkdir(parents=True)
    (root / "site.yaml").write_text("source_language: en\nlanguages:\n  - code: en\n    name: English\n")
    strings = (REPOSITORY / "content" / "en" / "strings.yaml").read_text(encoding="utf-8")
    strings = strings.replace("skip_link: Skip to main content", f"skip_link: 'Skip {PAYLOAD} {QUOTE}'")
    (root / "en" / "strings.yaml").write_text(strings, encoding="utf-8")
    (root / "en" / "practices" / "1.1.md").write_text(
        f"---\nid: \"1.1\"\ntitle: 'Alt {PAYLOAD} zebrapayload'\nprinciple: perceivable\ncategory: text\n"
        f"summary: 'Summary {SCRIPT} {QUOTE}'\nadoption: '{SCRIPT}'\nsections: [\"7\"]\n---\n"
        f"Text \\<script>__xss.push(4)\\</script> and &lt;b onclick=x&gt; zebrapayload.\n\n"
        f"![A picture {QUOTE}](pic.png \"{QUOTE}\")\n\n"
        f"[Link \\<img src=x onerror=__xss.push(5)> text](sec:7)\n\n"
        f"## Heading \\<svg onload=__xss.push(6)>\n\n"
        f"```html sketch\n</code></pre><script>__xss.push(7)</script>\n```\n\n"
        f"Table: Caption {QUOTE}\n\n| Head \\<img src=x onerror=__xss.push(8)> |\n| --- |\n| `{SCRIPT}` |\n\n"
        "## Who it helps\n\n## On Android\n\n## On iOS\n\n## In the templates\n\n## How to test\n",
        encoding="utf-8")
    # The picture the page shows: a real 1×1 PNG in the images folder.
    (root / "images").mkdir()
    (root / "images" / "pic.png").write_bytes(bytes.fromhex(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
        "0000000d4944415478da63f8ffff3f0005fe02fea7d6a4550000000049454e44ae426082"))
    # Program details are Markdown, linted like a body: raw HTML there is an error, so the
    # payloads are escaped and must show as text.
    (root / "en" / "sections" / "7.md").write_text(
        f"---\nnumber: \"7\"\ntitle: 'Section {SCRIPT}'\nprogram_details:\n  - description: '\\{PAYLOAD}'\n"
        f"    code_file: '{SCRIPT}.java'\n    functions: ['Calls `{SCRIPT}` and \\<b onclick=x>']\n---\nBody zebrapayload.\n",
        encoding="utf-8")
    (root / "en" / "pages" / "index.md").write_text(f"---\nid: index\ntitle: 'Home {PAYLOAD}'\n---\nHome.\n")


@pytest.fixture(scope="module")
def hostile_site():
    work = pathlib.Path(tempfile.mkdtemp())
    content(work / "content")
    shutil.copytree(REPOSITORY / "templates", work / "templates")
    executable = handbook_executable()
    run = subprocess.run([str(executable), "build"], cwd=work, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    yield work / "public"
    shutil.rmtree(work)


def assert_no_injection(driver, page):
    assert driver.execute_script("return window.__xss;") == [], f"{page}: a payload ran"
    handlers = driver.execute_script(
        "return Array.from(document.querySelectorAll('*')).filter(e => Array.from(e.attributes)"
        ".some(a => a.name.startsWith('on'))).map(e => e.outerHTML.slice(0, 80));")
    assert handlers == [], f"{page}: event-handler attributes: {handlers}"
    scripts = driver.execute_script("return Array.from(document.scripts).filter(s => !s.src).length;")
    assert scripts == 0, f"{page}: inline script element"
    assert driver.find_elements(By.CSS_SELECTOR, "main svg, main img[src=x]") == []


def test_payloads_render_as_text_and_never_run(driver, hostile_site):
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    pages = sorted(p.relative_to(hostile_site).as_posix() for p in hostile_site.rglob("*.html"))
    assert len(pages) > 8
    for page in pages:
        driver.get((hostile_site / page).as_uri())
        assert_no_injection(driver, page)
        if page == "404.html":
            console_errors(driver)  # made for servers: its root-relative stylesheet does not load from file://
    driver.get((hostile_site / "en" / "practices" / "1.1.html").as_uri())
    text = driver.find_element(By.TAG_NAME, "main").text
    assert "<img src=x onerror=" in text and "<script>__xss.push(7)</script>" in text
    assert console_errors(driver) == []


def test_search_results_show_payloads_as_text(driver, hostile_site):
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    driver.get((hostile_site / "en" / "index.html").as_uri())
    box = driver.find_element(By.CSS_SELECTOR, "input[type=search]")
    box.click()
    box.send_keys("zebrapayload")
    driver.implicitly_wait(0)
    import time
    deadline = time.time() + 10
    results = []
    while time.time() < deadline and not results:
        results = driver.find_elements(By.CSS_SELECTOR, ".search-results li, [data-search-results] li")
        time.sleep(0.1)
    assert results, "no search results for the payload page"
    assert_no_injection(driver, "search results")
    assert "onerror" in driver.find_element(By.TAG_NAME, "header").text
