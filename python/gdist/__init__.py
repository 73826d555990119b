"""Open gdist matrix files (.gdm) from Python as NumPy arrays.

    import gdist
    m = gdist.open("dist.gdm")
    m.matrix            # n x n numpy.memmap (no copy; padding cut off)
    m.labels            # the input's vertex ids, as strings
    m.reachable()       # boolean mask: finite entries
    m.to_float()        # float64 copy with numpy.inf for "no path"
    m.index("1673")     # row of a vertex label

The layout is documented in docs/FORMAT.md; this module checks what the C++
reader checks: the magic, the version, version 2's header checksum, every
section's size and place, the label and row-source checksums, and (with
verify=True, which reads the whole file) the payload and next-hop checksums.
"""
from .gdm import GdmFile, GdmError, open  # noqa: F401

__all__ = ["GdmFile", "GdmError", "open"]
