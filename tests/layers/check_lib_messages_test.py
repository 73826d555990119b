#!/usr/bin/python3
"""scripts/check_lib_messages.py on small fixture trees: it passes a lib/ whose
messages name options through OptionText and mention flags only in comments,
and fails, naming file and line, on a literal that spells a flag (at the start,
after a space, quote or bracket) or a tool's name."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "check_lib_messages.py")


def run_check(files):
    with tempfile.TemporaryDirectory() as root:
        for rel, text in files.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        r = subprocess.run([sys.executable, SCRIPT, "--root", root], capture_output=True, text=True)
        return r.returncode, r.stdout + r.stderr


CLEAN = (
    '// --backend gpu: named in a comment is fine\n'
    '/* gapsp: also in a block comment */\n'
    'throw Error(OptionText(Option::kBackend, "gpu") + ": no usable GPU");\n'
    'const char* formula = "a--b";\n'
    "const char dash = '-';\n"
)


class CheckLibMessages(unittest.TestCase):
    def test_clean_tree_passes(self):
        code, out = run_check({"lib/util/a.cpp": CLEAN})
        self.assertEqual(code, 0, out)

    def test_flag_at_start_fails_with_file_and_line(self):
        code, out = run_check({"lib/plan/b.cpp": CLEAN + 'throw Error("--type int64: too wide");\n'})
        self.assertEqual(code, 1, out)
        self.assertIn("lib/plan/b.cpp:6:", out)

    def test_flag_after_space_or_bracket_fails(self):
        for body in ['"use --memory-limit"', '"(--paths)"', "\"'--type float64'\""]:
            code, out = run_check({"lib/x/c.hpp": "auto s = " + body + ";\n"})
            self.assertEqual(code, 1, body + "\n" + out)

    def test_tool_name_fails(self):
        code, out = run_check({"lib/x/d.cu": 'auto s = "gcenter: bad input";\n'})
        self.assertEqual(code, 1, out)
        self.assertIn("lib/x/d.cu:1:", out)

    def test_files_outside_lib_are_not_checked(self):
        code, out = run_check({"apps/e.cpp": 'auto s = "--type int64";\n'})
        self.assertEqual(code, 0, out)


if __name__ == "__main__":
    unittest.main()
