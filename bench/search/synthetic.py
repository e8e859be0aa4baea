#!/usr/bin/env python3
"""Writes a large synthetic handbook for the search benchmark: the real content of the source
language and of Simplified Chinese, plus generated sections in both (chapters 20 onwards, three
levels deep) until each language has the requested number of pages. The English text is drawn from
the words of the real English content, the Chinese text from the characters of the real Chinese
content, both with the same seed, so two runs write the same files.

Usage: synthetic.py --out FOLDER [--pages 10000] [--repository PATH]
The content goes to FOLDER/content.
"""

import argparse
import collections
import pathlib
import random
import re
import shutil

LANGUAGES = ["en", "zh-Hans"]
CHILDREN = 10
SEED = 20240711


def english_vocabulary(content: pathlib.Path):
    words = collections.Counter()
    for path in (content / "en").rglob("*.md"):
        words.update(re.findall(r"[A-Za-z][a-z]{2,}", path.read_text(encoding="utf-8")))
    return [word for word, _ in words.most_common(4000)], [count for _, count in words.most_common(4000)]


def chinese_vocabulary(content: pathlib.Path):
    characters = collections.Counter()
    for path in (content / "zh-Hans").rglob("*.md"):
        characters.update(re.findall(r"[\u4e00-\u9fff]", path.read_text(encoding="utf-8")))
    return [c for c, _ in characters.most_common(2500)], [n for _, n in characters.most_common(2500)]


class Writer:
    def __init__(self, content: pathlib.Path):
        self.random = random.Random(SEED)
        self.words, self.word_weights = english_vocabulary(content)
        self.characters, self.character_weights = chinese_vocabulary(content)

    def english_sentence(self):
        words = self.random.choices(self.words, self.word_weights, k=self.random.randint(8, 18))
        return " ".join(words).capitalize() + "."

    def chinese_sentence(self):
        pieces = []
        for _ in range(self.random.randint(3, 6)):
            pieces.append("".join(self.random.choices(self.characters, self.character_weights, k=self.random.randint(4, 9))))
        return "，".join(pieces) + "。"

    def body(self, language: str):
        sentence = self.english_sentence if language == "en" else self.chinese_sentence
        heading = (lambda: " ".join(self.random.choices(self.words, self.word_weights, k=3)).capitalize()) if language == "en" \
            else (lambda: "".join(self.random.choices(self.characters, self.character_weights, k=4)))
        parts = []
        for _ in range(self.random.randint(2, 4)):
            parts.append(f"## {heading()}\n\n" + " ".join(sentence() for _ in range(self.random.randint(2, 5))))
        if self.random.random() < 0.3:
            name = self.random.choice(self.words)
            parts.append(f"```kotlin\nview.contentDescription = getString(R.string.{name.lower()}_label)\n```")
        return "\n\n".join(parts)

    def title(self, language: str):
        if language == "en":
            return " ".join(self.random.choices(self.words, self.word_weights, k=self.random.randint(2, 4))).capitalize()
        return "".join(self.random.choices(self.characters, self.character_weights, k=self.random.randint(4, 8)))

    def section(self, number: str, language: str):
        title = self.title(language)
        summary = self.english_sentence() if language == "en" else self.chinese_sentence()
        return (f'---\nnumber: "{number}"\ntitle: "{title}"\nplatform: common\nsummary: "{summary}"\n---\n\n'
                f"{self.body(language)}\n")


def numbers(count: int):
    """Section numbers 20, 20.1, 20.1.1, … (ten children per level) until there are `count`."""
    out = []
    chapter = 20
    while len(out) < count:
        out.append(str(chapter))
        for child in range(1, CHILDREN + 1):
            if len(out) >= count:
                break
            out.append(f"{chapter}.{child}")
            for grandchild in range(1, 100):
                if len(out) >= count:
                    break
                out.append(f"{chapter}.{child}.{grandchild}")
        chapter += 1
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=pathlib.Path)
    parser.add_argument("--pages", type=int, default=10_000, help="pages per language, real ones included")
    parser.add_argument("--repository", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parents[2])
    arguments = parser.parse_args()
    source = arguments.repository / "content"
    content = arguments.out / "content"
    if content.exists():
        shutil.rmtree(content)
    content.mkdir(parents=True)
    (content / "site.yaml").write_text(
        "source_language: en\nlanguages:\n  - code: en\n    name: English\n  - code: zh-Hans\n    name: 简体中文\n",
        encoding="utf-8")
    for language in LANGUAGES:
        shutil.copytree(source / language, content / language)
    existing = len(list((content / "en").rglob("*.md")))
    writer = Writer(source)
    generated = numbers(max(0, arguments.pages - existing))
    for number in generated:
        for language in LANGUAGES:
            (content / language / "sections" / f"{number}.md").write_text(writer.section(number, language), encoding="utf-8")
    print(f"{existing + len(generated)} pages per language ({len(generated)} generated) in {content}")


if __name__ == "__main__":
    main()
