// Small random LSCP-B instances with their optimum by enumeration of every set
// of P sites: a demand x candidate table of who covers whom (every demand
// reached once at least), weights 0..6, sometimes a fixed site. Shared by the
// tests of the Lagrangian bound and of the swap search.
#pragma once
#include <algorithm>
#include <cstdint>
#include <random>
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

struct BackupInstance {
  std::size_t nd = 0, m = 0, p = 0;
  CoverLists lists;
  std::vector<double> w;
  std::vector<std::uint32_t> fixed;
  double optimum =
      -1;  // the most weight covered twice by p free sites and the fixed ones covering every demand; -1: none
};

inline BackupInstance RandomBackupInstance(std::mt19937_64& rng) {
  BackupInstance in;
  in.nd = 3 + rng() % 14;
  in.m = 2 + rng() % 10;
  std::vector<std::vector<char>> covers(in.nd, std::vector<char>(in.m));
  const unsigned density = 2 + rng() % 5;  // a pair covered with chance 1/density
  for (auto& row : covers) {
    for (char& a : row) a = rng() % density == 0;
    row[rng() % in.m] = 1;  // every demand reached once at least
  }
  in.w.resize(in.nd);
  for (double& x : in.w) x = static_cast<double>(rng() % 7);
  if (rng() % 3 == 0) in.fixed.push_back(static_cast<std::uint32_t>(rng() % in.m));
  in.p = 1 + rng() % std::min<std::size_t>(4, in.m - in.fixed.size());
  for (std::uint32_t mask = 0; mask < (1u << in.m); ++mask) {
    if (static_cast<std::size_t>(__builtin_popcount(mask)) != in.p + in.fixed.size()) continue;
    if (!in.fixed.empty() && !(mask >> in.fixed[0] & 1)) continue;
    double twice = 0;
    bool covered = true;
    for (std::size_t u = 0; u < in.nd && covered; ++u) {
      int count = 0;
      for (std::size_t k = 0; k < in.m; ++k) count += covers[u][k] && (mask >> k & 1);
      covered = count > 0;
      if (count >= 2) twice += in.w[u];
    }
    if (covered) in.optimum = std::max(in.optimum, twice);
  }
  in.lists = ListsOf(covers, in.m);
  return in;
}

}  // namespace gdist::testing
