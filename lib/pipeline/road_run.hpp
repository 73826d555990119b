// The road hierarchy (lib/road) behind the tools: a graph file or a saved
// .gch in, its contraction hierarchy out; and what the tools write from it:
// the rows of some sources (PHAST) to a rectangular matrix file, every row
// into a matrix, a sources x targets table (bucket many-to-many). gconvert
// --to ch, gapsp --algorithm ch (or a .gch input) and gpath on a graph call
// these, so a hierarchy is built and read the same way everywhere.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "lib/engine/apsp.hpp"
#include "lib/engine/progress.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

using AnyHierarchy = std::variant<ContractionHierarchy<std::int32_t>, ContractionHierarchy<std::int64_t>,
                                  ContractionHierarchy<float>, ContractionHierarchy<double>>;

struct LoadedHierarchy {
  AnyHierarchy hierarchy;
  bool from_file = false;     // a saved .gch (else contracted now)
  double read_s = 0;          // reading the graph or the .gch
  double contract_s = 0;      // building the hierarchy (0 for a .gch)
  std::size_t shortcuts = 0;  // the hierarchy's shortcut arcs
  // Each vertex's longitude and latitude when contracted from a graph that
  // places them (OpenStreetMap; maps: gpath --geojson); empty otherwise.
  std::vector<std::pair<double, double>> lon_lat;
};

// A .gch is read and checked (checksums, bounds); a graph file is read with
// `options` (direction, duplicates, type as the planner types it:
// ElementTypeFor) and contracted on `threads` threads. Throws gdist::Error on
// negative arcs (a hierarchy needs non-negative weights) and on bad files.
// `prepare`, when given, changes a graph file's graph before it is contracted
// (gpath --places adds the places' vertices: place_attach.hpp); a .gch has no
// graph to change and ignores it.
LoadedHierarchy LoadHierarchy(const std::string& path, const InputOptions& options, int threads,
                              const std::function<void(Graph&)>& prepare = {});

// The plan's trial (RunPlan::hierarchy_trial_s): the graph contracted within
// `seconds_budget` seconds, or std::nullopt when it does not finish in time or
// grows more than cost::kTrialMaxShortcutsPerArc shortcuts per arc.
template <class W>
std::optional<ContractionHierarchy<W>> ContractOnTrial(const CsrGraph<W>& g, double seconds_budget, int threads);
// The plan's trial run on g and its outcome recorded in `plan` (RecordHierarchyTrial): the
// hierarchy when g contracts like a road network, else std::nullopt (the trees run). A plan
// without a trial (hierarchy_trial_s 0) is left as it is, and gets std::nullopt.
template <class W>
std::optional<ContractionHierarchy<W>> RunHierarchyTrial(const CsrGraph<W>& g, RunPlan& plan, int threads);
// The same for any graph, as a LoadedHierarchy (`read_s` carried into it).
std::optional<LoadedHierarchy> TryContractHierarchy(const AnyCsrGraph& csr, double seconds_budget, double read_s,
                                                    int threads);

// True when `path` is a regular file holding a saved hierarchy (its magic).
bool IsHierarchyInput(const std::string& path);

// The labels, vertex count and direction of any hierarchy.
const VertexLabels& LabelsOf(const AnyHierarchy& h);

// Rows of `sources` (vertices, in this order) to a rectangular .gdm at `path`
// (docs/FORMAT.md), computed by PHAST and written block by block; the file
// appears only when complete. `progress` hears of the rows done. `where`:
// the CPU's PHAST or the GPU's (lib/road/gpu_phast.hpp; int32 and float32).
template <class W> ApspReport WriteHierarchyRows(const ContractionHierarchy<W>& ch,
                                                 std::span<const std::uint32_t> sources, const std::string& path,
                                                 int threads, ProgressFn progress = {}, Backend where = Backend::kCpu);

// Every row into m (n x n, of ch's vertices): m becomes kind kDistance.
template <class W> ApspReport HierarchyRowsIntoMatrix(const ContractionHierarchy<W>& ch, DistMatrix<W>& m, int threads,
                                                      ProgressFn progress = {}, Backend where = Backend::kCpu);

// The k x t table d(sources[i], targets[j]), row-major (stride t): the CPU's
// bucket many-to-many, or (kGpu, int32 and float32) every source's GPU PHAST
// row gathered at the targets on the device.
template <class W>
std::vector<W> HierarchyTable(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources,
                              std::span<const std::uint32_t> targets, int threads, Backend where = Backend::kCpu);

// Siting's candidate rows (gcenter GRAPH --candidates) from the hierarchy's
// PHAST trees: row r = the costs between vertices[r] and every vertex in the
// siting direction (out: d(c, v), rows; in: d(v, c), columns), as
// ComputeCandidateRows gives them from plain trees.
template <class W> CandidateRows<W> HierarchyCandidateRows(const ContractionHierarchy<W>& ch,
                                                           std::vector<std::uint32_t> vertices, Direction direction,
                                                           int threads);

// The plan of siting's candidate rows on g (gcenter GRAPH --candidates): `rows` trees, never
// Floyd-Warshall's matrix; auto (`engine`) may put the hierarchy on trial, as for gapsp's rows.
// `input_bytes`: the graph file's, for the estimate's reading part.
template <class W> RunPlan PlanCandidateRows(const CsrGraph<W>& g, std::size_t rows, ApspAlgorithm engine,
                                             const RunContext& context, double input_bytes = 0);

// The candidate rows as `plan` says: the trial's hierarchy's PHAST rows (HierarchyCandidateRows)
// when g contracts, else the trees' (ComputeCandidateRows: `backend`, `progress`); the same
// numbers either way. The trial's outcome is recorded in `plan`.
template <class W> CandidateRows<W> PlannedCandidateRows(const CsrGraph<W>& g, std::vector<std::uint32_t> vertices,
                                                         Direction direction, int threads, Backend backend,
                                                         RunPlan& plan, ProgressFn progress = {});

// A route of the hierarchy (original vertices, ChRouter::Route) as the
// weights of its arcs, each the lightest graph arc (no middle vertex) between
// consecutive vertices. Throws gdist::Error when an arc is not in the hierarchy.
template <class W>
std::vector<W> RouteArcWeights(const ContractionHierarchy<W>& ch, const std::vector<std::uint32_t>& vertices);

}  // namespace gdist
