"""Every tool's --json against docs/schema/gdist.schema.json, on every engine
(issue #29, scope 6): gconvert, gapsp (Floyd-Warshall, trees, the road hierarchy),
gcenter (metrics on the dense engine, the sparse engine, a saved hierarchy and a
matrix file; siting on a matrix, on the candidates' trees, on a hierarchy and on a
cost table; sweeps), gpath (a route and the no-path answer on a matrix, a graph and a
hierarchy) and ginfo. Then the same question on different engines must give the same
key set and the same values (the plan aside, which says which engine ran), labels are
strings, and numbers print at their precision (times to the microsecond, a weighted
sum of decimal costs as the decimal, a proven optimum's gap 0).

With --backend gpu (ctest json_schema_gpu, in a build with CUDA) every gapsp and gcenter
run takes --backend gpu, and each is run again with --backend cpu: the same answers (the
distances' bytes, the metrics, each model's objective), whatever engine and backend say.
Without a usable GPU that pass exits 77 (skip); the CPU pass is the default.

Inputs: data/grid-50x40.gr, a small undirected graph with names and two components,
a cost table written here, and rome99 (../shared/data, GDIST_SHARED_DATA) when present.
Usage: json_schema_check.py APPS_DIR SOURCE_DIR SHARED_DATA [--backend gpu]. Validated by
python3-jsonschema, or where it is not installed by schema_subset.py (the schema's keywords,
checked against jsonschema by schema_subset_test.py). Exit 77 (skip) without the sample graph."""
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

import schema_subset

try:
    import jsonschema
except ImportError:
    jsonschema = None

APPS, SOURCE, SHARED = sys.argv[1:4]
BACKEND = sys.argv[5] if sys.argv[4:5] == ["--backend"] else None  # None: the CPU pass, as the tools choose
BACKEND_TOOLS = ("gapsp", "gcenter")  # the tools with --backend: the others read what these wrote
SAMPLE = os.path.join(SOURCE, "data", "grid-50x40.gr")
if not os.path.exists(SAMPLE):
    print("skip: %s is missing" % SAMPLE)
    sys.exit(77)
with open(os.path.join(SOURCE, "docs", "schema", "gdist.schema.json")) as f:
    SCHEMA = json.load(f)
if jsonschema:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    VALIDATOR = jsonschema.Draft202012Validator
else:
    print("note: python3-jsonschema is not installed: validating with schema_subset.py (the schema's keywords)")
    schema_subset.check_schema(SCHEMA)
    VALIDATOR = schema_subset.Validator
# Checks beyond the schema (labels are strings, keys line up) need every tool's own definition.
VALIDATORS = {tool: VALIDATOR(dict(SCHEMA, **{"$ref": "#/$defs/" + tool}))
              for tool in ("gapsp", "gcenter", "gpath", "ginfo", "gconvert")}
FAILURES = []
WORK = tempfile.mkdtemp(prefix="gdist-schema-")


def path(name):
    return os.path.join(WORK, name)


def run(tool, *args, code=0, backend=None):
    backend = backend or BACKEND
    if backend and tool in BACKEND_TOOLS:
        args += ("--backend", backend)
    p = subprocess.run([os.path.join(APPS, tool)] + [str(a) for a in args], capture_output=True, text=True)
    if p.returncode != code:
        FAILURES.append("%s %s: exit %d, expected %d: %s" % (tool, " ".join(map(str, args)), p.returncode, code,
                                                            p.stderr.strip()))
    return p


def answer(tool, *args, code=0):
    """The tool's --json, validated against its schema; None when it could not be read. On the
    GPU pass the same run on the CPU must answer alike (same_on_the_cpu)."""
    doc = validated(tool, args, run(tool, *args, "--json", code=code))
    if BACKEND == "gpu" and tool in BACKEND_TOOLS:
        same_on_the_cpu(tool, args, doc, code)
    return doc


def validated(tool, args, p):
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        FAILURES.append("%s %s: not JSON: %r" % (tool, " ".join(map(str, args)), p.stdout[:200]))
        return None
    errors = sorted(VALIDATORS[tool].iter_errors(doc), key=lambda e: list(e.path))
    for e in errors[:5]:
        FAILURES.append("%s %s: %s at %s" % (tool, " ".join(map(str, args)), e.message, list(e.path)))
    return doc


MODELS = ("p_median", "p_center", "cover", "max_cover", "p_dispersion", "backup_cover", "facility_location")


