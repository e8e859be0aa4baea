"""axe-core with the WCAG 2.0/2.1/2.2 A and AA and best-practice rules on every page of every
language, and no console errors. The colour rules (contrast, links told apart from text) look at pairs
of colours, not at pages: every page's rendered text elements are read for their colour pairs (colour,
background, size class, the colour around a link, opacity) as it is checked, and the colour rules then
run, in the light and the dark theme, on the fewest and smallest pages that together show every pair
any page shows. The content security policy refuses inline styles, so content brings no colours of its
own. The dark theme only gives the colour variables other values, and two variables that agree in the
light theme agree in the dark one, so pages that show every light pair show every dark pair (both
checked below). Running every rule on every page took 172 s of the gate, the colour rules half of
axe's time on a page. axe-core is loaded into each page by the browser (a script added to every new
document) rather than sent over WebDriver after each load."""

import contextlib
import pathlib
import re

import axe_selenium_python
import pytest
from axe_selenium_python import Axe

from conftest import all_pages, console_errors, in_parallel, set_color_scheme

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


def test_colours_are_variables_that_agree_in_both_themes(site):
    """Colours come from the variables alone (print and forced colours aside), and variables with the
    same light value have the same dark value: a light colour pair then names one dark pair."""
    css = (site / "assets" / "handbook.css").read_text(encoding="utf-8")
    themed = re.sub(r"@media (print|\(forced-colors: active\))[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    def variables(text):
        return dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{3,8})\s*;", text))
    dark_block = re.search(r"@media \(prefers-color-scheme: dark\) \{(.*?)\n\}", themed, re.S).group(1)
    light, dark = variables(themed.replace(dark_block, "")), variables(dark_block)
    assert len(light) > 5 and set(dark) <= set(light), (light, dark)
    for a in light:
        for b in light:
            if light[a].lower() == light[b].lower():
                assert dark.get(a, light[a]).lower() == dark.get(b, light[b]).lower(), f"{a} and {b} agree in light, not in dark"
    literals = re.findall(r"[^-\w](#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\()", re.sub(r"--[\w-]+:\s*#[0-9a-fA-F]{3,8}", "", themed))
    assert literals == [], f"colours outside the variables: {literals}"


AXE_SOURCE = (pathlib.Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")

# Each rendered text element's colour pair as the colour rules see it: text colour, the first opaque background
# behind it, whether it is large text (24 px, or 18.66 px bold), for a link the colour around it, opacity.
COLOUR_PAIRS_SCRIPT = """
const pairs = new Set(), backgrounds = new Map();
for (const element of document.querySelectorAll('body, body *')) {
  const style = getComputedStyle(element), own = style.backgroundColor;
  const background = own !== 'transparent' && !/, 0\\)$/.test(own) ? own : (backgrounds.get(element.parentElement) || 'none');
  backgrounds.set(element, background);
  if (!element.getClientRects().length || ![...element.childNodes].some(node => node.nodeType === 3 && node.textContent.trim())) continue;
  const size = parseFloat(style.fontSize), large = size >= 24 || (size >= 18.66 && parseInt(style.fontWeight) >= 700);
  const around = element.tagName === 'A' && element.parentElement ? getComputedStyle(element.parentElement).color : '';
  pairs.add([style.color, background, large, around, style.opacity].join(' | '));
}
return [...pairs];
"""

# The colour pairs of every page, as the every-page check read them.
colour_pairs = {}


@contextlib.contextmanager
def axe_in_every_page(drivers):
    """axe-core loaded by each browser into every page it opens, until the block ends."""
    added = [(driver, driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": AXE_SOURCE})["identifier"])
             for driver in drivers]
    try:
        yield
    finally:
        for driver, identifier in added:
            driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})


def run_axe(driver, options):
    """axe-core's results on the page the driver shows (options go over as JSON)."""
    return driver.execute_async_script("const done = arguments[arguments.length - 1]; axe.run(document, arguments[0]).then(done)", options)


