// gapsp IN OUT: all-pairs shortest paths, graph or adjacency file in,
// distance matrix file (or raw NTHU output) out.
#include <chrono>
#include <iomanip>
#include <iostream>

#include "apps/common/app_main.hpp"
#include "apps/common/input_flags.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/matrix/nthu_output.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/paths/next_hop.hpp"
#include "lib/paths/next_hop_gpu.hpp"
#include "lib/util/phase_timer.hpp"

int main(int argc, char** argv) {
  CLI::App app{"All-pairs shortest paths by blocked Floyd-Warshall (GPU or CPU).", "gapsp"};
  std::string in, out, backend = "auto", to = "gdm", metrics;
  int threads = 0;
  bool quiet = false, paths = false;
  gdist::InputFlags flags;
  app.add_option("IN", in, "matrix file from gconvert, or any graph file gconvert reads")->required();
  app.add_option("OUT", out, "distance output")->required();
  app.add_option("--backend", backend, "auto (GPU when present), cpu or gpu")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}))
      ->capture_default_str();
  app.add_option("--to", to, "output: gdm (matrix file) or nthu (raw n x n int32, INF = 1073741823)")
      ->check(CLI::IsMember({"gdm", "nthu"}))
      ->capture_default_str();
  app.add_option("--metrics", metrics, "also write the gcenter metrics (JSON) to FILE, without a second pass");
  app.add_flag("--paths", paths, "also store the next-hop matrix (routes for gpath) in OUT");
  app.add_option("-j,--threads", threads, "CPU threads (0 = all cores)")->capture_default_str();
  flags.Add(app);
  app.add_flag("-q,--quiet", quiet, "print nothing on success");
  app.footer("EXAMPLES:\n  gapsp rome.gdm dist.gdm\n  gapsp c01.1 c01.1.out --to nthu --backend cpu");
  return gdist::RunApp(app, argc, argv, [&] {
    gdist::ApspOptions opts;
    gdist::ParseBackend(backend, &opts.backend);
    opts.threads = threads;
    if (opts.backend != gdist::Backend::kCpu) opts.gpu_probe = gdist::StartGpuProbe();
    if (paths && to == "nthu") throw gdist::Error("--paths needs --to gdm (the NTHU layout has no room for routes)");
    gdist::PhaseTimer timer;
    gdist::AnyMatrix m = gdist::LoadInput(in, flags.Options());
    const double load_s = timer.Lap();
    std::visit([&](auto& mat) {
      using T = std::decay_t<decltype(*mat.data())>;
      gdist::ArcList<T> arcs;
      if (paths) arcs = gdist::ArcsOfAdjacency(mat.view());  // before the engine overwrites the arcs
      double paths_s = timer.Lap();
      gdist::ApspReport r = gdist::SolveApsp(mat, opts);
      const double apsp_s = timer.Lap();
      gdist::NextHopMatrix next;
      if (paths) {
        // Same rule on both sides (lib/paths/next_hop.hpp): the routes do not depend on the backend.
        if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>) {
          if (r.used == gdist::Backend::kGpu) next = gdist::GpuComputeNextHops(arcs, mat.view());
        }
        if (!next.data()) next = gdist::ComputeNextHops(arcs, mat.view(), threads);
      }
      paths_s += timer.Lap();
      if (!metrics.empty())
        gdist::WriteMetricsJsonFile(metrics, mat.view(), mat.meta(), gdist::MetricsOptions{false, threads, opts.backend});
      if (to == "nthu") gdist::WriteNthuOutput(out, mat);
      else gdist::WriteMatrixFile(out, mat, paths ? &next : nullptr);
      const double write_s = timer.Lap();
      if (!quiet) {
        std::cerr << std::fixed << std::setprecision(3);
        std::cerr << "gapsp: " << mat.n() << " vertices, backend " << gdist::BackendName(r.used) << " (" << r.note
                  << "); read " << load_s << " s, apsp " << apsp_s << " s";
        if (paths) std::cerr << ", next hops " << paths_s << " s";
        std::cerr << ", write " << write_s << " s\n";
      }
    }, m);
    return gdist::kExitOk;
  });
}
