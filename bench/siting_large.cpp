// p-median at scale: a random geometric distance matrix (points uniform in a
// 100 km square, int32 Euclidean metres; 4.3 GB at n = 32768), p sites, the
// phases timed separately: greedy, first local optimum of the fast
// interchange, then the iterated local search up to --time-limit; once per
// backend asked for, on the same matrix, so CPU and GPU compare in one run.
// --matrix reads a .gdm instead (siting_make_matrix writes the other families);
// a directed one is sited in direction out, as gcenter does by default.
//   siting_large [--n N] [--p P] [--threads T] [--time-limit S] [--seed S] [--backends cpu,gpu] [--matrix F.gdm]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "bench/geometric_matrix.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/greedy_add.hpp"
#include "lib/siting/interchange.hpp"
#include "lib/siting/siting_models.hpp"

namespace {

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = 32768, p = 50;
  int threads = 2;
  double time_limit = 20;
  std::uint64_t seed = 1;
  std::string backends = "cpu";
  std::string matrix_path;
  CLI::App app{"p-median at scale: greedy, local optimum and iterated local search timed per backend"};
  app.add_option("--n", n, "vertices of the random geometric matrix")
      ->check(CLI::Range(std::size_t{2}, std::size_t{1} << 20));
  app.add_option("--p", p, "sites")->check(CLI::PositiveNumber);
  app.add_option("--threads", threads, "CPU threads")->check(CLI::PositiveNumber);
  app.add_option("--time-limit", time_limit, "seconds of iterated local search")->check(CLI::NonNegativeNumber);
  app.add_option("--seed", seed, "seed of the random matrix");
  app.add_option("--backends", backends, "comma-separated: cpu,gpu");
  app.add_option("--matrix", matrix_path, "a .gdm instead of the random matrix")->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);
  auto t0 = std::chrono::steady_clock::now();
  gdist::DistMatrix<std::int32_t> d;
  if (!matrix_path.empty()) {
    gdist::MappedMatrixFile file(matrix_path, /*verify_crc=*/false);
    d = gdist::LoadMatrix<std::int32_t>(file);
    n = d.n();
    std::printf("n %zu, p %zu, threads %d: %s (%s) loaded in %.1f s\n", n, p, threads, matrix_path.c_str(),
                d.meta().directed ? "directed" : "undirected", Since(t0));
  } else {
    d = gdist::DistMatrix<std::int32_t>(n);
    gdist::bench::FillGeometric(d, seed);
    std::printf("n %zu, p %zu, threads %d: matrix %.1f GB generated in %.1f s\n", n, p, threads,
                static_cast<double>(d.payload_bytes()) / 1e9, Since(t0));
  }

  double first_total = 0;
  for (std::size_t start = 0; start < backends.size();) {
    const std::size_t comma = std::min(backends.find(',', start), backends.size());
    const std::string name = backends.substr(start, comma - start);
    start = comma + 1;
    gdist::SitingInput input;
    input.symmetric = !d.meta().directed;
    input.threads = threads;
    if (!gdist::ParseBackend(name, &input.backend)) {
      std::fprintf(stderr, "unknown backend %s\n", name.c_str());
      return 2;
    }
    t0 = std::chrono::steady_clock::now();
    const gdist::SitingProblem<std::int32_t> prob(d.view(), input);
    const double setup_s = Since(t0);
    const gdist::MedianCost<std::int32_t> model{gdist::UnreachablePenalty(prob.max_finite())};

    t0 = std::chrono::steady_clock::now();
    const std::vector<std::uint32_t> greedy = gdist::GreedyAdd(prob, model, p);
    const double greedy_s = Since(t0);
    const double greedy_obj = gdist::Assign(prob, greedy).total;

    t0 = std::chrono::steady_clock::now();
    gdist::Interchange<std::int32_t, gdist::MedianCost<std::int32_t>> engine(prob, model, greedy, 0);
    const double build_s = Since(t0);
    t0 = std::chrono::steady_clock::now();
    const std::size_t swaps = engine.LocalSearch();
    const double ls_s = Since(t0);
    const double ls_obj = engine.objective();

    t0 = std::chrono::steady_clock::now();
    gdist::SwapSearchOptions so;
    so.max_rounds = 1000000;
    so.time_limit_s = time_limit;
    so.seed = seed;
    double ils_obj = 0;
    gdist::SwapSearch(prob, model, engine.sites(), 0, so, &ils_obj);
    const double ils_s = Since(t0);

    const double total = setup_s + greedy_s + build_s + ls_s;
    if (first_total == 0) first_total = total;
    std::printf("-- backend %s: %s\n", name.c_str(), prob.backend_note().c_str());
    std::printf("problem setup (max pass, upload)   %.2f s\n", setup_s);
    std::printf("greedy (incremental gains)         %.2f s  objective %.0f\n", greedy_s, greedy_obj);
    std::printf("interchange structures (1 pass)    %.2f s\n", build_s);
    std::printf("fast interchange to local optimum  %.2f s  %zu swaps, objective %.0f (%.3f%% below greedy)\n", ls_s,
                swaps, ls_obj, 100 * (greedy_obj - ls_obj) / greedy_obj);
    std::printf("greedy + local optimum, total      %.2f s  (first backend / this one: %.1fx)\n", total,
                first_total / total);
    std::printf("iterated local search (limit %.0f s) %.2f s  objective %.0f (%.3f%% below the local optimum)\n",
                time_limit, ils_s, ils_obj, 100 * (ls_obj - ils_obj) / ls_obj);
    std::fflush(stdout);
  }
  return 0;
}
