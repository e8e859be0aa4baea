#!/usr/bin/env python3
"""Checks what Orca said (transcripts.py's files) as a blind reader would judge it, and compares
the key presses that should always sound the same with the committed transcripts.
Usage: check.py TRANSCRIPTS_DIR GOLDEN_DIR     (UPDATE_GOLDEN=1 re-records GOLDEN_DIR)

- every Tab stop is announced with a role and a name;
- no name has words run together ("practice1.10Provide", "Next:1.2");
- no utterance is a bare role ("figure", "statusbar") or a link named by a bare number ("7.3 link"),
  and no label is spoken twice in a row;
- after typing a query at an ordinary speed, the result count is announced, naming the query;
- Tab and heading keys sound as the committed transcripts say."""
import os
import re
import sys

transcripts, golden = sys.argv[1:3]
ROLES = ["visited link", "link", "push button", "toggle button", "button", "entry", "check box",
         "radio button", "combo box", "grouping", "panel", "heading level \\d", "navigation", "landmark",
         "region", "section", "list item", "list", "table", "image", "menu", "tab", "form", "search",
         "text", "article", "main", "banner", "content info", "complementary", "document web", "figure"]
ROLE = re.compile(r"\b(" + "|".join(ROLES) + r")\b", re.I)
STATES = re.compile(r"\b(not pressed|pressed|checked|not checked|selected|expanded|collapsed|"
                    r"leaving \w+|entering \w+|current page|has popup|required|\d+ items?|with \d+ items?|"
                    r"level \d|heading|clickable|read only|focused|unvisited)\b", re.I)
ANNOUNCED = re.compile(r"(.+?)[\s.]+(?:" + "|".join(ROLES) + r")(?:\s+(?:not pressed|pressed|not checked|checked|"
                       r"not selected|selected|expanded|collapsed|required|unvisited|visited))*\.?", re.I)
BARE = {"figure", "statusbar", "status bar", "grouping", "panel", "section", "link", "button", "region",
        "image", "landmark", "search", "navigation", "form", "banner", "complementary", "content info"}
GLUED = [re.compile(pattern) for pattern in (
    r"[A-Za-z]{3,}\d+\.\d",         # "practice1.10"
    r"\d[A-Z][a-z]{2,}",            # "1.10Provide"
    r"\b[A-Za-z]{2,}:[A-Za-z0-9]",  # "Next:1.2"
)]
TRANSIENT = ("launch", "open ", "address bar", "load", "stop reading", "top of page", "type ", "typing", "Escape", "search box not found")


# Orca echoes the keys pressed ("tab", "h", "left control") and typed letters; they are not the page's.
KEY_ECHO = {"tab", "h", "m", "left control", "right control", "control", "escape", "return", "left shift", "shift",
            "home", "space", "down", "up", "left alt"}


def is_key_echo(text):
    text = text.strip(" .").lower()
    return text in KEY_ECHO or len(text) == 1


def read(path):
    """Steps in order, each (label, [(text, lang)]), without the echo of the keys pressed."""
    steps = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("## "):
            steps.append((line[3:], []))
        elif line.startswith("  ") and steps:
            text, _, lang = line.strip().rpartition("  [")
            if not is_key_echo(text):
                steps[-1][1].append((text, lang.rstrip("]")))
    return steps


def strip(text):
    text = ROLE.sub(" ", STATES.sub(" ", text))
    return re.sub(r"[\s.,:;]+", " ", text).strip()


problems = []
scenes = {}
for name in sorted(os.listdir(transcripts)):
    if name.endswith(".txt"):
        scenes[name[:-4]] = read(os.path.join(transcripts, name))
for expected in ("en-practice", "en-search", "en-section", "en-checklist", "zh-practice", "zh-search"):
    if expected not in scenes:
        problems.append(f"{expected}: no transcript (the driver did not reach it)")

for scene, steps in scenes.items():
    for label, said in steps:
        texts = [text for text, _ in said]
        where = f"{scene} [{label}]"
        if label.startswith("Tab") and not label.startswith("Tab to search"):
            joined = " ".join(texts)
            # The stop's own utterance ends in its role ("… link.", "… check box not checked."); what
            # comes before it, without states, is its name.
            named = [found for found in (ANNOUNCED.fullmatch(text.strip()) for text in texts
                                         if not text.lower().startswith(("leaving ", "entering "))) if found]
            if not texts:
                problems.append(f"{where}: nothing was said")
            elif not any(re.sub(r"[\s.,:;]+", " ", STATES.sub(" ", found.group(1))).strip() for found in named):
                problems.append(f"{where}: no role and name in {joined!r}")
        # Say-all on load reads each link's text and then its role on its own: only the keys a
        # reader presses are held to the bare-role and repetition rules.
        keyed = not label.startswith(TRANSIENT)
        for text in texts:
            if keyed and text.strip(" .").lower() in BARE:
                problems.append(f"{where}: a bare role without a name: {text!r}")
            if keyed and re.fullmatch(r"\d+(\.\d+)*\.? (visited )?link\.?", text.strip()):
                problems.append(f"{where}: a link named by a bare number: {text!r}")
            if "file://" in text or label.startswith("open "):
                continue
            for pattern in GLUED:
                found = pattern.search(text)
                if found:
                    problems.append(f"{where}: words run together ({found.group(0)!r}) in {text!r}")
        for first, second in zip(texts, texts[1:]) if keyed else []:
            if strip(first) and strip(first) == strip(second):
                problems.append(f"{where}: {strip(first)!r} spoken twice in a row")

announcements = {"en-search": r"\d+ results? for “caption”|No results for “caption”",
                 "zh-search": r"「VoiceOver」找到 \d+ 項結果|找不到「VoiceOver」的結果"}
for scene, pattern in announcements.items():
    steps = scenes.get(scene, [])
    heard = [text for label, said in steps if label.startswith(("typing", "type ", "pause"))
             for text, _ in said]
    if not any(re.search(pattern, text) for text in heard):
        problems.append(f"{scene}: the result count was not announced after typing (heard {heard!r})")

# The keys that always sound the same, as the committed transcripts have them.
recording = os.environ.get("UPDATE_GOLDEN") == "1"
os.makedirs(golden, exist_ok=True)
for scene, steps in scenes.items():
    if scene in ("start", "end"):
        continue
    lines = []
    for label, said in steps:
        if label.startswith(TRANSIENT):
            continue
        lines.append(f"## {label}")
        lines.extend(f"  {text}  [{lang}]" for text, lang in said)
    text = "\n".join(lines) + "\n"
    path = os.path.join(golden, scene + ".txt")
    if recording:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    elif not os.path.exists(path):
        problems.append(f"{scene}: no committed transcript {path} (run with UPDATE_GOLDEN=1)")
    elif open(path, encoding="utf-8").read() != text:
        import difflib
        diff = "".join(difflib.unified_diff(open(path, encoding="utf-8").read().splitlines(True), text.splitlines(True),
                                            "committed", "heard", n=1))
        problems.append(f"{scene}: what is heard differs from {path}:\n{diff}")

for problem in problems:
    print("screen reader:", problem)
print(f"screen reader: {sum(len(s) for s in scenes.values())} steps in {len(scenes)} scenes, {len(problems)} problems")
sys.exit(1 if problems else 0)
