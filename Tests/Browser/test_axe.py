"""axe-core with the WCAG 2.0/2.1/2.2 A and AA and best-practice rules on every page of every
language, in the light and the dark theme: no violations, and no console errors."""

import pytest
from axe_selenium_python import Axe

from conftest import all_pages, console_errors, set_color_scheme

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_has_no_axe_violations(driver, site, scheme):
    set_color_scheme(driver, scheme)
    # The single-page edition takes axe 20-50 s on a loaded 2-core machine, past Selenium's 30 s default.
    driver.set_script_timeout(180)
    failures = []
    version = None
    pages = all_pages(site)
    for page in pages:
        driver.get((site / page).as_uri())
        errors = console_errors(driver)
        if errors:
            failures.append(f"{page}: console errors: {errors}")
        axe = Axe(driver)
        axe.inject()
        result = axe.run(options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
        version = result.get("testEngine", {}).get("version")
        for violation in result["violations"]:
            targets = [node["target"] for node in violation["nodes"][:3]]
            failures.append(f"{page} [{scheme}]: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    print(f"axe-core {version}: {len(pages)} pages, {scheme} theme, {len(failures)} problems")
    assert version and int(version.split(".")[0]) >= 4, f"axe-core {version} is too old for WCAG 2.2 rules"
    assert failures == [], "\n".join(failures[:50])
