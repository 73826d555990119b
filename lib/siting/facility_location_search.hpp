// A first solution of the uncapacitated fixed-charge location program
// (facility_location.cpp) without CBC: the incumbent a time limit falls back
// to when CBC stops before it finds one (its root LP alone can outlast the
// limit at 1000 x 1000); its bound: facility_location_bound.hpp.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/covering_mip.hpp"

namespace gdist {

struct FacilityLocationStart {
  std::vector<std::uint32_t> sites;     // candidate indices, fixed ones first; empty: some demand is reached by none
  std::vector<std::uint32_t> assigned;  // per demand: its cheapest open site
  double objective = 0;                 // opening costs plus weighted assignment costs
};

// Greedy (the fixed sites, then the candidate that serves the most unserved
// demands until all are served, then the one that saves the most while one
// saves), then drops while a drop saves. program: uncapacitated, with
// opening costs; cost +inf where a candidate does not reach a demand.
FacilityLocationStart GreedyFacilityLocation(const AssignmentProgram& program);

}  // namespace gdist

namespace gdist {

struct FacilityCosts;

// Local search from `open` (per candidate; every demand reached): the best
// drop while one saves (a fixed site stays; O(demands) a round from each
// demand's cheapest and second cheapest open site), else the best add or
// swap of one open for one closed candidate (O(candidates x demands) a
// round), applied while one saves, until `deadline` (steady seconds; 0:
// none). Returns the objective.
double ImproveFacilityLocation(const FacilityCosts& costs, std::vector<char>* open, double deadline);

}  // namespace gdist
