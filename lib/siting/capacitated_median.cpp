// Single-source capacitated p-median (docs/SITING.md): each demand is served
// whole by one open site, whose capacity bounds the demand weight it serves.
//   1. Lagrangian bound (capacitated_lagrangian.hpp): a knapsack per site,
//      far above the LP; its points also give site sets to the heuristic.
//   2. Incumbent (capacitated_search.hpp): serve those site sets, shift and
//      swap demands, swap sites.
//   3. Reduced-cost fixing (capacitated_fixing.hpp) against the incumbent,
//      then CBC on what is left with the incumbent as cutoff: it proves the
//      incumbent optimal or finds the better solution.
// The answer's assignment is the solver's, not each demand's nearest site.
// Capacities too small for the demand are a reported infeasibility (proven),
// never a guess; a stopped run reports its best solution with the bound
// proven so far, never "optimal".
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <set>
#include <string>

#include "lib/siting/assignment_program.hpp"
#include "lib/siting/capacitated_fixing.hpp"
#include "lib/siting/capacitated_instance.hpp"
#include "lib/siting/capacitated_lagrangian.hpp"
#include "lib/siting/capacitated_search.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/greedy_add.hpp"
#include "lib/siting/interchange.hpp"
#include "lib/siting/service_feasibility.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/whole_objective.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

constexpr const char* kModel = "capacitated p-median";

// The most demand x candidate pairs the solver holds (a double each).
constexpr std::size_t kMaxCapacitatedPairs = std::size_t{1} << 25;

// Under a time limit CBC gets the reduced program only up to this many pairs:
// on larger ones its set-up before the first simplex iteration (where the
// deadline is checked) alone ran 2.5 s past a 2 s limit (250,000 pairs), and
// a program that large means the bound is far from the incumbent anyway.
constexpr std::size_t kMaxTimedProgramPairs = std::size_t{1} << 16;

// The incumbent heuristic's most share of the solver's time while the bound
// ascends: at n = 5,000 one call (serve, shift and swap moves) costs many
// Lagrangian steps, and running it on every third point left few steps
// (there a share of 0.5 ended the bound at 972,593, 0.1 at 973,052).
constexpr double kHeuristicTimeShare = 0.1;
// The most share of the time limit the uncapacitated search for a first site
// set may take (its serving and relocation: as much again).
constexpr double kFirstIncumbentShare = 0.1;
// Perturbation rounds of the uncapacitated search for a first site set, and
// its stop after rounds without a better one: at n = 5,000 the served
// incumbent was 978,982 after 20 rounds, 977,266-977,901 with a patience of
// 150, 976,123 with none; small instances settle early (n = 500: 1000 rounds
// took 1 s).
constexpr std::size_t kUncapacitatedRounds = 1000;
constexpr std::size_t kUncapacitatedPatience = 150;
constexpr std::size_t kUncapacitatedPatiencePerSite = 15;  // more sites, more swaps to try (SitingOptions' 15 p)
// Where the reduced program is past CBC's limit, the bound ascends on up to
// this share of the time limit (the rest: fixing once more, the answer), in
// up to this many rounds, each from the best multipliers with this step factor.
constexpr double kLastAscentShare = 0.95;
constexpr int kLastAscentRounds = 4;
constexpr double kContinuedStepScale = 0.5;

template <class T> CapacitatedInstance InstanceOf(const SitingProblem<T>& prob, std::size_t p,
                                                  const std::vector<double>& capacity_of_vertex) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  CapacitatedInstance inst;
  inst.nd = nd;
  inst.m = m;
  inst.cost.resize(nd * m);
  inst.weight = prob.weights();
  inst.capacity.assign(m, 0.0);
  inst.fixed.assign(m, 0);
  for (std::uint32_t k : prob.fixed()) inst.fixed[k] = 1;
  inst.sites = prob.fixed().size() + p;
  for (std::size_t k = 0; k < m; ++k) {
    const std::uint32_t v = prob.candidate_vertex(k);
    if (v < capacity_of_vertex.size()) inst.capacity[k] = capacity_of_vertex[v];
  }
  bool whole = true;
  double largest = 0;
  for (double w : inst.weight) whole = whole && std::floor(w) == w;
  for (std::size_t u = 0; u < nd; ++u)
    for (std::size_t k = 0; k < m; ++k) {
      const T c = prob.Cost(u, k);
      const bool reach = SitingProblem<T>::Reachable(c);
      const double d = reach ? static_cast<double>(c) : std::numeric_limits<double>::infinity();
      inst.cost[u * m + k] = d;
      if (reach) {
        whole = whole && std::floor(d) == d;
        largest = std::max(largest, std::fabs(inst.weight[u] * d));
      }
    }
  RequireMipObjectiveScale(largest);
  // Whole objectives below 2^53 are exact sums: a bound less than one above
  // the incumbent proves it.
  inst.objective_step = whole && largest * static_cast<double>(nd) < 9007199254740992.0 ? 1 : 0;
  return inst;
}

