// A tiny OR-Library p-median reader for the siting tests and bench only (the
// real reader belongs to the formats layer): "n m p" then m undirected edges
// "i j c", 1-based; a repeated edge overrides the earlier one (last wins),
// the convention OR-Library's published optima assume (shared/data/SOURCES.md).
#pragma once
#include <fstream>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/util/error.hpp"

namespace gdist::testing {

struct OrlibInstance {
  DistMatrix<std::int32_t> dist;  // APSP already solved
  std::size_t p = 0;
};

inline OrlibInstance ReadOrlibPmed(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot open");
  std::size_t n = 0, m = 0;
  OrlibInstance inst;
  if (!(in >> n >> m >> inst.p)) throw Error(path + ":1: expected 'n m p'");
  DistMatrix<std::int32_t> d(n);
  for (std::size_t e = 0; e < m; ++e) {
    std::size_t i, j;
    std::int32_t c;
    if (!(in >> i >> j >> c) || i < 1 || j < 1 || i > n || j > n) throw Error(path + ": bad edge " + std::to_string(e + 1));
    if (i == j) continue;
    d.at(i - 1, j - 1) = c;  // last wins
    d.at(j - 1, i - 1) = c;
  }
  d.meta().directed = false;
  d.meta().labels = VertexLabels::Range(n, 1);
  ApspOptions opts;
  opts.backend = Backend::kCpu;
  SolveApsp(d, opts);
  inst.dist = std::move(d);
  return inst;
}

}  // namespace gdist::testing
