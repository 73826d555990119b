// Reductions of a covering instance (the cover lists of one radius) that
// every covering solver may use: demands with the same candidate set become
// one weighted row, demands a fixed site covers drop out, and a candidate
// whose rows another candidate covers too is left out (dominated columns).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/cover_lists.hpp"

namespace gdist {

// Demands as rows: one row per distinct candidate set, demands covered by a
// fixed site left out (they are covered whatever the choice).
struct CoverRows {
  std::vector<std::uint32_t> rep;    // a demand of each row
  std::vector<double> weight;        // summed weights of its demands
  std::vector<std::int32_t> row_of;  // per demand: its row, or -1
  double fixed_weight = 0;           // weight the fixed sites cover
  bool uncoverable = false;          // some demand has no candidate at all
};

// `weights` per demand (nullptr: every demand weighs 1); is_fixed per candidate.
CoverRows MergeCoverRows(const CoverLists& lists, const std::vector<double>* weights,
                         const std::vector<char>& is_fixed);

// Each candidate's rows (ascending, once each).
std::vector<std::vector<std::int32_t>> RowsOfCandidates(const CoverLists& lists, const CoverRows& rows);

// Dominated columns: a free candidate whose rows another candidate covers
// too (a strict superset, or the same rows and a smaller index) can be
// swapped for it in any solution of either covering model without losing
// coverage. Returns, per candidate, the kept one that replaces it (itself
// when kept).
std::vector<std::uint32_t> Dominators(const CoverLists& lists, const CoverRows& rows,
                                      const std::vector<std::vector<std::int32_t>>& rows_of,
                                      const std::vector<char>& is_fixed);

// `sites` with each dominated candidate replaced by its dominator, once each.
std::vector<std::uint32_t> Replaced(const std::vector<std::uint32_t>& sites, const std::vector<std::uint32_t>& by);

}  // namespace gdist
