// gcenter GRAPH --places P.csv: siting with the demands at places (weights
// from the places' weight column) and the candidates at places (the
// --candidate-places file, else the demands' own places), each snapped to the
// network (place_snap.hpp). The network distances between them become a
// demand x facility cost table in memory, solved as gcenter --cost-matrix
// solves one, so reports, --assignment, --fixed and --candidates name places.
// The map (--geojson): sites, demands and each demand's assignment line.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "formats/cost_matrix.hpp"
#include "formats/places_csv.hpp"
#include "lib/pictures/geojson.hpp"
#include "lib/pipeline/center_request.hpp"
#include "lib/pipeline/place_snap.hpp"
#include "lib/pipeline/run_voice.hpp"
#include "lib/pipeline/service_area.hpp"
#include "lib/siting/siting_files.hpp"
#include "lib/siting/siting_problem.hpp"

namespace gdist {

struct PlaceSiting {
  PlacesFile demands, facilities;
  std::vector<PlaceSnap> demand_snaps, facility_snaps;
  std::string weight_kind = "weight";  // the costs: length (metres), time (seconds) or the graph's weight
  CostMatrix costs;                    // demand-major network distances (inf: no path)
  std::string snapped_csv;             // req.snapped's text, written with the run's other files
  // For the service areas of a covering model's map (filled only then): the
  // network's roads with the places' cuts (service_area.hpp), and one tree's
  // distances (+inf: unreachable) from a vertex in the siting direction.
  MapRoads roads;
  std::function<std::vector<double>(std::uint32_t)> tree;
};

// Reads the graph and the places, snaps them (refusing places past
// req.max_snap_m) and computes the costs: d(facility, demand) for
// req.direction out, d(demand, facility) for in; one shortest-path tree per
// facility. Throws gdist::Error.
PlaceSiting BuildPlaceSiting(const CenterRequest& req, const RunVoice& voice);

// The places' weights as the siting's demand weights (unset: the file has no weight column).
std::optional<std::vector<double>> PlaceWeights(const PlaceSiting& places);

// The map of every model solved: its sites (Points: rank, fixed, demand
// served, objective share), the demands (Points: weight, snap distance),
// each demand's assignment (a straight LineString from the demand to its
// site: distance along the network, weight, model) and, for the covering
// models (req.cover, max_cover, backup_cover), each site's service area: a
// MultiLineString of the stretches of road within the radius of the site
// along the network, cut where it ends (ServiceAreaLines). Facility f of the cost table is problem vertex D + f
// (cost_matrix_siting.hpp).
template <class T> std::vector<GeoFeature> PlaceSitingFeatures(const PlaceSiting& places, const SitingProblem<T>& prob,
                                                               const std::vector<NamedResult>& done,
                                                               const CenterRequest& req);

}  // namespace gdist
