// The local search of the uncapacitated fixed-charge location program
// (facility_location.cpp): it improves the branch and bound's incumbents
// (facility_location_branch.hpp); the bounds are facility_location_dual.hpp
// and facility_location_bound.hpp.
#pragma once
#include <vector>

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
