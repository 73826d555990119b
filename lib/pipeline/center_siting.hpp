// The center run's siting branch: the site lists (--weights, --candidates,
// --fixed, --capacities, --opening-costs) read against the input's names, the
// models asked for solved in order (one p, or a sweep of several), their
// sections of the report, and their files (--assignment, --curve).
#pragma once
#include <cstdint>
#include <optional>
#include <ostream>
#include <vector>

#include "lib/core/vertex_labels.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/pipeline/center_request.hpp"
#include "lib/pipeline/cost_matrix_siting.hpp"
#include "lib/pipeline/siting_sweep.hpp"
#include "lib/siting/siting_files.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

// --weights, --candidates and --fixed as vertex indices, each file read once.
struct SiteLists {
  std::optional<std::vector<double>> weights;
  std::optional<std::vector<std::uint32_t>> candidates;
  std::vector<std::uint32_t> fixed;
  std::optional<std::vector<double>> capacities;     // per vertex
  std::optional<std::vector<double>> opening_costs;  // per vertex
};

// Names resolved against the matrix's labels (n vertices).
SiteLists ReadSiteLists(const CenterRequest& req, const VertexLabels& labels, std::size_t n);
// A cost table's two sides are named apart: weights name demands, sites name facilities.
SiteLists ReadSiteLists(const CenterRequest& req, const CostMatrixNames& names);

// The models' answers; `done` points into the others (so it neither copies nor moves).
template <class T> struct SitingAnswers {
  std::optional<SitingProblem<T>> prob;
  SitingResult cover, max_cover, dispersion, backup, location;
  std::vector<SweepPoint> medians, centers;
  std::vector<NamedResult> done;  // in the order solved: the assignment file and the map read them

  SitingAnswers() = default;
  SitingAnswers(const SitingAnswers&) = delete;
  SitingAnswers& operator=(const SitingAnswers&) = delete;
};

// Solves every model of `req` on d (row_vertex: d holds the rows of these
// vertices only; lists: the site lists already read, null: read here) into
// `out`, each model's section going to `json` (req.json) or `text`.
template <class T> void SolveSitingModels(const MatrixView<T>& d, const MatrixMeta& meta, const CenterRequest& req,
                                          const std::vector<std::uint32_t>* row_vertex, const SiteLists* lists,
                                          JsonWriter& json, std::ostream& text, SitingAnswers<T>& out);

// --assignment and --curve (inside the caller's OutputGroup).
template <class T>
void WriteSitingFiles(const CenterRequest& req, const SitingAnswers<T>& answers, const VertexLabels& labels);

}  // namespace gdist