def backend_free(tool, doc):
    """What a run answers whichever backend ran it: gapsp's size (its file is compared apart),
    gcenter's metrics and each model's objective (ties may pick other sites or diameter ends)."""
    if doc is None:
        return None
    if tool == "gapsp":
        return {k: doc.get(k) for k in ("n", "rows")}
    notes = ("plan", "metrics_fallback", "diameter_pair")  # how it ran, and a tie's pick
    kept = {k: v for k, v in doc.items() if k not in notes + MODELS and not k.endswith("_sweep")}
    kept.update({m: doc[m]["objective"] for m in MODELS if doc.get(m)})
    for sweep in [k for k in doc if k.endswith("_sweep")]:
        kept[sweep] = [[e[m]["objective"] for m in MODELS if m in e] for e in doc[sweep]]
    return kept


def same_on_the_cpu(tool, args, gpu_doc, code):
    """The GPU pass: the run again with --backend cpu (gapsp writing beside the GPU's file)."""
    args = list(args)
    if tool == "gapsp":
        gpu_out = args[1]
        args[1] = os.path.join(os.path.dirname(gpu_out), "cpu-" + os.path.basename(gpu_out))
    cpu_doc = validated(tool, args, run(tool, *args, "--json", code=code, backend="cpu"))
    what = "%s %s, --backend gpu and cpu" % (tool, " ".join(map(str, args)))
    same(what, {"gpu": backend_free(tool, gpu_doc), "cpu": backend_free(tool, cpu_doc)})
    # Next hops may break ties otherwise; a run that wrote nothing has failed already (run()).
    if tool == "gapsp" and "--paths" not in args and os.path.exists(gpu_out) and os.path.exists(args[1]):
        check(filecmp.cmp(gpu_out, args[1], shallow=False), what + ": the distance files differ")


def same(what, docs, ignore=("plan",)):
    """The same question on different engines: one key set, and one value per key both computed."""
    names = list(docs)
    if len(names) < 2:
        return
    first = docs[names[0]]
    for other in names[1:]:
        doc = docs[other]
        if first is None or doc is None:
            return
        if set(first) != set(doc):
            FAILURES.append("%s: keys of %s and %s differ: %s" % (what, names[0], other, set(first) ^ set(doc)))
        for key in set(first) & set(doc):
            a, b = first[key], doc[key]
            if key in ignore or a is None or b is None:
                continue
            if a != b:
                FAILURES.append("%s: %s: %s says %r, %s says %r" % (what, key, names[0], a, other, b))


def check(condition, message):
    if not condition:
        FAILURES.append(message)


def strip_times(doc):
    return {k: v for k, v in doc.items() if not k.endswith("_s") and k not in ("plan", "backend_note")}


