// The engine's one entry point: adjacency matrix in, distance matrix out (in
// place), on the backend asked for or chosen. Checks that belong to every
// backend live here: path-sum range, negative cycles, unreachable clean-up.
#pragma once
#include <functional>
#include <future>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/engine/checkpoint.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/engine/progress.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/util/error.hpp"

namespace gdist {

struct ApspOptions {
  Backend backend = Backend::kAuto;
  int threads = 0;  // CPU threads; 0 = all cores
  // int32 matrices run in 16 bits when every finite distance is proven to fit
  // (precision_choice.hpp); false keeps 32 bits (tests and benches compare).
  bool allow_int16 = true;
  // A probe started earlier (StartGpuProbe), so that creating the CUDA context
  // overlaps reading the input; empty: SolveApsp probes itself.
  std::shared_future<GpuStatus> gpu_probe;
  // Bytes the CPU backend may hold of the matrix at once; a larger matrix is
  // solved out of core (super-tiles through a working set of this size).
  // 0: DefaultMemoryLimit().
  std::size_t memory_limit = 0;
  // Bytes of device memory the GPU backend may use (--device-memory); a
  // matrix over it runs out of core on the GPU. 0: the free device memory.
  std::size_t device_memory = 0;
  // Called after each round with the run's progress (gapsp --progress); empty: none.
  ProgressFn progress;
  // Round-boundary checkpoints (checkpoint.hpp; dir empty: none). The
  // out-of-core schedules (CPU, GPU) and a caller's schedule take them; an
  // in-core run asked for them throws.
  CheckpointOptions checkpoint;
  // Replaces the CPU/GPU backends after the checks (the distributed schedule
  // sets it): runs Floyd-Warshall in place on the stride x stride matrix,
  // with `checkpoint`, in element_bits (16: an int32 matrix proven to fit,
  // ChoosePrecision; else the matrix's width); schedule_note and what it
  // returns go to the report.
  std::function<std::string(void* d, std::size_t stride, ElementType type, int element_bits,
                            const CheckpointOptions& checkpoint)>
      schedule;
  std::string schedule_note;
  Backend schedule_backend = Backend::kCpu;  // what `schedule` runs on, for the report
};

// Physical memory of this machine in bytes (sysconf), 0 when unknown.
std::size_t PhysicalMemoryBytes();
// The default memory_limit of the front ends: 3/4 of physical memory (the
// rest for the input, the page cache and the other processes).
inline std::size_t DefaultMemoryLimit() { return PhysicalMemoryBytes() / 4 * 3; }
// A ProgressFn that prints one line per report on stderr.
void PrintProgressLine(const ApspProgress& p);

// ProbeGpu on a background thread.
inline std::shared_future<GpuStatus> StartGpuProbe() { return std::async(std::launch::async, ProbeGpu).share(); }

struct ApspReport {
  Backend used = Backend::kCpu;
  std::string note;                  // why this backend (fallbacks are explained here)
  double seconds = 0;                // engine time, checks included
  int element_bits = 32;             // width the engine computed in (16, 32 or 64); results keep the matrix's type
  std::string precision_reason;      // why that width
  std::int64_t distance_bound = -1;  // the proven bound behind a 16-bit run; -1: none
};

// Replaces m (kind kAdjacency) by its shortest-path distances (kind kDistance).
// Throws gdist::Error on a negative cycle (naming a vertex on it) or when path
// sums could overflow T (naming the type to use instead).
template <class T> ApspReport SolveApsp(DistMatrix<T>& m, const ApspOptions& options);

// SolveApsp's refusal of a graph whose path sums could pass what T holds,
// naming the type to convert to.
template <class T> Error PathSumsTooLarge(std::size_t n, double max_abs_weight);

}  // namespace gdist
