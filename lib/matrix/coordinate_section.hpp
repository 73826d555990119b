// The matrix file's coordinate section (flag bit 5, docs/FORMAT.md): the
// longitude and latitude of every labelled vertex, so that a matrix made from
// an OpenStreetMap extract still knows where its vertices are (maps, GeoJSON,
// places) without the graph file. Written between the other sections and the
// label section; located and checksummed by the header extension.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lib/matrix/matrix_file.hpp"

namespace gdist {

using LonLatList = std::vector<std::pair<double, double>>;

// True for a finite longitude in [-180, 180] and latitude in [-90, 90].
bool ValidLonLat(double lon, double lat);

// The section's bytes for `count` pairs (the file's labels: n, or a table's
// columns then rows) to be written at byte `offset` (a multiple of 8): sets
// flag bit 5 in h and the extension's fields. lon_lat empty: no section (no
// flag, the extension left zero, nothing to write). Throws gdist::Error when
// lon_lat has another count or a pair out of range.
std::string CoordinateSectionBytes(const std::string& path, const LonLatList& lon_lat, std::size_t count,
                                   std::uint64_t offset, MatrixHeader* h, MatrixHeaderExtension* ext);

// The box around a non-empty list (degrees), for describing a file.
struct LonLatBox {
  double west = 0, east = 0, south = 0, north = 0;
};
LonLatBox BoundsOf(const LonLatList& lon_lat);

// The pairs of an opened file with flag bit 5 (`map`: the file's `size`
// bytes): the extension's checksum, the section's place (at or past
// sections_start, inside the file), size (count pairs), checksum and values
// are checked; throws gdist::Error naming the file and what is wrong.
LonLatList ReadCoordinateSection(const std::string& path, const void* map, std::uint64_t size, std::size_t count,
                                 std::uint64_t sections_start);

}  // namespace gdist
