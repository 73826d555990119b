// GPU PHAST (lib/road/gpu_phast.hpp) on one graph, in one run: the
// contraction, the GPU sweep of every source's row (rows handed to a visitor
// that does nothing: the sweep and its transposition alone, as a metrics pass
// would receive them) with its fraction of HBM bandwidth by minimum bytes
// (2.83 TB/s, anchors.md), the first batches' rows copied out and compared with
// the CPU twin, and the CPU PHAST rows of a sample of sources on the host's
// threads (their every-source time extrapolated, and said so).
//   gphast_bench GRAPH [--undirected] [-j T] [--sources N (0: every vertex)] [--check 512] [--cpu-sources 2048]
// One JSON object per line.
#include <omp.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <numeric>

#include "formats/read_graph.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/road/gpu_phast.hpp"
#include "lib/road/phast.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/testing/gpu_phast_twin.hpp"
#include "lib/util/error.hpp"

namespace {

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

constexpr double kHbmBytesPerSecond = 2.83e12;  // H100, anchors.md

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"GPU PHAST: every source's row of a road graph on the GPU, against the CPU PHAST.", "gphast_bench"};
  std::string path;
  bool undirected = false;
  int threads = 0;
  std::size_t sources = 0, check = 512, cpu_sources = 2048;
  app.add_option("GRAPH", path)->required();
  app.add_flag("--undirected", undirected);
  app.add_option("-j", threads);
  app.add_option("--sources", sources, "0: every vertex");
  app.add_option("--check", check, "rows compared with the CPU twin");
  app.add_option("--cpu-sources", cpu_sources, "CPU PHAST rows timed (then extrapolated)");
  CLI11_PARSE(app, argc, argv);
  try {
    gdist::ReadOptions read;
    read.undirected = undirected;
    auto t0 = std::chrono::steady_clock::now();
    const gdist::CsrGraph<std::int32_t> g = gdist::BuildCsrGraph<std::int32_t>(gdist::ReadGraph(path, read));
    std::cout << "{\"what\":\"read\",\"seconds\":" << Since(t0) << ",\"n\":" << g.n << ",\"arcs\":" << g.arc_count()
              << "}" << std::endl;
    t0 = std::chrono::steady_clock::now();
    gdist::ContractionOptions co;
    co.threads = threads;
    const gdist::ContractionHierarchy<std::int32_t> ch = gdist::BuildContractionHierarchy(g, co);
    std::cout << "{\"what\":\"contract\",\"seconds\":" << Since(t0) << ",\"down_arcs\":" << ch.down.size()
              << ",\"levels\":" << gdist::PhastSweepLevels(ch).offsets.size() - 1 << "}" << std::endl;
    const std::size_t k = sources ? std::min(sources, g.n) : g.n;
    std::vector<std::uint32_t> all(k);
    std::iota(all.begin(), all.end(), 0u);
    const std::size_t stride = (g.n + 127) / 128 * 128;
    // Check first: the GPU's rows of the first sources against the twin.
    const std::size_t c = std::min(check, k);
    std::vector<std::int32_t> gpu(c * stride), twin(c * stride);
    gdist::GpuPhastRows<std::int32_t>(ch, {all.data(), c}, gpu.data(), stride, threads);
    gdist::PhastRowsTwin<std::int32_t>(ch, {all.data(), c}, twin.data(), stride, threads);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < c; ++i)
      for (std::size_t v = 0; v < g.n; ++v) differ += gpu[i * stride + v] != twin[i * stride + v];
    std::cout << "{\"what\":\"check\",\"rows\":" << c << ",\"labels_differing\":" << differ << "}" << std::endl;
    t0 = std::chrono::steady_clock::now();
    const gdist::PhastSweepStats s = gdist::GpuPhastSweep<std::int32_t>(
        ch, all, stride, [](const gdist::DeviceRowBlock<std::int32_t>&) {}, threads);
    const double wall = Since(t0);
    std::cout << "{\"what\":\"gpu_sweep\",\"sources\":" << k << ",\"seconds\":" << wall
              << ",\"device_seconds\":" << s.device_seconds << ",\"batches\":" << s.batches
              << ",\"min_bytes\":" << s.min_bytes
              << ",\"hbm_fraction\":" << s.min_bytes / s.device_seconds / kHbmBytesPerSecond << "}" << std::endl;
    const std::size_t cs = std::min(cpu_sources, k);
    std::vector<std::int32_t> rows(cs * g.n);
    t0 = std::chrono::steady_clock::now();
    gdist::PhastTrees<std::int32_t>(ch).Rows({all.data(), cs}, rows.data(), g.n, threads);
    const double cpu = Since(t0);
    std::cout << "{\"what\":\"cpu_phast\",\"sources\":" << cs
              << ",\"threads\":" << (threads > 0 ? threads : omp_get_max_threads()) << ",\"seconds\":" << cpu
              << ",\"every_source_extrapolated_s\":" << cpu * double(g.n) / double(cs) << "}" << std::endl;
    return differ == 0 ? 0 : 1;
  } catch (const gdist::Error& e) {
    std::cerr << "gphast_bench: " << e.what() << "\n";
    return 2;
  }
}
