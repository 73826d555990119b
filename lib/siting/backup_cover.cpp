// LSCP-B, backup coverage (Hogan & ReVelle 1986; spopt's LSCPB): p new sites
// (plus the fixed ones) that cover every demand within R at least once and
// maximise the demand weight covered at least twice. p = 0 takes the LSCP
// minimum at R (SolveCover, proven with --exact), as spopt's LSCPB does, on
// the same cover lists: one run for both steps. Then, in turn: the LP
// relaxation (CLP); our swap search (backup_cover_search.hpp) from the cover,
// stopping once it meets the LP's value rounded down, which is then the proof
// (100-500 demands in the race: no CBC); else the integer program through CBC
// (covering_mip.hpp) started from the search's best, and the Lagrangian bound
// (backup_cover_bound.hpp) should CBC stop without one. Where CLP cannot end
// the LP in its share of --time-limit (5,000 demands), CBC, whose root that
// LP is, is not started: the search and the bound get the time. A p too small
// to cover everyone is reported infeasible when the LP or CBC proves it,
// never answered with a guess (bench/results/siting.md: what was tried).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "lib/siting/backup_cover_bound.hpp"
#include "lib/siting/backup_cover_search.hpp"
#include "lib/siting/cover_lists.hpp"
#include "lib/siting/cover_search.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/exact_method.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {
// The share of --time-limit CBC leaves for the Lagrangian bound, and the bound's most steps.
constexpr double kBackupBoundShare = 0.1;
constexpr long kBackupBoundMaxSteps = 3000;
// The swap search's work before CBC: this many passes over the cover lists' pairs, at most this share of
// --time-limit (bench/results/siting.md: LSCP-B at 5,000 demands).
constexpr std::uint64_t kBackupSearchPassesOfPairs = 2000;
constexpr double kBackupSearchShare = 0.25;
constexpr double kBackupSearchShareWithoutCbc = 0.7;  // of what the LP left, when it stopped (CBC not started)
// The LP relaxation's share of the time limit left after the set cover.
constexpr double kBackupLpShare = 0.2;
// The work of the covering search that finds a first cover of p sites when p is given.
constexpr std::uint64_t kFirstCoverPassesOfPairs = 20;

// A cover of every demand by the fixed sites (first) and p free ones, found by the covering search; empty when
// it finds none in its work (CBC then looks for one itself).
std::vector<std::uint32_t> FirstCover(const CoverLists& lists, const std::vector<std::uint32_t>& fixed, std::size_t p) {
  CoverSearchOptions o;
  o.max_work = kFirstCoverPassesOfPairs * (lists.pairs() + 1);
  std::vector<std::uint32_t> sites;
  if (!CoverSearch(lists, fixed.size() + p, fixed.size(), GreedyCover(lists, fixed), o, &sites)) sites.clear();
  return sites;
}

// The same sites, the fixed ones first (the swap search keeps those).
std::vector<std::uint32_t> FixedFirst(const std::vector<std::uint32_t>& sites,
                                      const std::vector<std::uint32_t>& fixed) {
  std::vector<std::uint32_t> out = fixed;
  for (std::uint32_t k : sites)
    if (std::find(fixed.begin(), fixed.end(), k) == fixed.end()) out.push_back(k);
  return out;
}
}  // namespace

