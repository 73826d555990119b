// The sparse engine's metrics on one graph, each timed alone (the algorithm
// call only, after reading and building the CSR graph): the numbers
// bench/sparse_peers.py sets beside NetworKit's in the same run.
//   sparse_bench GRAPH [--undirected] [-j T] [--what extremes,median,eccentricities,centrality] [--reps R]
// One JSON object per line: {"what", "seconds" (best), "median_seconds", result fields}.
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <numeric>
#include <sstream>

#include "formats/read_graph.hpp"
#include "lib/metrics/sparse_all_eccentricities.hpp"
#include "lib/metrics/sparse_closeness_bounds.hpp"
#include "lib/metrics/sparse_eccentricity_bounds.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/error.hpp"

namespace {

template <class F> std::pair<double, double> Time(int reps, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return {t.front(), t[t.size() / 2]};
}

template <class W> void Run(const gdist::CsrGraph<W>& g, const std::vector<std::string>& what, int threads, int reps) {
  const gdist::VertexLabels& labels = g.labels;
  auto line = [&](const std::string& name, std::pair<double, double> t, const std::string& fields) {
    std::cout << "{\"what\": \"" << name << "\", \"n\": " << g.n << ", \"arcs\": " << g.arc_count()
              << ", \"threads\": " << threads << ", \"seconds\": " << t.first << ", \"median_seconds\": " << t.second
              << fields << "}" << std::endl;
  };
  for (const std::string& w : what) {
    std::ostringstream f;
    f.precision(17);  // totals past a million print whole
    if (w == "diameter" || w == "extremes") {
      gdist::GraphExtremes x;
      const auto t = Time(reps, [&] { x = gdist::BoundedExtremes(g, threads, w == "diameter"); });
      f << ", \"diameter\": " << x.diameter << ", \"pair\": [\"" << labels.label(x.diameter_from) << "\", \""
        << labels.label(x.diameter_to) << "\"]";
      if (w == "extremes")
        f << ", \"radius\": " << x.radius << ", \"center_size\": " << x.center.size() << ", \"center_first\": \""
          << labels.label(x.center.front()) << "\", \"periphery_size\": " << x.periphery.size();
      f << ", \"bounding_trees\": " << x.bounding_trees << ", \"exact_eccentricities\": " << x.exact_eccentricities;
      line(w, t, f.str());
    } else if (w == "median") {
      gdist::MedianResult m;
      const auto t = Time(reps, [&] { m = gdist::BoundedMedian(g, threads); });
      f << ", \"median\": \"" << labels.label(m.vertex) << "\", \"total\": " << m.total
        << ", \"landmark_trees\": " << m.landmark_trees << ", \"exact_totals\": " << m.exact_totals;
      line(w, t, f.str());
    } else if (w == "eccentricities") {
      if (!gdist::EccentricityBoundingApplies(g))
        throw gdist::Error("--what eccentricities: needs a connected graph with integer weights");
      gdist::AllEccentricities e;
      const auto t = Time(reps, [&] { e = gdist::BoundedEccentricities(g, threads); });
      double checksum = 0, top = 0, least = e.eccentricity.empty() ? 0 : e.eccentricity[0].ToDouble();
      for (const gdist::MetricNumber& m : e.eccentricity) {
        const double x = m.ToDouble();
        checksum += x;
        top = std::max(top, x);
        least = std::min(least, x);
      }
      f << ", \"eccentricity_sum\": " << checksum << ", \"diameter\": " << top << ", \"radius\": " << least
        << ", \"trees\": " << e.trees;
      line(w, t, f.str());
    } else if (w == "eccentricities-every-tree") {
      const gdist::ShortestPathTrees<W> trees(g);
      std::vector<std::uint32_t> all(g.n);
      std::iota(all.begin(), all.end(), 0u);
      gdist::TreeRowsRequest req;
      req.summary = false;
      req.eccentricity_only = true;
      double checksum = 0, top = 0;
      const auto t = Time(reps, [&] {
        const gdist::TreeRows rows = gdist::ComputeTreeRows(trees, all, req, threads);
        checksum = top = 0;
        for (const auto& r : rows.summary) {
          checksum += r.farthest.value;
          top = std::max(top, r.farthest.value);
        }
      });
      f << ", \"eccentricity_sum\": " << checksum << ", \"diameter\": " << top;
      line(w, t, f.str());
    } else if (w == "centrality") {
      gdist::SparseMetricsRequest req;
      req.options.threads = threads;
      req.every_vertex = true;
      req.centrality = true;
      gdist::SparseMetrics m;
      const auto t = Time(reps, [&] { m = gdist::ComputeSparseMetrics(g, req); });
      f << ", \"diameter\": " << m.summary.diameter << ", \"median\": \"" << labels.label(*m.summary.median)
        << "\", \"average_path_length\": " << m.centrality.average_path_length;
      line(w, t, f.str());
    } else {
      throw gdist::Error("--what: unknown '" + w + "'");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"sparse engine metrics, each timed alone", "sparse_bench"};
  std::string path, what = "diameter,extremes,median";
  bool undirected = false;
  int threads = 2, reps = 3;
  app.add_option("GRAPH", path)->required();
  app.add_flag("--undirected", undirected);
  app.add_option("-j,--threads", threads);
  app.add_option(
      "--what", what,
      "comma list: diameter, extremes, median, eccentricities (bounded), eccentricities-every-tree, centrality");
  app.add_option("--reps", reps);
  CLI11_PARSE(app, argc, argv);
  try {
    gdist::ReadOptions ro;
    ro.undirected = undirected;
    gdist::Graph g = gdist::ReadGraph(path, ro);
    std::vector<std::string> list;
    std::stringstream ss(what);
    for (std::string item; std::getline(ss, item, ',');) list.push_back(item);
    return gdist::DispatchElement(gdist::ChooseElementType(g), [&](auto zero) {
      using W = decltype(zero);
      const gdist::CsrGraph<W> csr = gdist::BuildCsrGraph<W>(g);
      g = gdist::Graph{};
      Run(csr, list, threads, reps);
      return 0;
    });
  } catch (const std::exception& e) {
    std::cerr << "sparse_bench: " << e.what() << "\n";
    return 2;
  }
}
