// Solutions of the single-source capacitated p-median (capacitated_instance.hpp)
// for the incumbent that the Lagrangian steps aim at and CBC's cutoff: serve
// the demands of a site set (regret greedy from a hint, with one-step repair),
// then shift and swap demands between sites, then swap sites. Hand-written
// because CBC's own heuristics see only the LP, and without a good incumbent
// neither the reduced-cost fixing nor the cutoff shrink the program.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "lib/siting/capacitated_instance.hpp"

namespace gdist {

inline constexpr std::uint32_t kUnassigned = ~std::uint32_t{0};

// Every demand served from `open` within the capacities, cheaply; `hint`
// (per demand a site of `open`, or kUnassigned) is taken where it fits.
// nullopt when the greedy and its repair find no way (not a proof of infeasibility).
std::optional<CapacitatedSolution> ServeFromSites(const CapacitatedInstance& inst, std::vector<std::uint32_t> open,
                                                  const std::vector<std::uint32_t>* hint);

// Moves one demand to a cheaper open site with room, or exchanges two
// demands of two sites, while one lowers the objective.
void ImproveAssignment(const CapacitatedInstance& inst, CapacitatedSolution* s);

// Sites spread over the demands, for a first incumbent before the bound has
// any: the fixed ones, then again and again the cheapest free candidate of
// the demand dearest to serve from those chosen (farthest-point order).
std::vector<std::uint32_t> SpreadSites(const CapacitatedInstance& inst);

// Locate-allocate rounds (Cooper's alternation with capacities): each open
// site (not fixed) moves to the candidate that serves its demands cheapest
// within its capacity, then all are served again from hints and improved;
// while a round lowers the objective, up to kLocateRounds or the deadline.
// O(nd x m) a round, against ImproveSites' serving of every trial set.
inline constexpr int kLocateRounds = 50;
void LocateAllocate(const CapacitatedInstance& inst, CapacitatedSolution* s, double deadline);

// Closes one open site (not fixed) and opens one of `candidates` where that
// (reserved and improved) lowers the objective; first improvement, until none
// or `max_tries` site sets were tried or the deadline (steady seconds, 0: none).
void ImproveSites(const CapacitatedInstance& inst, const std::vector<std::uint32_t>& candidates, CapacitatedSolution* s,
                  std::size_t max_tries, double deadline);

}  // namespace gdist
