"""Flags and environment: every invalid value is refused before any work with
exit 2 and 'tool: what, what was expected'; counts print as they are; vertices
are named by their labels; --backend gpu means the GPU or an error."""
import os

WRAPPED = r"18446744073709551615|-9223372036854775808|4294967295"

PENDING_PROOFS = None  # landed: every case is a plain test now


def cases(ctx, Case):
    out = []
    g = "flags"

    def bad(tool_args, err, name=None, **kw):
        name = name or " ".join(tool_args[1:]).replace("/", "_")
        kw.setdefault("err_not", WRAPPED)
        out.append(Case(g, tool_args[0] + "/" + name, tool_args, rc=2, err=err, **kw))

    c = ["gcenter", "d.gdm"]
    # Sites and radii.
    for flag in ("--p-median", "--p-center"):
        for v in ("0", "-1", "-5", "abc", "1.5", "", "99999999999999999999999"):
            bad(c + [flag, v], r"%s.*expected a whole number of sites >= 1" % flag, name="%s=%r" % (flag, v))
    for flag in ("--cover",):
        for v in ("-5", "-0.5", "nan", "NaN", "inf", "-inf", "abc", ""):
            bad(c + [flag, v], r"%s.*expected a finite distance >= 0" % flag, name="%s=%r" % (flag, v))
    for v in ("-5", "nan", "inf", "x"):
        bad(c + ["--max-cover", v, "--p", "2"], r"--max-cover.*expected a finite distance >= 0",
            name="--max-cover=%r--p-2" % v)
    bad(c + ["--max-cover", "5"], r"--max-cover: needs --p")
    bad(c + ["--max-cover", "5", "--p", "0"], r"--p.*expected a whole number of sites >= 1")
    bad(c + ["--max-cover", "5", "--p", "-1"], r"--p.*expected a whole number of sites >= 1")
    bad(c + ["--p", "2"], r"--p: only --max-cover takes --p")
    bad(c + ["--p-median", "2", "--p", "2"], r"--p: only --max-cover takes --p")
    # Siting flags without a model.
    for flag, val in (("--assignment", "a.csv"), ("--weights", "w.csv"), ("--candidates", "w.csv"),
                      ("--fixed", "w.csv"), ("--direction", "in"), ("--time-limit", "5"), ("--seed", "3")):
        bad(c + [flag, val], r"%s: applies to a siting model" % flag)
    bad(c + ["--exact"], r"--exact: applies to a siting model")
    # Time limits.
    for v in ("-1", "0", "nan", "inf", "-inf", "abc", "0x"):
        bad(c + ["--p-median", "2", "--time-limit", v], r"--time-limit.*expected a finite number of seconds > 0",
            name="--time-limit=%r" % v)
    # Gaps and seeds (NaN passed CLI::Range; -1 wrapped to a huge seed).
    for v in ("nan", "NaN", "inf", "-0.1", "1.5", "x"):
        bad(c + ["--p-median", "2", "--gap", v], r"--gap.*expected a relative gap from 0 to 1",
            name="--gap=%r" % v)
    for v in ("-1", "1.5", "x"):
        bad(c + ["--p-median", "2", "--seed", v], r"--seed.*expected a whole number >= 0", name="--seed=%r" % v)
    # Threads.
    for tool, args in (("gcenter", ["d.gdm"]), ("gapsp", ["g.gdm", "o.gdm"])):
        for v in ("65535", "1025", "-1", "abc", "2.5", "99999999999999999999"):
            bad([tool] + args + ["-j", v], r"--threads.*expected 0 \(all cores\) to 1024", name="-j=%s" % v)
    out.append(Case(g, "gcenter/-j-1024-accepted", c + ["-j", "1024"], rc=0, out="diameter"))
    # Choices.
    bad(c + ["--backend", "tpu"], r"--backend")
    bad(["gapsp", "g.gdm", "o.gdm", "--backend", "tpu"], r"--backend")
    bad(["gapsp", "g.gdm", "o.gdm", "--to", "xml"], r"--to")
    bad(["gapsp", "g.gdm", "o.gdm", "--paths", "--to", "nthu"], r"--paths needs --to gdm")
    bad(c + ["--direction", "sideways", "--p-median", "2"], r"--direction")
    for tool, args in (("gconvert", ["g.gr", "o.gdm"]), ("gapsp", ["g.gr", "o.gdm"]), ("gcenter", ["g.gr"])):
        bad([tool] + args + ["--type", "int8"], r"--type")
        bad([tool] + args + ["--from", "xml"], r"--from")
        bad([tool] + args + ["--duplicates", "max"], r"--duplicates")
        bad([tool] + args + ["--bogus"], r"not expected|--bogus")
        bad([tool] + args + ["--type"], r"--type")
    # Missing or extra positionals, CLI11's own errors with the tool's prefix.
    bad(["gconvert", "g.gr"], r"OUT.*required|required.*OUT")
    bad(["gconvert"], r"required")
    bad(["gapsp", "g.gdm"], r"OUT.*required|required.*OUT")
    bad(["gcenter"], r"required")
    bad(["gpath", "dp.gdm"], r"--from.*required|required.*--from")
    bad(["gconvert", "g.gr", "o.gdm", "extra"], r"not expected|extra")
    bad(["gcenter", "d.gdm", "extra"], r"not expected|extra")
    bad(c + ["--per-vertex"], r"--per-vertex")
    # Environment.
    for tool, args in (("gapsp", ["g.gr", "o.gdm"]), ("gcenter", ["g.gr"])):
        for v in ("bogus", "AVX2", "sse", "avx2 "):
            bad([tool] + args, r"GDIST_CPU_ISA: unknown value", name="GDIST_CPU_ISA=%r" % v,
                env={"GDIST_CPU_ISA": v})
    out.append(Case(g, "gapsp/GDIST_CPU_ISA=portable", ["gapsp", "g.gr", "o.gdm", "-q"], rc=0, creates={"o.gdm"},
                    env={"GDIST_CPU_ISA": "portable"}))
    # Counts and labels in messages.
    bad(c + ["--p-median", "1000"], r"1000 new sites asked for, but only 12", name="p-median-too-many-count")
    # --exact on an instance too large to enumerate (the issue printed "-9223372036854775808 site
    # sets"): now a bounded proof; no count may print wrapped.
    for model, p in (("--p-median", "20"), ("--p-center", "30")):
        out.append(Case(g, "gcenter/exact-count%s" % model, ["gcenter", "big.gdm", model, p, "--exact", "--time-limit",
                                                            "1", "--json"], rc=0, out=r'"(p_median|p_center)"',
                        err_not=WRAPPED))
    bad(["gcenter", "dn.gdm", "--p-center", "1", "--candidates", "cand.txt"], r"demand vertex [a-z]+ ",
        name="p-center-names-label", setup=lambda d: open(d + "/cand.txt", "w").write("carol\n"),
        err_not=WRAPPED + r"|index")
    bad(["gcenter", "dn.gdm", "--cover", "3", "--candidates", "cand.txt"], r"demand vertex [a-z]+ ",
        name="cover-names-label", setup=lambda d: open(d + "/cand.txt", "w").write("carol\n"),
        err_not=WRAPPED + r"|index")
    bad(["gcenter", "d.gdm", "--p-median", "2", "--weights", "bw.csv"], r"bw.csv",
        name="negative-weight-file", setup=lambda d: open(d + "/bw.csv", "w").write("1,-3\n"))
    bad(["gpath", "dp.gdm", "--from", "99"], r"--from: no vertex labelled '99'")
    bad(["gpath", "dp.gdm", "--from", "1", "--to", "0"], r"--to: no vertex labelled '0'")
    # A distance matrix without next hops answers the distance and says where the route is.
    out.append(Case(g, "gpath/distance-without-next-hops", ["gpath", "d.gdm", "--from", "1", "--to", "2", "--json"],
                    rc=0, out=r'"length": ?[0-9]+,"hops": ?null', err=r"keeps distances, not routes \(no next hops\); "
                    r"for the route, write it with --paths or give the graph file"))
    bad(["gpath", "g.gdm", "--from", "1"], r"adjacency matrix")
    # --json always prints JSON: the tree is a CSV table, so --json without --to is refused, not ignored.
    bad(["gpath", "dp.gdm", "--from", "1", "--json"], r"--json prints one route as JSON: give --to")
    out.append(Case(g, "gpath/route-ok", ["gpath", "dp.gdm", "--from", "1", "--to", "7", "--json"], rc=0,
                    out=r'"length": ?9'))
    # One GPU policy: --backend gpu is the GPU or a clear error, in every command.
    gpu_rc = 0 if ctx.has_gpu else 2
    gpu_err = None if ctx.has_gpu else r"--backend gpu|GPU|CUDA"
    for name, argv, creates in (
            ("gapsp", ["gapsp", "g.gr", "o.gdm", "-q", "--backend", "gpu"], {"o.gdm"}),
            ("gapsp-paths", ["gapsp", "g.gr", "o.gdm", "-q", "--paths", "--backend", "gpu"], {"o.gdm"}),
            ("gapsp-metrics", ["gapsp", "g.gr", "o.gdm", "-q", "--metrics", "m.json", "--backend", "gpu"],
             {"o.gdm", "m.json"}),
            ("gcenter-metrics", ["gcenter", "d.gdm", "--backend", "gpu"], set()),
            ("gcenter-graph", ["gcenter", "g.gr", "--backend", "gpu"], set()),
            ("gcenter-p-median", ["gcenter", "d.gdm", "--p-median", "2", "--backend", "gpu"], set()),
            ("gcenter-p-center", ["gcenter", "d.gdm", "--p-center", "2", "--backend", "gpu"], set()),
            ("gcenter-int64", ["gcenter", "d64.gdm", "--backend", "gpu"], set())):
        rc, err = gpu_rc, gpu_err
        setup = None
        if name == "gcenter-int64":  # no GPU kernels for int64: an error even with a GPU
            rc, err = 2, r"int64"
            setup = lambda d: __import__("subprocess").run(
                [ctx.tool("gapsp"), "g.gr", "d64.gdm", "-q", "--type", "int64"], cwd=d, check=True)
        out.append(Case(g, "gpu-policy/" + name, argv, rc=rc, err=err, creates=creates if rc == 0 else set(),
                        setup=setup))
    # Negative cycles are refused with a clear message on every backend; negative
    # weights without one are fine.
    def neg(d, cycle=True):
        with open(os.path.join(d, "neg.gr"), "w") as f:
            f.write("p sp 4 5\na 1 2 4\na 2 3 -2\na 3 1 %d\na 3 4 7\na 4 1 1\n" % (-3 if cycle else -1))
    import os
    for backend in ("auto", "cpu", "gpu"):
        rc_err = (2, r"negative cycle: vertex [123] lies on a cycle of negative length")
        if backend == "gpu" and not ctx.has_gpu:
            rc_err = (2, r"--backend gpu|GPU|CUDA")
        out.append(Case(g, "negative-weights/cycle-refused-%s" % backend,
                        ["gapsp", "neg.gr", "o.gdm", "-q", "--backend", backend], rc=rc_err[0], err=rc_err[1],
                        setup=neg))
        if backend != "gpu" or ctx.has_gpu:
            out.append(Case(g, "negative-weights/no-cycle-ok-%s" % backend,
                            ["gcenter", "neg.gr", "--json", "--backend", backend], rc=0,
                            out=r'"diameter": ?9,.*"wiener_index": ?33\b',  # by hand: d(1,4) = 9, sum 33
                            setup=lambda d: neg(d, cycle=False)))
    # A path that is this process's stdout, made in the case's folder (never the
    # machine's /dev): a link to /proc/self/fd/1, which each app resolves to its own.
    def stdout_link(d):
        os.symlink("/proc/self/fd/1", os.path.join(d, "stdout.lnk"))
    # --json and a CSV on stdout (#28): the two would mix; refused before any work.
    for flag, extra in (("--per-vertex", []), ("--eccentricities", ["--engine", "sparse"]),
                        ("--assignment", ["--p-median", "2"])):
        for dash in ("-", "stdout.lnk"):
            src = "g.gr" if flag == "--eccentricities" else "d.gdm"
            bad(["gcenter", src, "--json", flag, dash] + extra,
                r"%s %s: stdout carries the --json report; expected a file name" % (flag, dash.replace(".", r"\.")),
                name="json-with-%s-%s" % (flag.lstrip("-"), dash.replace("/", "_")), setup=stdout_link)
    # Flags that mean nothing here are refused, not read and ignored (#28).
    bad(c + ["--coordinates", "w.csv"], r"--coordinates: places the vertices of --svg and --geojson; expected one of them too")
    bad(c + ["--p-median", "2", "--reachable-only"], r"--reachable-only: changes the metrics.*expected --metrics")
    out.append(Case(g, "gcenter/--reachable-only-with-metrics-ok", c + ["--p-median", "2", "--reachable-only",
                                                                       "--metrics", "--json"], rc=0,
                    out=r'"p_median".*"diameter"|"diameter".*"p_median"'))
    # TMPDIR (#28): the out-of-core matrix of a run without OUT goes to $TMPDIR,
    # else /tmp; an empty one means /tmp, a missing one is named only when a
    # file is needed there (both ended in "filesystem error: temp_directory_path").
    ooc = ["gapsp", "g.gr", "--metrics", "m.json", "-q", "--memory-limit", "1K"]
    out.append(Case(g, "gapsp/TMPDIR-empty-out-of-core", ooc, rc=0, creates={"m.json"}, env={"TMPDIR": ""}))
    bad(ooc, r"cannot create a temporary file in /nonexistent-gdist for the matrix", name="TMPDIR-missing-out-of-core",
        env={"TMPDIR": "/nonexistent-gdist"})
    out.append(Case(g, "gapsp/TMPDIR-missing-in-memory", ooc[:-2], rc=0, creates={"m.json"},
                    env={"TMPDIR": "/nonexistent-gdist"}))
    # stdout holds one output (#28): gapsp's --json summary, its metrics JSON,
    # the per-vertex CSV and OUT mixed there; two CSVs from gcenter too.
    for name, argv, err in (
            ("gapsp-json-metrics-dash", ["gapsp", "g.gr", "o.gdm", "--metrics", "-", "--json"],
             r"--metrics -: stdout carries the --json summary"),
            ("gapsp-json-out-dash", ["gapsp", "g.gr", "-", "--to", "csv", "--json"],
             r"OUT -: stdout carries the --json summary"),
            ("gapsp-json-per-vertex-dash", ["gapsp", "g.gr", "o.gdm", "--metrics", "m.json", "--per-vertex", "-",
                                            "--json"], r"--per-vertex -: stdout carries the --json summary"),
            ("gapsp-metrics-and-per-vertex-dash", ["gapsp", "g.gr", "o.gdm", "--metrics", "-", "--per-vertex",
                                                   "stdout.lnk"],
             r"--per-vertex stdout\.lnk: stdout carries --metrics -; expected a file name"),
            ("gcenter-per-vertex-and-assignment-dash", ["gcenter", "d.gdm", "--p-median", "2", "--metrics",
                                                        "--per-vertex", "-", "--assignment", "-"],
             r"--assignment -: stdout carries --per-vertex -; expected a file name")):
        bad(argv, err, name=name, setup=stdout_link)
    # Threads (#28)    # Threads (#28): a huge OMP_NUM_THREADS was reported as a memory refusal, and
    # -j past what the machine lets this user start ended in libgomp's
    # "Thread creation failed" without the tool's prefix.
    for tool, args in (("gcenter", ["g.gr"]), ("gapsp", ["g.gr", "o.gdm"])):
        for v in ("100000000", "1025"):
            bad([tool] + args, r"OMP_NUM_THREADS: expected 1 to 1024 threads, got %s" % v,
                name="OMP_NUM_THREADS=%s" % v, env={"OMP_NUM_THREADS": v})
        out.append(Case(g, "%s/OMP_NUM_THREADS=3-ok" % tool, [tool] + args + ["-q"], rc=0,
                        creates={"o.gdm"} if tool == "gapsp" else set(), env={"OMP_NUM_THREADS": "3"}))

    def as_nobody(d):
        import os
        import shutil
        if os.geteuid() != 0 or not shutil.which("setpriv") or not shutil.which("prlimit"):
            return "skip: needs root, setpriv and prlimit to run as nobody under a thread limit"
        os.chmod(d, 0o755)
        for f in os.listdir(d):
            os.chmod(os.path.join(d, f), 0o644)
    for tool, args in (("gcenter", "g.gr"), ("gapsp", "g.gr o.gdm")):
        out.append(Case(g, "%s/-j-1024-under-a-thread-limit" % tool, [
            "sh", "-c", 'exec setpriv --reuid=65534 --regid=65534 --clear-groups prlimit --nproc=16 '
            '"{apps}/%s" %s -j 1024' % (tool, args)], rc=2, setup=as_nobody, stderr_prefix=False,
            err=r"^%s: --threads: 1024 threads asked for, but only \d+ could be started here .*pass -j \d+ or "
                r"fewer\n$" % tool, err_not=r"libgomp|Thread creation failed"))
    # --time-limit bounds p-center too (31.5 s for 0.5 s before #11).
    def big_setup(d):
        import os
        import subprocess
        subprocess.run(["cp", os.path.join(ctx.big, "gridd.gdm"), os.path.join(d, "grid.gdm")], check=True)
    out.append(Case(g, "gcenter/p-center-time-limit", ["sh", "-c",
                    'start=$(date +%s.%N); "{apps}/gcenter" grid.gdm --p-center 10 --time-limit 0.5 >/dev/null; '
                    'rc=$?; end=$(date +%s.%N); echo "$start $end" | awk \'{exit !($2-$1 < 5)}\' || '
                    '{ echo "took more than 5 s" >&2; exit 3; }; exit $rc'],
                    rc=0, setup=big_setup, creates={"grid.gdm"}, pending=PENDING_PROOFS, timeout=120,
                    stderr_prefix=False))
    # OpenStreetMap's --profile/--weight and --largest-component where they mean nothing (issue #24).
    bad(["gapsp", "g.gr", "o.gdm", "--profile", "car"], r"--profile applies to OpenStreetMap input .*g\.gr is a dimacs")
    bad(["gconvert", "g.gr", "o.csv", "--weight", "time", "--profile", "foot"],
        r"--profile and --weight apply to OpenStreetMap input")
    bad(["gcenter", "d.gdm", "--weight", "length"], r"--weight applies to OpenStreetMap input .*d\.gdm is a gdm")
    bad(["gpath", "dp.gdm", "--from", "1", "--to", "2", "--profile", "bike"], r"--profile applies to OpenStreetMap")
    bad(["gconvert", "-", "o.gdm", "--profile", "car"], r"--profile: OpenStreetMap input is read twice",
        stdin=b"p sp 2 1\na 1 2 5\n")
    bad(["gconvert", "g.gr", "o.gdm", "--profile", "truck"], r"--profile: expected one of car, bike, foot, got 'truck'")
    bad(["gapsp", "g.gr", "o.gdm", "--weight", "hops"], r"--weight: expected one of length, time, got 'hops'")
    bad(["gapsp", "g.gdm", "o.gdm", "--largest-component", "strong"],
        r"g\.gdm: is a matrix file; --largest-component applies to graph inputs only")
    bad(["gconvert", "g.gr", "o.gdm", "--largest-component", "big"], r"--largest-component: expected one of strong, weak, got 'big'")
    return out
