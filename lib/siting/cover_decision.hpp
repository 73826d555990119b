// The p-center decision at one radius, exactly: can p_total sites (the fixed
// ones among them) cover every demand of the lists? With COIN-OR CBC, its
// covering integer program (stopping at the first cover); without, the
// project's own method: maximal covering on unit weights proven by the
// Lagrangian branch and bound (max_cover_proof.hpp), "no cover" when its
// upper bound on the covered demands is below their number. So p-center's
// --exact proves its answer on a build without CBC too (issue 26).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/cover_lists.hpp"

namespace gdist {

enum class CoverDecision { kCover, kNoCover, kUnknown };  // kUnknown: the deadline came first

// `start`: p_total sites (fixed first) to begin from. On kCover, *sites holds
// a cover (fixed first, at most p_total sites). deadline_s: SteadySeconds(), 0: none.
CoverDecision DecideCover(const CoverLists& lists, const std::vector<std::uint32_t>& fixed, std::size_t p_total,
                          const std::vector<std::uint32_t>& start, double deadline_s, int threads, bool use_mip,
                          std::vector<std::uint32_t>* sites);

}  // namespace gdist
