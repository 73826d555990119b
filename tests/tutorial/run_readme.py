"""Walks the README as a user at a terminal does (issue 29): each section's ```sh blocks in
order, in a temporary folder of the section's own holding its inputs, with the built apps on PATH
and python/ on PYTHONPATH, each under bash with stderr on a pseudo-terminal (where the tools
draw their bars and estimate lines, as they do for a person) and stdout a pipe. Each block must
exit 0, and the ```text block right after it must be exactly what the block printed on stdout,
whole: no line left out, none cut; stderr's notes and timings vary from run to run and are only
logged, but a note the prose quotes ("stderr says `...`") must be on the terminal. The sections:
- "## A planner's path" (Andorra: ../shared/data/osm/andorra.osm.pbf and
  docs/examples/andorra_clinics.csv), when the extract is there and the build reads
  OpenStreetMap; its p-median is then checked against every 5 of the 30 clinics on the 30 x 30
  road distances gapsp wrote (brute force, NumPy), and the route's length against that table;
- "## Tutorial" (rome99.gr), always: the test is skipped (77) without rome99;
- at test level 1, "## Road graphs without a matrix" (NY.gr.gz).
  run_readme.py README APPS_DIR SHARED_DATA_DIR [TEST_LEVEL]
Debian's python3 (NumPy for the planner's brute force)."""
import csv
import difflib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "terminal"))
from pty_run import run_in_pty  # noqa: E402


def section_blocks(readme, heading):
    """The section's ```sh blocks, each with the ```text blocks that follow it, and the notes its
    prose quotes from stderr ("stderr says `...`")."""
    text = open(readme, encoding="utf-8").read()
    start = text.index("\n" + heading)
    end = text.find("\n## ", start + 1)
    section = text[start:end if end >= 0 else len(text)]
    steps = []
    for kind, body in re.findall(r"```(\w+)\n(.*?)```", section, re.S):
        if kind == "sh":
            steps.append([body, []])
        elif kind == "text" and steps:
            steps[-1][1].append(body)
    return steps, re.findall(r"stderr says\s+`([^`]+)`", section)


def run_blocks(name, steps, notes, work, env):
    """Runs the blocks in work: (an error message or None when each printed what the README shows,
    what each printed on stdout)."""
    printed, terminals = [], []
    for i, (commands, expected) in enumerate(steps, 1):
        start = time.monotonic()
        rc, out, terminal = run_in_pty(["bash", "-e", "-o", "pipefail", "-c", commands], cwd=work, env=env)
        out = out.decode("utf-8", "replace")
        # Each line as the terminal last drew it (a bar redraws its line after \r).
        terminal = "\n".join(line.rsplit("\r", 1)[-1] for line in terminal.replace("\r\n", "\n").split("\n"))
        printed.append(out)
        terminals.append(terminal)
        print("--- %s, block %d (%.1f s) ---\n%s%s%s" % (name, i, time.monotonic() - start, commands, out, terminal))
        if rc != 0:
            return "%s: block %d exited %d" % (name, i, rc), printed
        shown = "".join(expected).rstrip("\n")
        if expected and shown != out.rstrip("\n"):
            diff = difflib.unified_diff(shown.split("\n"), out.rstrip("\n").split("\n"), "README", "printed",
                                        lineterm="")
            return "%s: block %d printed other than the README shows:\n%s" % (name, i, "\n".join(diff)), printed
    missing = [note for note in notes if note not in "".join(terminals)]
    if missing:
        return "%s: the terminal never showed what the README says stderr says: %s" % (name, missing), printed
    return None, printed


def check_tutorial(work, printed):
    for picture in ("curve.svg", "map.svg"):
        if os.path.getsize(os.path.join(work, picture)) < 1000:
            return "%s is nearly empty" % picture
    return None


