// The exact metrics of a road graph from its hierarchy (HierarchyMetrics:
// the bounding searches on PHAST trees) against the same searches on the
// graph's own Dijkstra trees (ComputeSparseMetrics), in one run: diameter,
// radius, center, periphery and 1-median ("extremes+median"), then every
// eccentricity. The answers are compared (the run fails on a difference).
//   road_metrics_bench GRAPH|G.gch [--graph GRAPH] [--undirected] [-j T] [--skip-dijkstra]
//                      [--skip-eccentricities] [--dijkstra-extremes-only]
// One JSON object per line: {"what", "engine", "seconds", "trees", ...}.
#include <omp.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <variant>

#include "formats/read_graph.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/pipeline/road_metrics.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/error.hpp"

namespace {

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

struct Options {
  std::string path, graph;
  bool undirected = false, skip_dijkstra = false, skip_eccentricities = false, dijkstra_extremes_only = false;
  int threads = 0;
};

void Print(const char* what, const char* engine, double seconds, const gdist::SparseMetrics& m) {
  const gdist::DistanceSummary& s = m.summary;
  std::cout << "{\"what\": \"" << what << "\", \"engine\": \"" << engine << "\", \"seconds\": " << seconds
            << ", \"trees\": " << m.trees << ", \"method\": \"" << m.method << "\", \"diameter\": " << s.diameter
            << ", \"radius\": " << s.radius << ", \"center\": " << s.center.size()
            << ", \"periphery\": " << s.periphery.size()
            << ", \"median\": " << (s.median ? static_cast<double>(*s.median) : -1.0)
            << ", \"median_total\": " << s.median_total << "}" << std::endl;
}

bool Same(const gdist::SparseMetrics& a, const gdist::SparseMetrics& b) {
  const gdist::DistanceSummary &x = a.summary, &y = b.summary;
  return x.diameter == y.diameter && x.radius == y.radius && x.center == y.center && x.periphery == y.periphery &&
         x.median == y.median && x.median_total == y.median_total && x.eccentricity == y.eccentricity;
}

template <class W> int Run(const gdist::ContractionHierarchy<W>& ch, const Options& o) {
  std::unique_ptr<gdist::CsrGraph<W>> g;
  if (!o.skip_dijkstra) {
    gdist::ReadOptions read;
    read.undirected = o.undirected;
    g = std::make_unique<gdist::CsrGraph<W>>(gdist::BuildCsrGraph<W>(gdist::ReadGraph(o.graph, read)));
  }
  int failures = 0;
  for (const bool eccentricities : {false, true}) {
    if (eccentricities && o.skip_eccentricities) continue;
    const char* what = eccentricities ? "eccentricities" : "extremes+median";
    gdist::SparseMetricsRequest request;
    request.options.threads = o.threads;
    request.eccentricities = eccentricities;
    auto t0 = std::chrono::steady_clock::now();
    const gdist::SparseMetrics phast = gdist::HierarchyMetrics(ch, request, gdist::Backend::kCpu);
    Print(what, "phast-bounds", Seconds(t0), phast);
    if (!g || (eccentricities && o.dijkstra_extremes_only)) continue;
    t0 = std::chrono::steady_clock::now();
    const gdist::SparseMetrics dijkstra = gdist::ComputeSparseMetrics(*g, request);
    Print(what, "dijkstra-bounds", Seconds(t0), dijkstra);
    if (!Same(phast, dijkstra)) {
      std::cout << "{\"what\": \"" << what << "\", \"error\": \"the answers differ\"}" << std::endl;
      ++failures;
    }
  }
  return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"road_metrics_bench: exact metrics from PHAST trees vs Dijkstra trees"};
  Options o;
  app.add_option("input", o.path, "graph file or saved .gch")->required();
  app.add_option("--graph", o.graph, "the graph file (for the Dijkstra side when the input is a .gch)");
  app.add_flag("--undirected", o.undirected, "edges both ways");
  app.add_option("-j,--threads", o.threads, "threads (0: all cores)");
  app.add_flag("--skip-dijkstra", o.skip_dijkstra, "only the hierarchy's searches");
  app.add_flag("--skip-eccentricities", o.skip_eccentricities, "only the extremes and the 1-median");
  app.add_flag("--dijkstra-extremes-only", o.dijkstra_extremes_only,
               "Dijkstra's side for the extremes and the 1-median only (its every eccentricity takes long)");
  CLI11_PARSE(app, argc, argv);
  if (o.graph.empty()) o.graph = o.path;
  try {
    gdist::InputOptions input;
    input.read.undirected = o.undirected;
    const auto t0 = std::chrono::steady_clock::now();
    const gdist::LoadedHierarchy loaded = gdist::LoadHierarchy(o.path, input, o.threads);
    std::cout << "{\"what\": \"load\", \"seconds\": " << Seconds(t0) << ", \"from_file\": " << loaded.from_file
              << ", \"contract_s\": " << loaded.contract_s << "}" << std::endl;
    if (gdist::IsHierarchyInput(o.graph)) o.skip_dijkstra = true;
    return std::visit([&](const auto& ch) { return Run(ch, o); }, loaded.hierarchy);
  } catch (const std::exception& e) {
    std::cerr << "road_metrics_bench: " << e.what() << "\n";
    return 1;
  }
}
