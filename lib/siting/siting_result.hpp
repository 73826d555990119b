// What every siting model returns, and the knobs they share.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lib/siting/siting_problem.hpp"

namespace gdist {

struct SitingOptions {
  bool exact = false;          // enumerate every solution (small instances only)
  std::uint64_t seed = 1;      // the heuristics' random choices are reproducible
  double time_limit_s = 2.0;       // wall-clock guard on each model's improvement phase
  std::size_t max_rounds = 5000;   // perturbation rounds of the iterated local search
  // ... which stops after this many rounds without improvement; 0: 300 + 15 p
  // (few sites: rounds are costly and converge fast; many: cheap and needed).
  std::size_t patience = 0;

  std::size_t PatienceFor(std::size_t p) const { return patience ? patience : 300 + 15 * p; }
  std::size_t cover_steps = 50000;  // steps of the covering local search per radius tried
};

struct SitingResult {
  std::vector<std::uint32_t> sites;  // candidate indices: the fixed sites first, then the new ones
  double objective = 0;              // the model's objective (docs/SITING.md)
  Assignment assignment;             // every demand's nearest site
  std::string method;                // which algorithm produced it, for the report
  bool optimal = false;              // proven optimal (exact mode)
  double radius = -1;                // coverage radius of cover/max-cover; p-center: the objective
};

}  // namespace gdist
