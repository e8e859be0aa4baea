"""axe-core on every XHTML document of every EPUB, unzipped and loaded as application/xhtml+xml
(Chromium serves .xhtml files so): no violations. One batch per language, in the session's browser."""

import pytest
from axe_selenium_python import Axe

from conftest import LANGUAGES
from epub_books import book_paths, content_documents, unzip
from test_axe import TAGS


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_epub_document_has_no_axe_violations(driver, site, tmp_path, language):
    folder = unzip(book_paths(site)[language], tmp_path / language)
    documents = content_documents(folder)
    driver.set_script_timeout(180)
    failures = []
    for document in documents:
        driver.get(document.as_uri())
        assert driver.execute_script("return document.contentType") == "application/xhtml+xml", document
        axe = Axe(driver)
        axe.inject()
        result = axe.run(options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
        for violation in result["violations"]:
            targets = [node["target"] for node in violation["nodes"][:3]]
            failures.append(f"{language} {document.name}: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    print(f"axe-core on {language} EPUB: {len(documents)} documents, {len(failures)} problems")
    assert len(documents) > 150
    assert failures == [], "\n".join(failures[:50])
