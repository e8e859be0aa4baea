"""Contrast of the theme colours in handbook.css, computed from the stylesheet itself: body text at
7:1 or better, every text colour at 4.5:1 or better, the focus ring at 3:1 or better, in both the
light and the dark theme. Prints the table that the README lists."""

import pathlib
import re

CSS = pathlib.Path(__file__).resolve().parents[2] / "templates" / "assets" / "handbook.css"
PAIRS = [  # (foreground, background, minimum, what)
    ("text", "bg", 7.0, "body text"),
    ("muted", "bg", 4.5, "secondary text"),
    ("link", "bg", 7.0, "links"),
    ("link-visited", "bg", 7.0, "visited links"),
    ("text", "surface", 7.0, "text on header, footer and tables"),
    ("link", "surface", 4.5, "links on header and footer"),
    ("text", "notice-bg", 7.0, "notices"),
    ("text", "code-bg", 7.0, "code"),
    ("focus", "bg", 3.0, "focus ring"),
    ("focus", "surface", 3.0, "focus ring on header"),
    ("border", "bg", 3.0, "control borders"),
]


def themes():
    text = CSS.read_text(encoding="utf-8")
    blocks = re.findall(r":root\s*\{([^}]*)\}", text)
    light = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", blocks[0]))
    dark = dict(light, **dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", blocks[1])))
    return {"light": light, "dark": dark}


def luminance(hex_colour):
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(a, b):
    la, lb = sorted([luminance(a), luminance(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_theme_colours_meet_their_contrast_minimums():
    failures = []
    print("\n| pair | light | dark | minimum |\n| --- | --- | --- | --- |")
    for foreground, background, minimum, what in PAIRS:
        figures = {}
        for name, theme in themes().items():
            figures[name] = ratio(theme[foreground], theme[background])
            if figures[name] < minimum:
                failures.append(f"{what} in {name}: {figures[name]:.2f}:1 < {minimum}:1")
        print(f"| {what} | {figures['light']:.1f}:1 | {figures['dark']:.1f}:1 | {minimum}:1 |")
    assert failures == []
