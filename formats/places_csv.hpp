// Places: the planner's spreadsheet of named points (customers, clinics,
// candidate sites) as CSV or TSV. A header row names the columns: name, lat
// (or latitude), lon (or lng, longitude), and optionally weight (a demand),
// in any order, any case; then one place per row. Fields follow the
// edge-list rules (RFC 4180 quoting); '#' lines are comments.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "formats/input_file.hpp"

namespace gdist {

struct Place {
  std::string name;
  double lat = 0, lon = 0;  // WGS84 degrees
  double weight = 1;        // 1 when the file has no weight column
  std::size_t line = 0;     // where it was read, for messages
};

struct PlacesFile {
  std::string path;
  std::vector<Place> places;
  bool has_weights = false;  // the header named a weight column
};

// Throws gdist::Error naming file:line and what was expected: no header, a
// missing column, a latitude outside [-90, 90] or longitude outside
// [-180, 180], a weight that is not a finite number >= 0, a name given twice,
// no places at all.
PlacesFile ReadPlaces(const std::string& path, const InputLimits& limits = {});

}  // namespace gdist
