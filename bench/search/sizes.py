#!/usr/bin/env python3
"""Prints, for each language of a built site, the size of its HTML pages against its search index
(the main file and the term shards, what a query loads) and its snippet texts.

Usage: sizes.py SITE   (the built public/ folder)
"""

import pathlib
import sys


def main():
    site = pathlib.Path(sys.argv[1])
    folder = site / "assets" / "search"
    languages = sorted(path.stem for path in folder.glob("*.js") if "-terms-" not in path.name and "-text-" not in path.name)
    print(f"{'language':<9} {'pages':>7} {'HTML':>13} {'index':>12} {'share':>6} {'shards':>6} {'texts':>12} {'share':>6}")
    for language in languages:
        pages = list((site / language).rglob("*.html"))
        html = sum(path.stat().st_size for path in pages)
        shards = sorted(folder.glob(f"{language}-terms-*.js"))
        index = (folder / f"{language}.js").stat().st_size + sum(path.stat().st_size for path in shards)
        texts = sum(path.stat().st_size for path in folder.glob(f"{language}-text-*.js"))
        print(f"{language:<9} {len(pages):>7,} {html:>13,} {index:>12,} {index / html:>6.1%} {len(shards):>6} {texts:>12,} {texts / html:>6.1%}")


if __name__ == "__main__":
    main()
