// OpenStreetMap extract (.osm.pbf, .osm, .osm.gz, .osm.bz2) -> road graph,
// read with libosmium in two passes so memory follows the kept ways, not the
// file: first the ways and their tags (which ways a profile keeps,
// osm_profile.hpp, and the node ids they need), then the locations of those
// nodes only. Vertices are the OSM node ids (labels) of junctions (nodes of two
// kept ways, or twice in one) and way ends; the nodes between are merged into
// one arc whose weight is the sum of its segments (metres or seconds).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "formats/input_file.hpp"
#include "formats/osm_profile.hpp"
#include "lib/core/graph.hpp"

namespace gdist {

// What the reader left out or replaced, counted for the user's notes.
struct OsmReadReport {
  std::uint64_t ways = 0;                 // ways in the file
  std::uint64_t ways_kept = 0;            // ways the profile keeps (with >= 2 nodes)
  std::uint64_t ways_too_short = 0;       // kept by their tags but with fewer than 2 nodes
  std::uint64_t ways_missing_nodes = 0;   // kept ways naming nodes the extract lacks
  std::uint64_t missing_nodes = 0;        // distinct such nodes (or placed off the globe): segments left out
  std::uint64_t maxspeed_unreadable = 0;  // car ways whose maxspeed is no speed > 0: the class speed used
  std::string maxspeed_example;           // the first such value
  std::uint64_t oneway_unknown = 0;       // ways whose oneway value is unknown: the class default used
  std::string oneway_example;             // the first such value

  // One line per kind of skip or replacement that happened (empty: none).
  std::vector<std::string> Notes() const;
};

// False when the build has no libosmium: ReadOsm then throws, naming the packages.
bool OsmInputSupported();

// Reads in.path() (a file: it is read twice) by the profile's rules. Throws
// gdist::Error naming the file on a damaged or truncated file, an extract
// without ways, or one without a way the profile keeps.
Graph ReadOsm(InputFile& in, const OsmOptions& options, OsmReadReport* report);

}  // namespace gdist
