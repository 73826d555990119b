// Random siting instances in every layout the dense Lagrangian pass reads
// (lib/siting/lagrangian_dense.hpp): a symmetric matrix read by demand rows,
// a directed one read by columns with unreachable pairs, a candidate subset,
// k x n candidate rows (the sparse engine's), int32 and float costs, integer,
// zero and fractional weights, fixed sites. Shared by the CPU twin's tests
// and the GPU pass's.
#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/siting_problem.hpp"

namespace gdist::testing {

enum class DenseLayout { kSymmetric, kDirectedColumns, kCandidateSubset, kCandidateRows };

inline std::string LayoutName(DenseLayout l) {
  switch (l) {
    case DenseLayout::kSymmetric: return "symmetric";
    case DenseLayout::kDirectedColumns: return "directed, read by columns";
    case DenseLayout::kCandidateSubset: return "candidate subset";
    case DenseLayout::kCandidateRows: return "k x n candidate rows";
  }
  return "";
}

template <class T> struct DenseInstance {
  std::vector<T> cells;                   // the matrix: n x n, or rows x n candidate rows
  std::vector<std::uint32_t> row_vertex;  // candidate rows: the vertex of each row
  std::size_t n = 0;
  SitingInput input;
  std::unique_ptr<SitingProblem<T>> prob;
  double penalty = 0;
};

// n vertices (demands); m candidates where the layout takes a subset. Points
// in a square, Manhattan costs, so rows have few equal costs.
template <class T> DenseInstance<T> MakeDenseInstance(DenseLayout layout, std::size_t n, std::size_t m,
                                                      bool fractional_weights, bool fixed_site, Backend backend,
                                                      std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  DenseInstance<T> c;
  c.n = n;
  std::vector<int> x(n + m), y(n + m);
  for (std::size_t i = 0; i < n + m; ++i) x[i] = static_cast<int>(rng() % 1000), y[i] = static_cast<int>(rng() % 1000);
  auto cost = [&](std::size_t a, std::size_t b, bool directed) {
    T v = static_cast<T>(std::abs(x[a] - x[b]) + std::abs(y[a] - y[b]));
    if constexpr (std::is_floating_point_v<T>) v = v * T(0.37) + T(0.01);
    if (directed && a != b) {
      v = static_cast<T>(v + static_cast<T>(rng() % 50));
      if (rng() % 53 == 0) v = ElementTraits<T>::kInf;
    }
    return a == b ? T(0) : v;
  };
  c.input.threads = 2;
  c.input.backend = backend;
  std::vector<double> w(n);
  for (double& v : w) v = fractional_weights ? (rng() % 7) * 0.35 : static_cast<double>(rng() % 4);
  w[0] = 1;
  c.input.weights = w;
  if (layout == DenseLayout::kCandidateRows) {
    // m facility rows over the n demand columns; some rows are demand vertices, some are not.
    c.cells.resize(m * n);
    for (std::size_t r = 0; r < m; ++r) {
      const bool is_demand = r % 2 == 0 && r < n;
      c.row_vertex.push_back(static_cast<std::uint32_t>(is_demand ? r : n + r));
      for (std::size_t u = 0; u < n; ++u) c.cells[r * n + u] = cost(is_demand ? r : n + r, u, false);
    }
    if (fixed_site) c.input.fixed = {c.row_vertex[1]};
    c.prob = std::make_unique<SitingProblem<T>>(MatrixView<T>{c.cells.data(), n, n}, c.row_vertex, c.input);
  } else {
    const bool directed = layout == DenseLayout::kDirectedColumns;
    c.cells.resize(n * n);
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = 0; b < n; ++b)
        c.cells[a * n + b] = directed ? cost(a, b, true) : cost(std::min(a, b), std::max(a, b), false);
    c.input.symmetric = !directed;
    c.input.direction = Direction::kOut;
    if (layout == DenseLayout::kCandidateSubset) {
      std::vector<std::uint32_t> cand;
      for (std::size_t v = 0; v < n && cand.size() < m; v += 1 + rng() % 3)
        cand.push_back(static_cast<std::uint32_t>(v));
      c.input.candidates = cand;
    }
    if (fixed_site) c.input.fixed = {static_cast<std::uint32_t>(1 + rng() % (n - 1))};
    c.prob = std::make_unique<SitingProblem<T>>(MatrixView<T>{c.cells.data(), n, n}, c.input);
  }
  c.penalty = UnreachablePenalty(c.prob->max_finite());
  return c;
}

}  // namespace gdist::testing
