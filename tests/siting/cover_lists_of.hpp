// Cover lists from a demand x candidate table of who covers whom (the tests'
// random instances of the covering models).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/cover_lists.hpp"

namespace gdist::testing {

inline CoverLists ListsOf(const std::vector<std::vector<char>>& covers, std::size_t m) {
  CoverLists l;
  l.nd = covers.size();
  l.m = m;
  l.by_demand_start.push_back(0);
  for (const auto& row : covers) {
    for (std::uint32_t k = 0; k < m; ++k)
      if (row[k]) l.by_demand.push_back(k);
    l.by_demand_start.push_back(l.by_demand.size());
  }
  l.by_cand_start.push_back(0);
  for (std::uint32_t k = 0; k < m; ++k) {
    for (std::uint32_t u = 0; u < l.nd; ++u)
      if (covers[u][k]) l.by_cand.push_back(u);
    l.by_cand_start.push_back(l.by_cand.size());
  }
  return l;
}

}  // namespace gdist::testing
