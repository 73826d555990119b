"""Matrix files (.gdm) mutated: truncated, header fields set to hostile values
(sizes and offsets near 2^64, n past what fits, INT64_MAX label base), every
header byte flipped, payload values outside the type's range, corrupted
sections. Each is read by the apps that take a .gdm (gcenter, gpath, gapsp):
exit 2 naming the file, never a crash and never a silently different answer.
Field offsets are those of version 1 (docs/FORMAT.md); a later version with a
header checksum must refuse every one of these just the same."""
import os
import struct
import subprocess
import time
import zlib

PENDING_IN = None  # landed: every case is a plain test now

# offset, pack format, field name (docs/FORMAT.md, version 1)
FIELDS = {
    "version": (8, "<I"), "type": (12, "<I"), "n": (16, "<Q"), "stride": (24, "<Q"), "flags": (40, "<I"),
    "payload_offset": (48, "<Q"), "payload_bytes": (56, "<Q"), "label_kind": (64, "<I"), "label_base": (72, "<q"),
    "labels_offset": (80, "<Q"), "labels_bytes": (88, "<Q"), "nexthop_offset": (96, "<Q"),
    "nexthop_bytes": (104, "<Q"),
}
U64 = 2 ** 64


def _patch(path, offset, fmt, value):
    with open(path, "r+b") as f:
        f.seek(offset)
        f.write(struct.pack(fmt, value))


def _truncate(path, size):
    with open(path, "r+b") as f:
        f.truncate(size)


def _xor_byte(path, offset, mask=0x01):
    with open(path, "r+b") as f:
        f.seek(offset)
        b = f.read(1)
        f.seek(offset)
        f.write(bytes([b[0] ^ mask]))


def _fix_payload_crc(path):
    """Recompute the v1 payload CRC, so the only fault left is the one planted."""
    with open(path, "r+b") as f:
        head = f.read(128)
        if head[8:12] != struct.pack("<I", 1):
            return
        off, size = struct.unpack_from("<QQ", head, 48)
        f.seek(off)
        crc = zlib.crc32(f.read(size)) & 0xFFFFFFFF
        f.seek(44)
        f.write(struct.pack("<I", crc))


def _set_payload(path, row, col, fmt, value):
    with open(path, "rb") as f:
        head = f.read(128)
    stride, off = struct.unpack_from("<Q", head, 24)[0], struct.unpack_from("<Q", head, 48)[0]
    size = struct.calcsize(fmt)
    _patch(path, off + (row * stride + col) * size, fmt, value)
    _fix_payload_crc(path)


