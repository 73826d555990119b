#include "lib/pipeline/place_table.hpp"

#include <variant>
#include <vector>

#include "lib/matrix/matrix_export.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/pipeline/place_attach.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

void WritePlaceTable(const PlaceTableRequest& req, const RunVoice& voice) {
  const PlacesFile rows = ReadPlaces(req.places, req.input.read.limits);
  const PlacesFile cols = req.target_places.empty() ? rows : ReadPlaces(req.target_places, req.input.read.limits);
  // With --largest-component the places snap to the part that kept (its coordinates kept too).
  InputOptions input = req.input;
  input.read.keep_arc_shapes = req.snap == SnapMode::kArc;  // the streets' polylines, to snap onto
  Graph g = ReadInputGraph(req.in, input);
  std::vector<std::pair<double, double>> lon_lat = VertexLonLat(g, req.in);
  std::vector<const PlacesFile*> files{&rows};
  if (!req.target_places.empty()) files.push_back(&cols);
  // The places become vertices (arcs split at them, place_attach.hpp): then the trees run as on any graph.
  const std::vector<std::vector<PlaceSnap>> snaps = AttachPlaces(&g, &lon_lat, files, req.snap, req.max_snap_m);
  const std::vector<PlaceSnap>& row_snaps = snaps[0];
  const std::vector<PlaceSnap>& col_snaps = snaps.back();
  voice.Note(SnapSummary(rows, row_snaps));
  if (!req.target_places.empty()) voice.Note(OptionText(Option::kTargetPlaces) + ": " + SnapSummary(cols, col_snaps));
  const AnyCsrGraph any = CsrFromGraph(g, req.input, req.in, req.threads);
  std::visit(
      [&](const auto& csr) {
        using W = std::decay_t<decltype(csr.max_abs_weight)>;
        CheckPathSums(csr);  // the trees' sums fit W, as the dense engine proves
        const ShortestPathTrees<W> trees(csr);
        std::vector<std::uint32_t> sources;
        for (const PlaceSnap& s : row_snaps) sources.push_back(s.vertex);
        const std::size_t t = col_snaps.size();
        // Only the columns' entries of each tree are kept: k x t, not k x n.
        std::vector<W> table(sources.size() * t);
        trees.ForEachTree(sources, req.threads, [&](int, std::size_t i, std::uint32_t, const W* dist) {
          for (std::size_t j = 0; j < t; ++j) table[i * t + j] = dist[col_snaps[j].vertex];
        });
        OutputGroup files;  // the table and the snaps: both or neither
        if (!req.snapped.empty()) {
          PlacesFile all = rows;
          std::vector<PlaceSnap> all_snaps = row_snaps;
          if (!req.target_places.empty()) {  // the columns' places after the rows'
            all.places.insert(all.places.end(), cols.places.begin(), cols.places.end());
            all_snaps.insert(all_snaps.end(), col_snaps.begin(), col_snaps.end());
          }
          WriteTextFile(req.snapped, SnappedPlacesCsv(all, all_snaps, lon_lat, g.labels));
        }
        WriteCsvTable<W>(
            req.out, table.data(), sources.size(), t, t, [&](std::size_t i) { return rows.places[i].name; },
            [&](std::size_t j) { return cols.places[j].name; });
        files.CommitAll();
      },
      any);
}

}  // namespace gdist
