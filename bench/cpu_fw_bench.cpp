// Times CpuFloydWarshall (the engine call only) on one graph, per element type
// and thread count; prints relax/s = n^3 / seconds and the fraction of the
// 4.1e10 relax/s min-plus ceiling of our 2-core machines (shared/docs/anchors.md).
//
// usage: cpu_fw_bench (--graph ARCFILE | --n N [--seed S] [--max-weight W | --unweighted]) [--threads 1,2]
//                     [--types int32,float32,int64,auto] [--reps R] [--isa avx512|avx2|portable]
// --graph reads bench/peers/make_graph.py output (the graph the peers time);
// --n draws a random graph with n^2/10 arcs, weights 0..W here (default 1000),
// or all 1 (--unweighted).
// Type "auto" is the int32 matrix as SolveApsp runs it: the precision choice
// (lib/engine/precision_choice.hpp, its graph-bound proof timed too), then the
// 16-bit engine (conversions included) when the proof holds, else int32; its
// line names the width chosen (element_bits) and must give int32's checksum.
// Output: one "cpu ..." line per configuration (parsed by bench/cpu_peers.py).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "bench/peers/arc_file.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/precision_choice.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace {

constexpr double kCeiling = 4.1e10;  // relax/s, both cores, L1-resident micro-kernel

std::vector<std::string> SplitCommas(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

// max_weight 0: every weight 1 (unweighted).
gdist::bench::ArcFile RandomGraph(int n, unsigned seed, int max_weight) {
  gdist::bench::ArcFile g;
  g.n = n;
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> vertex(0, n - 1), weight(max_weight > 0 ? 0 : 1, std::max(max_weight, 1));
  const std::size_t m = std::size_t(n) * n / 10;
  for (std::size_t e = 0; e < m; ++e) {
    int u = vertex(rng), v = vertex(rng);
    if (u != v) g.arcs.push_back({u, v, weight(rng)});  // duplicates: the matrix keeps the min
  }
  return g;
}

double ProcessCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Wall seconds of the engine call; *cpu_s gets the process CPU seconds it
// used, which shows how much of the wall time other jobs took from us.
// `automatic` (T = int32 only): choose the width as SolveApsp does, inside the
// timed region; *bits gets the width used.
template <class T> double TimeOnce(const gdist::bench::ArcFile& g, int threads, gdist::CpuIsa isa, bool automatic,
                                   double* checksum, double* cpu_s, int* bits) {
  gdist::DistMatrix<T> m(g.n);
  double max_w = 0;
  for (const auto& a : g.arcs) {
    m.at(a.tail, a.head) = std::min<T>(m.at(a.tail, a.head), T(a.weight));
    max_w = std::max(max_w, double(a.weight));
  }
  const double c0 = ProcessCpuSeconds();
  auto t0 = std::chrono::steady_clock::now();
  *bits = int(8 * sizeof(T));
  if constexpr (std::is_same_v<T, std::int32_t>) {
    if (automatic) {
      *bits = gdist::ChoosePrecision(m.view(), max_w, false, true).element_bits;
      if (*bits == 16 && !gdist::CpuFloydWarshallInt16(m.data(), m.stride(), threads, isa)) *bits = 32;
    }
  }
  if (*bits != 16) gdist::CpuFloydWarshallIsa(m.data(), m.stride(), threads, isa);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  *cpu_s = ProcessCpuSeconds() - c0;
  double sum = 0;  // exact for integer distances; must match the peers' checksums
  for (std::size_t i = 0; i < m.n(); ++i)
    for (std::size_t j = 0; j < m.n(); ++j)
      if (m.at(i, j) < gdist::DistMatrix<T>::kInf) sum += double(m.at(i, j));
  *checksum = sum;
  return s;
}

template <class T> void Run(const char* type, const gdist::bench::ArcFile& g, int threads, int reps, gdist::CpuIsa isa,
                            bool automatic = false) {
  std::vector<double> times;
  double checksum = 0, cpu_s = 0, best_cpu_s = 1e300;
  int bits = 0;
  for (int r = 0; r < reps; ++r) {
    times.push_back(TimeOnce<T>(g, threads, isa, automatic, &checksum, &cpu_s, &bits));
    best_cpu_s = std::min(best_cpu_s, cpu_s);
  }
  std::sort(times.begin(), times.end());
  const double best = times.front(), median = times[times.size() / 2];
  const double relax = double(g.n) * g.n * g.n;
  std::printf(
      "cpu n=%d type=%s threads=%d isa=%s reps=%d best_s=%.4f median_s=%.4f relax_per_s=%.3e "
      "ceiling_frac=%.2f min_cpu_s=%.4f checksum=%.17g element_bits=%d\n",
      g.n, type, threads, gdist::CpuIsaName(isa), reps, best, median, relax / best, relax / best / kCeiling, best_cpu_s,
      checksum, bits);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::string graph, threads_arg = "1,2", types_arg = "int32,float32";
  int n = 0, reps = 3, max_weight = 1000;
  unsigned seed = 1;
  gdist::CpuIsa isa = gdist::ActiveCpuIsa();
  std::string isa_name;
  CLI::App app{"CPU blocked Floyd-Warshall: relaxations per second per type and thread count"};
  app.add_option("--graph", graph, "arc file (else a random graph of --n vertices)")->check(CLI::ExistingFile);
  app.add_option("--n", n, "vertices of the random graph")->check(CLI::Range(2, 1 << 20));
  app.add_option("--seed", seed, "seed of the random graph");
  app.add_option("--max-weight", max_weight, "largest random weight")->check(CLI::PositiveNumber);
  app.add_flag_callback(
      "--unweighted", [&] { max_weight = 0; }, "all weights 1");
  app.add_option("--threads", threads_arg, "comma-separated thread counts");
  app.add_option("--types", types_arg, "comma-separated: int32,float32,int64,auto");
  app.add_option("--reps", reps, "runs per configuration (best and median reported)")->check(CLI::PositiveNumber);
  app.add_option("--isa", isa_name, "kernel ISA (capped at what the CPU has)")
      ->check(CLI::IsMember({"portable", "avx2", "avx512"}));
  CLI11_PARSE(app, argc, argv);
  if (!isa_name.empty()) {
    isa = isa_name == "avx512" ? gdist::CpuIsa::kAvx512
          : isa_name == "avx2" ? gdist::CpuIsa::kAvx2
                               : gdist::CpuIsa::kPortable;
    isa = std::min(isa, gdist::DetectCpuIsa());
  }
  if (graph.empty() && n <= 1) {
    std::fprintf(stderr, "cpu_fw_bench: give --graph ARCFILE or --n N (N >= 2)\n");
    return 2;
  }
  gdist::bench::ArcFile g;
  try {
    g = graph.empty() ? RandomGraph(n, seed, max_weight) : gdist::bench::ReadArcFile(graph);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cpu_fw_bench: %s\n", e.what());
    return 2;
  }
  for (const std::string& t : SplitCommas(types_arg))
    for (const std::string& th : SplitCommas(threads_arg)) {
      const int threads = std::atoi(th.c_str());
      if (t == "int32") Run<std::int32_t>("int32", g, threads, reps, isa);
      else if (t == "float32") Run<float>("float32", g, threads, reps, isa);
      else if (t == "int64") Run<std::int64_t>("int64", g, threads, reps, isa);
      else if (t == "auto") Run<std::int32_t>("auto", g, threads, reps, isa, true);
      else {
        std::fprintf(stderr, "cpu_fw_bench: unknown type %s\n", t.c_str());
        return 2;
      }
    }
  return 0;
}
