"""Shared helpers of the EPUB checks: each language's book, unzipped once per session."""

import pathlib
import zipfile

from conftest import LANGUAGES

XHTML = "http://www.w3.org/1999/xhtml"
OPF = "http://www.idpf.org/2007/opf"
DC = "http://purl.org/dc/elements/1.1/"
EPUB_NS = "http://www.idpf.org/2007/ops"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def book_paths(site: pathlib.Path):
    return {language: site / language / "handbook.epub" for language in LANGUAGES}


def unzip(book: pathlib.Path, into: pathlib.Path) -> pathlib.Path:
    with zipfile.ZipFile(book) as archive:
        archive.extractall(into)
    return into


def content_documents(folder: pathlib.Path):
    """Every XHTML document of an unzipped book (the navigation document included), sorted."""
    return sorted(folder.rglob("*.xhtml"))
