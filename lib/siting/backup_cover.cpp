// LSCP-B, backup coverage (Hogan & ReVelle 1986; spopt's LSCPB): p new sites
// (plus the fixed ones) that cover every demand within R at least once and
// maximise the demand weight covered at least twice, as an integer program
// through CBC (lib/siting/covering_mip.hpp). Without --exact CBC stops at
// --time-limit with its bound; a p too small to cover everyone is reported
// infeasible when CBC proves it, never answered with a guess. p = 0 takes
// the LSCP minimum at R (SolveCover, proven with --exact), as spopt's LSCPB
// does, on the same cover lists, and starts CBC from that cover: one run for
// both steps (bench/results/siting.md: what else was tried for its speed).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "lib/siting/backup_cover_bound.hpp"
#include "lib/siting/cover_lists.hpp"
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
  std::optional<SitingResult> cover;
  if (p == 0) {  // the LSCP minimum, in the same time limit
    cover = SolveCoverOnLists(prob, *lists, input_radius, options);
    p = cover->sites.size() - nfixed;
    o.start = &cover->sites;
    if (o.time_limit_s > 0) o.time_limit_s = std::max(0.01, o.time_limit_s - (SteadySeconds() - start_s));
  }
  // A share of the time limit kept for our own bound, should CBC stop without one.
  double deadline = 0;
  if (o.time_limit_s > 0) {
    const double now = SteadySeconds();
    deadline = now + o.time_limit_s;
    o.time_limit_s *= 1 - kBackupBoundShare;
    o.deadline = now + o.time_limit_s;
  }
  const MipAnswer a = SolveBackupCoverMip(*lists, prob.weights(), prob.fixed(), p, o);
  if (a.status == MipAnswer::Status::kInfeasible)
    throw Error("backup-cover: infeasible: no " + std::to_string(p) + " new sites" +
                (nfixed ? " (with the " + std::to_string(nfixed) + " fixed ones)" : "") +
                " cover every demand within " + R + " (proven by the integer program, CBC): ask for more sites");
  if (a.sites.empty() && !cover)
    throw Error("backup-cover: CBC found no cover of every demand within " + R +
                (o.time_limit_s > 0 ? " in the time limit (" + ExactText(time_limit_s) + " s"
                                    : " in " + std::to_string(o.max_nodes) + " branch-and-bound nodes (") +
                "; infeasibility not proven): " + OptionText(Option::kExact) + " searches to the end, or raise " +
                OptionText(Option::kTimeLimit));
  SitingResult r;
  r.radius = input_radius;
  r.sites = a.sites.empty() ? cover->sites : a.sites;  // stopped before CBC took the start: the cover
  r.method = "integer program (CBC)";
  if (cover) {
    r.cover_minimum_proven = cover->optimal;
    r.method = "P = " + std::to_string(p) + " from the " + (cover->optimal ? "proven" : "heuristic's") +
               " set cover (" + cover->method + (cover->optimal ? "; " + cover->bound_method : "") + "), then " +
               r.method + " started from it";
  }
  r.bound_is_upper = true;
  r.assignment = Assign(prob, r.sites, radius);
  // The objective recounted from the lists: the weight of demands two open sites cover.
  std::vector<char> open(prob.num_candidates(), 0);
  for (std::uint32_t k : r.sites) open[k] = 1;
  double twice = 0;
  double twice_at_most = 0;  // every demand two candidates cover, covered twice: the bound without CBC's
  bool whole = true;
  for (std::size_t u = 0; u < lists->nd; ++u) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < lists->num_covering(u); ++i) count += open[lists->covering(u)[i]];
    if (count == 0) throw Error("backup-cover: internal error: CBC's answer leaves a demand uncovered");
    if (count >= 2) twice += prob.weight(u);
    if (lists->num_covering(u) >= 2) twice_at_most += prob.weight(u);
    whole = whole && std::floor(prob.weight(u)) == prob.weight(u);
  }
  r.objective = twice;
  // A deadline inside an LP leaves CBC no bound (+inf): the count above and the Lagrangian stand in.
  double mip_bound = std::min(a.bound, twice_at_most);
  bool lagrangian = false;
  if (a.status != MipAnswer::Status::kOptimal) {
    const BackupCoverBound lb =
        BackupCoverLagrangianBound(*lists, prob.weights(), prob.fixed(), p, twice, deadline, kBackupBoundMaxSteps);
    lagrangian = lb.bound < mip_bound;
    mip_bound = std::min(mip_bound, lb.bound);
  }
  const double bound = a.status == MipAnswer::Status::kOptimal ? twice
                       : whole                                 ? std::floor(mip_bound + 1e-6)
                                                               : mip_bound + 1e-9 * (std::fabs(mip_bound) + 1);
  r.SetBound(std::max(bound, twice), a.status == MipAnswer::Status::kOptimal
                                         ? "integer program (CBC), solved to optimality"
                                     : lagrangian ? "Lagrangian relaxation of the coverage rows (CBC stopped "
                                                    "at the time limit above it)"
                                                  : "integer program (CBC), stopped at the time limit");
  return r;
}

#define GDIST_INSTANTIATE(T) \
  template SitingResult SolveBackupCover(const SitingProblem<T>&, double, std::size_t, const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
