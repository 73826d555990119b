#include "lib/siting/center_proof.hpp"

#include <algorithm>
#include <optional>

#include "lib/core/element_traits.hpp"
#include "lib/siting/cover_decision.hpp"
#include "lib/siting/cover_lists.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// Fills `sites` (fixed first) up to p_total with unopened candidates: more sites never cover less.
std::vector<std::uint32_t> Padded(std::vector<std::uint32_t> sites, const std::vector<std::uint32_t>& fixed,
                                  std::size_t m, std::size_t p_total) {
  std::vector<char> open(m, 0);
  std::vector<std::uint32_t> out = fixed;
  for (std::uint32_t k : fixed) open[k] = 1;
  for (std::uint32_t k : sites)
    if (!open[k]) {
      open[k] = 1;
      out.push_back(k);
    }
  for (std::uint32_t k = 0; k < m && out.size() < p_total; ++k)
    if (!open[k]) {
      open[k] = 1;
      out.push_back(k);
    }
  return out;
}
}  // namespace

template <class T> std::ptrdiff_t CenterLpBound(const SitingProblem<T>& prob, const std::vector<double>& radii,
                                                std::ptrdiff_t hi, std::size_t p_total, double deadline_s,
                                                const CoverLists* top, int iterations) {
  std::ptrdiff_t lo = -1;
  if (!HaveMipSolver() || hi <= 0 || hi >= static_cast<std::ptrdiff_t>(radii.size())) return lo;
  if (!top) return lo;
  while (hi - lo > 1 && !(deadline_s > 0 && SteadySeconds() > deadline_s)) {
    const std::ptrdiff_t mid = lo + (hi - lo) / 2;
    MipOptions o;
    o.relax = true;
    o.time_limit_s = deadline_s > 0 ? std::max(0.01, deadline_s - SteadySeconds()) : 0;
    o.max_iterations = iterations;  // what the budget leaves (0: none)
    const MipAnswer a = SolveMinCoverMip(RestrictCoverLists(*top, radii[mid]), prob.fixed(), o);
    if (a.status == MipAnswer::Status::kInfeasible ||
        (a.status == MipAnswer::Status::kOptimal && a.objective > static_cast<double>(p_total) + 1e-6))
      lo = mid;
    else if (a.status == MipAnswer::Status::kOptimal) hi = mid;
    else break;  // stopped by the clock or the iteration budget: this LP proved nothing
    if (iterations > 0 && (iterations -= a.iterations) <= 0) break;
  }
  return lo;
}

template <class T> CenterProof ProveCenter(const SitingProblem<T>& prob, const std::vector<double>& radii, double lower,
                                           std::ptrdiff_t lp_lo, const std::vector<std::uint32_t>& start,
                                           std::size_t p_total, bool exact, double deadline_s,
                                           const CoverLists* given) {
  CenterProof proof;
  proof.sites = start;
  proof.radius = Assign(prob, start).max_distance;
  proof.lower_bound = lower;
  proof.how = "max over demands of the nearest candidate's distance";
  auto out_of_time = [&] { return deadline_s > 0 && SteadySeconds() > deadline_s; };
  if (proof.radius <= lower) {
    proof.complete = true;
    return proof;
  }
  // --exact never ends quietly with less than a proof (issue 26): past the limits it is refused.
  if (radii.empty()) {
    if (exact)
      throw Error("p-center " + OptionText(Option::kExact) +
                  ": more than 2^24 distinct distances lie between the bound and the answer, beyond the proof's limit");
    return proof;
  }
  // radii[hi]: the answer's radius; radii[lo] proven uncoverable (lo = -1: none yet).
  std::ptrdiff_t hi = std::lower_bound(radii.begin(), radii.end(), proof.radius) - radii.begin();
  if (hi >= static_cast<std::ptrdiff_t>(radii.size())) return proof;
  std::ptrdiff_t lo = std::min(lp_lo, hi - 1);
  auto finish = [&](const char* how) {
    if (lo >= 0) {
      proof.lower_bound = radii[lo + 1];
      proof.how = how;
    }
    proof.complete = lo + 1 >= hi;
  };
  finish("covering LP relaxation (CLP) at the distance below: needs more than p sites");
  if (!exact || proof.complete) return proof;
  std::optional<CoverLists> built;
  if (!given) built = BuildCoverLists(prob, radii[hi], kMaxCoverPairs);
  const CoverLists* top = built ? &*built : given;
  if (!top)
    throw Error(
        "p-center " + OptionText(Option::kExact) +
        ": the cover lists of the answer's radius hold more than 2^27 demand x candidate pairs, beyond the proof's "
        "memory limit");
  auto lists_at = [&](double R) { return RestrictCoverLists(*top, R); };
  // Integer bisection between the LP bound and the answer: CBC's covering
  // program, or without CBC the own Lagrangian proof of maximal covering.
  const bool mip = HaveMipSolver();
  const char* stopped = mip ? "covering integer programs (CBC), stopped at the time limit"
                            : "maximal-covering Lagrangian branch and bound, stopped at the time limit";
  while (hi - lo > 1) {
    if (out_of_time()) {
      finish(stopped);
      return proof;
    }
    const std::ptrdiff_t mid = lo + (hi - lo) / 2;
    std::vector<std::uint32_t> cover;
    const CoverDecision d =
        DecideCover(lists_at(radii[mid]), prob.fixed(), p_total, proof.sites, deadline_s, prob.threads(), mip, &cover);
    if (d == CoverDecision::kNoCover) {
      lo = mid;
    } else if (d == CoverDecision::kCover) {
      proof.sites = Padded(cover, prob.fixed(), prob.num_candidates(), p_total);
      proof.radius = Assign(prob, proof.sites).max_distance;
      hi = std::lower_bound(radii.begin(), radii.end(), proof.radius) - radii.begin();
    } else {
      finish(stopped);
      return proof;
    }
  }
  finish(mip ? "covering integer program (CBC): no cover of p sites at the distance below"
             : "maximal-covering Lagrangian branch and bound: no p sites cover every demand at the distance below");
  return proof;
}

#define GDIST_INSTANTIATE(T)                                                                                    \
  template std::ptrdiff_t CenterLpBound(const SitingProblem<T>&, const std::vector<double>&, std::ptrdiff_t,    \
                                        std::size_t, double, const CoverLists*, int);                           \
  template CenterProof ProveCenter(const SitingProblem<T>&, const std::vector<double>&, double, std::ptrdiff_t, \
                                   const std::vector<std::uint32_t>&, std::size_t, bool, double, const CoverLists*);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
