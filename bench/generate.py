#!/usr/bin/env python3
"""Writes a synthetic handbook of N pages per language in three languages, for benchmarks:
practices and a three-level section tree with tables, code blocks, `bp:`/`sec:` cross-references and
front matter, in English and Chinese text. With --hugo it also writes the same Markdown as a minimal
multilingual Hugo site (cross-references as plain relative links), so both tools do the same work.

    bench/generate.py OUT N [--hugo]
"""

import hashlib
import pathlib
import random
import sys

EN_WORDS = ("screen reader focus label contrast caption gesture button navigation form error hint trait "
            "layout template accessible element order announcement timer setting language video audio "
            "dynamic type motion transparency colour touch target heading list table link image text").split()
ZH_TEXT = "螢幕閱讀器會讀出按鈕的標籤與提示對比度要足夠字幕讓聽障人士理解影片內容焦點順序應與畫面一致錯誤訊息需清楚說明如何修正"
ZH_HANS = "屏幕阅读器会读出按钮的标签与提示对比度要足够字幕让听障人士理解视频内容焦点顺序应与画面一致错误信息需清楚说明如何修正"
# Principle and a category of each ID's first number, as the build requires.
PRINCIPLES = {"1": ("perceivable", "text"), "2": ("operable", "control"), "3": ("understandable", "input"), "4": ("other", None)}
SECTION_HEADINGS = ["Details", "Testing"]
PRACTICE_HEADINGS = ["Who it helps", "On Android", "On iOS", "In the templates", "How to test"]


def english(rng, words):
    return " ".join(rng.choice(EN_WORDS) for _ in range(words)).capitalize() + "."


def chinese(rng, source, length):
    start = rng.randrange(0, len(source) - 12)
    return "".join(source[(start + i) % len(source)] for i in range(length)) + "。"


PRACTICE_IDS = ([f"1.{i}" for i in range(1, 14)] + [f"2.{i}" for i in range(1, 13)]
                + [f"3.{i}" for i in range(1, 8)] + ["4.1"])


