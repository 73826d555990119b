#!/usr/bin/python3
"""gdist's road hierarchy against pandana, SciPy and NetworKit on weighted road graphs, in one run.

  /usr/bin/python3 bench/road_race.py [--build build] [--graphs NY,NE] [--threads 2] [--table 1000]
        [--rows 1000] [--sample 32] [--seed 23] [--diameter-timeout 120] [--pandana-timeout 900]
        [--work DIR] [--markdown out.md] [--json out.json] [--keep]

Issue #23's races. The peers come from PyPI into bench/.venv (git-ignored),
made here the first time (python3 -m venv; pip install pandana networkit scipy
numpy pandas); each runs in its own process from bench/peers/ (pandana_peer.py,
road_peers.py) and prints one JSON line. Ours: build/apps (gconvert, gapsp,
gcenter, copied into --work/bin at the start, so a rebuild meanwhile does not
mix two builds in one run), whole processes. Everything runs with OMP_NUM_THREADS and -j set to
--threads.

--graphs: names of ../shared/data/pace2016-roads/NAME.gr.gz (NY, FLA, NE),
weighted by scripts/weight_edges.py into --work/NAME-w.gr the first time
(--max 4093 for NE, 1000 for the others: the weights issue #23 names; each
edge once, read --undirected), or paths of weighted DIMACS .gr files. For
each graph, in this order, ours and the peer back to back so both see the
same machine load (the 1-minute load average before each step is reported):
  1. contraction: `gconvert G.gr G.gch --undirected --to ch` (whole process;
     its read_s and contract_s) against pandana.Network(...) (pandana's own
     CH preprocessing, timed alone in its process);
  2. metrics: `gcenter G.gch --json` (exact diameter, radius, center,
     1-median; whole process) against networkit.distance.Diameter(EXACT),
     stopped after --diameter-timeout seconds (on weighted graphs it runs a
     Dijkstra from every vertex). Agreement: the eccentricity (one NetworKit
     Dijkstra, its farthest distance) of our
     first periphery vertex must equal our diameter, of our first center vertex
     our radius, and NetworKit's diameter ours when it finishes;
  3. table: `gapsp G.gch T.npy --sources S --targets T --to npy` (--table
     random sources x --table random targets; whole process, and apsp_s, the
     table alone) against pandana's shortest_path_lengths on the same
     --table^2 pairs (its build excluded). Every entry must agree (pandana's
     float lengths rounded to integers). pandana (build and queries) is stopped
     after --pandana-timeout seconds and reported so (on weighted NE its build
     ran past 19 minutes on the 2-core VM). pandana keeps weight x 1000 in 32 bits:
     when our diameter x 1000 passes 2^32 the weights go to it scaled
     (pandana_peer.py --scale) and the answers are scaled back, exactly;
  4. rows: `gapsp G.gch R.gdm --sources S` (--rows random sources, whole
     process, per source = time / --rows) against SciPy's
     csgraph.dijkstra(indices=...) and NetworKit's SPSP (and one Dijkstra per
     source) on the first --sample of those sources: their per-source time is
     measured on the sample and extrapolated, and said so. Every sampled row
     must equal ours exactly (python/gdist reads our .gdm).
A disagreement is reported in the tables and makes the script exit 1 after
writing them. Sources and targets: random.Random(--seed) samples of 1..n,
written to --work. The row file (--rows x n x 4 bytes) is deleted unless --keep.
"""
import argparse
import datetime
import json
import os
import platform
import random
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "bench", ".venv")
PEERS = os.path.join(ROOT, "bench", "peers")
PACKAGES = ["pandana", "networkit", "scipy", "numpy", "pandas"]
MAX_WEIGHT = {"NE": 4093}


def die(msg):
    sys.exit("road_race.py: " + msg)


