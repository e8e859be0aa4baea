"""Every internal link and resource of every page resolves to a file, and every #fragment to an id."""

import html.parser
import pathlib
import urllib.parse

from conftest import all_pages


class LinkCollector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        for name in ("href", "src"):
            if attributes.get(name) is not None:
                self.links.append(attributes[name])


def parse(path: pathlib.Path) -> LinkCollector:
    collector = LinkCollector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def test_every_internal_link_resolves(site):
    cache = {}
    problems = []
    checked = 0
    for page in all_pages(site):
        source = site / page
        collector = cache.setdefault(source, parse(source))
        for link in collector.links:
            parts = urllib.parse.urlsplit(link)
            if parts.scheme or parts.netloc:
                continue
            target = (source.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else source
            checked += 1
            if parts.path.endswith("/") or target.is_dir():
                problems.append(f"{page}: {link} is a folder, which file:// does not open")
            elif not target.is_file():
                problems.append(f"{page}: {link} does not exist")
            elif parts.fragment and target.suffix == ".html":
                ids = cache.setdefault(target, parse(target)).ids
                if urllib.parse.unquote(parts.fragment) not in ids:
                    problems.append(f"{page}: {link} has no element with that id")
    print(f"links: {checked} checked, {len(problems)} broken")
    assert checked > 10000
    assert problems == [], "\n".join(problems[:50])