def layout(n):
    """Practice IDs and section numbers for n pages per language: a tenth are practices, at most
    the handbook's 33, and the rest sections of chapters 6-16, the only keys the build accepts."""
    practices = PRACTICE_IDS[: max(1, min(len(PRACTICE_IDS), n // 10))]
    sections = []
    group = 0
    while len(sections) < n - len(practices):
        chapter, sub = 6 + group % 11, 1 + group // 11
        if sub == 1:
            sections.append(f"{chapter}")
        sections.append(f"{chapter}.{sub}")
        for leaf in range(1, 9):
            sections.append(f"{chapter}.{sub}.{leaf}")
        group += 1
    return practices, sections[: n - len(practices)]


def body(rng, links, language, practices, sections, scheme, headings):
    """A page body: its words come from `rng`, its cross-references from `links`, which is seeded
    by the page alone, so that every language links the same targets (as a translation must)."""
    text = {"en": lambda: english(rng, 40), "zh-Hant": lambda: chinese(rng, ZH_TEXT, 60),
            "zh-Hans": lambda: chinese(rng, ZH_HANS, 60)}[language]

    def ref(kind):
        target = links.choice(practices if kind == "bp" else sections)
        if scheme == "handbook":
            return f"[](bp:{target})" if kind == "bp" else f"[the section](sec:{target})"
        folder = "practices" if kind == "bp" else "sections"
        return f"[{kind} {target}](../../{folder}/{target.replace('.', '-')}/)"

    # In Chinese a link sits right against the characters beside it (no space), as the linter asks.
    gap = " " if language == "en" else ""
    # The caption line and the fence's provenance keep the corpus free of errors and warnings, so a
    # build's time is not the printing of them.
    parts = [text() + gap + ref("bp") + gap + text(), "## " + headings[0], text() + gap + ref("sec"),
             "", "Table: Platform APIs", "", "| Platform | API | Note |", "| --- | --- | --- |",
             "| Android | `contentDescription` | " + text() + " |", "| iOS | `accessibilityLabel` | " + text() + " |",
             "", "```swift sketch", "button.accessibilityLabel = \"Back\"", "button.accessibilityTraits = .button", "```",
             "", "## " + headings[1], "- " + text(), "- " + text() + gap + ref("sec"), "", text()]
    parts += [line for heading in headings[2:] for line in ("", "## " + heading, "", text())]
    return "\n".join(parts) + "\n"


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def main():
    out, n = pathlib.Path(sys.argv[1]), int(sys.argv[2])
    hugo = "--hugo" in sys.argv
    rng = random.Random(n)
    practices, sections = layout(n)
    content = out / "handbook" / "content"
    write(content / "site.yaml", "source_language: en\nlanguages:\n  - code: en\n    name: English\n"
          "  - code: zh-Hant\n    name: 繁體中文\n  - code: zh-Hans\n    name: 简体中文\n")
    repository = pathlib.Path(__file__).resolve().parents[1]
    for language in ["en", "zh-Hant", "zh-Hans"]:
        write(content / language / "strings.yaml", (repository / "content" / language / "strings.yaml").read_text("utf-8"))
        write(content / language / "pages" / "index.md", "---\nid: index\ntitle: Synthetic handbook\n---\nHome.\n")
    sources = {}
    for language in ["en", "zh-Hant", "zh-Hans"]:
        for pid in practices:
            principle, category = PRINCIPLES[pid.split(".")[0]]
            links = random.Random(f"{n} practice {pid}")
            front = f"---\nid: \"{pid}\"\ntitle: Practice {pid}\nprinciple: {principle}\n"
            front += f"category: {category}\n" if category else ""
            front += f"sections: [\"{links.choice(sections)}\"]\nsummary: Synthetic practice {pid}.\n"
            text = body(rng, links, language, practices, sections, "handbook", PRACTICE_HEADINGS)
            if language != "en":
                front += f"source_hash: {sources[('practices', pid)]}\n"
            page = front + "---\n" + text
            write(content / language / "practices" / f"{pid}.md", page)
            if language == "en":
                sources[("practices", pid)] = hashlib.sha256(page.encode()).hexdigest()
            if hugo:
                write(out / "hugo" / "content" / language.lower() / "practices" / pid.replace(".", "-") / "index.md",
                      f"---\ntitle: \"Practice {pid}\"\n---\n"
                      + body(rng, random.Random(f"{n} practice {pid}"), language, practices, sections, "hugo", PRACTICE_HEADINGS))
        for number in sections:
            front = f"---\nnumber: \"{number}\"\ntitle: Section {number}\nsummary: Synthetic section.\n"
            links = random.Random(f"{n} section {number}")
            front += f"practices: [\"{links.choice(practices)}\"]\n"
            text = body(rng, links, language, practices, sections, "handbook", SECTION_HEADINGS)
            if language != "en":
                front += f"source_hash: {sources[('sections', number)]}\n"
            page = front + "---\n" + text
            write(content / language / "sections" / f"{number}.md", page)
            if language == "en":
                sources[("sections", number)] = hashlib.sha256(page.encode()).hexdigest()
            if hugo:
                write(out / "hugo" / "content" / language.lower() / "sections" / number.replace(".", "-") / "index.md",
                      f"---\ntitle: \"Section {number}\"\n---\n"
                      + body(rng, random.Random(f"{n} section {number}"), language, practices, sections, "hugo", SECTION_HEADINGS))
    templates = repository / "templates"
    target = out / "handbook" / "templates"
    if not target.exists():
        import shutil
        shutil.copytree(templates, target)
    if hugo:
        write_hugo_site(out / "hugo")


def write_hugo_site(root):
    write(root / "config.toml", """baseURL = "/"
defaultContentLanguage = "en"
disableKinds = ["taxonomy", "term", "RSS"]
[markup.highlight]
  codeFences = false
[languages.en]
  contentDir = "content/en"
  languageName = "English"
  weight = 1
[languages.zh-hant]
  contentDir = "content/zh-hant"
  languageName = "繁體中文"
  weight = 2
[languages.zh-hans]
  contentDir = "content/zh-hans"
  languageName = "简体中文"
  weight = 3
""")
    base = """<!DOCTYPE html><html lang="{{ .Site.Language.Lang }}"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><a href="#main">Skip</a><nav>{{ range .AllTranslations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}">{{ .Language.LanguageName }}</a> {{ end }}</nav>
<main id="main">{{ block "main" . }}{{ end }}</main></body></html>"""
    write(root / "layouts" / "_default" / "baseof.html", base)
    write(root / "layouts" / "_default" / "single.html", '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}')
    write(root / "layouts" / "_default" / "list.html",
          '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}')
    write(root / "layouts" / "index.html",
          '{{ define "main" }}<h1>Synthetic handbook</h1><ul>{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}')


if __name__ == "__main__":
    main()
