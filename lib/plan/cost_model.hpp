// The one cost model: every rate and threshold a run's plan is decided by,
// defined once, each with the harness that measured it (bench/RESULTS.md).
// The planner (planner.hpp), the estimate line before a long run, and the
// CPU/GPU choosers of the metrics and the trees read these and nothing else;
// tests read them too instead of restating numbers.
#pragma once
#include <cstddef>

#include "lib/core/backend.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist::cost {

// Floyd-Warshall relaxations per second per CPU thread, by element type: the
// CPU engine on the 2-core dev machine (bench/cpu_fw_bench: 1.2e11 int32 on
// 2 threads; the wider types by the same harness).
inline constexpr double kCpuFwRelaxPerThreadInt32 = 6.0e10;
inline constexpr double kCpuFwRelaxPerThreadFloat32 = 5.0e10;
inline constexpr double kCpuFwRelaxPerThreadInt64 = 2.0e10;
inline constexpr double kCpuFwRelaxPerThreadFloat64 = 1.5e10;

// The CPU out-of-core Floyd-Warshall (lib/engine/cpu_out_of_core.cpp) pays,
// on top of the relaxations: B^3 block steps for B = stride / side blocks a
// side, each copying about three blocks between the matrix and the working
// set (two operands in, the updated block out; a page-cache copy when the
// matrix is file-backed) and a few parallel regions' fork and join; and each
// step's tiles are shared by at most (side / 128)^2 threads (the bulk) or
// side / 128 (the panels and the diagonal), so small blocks leave cores idle.
inline constexpr double kOutOfCoreCopyBytesPerSecond = 4e9;
inline constexpr double kOutOfCoreBlocksCopiedPerStep = 3;
inline constexpr double kOutOfCoreStepSeconds = 2e-5;

// The GPU engine's share of the H100's measured min-plus ceilings
// (kH100Ceiling* in lib/engine/progress.hpp, anchors.md; bench/gpu_fw_bench at
// n = 32768: 89.5% in int32).
inline constexpr double kGpuFwShareOfCeiling = 0.89;
// Plus a fixed cost per GPU run (copies in and out, launches, pinning):
// bench/plan_check.sh on the H100 machine, three device calls (2026-11-26
// 18:25 and 21:59, 2026-11-27 00:25 UTC): rome99 14, 28 and 38 ms of apsp and a
// 4000-vertex graph 17, 30 and 17 ms, against 2.6 and 4.5 ms of min-plus at
// the rate above; the middle of that spread.
inline constexpr double kGpuFwRunSeconds = 0.020;

