"""`handbook serve` in Chromium: a practice page opened through the server reloads with an edit to
its Markdown within a second; a broken link brings up the located error in a panel that passes axe
and can be dismissed; fixing it takes the panel away. Runs on a temporary copy of the content, on
127.0.0.1 with a port the system picks, and stops the server it started."""

import pathlib
import re
import shutil
import signal
import subprocess
import threading
import time

import pytest
from axe_selenium_python import Axe
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPOSITORY, console_errors, handbook_executable

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
PRACTICE = "content/en/practices/1.1.md"


@pytest.fixture(scope="module")
def server(tmp_path_factory, driver):
    project = tmp_path_factory.mktemp("serve")
    shutil.copytree(REPOSITORY / "content", project / "content")
    shutil.copytree(REPOSITORY / "templates", project / "templates")
    process = subprocess.Popen([str(handbook_executable()), "serve", "--port", "0"], cwd=project,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    url = None
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if found:
            url = found.group(0)
        if line.startswith("watching "):
            break
    assert url and lines[-1].startswith("watching "), "".join(lines) + process.stderr.read()
    # The rest of the output is kept (the rebuild times) and the pipes never fill up.
    for stream in [process.stdout, process.stderr]:
        threading.Thread(target=lambda s=stream: lines.extend(iter(s.readline, "")), daemon=True).start()
    yield project, url, process, lines
    # The browser is shared: leave the served page first, so that its event stream, cut when the
    # server stops, is not logged as an error of the next test's page.
    driver.get("about:blank")
    driver.get_log("browser")
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=20) == 0


def wait_until(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if condition():
                return True
        except WebDriverException:  # the page was between two loads
            pass
        time.sleep(0.02)
    return False


def edit(project, change):
    path = project / PRACTICE
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def panel(driver):
    return driver.find_elements(By.ID, "handbook-serve-errors")


def test_edit_reloads_and_errors_show_until_fixed(driver, server):
    project, url, _, printed = server
    driver.get(url + "en/practices/1.1.html")
    # Over HTTP Chromium asks for /favicon.ico, which the site does not have (file:// pages do not ask).
    assert [error for error in console_errors(driver) if "/favicon.ico" not in error] == []
    assert wait_until(lambda: driver.execute_script("return document.querySelector('script[data-build]') !== null"), 5)
    time.sleep(0.5)  # the event stream connects

    # An edit of the Markdown: the page reloads (the marker set on the old page is gone) and shows it.
    driver.execute_script("window.beforeReload = true")
    started = time.monotonic()
    edit(project, lambda text: text.replace("A screen reader cannot describe", "Edited in the preview: a screen reader cannot describe", 1))
    shown = wait_until(lambda: "Edited in the preview" in driver.find_element(By.TAG_NAME, "main").text, 120)
    elapsed = time.monotonic() - started
    assert shown and driver.execute_script("return window.beforeReload === undefined")
    def rebuild_times():
        return [int(m.group(1)) for m in (re.search(r"^rendered \d+ pages .* in (\d+) ms$", line) for line in printed) if m]
    assert wait_until(rebuild_times, 5), "".join(printed)
    rebuilds = rebuild_times()
    rebuild = rebuilds[-1] / 1000
    print(f"edit shown after a reload in {elapsed * 1000:.0f} ms from the save, {rebuild * 1000:.0f} ms of it the rebuild")
    # The reload follows the rebuild at once: the event stream brings it, nothing polls. The event,
    # the request and the render took 0.3 s alone, 1.3 s beside axe on a busy 2-core machine; the
    # rebuild's own time is bench/incremental's figure, not a test's.
    assert elapsed - rebuild < 3.0, f"the page showed the edit {elapsed - rebuild:.2f} s after the rebuild"

    # A broken link: the panel names the file, line and column, passes axe, and a screen reader hears it.
    edit(project, lambda text: text + "\nSee [](sec:99.99.99).\n")
    assert wait_until(lambda: panel(driver), 120), "no errors panel"
    text = panel(driver)[0].text
    assert re.search(r"content/en/practices/1\.1\.md:\d+:\d+: error: .*\[broken-link\]", text), text
    status = driver.find_element(By.CSS_SELECTOR, "main [role=status]")
    assert status.get_attribute("textContent").strip() != ""
    axe = Axe(driver)
    axe.inject()
    result = axe.run(options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    assert [f"{v['id']}: {v['help']}" for v in result["violations"]] == []

    # Dismissable from the keyboard.
    button = panel(driver)[0].find_element(By.TAG_NAME, "button")
    button.send_keys(Keys.ENTER)
    assert panel(driver) == []

    # Another failed rebuild brings it back; the fix takes it away without a manual reload.
    edit(project, lambda text: text.replace("sec:99.99.99", "sec:99.99.98"))
    assert wait_until(lambda: panel(driver), 120), "no errors panel after the second failure"
    edit(project, lambda text: text.replace("\nSee [](sec:99.99.98).\n", ""))
    assert wait_until(lambda: not panel(driver), 120), "the panel stayed after the fix"
    assert "Edited in the preview" in driver.find_element(By.TAG_NAME, "main").text
