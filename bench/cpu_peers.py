#!/usr/bin/python3
"""Our CPU Floyd-Warshall side by side with its peers, on the same graphs, in one run.

usage: /usr/bin/python3 bench/cpu_peers.py [--build BUILD_DIR] [--sizes 1000,2000,4000]
           [--reps 5] [--peer-reps 3] [--ours-only-sizes 8000] [--markdown OUT.md]

For each n: bench/peers/make_graph.py writes a random directed graph (n^2/10
distinct arcs, weights 0..1000, seed n) to a temporary arc file; then
  - BUILD_DIR/bench/cpu_fw_bench   (ours: int32 and float32, 1 and 2 threads, --reps runs)
  - BUILD_DIR/bench/boost_fw_peer  (Boost.Graph floyd_warshall_all_pairs_shortest_paths)
  - bench/peers/scipy_peer.py      (SciPy csgraph floyd_warshall and dijkstra, all sources)
time the APSP call only. Peers run single-threaded (as the libraries do); the
ratios compare them with ours on both cores (and on one). Every harness prints
the sum of finite distances; the script checks they agree. A missing peer
(no SciPy, boost_fw_peer not built) is skipped with a message.
Other jobs may share the machine: ours reports best and median of --reps runs,
peers best of --peer-reps (one run at n >= 4000: Boost takes ~45 s there).
"""
import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CEILING = 4.1e10  # relax/s, both cores, shared/docs/anchors.md


def parse(line):
    """'name k=v k=v ...' -> dict with 'name'."""
    parts = line.split()
    rec = {"name": parts[0]}
    for p in parts[1:]:
        k, _, v = p.partition("=")
        rec[k] = v
    return rec


def run_lines(cmd, timeout=3600):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, str(e)
    if out.returncode != 0:
        return None, (out.stdout + out.stderr).strip()
    return [parse(l) for l in out.stdout.splitlines() if "=" in l], None


