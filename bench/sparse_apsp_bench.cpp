// All pairs on sparse graphs: gdist's trees (gapsp --algorithm dijkstra:
// SolveApspByTrees, BFS / radix-heap Dijkstra per source, parallel over
// sources) against Boost.Graph's johnson_all_pairs_shortest_paths (one
// thread) and gdist's own Floyd-Warshall (SolveApsp, CPU), on one arc file
// (bench/peers/make_graph.py, or a real graph written by sparse_apsp_race.sh).
// Times the APSP call only; every result's checksum (sum of the finite
// distances) must agree, and ours must equal Floyd-Warshall element by element.
//
// usage: sparse_apsp_bench ARCFILE [--reps R] [--threads T] [--skip-boost] [--skip-fw] [--undirected]
// Output: one line per run, "name n=.. arcs=.. threads=.. best_s=.. median_s=.. checksum=..", then
// the cost model's estimates for this graph.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>
// GCC 12 sees "maybe uninitialized" iterators inside Boost.Graph at -O3: a
// false positive in the library's code, not ours.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/johnson_all_pairs_shortest.hpp>
#pragma GCC diagnostic pop

#include "bench/peers/arc_file.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/graph/dial_queue.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/plan/planner.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/tree_apsp.hpp"

namespace {

struct Timing {
  double best = 0, median = 0;
};

Timing Time(int reps, const std::function<void()>& run) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return {t.front(), t[t.size() / 2]};
}

double Checksum(const gdist::DistMatrix<std::int32_t>& m) {
  double s = 0;
  for (std::size_t i = 0; i < m.n(); ++i)
    for (std::size_t j = 0; j < m.n(); ++j)
      if (m.at(i, j) < gdist::DistMatrix<std::int32_t>::kInf) s += m.at(i, j);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::string arc_file;
  int reps = 1, threads = 2;
  bool skip_boost = false, skip_fw = false, undirected = false;
  CLI::App app{"gdist trees vs Boost.Graph Johnson and gdist Floyd-Warshall on an arc file"};
  app.add_option("arcfile", arc_file, "arc file (bench/peers/make_graph.py)")->required()->check(CLI::ExistingFile);
  app.add_option("--reps", reps, "runs (best and median reported)")->check(CLI::PositiveNumber);
  app.add_option("--threads", threads, "threads of the gdist runs")->check(CLI::PositiveNumber);
  app.add_flag("--skip-boost", skip_boost, "leave Boost.Graph out");
  app.add_flag("--skip-fw", skip_fw, "leave gdist's Floyd-Warshall out");
  app.add_flag("--undirected", undirected, "the arcs are edges (both ways), as 4elt's METIS graph");
  CLI11_PARSE(app, argc, argv);
  gdist::bench::ArcFile arcs;
  try {
    arcs = gdist::bench::ReadArcFile(arc_file);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "sparse_apsp_bench: %s\n", e.what());
    return 2;
  }
  gdist::Graph g;
  g.n = static_cast<std::size_t>(arcs.n);
  g.directed = !undirected;
  g.labels = gdist::VertexLabels::Range(g.n, 0);
  g.format_name = "arc file";
  for (const auto& a : arcs.arcs)
    g.edges.push_back({static_cast<std::uint32_t>(a.tail), static_cast<std::uint32_t>(a.head), double(a.weight)});
  const gdist::CsrGraph<std::int32_t> csr = gdist::BuildCsrGraph<std::int32_t>(g);
  // TreeRows runs Dial's bucket queue where the tree method is the radix heap and the weights are small.
  const bool dial = gdist::TreeMethodFor(csr) == gdist::TreeMethod::kDijkstraRadix &&
                    static_cast<std::uint64_t>(csr.max_abs_weight) + 1 <= gdist::kDialMaxBuckets;
  const char* method = dial ? "dijkstra-dial" : gdist::TreeMethodName(gdist::TreeMethodFor(csr));

  gdist::DistMatrix<std::int32_t> trees;
  const Timing ours = Time(reps, [&] {
    trees = gdist::DistMatrix<std::int32_t>(g.n);
    gdist::SolveApspByTrees(csr, trees, threads);
  });
  const double ours_sum = Checksum(trees);
  std::printf("gdist_trees method=%s n=%zu arcs=%zu threads=%d reps=%d best_s=%.4f median_s=%.4f checksum=%.17g\n",
              method, g.n, csr.arc_count(), threads, reps, ours.best, ours.median, ours_sum);
  std::fflush(stdout);

  if (!skip_fw) {
    gdist::DistMatrix<std::int32_t> fw;
    gdist::ApspOptions o;
    o.backend = gdist::Backend::kCpu;
    o.threads = threads;
    const Timing t = Time(reps, [&] {
      fw = gdist::BuildAdjacency<std::int32_t>(g, {});
      gdist::SolveApsp(fw, o);
    });
    const bool same = std::memcmp(fw.data(), trees.data(), fw.payload_bytes()) == 0;
    std::printf("gdist_fw n=%zu threads=%d reps=%d best_s=%.4f median_s=%.4f checksum=%.17g identical=%s\n", g.n,
                threads, reps, t.best, t.median, Checksum(fw), same ? "yes" : "NO");
    std::fflush(stdout);
    if (!same) return 1;
  }

  if (!skip_boost) {
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                        boost::property<boost::edge_weight_t, int>>;
    Graph bg(g.n);
    for (const auto& a : arcs.arcs) {
      boost::add_edge(a.tail, a.head, a.weight, bg);
      if (undirected) boost::add_edge(a.head, a.tail, a.weight, bg);
    }
    std::vector<std::vector<int>> d;
    const Timing t = Time(reps, [&] {
      d.assign(g.n, std::vector<int>(g.n));
      boost::johnson_all_pairs_shortest_paths(bg, d);
    });
    double sum = 0;
    for (const auto& row : d)
      for (int x : row)
        if (x != std::numeric_limits<int>::max()) sum += x;
    std::printf("boost_johnson n=%zu threads=1 reps=%d best_s=%.4f median_s=%.4f checksum=%.17g ratio=%.2f\n", g.n,
                reps, t.best, t.median, sum, t.best / ours.best);
    if (sum != ours_sum) return 1;
  }
  // The run's plan on the CPU (no GPU probed): both estimates of the cost model.
  const gdist::RunPlan plan =
      gdist::PlanDistances({}, {g.n, csr.arc_count(), gdist::TreeMethodFor(csr), gdist::ElementType::kInt32, true},
                           gdist::RunContext(threads, gdist::Backend::kCpu));
  std::printf("cost_model trees_s=%.3f fw_s=%.3f\n", plan.trees_s, plan.fw_s);
  return 0;
}
