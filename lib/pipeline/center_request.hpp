// What the center run (run_center.hpp, behind gcenter) is asked: the input
// (a distance matrix file, an adjacency matrix or graph file, a saved
// hierarchy, or a demand x facility cost table), the metrics and files to
// write, the siting models and the pictures. The app fills it from its flags.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "lib/core/backend.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/pipeline/center_pictures.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/pipeline/place_snap.hpp"
#include "lib/siting/siting_result.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/sparse/components.hpp"

namespace gdist {

struct CenterRequest {
  std::string in;           // DIST: a matrix file, any graph file or a .gch (or empty with cost_matrix)
  std::string cost_matrix;  // a demand x facility cost table instead of DIST
  InputOptions input;
  bool json = false;               // the report as one JSON object
  bool metrics = false;            // also the metrics when a siting model is asked for
  std::string per_vertex;          // vertex,eccentricity,total,... CSV
  std::string eccentricities;      // vertex,eccentricity only
  bool median = true;              // the 1-median (Python's median=False: the bounding searches' extremes only)
  MetricsOptions metrics_options;  // reachable_only, threads, backend
  // Siting: one p each, or several (a sweep, siting_sweep.hpp).
  std::vector<std::size_t> p_median, p_center;
  std::size_t p = 0;  // max-cover and backup-cover
  std::string curve;  // the sweep's objective against p (SVG)
  double cover = -1, max_cover = -1;
  std::size_t p_dispersion = 0;
  double backup_cover = -1;
  std::string capacities;  // the p-median (and facility location) capacitated
  bool facility_location = false;
  std::string opening_costs;
  std::string weights, candidates, fixed, assignment, direction = "out";
  std::string demands;  // a graph's candidates x demands table (center_table.hpp): these vertices are the demands
  // Places (place_siting.hpp): demands at these places, candidates at
  // candidate_places (else at the places), snapped no farther than max_snap_m.
  std::string places, candidate_places;
  double max_snap_m = kDefaultMaxSnapMetres;
  SnapMode snap = SnapMode::kArc;  // places onto the nearest point of an arc, or the nearest vertex
  std::string geojson;             // the places' siting as a map (GeoJSON)
  std::string snapped;             // each place's vertex and snap distance (CSV)
  SitingOptions siting;
  Backend backend = Backend::kAuto;  // where APSP and the siting row passes run
  PictureRequest pictures;
  // Graph inputs (docs/SPARSE.md).
  ApspAlgorithm engine = ApspAlgorithm::kAuto;  // dense (fw), sparse (trees), hierarchy or auto
  bool engine_given = false;                    // asked for (refused on a distance matrix file)
  std::string largest_component;                // "", "strong" or "weak"
  bool centrality = false;                      // sparse engine: every tree for the centralities

  // --largest-component's choice, none when not asked for.
  std::optional<ComponentKind> LargestComponentKind() const {
    if (largest_component.empty()) return std::nullopt;
    return largest_component == "weak" ? ComponentKind::kWeak : ComponentKind::kStrong;
  }
  // The input options with that choice, for the routes that read the graph through them.
  InputOptions GraphInput() const {
    InputOptions options = input;
    options.largest_component = LargestComponentKind();
    return options;
  }

  bool any_siting() const {
    return !p_median.empty() || !p_center.empty() || cover >= 0 || max_cover >= 0 || p_dispersion > 0 ||
           backup_cover >= 0 || facility_location;
  }
  // What the rows of candidates cannot give: everything that needs the whole
  // matrix. (The maps of a siting model need only the rows and coordinates.)
  bool needs_whole_matrix() const {
    return !any_siting() || metrics || !per_vertex.empty() || !eccentricities.empty() || !pictures.histogram.empty() ||
           (!pictures.svg.empty() && !pictures.svg_from_coordinates());
  }
};

}  // namespace gdist
