// The GPU multi-source BFS against the CPU's bit-parallel BFS trees
// (ComputeTreeRows, what gcenter --per-vertex runs on the CPU), in one run on
// one graph: the per-source rows of every vertex (eccentricity, farthest,
// total, unreachable, harmonic, levels), compared exactly between the two.
//   sparse_gpu_bench GRAPH [--cpu-threads 16,2] [--cpu-sources 0,8192] [--reps R]
// The CPU run with the i-th thread count takes the first N_i sources of the
// same locality order as the GPU (--cpu-sources, the last repeating; 0 = all)
// and is extrapolated to all sources in "cpu_all_seconds_est". One JSON
// object per line, then a table.
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <numeric>

#include "formats/read_graph.hpp"
#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/gpu_ms_bfs.hpp"
#include "lib/util/error.hpp"

namespace {

double Seconds(std::chrono::steady_clock::time_point a) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

std::size_t Mismatches(const gdist::TreeRows& a, const gdist::TreeRows& b, std::size_t count) {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const auto &x = a.summary[i], &y = b.summary[i];
    const auto &p = a.centrality[i], &q = b.centrality[i];
    if (x.total != y.total || x.farthest.value != y.farthest.value || x.farthest.column != y.farthest.column ||
        x.unreachable != y.unreachable || x.first_unreachable != y.first_unreachable || p.harmonic != q.harmonic ||
        p.lo != q.lo || p.hi != q.hi)
      ++bad;
  }
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"GPU multi-source BFS vs the CPU trees (every source's rows)"};
  std::string path;
  std::vector<int> cpu_threads{16, 2};
  std::vector<std::size_t> cpu_sources{0};
  int reps = 2;
  app.add_option("graph", path, "graph file (weights ignored: unit arcs)")->required();
  app.add_option("--cpu-threads", cpu_threads, "CPU thread counts to time")->delimiter(',');
  app.add_option("--cpu-sources", cpu_sources, "sources for each CPU run (0: all; the last repeats)")->delimiter(',');
  app.add_option("--reps", reps, "GPU repetitions (the best is reported)");
  CLI11_PARSE(app, argc, argv);
  try {
    gdist::Graph graph = gdist::ReadGraph(path);
    for (gdist::Edge& e : graph.edges) e.weight = 1;
    graph.integral_weights = true;
    const gdist::CsrGraph<std::int32_t> g = gdist::BuildCsrGraph<std::int32_t>(graph);
    graph = gdist::Graph{};
    const std::size_t n = g.n;
    const gdist::BfsGraph view{n, g.out.offsets.data(), g.out.targets.data()};
    std::vector<std::uint32_t> all(n);
    std::iota(all.begin(), all.end(), 0u);
    gdist::TreeRowsRequest want;  // what gcenter --per-vertex asks for
    want.centrality = true;
    want.values = true;

    double gpu_best = 1e300, kernel_best = 1e300;
    gdist::BfsSweep sweep;
    for (int r = 0; r < std::max(1, reps); ++r) {
      const auto t = std::chrono::steady_clock::now();
      sweep = gdist::SweepSourcesOnGpu(view, all.data(), n);
      gpu_best = std::min(gpu_best, Seconds(t));
      kernel_best = std::min(kernel_best, sweep.kernel_seconds);
    }
    const gdist::TreeRows gpu_rows = gdist::TreeRowsFromSweep(sweep, n, want);
    std::uint32_t diameter = 0;
    for (const auto& s : sweep.sources) diameter = std::max(diameter, s.eccentricity);
    // Lower bound on device bytes: every vertex settled once per batch
    // (next read and cleared, seen read and written, visit written and
    // cleared: 6 x 32 B) and each of its arcs' seen read once (32 B).
    const double batches = std::ceil(static_cast<double>(n) / gdist::kBatchSources);
    const double min_bytes = batches * (6.0 * 32 * static_cast<double>(n) + 32.0 * static_cast<double>(g.arc_count()));
    std::printf(
        "{\"what\": \"gpu\", \"n\": %zu, \"arcs\": %zu, \"diameter\": %u, \"seconds\": %.3f, \"kernel_seconds\": "
        "%.3f, \"source_arcs_per_s\": %.3e, \"min_bytes\": %.3e, \"hbm_fraction\": %.4f}\n",
        n, g.arc_count(), diameter, gpu_best, kernel_best,
        static_cast<double>(n) * static_cast<double>(g.arc_count()) / kernel_best, min_bytes,
        min_bytes / kernel_best / 2.83e12);

    // The CPU on the first sources of the same locality order.
    const std::vector<std::uint32_t> order = gdist::LocalitySourceOrder(view, all.data(), n);
    std::vector<double> cpu_est;
    std::vector<std::size_t> cpu_k;
    std::size_t bad_total = 0;
    for (std::size_t i = 0; i < cpu_threads.size(); ++i) {
      const int threads = cpu_threads[i];
      const std::size_t want_k = cpu_sources.empty() ? 0 : cpu_sources[std::min(i, cpu_sources.size() - 1)];
      const std::size_t k = want_k == 0 ? n : std::min(want_k, n);
      cpu_k.push_back(k);
      const std::vector<std::uint32_t> cpu_set(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
      const gdist::ShortestPathTrees<std::int32_t> trees(g, gdist::TreeDirection::kFrom);
      const auto t = std::chrono::steady_clock::now();
      const gdist::TreeRows cpu = gdist::ComputeTreeRows(trees, cpu_set, want, threads);
      const double s = Seconds(t);
      // The GPU's rows of the same sources.
      gdist::TreeRows same;
      for (std::uint32_t v : cpu_set) {
        same.summary.push_back(gpu_rows.summary[v]);
        same.centrality.push_back(gpu_rows.centrality[v]);
      }
      const std::size_t bad = Mismatches(same, cpu, k);
      bad_total += bad;
      const double est = s * static_cast<double>(n) / static_cast<double>(k);
      cpu_est.push_back(est);
      std::printf(
          "{\"what\": \"cpu\", \"threads\": %d, \"sources\": %zu, \"seconds\": %.3f, \"cpu_all_seconds_est\": %.3f, "
          "\"rows_differing_from_gpu\": %zu}\n",
          threads, k, s, est, bad);
    }
    std::printf("\n%-34s %12s %14s\n", "every source's BFS rows", "seconds", "GPU speed-up");
    std::printf("%-34s %12.3f %14s\n", "GPU (H100), whole call", gpu_best, "1.00x");
    std::printf("%-34s %12.3f %14s\n", "GPU kernel alone", kernel_best, "");
    for (std::size_t i = 0; i < cpu_threads.size(); ++i)
      std::printf("CPU, %2d threads%s %12.3f %13.2fx\n", cpu_threads[i],
                  cpu_k[i] == n ? " (all sources)    " : " (extrapolated)   ", cpu_est[i], cpu_est[i] / gpu_best);
    std::printf("rows differing between GPU and CPU: %zu\n", bad_total);
    return bad_total == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "sparse_gpu_bench: " << e.what() << "\n";
    return 1;
  }
}
