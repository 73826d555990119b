#include "lib/siting/cover_decision.hpp"

#include <algorithm>
#include <optional>

#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/max_cover_proof.hpp"

namespace gdist {

CoverDecision DecideCover(const CoverLists& lists, const std::vector<std::uint32_t>& fixed, std::size_t p_total,
                          const std::vector<std::uint32_t>& start, double deadline_s, int threads, bool use_mip,
                          std::vector<std::uint32_t>* sites) {
  const double remaining = deadline_s > 0 ? std::max(0.01, deadline_s - SteadySeconds()) : 0.0;
  if (use_mip) {
    MipOptions o;
    o.cutoff = static_cast<double>(p_total) + 1;  // covers of at most p_total sites
    o.first_solution = true;
    o.time_limit_s = remaining;
    const MipAnswer a = SolveMinCoverMip(lists, fixed, o);
    if (a.status == MipAnswer::Status::kInfeasible) return CoverDecision::kNoCover;
    if (!a.sites.empty() && a.sites.size() <= p_total) {
      *sites = a.sites;
      return CoverDecision::kCover;
    }
    return CoverDecision::kUnknown;
  }
  for (std::size_t u = 0; u < lists.nd; ++u)
    if (lists.num_covering(u) == 0) return CoverDecision::kNoCover;
  // Unit weights: the covered weight counts demands; a cover covers all nd.
  const std::vector<double> unit(lists.nd, 1.0);
  const double all = static_cast<double>(lists.nd);
  const std::optional<MaxCoverProof> proof =
      ProveMaxCover(lists, unit, fixed, p_total - fixed.size(), start, 0, deadline_s, threads, /*covers_only=*/true);
  if (!proof) return CoverDecision::kUnknown;  // beyond the Lagrangian's memory limit
  if (proof->covered >= all - 0.5) {
    *sites = proof->sites;
    return CoverDecision::kCover;
  }
  if (proof->upper_bound < all - 0.5) return CoverDecision::kNoCover;
  return CoverDecision::kUnknown;
}

}  // namespace gdist
