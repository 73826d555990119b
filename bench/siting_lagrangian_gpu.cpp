// The p-median's Lagrangian pass per subgradient iteration, side by side on
// one instance in one run: the GPU pass (lib/siting/lagrangian_device.hpp),
// its CPU twin (DenseMedianLagrangian, every core) and, where the sorted rows
// fit (at most 2^25 pairs), the sorted rows' pass (MedianLagrangian). Each
// pass runs the same subgradient steps from the same multipliers; the GPU
// and the twin must end on the same bits. The GPU's time is also given as a
// fraction of HBM bandwidth (matrix bytes read per pass / time). Then the
// whole p-median (gcenter's path: heuristic on the GPU, then the bound) with
// its objective, bound and gap.
//   siting_lagrangian_gpu [--shape square|rows] [--n N] [--rows K] [--p P] [--iterations I]
//                         [--twin-iterations J] [--threads T] [--seed S] [--hbm BYTES_PER_S]
//                         [--costs uniform|geometric] [--time-limit S] [--cpu-only]
// square: n x n costs, read by demand rows. rows: K candidate rows x N
// demand columns (the sparse engine's k x n candidate matrix; gathered
// demand-major on the GPU), row r the facility at demand r * (N / K).
// --costs uniform: random 1..100000 (directed); geometric: Euclidean metres
// between points uniform in a 100 km square.
#include <omp.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/lagrangian_dense.hpp"
#include "lib/siting/lagrangian_device.hpp"
#include "lib/siting/siting_models.hpp"

namespace {

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct Timed {
  double evaluate_s = 0, subgradient_s = 0, run_s = 0, bound = 0, upper = 0;
};

// Evaluate and Subgradient alone at the start multipliers, then a whole run
// of `iterations` steps (each evaluation, subgradient and every fifth pricing).
Timed TimePass(const gdist::LagrangianPass& pass, const std::vector<std::uint32_t>& start, std::size_t iterations) {
  Timed t;
  const std::vector<gdist::FacilityState> state(pass.num_candidates(), gdist::FacilityState::kFree);
  std::vector<double> lambda = gdist::StartMultipliers(pass, start), g;
  gdist::LagrangianPoint pt;
  pass.Evaluate(state, lambda, &pt);  // warm-up (first touch, GPU clocks)
  auto t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < iterations; ++i) pass.Evaluate(state, lambda, &pt);
  t.evaluate_s = Since(t0) / static_cast<double>(iterations);
  t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < iterations; ++i) pass.Subgradient(lambda, pt, &g);
  t.subgradient_s = Since(t0) / static_cast<double>(iterations);
  gdist::SubgradientOptions so;
  so.max_iterations = iterations;
  so.patience = iterations;  // every run takes all its steps
  t.upper = pass.Objective(start);
  std::vector<std::uint32_t> incumbent;
  t0 = std::chrono::steady_clock::now();
  t.bound = gdist::RunSubgradient(pass, state, &lambda, &t.upper, &incumbent, 1e300, so).bound;
  t.run_s = Since(t0) / static_cast<double>(iterations);
  return t;
}

