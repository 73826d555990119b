// The metrics' per-row reductions (lib/metrics/row_reduction.hpp) computed
// from shortest-path trees instead of matrix rows: one SummaryRow and
// CentralityRow per source, in O(n) memory per thread. Weighted trees go
// through the dense path's own row scans (ScanSummaryRow, ScanCentralityRow),
// so the rows are identical; unit-weight graphs run 256 sources per sweep of
// the bit-parallel BFS and count each level instead (integer totals are
// exact and equal; harmonic sums add the same terms per level, so they may
// differ from the dense lane-order sum in the last bits).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "lib/engine/progress.hpp"
#include "lib/metrics/row_reduction.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

// Counts of finite off-diagonal distances by integer value, over ordered
// pairs; `exact` is false when some distance was fractional, negative or
// above kMaxValue (then the histogram needs HistogramPass).
struct DistanceValueCounts {
  static constexpr std::uint64_t kMaxValue = std::uint64_t{1} << 24;
  std::vector<std::uint64_t> counts;
  bool exact = true;
  void Merge(const DistanceValueCounts& o);
};

struct TreeRowsRequest {
  bool summary = true;             // SummaryRow (eccentricity, farthest, total, unreachable)
  bool centrality = false;         // CentralityRow (harmonic, range)
  bool values = false;             // DistanceValueCounts
  bool eccentricity_only = false;  // unit weights, connected graph: only summary.farthest.value
};

struct TreeRows {
  std::vector<SummaryRow> summary;        // one per source (when asked)
  std::vector<CentralityRow> centrality;  // one per source (when asked)
  DistanceValueCounts values;
};

// `progress` (when given) counts the trees as they finish.
template <class W> TreeRows ComputeTreeRows(const ShortestPathTrees<W>& trees, std::span<const std::uint32_t> sources,
                                            const TreeRowsRequest& request, int threads,
                                            ProgressCounter* progress = nullptr);

// Histogram counts of the trees of `sources` in the shape given, by the dense
// path's rule: every j != i (directed) or j > i (undirected), finite only.
template <class W> std::vector<std::uint64_t> HistogramPass(const ShortestPathTrees<W>& trees,
                                                            std::span<const std::uint32_t> sources,
                                                            const HistogramShape& shape, bool directed, int threads,
                                                            ProgressCounter* progress = nullptr);

}  // namespace gdist
