#include <mpi.h>
#include <omp.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/core/range_check.hpp"
#include "lib/distributed/distributed_fw.hpp"
#include "lib/distributed/graph_tiles.hpp"
#include "lib/distributed/panel_exchange_mpi.hpp"
#include "lib/distributed/process_grid.hpp"
#include "lib/distributed/rank_checkpoints.hpp"
#include "lib/distributed/rank_tiles.hpp"
#include "lib/engine/negative_cycle.hpp"
#include "lib/engine/precision_choice.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = kTile;  // the tile of every engine

void Check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw Error(std::string("MPI: ") + what + " failed");
}

int Count(std::size_t bytes) {
  if (bytes > std::size_t(INT32_MAX)) throw Error("MPI: a message exceeds 2 GiB; use more ranks");
  return static_cast<int>(bytes);
}

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// count values from src into dst: a copy, or the 16-bit mode's narrowing
// (int32 -> int16) or widening (int16 -> int32), range_check.hpp's rules.
template <class To, class From> void CopyValues(const From* src, To* dst, std::size_t count) {
  if constexpr (std::is_same_v<To, From>) {
    std::memcpy(dst, src, count * sizeof(To));
  } else if constexpr (std::is_same_v<To, std::int16_t>) {
    static_assert(std::is_same_v<From, std::int32_t>);
    for (std::size_t i = 0; i < count; ++i) dst[i] = NarrowToInt16Mode(src[i]);
  } else {
    static_assert(std::is_same_v<To, std::int32_t> && std::is_same_v<From, std::int16_t>);
    for (std::size_t i = 0; i < count; ++i) dst[i] = WidenFromInt16Mode(src[i]);
  }
}

