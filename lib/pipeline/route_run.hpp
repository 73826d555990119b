// gpath's runs (apps/gpath.cpp parses the flags): a route, or the tree from
// one vertex, on a graph file or a saved hierarchy (a contraction-hierarchy
// query; places snapped onto its arcs or vertices), or on a matrix file (its
// next hops, a rows file's or a table's distances; with coordinates, places
// snapped to vertices and the route's map).
#pragma once
#include <string>

#include "lib/pipeline/load_input.hpp"
#include "lib/pipeline/place_attach.hpp"
#include "lib/pipeline/place_snap.hpp"
#include "lib/pipeline/run_voice.hpp"
#include "lib/util/error.hpp"

namespace gdist {

// What a route is asked for: the input, its ends (vertex labels, or place
// names with --places) and where its map goes.
struct RouteRequest {
  std::string in;
  InputOptions input;  // graph files (a matrix file refuses largest_component)
  std::string from, to;
  bool json = false;
  std::string geojson;                        // the route's map (GeoJSON); empty: none
  std::string places;                         // --from and --to name places of this CSV
  double max_snap_m = kDefaultMaxSnapMetres;  // places farther from the network are refused
  SnapMode snap = SnapMode::kArc;             // places onto arcs (split there) or their nearest vertex
  std::string osm_weight;                     // --weight: length (empty) or time
};

struct RouteResult {
  int exit_code = kExitOk;  // kExitCheckFailed: no path
  std::string text;         // stdout: the route, the tree (CSV), the distance, or the no-path JSON
  std::string no_path;      // stderr's line when there is no path ("no path from A to B"), else empty
};

// Throws gdist::Error on bad input, labels or places (the app exits 2).
RouteResult RunRoute(const RouteRequest& request, const RunVoice& voice);

}  // namespace gdist
