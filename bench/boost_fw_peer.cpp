// Peer harness: Boost.Graph floyd_warshall_all_pairs_shortest_paths on the arc
// file bench/cpu_peers.py hands every peer (bench/peers/arc_file.hpp), int32
// weights, adjacency_list graph, vector-of-vectors distance matrix, one thread.
// Times the library call only (it also fills the matrix from the arcs).
//
// usage: boost_fw_peer ARCFILE [--reps R]
// Output: "boost_fw n=N reps=R best_s=.. median_s=.. relax_per_s=.. checksum=.."
// where checksum is the sum of all finite distances (must equal ours).
#include <CLI/CLI.hpp>
#include <algorithm>
// GCC 12 sees "maybe uninitialized" iterators inside Boost.Graph at -O3: a
// false positive in the library's code, not ours.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/floyd_warshall_shortest.hpp>
#pragma GCC diagnostic pop
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "bench/peers/arc_file.hpp"

int main(int argc, char** argv) {
  std::string arc_file;
  int reps = 1;
  CLI::App app{"Boost.Graph Floyd-Warshall on a bench/cpu_peers.py arc file"};
  app.add_option("arcfile", arc_file, "arc file (bench/peers/make_graph.py)")->required()->check(CLI::ExistingFile);
  app.add_option("--reps", reps, "runs (best and median reported)")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  gdist::bench::ArcFile g;
  try {
    g = gdist::bench::ReadArcFile(arc_file);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boost_fw_peer: %s\n", e.what());
    return 2;
  }
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                      boost::property<boost::edge_weight_t, int>>;
  Graph bg(g.n);
  for (const auto& a : g.arcs) boost::add_edge(a.tail, a.head, a.weight, bg);
  std::vector<double> times;
  double checksum = 0;
  for (int r = 0; r < reps; ++r) {
    std::vector<std::vector<int>> d(g.n, std::vector<int>(g.n));
    auto t0 = std::chrono::steady_clock::now();
    boost::floyd_warshall_all_pairs_shortest_paths(bg, d);
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    checksum = 0;
    for (const auto& row : d)
      for (int x : row)
        if (x != std::numeric_limits<int>::max()) checksum += x;
  }
  std::sort(times.begin(), times.end());
  const double relax = double(g.n) * g.n * g.n;
  std::printf("boost_fw n=%d reps=%d best_s=%.4f median_s=%.4f relax_per_s=%.3e checksum=%.17g\n", g.n, reps,
              times.front(), times[times.size() / 2], relax / times.front(), checksum);
  return 0;
}
