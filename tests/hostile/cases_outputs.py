"""Outputs: every kind of thing an output path can name, for every writer.
Expected (docs/RELIABILITY.md, "Outputs"): a regular file or new name is
replaced atomically (mode kept, or 0666 & ~umask when new); a symlink's target
is replaced and the link kept; a hard-linked file is replaced at its path (the
other name keeps the old content); FIFOs and device nodes are written in
place; '-' and the file that is stdout get the bytes on stdout; a directory, a
missing folder or the input itself is refused before any work."""
import os
import stat
import threading

# name -> argv with OUT where the output goes (run in the case folder).
WRITERS = {
    "gconvert": ["gconvert", "g.gr", "OUT", "-q"],
    "gapsp": ["gapsp", "g.gdm", "OUT", "-q"],
    "gapsp-nthu": ["gapsp", "g.gdm", "OUT", "-q", "--to", "nthu"],
    "gapsp-npy": ["gapsp", "g.gdm", "OUT", "-q", "--to", "npy"],
    "gapsp-npz": ["gapsp", "g.gdm", "OUT", "-q", "--to", "npz", "--float"],
    "gconvert-npz": ["gconvert", "g.gdm", "OUT", "-q", "--to", "npz"],
    "gapsp-csv": ["gapsp", "g.gdm", "OUT", "-q", "--to", "csv"],
    "gapsp-per-vertex": ["gapsp", "g.gdm", "--metrics", "m.json", "--per-vertex", "OUT", "-q"],
    "gapsp-metrics": ["gapsp", "g.gdm", "o.gdm", "-q", "--metrics", "OUT"],
    "gcenter-per-vertex": ["gcenter", "d.gdm", "--per-vertex", "OUT"],
    "gcenter-assignment": ["gcenter", "d.gdm", "--p-median", "2", "--assignment", "OUT"],
}
# The input each writer reads (for the same-file cases).
INPUT = {"gconvert": "g.gr", "gapsp": "g.gdm", "gapsp-nthu": "g.gdm", "gapsp-metrics": "g.gdm", "gapsp-npy": "g.gdm",
         "gapsp-npz": "g.gdm", "gconvert-npz": "g.gdm", "gapsp-csv": "g.gdm", "gapsp-per-vertex": "g.gdm",
         "gcenter-per-vertex": "d.gdm", "gcenter-assignment": "d.gdm"}
# Other files a successful run writes besides OUT.
EXTRA = {"gapsp-metrics": {"o.gdm"}, "gapsp-per-vertex": {"m.json"}}
OLD = b"old content\n"


def _argv(writer, out):
    return [out if a == "OUT" else a for a in WRITERS[writer]]


def _ref(ctx, writer):
    with open(os.path.join(ctx.refs, writer), "rb") as f:
        return f.read()


def _content_is(ctx, writer, path):
    def check(folder, proc):
        if proc.returncode != 0:
            return None
        with open(os.path.join(folder, path), "rb") as f:
            got = f.read()
        if got != _ref(ctx, writer):
            return "%s does not hold the output (%d bytes, expected %d)" % (path, len(got), len(_ref(ctx, writer)))
        return None
    return check


def _all(*checks):
    def check(folder, proc):
        for c in checks:
            why = c(folder, proc)
            if why:
                return why
        return None
    return check


def _mode_is(path, mode):
    def check(folder, proc):
        m = stat.S_IMODE(os.stat(os.path.join(folder, path)).st_mode)
        return None if m == mode else "%s has mode %o, expected %o" % (path, m, mode)
    return check


def _old(folder, name, mode=0o644):
    p = os.path.join(folder, name)
    with open(p, "wb") as f:
        f.write(OLD)
    os.chmod(p, mode)


def _still(path, fmt, what):
    def check(folder, proc):
        st = os.lstat(os.path.join(folder, path))
        return None if stat.S_IFMT(st.st_mode) == fmt else "%s is no longer a %s" % (path, what)
    return check


