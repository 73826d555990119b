"""A program as a person at a terminal runs it: stderr on a pseudo-terminal, where the tools draw
their progress bars and estimate lines, stdout a pipe (what scripts and the tests compare).
Used by the terminal tests (tests/terminal/) and the README's walk (tests/tutorial/run_readme.py).
Debian's python3, stdlib only."""
import os
import pty
import select
import subprocess
import threading
import time


def run_in_pty(args, stdin_chunks=None, pause=0.0, cwd=None, env=None):
    """Runs args with stderr on a pseudo-terminal (stdout a pipe); returns
    (exit code, stdout, what the terminal showed). stdin_chunks, when given,
    are written to the program's stdin with `pause` seconds between them."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(args, stdin=subprocess.PIPE if stdin_chunks else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=slave, cwd=cwd, env=env)
    os.close(slave)
    if stdin_chunks:
        def feed():
            for i, chunk in enumerate(stdin_chunks):
                if i:
                    time.sleep(pause)
                proc.stdin.write(chunk)
                proc.stdin.flush()
            proc.stdin.close()
        threading.Thread(target=feed, daemon=True).start()
    out = []
    stdout = []
    threading.Thread(target=lambda: stdout.append(proc.stdout.read()), daemon=True).start()
    while True:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:  # the slave side closed: the program ended
                break
            if not data:
                break
            out.append(data)
        elif proc.poll() is not None:
            break
    rc = proc.wait(timeout=120)
    os.close(master)
    deadline = time.time() + 10
    while not stdout and time.time() < deadline:
        time.sleep(0.01)
    proc.stdout.close()
    return rc, stdout[0] if stdout else b"", b"".join(out).decode("utf-8", "replace")
