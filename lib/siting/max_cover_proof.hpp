// Proving an MCLP answer with the p-median's Lagrangian branch and bound
// (median_branch_and_bound.hpp). Maximal covering is a p-median on 0/1 costs
// (Church & ReVelle 1976): the uncovered weight w_u [u not within R of a
// site] is minimised. Before that the instance is reduced (cover_reduction.hpp):
// demands with the same candidate set are one weighted row, demands a fixed
// site covers drop out, dominated candidates leave; the relaxation then reads
// only each row's covering candidates (its zero costs). Its bound equals the
// maximal-covering LP's, with no LP solved.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "lib/siting/cover_lists.hpp"

namespace gdist {

struct MaxCoverProof {
  double covered = 0;                // weight `sites` cover
  double upper_bound = 0;            // no p new sites cover more
  std::vector<std::uint32_t> sites;  // fixed first, then p new ones
  bool complete = false;             // the search finished (not stopped by the deadline)
  std::size_t nodes = 0;
};

// `weights` per demand; `start`: a solution (fixed + p sites) to begin from.
// `covers_only`: the question is whether p sites cover every demand (the
// p-center's decision): the search prunes every node that cannot cover all
// and stops at the first cover; upper_bound below the total weight then
// proves there is none, and `covered` is the start's unless a cover was found.
// nullopt when the reduced rows x candidates exceed the Lagrangian's memory limit.
std::optional<MaxCoverProof> ProveMaxCover(const CoverLists& lists, const std::vector<double>& weights,
                                           const std::vector<std::uint32_t>& fixed, std::size_t p,
                                           const std::vector<std::uint32_t>& start, double gap, double deadline_s,
                                           int threads, bool covers_only = false);

}  // namespace gdist