// One shortest-path tree, in seconds per arc of the graph (source-arcs): on
// the CPU per thread, checked on the 2-core dev machine against every tree of
// the metrics and the rows of gapsp and --candidates (bench/estimate_check.sh:
// runs took 0.75x to 2.4x the estimate); Johnson's re-weighted trees carry
// wider keys and the potentials.
inline constexpr double kCpuBfsSourceArcSeconds = 2.5e-9;
inline constexpr double kCpuDijkstraSourceArcSeconds = 15e-9;
inline constexpr double kJohnsonExtraFactor = 1.3;
// The shared (bit-parallel) BFS of every source, per source: each arc its
// batch scans (sampled, lib/sparse/bfs_work_sample.hpp) and each vertex's
// entry. Fitted on bench/plan_check.sh's thread sweep (H100 machine, 1 thread,
// 2026-11-27 00:25 UTC; the whole matrix of 4elt, ca-GrQc and bcspwr10:
// 275, 24 and 66 us a source, which one rate per arc put 0.3x to 2.8x off).
inline constexpr double kCpuSharedBfsArcSeconds = 30e-9;
inline constexpr double kCpuSharedBfsVertexSeconds = 0.8e-9;
// CPU trees (and the contraction) on T threads run T^0.82 times as fast as on one (the same sweep:
// 9.3-9.9x on 16 threads, 5.3-6.3x on 8, 1.5-1.7x on 2: shared caches and
// the page faults of the rows).
inline constexpr double kCpuTreesThreadScaling = 0.82;
// On one H100, every source of NY at once (bench/sparse_gpu_race.sh,
// bench/sparse_gpu_sssp_race.sh): the multi-source BFS, 264,346 sources x
// 733,846 arcs in 5.06 s; the batched near-far Bellman-Ford on weighted NY,
// 264,346 sources x 730,100 arcs in 39.0 s, rows reduced.
inline constexpr double kGpuBfsSourceArcSeconds = 5.06 / (264346.0 * 733846.0);
inline constexpr double kGpuWeightedSourceArcSeconds = 39.0 / (264346.0 * 730100.0);
// The GPU's trees run in waves of every resident batch (SMs x blocks x 32
// sources): fewer sources than a wave take a wave's time. Fitted on one row
// (bench/plan_check.sh, H100 machine, 2026-11-27 00:40 UTC): weighted NY's
// 1000 --sources rows took about 2.1 s of GPU trees, not 0.15 s pro rata.
inline constexpr double kGpuTreesWaveSources = 14000;
// The road hierarchy (lib/road, bench/road_bench on weighted NY, dev machine,
// one contended core, 2026-11-26): contraction about 4.4 s of CPU for 730,100
// arcs; a PHAST tree 0.43-1.0 ms over its 264,346 vertices (16 lanes a sweep).
inline constexpr double kCpuContractionArcSeconds = 4.4 / 730100.0;
inline constexpr double kCpuPhastVertexSeconds = 0.7e-3 / 264346.0;
// The GPU sweep (bench/gphast_bench on the H100, 2026-11-26): weighted NY's
// every row, 264,346 sources x 264,346 vertices, in 1.696 s (45.7% of HBM).
inline constexpr double kGpuPhastSourceVertexSeconds = 1.696 / (264346.0 * 264346.0);

// The bounding searches on PHAST trees (bench/road_metrics_bench and gcenter
// G.gch, 2026-11-26): diameter, radius, center and 1-median in about 400
// one-lane trees on weighted NY, each with its bound passes about 68 ns per
// vertex (dev machine, 2 contended cores: 4.7 s), more trees on bigger graphs
// (H100 machine, 16 cores: NY 1.34 s, weighted NE, 5.8x the vertices, 12.3 s:
// n^1.27), and no faster past about 4 threads (the median's claims contend);
// every eccentricity in about 0.2 n trees in 16-lane sweeps (NY: ~50,000 trees).
// Fitted on those three runs.
inline constexpr double kBoundingTrees = 400;
inline constexpr double kBoundingTreeVertexSeconds = 68e-9;
inline constexpr double kBoundingTreesGrowth = 0.27;  // trees ~ (n / NY's n)^0.27
inline constexpr double kBoundingReferenceVertices = 264346;
inline constexpr int kBoundingUsefulThreads = 4;
inline constexpr double kEveryEccentricityTreesPerVertex = 0.2;
// A bounding search's Dijkstra tree runs alone (one source, its own n-wide distances, no batch
// sharing warm arrays): per arc this many times a rows tree (kCpuDijkstraSourceArcSeconds).
// road_metrics_bench on weighted NY (16 threads, bench/results/road.md): Dijkstra's bounds
// 2.110 s against PHAST's 0.856 s, so a Dijkstra tree costs 2.47 - 1 PHAST bound trees' 68 ns
// a vertex more: 36 ns an arc; road_bench's one-source Dijkstra rows there: 35 ns an arc
// (25.4 ms a source, dev VM). gcenter NY-w.gr --engine sparse on the dev VM (2 cores,
// 2026-12-03): 8.0 s against 8.9 s so priced (5.8 s without this factor).
inline constexpr double kBoundingTreeArcFactor = 2.4;

