"""Every internal link and resource of every page resolves to a file, and every #fragment to an id."""

import html
import pathlib
import re
import urllib.parse

from conftest import all_pages


# The pages are generated: every attribute is double-quoted, and a quote in text or in a value is
# written &quot; (cmark-gfm and Mustache both escape it), so attributes can be read without a full
# HTML parser (which took two minutes over the single-page editions). Comments and scripts hold none.
ATTRIBUTE = re.compile(r'<[a-zA-Z][^<>]*?\s(?:href|src|id)="[^"]*"[^<>]*>')
VALUE = re.compile(r'\s(href|src|id)="([^"]*)"')


class LinkCollector:
    def __init__(self, text: str):
        self.links = []
        self.ids = set()
        for tag in ATTRIBUTE.finditer(text):
            for name, value in VALUE.findall(tag.group(0)):
                value = html.unescape(value)
                if name == "id":
                    self.ids.add(value)
                else:
                    self.links.append(value)


def parse(path: pathlib.Path) -> LinkCollector:
    return LinkCollector(path.read_text(encoding="utf-8"))


def test_every_internal_link_resolves(site):
    cache = {}

    def collected(path):
        if path not in cache:
            cache[path] = parse(path)
        return cache[path]

    targets = {}
    problems = []
    checked = 0
    for page in all_pages(site):
        source = site / page
        collector = collected(source)
        for link in collector.links:
            parts = urllib.parse.urlsplit(link)
            if parts.scheme or parts.netloc:
                continue
            key = (source.parent, parts.path) if parts.path else (source, "")
            if key not in targets:  # most links of a language lead to the same few hundred files
                target = (source.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else source
                targets[key] = (target, target.is_dir(), target.is_file())
            target, is_dir, is_file = targets[key]
            checked += 1
            if parts.path.endswith("/") or is_dir:
                problems.append(f"{page}: {link} is a folder, which file:// does not open")
            elif not is_file:
                problems.append(f"{page}: {link} does not exist")
            elif parts.fragment and target.suffix == ".html":
                ids = collected(target).ids
                if urllib.parse.unquote(parts.fragment) not in ids:
                    problems.append(f"{page}: {link} has no element with that id")
    print(f"links: {checked} checked, {len(problems)} broken")
    assert checked > 10000
    assert problems == [], "\n".join(problems[:50])
