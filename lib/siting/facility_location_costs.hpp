// The uncapacitated fixed-charge location program (facility_location.cpp) in
// the form its own solver (facility_location_dual.hpp, _branch.hpp) reads:
// weighted costs g_uk = w_u c_uk (+inf where candidate k does not reach u; a
// weight 0 costs 0 where it reaches), opening costs f_k, and each demand's
// candidates ordered by g (the dual ascent's levels).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/covering_mip.hpp"

namespace gdist {

struct FacilityCosts {
  std::size_t nd = 0, m = 0;
  std::vector<double> g;             // nd x m, demand-major
  std::vector<double> f;             // per candidate
  std::vector<char> fixed;           // per candidate: must stay open
  std::vector<std::uint32_t> order;  // nd x m: each demand's candidates by g ascending (+inf last)
  std::vector<std::uint32_t> reach;  // per demand: how many candidates reach it (the finite prefix of `order`)
  bool whole = false;                // every g and f a whole number below 2^53: so is every objective
  double cost(std::size_t u, std::size_t k) const { return g[u * m + k]; }
};

FacilityCosts FacilityCostsOf(const AssignmentProgram& program);

// The objective of opening `open` (per candidate), each demand at its
// cheapest open site (+inf: some demand reached by none); `assigned` gets those sites.
double FacilityObjective(const FacilityCosts& c, const std::vector<char>& open, std::vector<std::uint32_t>* assigned);

}  // namespace gdist