def ensure_venv():
    py = os.path.join(VENV, "bin", "python")
    probe = "import pandana, networkit, scipy, numpy, pandas"
    if os.path.exists(py) and subprocess.run([py, "-c", probe], capture_output=True).returncode == 0:
        return py
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    r = subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", *PACKAGES], capture_output=True, text=True)
    if r.returncode != 0:
        die("pip install %s failed (no PyPI from this machine?):\n%s" % (" ".join(PACKAGES), r.stderr[-2000:]))
    return py


def json_line(text):
    for line in reversed((text or "").strip().splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    return None


def run(cmd, env, timeout=None, what=""):
    """Runs cmd; returns (wall s, CPU s, stdout, 1-min load before, timed_out)."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    timed_out = False
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        out, rc, err = r.stdout, r.returncode, r.stderr
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        rc, err, timed_out = 0, "", True
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if rc != 0:
        die("%s failed (exit %d): %s\n%s" % (what or cmd[0], rc, " ".join(cmd), err[-3000:]))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print("  %-34s %8.2f s wall %8.2f s CPU  load %.1f%s" % (what, wall, cpu, load, "  (stopped)" if timed_out else ""),
          flush=True)
    return wall, cpu, out, load, timed_out


def weighted_graph(item, data, work):
    if item.endswith(".gr") and os.path.exists(item):
        return os.path.basename(item)[:-3], item
    path = os.path.join(work, item + "-w.gr")
    if not os.path.exists(path):
        src = os.path.join(data, item + ".gr.gz")
        if not os.path.exists(src):
            die("no graph %s (looked for %s)" % (item, src))
        print("weighting %s -> %s" % (src, path), flush=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "weight_edges.py"), src, path + ".tmp",
                        "--max", str(MAX_WEIGHT.get(item, 1000))], check=True)
        os.rename(path + ".tmp", path)
    return item + "-w", path


def header_n(path):
    with open(path) as f:
        for line in f:
            if line.startswith("p"):
                parts = line.split()
                return int(parts[2]), int(parts[3])
    die(path + ": no 'p' line")


def write_labels(path, labels):
    with open(path, "w") as f:
        f.write("\n".join(map(str, labels)) + "\n")


def fmt_s(x):
    return "%.3f s" % x if x < 10 else "%.1f s" % x


def snapshot_apps(build, work):
    """Copies gconvert, gapsp and gcenter into WORK/bin, so one run uses one build even if build/ is rebuilt
    meanwhile; returns the folder and each binary's modification time (UTC)."""
    import shutil

    folder = os.path.join(work, "bin")
    os.makedirs(folder, exist_ok=True)
    stamps = {}
    for tool in ("gconvert", "gapsp", "gcenter"):
        src = os.path.join(build, "apps", tool)
        if not os.access(src, os.X_OK):
            die("%s: not built (cmake --build %s)" % (src, build))
        stamps[tool] = datetime.datetime.fromtimestamp(os.path.getmtime(src), datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M")
        shutil.copy2(src, os.path.join(folder, tool + ".tmp"))
        os.replace(os.path.join(folder, tool + ".tmp"), os.path.join(folder, tool))
    return folder, stamps


def race_graph(name, gr, args, apps, py, env, disagreements):
    work = args.work
    n, m = header_n(gr)
    print("%s: n = %d, %d edges (%s)" % (name, n, m, gr), flush=True)
    rnd = random.Random(args.seed)
    table_s = rnd.sample(range(1, n + 1), args.table)
    table_t = rnd.sample(range(1, n + 1), args.table)
    rows_s = rnd.sample(range(1, n + 1), args.rows)
    f_ts, f_tt = os.path.join(work, name + ".table-sources.txt"), os.path.join(work, name + ".table-targets.txt")
    f_rs, f_sample = os.path.join(work, name + ".row-sources.txt"), os.path.join(work, name + ".sample.txt")
    write_labels(f_ts, table_s)
    write_labels(f_tt, table_t)
    write_labels(f_rs, rows_s)
    write_labels(f_sample, rows_s[: args.sample])
    gch = os.path.join(work, name + ".gch")
    T = str(args.threads)
    res = {"graph": name, "file": gr, "n": n, "edges": m}

    # 1. contraction
    wall, cpu, out, load, _ = run([os.path.join(apps, "gconvert"), gr, gch, "--undirected", "--to", "ch", "--json"],
                                  env, what="ours: gconvert --to ch")
    res["contract"] = {"seconds": wall, "cpu_s": cpu, "load": load, **json_line(out)}

    # 2. metrics
    wall, cpu, out, load, _ = run([os.path.join(apps, "gcenter"), gch, "--json", "-j", T], env,
                                  what="ours: gcenter --json")
    met = json_line(out)
    res["metrics"] = {"seconds": wall, "cpu_s": cpu, "load": load,
                      **{k: met.get(k) for k in ("diameter", "diameter_pair", "radius", "center", "periphery",
                                                 "median")}}
    per, ctr = str(met["periphery"][0]), str(met["center"][0])
    wall, cpu, out, load, stopped = run([py, os.path.join(PEERS, "road_peers.py"), "networkit-diameter", gr,
                                         "--threads", T, "--eccentricity", per, ctr], env,
                                        timeout=args.diameter_timeout, what="networkit: exact Diameter")
    lines = [json.loads(x) for x in out.strip().splitlines() if x.startswith("{")]
    ecc = next((x for x in lines if x["what"] == "eccentricities"), None)
    dia = next((x for x in lines if x["what"] == "diameter"), None)
    res["networkit_diameter"] = {"process_s": wall, "cpu_s": cpu, "load": load, "stopped": stopped and dia is None,
                                 "timeout_s": args.diameter_timeout, "eccentricities": ecc, "diameter": dia}
    agree = []
    if ecc is None:
        agree.append("NetworKit's eccentricities did not finish")
        disagreements.append("%s: NetworKit eccentricities missing" % name)
    else:
        e = ecc["eccentricity"]
        ok = e[per] == met["diameter"] and e[ctr] == met["radius"]
        agree.append("ecc(%s) = %g vs our diameter %d, ecc(%s) = %g vs our radius %d: %s" %
                     (per, e[per], met["diameter"], ctr, e[ctr], met["radius"], "equal" if ok else "DIFFER"))
        if not ok:
            disagreements.append("%s: NetworKit eccentricities %s vs diameter %d radius %d" %
                                 (name, e, met["diameter"], met["radius"]))
    if dia is not None:
        ok = dia["diameter"] == met["diameter"]
        agree.append("diameter %g vs %d: %s" % (dia["diameter"], met["diameter"], "equal" if ok else "DIFFER"))
        if not ok:
            disagreements.append("%s: NetworKit diameter %g vs ours %d" % (name, dia["diameter"], met["diameter"]))
    res["metrics"]["agreement"] = "; ".join(agree)

    # 3. table
    f_ours_t, f_pd_t = os.path.join(work, name + ".table.npy"), os.path.join(work, name + ".pandana.npy")
    wall, cpu, out, load, _ = run([os.path.join(apps, "gapsp"), gch, f_ours_t, "--sources", f_ts, "--targets", f_tt,
                                   "--to", "npy", "-j", T, "--json"], env, what="ours: gapsp table")
    res["table"] = {"seconds": wall, "cpu_s": cpu, "load": load, **json_line(out)}
    scale = 1
    while met["diameter"] is not None and met["diameter"] * 1000 // scale >= 2**32 - 1 and scale < 1000:
        scale *= 10
    wall, cpu, out, load, stopped = run([py, os.path.join(PEERS, "pandana_peer.py"), gr, "--sources", f_ts,
                                         "--targets", f_tt, "--out", f_pd_t, "--scale", str(scale)], env,
                                        timeout=args.pandana_timeout, what="pandana: Network + table")
    res["pandana"] = {"process_s": wall, "cpu_s": cpu, "load": load, "timeout_s": args.pandana_timeout,
                      **(json_line(out) or {})}
    if stopped:
        res["pandana"]["stopped"] = True
        res["table"]["check"] = None
    else:
        wall, cpu, out, load, _ = run([py, os.path.join(PEERS, "road_peers.py"), "check-table", f_ours_t, "--peer",
                                       "pandana=" + f_pd_t, "--round"], env, what="check: table")
        chk = json_line(out)["peers"]["pandana"]
        res["table"]["check"] = chk
        if chk["mismatches"]:
            disagreements.append("%s: table: %d of %d entries differ from pandana's (first %s)" %
                                 (name, chk["mismatches"], chk["entries"], chk.get("first")))

    # 4. rows
    f_rows = os.path.join(work, name + ".rows.gdm")
    f_sc, f_nk = os.path.join(work, name + ".scipy.npy"), os.path.join(work, name + ".networkit.npy")
    wall, cpu, out, load, _ = run([os.path.join(apps, "gapsp"), gch, f_rows, "--sources", f_rs, "-j", T, "--json"],
                                  env, what="ours: gapsp --sources rows")
    res["rows"] = {"seconds": wall, "cpu_s": cpu, "load": load, "per_source_s": wall / args.rows,
                   "bytes": os.path.getsize(f_rows), **json_line(out)}
    wall, cpu, out, load, _ = run([py, os.path.join(PEERS, "road_peers.py"), "scipy", gr, "--sources", f_sample,
                                   "--out", f_sc], env, what="scipy: dijkstra(indices=sample)")
    res["scipy"] = {"process_s": wall, "cpu_s": cpu, "load": load, **json_line(out)}
    wall, cpu, out, load, _ = run([py, os.path.join(PEERS, "road_peers.py"), "networkit", gr, "--sources", f_sample,
                                   "--out", f_nk, "--threads", T], env, what="networkit: SPSP, Dijkstra")
    res["networkit"] = {"process_s": wall, "cpu_s": cpu, "load": load, **json_line(out)}
    wall, cpu, out, load, _ = run([py, os.path.join(PEERS, "road_peers.py"), "check-rows", f_rows, "--sources",
                                   f_sample, "--peer", "scipy=" + f_sc, "--peer", "networkit=" + f_nk], env,
                                  what="check: rows")
    chk = json_line(out)["peers"]
    res["rows"]["check"] = chk
    for peer, c in chk.items():
        if c["mismatches"]:
            disagreements.append("%s: rows: %s differs from ours in %d of %d entries" %
                                 (name, peer, c["mismatches"], c.get("entries", 0)))
    if not args.keep:
        for f in (f_rows, f_sc, f_nk, f_ours_t, f_pd_t):
            if os.path.exists(f):
                os.unlink(f)
    return res


def met_text(ratio, target):
    return "**met** (%.1fx >= %dx)" % (ratio, target) if ratio >= target else "not met (%.1fx < %dx)" % (ratio, target)


def markdown(results, args, meta):
    out = ["Command: `%s` (%s UTC to %s UTC), commit %s (HEAD at the start; binaries of build/apps built %s UTC, "
           "copied at the start), %s, %s, `nproc` %s, %s; OMP_NUM_THREADS=%d and "
           "`-j %d` for ours; %s. The machine is shared (other builds running): the 1-minute load average "
           "before each step is in the tables; times are wall seconds of one run each." %
           (meta["command"], meta["start"], meta["end"], meta["commit"],
            ", ".join("%s %s" % kv for kv in meta["binaries"].items()), meta["host"], meta["cpu"], meta["nproc"],
            meta["mem"], args.threads, args.threads, meta["peers"])]
    for r in results:
        c, mt, t, p, rw, sc, nk, nd = (r["contract"], r["metrics"], r["table"], r["pandana"], r["rows"], r["scipy"],
                                       r["networkit"], r["networkit_diameter"])
        out.append("")
        out.append("### %s (n = %d, %d edges, `%s`)" % (r["graph"], r["n"], r["edges"], os.path.basename(r["file"])))
        out.append("")
        out.append("| step | ours | peer | peer / ours | target | load | agreement |")
        out.append("|---|---|---|---|---|---|---|")
        contract = "`gconvert --to ch` %s (%.1f s CPU; read %.2f s, contract %.2f s; %d levels, %d shortcuts)" % (
            fmt_s(c["seconds"]), c["cpu_s"], c["read_s"], c["contract_s"], c["levels"], c["shortcuts"])
        table = "`gapsp --targets` %s whole process (%.2f s CPU; table alone %s)" % (
            fmt_s(t["seconds"]), t["cpu_s"], fmt_s(t["apsp_s"]))
        shape = "%d x %d table (%s pairs)" % (args.table, args.table, format(args.table ** 2, ","))
        if "build_s" in p:
            out.append("| contraction | %s | pandana `Network(...)` build (its CH) %s | %.1fx | — | %.1f / %.1f | — |" %
                       (contract, fmt_s(p["build_s"]), p["build_s"] / c["seconds"], c["load"], p["load"]))
        else:
            out.append("| contraction | %s | pandana `Network(...)` build stopped after %d s (not finished) | > %.1fx "
                       "| — | %.1f / %.1f | — |" % (contract, p["timeout_s"], p["timeout_s"] / c["seconds"], c["load"],
                                                  p["load"]))
        if "query_s" in p:
            ratio_whole = p["query_s"] / t["seconds"]
            ratio_alone = p["query_s"] / t["apsp_s"]
            out.append("| %s | %s | pandana `shortest_path_lengths` %s | %.1fx (table alone %.1fx) | >= 10x: %s | "
                       "%.1f / %.1f | %s |" %
                       (shape, table, fmt_s(p["query_s"]), ratio_whole, ratio_alone, met_text(ratio_whole, 10),
                        t["load"], p["load"],
                        "%d of %s entries differ%s" % (t["check"]["mismatches"], format(t["check"]["entries"], ","),
                                                      "" if p["scale"] == 1 else " (pandana given weights / %d)" %
                                                      p["scale"])))
            end_ours = c["seconds"] + t["seconds"]
            end_pd = p["build_s"] + p["query_s"]
            out.append("| table from the .gr (contract + table) | %s | %s | %.1fx | — | | |" %
                       (fmt_s(end_ours), fmt_s(end_pd), end_pd / end_ours))
        else:
            left = p["timeout_s"] - p.get("build_s", p["timeout_s"])
            out.append("| %s | %s | pandana stopped %s (not finished) | — | >= 10x: not measured | %.1f / %.1f | "
                       "not checked |" % (shape, table, "in its queries, %.0f s after its build" % left
                                          if "build_s" in p else "in its build", t["load"], p["load"]))
        k = sc["sources"]
        chk = rw["check"]
        agree = "%d sampled rows (%s entries each peer): SciPy %d, NetworKit %d differ" % (
            k, format(chk["scipy"]["entries"], ","), chk["scipy"]["mismatches"], chk["networkit"]["mismatches"])
        r_sc = sc["per_source_s"] / rw["per_source_s"]
        out.append("| rows, per source | `gapsp --sources` %d rows: %s whole process (%.2f s CPU; %.1f ms a row; file %.2f GB) | "
                   "SciPy `dijkstra(indices=%d sampled)` %s: %.1f ms a source, one thread (%d rows extrapolated: %s) | "
                   "%.1fx | >= 20x: %s | %.1f / %.1f | %s |" %
                   (args.rows, fmt_s(rw["seconds"]), rw["cpu_s"], 1000 * rw["per_source_s"], rw["bytes"] / 1e9, k,
                    fmt_s(sc["seconds"]), 1000 * sc["per_source_s"], args.rows, fmt_s(sc["per_source_s"] * args.rows),
                    r_sc, met_text(r_sc, 20), rw["load"], sc["load"], agree))
        r_nk = nk["per_source_s"] / rw["per_source_s"]
        nk_detail = "SPSP %s" % fmt_s(nk["spsp_seconds"])
        if "dijkstra_seconds" in nk:
            nk_detail += ", Dijkstra per source %s" % fmt_s(nk["dijkstra_seconds"])
        out.append("| rows, per source | (as above) | NetworKit on the %d sampled sources, %d threads: %s; best "
                   "%.1f ms a source (%d rows extrapolated: %s) | %.1fx | — | %.1f / %.1f | (above) |" %
                   (k, nk["threads"], nk_detail, 1000 * nk["per_source_s"], args.rows,
                    fmt_s(nk["per_source_s"] * args.rows), r_nk, rw["load"], nk["load"]))
        if nd["diameter"] is not None:
            peer = "NetworKit exact `Diameter` %s" % fmt_s(nd["diameter"]["seconds"])
            ratio = "%.1fx" % (nd["diameter"]["seconds"] / mt["seconds"])
        else:
            peer = "NetworKit exact `Diameter` stopped after %d s (not finished)" % nd["timeout_s"]
            ratio = "> %.1fx" % (nd["timeout_s"] / mt["seconds"])
        out.append("| exact diameter | `gcenter --json` %s whole process (%.1f s CPU; diameter %d, radius %d, center %s, "
                   "1-median %s) | %s | %s | — | %.1f / %.1f | %s |" %
                   (fmt_s(mt["seconds"]), mt["cpu_s"], mt["diameter"], mt["radius"], mt["center"][0], mt["median"]["vertex"],
                    peer, ratio, mt["load"], nd["load"], mt["agreement"]))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--graphs", default="NY,NE")
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data", "pace2016-roads"))
    ap.add_argument("--work", default=os.path.join("/tmp", "gdist_road_race"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--table", type=int, default=1000, help="sources and targets of the table")
    ap.add_argument("--rows", type=int, default=1000, help="our gapsp --sources rows")
    ap.add_argument("--sample", type=int, default=32, help="sources timed for SciPy and NetworKit (of --rows)")
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--diameter-timeout", type=float, default=120.0)
    ap.add_argument("--pandana-timeout", type=float, default=900.0,
                    help="seconds before pandana (build and queries) is stopped")
    ap.add_argument("--markdown")
    ap.add_argument("--json")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    if args.sample > args.rows:
        die("--sample must be at most --rows")
    os.makedirs(args.work, exist_ok=True)
    start = datetime.datetime.now(datetime.timezone.utc)
    py = ensure_venv()
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    versions = subprocess.run([py, "-c", "import pandana, networkit, scipy, numpy, pandas; print('pandana %s, "
                               "NetworKit %s, SciPy %s, NumPy %s, pandas %s' % (pandana.__version__, "
                               "networkit.__version__, scipy.__version__, numpy.__version__, pandas.__version__))"],
                              capture_output=True, text=True).stdout.strip()
    commit = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%h"], capture_output=True, text=True).stdout
    apps, stamps = snapshot_apps(args.build, args.work)
    graphs = [weighted_graph(g, args.data, args.work) for g in args.graphs.split(",")]
    disagreements, results = [], []
    for name, gr in graphs:
        results.append(race_graph(name, gr, args, apps, py, env, disagreements))
    end = datetime.datetime.now(datetime.timezone.utc)
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    meta = {"command": " ".join(["bench/road_race.py"] + sys.argv[1:]), "start": start.strftime("%Y-%m-%d %H:%M"),
            "end": end.strftime("%H:%M"), "commit": commit.strip(), "binaries": stamps, "host": platform.node(), "cpu": cpu,
            "nproc": os.cpu_count(), "mem": "%.0f GiB RAM" % mem, "peers": versions + " from PyPI in bench/.venv",
            "load_after": os.getloadavg()}
    text = markdown(results, args, meta)
    if disagreements:
        text += "\n**Disagreements:**\n" + "".join("- %s\n" % d for d in disagreements)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "results": results, "disagreements": disagreements}, f, indent=1)
    if disagreements:
        die("answers disagree:\n  " + "\n  ".join(disagreements))


if __name__ == "__main__":
    main()