def graph_questions(name, graph, flags, candidates, light=False):
    """Every tool on one graph, on every CPU engine; light: only the questions whose answers
    the engines compute apart (rome99: the smaller graphs ask the rest, in seconds)."""
    gch, gdm, dist = path(name + ".gch"), path(name + ".gdm"), path(name + "-dist.gdm")
    conv = {"gch": answer("gconvert", graph, gch, *flags, "-q"), "gdm": answer("gconvert", graph, gdm, *flags, "-q")}
    check(conv["gch"] and conv["gch"]["format"] == "ch" and conv["gch"]["levels"] is not None, name + ": gconvert ch")
    same(name + " gconvert", conv, ignore=("output", "format", "element_type", "stride", "levels", "shortcuts",
                                           "read_s", "contract_s"))
    # gapsp: one key set whatever algorithm ran.
    runs = {a: answer("gapsp", graph, path("%s-%s.gdm" % (name, a)), "--algorithm", a, *flags, "-q")
            for a in (("dijkstra", "ch") if light else ("fw", "dijkstra", "ch"))}
    runs["paths"] = answer("gapsp", graph, dist, "--paths", *flags, "-q")
    for algorithm, doc in runs.items():
        if doc is None:
            continue
        for key in [k for k in doc if k.endswith("_s")]:  # measured times: microseconds, no more
            check(doc[key] is None or round(doc[key], 6) == doc[key], "%s gapsp %s: %s=%r" % (name, algorithm, key,
                                                                                               doc[key]))
    same(name + " gapsp", {a: d and {k: d.get(k) for k in ("n", "rows")} for a, d in runs.items()})
    same(name + " gapsp keys", {a: d and dict.fromkeys(d) for a, d in runs.items()})
    # gcenter metrics: the dense engine, the sparse engine, the hierarchy (contracted, saved), a matrix file.
    metrics = {
        "dense": answer("gcenter", graph, "--engine", "dense", *flags, "-q"),
        "sparse": answer("gcenter", graph, "--engine", "sparse", *flags, "-q"),
        "ch": answer("gcenter", graph, "--engine", "ch", *flags, "-q"),
        "gch": answer("gcenter", gch, "-q"),
    }
    same(name + " metrics", metrics, ignore=("plan", "diameter_pair"))
    # A matrix file has no components (null); its metrics agree with the graph's.
    same(name + " metrics of the matrix", {"dense": metrics["dense"], "gdm": answer("gcenter", dist, "-q")},
         ignore=("plan", "diameter_pair", "components"))
    if not light:  # the centralities and gapsp's metrics file: the smaller graphs check them
        central = {"dense": metrics["dense"],
                   "sparse": answer("gcenter", graph, "--engine", "sparse", "--centrality", *flags, "-q")}
        keys = ("wiener_index", "reachable_pairs", "distance_histogram")
        same(name + " centralities", {k: d and {x: d.get(x) for x in keys} for k, d in central.items()})
        # gapsp --metrics writes gcenter's object.
        if run("gapsp", graph, "--metrics", path(name + "-m.json"), *flags, "-q").returncode == 0:
            with open(path(name + "-m.json")) as f:
                file_metrics = json.load(f)
            for e in list(VALIDATORS["gcenter"].iter_errors(file_metrics))[:5]:
                FAILURES.append("%s gapsp --metrics: %s at %s" % (name, e.message, list(e.path)))
            same(name + " gapsp --metrics", {"gcenter": metrics["dense"], "gapsp": file_metrics},
                 ignore=("plan", "components"))
    # Siting: the matrix, the candidates' trees, the saved hierarchy; a sweep.
    siting = {
        "matrix": answer("gcenter", dist, "--candidates", candidates, "--p-median", 2, "--p-center", 2, "-q"),
        "trees": answer("gcenter", graph, "--candidates", candidates, "--p-median", 2, "--p-center", 2, *flags, "-q"),
        "gch": answer("gcenter", gch, "--candidates", candidates, "--p-median", 2, "--p-center", 2, "-q"),
    }
    same(name + " siting", {k: d and {m: d.get(m) and strip_times(d[m]) for m in ("p_median", "p_center")}
                            for k, d in siting.items()}, ignore=("backend",))
    sweeps = {} if light else {
        "matrix": answer("gcenter", dist, "--candidates", candidates, "--p-median", "2,3", "-q"),
        "trees": answer("gcenter", graph, "--candidates", candidates, "--p-median", "2,3", *flags, "-q")}
    same(name + " sweep", {k: d and {"objectives": [e["p_median"]["objective"] for e in d.get("p_median_sweep", [])]}
                           for k, d in sweeps.items()})
    for d in [d for d in list(siting.values()) + list(sweeps.values()) if d]:
        for model in [m for m in d.values() if isinstance(m, dict) and "optimal" in m]:
            check(not model["optimal"] or model["gap"] == 0, "%s: an optimal answer's gap is %r" % (name, model["gap"]))
    # ginfo on what gapsp wrote, checked and not.
    answer("ginfo", dist)
    unchecked = answer("ginfo", dist, "--no-verify")
    check(unchecked is None or unchecked.get("valid", "absent") is None, name + ": ginfo --no-verify: valid should be null")
    answer("ginfo", path(name + "-dijkstra.gdm"))


def routes(name, graph, flags, a, b, code=0):
    """A route from a to b (code 1: there is none) on a matrix, a graph and a hierarchy."""
    gch, dist = path(name + ".gch"), path(name + "-dist.gdm")
    answers = {"matrix": answer("gpath", dist, "--from", a, "--to", b, code=code),
               "graph": answer("gpath", graph, "--from", a, "--to", b, *flags, code=code),
               "gch": answer("gpath", gch, "--from", a, "--to", b, code=code)}
    # Ties may take other vertices; the length, the ends and the key set may not differ.
    same(name + " gpath", {k: d and {x: d.get(x) for x in ("from", "to", "length")} for k, d in answers.items()})
    same(name + " gpath keys", {k: d and dict.fromkeys(d) for k, d in answers.items()})
    return answers


def cost_table_on_the_gpu(demands):
    """An integer demand x facility table on the GPU pass (and again on the CPU, by answer()):
    its p-median against every pair of facilities."""
    facilities = ["North", "South", "East", "West"]
    cost = [[1 + (7 * i + 3 * j * j) % 11 for j in range(len(facilities))] for i in range(len(demands))]
    table = path("int-costs.csv")
    with open(table, "w") as f:
        f.write("demand," + ",".join(facilities) + "\n" +
                "".join(d + "," + ",".join(map(str, row)) + "\n" for d, row in zip(demands, cost)))
    doc = answer("gcenter", "--cost-matrix", table, "--p-median", 2, "--exact", "-q")
    best = min(sum(min(row[a], row[b]) for row in cost) for a in range(4) for b in range(a + 1, 4))
    check(doc is not None and doc["p_median"]["objective"] == best,
          "integer cost table: %r, the best pair of facilities serves at %d" % (doc and doc["p_median"], best))