def machine():
    model = "?"
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        m = re.search(r"Model name:\s*(.+)", lscpu)
        model = m.group(1).strip() if m else model
        l2 = re.search(r"L2 cache:\s*(.+)", lscpu)
        model += f", L2 {l2.group(1).strip()}" if l2 else ""
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}"


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def fmt_s(x):
    return f"{x:.3f}" if x < 10 else f"{x:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.environ.get("GDIST_BUILD", "build"))
    ap.add_argument("--sizes", default="1000,2000,4000")
    ap.add_argument("--ours-only-sizes", default="", help="extra sizes timed for us only (peers too slow)")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--peer-reps", type=int, default=3, help="peer runs per n below 4000 (one run from 4000 up)")
    ap.add_argument("--markdown", default=None, help="also write the tables here")
    a = ap.parse_args()

    ours_bin = os.path.join(a.build, "bench", "cpu_fw_bench")
    boost_bin = os.path.join(a.build, "bench", "boost_fw_peer")
    if not os.path.exists(ours_bin):
        sys.exit(f"cpu_peers: {ours_bin} not found; build the cpu_fw_bench target (or pass --build)")
    have_boost = os.path.exists(boost_bin)
    if not have_boost:
        print(f"cpu_peers: {boost_bin} not built; skipping Boost.Graph (needs libboost-graph-dev)")
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable

    sizes = [int(s) for s in a.sizes.split(",") if s]
    extra = [int(s) for s in a.ours_only_sizes.split(",") if s]
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    commit = subprocess.run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    header = [f"Machine: {machine()}", f"Date: {now}, commit {commit}, load average at start {loadavg()}",
              f"Command: /usr/bin/python3 bench/cpu_peers.py {' '.join(sys.argv[1:])}"]
    print("\n".join(header), flush=True)

    rows, notes = [], []
    have_scipy = True
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes + extra:
            arcs = os.path.join(tmp, f"g{n}.arcs")
            subprocess.run([python, os.path.join(HERE, "peers", "make_graph.py"), str(n), arcs, "--seed", str(n)],
                           check=True)
            res = {"n": n}
            lines, err = run_lines([ours_bin, "--graph", arcs, "--threads", "1,2", "--types", "int32,float32",
                                    "--reps", str(a.reps)])
            if lines is None:
                sys.exit(f"cpu_peers: cpu_fw_bench failed: {err}")
            for r in lines:
                print(" ".join(f"{k}={v}" for k, v in r.items() if k != "name"), "<-", r["name"], flush=True)
                res[(r["type"], int(r["threads"]))] = r
            peers = []
            if n in sizes:
                peer_reps = a.peer_reps if n < 4000 else 1
                if have_boost:
                    lines, err = run_lines([boost_bin, arcs, "--reps", str(peer_reps)])
                    peers += lines or []
                    if err:
                        notes.append(f"boost_fw_peer failed at n={n}: {err}")
                if have_scipy:
                    lines, err = run_lines([python, os.path.join(HERE, "peers", "scipy_peer.py"), arcs, "--reps",
                                            str(peer_reps)])
                    if lines is None:
                        have_scipy = False
                        notes.append(f"SciPy skipped: {err}")
                        print(f"cpu_peers: SciPy skipped: {err}")
                    else:
                        peers += lines
            for p in peers:
                print(" ".join(f"{k}={v}" for k, v in p.items() if k != "name"), "<-", p["name"], flush=True)
                res[p["name"]] = p
            sums = {r["checksum"] for k, r in res.items() if isinstance(r, dict) and "checksum" in r}
            res["checks_agree"] = len(sums) == 1
            if len(sums) != 1:
                notes.append(f"n={n}: distance checksums DISAGREE: {sorted(sums)}")
            rows.append(res)

    ours_t = ["| n | int32 1 thr s | int32 2 thr s (median) | int32 2 thr relax/s | of 4.1e10 | int32 1 thr relax/s"
              " | float32 1 thr relax/s | float32 2 thr relax/s | checksums |",
              "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        i1, i2, f1, f2 = r[("int32", 1)], r[("int32", 2)], r[("float32", 1)], r[("float32", 2)]
        ours_t.append(f"| {r['n']} | {fmt_s(float(i1['best_s']))} | {fmt_s(float(i2['best_s']))} "
                      f"({fmt_s(float(i2['median_s']))}) | {float(i2['relax_per_s']):.2e} | "
                      f"{float(i2['relax_per_s']) / CEILING:.0%} | {float(i1['relax_per_s']):.2e} | "
                      f"{float(f1['relax_per_s']):.2e} | {float(f2['relax_per_s']):.2e} | "
                      f"{'agree' if r['checks_agree'] else 'DISAGREE'} |")
    peer_t = ["| n | ours int32 2 thr s | Boost.Graph FW s | SciPy FW s | SciPy Dijkstra s | Boost / ours | "
              "SciPy FW / ours | SciPy Dijkstra / ours | same ratios, ours on 1 thread |",
              "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["n"] not in sizes:
            continue
        o2, o1 = float(r[("int32", 2)]["best_s"]), float(r[("int32", 1)]["best_s"])
        cells, ratios, ratios1 = [], [], []
        for name in ("boost_fw", "scipy_fw", "scipy_dijkstra"):
            if name in r:
                t = float(r[name]["best_s"])
                cells.append(fmt_s(t))
                ratios.append(f"{t / o2:.0f}x")
                ratios1.append(f"{t / o1:.0f}x")
            else:
                cells.append("skipped")
                ratios.append("-")
                ratios1.append("-")
        peer_t.append(f"| {r['n']} | {fmt_s(o2)} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " | " +
                      " / ".join(ratios1) + " |")
    header.append(f"Load average at end: {loadavg()} (other jobs on the machine slow every column alike)")
    text = "\n".join(header + ["", "Ours (cpu_fw_bench, best of --reps; 2-thread median in brackets):", ""] + ours_t +
                     ["", "Peers (single-threaded libraries, best of --peer-reps) on the same graphs:", ""] + peer_t +
                     [""] + [f"Note: {x}" for x in notes])
    print("\n" + text)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
