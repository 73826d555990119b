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
  // Their distances, exactly as the matrix's costs compare with a radius:
  // in 4 bytes when float holds every cost (a float32 matrix, whole costs up
  // to 2^24), else in 8. A float64 cost of 0.3 rounds up in float and would
  // drop out of the lists of radius 0.3 (issue 26).
  std::vector<float> by_demand_cost;
  std::vector<double> by_demand_cost_wide;
  double cost(std::uint64_t i) const { return by_demand_cost.empty() ? by_demand_cost_wide[i] : by_demand_cost[i]; }
  std::vector<std::uint64_t> by_cand_start;  // m + 1
  std::vector<std::uint32_t> by_cand;        // demands each candidate covers

  std::size_t pairs() const { return by_demand.size(); }
  const std::uint32_t* covering(std::size_t u) const { return by_demand.data() + by_demand_start[u]; }
  std::size_t num_covering(std::size_t u) const { return by_demand_start[u + 1] - by_demand_start[u]; }
  const std::uint32_t* covered(std::size_t k) const { return by_cand.data() + by_cand_start[k]; }
  std::size_t num_covered(std::size_t k) const { return by_cand_start[k + 1] - by_cand_start[k]; }
};

// The most (demand, candidate) pairs the covering models build lists for:
// 16 bytes a pair (20 with 8-byte costs), 2 to 2.5 GiB of lists.
inline constexpr std::size_t kMaxCoverPairs = std::size_t{1} << 27;

// nullopt when the lists would hold more than max_pairs pairs (callers fall
// back to a solver that streams the matrix instead).
template <class T>
std::optional<CoverLists> BuildCoverLists(const SitingProblem<T>& prob, double radius, std::size_t max_pairs);

// The lists of a smaller radius, filtered from these without reading the
// matrix.
CoverLists RestrictCoverLists(const CoverLists& lists, double radius);

}  // namespace gdist
