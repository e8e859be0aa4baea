"""axe-core with the WCAG 2.0/2.1/2.2 A and AA and best-practice rules on every page of every
language, in the light theme, and its colour rules in the dark theme: no violations, and no console
errors. The dark theme only gives the colour variables other values (checked below), so the rules
that do not look at colours give the same results in both themes and run once, and the colour rules
run in the dark theme on one page of each template in each language (`representative_pages`): the
pairs of colours a page can show are its template's and its body elements', which those pages hold.
Every page in both themes took 10 minutes of the gate's 18."""

import re

import pytest
from axe_selenium_python import Axe

from conftest import all_pages, console_errors, in_parallel, representative_pages, set_color_scheme

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def axe_violations(driver, label):
    """axe-core's violations of the WCAG and best-practice rules on the page the driver shows, each a
    line naming `label`, the rule and its first targets."""
    axe = Axe(driver)
    axe.inject()
    result = axe.run(options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    return [f"{label}: {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}" for v in result["violations"]]


def test_the_dark_theme_changes_only_colour_variables(site):
    css = (site / "assets" / "handbook.css").read_text(encoding="utf-8")
    blocks = re.findall(r"@media \(prefers-color-scheme: dark\) \{(.*?)\n\}", css, re.S)
    assert blocks, "no dark theme in handbook.css"
    for block in blocks:
        rules = re.findall(r"([^{}]+)\{([^{}]*)\}", block)
        assert rules and all(selector.strip() == ":root" for selector, _ in rules), block
        for _, body in rules:
            properties = [p.split(":")[0].strip() for p in body.split(";") if p.strip()]
            assert properties and all(p.startswith("--") for p in properties), properties


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_has_no_axe_violations(drivers, site, scheme):
    pages = all_pages(site) if scheme == "light" else representative_pages()
    only = {"type": "tag", "values": TAGS} if scheme == "light" else {"type": "rule", "values": COLOUR_RULES}
    for driver in drivers:
        set_color_scheme(driver, scheme)
        # The single-page edition takes axe 20-50 s on a loaded 2-core machine, past Selenium's 30 s default.
        driver.set_script_timeout(180)

    def check(driver, page):
        driver.get((site / page).as_uri())
        problems = [f"{page}: console errors: {errors}" for errors in [console_errors(driver)] if errors]
        axe = Axe(driver)
        axe.inject()
        result = axe.run(options={"runOnly": only, "resultTypes": ["violations"]})
        for violation in result["violations"]:
            targets = [node["target"] for node in violation["nodes"][:3]]
            problems.append(f"{page} [{scheme}]: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
        return result.get("testEngine", {}).get("version"), problems

    results = in_parallel(drivers, pages, check, cost=lambda page: (site / page).stat().st_size)
    failures = [problem for _, problems in results for problem in problems]
    version = results[0][0]
    for driver in drivers:
        set_color_scheme(driver, "light")
    print(f"axe-core {version}: {len(pages)} pages, {scheme} theme, {len(failures)} problems")
    assert version and int(version.split(".")[0]) >= 4, f"axe-core {version} is too old for WCAG 2.2 rules"
    assert failures == [], "\n".join(failures[:50])
