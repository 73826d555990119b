// Cost of --paths: APSP distance time vs the next-hop derivation (on the same
// backend) on the same random graph, in one run. Usage:
//   paths_bench [--backend cpu|gpu|auto] [--threads T] [--min-weight W] N:ARCS_PER_VERTEX ...
// e.g. paths_bench 2000:200 2000:5 16384:5   (ARCS_PER_VERTEX = n/10 gives the n^2/10 graphs)
// Weights are uniform in [W, 1000]; the default W = 1 makes every arc positive
// (the least-tight-neighbour rule), --min-weight 0 adds zero arcs (the
// fewest-arc search of lib/paths/next_hop.hpp).
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "lib/engine/apsp.hpp"
#include "lib/paths/next_hop.hpp"
#include "lib/paths/next_hop_gpu.hpp"

using namespace gdist;

static double Seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int main(int argc, char** argv) {
  ApspOptions opts;
  int min_weight = 1;
  std::string backend = "auto";
  std::vector<std::string> case_args;
  CLI::App app{"APSP and next-hop derivation times on random graphs"};
  app.add_option("cases", case_args, "N:ARCS_PER_VERTEX (default 2000:200 2000:5)");
  app.add_option("--backend", backend, "APSP backend")->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  app.add_option("--threads", opts.threads, "CPU threads (0: all)")->check(CLI::NonNegativeNumber);
  app.add_option("--min-weight", min_weight, "least arc weight (0 selects the fewest-arcs rule)")
      ->check(CLI::Range(0, 1000));
  CLI11_PARSE(app, argc, argv);
  ParseBackend(backend, &opts.backend);
  std::vector<std::pair<std::size_t, std::size_t>> cases;
  for (const std::string& s : case_args) {
    const auto c = s.find(':');
    if (c == std::string::npos) {
      std::fprintf(stderr, "paths_bench: case '%s' is not N:ARCS_PER_VERTEX\n", s.c_str());
      return 2;
    }
    cases.push_back({std::stoul(s.substr(0, c)), std::stoul(s.substr(c + 1))});
  }
  if (cases.empty()) cases = {{2000, 200}, {2000, 5}};
  std::printf("%8s %8s %10s %8s %12s %12s %8s %12s\n", "n", "arcs", "backend", "threads", "apsp_s", "nexthop_s",
              "ratio", "rule");
  for (auto [n, per] : cases) {
    std::mt19937 rng(12345 + n + per);
    DistMatrix<std::int32_t> m(n);
    m.meta().labels = VertexLabels::Range(n, 0);
    std::size_t arcs = 0;
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t k = 0; k < per; ++k) {
        std::size_t v = rng() % n;
        if (v == u) continue;
        m.at(u, v) = static_cast<std::int32_t>(min_weight + rng() % (1001 - min_weight));
        ++arcs;
      }
    ArcList<std::int32_t> list = ArcsOfAdjacency(m.view());
    auto t0 = std::chrono::steady_clock::now();
    ApspReport r = SolveApsp(m, opts);
    double apsp = Seconds(t0);
    t0 = std::chrono::steady_clock::now();
    NextHopMatrix next =
        r.used == Backend::kGpu ? GpuComputeNextHops(list, m.view()) : ComputeNextHops(list, m.view(), opts.threads);
    double hops = Seconds(t0);
    const char* rule = UsesLeastTightNeighbour(list, m.view()) ? "least-tight" : "fewest-arcs";
    std::printf("%8zu %8zu %10s %8d %12.3f %12.3f %8.2f %12s\n", n, arcs, BackendName(r.used), opts.threads, apsp, hops,
                (apsp + hops) / apsp, rule);
    std::fflush(stdout);
  }
  return 0;
}