[[noreturn]] void ThrowInfeasible(std::size_t p, std::size_t nfixed, const std::string& how) {
  throw Error(std::string(kModel) + ": infeasible: no " + std::to_string(p) + " new sites" +
              (nfixed ? " (with the " + std::to_string(nfixed) + " fixed ones)" : "") +
              " serve every demand whole within their capacities (proven " + how +
              "): ask for more sites or raise the capacities");
}

// Infeasibility that needs no search: a demand no candidate can serve, or
// less capacity in the `sites` largest (fixed ones included) than the demand.
std::string ObviouslyInfeasible(const CapacitatedInstance& inst) {
  for (std::size_t u = 0; u < inst.nd; ++u) {
    bool any = false;
    for (std::size_t k = 0; k < inst.m && !any; ++k) any = inst.Serves(u, k);
    if (!any) return "by demand " + std::to_string(u) + ", which no candidate can serve";
  }
  double held = 0, total = std::accumulate(inst.weight.begin(), inst.weight.end(), 0.0);
  std::vector<double> free;
  std::size_t nfixed = 0;
  for (std::size_t k = 0; k < inst.m; ++k)
    if (inst.fixed[k]) {
      held += inst.capacity[k];
      ++nfixed;
    } else {
      free.push_back(inst.capacity[k]);
    }
  std::sort(free.rbegin(), free.rend());
  for (std::size_t i = 0; i + nfixed < inst.sites && i < free.size(); ++i) held += free[i];
  if (held < total) return "by the capacities: the largest hold less than the demand";
  return "";
}

// The Lagrangian point's knapsacks as a hint: each demand at the cheapest
// opened site whose knapsack took it.
std::vector<std::uint32_t> HintOf(const CapacitatedInstance& inst, const CapacitatedPoint& pt) {
  std::vector<std::uint32_t> hint(inst.nd, kUnassigned);
  for (std::size_t k = 0; k < inst.m; ++k)
    for (std::uint32_t u : pt.served[k])
      if (hint[u] == kUnassigned || inst.PairCost(u, k) < inst.PairCost(u, hint[u]))
        hint[u] = static_cast<std::uint32_t>(k);
  return hint;
}

std::vector<std::uint32_t> OpenedSites(const CapacitatedPoint& pt) {
  std::vector<std::uint32_t> s;
  for (std::size_t k = 0; k < pt.opened.size(); ++k)
    if (pt.opened[k]) s.push_back(static_cast<std::uint32_t>(k));
  return s;
}

}  // namespace

