// A swap search for LSCP-B (backup coverage) of our own, for covers CBC
// cannot improve in its time (5,000 demands: its root LP alone outruns a
// minute, so its answer was the LSCP's cover as found). From a cover of every
// demand it makes the best swap (close one free site, open a closed
// candidate) that keeps every demand covered and raises the weight covered
// twice, to a local optimum; then it restarts from the best cover with 1-12
// free sites swapped for random candidates, repaired into a cover of every
// demand by the covering search (cover_search.hpp), until its work, its
// deadline or its target runs out (iterated local search).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/cover_lists.hpp"

namespace gdist {

struct BackupSearchOptions {
  double deadline = 0;         // steady seconds; 0: the work alone
  std::uint64_t max_work = 0;  // (demand, candidate) pairs read; 0: one descent only. A count, not a clock.
  std::uint64_t seed = 1;
  double target = 0;  // stop once the weight covered twice reaches it (the LP's value rounded down); 0: none
};

struct BackupSearchResult {
  std::vector<std::uint32_t> sites;  // the fixed ones first, then the free ones
  double twice = 0;                  // the weight of demands two or more of them cover
  long restarts = 0;
};

// The weight of demands at least two of `sites` cover (each demand counted
// once); -1 when some demand is left uncovered.
double BackupCoverTwice(const CoverLists& lists, const std::vector<double>& weights,
                        const std::vector<std::uint32_t>& sites);

// `start` covers every demand, the fixed sites (num_fixed, first) among its
// sites; they are never swapped.
BackupSearchResult BackupCoverSearch(const CoverLists& lists, const std::vector<double>& weights,
                                     const std::vector<std::uint32_t>& start, std::size_t num_fixed,
                                     const BackupSearchOptions& options);

}  // namespace gdist
