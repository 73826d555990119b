// Writes a random geometric distance-matrix file (.gdm): n points uniform in a
// 100 km square, int32 Euclidean metres, undirected. Input for timing gcenter
// on matrices too large to compute by APSP here (n = 65536: 17 GB).
//   siting_make_matrix N OUT.gdm [SEED]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "lib/matrix/matrix_file.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: siting_make_matrix N OUT.gdm [SEED]\n");
    return 2;
  }
  const std::size_t n = std::strtoull(argv[1], nullptr, 10);
  std::mt19937_64 rng(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1);
  std::uniform_real_distribution<double> coord(0, 100000);
  std::vector<double> x(n), y(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = coord(rng), y[i] = coord(rng);
  gdist::DistMatrix<std::int32_t> d(n);
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    std::int32_t* row = d.row(i);
    for (std::size_t j = 0; j < n; ++j)
      row[j] = static_cast<std::int32_t>(std::lround(std::sqrt((x[i] - x[j]) * (x[i] - x[j]) + (y[i] - y[j]) * (y[i] - y[j]))));
  }
  d.meta().directed = false;
  d.meta().kind = gdist::MatrixKind::kDistance;
  d.meta().labels = gdist::VertexLabels::Range(n, 1);
  gdist::WriteMatrixFile(argv[2], d);
  std::printf("wrote %s: n = %zu, %.1f GB payload\n", argv[2], n, static_cast<double>(d.payload_bytes()) / 1e9);
  return 0;
}
