// gcenter's places flags (docs/FORMATS-INPUT.md, "Places"): their
// declarations and the combinations CLI11 cannot express, refused before any
// work (lib/pipeline/place_siting.hpp runs what passes).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "apps/common/flag_checks.hpp"
#include "apps/common/snap_flag.hpp"
#include "lib/pipeline/center_request.hpp"
#include "lib/util/error.hpp"

namespace gdist {

inline void AddPlaceFlags(CLI::App& app, CenterRequest& req) {
  const std::string group = "Places (docs/FORMATS-INPUT.md)";
  app.add_option("--places", req.places,
                 "site at places: demands at the places of FILE (CSV with a header naming name, lat, lon and\n"
                 "optionally weight: the demand weights), each snapped to the nearest point of DIST (--snap; an\n"
                 "OpenStreetMap extract or a graph with a .co); reports, --assignment, --candidates and --fixed\n"
                 "name places")
      ->group(group);
  app.add_option("--candidate-places", req.candidate_places,
                 "with --places: the candidate sites are these places (same CSV; default: the --places)")
      ->group(group);
  app.add_option("--snapped", req.snapped,
                 "with --places: also write each place's vertex and snap distance to FILE (CSV: name, lat, lon,\n"
                 "vertex, vertex_lat, vertex_lon, snap_m)")
      ->group(group);
  app.add_option("--max-snap", req.max_snap_m, "with --places: refuse places farther than METRES from the network")
      ->check(Metres())
      ->capture_default_str()
      ->group(group);
  AddSnapFlag(app, req.snap)->group(group);
  app.add_option("--geojson", req.geojson,
                 "with --places: the answer as a map, GeoJSON (RFC 7946): sites, demands, assignment lines")
      ->group(group);
}

inline void CheckPlaceFlags(const CLI::App& app, const CenterRequest& req) {
  if (req.places.empty())
    for (const char* flag : {"--candidate-places", "--max-snap", "--snapped", "--snap"})
      if (app.count(flag)) throw Error(std::string(flag) + " needs --places");
  if (!req.places.empty() && !req.cost_matrix.empty())
    throw Error("--places computes its own cost table from DIST; drop --cost-matrix");
  // Siting at places runs one tree per candidate place: the engine choices would be ignored.
  if (!req.places.empty())
    for (const char* flag : {"--engine", "--centrality"})
      if (app.count(flag)) throw Error(std::string(flag) + " does not apply to siting at --places");
}

}  // namespace gdist