def check_smallest_first(driver, targets):
    """axe-core on `targets` ((label, path) pairs, opened smallest first) in one browser: every rule but
    the colour rules on each, and the colour rules too on each that shows a colour pair no smaller one
    showed, as the every-page check does for the site (a pair passes or fails alike wherever it is).
    Returns the problems (console errors too) and the colour pairs read."""
    every_rule = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    but_colour = dict(every_rule, rules={rule: {"enabled": False} for rule in COLOUR_RULES})
    problems, shown = [], set()
    with axe_in_every_page([driver]):
        for label, path in sorted(targets, key=lambda target: (target[1].stat().st_size, target[0])):
            driver.get(path.as_uri())
            problems += [f"{label}: console errors: {errors}" for errors in [console_errors(driver)] if errors]
            pairs = set(driver.execute_script(COLOUR_PAIRS_SCRIPT))
            result = run_axe(driver, but_colour if pairs <= shown else every_rule)
            shown |= pairs
            problems += [f"{label}: {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
                         for v in result["violations"]]
    assert shown, "no colour pairs read"
    return problems, shown


def check_pages(drivers, site, pages, scheme, options, read_pairs=False):
    """Every problem axe (with `options`) and the console find on `pages` in `scheme`, with the axe
    version; with `read_pairs`, each page's colour pairs go into `colour_pairs`."""
    for driver in drivers:
        set_color_scheme(driver, scheme)

    def check(driver, page):
        driver.get((site / page).as_uri())
        problems = [f"{page}: console errors: {errors}" for errors in [console_errors(driver)] if errors]
        if read_pairs:
            colour_pairs[page] = set(driver.execute_script(COLOUR_PAIRS_SCRIPT))
        result = run_axe(driver, options)
        for violation in result["violations"]:
            targets = [node["target"] for node in violation["nodes"][:3]]
            problems.append(f"{page} [{scheme}]: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
        return result.get("testEngine", {}).get("version"), problems

    with axe_in_every_page(drivers):
        results = in_parallel(drivers, pages, check, cost=lambda page: (site / page).stat().st_size)
    for driver in drivers:
        set_color_scheme(driver, "light")
    version = results[0][0]
    assert version and int(version.split(".")[0]) >= 4, f"axe-core {version} is too old for WCAG 2.2 rules"
    return version, [problem for _, problems in results for problem in problems]


def test_every_page_has_no_axe_violations(drivers, site):
    pages = all_pages(site)
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"],
               "rules": {rule: {"enabled": False} for rule in COLOUR_RULES}}
    version, failures = check_pages(drivers, site, pages, "light", options, read_pairs=True)
    print(f"axe-core {version}: {len(pages)} pages, every rule but the colour rules, {len(failures)} problems")
    assert failures == [], "\n".join(failures[:50])


def pages_showing_every_colour_pair(drivers, site):
    """The fewest and smallest pages that together show every colour pair of the site (greedily: the
    most pairs not yet shown per byte of page), with every pair; the pages' pairs are read here when
    the every-page check has not run."""
    pages = all_pages(site)
    missing = [page for page in pages if page not in colour_pairs]
    if missing:
        def read(driver, page):
            driver.get((site / page).as_uri())
            return set(driver.execute_script(COLOUR_PAIRS_SCRIPT))
        colour_pairs.update(zip(missing, in_parallel(drivers, missing, read)))
    every = set().union(*(colour_pairs[page] for page in pages))
    chosen, shown = [], set()
    while not every <= shown:
        page = max(pages, key=lambda page: (len(colour_pairs[page] - shown) / (site / page).stat().st_size, page))
        chosen.append(page)
        shown |= colour_pairs[page]
    return chosen, every


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_colour_rules_pass_on_pages_showing_every_colour_pair(drivers, site, scheme):
    pages, pairs = pages_showing_every_colour_pair(drivers, site)
    assert len(pairs) > 5, f"too few colour pairs read: {pairs}"
    options = {"runOnly": {"type": "rule", "values": COLOUR_RULES}, "resultTypes": ["violations"]}
    version, failures = check_pages(drivers, site, pages, scheme, options)
    print(f"axe-core {version}: colour rules on {len(pages)} pages showing all {len(pairs)} colour pairs, {scheme} theme, {len(failures)} problems")
    assert failures == [], "\n".join(failures[:50])
