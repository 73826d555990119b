// GPU results checked against independent computations, on the device (#11 item 11):
//  1. float32 with non-integer weights: the GPU backend against the CPU backend
//     (same algebra, different code and summation grouping): the fraction of
//     cells that differ and the largest difference in ulps and relative terms.
//  2. int32 at large n (the size of the RESULTS.md GPU figures): the GPU
//     backend against Dijkstra (a different algorithm, plain code here) from
//     `--sources` random sources, every cell of those rows compared.
//   gpu_cpu_agreement [--float-n 1000,4096] [--int-n 32768] [--sources 32] [--seed S]
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "lib/engine/apsp.hpp"

namespace {

template <class T> gdist::DistMatrix<T> RandomGraph(std::size_t n, std::size_t out_degree, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::size_t> vertex(0, n - 1);
  std::uniform_real_distribution<double> real(0.5, 100.5);
  std::uniform_int_distribution<int> whole(1, 1000);
  gdist::DistMatrix<T> m(n);
  for (std::size_t u = 0; u < n; ++u) {
    m.at(u, (u + 1) % n) = std::is_floating_point_v<T> ? T(real(rng)) : T(whole(rng));  // a ring: all reachable
    for (std::size_t k = 0; k < out_degree; ++k) {
      const std::size_t v = vertex(rng);
      if (v != u) m.at(u, v) = std::is_floating_point_v<T> ? T(real(rng)) : T(whole(rng));
    }
  }
  return m;
}

double Seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <class T> double Solve(gdist::DistMatrix<T>& m, gdist::Backend b) {
  gdist::ApspOptions o;
  o.backend = b;
  const auto t0 = std::chrono::steady_clock::now();
  const gdist::ApspReport r = gdist::SolveApsp(m, o);
  if (r.used != b)
    std::printf("  (asked for %s, ran %s: %s)\n", gdist::BackendName(b), gdist::BackendName(r.used), r.note.c_str());
  return Seconds(t0);
}

std::int64_t UlpDistance(float a, float b) {
  std::int32_t ia, ib;
  std::memcpy(&ia, &a, 4);
  std::memcpy(&ib, &b, 4);
  if (ia < 0) ia = std::numeric_limits<std::int32_t>::min() - ia;
  if (ib < 0) ib = std::numeric_limits<std::int32_t>::min() - ib;
  return std::llabs(std::int64_t(ia) - std::int64_t(ib));
}

// Dense Dijkstra from s over the adjacency matrix (O(n^2), no heap needed).
std::vector<std::int64_t> Dijkstra(const gdist::DistMatrix<std::int32_t>& a, std::size_t s) {
  const std::size_t n = a.n();
  const std::int64_t inf = std::numeric_limits<std::int64_t>::max();
  std::vector<std::int64_t> d(n, inf);
  std::vector<char> done(n, 0);
  d[s] = 0;
  for (std::size_t it = 0; it < n; ++it) {
    std::size_t u = n;
    for (std::size_t v = 0; v < n; ++v)
      if (!done[v] && d[v] != inf && (u == n || d[v] < d[u])) u = v;
    if (u == n) break;
    done[u] = 1;
    const std::int32_t* row = a.row(u);
    for (std::size_t v = 0; v < n; ++v)
      if (row[v] < gdist::DistMatrix<std::int32_t>::kInf && v != u) d[v] = std::min(d[v], d[u] + row[v]);
  }
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> float_sizes{1000, 4096}, int_sizes{32768};
  std::size_t sources = 32;
  std::uint64_t seed = std::random_device{}();
  CLI::App app{"GPU results against the CPU backend (float32) and Dijkstra (int32)"};
  app.add_option("--float-n", float_sizes, "float32 sizes, comma-separated")->delimiter(',');
  app.add_option("--int-n", int_sizes, "int32 sizes, comma-separated")->delimiter(',');
  app.add_option("--sources", sources, "Dijkstra sources per int32 size")->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "random seed (default: fresh)");
  CLI11_PARSE(app, argc, argv);
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  std::printf("float32,n,degree,cells,cells_differing,fraction,max_ulps,max_relative,gpu_s,cpu_s\n");
  for (std::size_t n : float_sizes) {
    auto g = RandomGraph<float>(n, 16, seed + n);
    auto c = RandomGraph<float>(n, 16, seed + n);  // the same graph again (no copies of a DistMatrix)
    const double gs = Solve(g, gdist::Backend::kGpu), cs = Solve(c, gdist::Backend::kCpu);
    std::size_t differ = 0, cells = 0;
    std::int64_t max_ulps = 0;
    double max_rel = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const float x = g.at(i, j), y = c.at(i, j);
        ++cells;
        if (x == y) continue;
        ++differ;
        max_ulps = std::max(max_ulps, UlpDistance(x, y));
        max_rel = std::max(max_rel, std::fabs(double(x) - double(y)) / std::max(std::fabs(double(y)), 1e-30));
      }
    std::printf("float32,%zu,16,%zu,%zu,%.6f,%lld,%.3g,%.3f,%.3f\n", n, cells, differ, double(differ) / double(cells),
                static_cast<long long>(max_ulps), max_rel, gs, cs);
    std::fflush(stdout);
  }
  std::printf("int32,n,degree,sources,cells_checked,mismatches,gpu_s,dijkstra_s\n");
  for (std::size_t n : int_sizes) {
    const auto adj = RandomGraph<std::int32_t>(n, 8, seed + 7 * n);
    auto d = RandomGraph<std::int32_t>(n, 8, seed + 7 * n);
    const double gs = Solve(d, gdist::Backend::kGpu);
    std::mt19937_64 rng(seed);
    std::vector<std::size_t> srcs(sources);
    for (auto& s : srcs) s = rng() % n;
    std::size_t mismatches = 0, checked = 0;
    const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : mismatches, checked)
    for (std::size_t k = 0; k < sources; ++k) {
      const auto ref = Dijkstra(adj, srcs[k]);
      for (std::size_t v = 0; v < n; ++v) {
        const std::int32_t got = d.at(srcs[k], v);
        const bool unreachable = ref[v] == std::numeric_limits<std::int64_t>::max();
        ++checked;
        if (unreachable ? got < gdist::DistMatrix<std::int32_t>::kInf : std::int64_t(got) != ref[v]) ++mismatches;
      }
    }
    std::printf("int32,%zu,8,%zu,%zu,%zu,%.3f,%.3f\n", n, sources, checked, mismatches, gs, Seconds(t0));
    std::fflush(stdout);
  }
}
