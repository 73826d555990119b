// The batched GPU shortest paths (GpuTreeRows on weighted trees: Bellman-Ford
// batches of 32 sources + the dense metrics' row pass) against the CPU's
// Dijkstra trees (ComputeTreeRows, what gcenter --per-vertex runs on the CPU),
// in one run on one weighted graph: every source's rows (eccentricity,
// farthest, total, unreachable, harmonic, range), compared exactly.
//   sparse_gpu_sssp_bench GRAPH [--undirected] [--cpu-threads 16,2] [--cpu-sources 2048,256] [--reps R]
//                         [--delta-factors 0,2,8,32 --delta-sources 8192]
// --delta-factors first times the kernels alone on the first --delta-sources
// sources with each near-far step (factor x the mean weight; 0: plain
// Bellman-Ford); the rows run uses the default step (gpu_sssp.hpp).
// The i-th CPU run takes the first N_i sources of the GPU's locality order
// and is extrapolated to every source ("cpu_all_seconds_est"). One JSON object
// per line, then a table.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <numeric>

#include "formats/read_graph.hpp"
#include "lib/metrics/gpu_sssp_rows.hpp"
#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/gpu_ms_bfs.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace {

double Seconds(std::chrono::steady_clock::time_point a) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

bool SameRow(const gdist::SummaryRow& x, const gdist::SummaryRow& y, const gdist::CentralityRow& p,
             const gdist::CentralityRow& q) {
  return x.total == y.total && x.farthest.value == y.farthest.value && x.farthest.column == y.farthest.column &&
         x.unreachable == y.unreachable && x.first_unreachable == y.first_unreachable && p.harmonic == q.harmonic &&
         p.lo == q.lo && p.hi == q.hi;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"batched GPU shortest paths vs the CPU's Dijkstra trees (every source's rows)"};
  std::string path;
  bool undirected = false;
  std::vector<int> cpu_threads{16, 2};
  std::vector<std::size_t> cpu_sources{2048, 256};
  int reps = 2;
  std::vector<double> delta_factors;
  std::size_t delta_sources = 8192;
  app.add_option("graph", path, "weighted graph file (int32 distances)")->required();
  app.add_option("--delta-factors", delta_factors, "near-far steps to time first (x mean weight)")->delimiter(',');
  app.add_option("--delta-sources", delta_sources, "sources of each step's run");
  app.add_flag("--undirected", undirected, "each line is an edge both ways");
  app.add_option("--cpu-threads", cpu_threads, "CPU thread counts to time")->delimiter(',');
  app.add_option("--cpu-sources", cpu_sources, "sources for each CPU run (0: all; the last repeats)")->delimiter(',');
  app.add_option("--reps", reps, "GPU repetitions (the best is reported)");
  CLI11_PARSE(app, argc, argv);
  try {
    gdist::ReadOptions ro;
    ro.undirected = undirected;
    const gdist::CsrGraph<std::int32_t> g = gdist::BuildCsrGraph<std::int32_t>(gdist::ReadGraph(path, ro));
    const std::size_t n = g.n;
    const gdist::ShortestPathTrees<std::int32_t> trees(g, gdist::TreeDirection::kFrom);
    if (gdist::GpuTreeKindOf(trees).kind != gdist::GpuTreeKind::kWeighted)
      throw gdist::Error("this graph's trees are not the GPU's weighted kind (unit weights or negative arcs)");
    std::vector<std::uint32_t> all(n);
    std::iota(all.begin(), all.end(), 0u);
    const std::vector<std::uint32_t> order =
        gdist::LocalitySourceOrder(gdist::BfsGraph{n, g.out.offsets.data(), g.out.targets.data()}, all.data(), n);
    std::vector<std::uint32_t> ordered(n);
    for (std::size_t r = 0; r < n; ++r) ordered[r] = order[r];

    const gdist::SsspGraph<std::int32_t> sg{n, g.out.offsets.data(), g.out.targets.data(), g.out.weights.data()};
    for (const double f : delta_factors) {
      const std::size_t k = std::min(delta_sources, n);
      const std::int32_t delta = gdist::SsspDelta(sg, f);
      const auto t = std::chrono::steady_clock::now();
      const gdist::SsspSweepStats s = gdist::SweepRowsOnGpu<std::int32_t>(
          sg, ordered.data(), k, (n + 127) / 128 * 128, [](const gdist::DeviceRowBlock<std::int32_t>&) {}, delta);
      std::printf(
          "{\"what\": \"delta\", \"factor\": %g, \"delta\": %d, \"sources\": %zu, \"seconds\": %.3f, "
          "\"kernel_seconds\": %.3f, \"relaxations_per_source_arc\": %.3f, \"rounds_per_batch\": %.1f}\n",
          f, delta, k, Seconds(t), s.kernel_seconds,
          static_cast<double>(s.relaxations) / (static_cast<double>(k) * static_cast<double>(g.arc_count())),
          static_cast<double>(s.rounds) / ((static_cast<double>(k) + 31) / 32));
      std::fflush(stdout);
    }

    gdist::TreeRowsRequest want;  // what gcenter --per-vertex asks for
    want.centrality = true;
    // One sweep of every source through the row reductions (what GpuTreeRows
    // runs), in the locality order; rows put back by vertex.
    double gpu_best = 1e300, kernel_best = 1e300;
    gdist::SsspSweepStats stats;
    gdist::TreeRows gpu;
    gpu.summary.resize(n);
    gpu.centrality.resize(n);
    for (int r = 0; r < std::max(1, reps); ++r) {
      const auto t = std::chrono::steady_clock::now();
      const gdist::GpuSsspRowReductions red = gdist::ReduceSsspRowsOnGpu<std::int32_t>(sg, ordered.data(), n);
      gpu_best = std::min(gpu_best, Seconds(t));
      stats = red.stats;
      kernel_best = std::min(kernel_best, stats.kernel_seconds);
      for (std::size_t i = 0; i < n; ++i) {
        gpu.summary[ordered[i]] = red.summary[i];
        gpu.centrality[ordered[i]] = red.centrality[i];
      }
    }
    const double relax_rate = static_cast<double>(stats.relaxations) / kernel_best;
    // Device bytes per source-arc relaxation: the head's distance line is read
    // (4 B per source, coalesced across the batch) and sometimes written.
    std::printf(
        "{\"what\": \"gpu\", \"n\": %zu, \"arcs\": %zu, \"seconds\": %.3f, \"kernel_seconds\": %.3f, "
        "\"relaxations\": %.4e, \"relaxations_per_source_arc\": %.3f, \"rounds_per_batch\": %.1f, "
        "\"relaxations_per_s\": %.3e, \"int32_ceiling_fraction\": %.5f, \"min_bytes_hbm_fraction\": %.4f}\n",
        n, g.arc_count(), gpu_best, kernel_best, static_cast<double>(stats.relaxations),
        static_cast<double>(stats.relaxations) / (static_cast<double>(n) * static_cast<double>(g.arc_count())),
        static_cast<double>(stats.rounds) / ((static_cast<double>(n) + 31) / 32), relax_rate, relax_rate / 1.6e13,
        relax_rate * 4.0 / 2.83e12);
    std::fflush(stdout);

    std::vector<double> cpu_est;
    std::vector<std::size_t> cpu_k;
    std::size_t bad_total = 0;
    for (std::size_t i = 0; i < cpu_threads.size(); ++i) {
      const std::size_t want_k = cpu_sources.empty() ? 0 : cpu_sources[std::min(i, cpu_sources.size() - 1)];
      const std::size_t k = want_k == 0 ? n : std::min(want_k, n);
      cpu_k.push_back(k);
      const std::vector<std::uint32_t> cpu_set(ordered.begin(), ordered.begin() + static_cast<std::ptrdiff_t>(k));
      const auto t = std::chrono::steady_clock::now();
      const gdist::TreeRows cpu = gdist::ComputeTreeRows(trees, cpu_set, want, cpu_threads[i]);
      const double s = Seconds(t);
      std::size_t bad = 0;
      for (std::size_t j = 0; j < k; ++j) {
        const std::uint32_t v = cpu_set[j];
        bad += !SameRow(gpu.summary[v], cpu.summary[j], gpu.centrality[v], cpu.centrality[j]);
      }
      bad_total += bad;
      const double est = s * static_cast<double>(n) / static_cast<double>(k);
      cpu_est.push_back(est);
      std::printf(
          "{\"what\": \"cpu\", \"method\": \"%s\", \"threads\": %d, \"sources\": %zu, \"seconds\": %.3f, "
          "\"cpu_all_seconds_est\": %.3f, \"rows_differing_from_gpu\": %zu}\n",
          gdist::TreeMethodName(trees.method()), cpu_threads[i], k, s, est, bad);
    }
    std::printf("\n%-38s %12s %14s\n", "every source's weighted rows", "seconds", "GPU speed-up");
    std::printf("%-38s %12.3f %14s\n", "GPU, whole call", gpu_best, "1.00x");
    std::printf("%-38s %12.3f %14s\n", "GPU kernels alone", kernel_best, "");
    for (std::size_t i = 0; i < cpu_threads.size(); ++i)
      std::printf("CPU Dijkstra, %2d threads%s %12.3f %13.2fx\n", cpu_threads[i],
                  cpu_k[i] == n ? " (all sources) " : " (extrapolated)", cpu_est[i], cpu_est[i] / gpu_best);
    std::printf("rows differing between GPU and CPU: %zu\n", bad_total);
    return bad_total == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "sparse_gpu_sssp_bench: " << e.what() << "\n";
    return 1;
  }
}
