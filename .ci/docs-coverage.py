#!/usr/bin/env python3
"""Lists public symbols declared in this repository's Sources that have no doc comment.

Reads the symbol graphs `swift package generate-documentation` extracted (under
.build/*/extracted-symbols). A symbol counts as ours when its declaration's file is under
Sources/; compiler-synthesized and inherited members (Equatable's !=, OptionSet's
defaults, ...) have no location there and are not ours to document. An override without
its own comment is listed too: our own class documents what it does differently.
It also checks that every behaviour rule id the code cites (A1, B11, C4, ...) is explained
in the rules article. Exit status 1 when something is undocumented (CI runs it after
`make docs`).
"""
import glob, json, os, re, sys

root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sources = os.path.join(root, "Sources") + os.sep
graphs = sorted(glob.glob(os.path.join(root, ".build", "*", "extracted-symbols", "*", "*", "*.symbols.json")))
if not graphs:
    sys.exit("docs-coverage: no symbol graphs under .build/*/extracted-symbols; run `make docs` first")
missing, total = [], 0
seen = set()
for path in graphs:
    graph = json.load(open(path))
    for s in graph["symbols"]:
        uri = (s.get("location") or {}).get("uri", "")
        file = uri[len("file://"):] if uri.startswith("file://") else uri
        if not file.startswith(sources) or s["accessLevel"] not in ("public", "open"):
            continue
        key = s["identifier"]["precise"]
        if key in seen:
            continue
        seen.add(key)
        total += 1
        comment = s.get("docComment") or {}
        inherited = comment.get("uri") not in (None, uri)   # an override showing its parent's comment
        if inherited or not any(l["text"].strip() for l in comment.get("lines", [])):
            where = f'{os.path.relpath(file, root)}:{s["location"]["position"]["line"] + 1}'
            missing.append(f'{where}: {s["kind"]["displayName"].lower()} {".".join(s["pathComponents"])}')
for m in sorted(missing):
    print(m)
print(f"docs-coverage: {total - len(missing)} of {total} public symbols declared in Sources have a doc comment")

# Rule ids cited in the code, each explained as "**ID." in the article. "C0" is Unicode's C0
# control characters, not a rule.
article_path = os.path.join(sources, "SDLControlsCore", "SDLControlsCore.docc", "ControlEventsAndTracking.md")
explained = set(re.findall(r"\*\*([A-E][0-9]{1,2})\.", open(article_path).read()))
cited = set()
for folder, _, files in os.walk(sources):
    for name in files:
        if name.endswith(".swift"):
            cited |= set(re.findall(r"\b[A-E][0-9]{1,2}\b", open(os.path.join(folder, name)).read()))
unexplained = sorted(cited - explained - {"C0"})
for rule in unexplained:
    print(f"rule {rule} is cited in Sources but not explained in {os.path.relpath(article_path, root)}")
print(f"docs-coverage: {len(cited & explained)} rule ids cited in Sources, {len(unexplained)} unexplained")
sys.exit(1 if missing or unexplained else 0)
