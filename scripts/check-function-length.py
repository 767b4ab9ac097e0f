#!/usr/bin/env python3
"""Lists the functions, initialisers and computed bodies of Swift sources longer than a limit (default 60 lines,
from the line of `func`/`init` to its closing brace), the house rule's "each function short".
Usage: scripts/check-function-length.py [--limit N] DIR...   exits 1 when any is longer."""
import os, re, sys

args = sys.argv[1:]; limit = 60
if args[:1] == ["--limit"]: limit = int(args[1]); args = args[2:]
start = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|private|fileprivate|internal|static|override|mutating|nonisolated|convenience|final|class)\s+)*(?:func\s+\S+|init[?!]?\s*[(<])")
long = []
for root in args or ["Sources"]:
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".swift"): continue
            path = os.path.join(folder, name); lines = open(path).read().split("\n")
            for i, line in enumerate(lines):
                if not start.match(line): continue
                depth, opened = 0, False
                for j in range(i, len(lines)):
                    code = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[j].split("//")[0])
                    depth += code.count("{") - code.count("}")
                    opened = opened or "{" in code
                    if opened and depth <= 0: break
                    if not opened and j > i and ("{" not in code) and lines[j].strip() == "": break
                if opened and j - i + 1 > limit:
                    long.append(f"{path}:{i + 1}: {line.strip()[:60]} is {j - i + 1} lines")
for entry in long: print(entry)
print(f"{len(long)} function(s) over {limit} lines")
sys.exit(1 if long else 0)
