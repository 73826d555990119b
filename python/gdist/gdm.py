"""Reader for the gdist matrix file (.gdm), versions 1 to 3 (docs/FORMAT.md).

Version 3 files hold exact decimals (weights such as 0.1 read as integers scaled
by 10^d, d = .decimal_digits): their .matrix is a float64 array of the true
values (the nearest doubles, numpy.inf for no path), and .stored the memmapped
integers (value x 10^d, .stored_inf for no path)."""
import builtins
import os
import struct
import zlib

import numpy as np

MAGIC = b"GDISTMX\0"
# 5: int32 distances stored in 16 bits (a proven 16-bit run; INF 16383): read as
# they are, int16, since every value and INF keep their meaning.
_DTYPES = {1: np.dtype("<i4"), 2: np.dtype("<i8"), 3: np.dtype("<f4"), 4: np.dtype("<f8"), 5: np.dtype("<i2")}
_FLAG_DIRECTED, _FLAG_DISTANCE, _FLAG_NEXT, _FLAG_ROWS = 1, 2, 4, 8
# A table (with _FLAG_ROWS: gapsp --sources S --targets T): the n columns are some targets of a graph.
_FLAG_TABLE = 16
# Coordinates (flag bit 5): (f64 longitude, f64 latitude) per label, located by the
# header extension at bytes 136..159 (offset, bytes, crc32, the extension's own crc32).
_FLAG_COORDINATES, _EXTENSION_OFFSET = 32, 136
# Version 3: flag bits 8..15 hold the decimal scale d (1..9) of a matrix of exact decimals.
_DECIMAL_SHIFT, _DECIMAL_MASK, _MAX_DECIMAL_DIGITS = 8, 0xff << 8, 9
_PAYLOAD_OFFSET, _TILE = 4096, 128  # lib/matrix/matrix_file.hpp, lib/core/element_traits.hpp


class InfMatrix:
    """A .matrix whose values >= .inf mean "no path" (a .gdm file, a gdist result)."""

    def reachable(self):
        """Boolean mask of the pairs with a path."""
        return self.matrix < self.inf

    def to_float(self):
        """A float64 copy with numpy.inf where there is no path."""
        out = self.matrix.astype(np.float64)
        out[~self.reachable()] = np.inf
        return out


class GdmError(ValueError):
    """The file is not a readable gdist matrix file; the message says why."""


