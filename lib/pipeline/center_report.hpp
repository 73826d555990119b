// The center run's report on a matrix (or on rows of candidates): the metrics
// (summary, centralities, components), the siting models (center_siting.hpp),
// the files (--per-vertex, --eccentricities, --assignment, --curve, the
// pictures). Everything is computed first; then the files are written and
// committed together (all or none), and the report text (JSON or plain) is
// handed back for the caller to print, so a late error leaves neither a
// partial file nor a partial JSON document.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/pipeline/center_request.hpp"
#include "lib/pipeline/center_siting.hpp"
#include "lib/pipeline/run_voice.hpp"
#include "lib/plan/planner.hpp"

namespace gdist {

struct PlaceSiting;  // place_siting.hpp

// What a report draws on besides the request, found during the run.
struct CenterRun {
  const CenterRequest& req;
  RunVoice voice;
  std::optional<std::string> coordinates_file;                // for --svg: the flag's, else a .co beside the input
  std::optional<RunPlan> plan;                                // a graph input's run plan (the JSON prints it)
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;  // a graph input's arcs, drawn under the sites
  const PlaceSiting* places = nullptr;                        // siting at places: the cost table's places (the map)
  std::vector<std::pair<double, double>>
      lon_lat;  // every vertex (--geojson without places, --svg): the graph's, or a file's for rows and cost tables
};

// row_vertex: d holds rows of these vertices only (a rectangular file, the
// candidates' trees, a cost table's facilities): siting alone, no metrics; the
// map (--svg, --geojson) only where coordinates place the vertices. lists: the site lists already read (null: read
// here).
template <class T> std::string CenterReport(const MatrixView<T>& d, const MatrixMeta& meta, const CenterRun& run,
                                            const ComponentCounts* components = nullptr,
                                            const std::vector<std::uint32_t>* row_vertex = nullptr,
                                            const SiteLists* lists = nullptr);

}  // namespace gdist