def cases(ctx, Case):
    out = []
    readers = {"d.gdm": [("gcenter", ["gcenter", "d.gdm"]), ("gapsp", ["gapsp", "d.gdm", "o.gdm", "-q"])],
               "dp.gdm": [("gpath", ["gpath", "dp.gdm", "--from", "1", "--to", "7"]), ("gcenter", ["gcenter", "dp.gdm"])],
               "dn.gdm": [("gcenter", ["gcenter", "dn.gdm"])],
               "g.gdm": [("gapsp", ["gapsp", "g.gdm", "o.gdm", "-q"]), ("gcenter", ["gcenter", "g.gdm"])]}
    size = {f: os.path.getsize(os.path.join(ctx.fixtures, f)) for f in readers}

    def add(name, f, setup, err=None, pending=None, tools=None):
        for tool, argv in readers[f][:tools]:
            out.append(Case("gdm", "%s/%s/%s" % (f, tool, name), argv, rc=2, err=err or r"%s" % f.replace(".", r"\."),
                            setup=lambda d, setup=setup, f=f: setup(os.path.join(d, f)), pending=pending,
                            err_not=r"Segmentation|core dumped|terminate called|Bus error"))

    # Truncations.
    for f in readers:
        for cut in sorted({0, 1, 7, 8, 64, 127, 128, 4095, 4096, 4100, size[f] // 2, size[f] - 1}):
            if cut < size[f]:
                add("truncated-to-%d" % cut, f, lambda p, cut=cut: _truncate(p, cut))
    # Hostile field values (issue text: offsets and sizes near 2^64, n up to 2^32-2, base INT64_MAX).
    hostile = [
        ("n-zero", "n", 0), ("n-2^32-2", "n", 2 ** 32 - 2), ("n-2^31-1", "n", 2 ** 31 - 1), ("n-max", "n", U64 - 1),
        ("n-past-stride", "n", 129), ("stride-zero", "stride", 0), ("stride-max", "stride", U64 - 1),
        ("stride-unaligned", "stride", 100), ("stride-2^32", "stride", 2 ** 32),
        ("payload-offset-max", "payload_offset", U64 - 4096), ("payload-offset-zero", "payload_offset", 0),
        ("payload-bytes-max", "payload_bytes", U64 - 1), ("payload-bytes-short", "payload_bytes", 4),
        ("version-2^31", "version", 2 ** 31), ("version-0", "version", 0), ("type-0", "type", 0), ("type-99", "type", 99),
        ("label-kind-7", "label_kind", 7),
    ]
    for name, field, value in hostile:
        off, fmt = FIELDS[field]
        for f in ("d.gdm", "dp.gdm"):
            add(name, f, lambda p, off=off, fmt=fmt, value=value: _patch(p, off, fmt, value),
                pending=PENDING_IN if name == "n-zero" else None)
    # Label and next-hop sections pointing anywhere.
    for name, field, value in [("labels-offset-max", "labels_offset", U64 - 4096),
                               ("labels-bytes-max", "labels_bytes", U64 - 1),
                               ("labels-offset-past-end", "labels_offset", 1 << 40),
                               ("labels-bytes-one", "labels_bytes", 1)]:
        off, fmt = FIELDS[field]
        add(name, "dn.gdm", lambda p, off=off, fmt=fmt, value=value: _patch(p, off, fmt, value),
            pending=PENDING_IN if name == "labels-bytes-max" else None)
    for name, field, value in [("nexthop-offset-max", "nexthop_offset", U64 - 4096),
                               ("nexthop-bytes-max", "nexthop_bytes", U64 - 1),
                               ("nexthop-offset-unaligned", "nexthop_offset", 4097),
                               ("nexthop-offset-past-end", "nexthop_offset", 1 << 40)]:
        off, fmt = FIELDS[field]
        add(name, "dp.gdm", lambda p, off=off, fmt=fmt, value=value: _patch(p, off, fmt, value),
            pending=PENDING_IN if name == "nexthop-offset-max" else None)
    # Label base INT64_MAX: vertex base + i overflows.
    add("label-base-int64-max", "d.gdm", lambda p: _patch(p, 72, "<q", 2 ** 63 - 1), pending=PENDING_IN)
    # Sections' own checksums.
    add("payload-byte-flipped", "d.gdm", lambda p: _xor_byte(p, 4096 + 40))
    add("labels-byte-flipped", "dn.gdm", lambda p: _xor_byte(p, size["dn.gdm"] - 3))
    add("nexthop-byte-flipped", "dp.gdm", lambda p: _xor_byte(p, size["dp.gdm"] // 2 + 4096 + 8))
    # Payload values the kernels cannot take (hand-made files; CRC recomputed).
    add("adjacency-above-inf", "g.gdm", lambda p: _set_payload(p, 0, 1, "<i", 2 ** 31 - 1), pending=PENDING_IN)
    add("adjacency-below-minus-inf", "g.gdm", lambda p: _set_payload(p, 0, 1, "<i", -(2 ** 31)), pending=PENDING_IN)
    add("distance-above-inf", "d.gdm", lambda p: _set_payload(p, 0, 1, "<i", 2 ** 31 - 1), pending=PENDING_IN)
    # The header has no room for a silent change: every byte of it, flipped.
    for b in range(128):
        add("header-byte-%03d-flipped" % b, "d.gdm", lambda p, b=b: _xor_byte(p, b, 0x01), pending=PENDING_IN,
            tools=1)
    # Truncated while gcenter maps it: a clear message or a finished run, never SIGBUS.
    def shrink_later(proc, folder):
        time.sleep(0.05)
        try:
            _truncate(os.path.join(folder, "grid.gdm"), 8192)
        except OSError:
            pass

    def grid(d):
        subprocess.run(["cp", os.path.join(ctx.big, "gridd.gdm"), os.path.join(d, "grid.gdm")], check=True)
    out.append(Case("gdm", "grid.gdm/gcenter/truncated-while-mapped", ["gcenter", "grid.gdm", "-j", "1"], rc={0, 2},
                    setup=grid, action=shrink_later, mutated={"grid.gdm"}, pending=PENDING_IN,
                    err_not=r"Bus error|core dumped"))
    return out
