// Writes a random geometric distance-matrix file (.gdm): n points uniform in a
// 100 km square, int32 Euclidean metres, undirected. Input for timing gcenter
// on matrices too large to compute by APSP here (n = 65536: 17 GB).
//   siting_make_matrix N OUT.gdm [SEED]
#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "lib/matrix/matrix_file.hpp"

int main(int argc, char** argv) {
  std::size_t n = 0;
  std::string out;
  std::uint64_t seed = 1;
  CLI::App app{"Writes a random geometric distance-matrix file"};
  app.add_option("n", n, "points")->required()->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20));
  app.add_option("out", out, "output .gdm")->required();
  app.add_option("seed", seed, "points' seed");
  CLI11_PARSE(app, argc, argv);
  std::mt19937_64 rng(seed);
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
  gdist::WriteMatrixFile(out.c_str(), d);
  std::printf("wrote %s: n = %zu, %.1f GB payload\n", out.c_str(), n, static_cast<double>(d.payload_bytes()) / 1e9);
  return 0;
}
