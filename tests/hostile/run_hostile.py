#!/usr/bin/python3
"""The hostile-input suite (docs/RELIABILITY.md): every case runs one app in a
fresh temporary folder and asserts its exit status, its message, that no
temporary file is left behind, that every file it was not asked to write is
untouched (content, mode, type, link target) and, where it succeeds, what it
wrote. FIFOs, symlinks and device nodes are made inside that folder only.

    run_hostile.py --apps BUILD/apps [--group G] [--list] [-k SUBSTRING] [-j N]

Cases marked `pending` reproduce a problem another helper is still fixing: they
run, are reported, and do not fail the suite (an unexpected pass is printed so
the mark can go).
"""
import argparse
import concurrent.futures
import gzip
import hashlib
import json
import os
import random
import re
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cases_readers  # noqa: E402
import cases_gdm  # noqa: E402
import cases_flags  # noqa: E402
import cases_outputs  # noqa: E402
import cases_signals  # noqa: E402
import cases_places  # noqa: E402

GROUPS = {
    "readers": cases_readers,
    "gdm": cases_gdm,
    "flags": cases_flags,
    "outputs": cases_outputs,
    "signals": cases_signals,
    "places": cases_places,
}


class Case:
    """One hostile case. argv[0] is a tool name (gconvert, gapsp, gcenter, gpath)
    or 'sh'; every path is relative to the case folder.
      rc       expected exit status (int, or a set of accepted ones; a negative
               number: killed by that signal)
      err      regex that stderr must match (re.search); err_not must not match
      out      regex for stdout; out_exact: bytes stdout must equal
      creates  names the run may create (and must create when rc is 0);
               changes: existing names it may change; mutated: names the case itself changes
      setup    f(folder) run before; check f(folder, proc) -> error text or None
      action   f(proc, folder) while it runs (signals); stdin: bytes fed in
      committed_ok  a run killed by the action may still have changed a name in
               `changes` if the signal came after the command committed its
               outputs: then the file must equal an uninterrupted run's
    """

    def __init__(self, group, name, argv, rc=2, err=None, err_not=None, out=None, out_exact=None, creates=(),
                 changes=(), setup=None, check=None, action=None, stdin=None, env=None, umask=0o022,
                 pending=None, timeout=60, stderr_prefix=True, mutated=(), stdout_broken=False,
                 committed_ok=False):
        self.group, self.name, self.argv = group, name, list(argv)
        self.rc = rc if isinstance(rc, (set, frozenset)) else {rc}
        self.err, self.err_not, self.out, self.out_exact = err, err_not, out, out_exact
        self.creates, self.changes, self.mutated = set(creates), set(changes), set(mutated)
        self.setup, self.check, self.action = setup, check, action
        self.stdin, self.env, self.umask = stdin, env or {}, umask
        self.pending, self.timeout, self.stderr_prefix = pending, timeout, stderr_prefix
        self.stdout_broken = stdout_broken  # stdout is a pipe whose reader is gone (SIGPIPE)
        self.committed_ok = committed_ok


class Context:
    """What every case may use: the apps, the fixture folder, the machine."""

    def __init__(self, apps, fixtures):
        self.apps = apps
        self.fixtures = fixtures
        self.can_mknod = _probe_mknod()
        self.can_unshare = _probe_unshare()
        self.has_gpu = _probe_gpu(apps)
        self.has_osm = _probe_osm(apps)
        self.source_dir = os.path.dirname(os.path.dirname(HERE))
        self._big_lock = threading.Lock()

    def tool(self, name):
        return os.path.join(self.apps, name)

    @property
    def big(self):
        """A folder with the 2000-vertex sample as grid.gdm (adjacency) and gridd.gdm
        (distances), made on first use: the cases that need a longer run."""
        with self._big_lock:
            folder = os.path.join(self.root, "big")
            if not os.path.isdir(folder):
                os.makedirs(folder + ".part")
                src = os.path.join(self.source_dir, "data", "grid-50x40.gr")
                subprocess.run([self.tool("gconvert"), src, "grid.gdm", "-q"], cwd=folder + ".part", check=True)
                subprocess.run([self.tool("gapsp"), "grid.gdm", "gridd.gdm", "-q"], cwd=folder + ".part", check=True)
                os.rename(folder + ".part", folder)
            return folder