class GdmFile(InfMatrix):
    def __init__(self, path, verify=False):
        self.path = os.fspath(path)
        with builtins.open(self.path, "rb") as f:
            header = f.read(160)
        if len(header) < 128 or header[:8] != MAGIC:
            raise GdmError(f"{self.path}: not a gdist matrix file (bad magic)")
        (self.version, etype, self.n, self.stride) = struct.unpack_from("<IIQQ", header, 8)
        if self.version not in (1, 2, 3):
            raise GdmError(f"{self.path}: version {self.version} is newer than this reader")
        # Version 2: every header field decides how the numbers are read (type, n,
        # directed, INF, labels, sections), so its checksum is always checked, as
        # the C++ reader does (a flipped byte must not silently change a result).
        if self.version >= 2 and (len(header) < 132 or
                                  struct.unpack_from("<I", header, 128)[0] != zlib.crc32(header[:128])):
            raise GdmError(f"{self.path}: header checksum mismatch (the header was changed or corrupted)")
        if etype not in _DTYPES:
            raise GdmError(f"{self.path}: unknown element type {etype}")
        self.dtype = _DTYPES[etype]
        self.inf = np.frombuffer(header[32:32 + self.dtype.itemsize], dtype=self.dtype)[0]
        (flags, self._payload_crc, payload_offset, payload_bytes) = struct.unpack_from("<IIQQ", header, 40)
        (label_kind, self._labels_crc, self._label_base, labels_offset, labels_bytes) = struct.unpack_from(
            "<IIqQQ", header, 64)
        (next_offset, next_bytes, self._next_crc, self._sources_crc, rows) = struct.unpack_from(
            "<QQIIQ", header, 96)
        self.decimal_digits = (flags & _DECIMAL_MASK) >> _DECIMAL_SHIFT
        if (self.version == 3) != (self.decimal_digits != 0):
            raise GdmError(f"{self.path}: version {self.version} with decimal scale {self.decimal_digits}")
        if self.decimal_digits > _MAX_DECIMAL_DIGITS or (self.decimal_digits and etype not in (1, 2, 5)):
            raise GdmError(f"{self.path}: decimal scale {self.decimal_digits} on element type {etype}")
        self.directed = bool(flags & _FLAG_DIRECTED)
        self.kind = "distance" if flags & _FLAG_DISTANCE else "adjacency"
        # A rectangular file (flag bit 3, gapsp --sources) stores k rows: the
        # distances from k source vertices to all n; `sources` are their indices.
        self.rectangular = bool(flags & _FLAG_ROWS)
        # A table: rows labelled by `row_labels` (the sources), columns by `labels` (the targets).
        self.table = bool(flags & _FLAG_TABLE)
        if self.table and (not self.rectangular or label_kind != 1 or not rows):
            raise GdmError(f"{self.path}: a table flag on a file that is not a labelled table")
        self.rows = rows if self.rectangular else self.n
        stored_rows = rows if self.rectangular else self.stride
        size = os.path.getsize(self.path)
        if self.stride != -(-self.n // _TILE) * _TILE or payload_bytes != stored_rows * self.stride * self.dtype.itemsize:
            raise GdmError(f"{self.path}: payload size does not match n and the stride")
        if payload_offset != _PAYLOAD_OFFSET:
            raise GdmError(f"{self.path}: payload offset is not {_PAYLOAD_OFFSET}")
        if not self.rectangular and rows != 0:
            raise GdmError(f"{self.path}: row count set in a square file")
        if self.rectangular and ((rows > self.n and not self.table) or flags & _FLAG_NEXT):
            raise GdmError(f"{self.path}: a rectangular file with more rows than vertices or a next-hop section")
        if payload_offset + payload_bytes > size:
            raise GdmError(f"{self.path}: file is shorter than its payload (truncated?)")
        shape = (stored_rows, self.stride)
        self.matrix = np.memmap(self.path, dtype=self.dtype, mode="r", offset=payload_offset,
                                shape=shape)[:self.rows, :self.n]
        if self.rectangular:
            sources_offset = payload_offset + payload_bytes
            if sources_offset + 8 * rows > size:
                raise GdmError(f"{self.path}: row-source section runs past the end of the file")
            self.sources = np.fromfile(self.path, dtype="<u8", count=rows, offset=sources_offset)
            if zlib.crc32(self.sources.tobytes()) != self._sources_crc:  # read whole anyway: always checked
                raise GdmError(f"{self.path}: row-source section CRC mismatch (file damaged)")
            if rows and not self.table and int(self.sources.max()) >= self.n:
                raise GdmError(f"{self.path}: a row's source vertex is past n")
            if len(np.unique(self.sources)) != rows:
                raise GdmError(f"{self.path}: a source vertex heads two rows")
        else:
            self.sources = None  # row i is vertex i
        self.next_hops = None
        payload_end = payload_offset + payload_bytes
        sections_start = payload_end + (8 * rows if self.rectangular else 0)
        if flags & _FLAG_NEXT:
            # Offset 0 would map the header itself as routes: the section must lie past the payload.
            if (next_bytes != self.stride * self.stride * 4 or next_offset % _PAYLOAD_OFFSET or
                    next_offset < payload_end or next_offset + next_bytes > size):
                raise GdmError(f"{self.path}: next-hop section lies outside the file or has the wrong size")
            self.next_hops = np.memmap(self.path, dtype="<i4", mode="r", offset=next_offset,
                                       shape=(self.stride, self.stride))[:self.n, :self.n]
        if label_kind == 1:
            if labels_offset < sections_start or labels_offset + labels_bytes > size:
                raise GdmError(f"{self.path}: label section lies outside the file")
            with builtins.open(self.path, "rb") as f:
                f.seek(labels_offset)
                raw = f.read(labels_bytes)
            if zlib.crc32(raw) != self._labels_crc:  # read whole anyway: always checked
                raise GdmError(f"{self.path}: label section CRC mismatch")
            if raw and not raw.endswith(b"\n"):
                raise GdmError(f"{self.path}: label section does not end with a newline")
            self.labels = raw.decode("utf-8", errors="replace").split("\n")[:-1]
            expected = self.n + (rows if self.table else 0)  # a table's: its columns', then its rows'
            if len(self.labels) != expected:
                raise GdmError(f"{self.path}: label section has {len(self.labels)} labels for n={self.n}")
            if self.table:
                self.labels, self.row_labels = self.labels[:self.n], self.labels[self.n:]
        elif label_kind == 0:
            if self.n and self._label_base + self.n - 1 > 2**63 - 1:
                raise GdmError(f"{self.path}: label base {self._label_base} + n - 1 passes the largest 64-bit integer")
            self.labels = [str(self._label_base + i) for i in range(self.n)]
        else:
            raise GdmError(f"{self.path}: unknown label kind {label_kind}")
        # Where the vertices are (a matrix of an OpenStreetMap graph): .lon_lat, an n x 2 array of
        # longitude, latitude in degrees (a table's rows: .row_lon_lat); None when the file has none.
        self.lon_lat = self.row_lon_lat = None
        if flags & _FLAG_COORDINATES:
            self.lon_lat = self._read_coordinates(header, size, self.n + (rows if self.table else 0), sections_start)
            if self.table:
                self.lon_lat, self.row_lon_lat = self.lon_lat[:self.n], self.lon_lat[self.n:]
        # Exact decimals: .matrix holds the true values (float64), .stored the integers as written.
        self.stored, self.stored_inf = self.matrix, self.inf
        if self.decimal_digits:
            values = self.stored.astype(np.float64)
            values /= 10.0 ** self.decimal_digits  # one correctly rounded division: 999 -> 99.9
            values[self.stored >= self.stored_inf] = np.inf
            self.matrix, self.inf, self.dtype = values, np.float64(np.inf), np.dtype(np.float64)
        if verify:
            self._check_crc(payload_offset, payload_bytes, self._payload_crc, "payload")
            if self.next_hops is not None:
                self._check_crc(next_offset, next_bytes, self._next_crc, "next-hop section")
        self._index = None

    def _read_coordinates(self, header, size, count, sections_start):
        if len(header) < 160:
            raise GdmError(f"{self.path}: file is shorter than its header extension")
        (offset, nbytes, crc, own_crc) = struct.unpack_from("<QQII", header, _EXTENSION_OFFSET)
        if own_crc != zlib.crc32(header[_EXTENSION_OFFSET:_EXTENSION_OFFSET + 20]):
            raise GdmError(f"{self.path}: header extension checksum mismatch")
        if nbytes != 16 * count or offset < sections_start or offset % 8 or offset + nbytes > size:
            raise GdmError(f"{self.path}: coordinate section lies outside the file or has the wrong size")
        with builtins.open(self.path, "rb") as f:
            f.seek(offset)
            raw = f.read(nbytes)
        if zlib.crc32(raw) != crc:  # read whole anyway: always checked
            raise GdmError(f"{self.path}: coordinate section CRC mismatch")
        lon_lat = np.frombuffer(raw, dtype="<f8").reshape(count, 2)
        if not (np.isfinite(lon_lat).all() and (np.abs(lon_lat[:, 0]) <= 180).all()
                and (np.abs(lon_lat[:, 1]) <= 90).all()):
            raise GdmError(f"{self.path}: a coordinate outside longitude -180..180, latitude -90..90")
        return lon_lat

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

    def index(self, label):
        """Row/column of the vertex with this label (KeyError if absent)."""
        if self._index is None:
            self._index = {lab: i for i, lab in enumerate(self.labels)}
        return self._index[str(label)]

    def source_labels(self):
        """The label of the vertex each stored row starts from (all labels in a square file)."""
        if self.sources is None:
            return list(self.labels)
        if self.table:
            return list(self.row_labels)
        return [self.labels[int(s)] for s in self.sources]

    def row(self, label):
        """The distances from the vertex with this label (KeyError if it has no stored row)."""
        if self.table:  # rows named apart from the columns
            if label not in self.row_labels:
                raise KeyError(f"{label}: not a source of this table")
            return self.matrix[self.row_labels.index(label)]
        v = self.index(label)
        if self.sources is None:
            return self.matrix[v]
        hits = np.nonzero(self.sources == v)[0]
        if not len(hits):
            raise KeyError(f"{label}: not a source of this file")
        return self.matrix[int(hits[0])]

    def __repr__(self):
        shape = f"{self.rows} x {self.n}" if self.rectangular else f"n={self.n}"
        decimals = f", {self.decimal_digits} decimal digits" if self.decimal_digits else ""
        return (f"GdmFile({self.path!r}, {shape}, {self.dtype.name}{decimals}, {self.kind}, "
                f"{'directed' if self.directed else 'undirected'})")


def open(path, verify=False):  # noqa: A001 - the natural name for users
    """Opens a .gdm file (header checksum, sections and labels always checked); verify=True also
    checks the payload and next-hop CRCs (reads the whole file)."""
    return GdmFile(path, verify=verify)
