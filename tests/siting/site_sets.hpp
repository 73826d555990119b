// The exhaustive searches' enumeration of site sets, shared by the siting
// tests that compare a model with every possible answer.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

namespace gdist::testing {

// Calls visit(S) for every S = `fixed` plus p of the other `candidates` (vertex ids).
inline void ForEachSiteSet(const std::vector<std::uint32_t>& candidates, const std::vector<std::uint32_t>& fixed,
                           std::size_t p, const std::function<void(const std::vector<std::uint32_t>&)>& visit) {
  std::vector<std::uint32_t> free;
  for (std::uint32_t v : candidates)
    if (std::find(fixed.begin(), fixed.end(), v) == fixed.end()) free.push_back(v);
  std::vector<std::uint32_t> s = fixed;
  std::function<void(std::size_t)> rec = [&](std::size_t start) {
    if (s.size() == fixed.size() + p) return visit(s);
    for (std::size_t i = start; i < free.size(); ++i) {
      s.push_back(free[i]);
      rec(i + 1);
      s.pop_back();
    }
  };
  rec(0);
}

// The most demand weight p sites (plus the fixed ones) cover within `radius`;
// nearest(u, S): demand vertex u's distance to its nearest site of S.
template <class NearestFn> double BestCoverage(const std::vector<std::uint32_t>& candidates,
                                               const std::vector<std::uint32_t>& fixed, std::size_t p,
                                               const std::vector<double>& w, double radius, NearestFn nearest) {
  double best = -1;
  ForEachSiteSet(candidates, fixed, p, [&](const std::vector<std::uint32_t>& s) {
    double covered = 0;
    for (std::uint32_t u = 0; u < w.size(); ++u)
      if (w[u] > 0 && static_cast<double>(nearest(u, s)) <= radius) covered += w[u];
    best = std::max(best, covered);
  });
  return best;
}

// Fewest sites in total (fixed ones included) covering every demand within
// `radius`; -1 when even all candidates do not.
template <class NearestFn> double FewestCoveringSites(const std::vector<std::uint32_t>& candidates,
                                                      const std::vector<std::uint32_t>& fixed,
                                                      const std::vector<double>& w, double radius, NearestFn nearest) {
  for (std::size_t p = 0; fixed.size() + p <= candidates.size(); ++p) {
    bool found = false;
    ForEachSiteSet(candidates, fixed, p, [&](const std::vector<std::uint32_t>& s) {
      bool all = !s.empty();
      for (std::uint32_t u = 0; u < w.size() && all; ++u)
        if (w[u] > 0 && static_cast<double>(nearest(u, s)) > radius) all = false;
      found |= all;
    });
    if (found) return static_cast<double>(fixed.size() + p);
  }
  return -1;
}

}  // namespace gdist::testing
