"""Shared set-up of the browser gate: the built site, one headless Chromium for the whole run."""

import os
import pathlib

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = REPOSITORY / "screenshots"
LANGUAGES = ["en", "zh-Hant", "zh-Hans"]
# The lang/hreflang tag of each edition; folder names stay the codes. zh-Hant is written for Hong Kong.
LANGUAGE_TAGS = {"en": "en", "zh-Hant": "zh-Hant-HK", "zh-Hans": "zh-Hans"}


def pytest_addoption(parser):
    parser.addoption("--site", default=str(REPOSITORY / "public"), help="the built site to test")


@pytest.fixture(scope="session")
def site(request) -> pathlib.Path:
    path = pathlib.Path(request.config.getoption("--site")).resolve()
    assert (path / "index.html").is_file(), f"no built site at {path}"
    return path


def _names(code) -> set:
    """The global names a function's code and the functions inside it use."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if hasattr(constant, "co_names"):
            names |= _names(constant)
    return names


def pytest_configure(config):
    config.addinivalue_line("markers", "command: runs the handbook command (bin/test runs these after the build)")


def pytest_collection_modifyitems(config, items):
    """Marks `command` every test that runs the handbook command, itself or through a fixture, so
    that bin/test can run the others on the committed site while the command is still being built."""
    for item in items:
        functions = [item.function] + [definition.func for name in item.fixturenames
                                       for definition in item._fixtureinfo.name2fixturedefs.get(name, ())]
        if any("handbook_executable" in _names(function.__code__) for function in functions):
            item.add_marker(pytest.mark.command)


def handbook_executable() -> pathlib.Path:
    """The handbook command the tests run: $HANDBOOK_EXECUTABLE (bin/test gives the one it built with
    the Swift tests), else the release build, else the debug one."""
    if os.environ.get("HANDBOOK_EXECUTABLE"):
        return pathlib.Path(os.environ["HANDBOOK_EXECUTABLE"])
    for build in ["release", "debug"]:
        path = REPOSITORY / ".build" / build / "handbook"
        if path.is_file():
            return path
    pytest.fail("build the handbook first: swift build -c release --product handbook")


# The Java checkers (EPUBCheck, the Nu HTML Checker) run for seconds: with the first-tier compiler
# alone and the serial collector the JVM spends half the CPU time on them (EPUBCheck on one book:
# 12.2 s -> 6.0 s of CPU, 6.8 s -> 5.0 s of wall time).
JAVA_JAR = ["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar"]


def all_pages(site: pathlib.Path):
    """Every page a reader browses. 404.html is left out: a web server shows it at any address, so
    its links start at the server's root and do not work from file://; test_hosting.py checks it
    served over http."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")


def representative_pages():
    """One page of each template in each language, for the costlier checks."""
    pages = ["index.html"]
    for language in LANGUAGES:
        for page in ["index.html", "practices/1.10.html", "sections/7.3.6.5.html", "about.html",
                     "practices/index.html", "sections/index.html", "principles.html", "a-z.html",
                     "translation-status.html", "wcag.html", "checklist.html"]:
            pages.append(f"{language}/{page}")
    return pages


def make_driver():
    os.environ.setdefault("SE_MANAGER_PATH", "/bin/false")
    os.environ.setdefault("SE_OFFLINE", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/lib/chromium/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                     "--allow-file-access-from-files", "--disable-dev-shm-usage", "--lang=en-US"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # axe on a single-page edition takes 20-50 s on a loaded 2-core machine, past Selenium's 30 s.
    browser.set_script_timeout(180)
    return browser


@pytest.fixture(scope="session")
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


@pytest.fixture(scope="session")
def drivers(driver):
    """The session's browser and a second one, for the checks that visit every page: on two cores
    two browsers check pages side by side in about half the time. The second is started once."""
    other = make_driver()
    yield [driver, other]
    other.quit()


def in_parallel(drivers, items, check, cost=None):
    """`check(driver, item)` for every item, each browser taking the next item as soon as it is
    free, the costliest first (`cost(item)`, e.g. the page's size: the single-page edition takes
    axe many times longer than a practice); the results in the items' order."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    queue = sorted(range(len(items)), key=lambda index: -cost(items[index])) if cost else list(range(len(items)))
    lock = threading.Lock()
    results = [None] * len(items)

    def work(driver):
        while True:
            with lock:
                if not queue:
                    return
                index = queue.pop(0)
            results[index] = check(driver, items[index])

    with ThreadPoolExecutor(len(drivers)) as pool:
        for future in [pool.submit(work, driver) for driver in drivers]:
            future.result()
    return results


def set_color_scheme(driver, scheme: str):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def console_errors(driver):
    """Severe console messages of the current page (axe's own file:// fetches are not included
    because this is read before axe is injected)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


FALLBACK_PRACTICE = "1.7"


@pytest.fixture(scope="session")
def fallback_site(tmp_path_factory) -> pathlib.Path:
    """The real content with practice 1.7's Chinese translations removed and built with the handbook
    command, so zh-Hant and zh-Hans/practices/1.7.html are fallback pages (the committed site has none)."""
    import shutil
    import subprocess

    handbook = handbook_executable()
    root = tmp_path_factory.mktemp("fallback")
    shutil.copytree(REPOSITORY / "content", root / "content")
    for language in ["zh-Hant", "zh-Hans"]:
        (root / "content" / language / "practices" / f"{FALLBACK_PRACTICE}.md").unlink()
    subprocess.run([str(handbook), "build", "--content", str(root / "content"), "--templates",
                    str(REPOSITORY / "templates"), "--out", str(root / "public")],
                   check=True, capture_output=True, cwd=REPOSITORY)
    return root / "public"
