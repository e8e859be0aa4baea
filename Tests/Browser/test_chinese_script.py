"""Script purity of the translations, judged by Debian's OpenCC character tables: the zh-Hant content
holds no Simplified-only character and the zh-Hans content no Traditional-only one. Text inside code
(fenced or inline) is left out, and so are the names of the other script's language quoted on purpose."""

import pathlib
import re
import subprocess
import tempfile

CONTENT = pathlib.Path(__file__).resolve().parents[2] / "content"
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Language names quoted as the apps' own menu labels (the language switcher, 14.1, 7.x.8.2).
QUOTED_NAMES = ["简体中文", "繁體中文", "簡體中文", "繁体中文"]
def prose(path: pathlib.Path) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`]*`", "", text)
    for name in QUOTED_NAMES:
        text = text.replace(name, "")
    return text


def only_forms(table: str):
    """Characters that exist in one script only, from OpenCC's own character table: a key of
    STCharacters (Simplified → Traditional) that is not among its own Traditional forms is
    Simplified-only (后 → 後), while 了 → 了 瞭 is both. TSCharacters gives the Traditional-only ones."""
    with tempfile.TemporaryDirectory() as folder:
        out = pathlib.Path(folder) / "table.txt"
        subprocess.run(["opencc_dict", "-i", f"/usr/share/opencc/{table}.ocd2", "-o", str(out), "-f", "ocd2",
                        "-t", "text"], check=True)
        forms = {}
        for line in out.read_text(encoding="utf-8").splitlines():
            key, _, values = line.partition("\t")
            if key not in values.split(" "):
                forms[key] = values
        return forms


def foreign_characters(language: str, table: str):
    """The other script's characters found in a language's content, with where they occur."""
    forms = only_forms(table)
    files = sorted((CONTENT / language).rglob("*.md")) + [CONTENT / language / "strings.yaml"]
    problems = {}
    for path in files:
        for character in set(HAN.findall(prose(path))):
            if character in forms:
                problems.setdefault(f"{character} ({forms[character]})", []).append(path.relative_to(CONTENT).as_posix())
    return files, {key: sorted(paths)[:3] for key, paths in problems.items()}


def test_traditional_chinese_has_no_simplified_only_characters():
    files, problems = foreign_characters("zh-Hant", "STCharacters")
    assert len(files) > 1
    assert problems == {}, problems


def test_simplified_chinese_has_no_traditional_only_characters():
    files, problems = foreign_characters("zh-Hans", "TSCharacters")
    assert len(files) > 1
    assert problems == {}, problems
