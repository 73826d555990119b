// A rectangular demand x facility cost table, the analyst's siting input
// (spopt's from_cost_matrix habit): CSV or TSV with a header row of facility
// names after a corner cell, then one row per demand: its name and one cost
// per facility. Costs are finite non-negative numbers; an empty cell or
// `inf` means the facility cannot serve that demand. Names follow the
// edge-list rules (RFC 4180 quoting, TSV names with spaces).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "formats/input_file.hpp"

namespace gdist {

struct CostMatrix {
  std::vector<std::string> demands, facilities;
  std::vector<double> cost;  // demand-major: cost[d * facilities.size() + f]; +inf: no service
  bool integral = true;      // every finite cost is a whole number (siting can stay exact)
  double at(std::size_t d, std::size_t f) const { return cost[d * facilities.size() + f]; }
};

// Throws gdist::Error naming file:line and what was expected.
CostMatrix ReadCostMatrix(const std::string& path, const InputLimits& limits = {});

}  // namespace gdist
