"""Runs the README's tutorial: every ```sh block of the section "## Tutorial"
in order, in one temporary folder holding rome99.gr, with the built apps on
PATH and python/ on PYTHONPATH; each block must exit 0, and the ```text block
right after it must be exactly what the block printed on stdout, whole: no line
left out, none cut (issue 29: README blocks are the exact output; stderr's notes
and timings vary from run to run and are only logged). At test
level 1 the big-graph section ("## Road graphs without a matrix", NY.gr.gz)
runs after it the same way.
  run_readme.py README APPS_DIR SHARED_DATA_DIR [TEST_LEVEL]
Exit 77 (ctest: skipped) when the real data is absent. Debian's python3, stdlib only."""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def tutorial_blocks(readme, heading="## Tutorial"):
    text = open(readme, encoding="utf-8").read()
    start = text.index("\n" + heading)
    end = text.find("\n## ", start + 1)
    section = text[start:end if end >= 0 else len(text)]
    blocks = re.findall(r"```(\w+)\n(.*?)```", section, re.S)
    steps = []
    for kind, body in blocks:
        if kind == "sh":
            steps.append([body, []])
        elif kind == "text" and steps:
            steps[-1][1].append(body)
    return steps


def main():
    readme, apps, shared = sys.argv[1:4]
    level = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] else 0
    rome = os.path.join(shared, "dimacs9", "rome99.gr")
    ny = os.path.join(shared, "pace2016-roads", "NY.gr.gz")
    if not os.path.exists(rome):
        print("run_readme: %s absent; skipped" % rome)
        return 77
    steps = tutorial_blocks(readme)
    if len(steps) < 3:
        print("run_readme: the tutorial has %d command blocks; expected the README's section" % len(steps))
        return 1
    rome_steps = len(steps)
    if level >= 1 and os.path.exists(ny):
        big = tutorial_blocks(readme, "## Road graphs without a matrix")
        if not big:
            print("run_readme: the big-graph section has no command blocks")
            return 1
        steps += big
    work = tempfile.mkdtemp(prefix="gdist-readme-")
    try:
        os.symlink(rome, os.path.join(work, "rome99.gr"))
        os.symlink(ny, os.path.join(work, "NY.gr.gz"))
        env = dict(os.environ)
        # The built apps first, then Debian's python3 (numpy) ahead of any other on PATH.
        env["PATH"] = os.pathsep.join([os.path.abspath(apps), "/usr/bin", env["PATH"]])
        env["PYTHONPATH"] = os.path.join(os.path.dirname(os.path.abspath(readme)), "python")
        for i, (commands, expected) in enumerate(steps, 1):
            start = time.monotonic()
            p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", commands], cwd=work, env=env,
                               capture_output=True, text=True)
            out = p.stdout + p.stderr
            print("--- block %d (%.1f s) ---\n%s%s" % (i, time.monotonic() - start, commands, out))
            if p.returncode != 0:
                print("run_readme: block %d exited %d" % (i, p.returncode))
                return 1
            shown = "".join(expected)
            if expected and shown.rstrip("\n") != p.stdout.rstrip("\n"):
                diff = difflib.unified_diff(shown.rstrip("\n").split("\n"), p.stdout.rstrip("\n").split("\n"),
                                            "README", "printed", lineterm="")
                print("run_readme: block %d printed other than the README shows:\n%s" % (i, "\n".join(diff)))
                return 1
        for picture in ("curve.svg", "map.svg"):
            if os.path.getsize(os.path.join(work, picture)) < 1000:
                print("run_readme: %s is nearly empty" % picture)
                return 1
    finally:
        shutil.rmtree(work)
    print("run_readme: %d blocks ran as the README shows (%d of the Rome tutorial)" % (len(steps), rome_steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