def gpu_missing():
    """Why the GPU pass cannot run here (the tools' own probe: --backend gpu refuses), or None."""
    p = subprocess.run([os.path.join(APPS, "gapsp"), SAMPLE, path("probe.gdm"), "--backend", "gpu", "-q"],
                       capture_output=True, text=True)
    return p.stderr.strip() if p.returncode == 2 and "no usable GPU" in p.stderr else None


def main():
    why = gpu_missing() if BACKEND == "gpu" else None
    if why:
        print("skip: the GPU pass needs a usable GPU: %s" % why)
        shutil.rmtree(WORK)
        return 77
    # The sample: a directed road-like grid, integer labels (printed as strings).
    candidates = path("cand.txt")
    with open(candidates, "w") as f:
        f.write("\n".join(str(v) for v in range(1, 2001, 97)) + "\n")
    graph_questions("grid", SAMPLE, [], candidates)
    routes("grid", SAMPLE, [], 1, 1950)
    # Names, two components, undirected: infinite values are null, labels are the names.
    towns = path("towns.csv")
    with open(towns, "w") as f:
        f.write("from,to,km\nRome,Tivoli,31\nTivoli,Subiaco,40\nRome,Ostia,28\nOstia,Fiumicino,9\n"
                "Subiaco,Fiumicino,95\nFlorence,Siena,70\n")
    with open(path("towns-cand.txt"), "w") as f:
        f.write("Rome\nOstia\nSiena\nFlorence\n")
    graph_questions("towns", towns, ["--undirected"], path("towns-cand.txt"))
    no_path = routes("towns", towns, ["--undirected"], "Rome", "Siena", code=1)
    for engine, d in no_path.items():
        check(d is not None and d.get("length", 0) is None and d.get("vertices", 0) is None and d["from"] == "Rome",
              "towns: gpath %s: the no-path answer %r" % (engine, d))
    towns_metrics = answer("gcenter", towns, "--undirected", "-q")
    check(towns_metrics is not None and towns_metrics.get("diameter", 0) is None and
          towns_metrics.get("center", 0) is None,
          "towns: an infinite diameter and an undefined center are null")
    # A cost table of decimal costs: the objective is the decimal sum, not its rounding noise.
    table = path("costs.csv")
    demands = ["d%d" % i for i in range(10)]
    with open(table, "w") as f:
        f.write("demand,North,South\n" + "".join("%s,0.1,%s\n" % (d, 5 + i) for i, d in enumerate(demands)))
    # (The GPU siting engine takes int32 or float32 costs, so this one runs on the CPU on the GPU
    # pass, which asks an integer table instead: cost_table_on_the_gpu.)
    p = run("gcenter", "--cost-matrix", table, "--p-median", 1, "--exact", "--json", "-q",
            backend="cpu" if BACKEND else None)
    if BACKEND:
        cost_table_on_the_gpu(demands)
    doc = json.loads(p.stdout) if p.returncode == 0 else None
    if doc is not None:
        for e in list(VALIDATORS["gcenter"].iter_errors(doc))[:5]:
            FAILURES.append("cost table: %s at %s" % (e.message, list(e.path)))
        exact = Fraction(1, 10) * len(demands)  # every demand at North
        check(re.search(r'"objective":%s,' % str(exact), p.stdout) is not None,
              "cost table: objective printed as %s, the decimal sum is %s" % (
                  re.search(r'"objective":([^,]*)', p.stdout).group(1), exact))
        check(doc["p_median"].get("gap") == 0 and doc["p_median"].get("sites") == ["North"], "cost table: %r" % doc)
    # rome99: a real road graph, when the shared data is there.
    rome = os.path.join(SHARED, "dimacs9", "rome99.gr")
    if os.path.exists(rome):
        with open(path("rome-cand.txt"), "w") as f:
            f.write("\n".join(str(v) for v in range(1, 3354, 211)) + "\n")
        graph_questions("rome99", rome, [], path("rome-cand.txt"), light=True)
        routes("rome99", rome, [], 1, 3000)
    else:
        print("note: %s missing: rome99 not checked" % rome)
    shutil.rmtree(WORK)
    for f in FAILURES:
        print("FAIL:", f)
    print("%d failures (%s)" % (len(FAILURES), "--backend gpu, each run again on the CPU" if BACKEND == "gpu" else
                                "--backend %s" % BACKEND if BACKEND else "the tools' own backend choice"))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
