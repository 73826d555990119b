// Negative weights against positive ones, side by side in one run (#11 item 7):
// the same random graph with base weights w >= 1, and reweighted by a random
// potential, w'(u,v) = w + p(u) - p(v) (negative arcs, no negative cycle), both
// solved by SolveApsp on the CPU backend. The ratio is the cost of the
// negative-cycle check (negative_cycle.hpp) and of the wider range proof.
//   negative_weights_bench [--n 2000,3000] [--density 0.05] [--threads 2] [--reps 3]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "lib/engine/apsp.hpp"

namespace {

gdist::DistMatrix<std::int32_t> Make(std::size_t n, double density, bool negative, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> base(1, 1000), pot(0, 5000);
  std::vector<int> p(n);
  for (auto& x : p) x = pot(rng);
  gdist::DistMatrix<std::int32_t> m(n);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (u != v && coin(rng) < density) m.at(u, v) = base(rng) + (negative ? p[u] - p[v] : 0);
  return m;
}

double Solve(std::size_t n, double density, bool negative, int threads, std::uint64_t seed) {
  auto m = Make(n, density, negative, seed);
  gdist::ApspOptions o;
  o.backend = gdist::Backend::kCpu;
  o.threads = threads;
  const auto t0 = std::chrono::steady_clock::now();
  gdist::SolveApsp(m, o);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes{2000, 3000};
  double density = 0.05;
  int threads = 2, reps = 3;
  CLI::App app{"Negative weights against positive ones, side by side (CPU backend)"};
  app.add_option("--n", sizes, "sizes, comma-separated")->delimiter(',');
  app.add_option("--density", density, "arc probability")->check(CLI::Range(0.0, 1.0));
  app.add_option("--threads", threads, "CPU threads")->check(CLI::PositiveNumber);
  app.add_option("--reps", reps, "repetitions (best is reported)")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  std::printf("n,density,threads,positive_s(best of %d),negative_s(best of %d),negative/positive\n", reps, reps);
  for (std::size_t n : sizes) {
    double pos = 1e30, neg = 1e30;
    for (int r = 0; r < reps; ++r) {  // interleaved, so machine load hits both alike
      pos = std::min(pos, Solve(n, density, false, threads, 1000 + r));
      neg = std::min(neg, Solve(n, density, true, threads, 1000 + r));
    }
    std::printf("%zu,%.3f,%d,%.3f,%.3f,%.3f\n", n, density, threads, pos, neg, neg / pos);
    std::fflush(stdout);
  }
}
