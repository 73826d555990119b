// A facility-siting instance over a distance matrix that stays where it is
// (an mmapped file or a DistMatrix): which vertices are demand (and their
// weights), which may host a site, which sites already exist, and which way a
// distance is read. Every solver reads costs only through this class, so the
// orientation and the candidate subset are handled in one place.
//
// Cost of serving demand u from candidate k (docs/SITING.md):
//   direction kOut (facility -> demand): d(cand[k], demand[u]) = D[cand[k]][demand[u]]
//   direction kIn  (demand -> facility): d(demand[u], cand[k]) = D[demand[u]][cand[k]]
// On an undirected (symmetric) matrix both are the same number and the
// contiguous row of the demand is read either way.
// Or the costs come as rows of candidates (a k x n block: the candidates'
// shortest-path trees, a rectangular file of gapsp --sources): row r holds the
// costs between candidate vertex row_vertex[r] and every vertex, already in
// the direction asked for.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "lib/core/backend.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/matrix/page_buffer.hpp"

namespace gdist {

enum class Direction { kOut, kIn };

// Threads worth starting for `work` matrix reads: a parallel region costs
// more than it saves on small inputs, and far more on a busy machine, where
// its join waits milliseconds for a descheduled thread (2^21 reads take ~1 ms
// on one core; MCLP on pmed26, 600 x 600, ran 4x slower on 2 threads at load 7).
inline int ThreadsFor(std::size_t work, int threads) { return work < (std::size_t{1} << 21) ? 1 : threads; }
// The same for a rows x cols pass (written as two arguments so OpenMP pragmas need no product).
inline int ThreadsFor(std::size_t rows, std::size_t cols, int threads) { return ThreadsFor(rows * cols, threads); }
bool ParseDirection(const std::string& s, Direction* out);

// What the user asked for, in vertex indices (labels already resolved).
struct SitingInput {
  Direction direction = Direction::kOut;
  bool symmetric = false;                                // undirected matrix: d(a,b) == d(b,a)
  std::optional<std::vector<double>> weights;            // per vertex; unset: every vertex weighs 1
  std::optional<std::vector<std::uint32_t>> candidates;  // unset: every vertex
  std::vector<std::uint32_t> fixed;                      // sites that exist already
  int threads = 0;                                       // 0 = all cores
  // Where the swap solvers' row passes run (lib/siting/siting_backend.hpp);
  // kAuto uploads the costs to a GPU when the problem is large and one is present.
  Backend backend = Backend::kCpu;
  const VertexLabels* labels = nullptr;  // names vertices in messages; null: "vertex index i"
  // Copy the costs demand-major on the host when the matrix rows are not
  // (gathered_costs.hpp) and memory allows; false reads the matrix in place.
  bool gather = true;
};

class SitingDevice;  // the costs on a GPU (lib/siting/siting_device.hpp)
struct SitingCostLayout;

template <class T> class SitingProblem {
 public:
  SitingProblem(const MatrixView<T>& d, const SitingInput& input);
  // Rectangular costs: rows.n columns (the vertices), row_vertex.size() rows;
  // Cost(u, k) = rows.at(r, demand u) where row_vertex[r] is candidate k. The
  // candidates are the row vertices, or input.candidates when set; those and
  // input.fixed must each have a row (else gdist::Error naming the vertex).
  // input.direction and input.symmetric are not consulted: the rows already
  // hold the costs in the direction asked for. A row vertex may be an id >=
  // rows.n: a facility that is no demand column (a cost matrix whose rows and
  // columns are different places); input.labels must then name it.
  SitingProblem(const MatrixView<T>& rows, const std::vector<std::uint32_t>& row_vertex, const SitingInput& input);

  std::size_t num_demands() const { return demand_.size(); }
  std::size_t num_candidates() const { return cand_.size(); }
  std::uint32_t demand_vertex(std::size_t u) const { return demand_[u]; }
  std::uint32_t candidate_vertex(std::size_t k) const { return cand_[k]; }
  // "vertex LABEL" for messages (the input's labels when known).
  std::string VertexName(std::uint32_t v) const {
    return labels_ ? "vertex " + labels_->label(v) : "vertex index " + std::to_string(v);
  }
  double weight(std::size_t u) const { return weight_[u]; }
  const std::vector<double>& weights() const { return weight_; }
  double total_weight() const { return total_weight_; }
  // Candidate indices of the pre-sited facilities (they are always candidates).
  const std::vector<std::uint32_t>& fixed() const { return fixed_; }
  int threads() const { return threads_; }
  std::size_t num_vertices() const { return d_.n; }

  // Largest finite cost over demand x candidate pairs, and whether some pair is unreachable.
  double max_finite() const { return max_finite_; }
  bool any_unreachable() const { return any_unreachable_; }

  static bool Reachable(T v) { return v < ElementTraits<T>::kInf; }

  // Whole costs of 2^53 and more, which a double cannot tell apart (2^53 + 1
  // reads as 2^53): the solvers, which compare costs as doubles, see every
  // finite cost minus the smallest one, exactly (Cost, DemandRow and
  // FacilityColumn return the shifted costs); reports add it back. 0 otherwise.
  std::int64_t cost_offset() const { return cost_offset_; }
  // The cost as the input gave it: Cost(u, k) + cost_offset() (unreachable stays so).
  T InputCost(std::size_t u, std::size_t k) const {
    const T v = Cost(u, k);
    if constexpr (std::is_integral_v<T>) return Reachable(v) ? static_cast<T>(v + cost_offset_) : v;
    return v;
  }

  T Cost(std::size_t u, std::size_t k) const {
    if (gathered_.data()) return static_cast<const T*>(gathered_.data())[u * gathered_stride_ + k];
    return rows_are_demands_ ? d_.at(demand_[u], cand_[k]) : d_.at(cand_row_[k], demand_[u]);
  }
  // Costs of demand u for candidates lo..hi-1: out[i] = Cost(u, lo + i). Returns
  // a pointer into the matrix when the row is contiguous, else fills scratch.
  const T* DemandRow(std::size_t u, std::size_t lo, std::size_t hi, T* scratch) const;
  // Costs of every demand for candidate k: out[u] = Cost(u, k).
  void FacilityColumn(std::size_t k, T* out) const;

  // Distances between two candidates (p-dispersion): a square matrix, or
  // candidate rows whose candidates are also columns; not a cost table's
  // facilities, which are no demand columns.
  bool has_site_distances() const;
  // min(d(a, b), d(b, a)) between candidates a and b, as the input gave them
  // (never shifted); the two agree on an undirected matrix.
  T SiteDistance(std::size_t a, std::size_t b) const {
    return std::min(d_.at(cand_row_[a], cand_[b]), d_.at(cand_row_[b], cand_[a]));
  }

  // The costs on a GPU, or null when the solvers run on the CPU.
  const std::shared_ptr<const SitingDevice>& device() const { return device_; }
  // Which backend and why, for the report: "gpu (NVIDIA H100 ...)", "cpu (...)".
  const std::string& backend_note() const { return backend_note_; }

 private:
  const VertexLabels* labels_ = nullptr;
  void Init(const SitingInput& input, const std::vector<std::uint32_t>* row_vertex);
  SitingCostLayout Layout() const;
  void ChooseBackend(Backend requested);
  void GatherIfWorthIt();
  void ShiftWholeCostsPastDoubles();

  MatrixView<T> d_;
  bool rows_are_demands_ = true;  // demand u's costs are row demand[u] of D
  bool symmetric_ = false;
  bool identity_candidates_ = true;
  // Demand-major costs built on the host when the matrix rows are not
  // (gathered_costs.hpp); empty when the rows are read directly or on a GPU.
  PageBuffer gathered_;
  std::size_t gathered_stride_ = 0;
  std::vector<std::uint32_t> demand_, cand_, fixed_;
  // The row of d_ that holds candidate k's costs: its vertex (square matrix)
  // or its row in a rectangular block (candidate_rows_).
  std::vector<std::uint32_t> cand_row_;
  bool candidate_rows_ = false;
  std::size_t stored_rows_ = 0;  // rows of d_
  std::vector<double> weight_;
  double total_weight_ = 0;
  double max_finite_ = 0;
  bool any_unreachable_ = false;
  std::int64_t cost_offset_ = 0;
  int threads_ = 1;
  std::shared_ptr<const SitingDevice> device_;
  std::string backend_note_ = "cpu";
};

// Per-demand outcome of a set of sites: nearest site and its distance.
struct Assignment {
  std::vector<std::uint32_t> site;  // candidate index serving each demand; UINT32_MAX: none reaches it
  std::vector<double> distance;     // +inf when unreachable
  double total = 0;                 // sum of weight * distance over served demands
  double max_distance = 0;          // over served demands with positive weight
  double covered_weight = 0;        // weight within `radius` (when one is given)
  std::size_t unserved = 0;         // demands no site reaches
};

template <class T>
Assignment Assign(const SitingProblem<T>& prob, const std::vector<std::uint32_t>& sites, double radius = -1);

}  // namespace gdist