void Report(const char* name, const Timed& t, double bytes, double hbm, const Timed* base) {
  std::printf("%-28s evaluate %9.3f ms  subgradient %8.3f ms  iteration %9.3f ms", name, 1e3 * t.evaluate_s,
              1e3 * t.subgradient_s, 1e3 * t.run_s);
  if (hbm > 0) std::printf("  %5.1f%% of HBM (evaluate)", 100 * bytes / t.evaluate_s / hbm);
  if (base) std::printf("  GPU %.1fx faster per iteration", t.run_s / base->run_s);
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::string shape = "square", costs = "uniform";
  double time_limit = 2;
  std::size_t n = 32768, rows = 1000, p = 50, iterations = 50, twin_iterations = 3;
  int threads = omp_get_max_threads();
  std::uint64_t seed = 1;
  double hbm = 2.83e12;
  bool cpu_only = false;
  CLI::App app{"the p-median's Lagrangian pass per iteration: GPU, its CPU twin, the sorted rows"};
  app.add_option("--shape", shape, "square (n x n) or rows (k candidate rows x n demands)")
      ->check(CLI::IsMember({"square", "rows"}));
  app.add_option("--costs", costs, "uniform (1..100000) or geometric (points in a 100 km square, metres)")
      ->check(CLI::IsMember({"uniform", "geometric"}));
  app.add_option("--time-limit", time_limit, "the p-median's seconds of local search and of bound (gcenter: 2)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--n", n, "demands (and candidates when square)")
      ->check(CLI::Range(std::size_t{2}, std::size_t{1} << 22));
  app.add_option("--rows", rows, "candidate rows (shape rows)")
      ->check(CLI::Range(std::size_t{2}, std::size_t{1} << 20));
  app.add_option("--p", p, "sites")->check(CLI::PositiveNumber);
  app.add_option("--iterations", iterations, "GPU (and sorted rows) iterations timed")->check(CLI::PositiveNumber);
  app.add_option("--twin-iterations", twin_iterations, "CPU twin iterations timed")->check(CLI::PositiveNumber);
  app.add_option("--threads", threads, "CPU threads")->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "seed of the random costs");
  app.add_option("--hbm", hbm, "device memory bandwidth, bytes/s (H100: 2.83e12)");
  app.add_flag("--cpu-only", cpu_only, "skip the GPU (a dry run of the harness on a machine without one)");
  CLI11_PARSE(app, argc, argv);

  auto t0 = std::chrono::steady_clock::now();
  const bool square = shape == "square";
  const std::size_t stored_rows = square ? n : rows;
  std::vector<std::int32_t> cells(stored_rows * n);
  std::vector<double> x(n), y(n);  // geometric: the demands' points; row r's facility is demand r * (n / rows)
  std::mt19937_64 point_rng(seed);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = 100000.0 * std::generate_canonical<double, 53>(point_rng),
    y[i] = 100000.0 * std::generate_canonical<double, 53>(point_rng);
  const std::size_t row_step = square ? 1 : n / rows;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::size_t r = 0; r < stored_rows; ++r) {
    std::mt19937_64 rng(seed * 1000003 + r);
    std::uniform_int_distribution<std::int32_t> cost(1, 100000);
    const std::size_t f = r * row_step;
    for (std::size_t c = 0; c < n; ++c)
      cells[r * n + c] = f == c ? 0
                         : costs == "uniform"
                             ? cost(rng)
                             : static_cast<std::int32_t>(std::lround(std::hypot(x[f] - x[c], y[f] - y[c])));
  }
  std::printf("%s: %zu x %zu %s int32 costs (%.2f GB), p %zu, %d CPU threads, generated in %.1f s\n", shape.c_str(),
              stored_rows, n, costs.c_str(), 4.0 * static_cast<double>(cells.size()) / 1e9, p, threads, Since(t0));
  gdist::SitingInput input;
  input.threads = threads;
  input.backend = cpu_only ? gdist::Backend::kCpu : gdist::Backend::kGpu;
  input.direction = gdist::Direction::kIn;  // square: demand rows, read as they are
  std::vector<std::uint32_t> row_vertex(rows);
  for (std::size_t r = 0; r < rows; ++r) row_vertex[r] = static_cast<std::uint32_t>(r * row_step);
  t0 = std::chrono::steady_clock::now();
  const gdist::MatrixView<std::int32_t> view{cells.data(), n, n};
  const auto prob = square ? std::make_unique<gdist::SitingProblem<std::int32_t>>(view, input)
                           : std::make_unique<gdist::SitingProblem<std::int32_t>>(view, row_vertex, input);
  const std::size_t nd = prob->num_demands(), m = prob->num_candidates();
  const double penalty = gdist::UnreachablePenalty(prob->max_finite());
  std::printf("problem setup (upload, range pass) %.2f s: %zu demands x %zu candidates, %s\n", Since(t0), nd, m,
              prob->backend_note().c_str());
  t0 = std::chrono::steady_clock::now();
  const std::vector<double> caps = gdist::DenseCaps(*prob, penalty, p);
  std::printf("multiplier caps (host, one selection per row) %.2f s\n", Since(t0));
  std::vector<std::uint32_t> start;
  for (std::size_t i = 0; i < p; ++i) start.push_back(static_cast<std::uint32_t>(i * (m / p)));
  const double bytes = static_cast<double>(nd) * static_cast<double>(m) * sizeof(std::int32_t);

  const gdist::DenseMedianLagrangian<std::int32_t> twin(*prob, penalty, p, caps);
  const auto gpu = cpu_only ? std::make_unique<gdist::DenseMedianLagrangian<std::int32_t>>(twin)
                            : gdist::MakeGpuMedianLagrangian(prob->device(), prob->weights(), penalty, p, caps);
  const Timed g = TimePass(*gpu, start, iterations);
  Report(cpu_only ? "(twin in the GPU's place)" : "GPU pass", g, bytes, hbm, nullptr);
  if (!cpu_only) {
    const double kernel_s =
        gdist::GpuRhoPassSeconds(*gpu, gdist::StartMultipliers(*gpu, start), static_cast<int>(iterations));
    std::printf(
        "GPU rho pass alone (CUDA events) %.3f ms: %.1f%% of HBM; the rest of an evaluation is the\n"
        "  multipliers' upload, rho's download and the host's sum of the multipliers\n",
        1e3 * kernel_s, 100 * bytes / kernel_s / hbm);
  }
  const Timed t = TimePass(twin, start, twin_iterations);
  Report("CPU twin (every core)", t, 0, 0, &g);
  // The same steps on both: the same bits.
  const Timed g_short = TimePass(*gpu, start, twin_iterations);
  std::printf("after %zu steps: GPU bound %.17g, twin bound %.17g: %s\n", twin_iterations, g_short.bound, t.bound,
              g_short.bound == t.bound && g_short.upper == t.upper ? "equal bits" : "DIFFERENT");
  if (nd * m <= gdist::kMaxSortedCostEntries) {
    t0 = std::chrono::steady_clock::now();
    const gdist::SortedCosts sorted = *gdist::BuildSortedCosts(*prob, penalty);
    std::printf("sorted rows built in %.2f s\n", Since(t0));
    const gdist::MedianLagrangian lag(sorted, p, threads);
    const Timed s = TimePass(lag, start, iterations);
    Report("CPU sorted rows", s, 0, 0, &g);
    std::printf("after %zu steps: GPU bound %.17g, sorted rows bound %.17g\n", iterations, g.bound, s.bound);
  } else {
    std::printf("CPU sorted rows: %zu pairs, past their limit of %zu (no bound on the CPU)\n", nd * m,
                gdist::kMaxSortedCostEntries);
  }

  gdist::SitingOptions options;  // gcenter's defaults: 2 s of local search, 2 s of bound
  options.time_limit_s = time_limit;
  t0 = std::chrono::steady_clock::now();
  const gdist::SitingResult r = gdist::SolvePMedian(*prob, p, options);
  std::printf("p-median (GPU heuristic + bound) %.2f s: objective %.0f, lower bound %.0f, gap %.3f%% (%s)\n", Since(t0),
              r.objective, r.bound, 100 * r.gap(), r.bound_method.c_str());
  return 0;
}
