// The row scans of summary.cpp and centrality.cpp (ScanSummaryRow,
// ScanCentralityRow) for K rows held transposed, as PHAST's sweep leaves them:
// one line of K distances per vertex, line j holding d(source_i, j) in lane i.
// Reading the lines in increasing j gives every row the dense scans' answer
// bit for bit (the harmonic's lane sums j % kSumLanes added in increasing j,
// then the same tree), without storing the K rows of n distances and reading
// them back. Integer distances only: their totals and extremes are exact and
// need no order; a float row's total is a lane-order double sum too, which
// would double the accumulators (float rows keep the stored-row path).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

#include "lib/metrics/row_reduction.hpp"

namespace gdist {

// lines: the lines of vertices 0..n-1, K distances each; sources[i] is row
// i's vertex (its diagonal), i < count = min(sources.size(), K). Writes
// summary[i] and centrality[i] for i < count.
template <class T, std::size_t K> void ScanLines(const T* lines, std::size_t n, std::span<const std::uint32_t> sources,
                                                 SummaryRow* summary, CentralityRow* centrality);

}  // namespace gdist
