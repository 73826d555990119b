// The four siting models gcenter offers. `p` always counts NEW sites: the
// problem's fixed sites are open in addition (docs/SITING.md).
//
//   p-median  min sum_u w_u d(u, S)                greedy + fast interchange + ILS
//   p-center  min max_{u: w_u > 0} d(u, S)         farthest-first + radius search
//                                                  with a covering local search
//   cover     fewest sites with d(u, S) <= R for every demand u (LSCP)
//   max-cover p sites maximising sum of w_u over d(u, S) <= R (MCLP)
//   p-dispersion  p sites maximising min_{a != b in S} min(d(a,b), d(b,a))
//   facility-location  any sites, min opening costs + sum_u w_u d(u, S)
//   backup-cover  p sites covering every demand within R, maximising the
//                 weight covered twice (LSCP-B)
#pragma once
#include <cstddef>
#include <vector>

#include "lib/siting/cover_lists.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/siting/siting_result.hpp"

namespace gdist {

template <class T> SitingResult SolvePMedian(const SitingProblem<T>& prob, std::size_t p, const SitingOptions& options);
template <class T> SitingResult SolvePCenter(const SitingProblem<T>& prob, std::size_t p, const SitingOptions& options);
template <class T> SitingResult SolveCover(const SitingProblem<T>& prob, double radius, const SitingOptions& options);
// The same on the cover lists of that radius, built by the caller (backup
// cover's P), every demand covered by some candidate.
template <class T> SitingResult SolveCoverOnLists(const SitingProblem<T>& prob, const CoverLists& lists, double radius,
                                                  const SitingOptions& options);
template <class T>
SitingResult SolveMaxCover(const SitingProblem<T>& prob, double radius, std::size_t p, const SitingOptions& options);
// Fixed-charge facility location: any number of sites, each at its opening
// cost (opening_cost_of_vertex[v]); capacity_of_vertex: single-source
// capacities, null: uncapacitated.
template <class T>
SitingResult SolveFacilityLocation(const SitingProblem<T>& prob, const std::vector<double>& opening_cost_of_vertex,
                                   const std::vector<double>* capacity_of_vertex, const SitingOptions& options);
// Single-source capacitated p-median: capacity_of_vertex[v] bounds the demand
// weight candidate vertex v serves (unlisted: 0).
template <class T> SitingResult SolveCapacitatedPMedian(const SitingProblem<T>& prob, std::size_t p,
                                                        const std::vector<double>& capacity_of_vertex,
                                                        const SitingOptions& options);
template <class T>
SitingResult SolveBackupCover(const SitingProblem<T>& prob, double radius, std::size_t p, const SitingOptions& options);
template <class T>
SitingResult SolvePDispersion(const SitingProblem<T>& prob, std::size_t p, const SitingOptions& options);

}  // namespace gdist