def _read_fifo(path, sink):
    def run():
        with open(path, "rb") as f:
            sink.append(f.read())
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def cases(ctx, Case):
    out = []
    for w in WRITERS:
        extra = EXTRA.get(w, set())
        g = "outputs"
        # A new name: created with 0666 & ~umask.
        for um, mode in ((0o022, 0o644), (0o077, 0o600), (0o002, 0o664)):
            out.append(Case(g, "%s/new-file-umask-%03o" % (w, um), _argv(w, "out"), rc=0, umask=um,
                            creates={"out"} | extra,
                            check=_all(_content_is(ctx, w, "out"), _mode_is("out", mode))))
        # An existing file keeps its mode.
        for mode in (0o600, 0o640, 0o755):
            out.append(Case(g, "%s/existing-file-mode-%03o" % (w, mode), _argv(w, "out"), rc=0,
                            setup=lambda d, mode=mode: _old(d, "out", mode), changes={"out"}, creates=extra,
                            check=_all(_content_is(ctx, w, "out"), _mode_is("out", mode))))
        # A symlink: the target is replaced, the link stays.
        out.append(Case(g, "%s/symlink" % w, _argv(w, "link"), rc=0,
                        setup=lambda d: (_old(d, "target", 0o640), os.symlink("target", os.path.join(d, "link"))),
                        changes={"target"}, creates=extra,
                        check=_all(_content_is(ctx, w, "target"), _mode_is("target", 0o640),
                                   _still("link", stat.S_IFLNK, "symlink"))))
        out.append(Case(g, "%s/symlink-chain" % w, _argv(w, "l1"), rc=0,
                        setup=lambda d: (_old(d, "target"), os.symlink("l2", os.path.join(d, "l1")),
                                         os.symlink("target", os.path.join(d, "l2"))),
                        changes={"target"}, creates=extra, check=_content_is(ctx, w, "target")))
        out.append(Case(g, "%s/dangling-symlink" % w, _argv(w, "link"), rc=0,
                        setup=lambda d: os.symlink("made", os.path.join(d, "link")),
                        creates={"made"} | extra, check=_all(_content_is(ctx, w, "made"),
                                                             _still("link", stat.S_IFLNK, "symlink"))))
        out.append(Case(g, "%s/symlink-loop" % w, _argv(w, "l1"), rc=2, err="symbolic link",
                        setup=lambda d: (os.symlink("l2", os.path.join(d, "l1")), os.symlink("l1", os.path.join(d, "l2")))))
        out.append(Case(g, "%s/symlink-into-other-folder" % w, _argv(w, "link"), rc=0,
                        setup=lambda d: (os.mkdir(os.path.join(d, "sub")), _old(d, "sub/t"),
                                         os.symlink("sub/t", os.path.join(d, "link"))),
                        creates=extra, check=_all(_content_is(ctx, w, "sub/t"), _still("link", stat.S_IFLNK, "symlink"))))
        # A hard link: the path is replaced; the other name keeps the old content.
        out.append(Case(g, "%s/hard-link" % w, _argv(w, "out"), rc=0,
                        setup=lambda d: (_old(d, "out"), os.link(os.path.join(d, "out"), os.path.join(d, "other"))),
                        changes={"out"}, creates=extra, check=_content_is(ctx, w, "out")))
        # A FIFO gets the bytes and stays a FIFO.
        sink = []

        def fifo_setup(d, sink=sink):
            os.mkfifo(os.path.join(d, "fifo"))
            _read_fifo(os.path.join(d, "fifo"), sink)

        def fifo_check(folder, proc, sink=sink, w=w):
            import time
            for _ in range(100):
                if sink:
                    break
                time.sleep(0.02)
            if not sink or sink[0] != _ref(ctx, w):
                return "the FIFO's reader got %s bytes, expected %d" % (len(sink[0]) if sink else "no", len(_ref(ctx, w)))
            return None
        out.append(Case(g, "%s/fifo" % w, _argv(w, "fifo"), rc=0, setup=fifo_setup, creates=extra,
                        check=_all(fifo_check, _still("fifo", stat.S_IFIFO, "FIFO"))))
        # Device nodes, made in the case folder (never the real /dev).
        def node(d, minor):
            if not ctx.can_mknod:
                return "skip: cannot make device nodes here"
            os.mknod(os.path.join(d, "dev"), stat.S_IFCHR | 0o666, os.makedev(1, minor))
        out.append(Case(g, "%s/null-device" % w, _argv(w, "dev"), rc=0, setup=lambda d: node(d, 3), creates=extra,
                        check=_still("dev", stat.S_IFCHR, "device node")))
        out.append(Case(g, "%s/full-device" % w, _argv(w, "dev"), rc=2, err="No space left",
                        setup=lambda d: node(d, 7), check=_still("dev", stat.S_IFCHR, "device node")))
        out.append(Case(g, "%s/symlink-to-null-device" % w, _argv(w, "link"), rc=0,
                        setup=lambda d: node(d, 3) or os.symlink("dev", os.path.join(d, "link")), creates=extra,
                        check=_all(_still("dev", stat.S_IFCHR, "device node"), _still("link", stat.S_IFLNK, "symlink"))))
        # Refused before any work.
        out.append(Case(g, "%s/directory" % w, _argv(w, "sub"), rc=2, err="directory",
                        setup=lambda d: os.mkdir(os.path.join(d, "sub"))))
        out.append(Case(g, "%s/missing-folder" % w, _argv(w, "nofolder/out"), rc=2, err="does not exist"))
        inp = INPUT[w]
        out.append(Case(g, "%s/same-as-input" % w, _argv(w, inp), rc=2, err="same file"))
        out.append(Case(g, "%s/same-as-input-by-path" % w, _argv(w, "./" + inp), rc=2, err="same file"))
        out.append(Case(g, "%s/hard-link-to-input" % w, _argv(w, "hl"), rc=2, err="same file",
                        setup=lambda d, inp=inp: os.link(os.path.join(d, inp), os.path.join(d, "hl"))))
        out.append(Case(g, "%s/symlink-to-input" % w, _argv(w, "sl"), rc=2, err="same file",
                        setup=lambda d, inp=inp: os.symlink(inp, os.path.join(d, "sl"))))
        # stdout: '-' and a path that is this process's stdout.
        ref = _ref(ctx, w)
        out.append(Case(g, "%s/dash-is-stdout" % w, _argv(w, "-"), rc=0, creates=extra,
                        out_exact=None if w.startswith("gcenter") else ref,
                        check=None if not w.startswith("gcenter") else
                        (lambda f, p, ref=ref: None if p.stdout_bytes.startswith(ref) else "stdout lacks the CSV")))
        out.append(Case(g, "%s/proc-self-fd-1" % w, _argv(w, "so"), rc=0, creates=extra,
                        setup=lambda d: os.symlink("/proc/self/fd/1", os.path.join(d, "so")),
                        check=lambda f, p, ref=ref: None if p.stdout_bytes.startswith(ref) else "stdout lacks the output"))
    # The literal paths (gapsp g.gdm /dev/full, /dev/null, /dev/stdout), run in a private
    # mount namespace whose /dev is a fresh tmpfs: the machine's /dev is never written.
    def private_dev(d):
        if not ctx.can_unshare:
            return "skip: cannot make a private mount namespace (unshare -m) here"
    private = ('mount -t tmpfs none /dev && ln -s /proc/self/fd/1 /dev/stdout && '
               'mknod -m 666 /dev/null c 1 3 && mknod -m 666 /dev/full c 1 7 && ')
    for target, rc, check in (("/dev/stdout", 0, 'test -L /dev/stdout && test "$(wc -c < out)" -gt 4096'),
                              ("/dev/null", 0, "test -c /dev/null"),
                              ("/dev/full", 2, "test -c /dev/full")):
        out.append(Case("outputs", "issue-literal%s" % target.replace("/", "-"),
                        ["unshare", "-m", "sh", "-c", private + '"{apps}/gapsp" g.gdm %s -q > out; rc=$?; %s || exit 7; '
                         'rm -f out; exit $rc' % (target, check)],
                        rc=rc, setup=private_dev, stderr_prefix=False,
                        err=r"gapsp: /dev/full: write failed: No space left" if rc else None))
    # Several outputs: all or none.
    g = "outputs/multi"
    out.append(Case(g, "gapsp-out-fails-no-metrics", ["gapsp", "g.gdm", "dev", "-q", "--metrics", "m.json"], rc=2,
                    setup=lambda d: None if ctx.can_mknod else "skip: no mknod",
                    err="No space left") if not ctx.can_mknod else
               Case(g, "gapsp-out-fails-no-metrics", ["gapsp", "g.gdm", "dev", "-q", "--metrics", "m.json"], rc=2,
                    setup=lambda d: os.mknod(os.path.join(d, "dev"), stat.S_IFCHR | 0o666, os.makedev(1, 7)),
                    err="No space left"))
    out.append(Case(g, "gapsp-metrics-folder-missing", ["gapsp", "g.gdm", "o.gdm", "-q", "--metrics", "no/m.json"],
                    rc=2, err="does not exist"))
    out.append(Case(g, "gapsp-out-folder-missing", ["gapsp", "g.gdm", "no/o.gdm", "-q", "--metrics", "m.json"],
                    rc=2, err="does not exist"))
    out.append(Case(g, "gapsp-two-outputs-one-file", ["gapsp", "g.gdm", "o", "-q", "--metrics", "o"], rc=2,
                    err="same file"))
    out.append(Case(g, "gapsp-two-outputs-one-existing-file", ["gapsp", "g.gdm", "o", "-q", "--metrics", "l"], rc=2,
                    err="same file", setup=lambda d: (_old(d, "o"), os.symlink("o", os.path.join(d, "l")))))
    out.append(Case(g, "gcenter-two-outputs-one-file", ["gcenter", "d.gdm", "--p-median", "2", "--per-vertex", "x",
                                                         "--assignment", "x"], rc=2, err="same file"))
    out.append(Case(g, "gcenter-siting-fails-no-per-vertex", ["gcenter", "d.gdm", "--per-vertex", "pv.csv",
                                                               "--p-median", "1000"], rc=2, out="^$"))
    out.append(Case(g, "gcenter-siting-fails-old-per-vertex-kept", ["gcenter", "d.gdm", "--per-vertex", "pv.csv",
                                                                     "--p-median", "1000"], rc=2, out="^$",
                    setup=lambda d: _old(d, "pv.csv")))
    out.append(Case(g, "gcenter-late-error-no-partial-json", ["gcenter", "d.gdm", "--json", "--metrics",
                                                               "--p-median", "1000"], rc=2, out="^$"))
    out.append(Case(g, "gcenter-late-error-no-partial-text", ["gcenter", "d.gdm", "--metrics", "--p-median", "2",
                                                               "--p-center", "1000"], rc=2, out="^$"))
    out.append(Case(g, "gcenter-assignment-folder-missing", ["gcenter", "d.gdm", "--p-median", "2", "--per-vertex",
                                                              "pv.csv", "--assignment", "no/a.csv"], rc=2,
                    err="does not exist"))
    out.append(Case(g, "gcenter-both-written", ["gcenter", "d.gdm", "--p-median", "2", "--per-vertex", "pv.csv",
                                                "--assignment", "a.csv", "--json"], rc=0, creates={"pv.csv", "a.csv"},
                    out=r'^\{.*"p_median".*\}\n$'))
    out.append(Case(g, "gapsp-both-written", ["gapsp", "g.gdm", "o.gdm", "-q", "--metrics", "m.json"], rc=0,
                    creates={"o.gdm", "m.json"},
                    check=lambda f, p: None if open(os.path.join(f, "m.json")).read().rstrip().endswith("}")
                    else "m.json incomplete"))
    out.append(Case(g, "gcenter-assignment-same-as-weights", ["gcenter", "d.gdm", "--p-median", "2", "--weights",
                                                               "w.csv", "--assignment", "w.csv"], rc=2,
                    err="same file"))
    out.append(Case(g, "gcenter-per-vertex-same-as-input", ["gcenter", "d.gdm", "--per-vertex", "d.gdm"], rc=2,
                    err="same file"))
    # A write-protected existing output is not replaced by a user who may not
    # write it (#28): the folder's write permission allowed the rename. Run as
    # nobody (root may write anything); the file stays as it was.
    def protected(mode, owner_nobody):
        def setup(d):
            import shutil
            if os.geteuid() != 0 or not shutil.which("setpriv"):
                return "skip: needs root and setpriv to run as nobody"
            os.chmod(d, 0o777)
            for f in os.listdir(d):
                os.chmod(os.path.join(d, f), 0o644)
            with open(os.path.join(d, "old.out"), "w") as f:
                f.write("keep me\n")
            if owner_nobody:
                os.chown(os.path.join(d, "old.out"), 65534, 65534)
            os.chmod(os.path.join(d, "old.out"), mode)
        return setup
    for tool, argv in (("gconvert", ["g.gr", "old.out", "--to", "gr"]), ("gapsp", ["g.gdm", "old.out", "--to", "gdm"]),
                       ("gcenter", ["d.gdm", "--per-vertex", "old.out"])):
        for label, mode, mine in (("0444-own-file", 0o444, True), ("0644-root-file", 0o644, False)):
            out.append(Case(g, "write-protected/%s-%s" % (tool, label), [
                "sh", "-c", 'exec setpriv --reuid=65534 --regid=65534 --clear-groups "{apps}/%s" %s -q' %
                (tool, " ".join(argv))], rc=2, setup=protected(mode, mine), stderr_prefix=False,
                err=r"^%s: old.out.*is write-protected \(mode 0?%o\)" % (tool, mode)))
    # Control characters in labels never reach the terminal raw (#28): the text
    # report, gpath's route and every message escape them (\x1b, \u009b).
    esc_label = "a\x1b]0;owned\x07\x1b[31m\r\x9bz"  # U+009B: a C1 CSI

    def esc_setup(d):
        with open(os.path.join(d, "esc.csv"), "w", encoding="utf-8") as f:
            f.write("%s,b,3\nb,c,4\n" % esc_label)
        import subprocess
        subprocess.run([ctx.tool("gapsp"), "esc.csv", "p.gdm", "--from", "csv", "--paths", "-q"], cwd=d, check=True)
        with open(os.path.join(d, "src.txt"), "w", encoding="utf-8") as f:
            f.write("b\n%s%s\n" % ("q" * 100000, esc_label))

    def no_raw_controls(folder, proc):
        text = proc.stdout_bytes.decode("utf-8", "replace") + proc.stderr_text
        raw = [c for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7f <= ord(c) <= 0x9f]
        if raw:
            return "raw control characters reached the terminal: %r" % sorted(set(raw))
        if len(proc.stderr_text) > 2000:
            return "a %d-byte message (labels must be shortened)" % len(proc.stderr_text)
        return None
    for name, argv, rc, want in (
            ("gcenter-text", ["gcenter", "esc.csv", "--from", "csv"], 0, r'"a\\x1b\]0;owned\\x07\\x1b\[31m\\x0d\\u009bz"'),
            ("gapsp-sources-message", ["gapsp", "esc.csv", "o.gdm", "--from", "csv", "--sources", "src.txt"], 2,
             None),
            ("gpath-route", ["gpath", "p.gdm", "--from", esc_label, "--to", "c"], 0, None),
            ("gpath-no-path", ["gpath", "p.gdm", "--from", "c", "--to", esc_label], 1, r"no path from c to \"?a\\x1b")):
        out.append(Case(g, "terminal-escapes/" + name, argv, rc=rc, setup=esc_setup, check=no_raw_controls,
                        out=want if name == "gcenter-text" else None,
                        err=want if name != "gcenter-text" else None,
                        stderr_prefix=name != "gpath-no-path"))  # exit 1 (no path) is an answer, not an error
    return out