// Writing an output (every matrix, rows and CSV file; rows streamed as they
// are computed too): one disk rate for every writer, the estimate line's
// "writing" part. dd of 512 MiB with fdatasync on the dev VM gave 206 MB/s
// (2026-11-27, load 4); the H100 machine wrote weighted NY's 1.06 GB of rows
// at about 0.65 GB/s (bench/plan_check.sh, 2026-11-26): the slower disk,
// rounded up a little, so an estimate errs towards the long side.
inline constexpr double kWriteBytesPerSecond = 0.25e9;
// A text output (CSV) holds about this many bytes per distance and is
// formatted at this rate (std::to_chars and the line's commas): rome99's
// 75 MB CSV on the dev VM (bench/estimate_check.sh, 2026-11-27).
inline constexpr double kTextBytesPerDistance = 7;
inline constexpr double kTextFormatBytesPerSecond = 0.3e9;
// Reading a graph file (parsed text, gzip inflated) or a matrix file (mapped,
// its checksums verified), in bytes of the file as it lies on disk: a 30%-dense
// n = 4000 DIMACS file (73.6 MB) read in 1.77 s on the dev VM at load 7
// (2026-11-27), NY.gr.gz in 0.17 s; a .gdm about 1 GB/s.
inline constexpr double kGraphReadBytesPerSecond = 60e6;
inline constexpr double kMatrixReadBytesPerSecond = 1e9;
// An n x n matrix is allocated and filled (INF, or the arcs) before an engine
// runs: first-touch page faults and the fill, about 1.5 GB/s on one thread of
// the dev VM (4elt's 975 MB blank matrix: 0.6-1.6 s under load).
inline constexpr double kMatrixFillBytesPerSecond = 1.5e9;

// The road hierarchy on trial (auto; HierarchyTrialSeconds): a graph is contracted first when
// kTrialContractionSlack times its contraction at the road rate above is at most
// kHierarchyTrialGain of the trees' time (the chosen trees' estimate: a tree per row or vertex, or
// the bounding searches' typical trees) and the hierarchy's estimate (that contraction plus its
// PHAST trees) is below the trees'. The contraction is given up past kTrialContractionSlack times
// its road-rate estimate or kTrialMaxShortcutsPerArc shortcuts per arc (a graph that is not
// road-like, a random or social one, builds a dense core slowly), and the trees run: a graph the
// hierarchy does not suit pays at most kHierarchyTrialGain more.
// Per arc, SNAP ca-GrQc contracts 9x slower than weighted NY, 4elt 4x (dev
// machine, 2026-11-27); shortcuts per arc: NY 0.6-1.2, 4elt 1.2, ca-GrQc 0.35.
inline constexpr double kHierarchyTrialGain = 0.25;
inline constexpr double kTrialContractionSlack = 2;
inline constexpr double kTrialMaxShortcutsPerArc = 4;

// Starting the GPU for trees pays only past about this much CPU time.
inline constexpr double kGpuTreesWorthCpuSeconds = 1.0;

// The dense metrics' row passes (bench/metrics_bench and gcenter on the H100
// machine, 2026-11-22): the CPU reads about 0.6 GB/s of matrix per thread; the
// GPU costs about 0.4 s per process to start and stop (CUDA context, pinned
// buffers) and then reads about 35 GB/s (host copy + PCIe).
inline constexpr double kCpuMetricsBytesPerThreadSecond = 0.6e9;
inline constexpr double kGpuMetricsStartSeconds = 0.4;
inline constexpr double kGpuMetricsBytesPerSecond = 35e9;

// Thresholds of the engine choice. A metrics question on a graph of at most
// kSmallGraph vertices stays on Floyd-Warshall (well under a second there, and
// its report is the complete one); an n x n matrix taking more than
// kDenseMatrixShareOfMemory of the host's memory sends every question that can
// do without it to the trees.
inline constexpr std::size_t kSmallGraph = 4096;
inline constexpr double kDenseMatrixShareOfMemory = 0.5;

}  // namespace gdist::cost