// Every rank together: true when all of them pass `mine`.
bool AllRanks(bool mine) {
  int in = mine ? 1 : 0, out = 0;
  Check(MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
  return out == 1;
}

// One rank's share of the run: its tiles on its engine, the exchange, the
// rounds. T: the tiles' element type (int16 for an int32 matrix in 16 bits).
template <class T> class DistributedRun {
 public:
  DistributedRun(const MpiSession& session, std::size_t tiles, ProcessGrid grid, const DistributedOptions& options)
      : session_(session), options_(options) {
    tiles_.grid = grid;
    tiles_.pr = grid.row_of(session.rank());
    tiles_.pc = grid.col_of(session.rank());
    tiles_.tiles = tiles;
    lr_ = tiles_.local_rows();
    lc_ = tiles_.local_cols();
    ld_ = lc_ * kB;
    // Ranks of one grid row share their column-panel pieces, ranks of one grid column their row-panel pieces.
    Check(MPI_Comm_split(MPI_COMM_WORLD, tiles_.pr, tiles_.pc, &row_comm_), "MPI_Comm_split");
    Check(MPI_Comm_split(MPI_COMM_WORLD, tiles_.pc, tiles_.pr, &col_comm_), "MPI_Comm_split");
    // The rank's place on its host picks its GPU (one rank per GPU).
    MPI_Comm host_comm;
    Check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, session.rank(), MPI_INFO_NULL, &host_comm),
          "MPI_Comm_split_type");
    int local_rank = 0;
    MPI_Comm_rank(host_comm, &local_rank);
    MPI_Comm_free(&host_comm);
    // NCCL only when every rank is on a GPU and this build has it.
    const bool gpu = options.use_gpu &&
                     (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float> || std::is_same_v<T, std::int16_t>);
    const bool nccl = AllRanks(gpu && BuiltWithNccl() && std::getenv("GDIST_NO_NCCL") == nullptr);
    engine_ = gpu ? MakeGpuRankTiles<T>(tiles_, local_rank, nccl) : MakeCpuRankTiles<T>(tiles_, options.threads);
    const ExchangeComms comms{MPI_COMM_WORLD, col_comm_, row_comm_};
    exchange_ = nccl ? MakeNcclExchange(comms, engine_->side_stream()) : MakeMpiExchange(comms);
  }
  ~DistributedRun() {
    if (warm_up_.joinable()) warm_up_.join();
    exchange_.reset();
    MPI_Comm_free(&row_comm_);
    MPI_Comm_free(&col_comm_);
  }

  // NCCL connects its channels at a communicator's first broadcast of a
  // size (about 1.7 s for two H200s): the broadcasts of a round, once, on a
  // thread of their own while this one prepares the tiles. Only a device
  // exchange: MPI is called from the main thread alone (MPI_THREAD_FUNNELED).
  void StartWarmUp() {
    if (!exchange_->on_device()) return;
    warm_up_ = std::thread([this] {
      try {
        engine_->BindThread();
        exchange_->Broadcast(engine_->pivot(), kB * kB * sizeof(T), 0, ExchangeGroup::kAll, true);
        exchange_->Broadcast(engine_->row_panel(1), kB * ld_ * sizeof(T), 0, ExchangeGroup::kGridColumn, false);
        exchange_->Broadcast(engine_->column_panel(1), lr_ * kB * kB * sizeof(T), 0, ExchangeGroup::kGridRow, false);
        engine_->Finish();
      } catch (...) {
        warm_up_error_ = std::current_exception();
      }
    });
  }

  void WaitWarmUp() {
    if (warm_up_.joinable()) warm_up_.join();
    if (warm_up_error_) std::rethrow_exception(std::exchange(warm_up_error_, nullptr));
  }

  const LocalTiles& tiles() const { return tiles_; }
  // The round a resumed run went on from (0: not resumed), for the note.
  std::size_t resumed_at() const { return resumed_at_; }
  std::string ResumeNote() const {
    return resumed_at_ == 0
               ? std::string()
               : ", resumed at round " + std::to_string(resumed_at_ + 1) + " from " + options_.checkpoint.dir;
  }
  RankTiles<T>& engine() { return *engine_; }
  std::string Note() const {
    return std::to_string(tiles_.grid.rows) + " x " + std::to_string(tiles_.grid.cols) +
           " block-cyclic tiles; rank 0 on " + engine_->name() + ", panels by " + exchange_->name();
  }

  // This rank's tiles of the whole matrix d (stride x stride), packed and
  // loaded (S: the matrix's type; int32 into int16 tiles is narrowed).
  template <class S> void LoadFrom(const S* d, std::size_t stride) {
    std::vector<T> packed(lr_ * kB * ld_);
#pragma omp parallel for schedule(static)
    for (std::size_t a = 0; a < lr_; ++a)
      for (std::size_t b = 0; b < lc_; ++b) {
        const S* src = d + tiles_.global_row(a) * kB * stride + tiles_.global_col(b) * kB;
        T* dst = packed.data() + a * kB * ld_ + b * kB;
        for (std::size_t q = 0; q < kB; ++q) CopyValues(src + q * stride, dst + q * ld_, kB);
      }
    engine_->Load(packed.data());
  }

  // The rounds; returns their seconds. With checkpoints (options.checkpoint)
  // a resumed run starts at the checkpoint's round, and a round at which one
  // is due runs whole before the next round's pivot work (no look-ahead): the
  // tiles are then the exact state after it, and every tile sees the same
  // operations on the same values as in a run without checkpoints.
  double Rounds() {
    WaitWarmUp();
    const auto t0 = std::chrono::steady_clock::now();
    const std::size_t rounds = tiles_.tiles;
    std::size_t first = 0;
    std::optional<RankCheckpoints> checkpoints;
    std::vector<T> host;  // the tiles on the host, for the snapshots (held only while one is made)
    if (!options_.checkpoint.dir.empty()) {
      // A checkpointed run keeps the matrix's width: its snapshots are tiles of the matrix's type.
      if constexpr (std::is_same_v<T, std::int16_t>) {
        throw Error("distributed engine: internal error: a checkpointed run in 16 bits");
      } else {
        host.resize(lr_ * kB * ld_);
        engine_->Store(host.data());
        checkpoints.emplace(options_.checkpoint, session_.rank(), session_.size(), tiles_.grid, ElementTraits<T>::kType,
                            rounds * kB, host.data(), host.size() * sizeof(T));
        first = checkpoints->first_round();
        if (first > 0) {
          checkpoints->Restore(host.data());
          engine_->Load(host.data());
          resumed_at_ = first;
        }
        std::vector<T>().swap(host);
      }
    }
    if (first >= rounds) return Since(t0);
    engine_->ForkSide();  // after the load or build
    Pivot(first, int(first % 2));
    exchange_->Wait();
    engine_->JoinSide();
    engine_->UsePanels(int(first % 2));
    for (std::size_t r = first; r < rounds; ++r) {
      const int slot = int(r % 2);
      const bool save = checkpoints && r + 1 < rounds && checkpoints->Due();
      if (save) {
        engine_->Update(Mask(r, 0), {});
        engine_->Finish();
        host.resize(lr_ * kB * ld_);
        engine_->Store(host.data());
        checkpoints->Save(r + 1, host.data());
        std::vector<T>().swap(host);
        engine_->ForkSide();
        Pivot(r + 1, 1 - slot);
        exchange_->Wait();
        engine_->JoinSide();
        engine_->UsePanels(1 - slot);
      } else if (r + 1 < rounds) {
        // Look-ahead: row and column r+1 first, then round r+1's pivot work
        // and broadcasts on the side lane, then the rest of round r while they travel.
        engine_->Update(Mask(r, 1), {});
        engine_->ForkSide();
        Pivot(r + 1, 1 - slot);
        engine_->Update(Mask(r, 2), [this] { exchange_->Poll(); });
        exchange_->Wait();
        engine_->JoinSide();
        engine_->UsePanels(1 - slot);
      } else {
        engine_->Update(Mask(r, 0), {});
      }
      if (options_.progress) {
        // A device engine runs ahead of the host: wait, so that the report is true.
        engine_->Finish();
        Report(r + 1, rounds, t0);
      }
    }
    engine_->Finish();
    return Since(t0);
  }

  // Every rank's tiles into rank 0's d (stride x stride), one tile row per
  // message (S: the matrix's type; int16 tiles are widened on rank 0).
  template <class S> void GatherInto(S* d, std::size_t stride) {
    std::vector<T> packed(lr_ * kB * ld_);
    engine_->Store(packed.data());
    if (session_.rank() != 0) {
      for (std::size_t a = 0; a < lr_; ++a)
        Check(MPI_Send(packed.data() + a * kB * ld_, Count(kB * ld_ * sizeof(T)), MPI_BYTE, 0, int(a), MPI_COMM_WORLD),
              "MPI_Send");
      return;
    }
    std::vector<T> rowbuf;
    for (int q = 0; q < session_.size(); ++q) {
      LocalTiles other = tiles_;
      other.pr = tiles_.grid.row_of(q);
      other.pc = tiles_.grid.col_of(q);
      const std::size_t width = other.local_cols() * kB;
      for (std::size_t a = 0; a < other.local_rows(); ++a) {
        const T* src;
        if (q == 0) {
          src = packed.data() + a * kB * ld_;
        } else {
          rowbuf.resize(kB * width);
          Check(MPI_Recv(rowbuf.data(), Count(kB * width * sizeof(T)), MPI_BYTE, q, int(a), MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE),
                "MPI_Recv");
          src = rowbuf.data();
        }
        for (std::size_t b = 0; b < other.local_cols(); ++b) {
          S* dst = d + other.global_row(a) * kB * stride + other.global_col(b) * kB;
          for (std::size_t r = 0; r < kB; ++r) CopyValues(src + r * width + b * kB, dst + r * stride, kB);
        }
      }
    }
  }

  // The metrics from per-row reductions where the rows are (a grid of one
  // column); only the rows' results and the histogram counts travel.
  DistanceMetrics Metrics(std::size_t n, bool directed, const MetricsOptions& options) {
    std::vector<SummaryRow> summary(n);
    std::vector<CentralityRow> centrality(n);
    engine_->MetricRows(n, summary, centrality);
    // This rank's rows in its local order, then gathered on rank 0.
    std::vector<unsigned char> mine;
    ForEachRow(tiles_, n, [&](std::size_t i) {
      Append(mine, summary[i]);
      Append(mine, centrality[i]);
    });
    const int p = session_.size();
    std::vector<int> counts(p), offsets(p);
    const int my_count = Count(mine.size());
    Check(MPI_Gather(&my_count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Gather");
    std::vector<unsigned char> all;
    if (session_.rank() == 0) {
      std::size_t total = 0;
      for (int q = 0; q < p; ++q) {
        offsets[q] = Count(total);
        total += std::size_t(counts[q]);
      }
      all.resize(total);
    }
    Check(MPI_Gatherv(mine.data(), my_count, MPI_BYTE, all.data(), counts.data(), offsets.data(), MPI_BYTE, 0,
                      MPI_COMM_WORLD),
          "MPI_Gatherv");
    HistogramShape shape;
    if (session_.rank() == 0) {
      const unsigned char* at = all.data();
      for (int q = 0; q < p; ++q) {
        LocalTiles other = tiles_;
        other.pr = tiles_.grid.row_of(q);
        other.pc = tiles_.grid.col_of(q);
        ForEachRow(other, n, [&](std::size_t i) {
          std::memcpy(&summary[i], at, sizeof(SummaryRow));
          at += sizeof(SummaryRow);
          std::memcpy(&centrality[i], at, sizeof(CentralityRow));
          at += sizeof(CentralityRow);
        });
      }
      shape = ShapeHistogramOfRows(centrality, std::is_integral_v<T>, kHistogramBins);
    }
    Check(MPI_Bcast(&shape, sizeof shape, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Bcast");
    std::vector<std::uint64_t> bins(shape.bins, 0), total_bins(shape.bins, 0);
    engine_->MetricHistogram(n, directed, shape, bins);
    if (shape.bins > 0)
      Check(MPI_Reduce(bins.data(), total_bins.data(), int(shape.bins), MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD),
            "MPI_Reduce");
    DistanceMetrics m;
    if (session_.rank() != 0) return m;
    m.summary = SummaryFromRows(summary, options, std::is_integral_v<T>);
    m.centrality = CentralityFromRows(m.summary, centrality, directed);
    if (shape.bins > 0) {
      DistanceHistogram& h = m.centrality.histogram;
      h.SetShape(shape);
      h.counts = total_bins;
    }
    m.used = engine_->on_gpu() ? Backend::kGpu : Backend::kCpu;
    m.note = "reduced per row on each rank";
    return m;
  }

 private:
  template <class V> static void Append(std::vector<unsigned char>& out, const V& v) {
    const auto* p = reinterpret_cast<const unsigned char*>(&v);
    out.insert(out.end(), p, p + sizeof(V));
  }
  // The global rows i < n a rank holds, in its local order (a grid of one column).
  template <class F> static void ForEachRow(const LocalTiles& t, std::size_t n, F&& f) {
    for (std::size_t a = 0; a < t.local_rows(); ++a)
      for (std::size_t q = 0; q < kB; ++q) {
        const std::size_t i = t.global_row(a) * kB + q;
        if (i < n) f(i);
      }
  }

  // Round r's update of the local tiles off row/column r: part 0 all, 1 those
  // in row/column r+1, 2 the others.
  RankTileMask Mask(std::size_t r, int part) const {
    RankTileMask m;
    if (tiles_.owns_row(r)) m.skip_row = long(tiles_.local_row(r));
    if (tiles_.owns_col(r)) m.skip_col = long(tiles_.local_col(r));
    if (r + 1 < tiles_.tiles) {
      if (tiles_.owns_row(r + 1)) m.next_row = long(tiles_.local_row(r + 1));
      if (tiles_.owns_col(r + 1)) m.next_col = long(tiles_.local_col(r + 1));
    }
    m.part = part;
    return m;
  }

  // Round r's steps 1 and 2 on this rank's side lane, and its panel
  // broadcasts posted into buffer set `slot`.
  void Pivot(std::size_t r, int slot) {
    const int prow = int(r % tiles_.grid.rows), pcol = int(r % tiles_.grid.cols);
    const bool row_owner = tiles_.owns_row(r), col_owner = tiles_.owns_col(r);
    if (row_owner && col_owner) engine_->CloseDiagonal(tiles_.local_row(r), tiles_.local_col(r));
    // The closed pivot tile is small (64 KiB for int32) and every panel update needs it.
    exchange_->Broadcast(engine_->pivot(), kB * kB * sizeof(T), tiles_.grid.rank_at(prow, pcol), ExchangeGroup::kAll,
                         true);
    if (row_owner || col_owner) engine_->PivotArrived();
    if (row_owner) {
      const std::size_t a = tiles_.local_row(r);
      engine_->UpdateRowPanel(a, col_owner ? long(tiles_.local_col(r)) : -1);
      engine_->ExportRow(a, slot);
    }
    if (col_owner) {
      const std::size_t b = tiles_.local_col(r);
      engine_->UpdateColumnPanel(b, row_owner ? long(tiles_.local_row(r)) : -1);
      engine_->ExportColumn(b, slot);
    }
    exchange_->Broadcast(engine_->row_panel(slot), kB * ld_ * sizeof(T), prow, ExchangeGroup::kGridColumn, false);
    exchange_->Broadcast(engine_->column_panel(slot), lr_ * kB * kB * sizeof(T), pcol, ExchangeGroup::kGridRow, false);
  }

  void Report(std::size_t done, std::size_t rounds, std::chrono::steady_clock::time_point t0) {
    const double ceiling = !engine_->on_gpu()                ? 0.0
                           : std::is_same_v<T, float>        ? kH100CeilingFloat32
                           : std::is_same_v<T, std::int16_t> ? kH100CeilingInt16
                                                             : kH100CeilingInt32;
    options_.progress(MakeProgress(session_.where() + " (" + engine_->name() + ")", "distributed", done, rounds,
                                   Since(t0), double(lr_ * kB) * double(lc_ * kB) * double(done * kB), ceiling));
  }

  const MpiSession& session_;
  DistributedOptions options_;
  LocalTiles tiles_;
  std::size_t lr_ = 0, lc_ = 0, ld_ = 0;
  MPI_Comm row_comm_ = MPI_COMM_NULL, col_comm_ = MPI_COMM_NULL;
  std::unique_ptr<RankTiles<T>> engine_;
  std::unique_ptr<PanelExchange> exchange_;
  std::thread warm_up_;
  std::exception_ptr warm_up_error_;
  std::size_t resumed_at_ = 0;
};

// S: the matrix's type; E: the tiles' (S, or int16 for an int32 matrix in 16 bits).
template <class S, class E = S>
std::string RunOnMatrix(const MpiSession& session, S* d, std::size_t stride, const DistributedOptions& options) {
  DistributedRun<E> run(session, stride / kB, ChooseProcessGrid(session.size()), options);
  run.StartWarmUp();
  run.LoadFrom(d, stride);
  const double seconds = run.Rounds();
  run.GatherInto(d, stride);
  char rounds[64];
  std::snprintf(rounds, sizeof rounds, "; rounds %.3f s", seconds);
  return run.Note() + rounds + run.ResumeNote();
}

// The arcs in the rank's tiles as tiles of E hold them (int16: narrowed).
template <class E, class T> std::vector<LocalEntry<E>> EntriesAs(std::vector<LocalEntry<T>> entries) {
  if constexpr (std::is_same_v<E, T>) {
    return entries;
  } else {
    std::vector<LocalEntry<E>> out(entries.size());
    for (std::size_t k = 0; k < entries.size(); ++k) {
      out[k].offset = entries[k].offset;
      CopyValues(&entries[k].value, &out[k].value, 1);
    }
    return out;
  }
}

// The graph's checked arcs (of T) through the rounds on tiles of E (T, or
// int16 for an int32 graph proven to fit 16 bits), into result.
template <class E, class T>
void RunGraphTiles(const MpiSession& session, const Graph& g, const std::vector<ResolvedArc<T>>& arcs, double max_abs,
                   bool negative, const DistributedOptions& options, const DistributedGraphRequest& request,
                   std::chrono::steady_clock::time_point t0, DistributedGraphResult& result) {
  const std::size_t stride = PaddedSize(g.n);
  const ProcessGrid grid{session.size(), 1};
  DistributedRun<E> run(session, stride / kB, grid, options);
  run.StartWarmUp();
  // Every rank checks the same arcs, so all refuse together.
  if (negative) {
    if (const auto v = FindNegativeCycle(SnapshotOf(g.n, arcs)))
      throw Error("negative cycle: vertex " + g.labels.label(*v) + " lies on a cycle of negative length");
  }
  run.engine().Build(EntriesAs<E>(LocalEntries(arcs, run.tiles())));
  run.WaitWarmUp();
  result.build_seconds = Since(t0);
  result.rounds_seconds = run.Rounds();
  if constexpr (std::is_integral_v<T>) {
    // "INF + negative" sums sit just below INF: they are unreachable pairs (never in 16 bits: non-negative arcs).
    if (negative) run.engine().ClampAbove(static_cast<E>(PathSumBound(g.n, max_abs)));
  }
  run.engine().Finish();
  MatrixMeta meta;
  meta.directed = g.directed;
  meta.labels = g.labels;
  meta.lon_lat = g.lon_lat;
  meta.kind = MatrixKind::kDistance;
  if (request.metrics) {
    t0 = std::chrono::steady_clock::now();
    result.metrics = run.Metrics(g.n, g.directed, request.metrics_options);
    result.metrics_seconds = Since(t0);
  }
  if (request.gather_matrix) {
    t0 = std::chrono::steady_clock::now();
    if (session.rank() == 0) {
      DistMatrix<T> m(g.n, typename DistMatrix<T>::Uninitialized{});
      run.GatherInto(m.data(), m.stride());
      m.meta() = meta;
      result.matrix = AnyMatrix(std::move(m));
    } else {
      run.GatherInto(static_cast<T*>(nullptr), stride);
    }
    result.gather_seconds = Since(t0);
  }
  char times[96];
  std::snprintf(times, sizeof times, "; build %.3f s, rounds %.3f s", result.build_seconds, result.rounds_seconds);
  result.note = "distributed over " + std::to_string(session.size()) + " MPI ranks (" + run.Note() + ")" + times +
                run.ResumeNote();
  result.element_bits = static_cast<int>(8 * sizeof(E));
}

// A grid of one column (P x 1): each rank holds whole rows, so the metrics
// reduce where the rows are and an output is rows in file order. Within one
// host this costs nothing against a 2D grid: per round a rank receives one
// row panel (128 x n) where a sqrt(P) x sqrt(P) grid would receive two panels
// of n / sqrt(P), the same volume at P = 4 and less at P = 2, and it is
// under 1% of the round's arithmetic over NVLink. An int32 graph runs in 16
// bits on the proof one process uses for the same graph (ChoosePrecisionOfArcs
// over the arcs, which every rank has: every rank makes the same choice).
template <class T> DistributedGraphResult RunOnGraph(const MpiSession& session, const Graph& g,
                                                     const DistributedOptions& options,
                                                     const DistributedGraphRequest& request) {
  DistributedGraphResult result;
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<ResolvedArc<T>> arcs = ResolveArcs<T>(g, request.duplicates);
  double max_abs = 0;
  bool negative = false;
  for (const ResolvedArc<T>& a : arcs) {
    max_abs = std::max(max_abs, std::fabs(static_cast<double>(a.weight)));
    negative |= a.weight < T(0);
  }
  PrecisionChoice precision;
  precision.element_bits = static_cast<int>(8 * sizeof(T));
  precision.reason = std::string("the graph's type, ") + ElementTraits<T>::kName;
  if constexpr (std::is_same_v<T, std::int32_t>) {
    const bool checkpointed = !options.checkpoint.dir.empty();
    const ArcList<T> csr = SnapshotOf(g.n, arcs);
    static_assert(sizeof(std::size_t) == sizeof(std::uint64_t));
    const CsrView<std::int32_t> view{g.n, reinterpret_cast<const std::uint64_t*>(csr.first.data()), csr.head.data(),
                                     csr.weight.data()};
    precision = ChoosePrecisionOfArcs(view, max_abs, negative, request.allow_int16 && !checkpointed);
    if (checkpointed && request.allow_int16) precision.reason = kCheckpointKeepsWidth;
  }
  const bool int16 = precision.element_bits == 16;
  // A 16-bit proof bounds every distance below INF16: the range check only where none came.
  if (!int16 && !PathSumsFit<T>(g.n, max_abs, negative))
    throw Error(std::string("path lengths can reach ") + std::to_string(PathSumBound(g.n, max_abs)) + ", past what " +
                ElementTraits<T>::kName + " holds with INF to spare; use " +
                (std::is_same_v<T, std::int32_t>
                     ? OptionText(Option::kType, "int64") + " (exact) or " + OptionText(Option::kType, "float64")
                     : OptionText(Option::kType, "float64") + " (rounded to 53 bits)"));
  if constexpr (std::is_same_v<T, std::int32_t>) {
    if (int16) RunGraphTiles<std::int16_t>(session, g, arcs, max_abs, negative, options, request, t0, result);
  }
  if (!int16) RunGraphTiles<T>(session, g, arcs, max_abs, negative, options, request, t0, result);
  result.precision_reason = precision.reason;
  result.distance_bound = precision.distance_bound;
  return result;
}

}  // namespace

std::string DistributedFloydWarshall(const MpiSession& session, void* d, std::size_t stride, ElementType type,
                                     const DistributedOptions& options) {
  if (options.int16 && (type != ElementType::kInt32 || !options.checkpoint.dir.empty()))
    throw Error("distributed engine: internal error: 16 bits asked for an " + std::string(ElementName(type)) +
                " matrix or a checkpointed run");
  switch (type) {
    case ElementType::kInt32:
      return options.int16
                 ? RunOnMatrix<std::int32_t, std::int16_t>(session, static_cast<std::int32_t*>(d), stride, options)
                 : RunOnMatrix(session, static_cast<std::int32_t*>(d), stride, options);
    case ElementType::kInt64: return RunOnMatrix(session, static_cast<std::int64_t*>(d), stride, options);
    case ElementType::kFloat32: return RunOnMatrix(session, static_cast<float*>(d), stride, options);
    default: throw Error(std::string("distributed engine: no kernels for ") + ElementName(type));
  }
}

DistributedGraphResult DistributedApspFromGraph(const MpiSession& session, const Graph& g, ElementType type,
                                                const DistributedOptions& options,
                                                const DistributedGraphRequest& request) {
  switch (type) {
    case ElementType::kInt32: return RunOnGraph<std::int32_t>(session, g, options, request);
    case ElementType::kInt64: return RunOnGraph<std::int64_t>(session, g, options, request);
    case ElementType::kFloat32: return RunOnGraph<float>(session, g, options, request);
    default: throw Error(std::string("distributed engine: no kernels for ") + ElementName(type));
  }
}

}  // namespace gdist
