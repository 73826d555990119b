// Every distance of a graph given by its arcs, without an n x n host matrix:
// on an in-core GPU run the adjacency is built where the run keeps it and the
// result streams to a writer (gapsp GRAPH OUT.gdm: no n^2 host pass, and half
// the bytes copied back when 16 bits are proven). The CPU twin builds the same
// matrix on the host and hands the writer the same bytes in the same chunks:
// CI tests that logic, the device tests the GPU against it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include "lib/engine/apsp.hpp"
#include "lib/engine/backend_choice.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/graph/csr.hpp"

namespace gdist {

// The GPU's decision for such a run when it can take it: non-negative int32
// arcs, the GPU in core as SolveApsp would choose for the matrix
// (ChooseBackend), and the arcs fitting on the device beside it. nullopt:
// build the host matrix and run SolveApsp.
std::optional<BackendDecision> GpuTakesArcsRun(const CsrView<std::int32_t>& arcs, bool has_negative,
                                               const ApspOptions& options);

// SolveApsp's checks (path sums, the 16-bit choice: ChoosePrecisionOfArcs),
// then the run on `decision`'s backend (kGpu: GpuFloydWarshallOfArcs, in core;
// kCpu: the twin), the result to `sink`, narrowed where every value fits 16
// bits unless options.allow_int16 is off (--element-bits 32). The arcs: a CsrGraph's out-arcs, none
// negative. Throws gdist::Error.
ApspReport SolveApspOfArcs(const CsrView<std::int32_t>& arcs, double max_abs_weight, const ApspOptions& options,
                           const BackendDecision& decision, const ArcsResultSink& sink);

// The twin of GpuFloydWarshallOfArcs: FillAdjacency on the host, the CPU
// Floyd-Warshall, the same stored width to sink.begin and the same payload to
// sink.write in kResultChunkBytes pieces.
void CpuFloydWarshallOfArcs(const CsrView<std::int32_t>& arcs, std::size_t stride, GpuMode mode,
                            bool narrow_when_values_fit, const ArcsResultSink& sink, int threads,
                            const ProgressFn& progress = {});

}  // namespace gdist
