// The saved hierarchy (.gch, docs/ROAD.md "File format"): a 128-byte header
// (magic GDISTCH1, version, element type, sizes, the graph's fingerprint,
// payload crc32, header crc32), then the positions, both arc sets and the
// labels. Written through AtomicFile (all or nothing); a truncated, corrupt
// or foreign file is refused with gdist::Error "file: what was expected".
#pragma once
#include <string>

#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

inline constexpr char kHierarchyMagic[8] = {'G', 'D', 'I', 'S', 'T', 'C', 'H', '1'};
inline constexpr std::uint32_t kHierarchyVersion = 1;

template <class W> void WriteHierarchy(const std::string& path, const ContractionHierarchy<W>& ch);

// True when the file starts with the hierarchy magic (a cheap test for
// callers that take a graph or a hierarchy).
bool IsHierarchyFile(const std::string& path);

// The element type of a saved hierarchy (header checked), to pick W.
ElementType HierarchyElementType(const std::string& path);

// Reads and checks everything (header and payload checksums, array bounds,
// that the arcs go up). Throws when the file holds another element type.
template <class W> ContractionHierarchy<W> ReadHierarchy(const std::string& path);
// The same, refused unless it was built from g (fingerprint: sizes, direction,
// element type and a checksum of the arcs).
template <class W> ContractionHierarchy<W> ReadHierarchy(const std::string& path, const CsrGraph<W>& g);

}  // namespace gdist
