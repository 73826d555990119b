// The distance metrics (summary, closeness, harmonic, histogram) on the CPU
// (all threads and --low-threads) and the GPU, side by side in one run, on
// random int32 distance matrices in host memory and mmapped from a .gdm file.
// Every GPU result is checked against the CPU one (identical bits expected).
// Usage:
//   metrics_bench [--sizes 16384,32768] [--small 1024,2048,4096,8192] [--reps 3]
//                 [--low-threads 2] [--gdm-dir /tmp] [--pcie-gbs 53] [--hbm-gbs 2830]
// --small: sizes timed CPU (all threads, low threads) vs GPU only, for the auto threshold.
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/metrics/metrics_gpu.hpp"

using namespace gdist;

namespace {

double Seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Distances 1..10^6, 0.1% unreachable, 0 on the diagonal; rows seeded
// separately so the threads generate them in parallel.
DistMatrix<std::int32_t> RandomMatrix(std::size_t n) {
  DistMatrix<std::int32_t> m(n, DistMatrix<std::int32_t>::Uninitialized{});
  m.meta().directed = true;
  m.meta().kind = MatrixKind::kDistance;
  m.meta().labels = VertexLabels::Range(n, 0);
  const std::size_t stride = m.stride();
#pragma omp parallel for schedule(dynamic, 64)
  for (std::size_t i = 0; i < stride; ++i) {
    std::mt19937_64 rng(0x9e3779b97f4a7c15ull * (i + 1) + n);
    std::int32_t* row = m.row(i);
    for (std::size_t j = 0; j < stride; ++j) {
      const std::uint64_t r = rng();
      row[j] = (i >= n || j >= n || r % 1000 == 0) ? ElementTraits<std::int32_t>::kInf
                                                   : static_cast<std::int32_t>(1 + (r >> 20) % 1000000);
    }
    row[i] = 0;
  }
  return m;
}

struct Timing {
  double median = 0, best = 0;
  DistanceMetrics last;
};

Timing Time(int reps, const std::function<DistanceMetrics()>& run) {
  std::vector<double> t;
  Timing r;
  for (int k = 0; k < reps; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    r.last = run();
    t.push_back(Seconds(t0));
  }
  std::sort(t.begin(), t.end());
  r.median = t[t.size() / 2];
  r.best = t[0];
  return r;
}

bool Identical(const DistanceMetrics& a, const DistanceMetrics& b) {
  auto same = [](const auto& x, const auto& y) { return x == y || (x != x && y != y); };  // NaN == NaN here
  bool ok = a.summary.total == b.summary.total && a.summary.eccentricity == b.summary.eccentricity &&
            a.summary.unreachable_from == b.summary.unreachable_from && a.summary.center == b.summary.center &&
            a.summary.periphery == b.summary.periphery && a.summary.median == b.summary.median &&
            a.summary.diameter_from == b.summary.diameter_from && a.summary.diameter_to == b.summary.diameter_to &&
            a.centrality.harmonic == b.centrality.harmonic && a.centrality.closeness == b.centrality.closeness &&
            a.centrality.histogram.counts == b.centrality.histogram.counts &&
            a.centrality.histogram.min == b.centrality.histogram.min &&
            a.centrality.histogram.bin_width == b.centrality.histogram.bin_width;
  return ok && same(a.summary.diameter, b.summary.diameter) && same(a.summary.radius, b.summary.radius) &&
         same(a.centrality.wiener_index, b.centrality.wiener_index) &&
         same(a.centrality.average_path_length, b.centrality.average_path_length);
}

struct Config {
  int reps = 3, low_threads = 2;
  double pcie_gbs = 53, hbm_gbs = 2830;
  std::string gdm_dir = std::filesystem::temp_directory_path().string();
};

DistanceMetrics Run(const MatrixView<std::int32_t>& v, Backend b, int threads, const GpuMetricsOptions& g = {}) {
  MetricsOptions o;
  o.backend = b;
  o.threads = threads;
  DistanceMetrics m = ComputeDistanceMetrics(v, true, o, g);
  if (b == Backend::kGpu && m.used != Backend::kGpu) {
    std::fprintf(stderr, "metrics_bench: the GPU run fell back: %s\n", m.note.c_str());
    std::exit(1);
  }
  return m;
}

// One table row: CPU all, CPU low, GPU resident, GPU streamed, ratios, rates.
void Row(const char* input, const MatrixView<std::int32_t>& v, const Config& c, bool gpu) {
  const double gib = static_cast<double>(v.n) * v.stride * 4 / (1 << 30);
  const double bytes = static_cast<double>(v.n) * v.stride * 4;
  const Timing all = Time(c.reps, [&] { return Run(v, Backend::kCpu, 0); });
  const Timing low = Time(c.reps, [&] { return Run(v, Backend::kCpu, c.low_threads); });
  std::printf("| %s | %zu | %.2f | %.3f (%.3f) | %.3f (%.3f) |", input, v.n, gib, all.median, all.best, low.median,
              low.best);
  if (!gpu) {
    std::printf(" - | - | - | - | - | - |\n");
    return;
  }
  const Timing res = Time(c.reps, [&] { return Run(v, Backend::kGpu, 0); });
  GpuMetricsOptions streamed;
  streamed.force_streaming = true;
  const Timing str = Time(c.reps, [&] { return Run(v, Backend::kGpu, 0, streamed); });
  // Pass breakdown of one resident run: pass 2 only re-reads the resident matrix (HBM).
  const GpuMetricsPasses p = RunGpuMetricsPasses(v, true, kHistogramBins, {});
  const bool same = Identical(res.last, all.last) && Identical(str.last, all.last) && Identical(low.last, all.last);
  const double pcie = bytes / res.median / 1e9, pcie_streamed = 2 * bytes / str.median / 1e9;
  const double hbm = bytes / p.pass2_seconds / 1e9;
  std::printf(
      " %.3f (%.3f) | %.3f (%.3f) | %.1fx / %.1fx | %.1f GB/s = %.0f%% ; streamed %.1f GB/s = %.0f%% |"
      " pass1 %.3f s, pass2 %.4f s = %.0f GB/s = %.0f%% HBM | %s |\n",
      res.median, res.best, str.median, str.best, all.median / res.median, low.median / res.median, pcie,
      100 * pcie / c.pcie_gbs, pcie_streamed, 100 * pcie_streamed / c.pcie_gbs, p.pass1_seconds, p.pass2_seconds, hbm,
      100 * hbm / c.hbm_gbs, same ? "yes" : "NO");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  Config c;
  std::vector<std::size_t> sizes = {16384, 32768}, small = {1024, 2048, 4096, 8192};
  CLI::App app{"CPU and GPU distance metrics side by side"};
  app.add_option("--sizes", sizes, "n of the large matrices")->delimiter(',')->check(CLI::PositiveNumber);
  app.add_option("--small", small, "n of the small matrices (GPU start-up cost)")
      ->delimiter(',')
      ->check(CLI::PositiveNumber);
  app.add_option("--reps", c.reps, "runs per configuration")->check(CLI::PositiveNumber);
  app.add_option("--low-threads", c.low_threads, "CPU threads of the small-machine column")->check(CLI::PositiveNumber);
  app.add_option("--gdm-dir", c.gdm_dir, "folder for the mapped .gdm files");
  app.add_option("--pcie-gbs", c.pcie_gbs, "PCIe ceiling, GB/s (anchors.md)")->check(CLI::PositiveNumber);
  app.add_option("--hbm-gbs", c.hbm_gbs, "HBM ceiling, GB/s (anchors.md)")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  auto t0 = std::chrono::steady_clock::now();
  const GpuStatus gpu = ProbeGpu();
  const double first_probe = Seconds(t0);
  t0 = std::chrono::steady_clock::now();
  ProbeGpu();
  std::printf(
      "GPU: %s (first ProbeGpu, context creation: %.3f s; later ProbeGpu %.4f s); CPU threads: %d; reps %d,"
      " median (best)\n",
      gpu.reason.c_str(), first_probe, Seconds(t0), omp_get_max_threads(), c.reps);

  std::printf(
      "\n| input | n | GiB | CPU all threads s | CPU -j %d s | GPU s | GPU streamed s | CPU all / GPU ; CPU -j %d / GPU"
      " | PCIe (of %.0f GB/s) | GPU passes (HBM %.0f GB/s) | identical "
      "|\n|---|---|---|---|---|---|---|---|---|---|---|\n",
      c.low_threads, c.low_threads, c.pcie_gbs, c.hbm_gbs);
  for (std::size_t n : small) {
    const DistMatrix<std::int32_t> m = RandomMatrix(n);
    Row("host", m.view(), c, gpu.usable);
  }
  for (std::size_t n : sizes) {
    DistMatrix<std::int32_t> m = RandomMatrix(n);
    Row("host", m.view(), c, gpu.usable);
    const std::string path = c.gdm_dir + "/metrics_bench_" + std::to_string(n) + ".gdm";
    WriteMatrixFile(path, m);
    m = DistMatrix<std::int32_t>();  // free the host copy: the file's pages stay in the page cache
    {
      MappedMatrixFile file(path, false);
      Row("mmapped .gdm", file.view<std::int32_t>(), c, gpu.usable);
    }
    std::filesystem::remove(path);
  }
  return 0;
}