template <class T> SitingResult SolveCapacitatedPMedian(const SitingProblem<T>& prob, std::size_t p,
                                                        const std::vector<double>& capacity_of_vertex,
                                                        const SitingOptions& options) {
  const std::size_t nfixed = prob.fixed().size(), nd = prob.num_demands(), m = prob.num_candidates();
  if (nfixed + p == 0) throw Error("capacitated p-median: ask for at least one site");
  if (nfixed + p > m)
    throw Error("capacitated p-median: " + std::to_string(p) + " new sites asked for, but only " +
                std::to_string(m - nfixed) + " candidates are free");
  RequireExactMethod(ExactModel::kCapacitatedMedian, false);
  RequireRepresentableSums(kModel, prob.total_weight(), prob.max_finite(), prob.max_finite());
  if (nd * m > kMaxCapacitatedPairs)
    throw Error(std::string(kModel) + ": " + std::to_string(nd) + " demands x " + std::to_string(m) +
                " candidates is beyond the solver's limit (2^25 pairs): use " + OptionText(Option::kCandidates));
  const double start = SteadySeconds();
  const double limit = options.exact ? options.proof_time_limit_s : options.time_limit_s;
  const double deadline = limit > 0 ? start + limit : 0;
  auto phase_end = [&](double share) { return limit > 0 ? start + share * limit : 0.0; };
  auto past = [&](double t) { return t > 0 && SteadySeconds() >= t; };

  const CapacitatedInstance inst = InstanceOf(prob, p, capacity_of_vertex);
  if (const std::string why = ObviouslyInfeasible(inst); !why.empty()) ThrowInfeasible(p, nfixed, why);
  const double step = inst.objective_step;

  // 1 + 2: the bound, with the incumbent from its points' site sets.
  std::optional<CapacitatedSolution> best;
  double upper = std::numeric_limits<double>::infinity();
  std::set<std::vector<std::uint32_t>> tried;
  auto offer = [&](CapacitatedSolution s) {
    ImproveAssignment(inst, &s);
    LocateAllocate(inst, &s, deadline);
    if (s.objective < upper) {
      upper = s.objective;
      best = std::move(s);
    }
  };
  int iteration = 0;
  double heuristic_s = 0;
  auto on_point = [&](const CapacitatedPoint& pt) {
    // Early points are poor site sets; later ones repeat: every third, new sets only.
    if (iteration++ % 3 != 0 || !std::isfinite(pt.bound)) return;
    const double t0 = SteadySeconds();
    if (heuristic_s > kHeuristicTimeShare * (t0 - start)) return;
    std::vector<std::uint32_t> sites = OpenedSites(pt);
    if (!tried.insert(sites).second) return;
    const std::vector<std::uint32_t> hint = HintOf(inst, pt);
    if (std::optional<CapacitatedSolution> s = ServeFromSites(inst, sites, &hint)) offer(std::move(*s));
    heuristic_s += SteadySeconds() - t0;
  };
  // A first incumbent before the bound has points: the uncapacitated p-median's
  // sites (its fast interchange; at n = 5,000 these served 4% below the best
  // the Lagrangian points gave), or spread sites, served and relocated.
  {
    SwapSearchOptions uo;
    uo.max_rounds = kUncapacitatedRounds;
    uo.patience = std::max(kUncapacitatedPatience, kUncapacitatedPatiencePerSite * p);
    uo.time_limit_s = limit > 0 ? kFirstIncumbentShare * limit : 0;
    uo.seed = options.seed;
    const MedianCost<T> model{ServeAllPenalty(prob)};
    std::vector<std::uint32_t> sites = GreedyAdd(prob, model, p);  // fixed first, as the instance numbers them
    if (p > 0) sites = SwapSearch(prob, model, std::move(sites), nfixed, uo);
    auto serve = [&](const std::vector<std::uint32_t>& open) {
      std::optional<CapacitatedSolution> s = ServeFromSites(inst, open, nullptr);
      if (!s) return false;
      ImproveAssignment(inst, &*s);
      LocateAllocate(inst, &*s, phase_end(2 * kFirstIncumbentShare));
      offer(std::move(*s));
      return true;
    };
    if (!serve(sites)) serve(SpreadSites(inst));  // the capacities did not take the uncapacitated sites
  }
  CapacitatedLagrangian lagrangian(inst, prob.threads());
  CapacitatedAscentOptions so;
  so.deadline = phase_end(0.35);
  CapacitatedPoint point = MaximizeLagrangian(lagrangian, StartingMultipliers(lagrangian), so, &upper, on_point);
  if (best && !past(phase_end(0.5))) {
    CapacitatedSolution relocated = *best;
    LocateAllocate(inst, &relocated, phase_end(0.5));
    offer(std::move(relocated));
    // Site swaps toward the sites the bound found cheapest.
    std::vector<std::uint32_t> order(m);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return point.site_value[a] < point.site_value[b]; });
    order.resize(std::min<std::size_t>(m, std::max<std::size_t>(2 * inst.sites, 20)));
    CapacitatedSolution s = *best;
    ImproveSites(inst, order, &s, 40 * inst.sites, phase_end(0.5));
    if (s.objective < upper) {
      upper = s.objective;
      best = std::move(s);
      // A better incumbent sharpens the steps: a second, shorter ascent from the best multipliers.
      CapacitatedAscentOptions again = so;
      again.max_iterations = 200;
      again.deadline = phase_end(0.6);
      CapacitatedPoint second = MaximizeLagrangian(lagrangian, point.lambda, again, &upper, on_point);
      if (second.bound > point.bound) point = std::move(second);
    }
  }
  // Below this a solution beats the incumbent (whole objectives: by one step).
  auto fixing_threshold = [&] {
    const double tol = 1e-7 * (std::fabs(upper) + 1);
    return !best ? std::numeric_limits<double>::infinity() : step > 0 ? upper - step + tol : upper;
  };
  // A reduced program past what CBC takes under a limit (n = 5,000: all 2.5e7 pairs after 36 s):
  // the time that CBC would have had goes to the bound, which is then all the answer has.
  if (best && deadline > 0) {
    for (int round = 0; round < kLastAscentRounds && !past(phase_end(kLastAscentShare)); ++round) {
      const FixedColumns f = FixColumns(inst, point, fixing_threshold());
      if (f.some_demand_unserved || f.pairs_kept <= kMaxTimedProgramPairs) break;
      CapacitatedAscentOptions more = so;
      more.start_scale = kContinuedStepScale;
      more.deadline = phase_end(kLastAscentShare);
      CapacitatedPoint next = MaximizeLagrangian(lagrangian, point.lambda, more, &upper, on_point);
      if (!(next.bound > point.bound)) break;
      point = std::move(next);
    }
  }
  double lower = point.bound;
  std::string bound_how = "Lagrangian bound (a knapsack per site)";
  bool proven = best && lower > upper - step * (1 - 1e-9) - 1e-9 * std::fabs(upper);

  // 3: CBC on the program that fixing leaves, below the incumbent.
  std::string method = "Lagrangian bound + capacitated swap search";
  if (!proven && !past(deadline) && std::isfinite(lower)) {
    const FixedColumns f = FixColumns(inst, point, fixing_threshold());
    if (best && f.some_demand_unserved) {
      proven = true;  // no solution below the incumbent uses only columns that survive
      bound_how = "Lagrangian bound with reduced-cost fixing";
    } else if (f.pairs_kept <= (deadline > 0 ? kMaxTimedProgramPairs : kMaxAssignmentPairs)) {
      AssignmentProgram program;
      program.nd = nd;
      program.m = m;
      program.cost = inst.cost;
      for (std::size_t i = 0; i < nd * m; ++i)
        if (!f.keep_pair[i]) program.cost[i] = std::numeric_limits<double>::infinity();
      program.weights = inst.weight;
      program.capacity = inst.capacity;
      program.max_sites = inst.sites;
      program.fixed = prob.fixed();
      for (std::size_t k = 0; k < m; ++k)
        if (f.forced_open[k]) program.fixed.push_back(static_cast<std::uint32_t>(k));
      program.closed = f.closed;
      if (best) program.cutoff = upper - (step > 0 ? step / 2 : 1e-9 * (std::fabs(upper) + 1));
      MipOptions mo;
      mo.deadline = deadline;
      if (deadline == 0 && !options.exact) mo.max_nodes = options.mip_nodes;  // no clock: a node count
      const MipAnswer a = SolveAssignmentMip(program, mo);
      method += " + integer program (CBC) on " + std::to_string(f.pairs_kept) + " of " + std::to_string(nd * m) +
                " pairs after reduced-cost fixing";
      if (!a.sites.empty()) {
        CapacitatedSolution s;
        s.site_of = a.assigned;
        s.open = a.sites;
        std::sort(s.open.begin(), s.open.end());
        if (CheckSolution(inst, &s) && s.objective < upper) {
          upper = s.objective;
          best = std::move(s);
        }
      }
      if (a.status == MipAnswer::Status::kOptimal && best) {
        proven = true;
        bound_how = "integer program (CBC) on the reduced program, solved to optimality";
      } else if (a.status == MipAnswer::Status::kInfeasible) {
        if (!best) ThrowInfeasible(p, nfixed, "by the integer program, CBC");
        proven = true;
        bound_how = "integer program (CBC): nothing below the incumbent";
      } else if (a.status == MipAnswer::Status::kStopped && !a.interrupted && std::isfinite(a.bound) &&
                 std::min(a.bound, upper) > lower) {
        lower = std::min(a.bound, upper);  // the reduced program holds every solution below the incumbent
        bound_how = "integer program (CBC) on the reduced program, stopped at the time limit";
      }
    } else {
      method += " (the reduced program, " + std::to_string(f.pairs_kept) + " pairs, is past CBC's limit)";
    }
  }
  if (!best)
    throw Error(std::string(kModel) + ": no assignment found within the time limit (infeasibility not proven): raise " +
                OptionText(Option::kTimeLimit));

  SitingResult r;
  r.capacitated = true;
  r.method = method;
  for (std::uint32_t k : prob.fixed()) r.sites.push_back(k);  // fixed first
  for (std::uint32_t k : best->open)
    if (!inst.fixed[k]) r.sites.push_back(k);
  Assignment& as = r.assignment;
  as.site = best->site_of;
  as.distance.resize(nd);
  for (std::size_t u = 0; u < nd; ++u) {
    as.distance[u] = inst.cost[u * m + as.site[u]];
    as.total += prob.weight(u) * as.distance[u];
    as.max_distance = std::max(as.max_distance, as.distance[u]);
  }
  r.objective = as.total;
  if (proven) {
    r.SetBound(r.objective, bound_how);
    r.optimal = true;
  } else {
    r.SetBound(std::min(step > 0 ? std::ceil(lower - 1e-9 * (std::fabs(lower) + 1)) : lower, r.objective),
               bound_how + (past(deadline) ? ", stopped at the time limit" : ""));
  }
  FinishCostObjective(prob, ObjectiveFold::kWeightedSum, &r);
  return r;
}

#define GDIST_INSTANTIATE(T)                                                                                      \
  template SitingResult SolveCapacitatedPMedian(const SitingProblem<T>&, std::size_t, const std::vector<double>&, \
                                                const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
