// Proven siting answers on OR-Library pmed instances: each model with
// --exact (SitingOptions::exact) under a time limit, printed as one JSON line
// per instance and model (objective, bound, gap, proven, seconds, published
// optimum where there is one). bench/siting_proofs_race.sh runs it beside
// spopt and makes the table.
//   siting_proofs DATA_DIR --instances 1-40|11,26 --models median,center,lscp,mclp
//                 [--time-limit S] [--threads T] [--cover-p P] [--dump DIR]
// lscp and mclp run at the radius of the instance's proven 10-center optimum
// (mclp with --cover-p sites, default 5). --dump DIR writes each instance's
// distance matrix as DIR/pmedN.txt (n lines of n integers) for the peer.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "bench/orlib_instance.hpp"
#include "formats/orlib_optima.hpp"
#include "lib/siting/siting_models.hpp"

namespace {

std::vector<int> ParseInstances(const std::string& s) {
  std::vector<int> out;
  std::stringstream ss(s);
  std::string part;
  while (std::getline(ss, part, ',')) {
    const auto dash = part.find('-');
    if (dash == std::string::npos) out.push_back(std::stoi(part));
    else
      for (int i = std::stoi(part.substr(0, dash)); i <= std::stoi(part.substr(dash + 1)); ++i) out.push_back(i);
  }
  return out;
}

void Print(const std::string& name, std::size_t n, const char* model, double param, const gdist::SitingResult& r,
           double seconds, double published) {
  std::printf(
      "{\"instance\": \"%s\", \"n\": %zu, \"model\": \"%s\", \"param\": %.17g, \"objective\": %.17g, "
      "\"bound\": %s, \"gap\": %s, \"proven\": %s, \"time_s\": %.4f, \"published\": %s, \"proof\": \"%s\"}\n",
      name.c_str(), n, model, param, r.objective, r.has_bound() ? std::to_string(r.bound).c_str() : "null",
      r.has_bound() ? std::to_string(r.gap()).c_str() : "null", r.optimal ? "true" : "false", seconds,
      published >= 0 ? std::to_string(published).c_str() : "null", r.bound_method.c_str());
  std::fflush(stdout);
}

double Seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "../shared/data/orlib-pmed", instances = "1-40", models = "median,center", dump;
  int threads = 2;
  std::size_t cover_p = 5;
  gdist::SitingOptions options;
  options.exact = true;
  options.proof_time_limit_s = 60;
  CLI::App app{"Proven siting answers on OR-Library pmed instances, one JSON line per instance and model"};
  app.add_option("data_dir", dir, "folder of pmedN.txt, pmedopt.txt and kcenteropt.txt")->check(CLI::ExistingDirectory);
  app.add_option("--instances", instances, "1-40 or a list such as 11,26");
  app.add_option("--models", models, "any of median,center,lscp,mclp");
  app.add_option("--time-limit", options.proof_time_limit_s, "seconds per proof")->check(CLI::PositiveNumber);
  app.add_option("--threads", threads, "CPU threads")->check(CLI::PositiveNumber);
  app.add_option("--cover-p", cover_p, "MCLP sites")->check(CLI::PositiveNumber);
  app.add_option("--dump", dump, "write each instance's distance matrix as DIR/pmedN.txt")
      ->check(CLI::ExistingDirectory);
  CLI11_PARSE(app, argc, argv);
  std::set<std::string> want;
  {
    std::stringstream ss(models);
    std::string m;
    while (std::getline(ss, m, ',')) want.insert(m);
  }
  const auto median_opt = gdist::ReadOrlibOptima(dir + "/pmedopt.txt");
  const auto center_opt = gdist::ReadOrlibOptima(dir + "/kcenteropt.txt");
  for (int i : ParseInstances(instances)) {
    const std::string name = "pmed" + std::to_string(i);
    const gdist::bench::OrlibInstance inst = gdist::bench::ReadOrlibInstance(dir + "/" + name + ".txt");
    const std::size_t n = inst.dist.n();
    if (!dump.empty()) {
      std::ofstream out(dump + "/" + name + ".txt");
      for (std::size_t u = 0; u < n; ++u) {
        for (std::size_t v = 0; v < n; ++v) out << (v ? " " : "") << inst.dist.view().at(u, v);
        out << "\n";
      }
    }
    gdist::SitingInput input;
    input.symmetric = true;
    input.threads = threads;
    gdist::SitingProblem<std::int32_t> prob(inst.dist.view(), input);
    if (want.count("median")) {
      const auto t0 = std::chrono::steady_clock::now();
      const gdist::SitingResult r = gdist::SolvePMedian(prob, inst.p, options);
      Print(name, n, "p-median", static_cast<double>(inst.p), r, Seconds(t0), median_opt.at(name));
    }
    if (want.count("center")) {
      const auto t0 = std::chrono::steady_clock::now();
      const gdist::SitingResult r = gdist::SolvePCenter(prob, inst.p, options);
      Print(name, n, "p-center", static_cast<double>(inst.p), r, Seconds(t0), center_opt.at(name));
    }
    if (want.count("lscp") || want.count("mclp")) {
      auto t0 = std::chrono::steady_clock::now();
      const gdist::SitingResult c10 = gdist::SolvePCenter(prob, 10, options);
      Print(name, n, "10-center", 10, c10, Seconds(t0), -1);
      if (!c10.optimal) continue;  // the radius of the target is the proven 10-center optimum
      if (want.count("lscp")) {
        t0 = std::chrono::steady_clock::now();
        const gdist::SitingResult r = gdist::SolveCover(prob, c10.objective, options);
        Print(name, n, "lscp", c10.objective, r, Seconds(t0), -1);
      }
      if (want.count("mclp")) {
        t0 = std::chrono::steady_clock::now();
        const gdist::SitingResult r = gdist::SolveMaxCover(prob, c10.objective, cover_p, options);
        Print(name, n, "mclp", c10.objective, r, Seconds(t0), -1);
      }
    }
  }
  return 0;
}
