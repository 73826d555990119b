#!/usr/bin/env python3
"""Makes the pictures in docs/pictures/ from real runs on rome99 (../shared/data):
  - progress.svg/.png: a terminal frame of `gcenter rome99.gr --p-median 10 --progress`,
    captured under a pseudo-terminal while the APSP bar is about half way (the bars above it
    are finished), rendered as a terminal window;
  - map.png, histogram.png, curve.png: gcenter's --svg, --histogram and --curve on rome99,
    rendered by rsvg-convert.
  scripts/screenshots.py BUILD_APPS_DIR [OUT_DIR]     (Debian's python3; needs rsvg-convert)"""
import html
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROME = os.path.join(ROOT, "..", "shared", "data", "dimacs9", "rome99.gr")


def pty_frames(args, cwd):
    """Runs args with stdout and stderr on a pseudo-terminal; returns the byte stream."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.execv(args[0], args)
    out = b""
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
    os.waitpid(pid, 0)
    return out.decode("utf-8", "replace")


def screen_at(stream, want):
    """The screen lines as they stood when the current line first matched `want` (a regex):
    earlier lines as finished, the current one as that frame drew it."""
    stream = stream.replace("\x1b[K", "").replace("\r\n", "\n")
    done = []
    for line in stream.split("\n"):
        frames = [f for f in line.split("\r") if f]
        for f in frames:
            if re.search(want, f):
                return done + [f]
        if frames:
            done.append(frames[-1])
    return done


def terminal_svg(command, lines, width_chars=100):
    char_w, line_h, pad = 8.4, 19, 16
    height = pad * 2 + 28 + line_h * (len(lines) + 1)
    width = pad * 2 + char_w * width_chars
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}">',
           f'<rect width="100%" height="100%" rx="8" fill="#1e1e2e"/>',
           '<circle cx="20" cy="16" r="6" fill="#f38ba8"/><circle cx="40" cy="16" r="6" fill="#f9e2af"/>'
           '<circle cx="60" cy="16" r="6" fill="#a6e3a1"/>']
    y = pad + 28 + 12
    rows = [("$ " + command, "#a6e3a1")] + [(line, "#cdd6f4") for line in lines]
    for text, colour in rows:
        out.append(f'<text x="{pad}" y="{y}" font-family="DejaVu Sans Mono, monospace" font-size="14" '
                   f'fill="{colour}" xml:space="preserve">{html.escape(text[:width_chars])}</text>')
        y += line_h
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_png(svg_path, png_path, width=None):
    args = ["rsvg-convert", svg_path, "-o", png_path]
    if width:
        args[1:1] = ["-w", str(width)]
    subprocess.run(args, check=True)


def main():
    apps = os.path.abspath(sys.argv[1])
    out_dir = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "docs", "pictures"))
    os.makedirs(out_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="gdist-shots-")
    try:
        os.symlink(os.path.abspath(ROME), os.path.join(work, "rome99.gr"))
        args = [os.path.join(apps, "gcenter"), "rome99.gr", "--p-median", "10", "--progress"]
        stream = pty_frames(args, work)
        lines = screen_at(stream, r"apsp .*\] (4\d|5\d)% ")
        svg = os.path.join(out_dir, "progress.svg")
        with open(svg, "w") as f:
            f.write(terminal_svg("gcenter rome99.gr --p-median 10 --progress", lines))
        to_png(svg, os.path.join(out_dir, "progress.png"))
        gc = os.path.join(apps, "gcenter")
        subprocess.run([gc, "rome99.gr", "--p-median", "10", "--svg", "map.svg", "--histogram", "histogram.svg",
                        "-q"], cwd=work, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([gc, "rome99.gr", "--p-median", "2,5,10,20,40", "--curve", "curve.svg", "-q"], cwd=work,
                       check=True, stdout=subprocess.DEVNULL)
        for name in ("map", "histogram", "curve"):
            to_png(os.path.join(work, name + ".svg"), os.path.join(out_dir, name + ".png"), 900)
    finally:
        shutil.rmtree(work)
    print("screenshots: written to", out_dir)


if __name__ == "__main__":
    main()
