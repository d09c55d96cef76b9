#!/usr/bin/env python3
"""Lists public symbols declared in this repository's Sources that have no doc comment.

Reads the symbol graphs `swift package generate-documentation` extracted (under
.build/*/extracted-symbols). A symbol counts as ours when its declaration's file is under
Sources/; compiler-synthesized and inherited members (Equatable's !=, OptionSet's
defaults, ...) have no location there and are not ours to document. An override without
its own comment is listed too: our own class documents what it does differently.
Exit status 1 when something is undocumented (CI runs it after `make docs`).
"""
import glob, json, os, sys

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
sys.exit(1 if missing else 0)