def _probe_mknod():
    d = tempfile.mkdtemp(prefix="gdist-mknod-")
    try:
        p = os.path.join(d, "null")
        os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        with open(p, "wb") as f:
            f.write(b"x")
        return True
    except OSError:
        return False
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _probe_unshare():
    """A private mount namespace with its own tmpfs on /dev (the machine's /dev stays as it is)."""
    unshare = shutil.which("unshare")
    if not unshare:
        return False
    try:
        return subprocess.run([unshare, "-m", "sh", "-c", "mount -t tmpfs none /dev && mknod /dev/x c 1 3"],
                              capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _probe_osm(apps):
    """The build reads OpenStreetMap (libosmium at build time): gconvert --version says."""
    try:
        r = subprocess.run([os.path.join(apps, "gconvert"), "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return "OpenStreetMap input: built" in r.stdout


def _probe_gpu(apps):
    """A GPU the apps can use: the build has the CUDA backend and a card answers."""
    version = subprocess.run([os.path.join(apps, "gapsp"), "--version"], capture_output=True, text=True)
    if "CUDA backend: built" not in version.stdout:
        return False
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        return subprocess.run([smi, "-L"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def snapshot(folder):
    """name -> (kind, mode, content digest or link text, inode) for every entry."""
    snap = {}
    for name in os.listdir(folder):
        p = os.path.join(folder, name)
        st = os.lstat(p)
        if stat.S_ISLNK(st.st_mode):
            what = "link:" + os.readlink(p)
        elif stat.S_ISREG(st.st_mode):
            with open(p, "rb") as f:
                what = hashlib.sha256(f.read()).hexdigest()
        else:
            what = "special:%x" % st.st_rdev
        snap[name] = (stat.S_IFMT(st.st_mode), stat.S_IMODE(st.st_mode), what, st.st_ino)
    return snap


def uninterrupted_digest(ctx, case, argv, name, root):
    """The digest `name` gets from the same command run to its end, no action."""
    folder = tempfile.mkdtemp(prefix="ref-", dir=root)
    try:
        for f in os.listdir(ctx.fixtures):
            shutil.copy2(os.path.join(ctx.fixtures, f), os.path.join(folder, f))
        if case.setup:
            case.setup(folder)
        subprocess.run(argv, cwd=folder, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=case.timeout)
        return snapshot(folder).get(name, (None, None, None))[2]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run_case(ctx, case, root):
    """Returns (status, detail): status is 'pass', 'fail', 'skip'."""
    folder = tempfile.mkdtemp(prefix="case-", dir=root)
    try:
        for name in os.listdir(ctx.fixtures):
            shutil.copy2(os.path.join(ctx.fixtures, name), os.path.join(folder, name))
        if case.setup:
            why = case.setup(folder)
            if isinstance(why, str) and why.startswith("skip:"):
                return "skip", why[5:].strip()
        before = snapshot(folder)
        argv = [ctx.tool(case.argv[0]) if case.argv[0] in ("gconvert", "gapsp", "gcenter", "gpath") else case.argv[0]]
        argv += [a.replace("{apps}", ctx.apps) for a in case.argv[1:]]
        env = dict(os.environ)
        env.update(case.env)
        old_umask = None

        def preexec():
            os.umask(case.umask)

        stdout = subprocess.PIPE
        if case.stdout_broken:
            r, stdout = os.pipe()
            os.close(r)
        proc = subprocess.Popen(argv, cwd=folder, env=env, stdin=subprocess.PIPE, stdout=stdout,
                                stderr=subprocess.PIPE, preexec_fn=preexec)
        if case.stdout_broken:
            os.close(stdout)
        if case.action:
            t = threading.Thread(target=case.action, args=(proc, folder), daemon=True)
            t.start()
        t0 = time.time()
        try:
            out, err = proc.communicate(case.stdin or b"", timeout=case.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            return "fail", "timed out after %d s" % case.timeout
        out = out or b""
        proc.stdout_bytes, proc.stderr_text = out, err.decode("utf-8", "replace")
        problems = []
        if proc.returncode not in case.rc:
            problems.append("exit %d, expected %s" % (proc.returncode, sorted(case.rc)))
        if proc.returncode < 0 and not any(r < 0 for r in case.rc):
            problems.append("killed by signal %d" % -proc.returncode)
        e = proc.stderr_text
        tool = os.path.basename(argv[0])
        if case.stderr_prefix and proc.returncode > 0 and tool in ("gconvert", "gapsp", "gcenter", "gpath"):
            if not e.startswith(tool + ": "):
                problems.append("stderr does not start with '%s: '" % tool)
        if case.err and not re.search(case.err, e):
            problems.append("stderr does not match /%s/" % case.err)
        if case.err_not and re.search(case.err_not, e + out.decode("utf-8", "replace")):
            problems.append("output matches the forbidden /%s/" % case.err_not)
        if case.out is not None and not re.search(case.out, out.decode("utf-8", "replace")):
            problems.append("stdout does not match /%s/" % case.out)
        if case.out_exact is not None and out != case.out_exact:
            problems.append("stdout differs from what was expected (%d bytes, expected %d)" %
                            (len(out), len(case.out_exact)))
        after = snapshot(folder)
        for name in after:
            if ".tmp-" in name:
                problems.append("temporary file left behind: " + name)
        ok_run = proc.returncode == 0
        for name in set(after) - set(before):
            if ".tmp-" in name:
                continue
            if name not in case.creates or not ok_run:
                problems.append("unexpected new file: " + name)
        for name in case.creates:
            if ok_run and name not in after and name not in before:
                problems.append("expected output not written: " + name)
        for name, was in before.items():
            now = after.get(name)
            if now is None:
                problems.append("removed: " + name)
            elif now[:3] != was[:3] and name not in case.mutated and (name not in case.changes or not ok_run):
                # Killed after the commit (the exit path is slow under ASan):
                # the output is then whole, the same as an uninterrupted run's.
                if (name in case.changes and case.committed_ok and proc.returncode < 0
                        and now[2] == uninterrupted_digest(ctx, case, argv, name, root)):
                    continue
                problems.append("changed: %s %s -> %s" % (name, was[:3], now[:3]))
        if case.check:
            why = case.check(folder, proc)
            if why:
                problems.append(why)
        if problems:
            return "fail", "; ".join(problems) + "\n      stderr: " + e.strip()[:400]
        return "pass", "%.2f s" % (time.time() - t0)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def make_fixtures(apps, folder):
    """Small inputs every case starts from, and the outputs a plain run makes
    (the reference the output cases compare with)."""
    # A directed 12-vertex ring with chords: labels 1..12, all pairs reachable.
    arcs = [(i, i % 12 + 1, 3 + (i * 7) % 5) for i in range(1, 13)] + [(1, 7, 9), (7, 1, 8), (4, 10, 6), (10, 4, 5)]
    with open(os.path.join(folder, "g.gr"), "w") as f:
        f.write("c hostile-suite fixture\np sp 12 %d\n" % len(arcs))
        for a in arcs:
            f.write("a %d %d %d\n" % a)
    with open(os.path.join(folder, "named.csv"), "w") as f:  # string labels; 'island' reaches nobody
        f.write("alice,bob,2\nbob,carol,3\ncarol,alice,4\nalice,dave,1\nisland,alice,1\n")
    with open(os.path.join(folder, "w.csv"), "w") as f:
        f.write("1,2\n2,1\n5,3\n")
    rng = random.Random(7)
    with open(os.path.join(folder, "big.gr"), "w") as f:  # 200 vertices: --exact is too many here
        arcs = [(u, v, rng.randint(1, 50)) for u in range(1, 201) for v in range(1, 201) if u != v and rng.random() < 0.03]
        arcs += [(u, u % 200 + 1, 60) for u in range(1, 201)]
        f.write("p sp 200 %d\n" % len(arcs))
        for a in arcs:
            f.write("a %d %d %d\n" % a)

    def run(*args):
        subprocess.run([os.path.join(apps, args[0])] + list(args[1:]), cwd=folder, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    run("gconvert", "g.gr", "g.gdm", "-q")
    run("gapsp", "g.gdm", "d.gdm", "-q")
    run("gapsp", "g.gdm", "dp.gdm", "-q", "--paths")
    run("gapsp", "named.csv", "dn.gdm", "-q")
    run("gapsp", "big.gr", "big.gdm", "-q")
    refs = os.path.join(folder, "..", "refs")
    scratch = os.path.join(folder, "..", "scratch")
    os.makedirs(refs, exist_ok=True)
    shutil.copytree(folder, scratch)
    for name, args in cases_outputs.WRITERS.items():
        argv = [a.replace("OUT", os.path.join(refs, name)) for a in args]
        subprocess.run([os.path.join(apps, argv[0])] + argv[1:], cwd=scratch, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return refs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apps", required=True)
    ap.add_argument("--group", action="append")
    ap.add_argument("-k", default="")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    root = tempfile.mkdtemp(prefix="gdist-hostile-")
    try:
        fixtures = os.path.join(root, "fixtures")
        os.makedirs(fixtures)
        refs = make_fixtures(os.path.abspath(args.apps), fixtures)
        ctx = Context(os.path.abspath(args.apps), fixtures)
        ctx.refs = refs
        ctx.root = root
        cases = []
        for g in args.group or list(GROUPS):
            cases += GROUPS[g].cases(ctx, Case)
        cases = [c for c in cases if args.k in c.group + "/" + c.name]
        names = [c.group + "/" + c.name for c in cases]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            print("duplicate case names: %s" % sorted(dup))
            return 2
        if args.list:
            for n in names:
                print(n)
            print("%d cases" % len(cases))
            return 0
        t0 = time.time()
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
            results = list(pool.map(lambda c: (c, run_case(ctx, c, root)), cases))
        failed = pending_fail = xpass = skipped = 0
        for c, (status, detail) in results:
            label = c.group + "/" + c.name
            if status == "skip":
                skipped += 1
                if args.v:
                    print("SKIP  %s: %s" % (label, detail))
            elif status == "fail" and c.pending:
                pending_fail += 1
                print("PENDING %s (%s): %s" % (label, c.pending, detail.splitlines()[0]))
            elif status == "fail":
                failed += 1
                print("FAIL  %s: %s" % (label, detail))
            elif c.pending:
                xpass += 1
                if args.v:
                    print("XPASS %s: passes now; drop its pending mark (%s)" % (label, c.pending))
            elif args.v:
                print("ok    %s (%s)" % (label, detail))
        print("%d cases: %d passed (%d of them marked pending), %d failed, %d pending still failing "
              "(another helper's), %d skipped, in %.1f s" %
              (len(results), len(results) - failed - pending_fail - skipped, xpass, failed, pending_fail, skipped,
               time.time() - t0))
        return 1 if failed else 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