def check_planner(work, printed):
    """The p-median the README shows (the first block's report) against brute force over the road
    table gapsp wrote: its objective is the least of every 5 clinics', and its sites cost that
    (two clinics snap to one junction, so another set ties); the route's length against the same
    table (another engine: a tree per place, not gpath's search)."""
    try:
        import numpy
    except ImportError:
        print("run_readme: NumPy absent (python3-numpy): the planner's p-median not checked by brute force")
        return None
    with open(os.path.join(work, "clinic_m.csv"), newline="") as f:
        rows = list(csv.reader(f))
    names = rows[0][1:]
    if [r[0] for r in rows[1:]] != names:
        return "clinic_m.csv: the rows do not name the columns' clinics in order"
    dist = numpy.array([[float(x) if x else numpy.inf for x in r[1:]] for r in rows[1:]])  # dist[site][demand]
    with open(os.path.join(work, "andorra_clinics.csv"), newline="") as f:
        weight = {r["name"]: float(r["weight"]) for r in csv.DictReader(f)}
    w = numpy.array([weight[n] for n in names])
    combos = numpy.array(list(itertools.combinations(range(len(names)), 5)))
    best = min(float((dist[chunk].min(axis=1) @ w).min()) for chunk in numpy.array_split(combos, 20))
    report = printed[0]
    sites = re.findall(r'"([^"]*)"', re.search(r"\n  sites +(.*)\n", report).group(1))
    objective = float(re.search(r"\n  objective +([0-9.]+)\n", report).group(1))
    cost = float(dist[[names.index(s) for s in sites]].min(axis=0) @ w)
    if len(sites) != 5 or abs(objective - best) > 1e-12 * best or abs(cost - best) > 1e-12 * best:
        return "p-median: gcenter's sites %s (cost %r on the table), objective %r; brute force %r" % (
            sites, cost, objective, best)
    with open(os.path.join(work, "route.geojson")) as f:
        route = [x["properties"] for x in json.load(f)["features"] if x["properties"].get("kind") == "route"]
    table = dist[names.index("Clinic 01"), names.index("Clinic 03")]
    if len(route) != 1 or abs(route[0]["distance"] - table) > 1e-9 * table:
        return "route.geojson: %r, the table says %r" % (route, table)
    print("run_readme: the planner's p-median is the least of %d site sets' (brute force), its route "
          "the table's %r m" % (len(combos), table))
    return None


def osm_built(apps):
    version = subprocess.run([os.path.join(apps, "gapsp"), "--version"], capture_output=True, text=True).stdout
    return "OpenStreetMap input: built" in version


def main():
    readme, apps, shared = sys.argv[1:4]
    level = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] else 0
    source = os.path.dirname(os.path.abspath(readme))
    rome = os.path.join(shared, "dimacs9", "rome99.gr")
    ny = os.path.join(shared, "pace2016-roads", "NY.gr.gz")
    andorra = os.path.join(shared, "osm", "andorra.osm.pbf")
    if not os.path.exists(rome):
        print("run_readme: %s absent; skipped" % rome)
        return 77
    # heading, its inputs (name in the folder: path), the check of what it wrote, whether it runs
    sections = [
        ("## A planner's path", {"andorra.osm.pbf": andorra,
                                 "andorra_clinics.csv": os.path.join(source, "docs", "examples", "andorra_clinics.csv")},
         check_planner, os.path.exists(andorra) and osm_built(apps)),
        ("## Tutorial", {"rome99.gr": rome}, check_tutorial, True),
        ("## Road graphs without a matrix", {"NY.gr.gz": ny}, None, level >= 1 and os.path.exists(ny)),
    ]
    env = dict(os.environ)
    # The built apps first, then Debian's python3 (numpy) ahead of any other on PATH.
    env["PATH"] = os.pathsep.join([os.path.abspath(apps), "/usr/bin", env["PATH"]])
    env["PYTHONPATH"] = os.path.join(source, "python")
    ran = []
    for heading, inputs, check, runs in sections:
        if not runs:
            print("run_readme: %r not run (its data, OpenStreetMap input or test level 1 absent)" % heading)
            continue
        steps, notes = section_blocks(readme, heading)
        if len(steps) < (3 if heading == "## Tutorial" else 1):
            print("run_readme: %r has %d command blocks; expected the README's section" % (heading, len(steps)))
            return 1
        work = tempfile.mkdtemp(prefix="gdist-readme-")
        try:
            for name, target in inputs.items():
                os.symlink(target, os.path.join(work, name))
            error, printed = run_blocks(heading, steps, notes, work, env)
            error = error or (check and check(work, printed))
        finally:
            shutil.rmtree(work)
        if error:
            print("run_readme: " + error)
            return 1
        ran.append("%s: %d blocks" % (heading[3:], len(steps)))
    print("run_readme: ran as the README shows: " + "; ".join(ran))
    return 0


if __name__ == "__main__":
    sys.exit(main())
