#!/usr/bin/env python3
"""Turns Orca's debug log into transcripts: for each scene, each key press and what Orca sent to
the speech synthesizer after it, with the language it asked for.
Usage: transcripts.py orca-debug.out steps.tsv OUT_DIR"""
import collections
import html
import os
import re
import sys

log_path, steps_path, out_dir = sys.argv[1:4]
log = open(log_path, errors="replace").read()
speech = re.compile(
    r"^(\d\d:\d\d:\d\d\.\d+) - SPEECH DISPATCHER: Speaking '<speak>(.*?)</speak>' \n"
    r"\s*ORCA rate \S+, pitch \S+, volume \S+, language \S*, punctuation: \S+ \n"
    r"\s*SD rate \S+, pitch \S+, volume \S+, language (\S+)", re.S | re.M)
events = []
for match in speech.finditer(log):
    stamp, ssml, language = match.groups()
    text = html.unescape(re.sub(r"<[^>]+>", "", ssml)).strip()
    if text:
        events.append((stamp, 1, text, language.rstrip(",")))
for line in open(steps_path):
    parts = line.rstrip("\n").split("\t")
    if len(parts) == 3:
        events.append((parts[0], 0, parts[1], parts[2]))
events.sort(key=lambda event: (event[0], event[1]))
scenes = collections.OrderedDict()
scene = None
for stamp, kind, first, second in events:
    if kind == 0:
        scene = first
        scenes.setdefault(scene, []).append(f"## {second}")
    elif scene is not None:
        scenes[scene].append(f"  {first}  [{second}]")
os.makedirs(out_dir, exist_ok=True)
for name, lines in scenes.items():
    with open(os.path.join(out_dir, name + ".txt"), "w") as out:
        out.write("\n".join(lines) + "\n")
print(len([e for e in events if e[1] == 1]), "utterances in", len(scenes), "scenes")
