"""NumPy exports (issue #29, scope 4): gapsp --to npz and gconvert MATRIX OUT.npz give
numpy.load a `dist` matrix and its vertex `labels` (strings), --float gives float64
with inf for "no path", so d.max() is the diameter of a connected graph; checked
against scipy.sparse.csgraph on the same graphs read here, independently of gdist.
Also: the zip's CRCs, the road hierarchy's sources x targets table (`row_labels`),
the integer form (values >= the type's INF mean no path), and a failed run leaving
an existing OUT as it was.

Usage: numpy_check.py APPS_DIR SOURCE_DIR. Exit 77 (skip) without NumPy/SciPy or the
sample graph."""
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

try:
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import shortest_path
except ImportError:
    print("skip: python3-numpy and python3-scipy are needed")
    sys.exit(77)

APPS, SOURCE = sys.argv[1:3]
SAMPLE = os.path.join(SOURCE, "data", "grid-50x40.gr")
if not os.path.exists(SAMPLE):
    print("skip: %s is missing" % SAMPLE)
    sys.exit(77)
INT32_INF = (1 << 30) - 1  # lib/core/element_traits.hpp
FAILURES = []
WORK = tempfile.mkdtemp(prefix="gdist-numpy-")


def path(name):
    return os.path.join(WORK, name)


def run(tool, *args, code=0):
    p = subprocess.run([os.path.join(APPS, tool)] + [str(a) for a in args] + ["-q"], capture_output=True, text=True)
    if p.returncode != code:
        FAILURES.append("%s %s: exit %d, expected %d: %s" % (tool, " ".join(map(str, args)), p.returncode, code,
                                                            p.stderr.strip()))
    return p


def check(condition, message):
    if not condition:
        FAILURES.append(message)


def reference(labels, arcs, undirected):
    """SciPy's distances between `labels` (in that order) over (u, v, w) arcs; parallel arcs: the lightest."""
    index = {name: i for i, name in enumerate(labels)}
    best = {}
    for u, v, w in arcs:
        for a, b in ((u, v), (v, u)) if undirected else ((u, v),):
            key = (index[a], index[b])
            best[key] = min(w, best.get(key, w))
    rows, cols = zip(*best)
    graph = csr_matrix((list(best.values()), (rows, cols)), shape=(len(labels), len(labels)))
    return shortest_path(graph, directed=not undirected)


def load(name):
    with zipfile.ZipFile(path(name)) as z:
        check(z.testzip() is None, name + ": a member's CRC does not match")
    with np.load(path(name)) as z:  # allow_pickle stays False: labels are plain unicode strings
        return {k: z[k] for k in z.files}


def grid():
    arcs = []
    with open(SAMPLE) as f:
        for line in f:
            if line.startswith("a "):
                _, u, v, w = line.split()
                arcs.append((u, v, int(w)))
    labels = [str(v) for v in range(1, 2001)]
    want = reference(labels, arcs, undirected=False)
    run("gapsp", SAMPLE, path("g.npz"))  # the extension chooses npz
    run("gapsp", SAMPLE, path("gf.npz"), "--float")
    run("gapsp", SAMPLE, path("g.gdm"))
    run("gconvert", path("g.gdm"), path("gc.npz"), "--float")  # a matrix file to NumPy
    plain, as_float, converted = load("g.npz"), load("gf.npz"), load("gc.npz")
    check(sorted(plain) == ["dist", "labels"], "g.npz holds %s" % sorted(plain))
    check(plain["labels"].dtype.kind == "U" and list(plain["labels"]) == labels, "g.npz: labels")
    check(plain["dist"].dtype == np.int32 and np.array_equal(plain["dist"], want), "g.npz: int32 distances")
    check(as_float["dist"].dtype == np.float64 and np.array_equal(as_float["dist"], want), "gf.npz: float64")
    check(as_float["dist"].max() == want.max(), "gf.npz: d.max() %r is not the diameter %r" % (
        as_float["dist"].max(), want.max()))
    for name in ("dist", "labels"):
        check(np.array_equal(converted[name], as_float[name]), "gconvert's npz differs from gapsp's: " + name)
    # The hierarchy's table: sources x targets, the rows named apart.
    run("gconvert", SAMPLE, path("g.gch"))
    sources, targets = ["7", "1999", "50"], ["1", "1000", "2000", "33"]
    for name, items in (("s.txt", sources), ("t.txt", targets)):
        with open(path(name), "w") as f:
            f.write("\n".join(items) + "\n")
    run("gapsp", path("g.gch"), path("table.npz"), "--sources", path("s.txt"), "--targets", path("t.txt"), "--float")
    table = load("table.npz")
    rows, cols = [labels.index(s) for s in sources], [labels.index(t) for t in targets]
    check(list(table["row_labels"]) == sources and list(table["labels"]) == targets, "table.npz: labels")
    check(np.array_equal(table["dist"], want[np.ix_(rows, cols)]), "table.npz: distances")


def towns():
    """Names and two components: inf (float) or >= INF (int32) exactly where SciPy says no path."""
    text = ("from,to,km\nRome,Tivoli,31\nTivoli,Subiaco,40\nRome,Ostia,28\nOstia,Fiumicino,9\n"
            "Subiaco,Fiumicino,95\n\"Florence, Centro\",Siena,70\n")
    with open(path("towns.csv"), "w") as f:
        f.write(text)
    arcs = [(r[0], r[1], int(r[2])) for r in list(csv.reader(io.StringIO(text)))[1:]]
    run("gapsp", path("towns.csv"), path("t.npz"), "--undirected", "--float")
    run("gapsp", path("towns.csv"), path("ti.npz"), "--undirected")
    got, ints = load("t.npz"), load("ti.npz")
    labels = list(got["labels"])
    check(sorted(labels) == sorted({a for a, _, _ in arcs} | {b for _, b, _ in arcs}), "t.npz: labels %r" % labels)
    want = reference(labels, arcs, undirected=True)
    check(np.array_equal(got["dist"], want), "t.npz: distances differ from SciPy's")
    check(np.isinf(got["dist"]).sum() == np.isinf(want).sum() > 0, "t.npz: inf where no path")
    check(np.array_equal(ints["dist"] >= INT32_INF, np.isinf(want)), "ti.npz: INF where no path")
    finite = ~np.isinf(want)
    check(np.array_equal(ints["dist"][finite], want[finite]), "ti.npz: finite distances")
    # --float is for NumPy files; a failed run leaves the existing OUT as it was.
    run("gapsp", path("towns.csv"), path("t.gdm"), "--float", code=2)
    with open(path("t.npz"), "rb") as f:
        before = f.read()
    run("gapsp", path("missing.csv"), path("t.npz"), "--float", code=2)
    with open(path("t.npz"), "rb") as f:
        check(f.read() == before, "a failed run changed the existing t.npz")


def main():
    grid()
    towns()
    shutil.rmtree(WORK)
    for f in FAILURES:
        print("FAIL:", f)
    print("%d failures" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
