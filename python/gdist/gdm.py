"""Reader for the gdist matrix file (.gdm), versions 1 and 2 (docs/FORMAT.md)."""
import builtins
import os
import struct
import zlib

import numpy as np

MAGIC = b"GDISTMX\0"
_DTYPES = {1: np.dtype("<i4"), 2: np.dtype("<i8"), 3: np.dtype("<f4"), 4: np.dtype("<f8")}
_FLAG_DIRECTED, _FLAG_DISTANCE, _FLAG_NEXT = 1, 2, 4


class GdmError(ValueError):
    """The file is not a readable gdist matrix file; the message says why."""


class GdmFile:
    def __init__(self, path, verify=False):
        self.path = os.fspath(path)
        with builtins.open(self.path, "rb") as f:
            header = f.read(128)
        if len(header) < 128 or header[:8] != MAGIC:
            raise GdmError(f"{self.path}: not a gdist matrix file (bad magic)")
        (self.version, etype, self.n, self.stride) = struct.unpack_from("<IIQQ", header, 8)
        if self.version not in (1, 2):
            raise GdmError(f"{self.path}: version {self.version} is newer than this reader")
        if etype not in _DTYPES:
            raise GdmError(f"{self.path}: unknown element type {etype}")
        self.dtype = _DTYPES[etype]
        self.inf = np.frombuffer(header[32:32 + self.dtype.itemsize], dtype=self.dtype)[0]
        (flags, self._payload_crc, payload_offset, payload_bytes) = struct.unpack_from("<IIQQ", header, 40)
        (label_kind, self._labels_crc, self._label_base, labels_offset, labels_bytes) = struct.unpack_from(
            "<IIqQQ", header, 64)
        (next_offset, next_bytes, self._next_crc) = struct.unpack_from("<QQI", header, 96)
        self.directed = bool(flags & _FLAG_DIRECTED)
        self.kind = "distance" if flags & _FLAG_DISTANCE else "adjacency"
        self.rows = self.n  # a k x n file of source rows (gapsp --sources) has fewer
        size = os.path.getsize(self.path)
        if self.stride < self.n or payload_bytes != self.stride * self.stride * self.dtype.itemsize:
            raise GdmError(f"{self.path}: payload size does not match n and the stride")
        if payload_offset + payload_bytes > size:
            raise GdmError(f"{self.path}: file is shorter than its payload (truncated?)")
        self.matrix = np.memmap(self.path, dtype=self.dtype, mode="r", offset=payload_offset,
                                shape=(self.stride, self.stride))[:self.n, :self.n]
        self.next_hops = None
        if flags & _FLAG_NEXT:
            if next_offset + next_bytes > size:
                raise GdmError(f"{self.path}: next-hop section runs past the end of the file")
            self.next_hops = np.memmap(self.path, dtype="<i4", mode="r", offset=next_offset,
                                       shape=(self.stride, self.stride))[:self.n, :self.n]
        if label_kind == 1:
            if labels_offset + labels_bytes > size:
                raise GdmError(f"{self.path}: label section runs past the end of the file")
            with builtins.open(self.path, "rb") as f:
                f.seek(labels_offset)
                raw = f.read(labels_bytes)
            if verify and zlib.crc32(raw) != self._labels_crc:
                raise GdmError(f"{self.path}: label section CRC mismatch")
            self.labels = raw.decode("utf-8").split("\n")[:self.n]
        else:
            self.labels = [str(self._label_base + i) for i in range(self.n)]
        if verify:
            self._check_crc(payload_offset, payload_bytes, self._payload_crc, "payload")
            if self.next_hops is not None:
                self._check_crc(next_offset, next_bytes, self._next_crc, "next-hop section")
        self._index = None

    def _check_crc(self, offset, nbytes, expected, what):
        crc = 0
        with builtins.open(self.path, "rb") as f:
            f.seek(offset)
            left = nbytes
            while left:
                chunk = f.read(min(left, 1 << 24))
                if not chunk:
                    raise GdmError(f"{self.path}: {what} truncated")
                crc = zlib.crc32(chunk, crc)
                left -= len(chunk)
        if crc != expected:
            raise GdmError(f"{self.path}: {what} CRC mismatch (file damaged)")

    def reachable(self):
        """Boolean mask of the pairs with a path."""
        return self.matrix < self.inf

    def to_float(self):
        """A float64 copy with numpy.inf where there is no path."""
        out = self.matrix.astype(np.float64)
        out[~self.reachable()] = np.inf
        return out

    def index(self, label):
        """Row/column of the vertex with this label (KeyError if absent)."""
        if self._index is None:
            self._index = {lab: i for i, lab in enumerate(self.labels)}
        return self._index[str(label)]

    def __repr__(self):
        return (f"GdmFile({self.path!r}, n={self.n}, {self.dtype.name}, {self.kind}, "
                f"{'directed' if self.directed else 'undirected'})")


def open(path, verify=False):  # noqa: A001 - the natural name for users
    """Opens a .gdm file; verify=True also checks every CRC (reads the whole file)."""
    return GdmFile(path, verify=verify)
