// A rectangular demand x facility cost table, the analyst's siting input
// (spopt's from_cost_matrix habit): CSV or TSV with a header row of facility
// names after a corner cell, then one row per demand: its name and one cost
// per facility. Costs are finite non-negative numbers; an empty cell or
// `inf` means the facility cannot serve that demand. Names follow the
// edge-list rules (RFC 4180 quoting, TSV names with spaces).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/input_file.hpp"

namespace gdist {

struct CostMatrix {
  std::vector<std::string> demands, facilities;
  std::vector<double> cost;  // demand-major: cost[d * facilities.size() + f]; +inf: no service
  bool integral = true;      // every finite cost is a whole number (siting can stay exact)
  // When integral: the same costs exactly, never through a double (a cell of
  // digits is read as an int64, so 2^53 + 1 stays itself); kNoService: none.
  std::vector<std::int64_t> whole;
  static constexpr std::int64_t kNoService = -1;
  double at(std::size_t d, std::size_t f) const { return cost[d * facilities.size() + f]; }
  std::int64_t whole_at(std::size_t d, std::size_t f) const { return whole[d * facilities.size() + f]; }
  // The largest finite cost, exactly when integral (-1: none).
  std::int64_t LargestWhole() const;
};

// Throws gdist::Error naming file:line and what was expected.
CostMatrix ReadCostMatrix(const std::string& path, const InputLimits& limits = {});

}  // namespace gdist
