#!/usr/bin/python3
"""Message check: the library names no front end.

lib/ is shared by the tools and the Python package, so its messages must not
spell a command-line flag ("--type int64") or print a tool's name ("gapsp:").
A message names an option by lib/util/option_names.hpp's Option and the front
end spells it (OptionText). Lists each string literal in lib/ (comments left
out) that spells a flag or a tool name, and fails (exit 1) if there is one.

  scripts/check_lib_messages.py [--root DIR]
"""
import argparse
import os
import re
import sys

SOURCE_SUFFIXES = (".cpp", ".hpp", ".cu", ".cuh", ".h")
TOOLS = ("gapsp", "gcenter", "gconvert", "gpath", "ginfo")
# A flag: two dashes then a letter, at the start of the literal or after a
# space, quote or bracket (so "a--b" in a formula is not one).
FLAG = re.compile(r"(?:^|[\s'(\[])--[a-z]")
TOOL = re.compile(r"\b(?:" + "|".join(TOOLS) + r")\b")
# A C++ string literal (not a raw string; lib/ has none), or a comment.
TOKEN = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def literals(text):
    """(line, literal body) of each string literal outside comments."""
    for m in TOKEN.finditer(text):
        token = m.group(0)
        if token.startswith('"'):
            yield text.count("\n", 0, m.start()) + 1, token[1:-1]


def offences(root):
    found = []
    lib = os.path.join(root, "lib")
    for folder, _, files in sorted(os.walk(lib)):
        for name in sorted(files):
            if not name.endswith(SOURCE_SUFFIXES):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            for line, body in literals(text):
                if FLAG.search(body) or TOOL.search(body):
                    found.append(f"{os.path.relpath(path, root)}:{line}: \"{body}\"")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = parser.parse_args()
    found = offences(args.root)
    for f in found:
        print(f)
    if found:
        print(f"check_lib_messages: {len(found)} literal(s) in lib/ spell a flag or a tool; name the option with "
              "OptionText(Option::...) (lib/util/option_names.hpp) and let the front end spell it", file=sys.stderr)
        return 1
    print("check_lib_messages: lib/ spells no flag and no tool name")
    return 0


if __name__ == "__main__":
    sys.exit(main())
