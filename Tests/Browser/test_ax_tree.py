"""What a screen reader hears: Chromium's accessibility tree of representative pages, in reading
order, compared with reviewed text files in ax-golden/.

Each line is one node a screen reader announces: its role, its accessible name in quotes, heading
level or state in brackets, and `lang=` where the language changes from the node above it (which
picks the voice). Generic containers are left out and text that only repeats its parent's name is
folded into it. `UPDATE_AX_GOLDEN=1` re-records the files and fails the run, so a re-recording never
passes unnoticed; review the change as a git diff.
"""

import os
import pathlib

import pytest

from conftest import FALLBACK_PRACTICE, LANGUAGES

GOLDEN = pathlib.Path(__file__).resolve().parent / "ax-golden"
PAGES = ["index.html", "practices/1.10.html", "sections/11.1.1.html", "practices/index.html", "checklist.html"]
SILENT_ROLES = {"generic", "none", "InlineTextBox", "LineBreak", "paragraph", "listItem",
                "LayoutTable", "LayoutTableRow", "LayoutTableCell", "sectionheader", "sectionfooter", "ListMarker"}
STATES = ["level", "checked", "expanded", "pressed", "required", "invalid"]
TEXT_LIMIT = 100


def snapshot_cases():
    cases = [(language, page) for language in LANGUAGES for page in PAGES]
    cases += [(language, f"practices/{FALLBACK_PRACTICE}.html") for language in ["zh-Hant", "zh-Hans"]]
    return cases


def languages_by_node(driver):
    """The language of every DOM node by backend ID, inherited from the nearest `lang` attribute."""
    document = driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    out = {}

    def walk(node, inherited):
        attributes = node.get("attributes", [])
        pairs = dict(zip(attributes[::2], attributes[1::2]))
        language = pairs.get("lang", inherited)
        out[node["backendNodeId"]] = language
        for child in node.get("children", []):
            walk(child, language)

    walk(document, "")
    return out


def ax_text(driver):
    """The page's accessibility tree as indented lines, in document (reading) order."""
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    languages = languages_by_node(driver)
    nodes = {node["nodeId"]: node for node in tree}
    root = next(node for node in tree if "parentId" not in node)
    lines = []

    def value(node, key):
        return (node.get(key) or {}).get("value", "")

    def visit(node, depth, parent_name, parent_language):
        role = value(node, "role")
        name = " ".join(str(value(node, "name")).split())
        language = languages.get(node.get("backendDOMNodeId"), parent_language) or parent_language
        # A group is announced only by its name (a fieldset's legend, the text-size buttons' label).
        speaks = not node.get("ignored") and role not in SILENT_ROLES and (role != "group" or bool(name))
        if role == "StaticText":
            # Text that repeats its parent's name is folded into it, unless it is read in another voice.
            speaks = bool(name) and (name not in parent_name or language != parent_language)
        if speaks:
            shown = name if len(name) <= TEXT_LIMIT else name[:TEXT_LIMIT] + "…"
            states = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
            marks = [f"{key}={states[key]}" for key in STATES if key in states and states[key] not in (False, "false")
                     and not (key == "level" and role != "heading")]
            if language != parent_language:
                marks.append(f"lang={language}")
            label = "text" if role == "StaticText" else role
            line = "  " * depth + label + (f' "{shown}"' if shown else "") + (f" [{', '.join(marks)}]" if marks else "")
            lines.append(line)
            depth += 1
            parent_name, parent_language = name, language
        for child in node.get("childIds", []):
            if child in nodes:
                visit(nodes[child], depth, parent_name, parent_language)

    languages[root.get("backendDOMNodeId")] = driver.execute_script("return document.documentElement.lang;")
    visit(root, 0, "", "")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("language,page", snapshot_cases())
def test_accessibility_tree_matches_reviewed_snapshot(driver, site, fallback_site, language, page):
    source = fallback_site if page == f"practices/{FALLBACK_PRACTICE}.html" else site
    driver.get((source / language / page).as_uri())
    actual = ax_text(driver)
    path = GOLDEN / language / (page.replace("/", "_").removesuffix(".html") + ".txt")
    if os.environ.get("UPDATE_AX_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        pytest.fail(f"re-recorded {path.relative_to(GOLDEN.parent)}; review the diff and run again without UPDATE_AX_GOLDEN")
    assert path.is_file(), f"no snapshot {path}; record it with UPDATE_AX_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"the accessibility tree of {language}/{page} changed; re-record with UPDATE_AX_GOLDEN=1 and review"
