"""axe-core on the XHTML documents of every EPUB, unzipped and loaded as application/xhtml+xml
(Chromium serves .xhtml files so): no violations. One batch per language, in the session's browser.

The documents' bodies are the site's bodies, placed with the same helpers and at the same heading
levels, and test_axe.py checks every one of them on its page. What only the book has is its own
frame around them, so the book is checked on one document of each kind (navigation, practice,
section, each other page) and on the first document holding each kind of body element that the
frame styles (tables, images, code, lists, notes): every kind of markup the book has, once per
language. (Every document took 132 s of the gate; these take a few.)"""

import re

import pytest
from conftest import LANGUAGES
from epub_books import book_paths, content_documents, unzip
from test_axe import check_smallest_first

ELEMENTS = ["<table", "<img", "<pre", "<ol", "<dl", "<blockquote", "<aside", "<figure", "<details", "<code"]


def representative_documents(documents):
    """The first document of each kind (its name without the ID) and the first holding each element."""
    chosen, kinds = [], set()
    for document in documents:
        kind = re.sub(r"[0-9.]+$", "", document.stem)
        if kind not in kinds:
            kinds.add(kind)
            chosen.append(document)
    for element in ELEMENTS:
        holder = next((d for d in documents if element in d.read_text(encoding="utf-8")), None)
        if holder is not None and holder not in chosen:
            chosen.append(holder)
    return chosen


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_of_epub_document_has_no_axe_violations(driver, site, tmp_path, language):
    folder = unzip(book_paths(site)[language], tmp_path / language)
    all_documents = content_documents(folder)
    documents = representative_documents(all_documents)
    # Chromium opens the documents as XHTML by their extension, as a reading system does.
    driver.get(documents[0].as_uri())
    assert driver.execute_script("return document.contentType") == "application/xhtml+xml", documents[0]
    # The book has its own style sheet, so its colour pairs are read here, not taken from the site's.
    failures, pairs = check_smallest_first(driver, [(f"{language} {document.name}", document) for document in documents])
    print(f"axe-core on {language} EPUB: {len(documents)} of {len(all_documents)} documents, {len(pairs)} colour pairs, {len(failures)} problems")
    assert len(all_documents) > 150
    kinds = {re.sub(r"[0-9.]+$", "", d.stem) for d in documents}
    assert {"nav", "bp-", "sec-"} <= kinds, kinds
    assert failures == [], "\n".join(failures[:50])
