// Proving a p-center answer. The optimal radius is one of the distinct
// distances; radius R is feasible iff some set of p sites (fixed ones
// included) covers every demand within R (Minieka 1970). So a proof that no
// such cover exists at the distance just below the answer proves it optimal,
// and the largest distance proven uncoverable gives the lower bound.
//   bound: bisection with the covering LP (CLP): LP optimum > p proves "no cover";
//   exact: bisection with the covering integer program (CBC) between that
//   bound and the answer: "no cover" moves the bound up, a cover found
//   improves the answer (Elloumi, Labbe & Pochet 2004 solve the same
//   decision problems with a tighter formulation).
// The covering programs read cover lists filtered from those of the largest
// radius tried (lib/siting/cover_lists.hpp): one matrix pass in all.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lib/siting/cover_lists.hpp"
#include "lib/siting/siting_problem.hpp"

namespace gdist {

struct CenterProof {
  double lower_bound = 0;            // no p sites reach every demand within less
  std::vector<std::uint32_t> sites;  // the answer: `start`, or a better cover found by the exact search
  double radius = 0;                 // of `sites`
  bool complete = false;             // the bound meets the answer
  std::string how;
};

// The LP bisection alone, over radii[0..hi) (hi: a feasible radius): the
// index of the largest radius whose covering LP proves "no cover of p_total
// sites", or -1. Runs before the heuristic radius search so that the search
// never tries a radius already proven uncoverable. `top`: cover
// lists of a radius >= radii[hi] to filter from; null (the caller could not
// build them: too many pairs) gives no bound. `iterations`: the simplex
// iterations of all its LPs together (0: none), so that the bound depends on
// no clock (`deadline_s`, --time-limit's, may stop it sooner).
template <class T> std::ptrdiff_t CenterLpBound(const SitingProblem<T>& prob, const std::vector<double>& radii,
                                                std::ptrdiff_t hi, std::size_t p_total, double deadline_s,
                                                const CoverLists* top, int iterations = 0);

// `radii`: the sorted distinct distances from `lower` (max_u min_k d(u,k))
// up to at least the radius of `start`; radii[lp_lo] is proven uncoverable
// (-1: nothing proven). `deadline_s` (SteadySeconds(); 0: none). `top`:
// cover lists of a radius >= the answer's (null: built here at
// the answer's radius, which may have few enough pairs).
template <class T> CenterProof ProveCenter(const SitingProblem<T>& prob, const std::vector<double>& radii, double lower,
                                           std::ptrdiff_t lp_lo, const std::vector<std::uint32_t>& start,
                                           std::size_t p_total, bool exact, double deadline_s,
                                           const CoverLists* top = nullptr);

}  // namespace gdist