namespace gdist {

enum class TreeMethod;  // lib/sparse/shortest_paths.hpp (kept out: nvcc's C++17 passes include this header)

// Seconds of Floyd-Warshall over n vertices in `type`: on one GPU (32-bit
// types; 16 bits when `int16`) or on `threads` CPU threads.
double FloydWarshallSeconds(double n, ElementType type, Backend where, int threads, bool int16 = false);

// Seconds of the CPU out-of-core Floyd-Warshall on a stride x stride matrix
// in blocks of `side` (SuperTileSideFor) on `threads` threads: the extra
// passes over the matrix, the per-step overhead and the idle threads of small
// blocks priced (cost::kOutOfCore*).
double OutOfCoreFloydWarshallSeconds(double stride, double side, ElementType type, int threads);

// Seconds of `trees` shortest-path trees of `method` over a graph of `arcs`
// arcs, on `threads` CPU threads or on the GPU (its BFS for unit weights, its
// weighted kernel otherwise; `gpu_bfs` false: the weighted kernel for unit
// weights too, as the GPU's rows are written).
double TreesSeconds(double trees, double arcs, TreeMethod method, Backend where, int threads, bool gpu_bfs = true);
// Seconds of the shared BFS's trees on the CPU, `arcs_per_tree` sampled.
double SharedBfsTreesSeconds(double trees, double n, double arcs_per_tree, int threads);

// Seconds of `trees` PHAST trees over a hierarchy of n vertices, plus its
// contraction over `arcs` arcs unless it was saved, on `threads` CPU threads
// or (the sweep) on the GPU.
double HierarchySeconds(double trees, double n, double arcs, bool saved, int threads, Backend where = Backend::kCpu);
// The metrics by bounding on PHAST trees (the CPU), the contraction included unless saved.
double BoundedHierarchySeconds(double n, double arcs, bool saved, bool every_eccentricity, int threads);
// The trees the bounding searches typically grow on n vertices (cost::kBoundingTrees; every eccentricity:
// cost::kEveryEccentricityTreesPerVertex more per vertex).
double BoundingTreeCount(double n, bool every_eccentricity);
// The metrics by bounding on the sparse engine's CPU trees over `arcs` arcs.
double BoundedTreesSeconds(double n, double arcs, TreeMethod method, bool every_eccentricity, int threads);

// The plan's hierarchy trial (cost::kHierarchyTrialGain): the seconds the contraction may take
// before it is given up, or 0 where the trial does not pay; `contract_s` the road-rate
// contraction, `sweeps_s` the hierarchy's trees after it, `trees_s` the trees' time without it.
double HierarchyTrialSeconds(double contract_s, double sweeps_s, double trees_s);

// Seconds of the dense metrics' row passes over a matrix of `matrix_bytes`.
double MetricsPassSeconds(double matrix_bytes, Backend where, int threads);

// Whether the GPU's row passes beat the CPU's on this matrix (start included).
bool GpuMetricsPays(double matrix_bytes, int cpu_threads);

// A whole run's estimate, the one the line before a long run prints and
// --json's plan holds: reading the input, the engine, writing the outputs.
// The CPU parts are divided by cpu_share, the part of its threads' cores the
// run can expect on a busy machine (CpuShare); the GPU's part and the writing
// (the disk's: 1 GB of rows took 4-5 s at load 7 as at load 2 on the dev VM,
// bench/estimate_check.sh) are not.
struct RunEstimate {
  double read_s = 0;
  double fill_s = 0;     // the n x n matrix allocated and filled before the engine
  double compute_s = 0;  // the engine
  double write_s = 0;
  double write_bytes = 0;
  bool compute_on_gpu = false;
  double cpu_share = 1;
  double load = 0;  // the load average cpu_share came from
  double total_s() const {
    const double cpu = read_s + fill_s + (compute_on_gpu ? 0 : compute_s);
    return cpu / cpu_share + (compute_on_gpu ? compute_s : 0) + write_s;
  }
};

// Seconds to read an input of `bytes` on disk: a graph file, or a matrix file (.gdm, .gch).
double ReadSeconds(double bytes, bool matrix_file);
// Seconds to write `bytes` of binary output (a matrix, rows, next hops), or
// `distances` as text (CSV: formatted, then written).
double WriteSeconds(double bytes);
double TextWriteSeconds(double distances);
// Seconds to allocate and fill a matrix of `bytes` before the engine runs.
double MatrixFillSeconds(double bytes);
// The share of `threads` threads' cores a run gets when `load` other threads
// (the 1-minute load average) want the machine's `cores` too: 1 on an idle
// machine, cores / (load + threads) when they outnumber the cores.
double CpuShare(int threads, int cores, double load);

}  // namespace gdist
