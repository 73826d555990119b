// Which element width the engine computes in. An int32 matrix runs in 16 bits
// (kernels with twice the lanes, half the bytes) when every finite distance is
// proven to stay below the 16-bit INF: results are then bit-identical, widened
// back to int32 on the way out (range_check.hpp has the argument).
#pragma once
#include <cstdint>
#include <string>

#include "lib/graph/csr.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

struct PrecisionChoice {
  int element_bits = 32;             // 16: the engine runs on int16 copies of the values
  std::string reason;                // why, in words (gapsp prints it)
  std::int64_t distance_bound = -1;  // proven bound on every finite distance; -1: none computed
};

// For an int32 adjacency matrix with the weight range ScanWeights found.
// allow_int16 = false keeps 32 bits (tests and benches compare both).
// Tries the n-based rule first ((n-1) x max|w| < INF16, free), then the
// graph's own bound (distance_bound.hpp: one pass over the matrix for its arcs,
// then two bounded shortest-path trees per strong component). The arcs are
// at most n^2/8, and at most max_arcs when that is not 0 (the out-of-core
// runs: 16 bytes an arc within their memory limit); past it, 32 bits.
PrecisionChoice ChoosePrecision(const MatrixView<std::int32_t>& m, double max_abs_weight, bool has_negative,
                                bool allow_int16, std::size_t max_arcs = 0);
// The same from the graph's arcs (one per ordered pair, non-negative when
// has_negative is false), without a matrix: the run that builds its adjacency
// on the GPU (arcs_apsp.hpp). The same graph gets the same choice.
PrecisionChoice ChoosePrecisionOfArcs(const CsrView<std::int32_t>& arcs, double max_abs_weight, bool has_negative,
                                      bool allow_int16);

// Why a checkpointed run (out of core or distributed) stays in the matrix's
// width where 16 bits were allowed: its snapshots are the schedule's state in
// the matrix's type (the host matrix, or a rank's tiles).
inline constexpr const char* kCheckpointKeepsWidth =
    "a checkpointed run keeps the matrix's width (its snapshots are in the matrix's type)";

}  // namespace gdist
