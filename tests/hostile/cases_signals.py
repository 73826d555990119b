"""Signals: SIGINT, SIGTERM, SIGHUP (and SIGPIPE) at every phase remove the
temporary files and end the process by that signal (exit status 128 + signal
in a shell: 130, 143, 129, 141). The write phase is caught deterministically:
a second output is a FIFO nobody reads, so the app blocks opening it while the
first output's finished temporary waits for the all-or-none commit. Other
phases are hit at random times on a larger graph."""
import glob
import os
import random
import signal
import subprocess
import time

SIGNALS = [("SIGINT", signal.SIGINT), ("SIGTERM", signal.SIGTERM), ("SIGHUP", signal.SIGHUP)]


def _when_temp_exists(sig):
    """Signals the app once a temporary file is there (it is then blocked on the FIFO)."""
    def act(proc, folder):
        deadline = time.time() + 30
        while time.time() < deadline and proc.poll() is None:
            if glob.glob(os.path.join(folder, "*.tmp-*")):
                time.sleep(0.2)
                proc.send_signal(sig)
                return
            time.sleep(0.01)
    return act


def _after(sig, delay):
    def act(proc, folder):
        time.sleep(delay)
        if proc.poll() is None:
            proc.send_signal(sig)
    return act


def _fifo(d):
    os.mkfifo(os.path.join(d, "fifo"))


def _grid(ctx):
    """The 2000-vertex sample (made once per run by run_hostile.py) and an old output."""
    def setup(d):
        for name in ("grid.gdm", "gridd.gdm"):
            subprocess.run(["cp", os.path.join(ctx.big, name), d], check=True)
        with open(os.path.join(d, "old.gdm"), "wb") as f:
            f.write(b"old output\n")
    return setup


def cases(ctx, Case):
    out = []
    g = "signals"
    for sname, sig in SIGNALS:
        # Write phase, one temporary pending: OUT is written, --metrics blocks on the FIFO.
        out.append(Case(g, "gapsp-write-phase/" + sname, ["gapsp", "g.gdm", "o.gdm", "-q", "--metrics", "fifo"],
                        rc=-sig, setup=_fifo, action=_when_temp_exists(sig), timeout=40))
        out.append(Case(g, "gapsp-write-phase-old-output-kept/" + sname,
                        ["gapsp", "g.gdm", "o.gdm", "-q", "--metrics", "fifo"], rc=-sig,
                        setup=lambda d: (_fifo(d), open(os.path.join(d, "o.gdm"), "wb").write(b"old\n")),
                        action=_when_temp_exists(sig), timeout=40))
        out.append(Case(g, "gcenter-write-phase/" + sname,
                        ["gcenter", "d.gdm", "--p-median", "2", "--per-vertex", "pv.csv", "--assignment", "fifo"],
                        rc=-sig, setup=_fifo, action=_when_temp_exists(sig), timeout=40))
        # Blocked opening a FIFO output (written in place: no temporary at all).
        out.append(Case(g, "gconvert-fifo-open/" + sname, ["gconvert", "g.gr", "fifo", "-q"], rc=-sig,
                        setup=_fifo, action=_after(sig, 0.5), timeout=40))
        # Blocked reading a FIFO input.
        out.append(Case(g, "gcenter-fifo-input/" + sname, ["gcenter", "fifo"], rc=-sig,
                        setup=_fifo, action=_after(sig, 0.5), timeout=40))
        # Random phases of longer runs: read, APSP, metrics, write. The run may
        # also finish first; either way no temporary is left and, when killed
        # before its commit, the old output is untouched (killed after it, on
        # the way out, the output is the whole new one).
        rng = random.Random(hash(sname) & 0xFFFF)
        for i in range(3):
            delay = rng.uniform(0.02, 1.5)
            out.append(Case(g, "gapsp-random-phase-%d/%s" % (i, sname),
                            ["gapsp", "grid.gdm", "old.gdm", "-q", "-j", "2", "--paths"], rc={-sig, 0},
                            setup=_grid(ctx), action=_after(sig, delay), changes={"old.gdm"}, timeout=120,
                            committed_ok=True))
        for i in range(1):
            delay = rng.uniform(0.02, 1.0)
            out.append(Case(g, "gcenter-random-phase-%d/%s" % (i, sname),
                            ["gcenter", "gridd.gdm", "--per-vertex", "old.gdm", "--p-median", "3"], rc={-sig, 0},
                            setup=_grid(ctx), action=_after(sig, delay), changes={"old.gdm"}, timeout=120,
                            committed_ok=True))
    # SIGPIPE: stdout's reader is gone when the metrics go there; OUT's
    # finished temporary must not survive, nor OUT appear (all or none).
    out.append(Case(g, "gapsp-stdout-reader-gone/SIGPIPE", ["gapsp", "g.gdm", "o.gdm", "-q", "--metrics", "-"],
                    rc=-signal.SIGPIPE, stdout_broken=True))
    out.append(Case(g, "gcenter-stdout-reader-gone/SIGPIPE", ["gcenter", "d.gdm", "--p-median", "2",
                                                               "--assignment", "a.csv", "--per-vertex", "-"],
                    rc=-signal.SIGPIPE, stdout_broken=True))
    # A shell sees 128 + signal.
    for sname, sig in SIGNALS:
        out.append(Case(g, "shell-exit-status/" + sname,
                        ["bash", "-c", 'set -m; mkfifo f2; "{apps}/gconvert" g.gr f2 -q & p=$!; sleep 0.3; kill -%s $p; '
                                       'wait $p; rc=$?; rm -f f2; test $rc = %d' % (sname[3:], 128 + sig)],
                        rc=0, stderr_prefix=False))
    return out
