// Who covers whom at radius R, as two compressed adjacency lists: for each
// demand the candidates within R, for each candidate the demands within R.
// Built in two passes over the matrix (count, then fill); the covering
// solvers (p-center decision, LSCP) work on these lists alone.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "lib/siting/siting_problem.hpp"

namespace gdist {

struct CoverLists {
  std::size_t nd = 0, m = 0;
  std::vector<std::uint64_t> by_demand_start;  // nd + 1
  std::vector<std::uint32_t> by_demand;        // candidates covering each demand
  // Their distances, kept only while float holds them exactly (all distances
  // of a float matrix, integers up to 2^24); empty otherwise.
  std::vector<float> by_demand_cost;

  bool restrictable() const { return by_demand_cost.size() == by_demand.size(); }
  std::vector<std::uint64_t> by_cand_start;  // m + 1
  std::vector<std::uint32_t> by_cand;        // demands each candidate covers

  std::size_t pairs() const { return by_demand.size(); }
  const std::uint32_t* covering(std::size_t u) const { return by_demand.data() + by_demand_start[u]; }
  std::size_t num_covering(std::size_t u) const { return by_demand_start[u + 1] - by_demand_start[u]; }
  const std::uint32_t* covered(std::size_t k) const { return by_cand.data() + by_cand_start[k]; }
  std::size_t num_covered(std::size_t k) const { return by_cand_start[k + 1] - by_cand_start[k]; }
};

// The most (demand, candidate) pairs the covering models build lists for:
// 12 bytes a pair, 1.5 GiB of lists.
inline constexpr std::size_t kMaxCoverPairs = std::size_t{1} << 27;

// nullopt when the lists would hold more than max_pairs pairs (callers fall
// back to a solver that streams the matrix instead).
template <class T>
std::optional<CoverLists> BuildCoverLists(const SitingProblem<T>& prob, double radius, std::size_t max_pairs);

// The lists of a smaller radius, filtered from these without reading the
// matrix. Requires lists.restrictable().
CoverLists RestrictCoverLists(const CoverLists& lists, double radius);

}  // namespace gdist
