// The random geometric siting instance both siting harnesses time: n points
// uniform in a 100 km square (seeded), int32 Euclidean metres, undirected.
#pragma once
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist::bench {

inline void FillGeometric(DistMatrix<std::int32_t>& d, std::uint64_t seed) {
  const std::size_t n = d.n();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coord(0, 100000);
  std::vector<double> x(n), y(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = coord(rng), y[i] = coord(rng);
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    std::int32_t* row = d.row(i);
    for (std::size_t j = 0; j < n; ++j)
      row[j] = static_cast<std::int32_t>(
          std::lround(std::sqrt((x[i] - x[j]) * (x[i] - x[j]) + (y[i] - y[j]) * (y[i] - y[j]))));
  }
  d.meta().directed = false;
}

}  // namespace gdist::bench