template <class T> SitingResult SolveBackupCover(const SitingProblem<T>& prob, double input_radius, std::size_t p,
                                                 const SitingOptions& options) {
  const std::size_t nfixed = prob.fixed().size();
  if (nfixed + p > prob.num_candidates()) throw Error("backup-cover: more sites asked for than there are candidates");
  RequireExactMethod(ExactModel::kBackupCover, options.exact);
  const double start_s = SteadySeconds();
  const std::string R = ExactText(input_radius);
  const double radius = input_radius - static_cast<double>(prob.cost_offset());  // in the costs the solvers see
  const std::optional<CoverLists> lists = BuildCoverLists(prob, radius, kMaxCoverPairs);
  if (!lists) throw Error("backup-cover: radius " + R + " covers too many pairs to hold in memory");
  for (std::size_t u = 0; u < lists->nd; ++u)
    if (lists->num_covering(u) == 0)
      throw Error("backup-cover: infeasible: demand " + prob.VertexName(prob.demand_vertex(u)) +
                  " has no candidate within " + R + ", so no sites cover it once");
  MipOptions o;
  o.time_limit_s = options.exact ? options.proof_time_limit_s : options.time_limit_s;
  if (!options.exact && o.time_limit_s <= 0) o.max_nodes = options.mip_nodes;  // no clock: a node count
  const double time_limit_s = o.time_limit_s;                                  // as given (CBC gets less of it)
  const auto time_left = [&] { return std::max(0.01, time_limit_s - (SteadySeconds() - start_s)); };
  std::optional<SitingResult> cover;
  if (p == 0) {  // the LSCP minimum, in the same time limit
    cover = SolveCoverOnLists(prob, *lists, input_radius, options);
    p = cover->sites.size() - nfixed;
    if (o.time_limit_s > 0) o.time_limit_s = time_left();
  }
  // The LP relaxation (CLP) first: the search below stops once it meets its value rounded down, and that is
  // the proof, without CBC; where CLP cannot end it in its share of the time, CBC (whose root it is) is not
  // started and the search and our bound get the time.
  const bool whole =
      std::all_of(prob.weights().begin(), prob.weights().end(), [](double x) { return std::floor(x) == x; });
  const auto rounded = [whole](double b) { return whole ? std::floor(b + 1e-6) : b + 1e-9 * (std::fabs(b) + 1); };
  MipOptions lo;
  lo.relax = true;
  if (o.time_limit_s > 0) lo.time_limit_s = std::max(0.01, kBackupLpShare * o.time_limit_s);
  const MipAnswer lp = SolveBackupCoverMip(*lists, prob.weights(), prob.fixed(), p, lo);
  const bool lp_stopped = lp.status == MipAnswer::Status::kStopped;
  if (o.time_limit_s > 0) o.time_limit_s = time_left();
  // Our swap search from the cover (or a first one of p sites); CBC starts from its best.
  std::optional<BackupSearchResult> searched;
  std::vector<std::uint32_t> start;
  if (lp.status != MipAnswer::Status::kInfeasible)
    start = cover ? FixedFirst(cover->sites, prob.fixed()) : FirstCover(*lists, prob.fixed(), p);
  if (!start.empty()) {
    BackupSearchOptions so;
    so.max_work = kBackupSearchPassesOfPairs * (lists->pairs() + 1);
    if (o.time_limit_s > 0)
      so.deadline = SteadySeconds() + (lp_stopped ? kBackupSearchShareWithoutCbc : kBackupSearchShare) * o.time_limit_s;
    if (lp.status == MipAnswer::Status::kOptimal) so.target = rounded(lp.objective);
    searched = BackupCoverSearch(*lists, prob.weights(), start, nfixed, so);
    o.start = &searched->sites;
    if (o.time_limit_s > 0) o.time_limit_s = time_left();
  }
  const bool proven_by_lp =
      searched && lp.status == MipAnswer::Status::kOptimal && rounded(lp.objective) <= searched->twice;
  // A share of the time limit kept for our own bound, should CBC stop without one (all of it, CBC skipped).
  double deadline = 0;
  if (o.time_limit_s > 0) {
    const double now = SteadySeconds();
    deadline = now + o.time_limit_s;
    o.time_limit_s *= 1 - kBackupBoundShare;
    o.deadline = now + o.time_limit_s;
  }
  MipAnswer a;
  if (lp.status == MipAnswer::Status::kInfeasible) a = lp;
  else if (proven_by_lp || lp_stopped) a.status = MipAnswer::Status::kStopped, a.bound = INFINITY;
  else a = SolveBackupCoverMip(*lists, prob.weights(), prob.fixed(), p, o);
  if (a.status == MipAnswer::Status::kInfeasible)
    throw Error("backup-cover: infeasible: no " + std::to_string(p) + " new sites" +
                (nfixed ? " (with the " + std::to_string(nfixed) + " fixed ones)" : "") +
                " cover every demand within " + R + " (proven by " +
                (lp.status == MipAnswer::Status::kInfeasible ? "the LP relaxation, CLP" : "the integer program, CBC") +
                "): ask for more sites");
  if (a.sites.empty() && !searched)
    throw Error("backup-cover: CBC found no cover of every demand within " + R +
                (o.time_limit_s > 0 ? " in the time limit (" + ExactText(time_limit_s) + " s"
                                    : " in " + std::to_string(o.max_nodes) + " branch-and-bound nodes (") +
                "; infeasibility not proven): " + OptionText(Option::kExact) + " searches to the end, or raise " +
                OptionText(Option::kTimeLimit));
  SitingResult r;
  r.radius = input_radius;
  // CBC's answer, or the search's where CBC did not run or stopped before it took that start.
  const double cbc_twice = a.sites.empty() ? -1 : BackupCoverTwice(*lists, prob.weights(), a.sites);
  if (!a.sites.empty() && cbc_twice < 0)
    throw Error("backup-cover: internal error: CBC's answer leaves a demand uncovered");
  const bool cbc_better = cbc_twice >= 0 && (!searched || cbc_twice >= searched->twice);
  r.sites = cbc_better ? a.sites : searched->sites;
  const double twice = cbc_better ? cbc_twice : searched->twice;  // the weight of demands two open sites cover
  const std::string cbc = "integer program (CBC)";
  r.method = !searched ? cbc : "swap search" + (cbc_better ? ", then " + cbc : std::string());
  if (cover) {
    r.cover_minimum_proven = cover->optimal;
    r.method = "P = " + std::to_string(p) + " from the " + (cover->optimal ? "proven" : "heuristic's") +
               " set cover (" + cover->method + (cover->optimal ? "; " + cover->bound_method : "") + "), then " +
               r.method + " started from it";
  } else if (searched) {
    r.method += " started from a cover by the covering search";
  }
  r.bound_is_upper = true;
  r.assignment = Assign(prob, r.sites, radius);
  double twice_at_most = 0;  // every demand two candidates cover, covered twice: the bound without CBC's
  for (std::size_t u = 0; u < lists->nd; ++u)
    if (lists->num_covering(u) >= 2) twice_at_most += prob.weight(u);
  r.objective = twice;
  // A deadline inside an LP leaves CBC no bound (+inf): the count above, the LP and the Lagrangian stand in.
  double mip_bound = std::min(a.bound, twice_at_most);
  if (lp.status == MipAnswer::Status::kOptimal) mip_bound = std::min(mip_bound, lp.objective);
  bool lagrangian = false;
  if (a.status != MipAnswer::Status::kOptimal && !proven_by_lp) {
    const BackupCoverBound lb =
        BackupCoverLagrangianBound(*lists, prob.weights(), prob.fixed(), p, twice, deadline, kBackupBoundMaxSteps);
    lagrangian = lb.bound < mip_bound;
    mip_bound = std::min(mip_bound, lb.bound);
  }
  const double bound = a.status == MipAnswer::Status::kOptimal ? twice : rounded(mip_bound);
  r.SetBound(std::max(bound, twice),
             a.status == MipAnswer::Status::kOptimal ? "integer program (CBC), solved to optimality"
             : lagrangian                            ? std::string("Lagrangian relaxation of the coverage rows (") +
                                (lp_stopped ? "CLP's LP relaxation stopped at the time limit, CBC not started"
                                            : "CBC stopped at the time limit above it") +
                                ")"
             : lp.status == MipAnswer::Status::kOptimal && (proven_by_lp || mip_bound == lp.objective)
                 ? "LP relaxation (CLP)" + std::string(whole ? ", rounded down" : "")
                 : "integer program (CBC), stopped at the time limit");
  return r;
}

#define GDIST_INSTANTIATE(T) \
  template SitingResult SolveBackupCover(const SitingProblem<T>&, double, std::size_t, const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
