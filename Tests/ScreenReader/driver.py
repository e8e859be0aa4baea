#!/usr/bin/env python3
"""Drives Chromium from the keyboard as a blind Orca user does, over the site in $SR_SITE: Tab
through a practice, a section and the checklist, move by headings, type into search at an ordinary
speed, in English and 繁體中文. Every key press is written to $SR_WORK/steps.tsv (time, scene,
step), so that transcripts.py can give each utterance to the key that caused it."""
import datetime
import os
import subprocess
import time

WORK = os.environ["SR_WORK"]
SITE = os.path.abspath(os.environ["SR_SITE"])
LOG = os.path.join(WORK, "orca-debug.out")
steps = open(os.path.join(WORK, "steps.tsv"), "w")
scene = "start"


def mark(label):
    stamp = datetime.datetime.now().strftime("%H:%M:%S.%f")
    steps.write(f"{stamp}\t{scene}\t{label}\n")
    steps.flush()


def key(name, wait=1.2, label=None):
    mark(label or name)
    subprocess.run(["xdotool", "key", "--clearmodifiers", name], check=True)
    time.sleep(wait)


def type_text(text, per_key):
    for character in text:
        mark(f"type {character}")
        subprocess.run(["xdotool", "type", "--delay", "0", character], check=True)
        time.sleep(per_key)


def spoken_since(offset):
    try:
        with open(LOG, errors="replace") as log:
            log.seek(offset)
            return log.read()
    except OSError:
        return ""


def log_size():
    try:
        return os.path.getsize(LOG)
    except OSError:
        return 0


def open_page(path, first=False):
    url = "file://" + os.path.join(SITE, path)
    if first:
        mark("launch " + path)
        subprocess.Popen(
            ["chromium", "--no-sandbox", "--force-renderer-accessibility", "--no-first-run",
             "--no-default-browser-check", "--user-data-dir=" + os.path.join(WORK, "chrome-profile"),
             "--password-store=basic", "--disable-gpu", "--start-maximized", "--lang=en-US", url],
            stdout=open(os.path.join(WORK, "chromium.log"), "w"), stderr=subprocess.STDOUT)
        time.sleep(25)
    else:
        key("ctrl+l", 1.5, "address bar")
        mark("open " + path)
        subprocess.run(["xdotool", "type", "--delay", "15", url], check=True)
        key("Return", 7, "load")
    # Control alone stops the say-all Orca starts on load (which moves the point Tab starts from as it
    # reads); only then does ctrl+Home take the scene to the top of the page, whatever the timing.
    key("ctrl", 1.5, "stop reading")
    key("ctrl+Home", 2, "top of page")


def tab_through(count):
    for index in range(count):
        key("Tab", 1.2, f"Tab {index + 1}")


def headings(count):
    for index in range(count):
        key("h", 1.2, f"h {index + 1}")


def find_search_box(limit=20):
    """Tabs until Orca announces an entry; False if it never does."""
    for index in range(limit):
        offset = log_size()
        key("Tab", 1.2, f"Tab to search {index + 1}")
        said = spoken_since(offset)
        if "SPEECH OUTPUT" in said and ("entry" in said.lower()):
            return True
    return False


def search(query, scene_name):
    global scene
    scene = scene_name
    key("ctrl+Home", 2, "top of page")
    if not find_search_box():
        mark("search box not found")
        return
    mark(f"typing '{query}' at 0.12 s per key")
    type_text(query, 0.12)
    time.sleep(4)
    mark("pause after typing")
    for index in range(4):
        key("Tab", 1.2, f"Tab into results {index + 1}")
    for index in range(3):
        key("h", 1.2, f"h in results {index + 1}")
    key("Escape", 1.5, "Escape")


def lines(count):
    """Down arrow in browse mode: line by line, as a reader who listens to everything."""
    for index in range(count):
        key("Down", 1.2, f"Down {index + 1}")


def landmarks(count):
    """Orca's M: from landmark to landmark."""
    for index in range(count):
        key("m", 1.2, f"m {index + 1}")


scene = "en-practice"
open_page("en/practices/1.1.html", first=True)
headings(16)
key("ctrl+Home", 2, "top of page")
tab_through(20)
key("ctrl+Home", 2, "top of page")
lines(14)
key("ctrl+Home", 2, "top of page")
landmarks(7)
# Into the body, as far as its first code blocks.
key("ctrl+Home", 2, "top of page")
tab_through(32)
search("caption", "en-search")

scene = "en-section"
open_page("en/sections/7.3.6.5.html")
tab_through(16)

scene = "en-checklist"
open_page("en/checklist.html")
tab_through(16)

scene = "zh-practice"
open_page("zh-Hant/practices/1.1.html")
headings(12)
key("ctrl+Home", 2, "top of page")
tab_through(16)
search("VoiceOver", "zh-search")

scene = "end"
mark("end")
subprocess.run(["pkill", "-f", "--", "--user-data-dir=" + os.path.join(WORK, "chrome-profile")], check=False)
time.sleep(2)
