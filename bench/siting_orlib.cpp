// OR-Library pmed1-pmed40: our p-median and p-center objectives against the
// published optima (pmedopt.txt: Beasley 1985; kcenteropt.txt: Pullan 2008),
// with the time each solve takes. Prints a Markdown table.
//   siting_orlib [DATA_DIR] [--only N] [--time-limit S] [--threads T]
// DATA_DIR defaults to ../shared/data/orlib-pmed beside the checkout.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include <variant>

#include "bench/orlib_instance.hpp"
#include "formats/orlib_optima.hpp"
#include "lib/siting/siting_models.hpp"

namespace {

double Seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) try {
  std::string dir = "../shared/data/orlib-pmed";
  int only = 0, threads = 2;
  gdist::SitingOptions options;
  CLI::App app{"OR-Library pmed1-pmed40 against the published optima"};
  app.add_option("data_dir", dir, "folder with pmedN.txt, pmedopt.txt and kcenteropt.txt");
  app.add_option("--only", only, "run instance pmedN only")->check(CLI::Range(1, 40));
  app.add_option("--time-limit", options.time_limit_s, "seconds per solve");
  app.add_option("--threads", threads, "CPU threads")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  const auto median_opt = gdist::ReadOrlibOptima(dir + "/pmedopt.txt");
  const auto center_opt = gdist::ReadOrlibOptima(dir + "/kcenteropt.txt");
  std::printf(
      "| instance | n | p | APSP s | p-median opt | ours | gap %% | time s | p-center opt | ours | gap %% | time s "
      "|\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  int median_equal = 0, center_equal = 0, median_within = 0, center_within = 0, count = 0;
  double worst_median_gap = 0, worst_center_gap = 0, max_median_t = 0, max_center_t = 0;
  for (int i = 1; i <= 40; ++i) {
    if (only && i != only) continue;
    const std::string name = "pmed" + std::to_string(i);
    auto t0 = std::chrono::steady_clock::now();
    const gdist::bench::OrlibInstance inst = gdist::bench::ReadOrlibInstance(dir + "/" + name + ".txt");
    const double apsp_s = Seconds(t0);
    gdist::SitingInput input;
    input.symmetric = true;
    input.threads = threads;
    gdist::SitingProblem<std::int32_t> prob(inst.dist.view(), input);

    t0 = std::chrono::steady_clock::now();
    const gdist::SitingResult med = gdist::SolvePMedian(prob, inst.p, options);
    const double med_s = Seconds(t0);
    t0 = std::chrono::steady_clock::now();
    const gdist::SitingResult cen = gdist::SolvePCenter(prob, inst.p, options);
    const double cen_s = Seconds(t0);

    const double mo = median_opt.at(name), co = center_opt.at(name);
    const double mg = 100.0 * (med.objective - mo) / mo, cg = 100.0 * (cen.objective - co) / co;
    ++count;
    median_equal += med.objective == mo;
    center_equal += cen.objective == co;
    median_within += mg <= 0.5;
    center_within += cg <= 5.0;
    worst_median_gap = std::max(worst_median_gap, mg);
    worst_center_gap = std::max(worst_center_gap, cg);
    max_median_t = std::max(max_median_t, med_s);
    max_center_t = std::max(max_center_t, cen_s);
    std::printf("| %s | %zu | %zu | %.3f | %.0f | %.0f | %.2f | %.3f | %.0f | %.0f | %.2f | %.3f |\n", name.c_str(),
                inst.dist.n(), inst.p, apsp_s, mo, med.objective, mg, med_s, co, cen.objective, cg, cen_s);
    std::fflush(stdout);
  }
  std::printf("\np-median: equal to the optimum on %d of %d, within 0.5%% on %d, worst gap %.2f%%, slowest %.2f s\n",
              median_equal, count, median_within, worst_median_gap, max_median_t);
  std::printf("p-center: equal to the optimum on %d of %d, within 5%% on %d, worst gap %.2f%%, slowest %.2f s\n",
              center_equal, count, center_within, worst_center_gap, max_center_t);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "siting_orlib: %s\n", e.what());
  return 2;
}
