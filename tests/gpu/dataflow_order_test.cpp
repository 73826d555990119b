// The dataflow schedule's item order (bench/dataflow_order.hpp),
// checked on the CPU: run the items one by one in slot order, as the
// earliest unfinished item always can on the GPU, and require that each
// item's dependencies are already met (so no block can wait forever), that
// every tile is updated exactly once per round, and that executing the items
// as blocked Floyd-Warshall tile operations gives the CPU engine's result.
#include "bench/dataflow_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {
namespace {

using cuda::DecodeDataflowSlot;
using cuda::ItemKind;
using cuda::WorkItem;

struct Checked {
  std::vector<int> version;  // rounds completed per tile
  long long items = 0;
};

// Walks all slots; on each item, checks the waits the kernel performs.
Checked WalkOrder(int t, int lead, const std::function<void(const WorkItem&)>& run) {
  Checked c;
  c.version.assign(static_cast<std::size_t>(t) * t, 0);
  auto v = [&](int i, int j) -> int& { return c.version[static_cast<std::size_t>(i) * t + j]; };
  for (long long slot = 0; slot < cuda::DataflowTotalSlots(t); ++slot) {
    const WorkItem w = DecodeDataflowSlot(slot, t, lead);
    if (w.kind == ItemKind::kSkip) continue;
    ++c.items;
    EXPECT_EQ(v(w.ci, w.cj), w.r) << "slot " << slot << ": tile (" << w.ci << "," << w.cj << ") not at round " << w.r;
    if (w.kind == ItemKind::kDiagonal) {
      EXPECT_EQ(w.ci, w.r);
      EXPECT_EQ(w.cj, w.r);
    } else if (w.kind == ItemKind::kPanel) {
      EXPECT_TRUE(w.ci == w.r || w.cj == w.r);
      EXPECT_GE(v(w.r, w.r), w.r + 1) << "slot " << slot << ": panel before its pivot";
    } else {
      EXPECT_TRUE(w.ci != w.r && w.cj != w.r);
      EXPECT_GE(v(w.ci, w.r), w.r + 1) << "slot " << slot << ": A panel not ready";
      EXPECT_GE(v(w.r, w.cj), w.r + 1) << "slot " << slot << ": B panel not ready";
    }
    if (run) run(w);
    v(w.ci, w.cj) = w.r + 1;
  }
  return c;
}

TEST(DataflowOrder, EveryTileOncePerRoundAndDependenciesEarlier) {
  for (int t : {1, 2, 3, 5, 8, 17}) {
    for (int lead : {0, 1, 7, 1000}) {
      Checked c = WalkOrder(t, lead, nullptr);
      EXPECT_EQ(c.items, static_cast<long long>(t) * t * t) << "T " << t << " lead " << lead;
      for (int x : c.version) EXPECT_EQ(x, t) << "T " << t;
    }
  }
}

// Tile operations in slot order on a small matrix with 4x4 tiles give the
// same distances as the CPU engine (fresh seed, printed on failure).
TEST(DataflowOrder, ExecutesBlockedFloydWarshall) {
  const unsigned seed = std::random_device{}();
  std::mt19937 rng(seed);
  constexpr int kB = 4;
  const int t = 7, n = t * kB;
  std::vector<std::int32_t> d(static_cast<std::size_t>(n) * n);
  const std::int32_t inf = ElementTraits<std::int32_t>::kInf;
  std::uniform_int_distribution<int> w(1, 50), coin(0, 3);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) d[i * n + j] = i == j ? 0 : (coin(rng) == 0 ? w(rng) : inf);
  DistMatrix<std::int32_t> ref(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) ref.at(i, j) = d[i * n + j];
  CpuFloydWarshall(ref.data(), ref.stride(), 1);

  auto cell = [&](int i, int j) -> std::int32_t& { return d[static_cast<std::size_t>(i) * n + j]; };
  WalkOrder(t, 5, [&](const WorkItem& it) {
    const int r0 = it.r * kB, i0 = it.ci * kB, j0 = it.cj * kB;
    if (it.kind == ItemKind::kDiagonal) {
      for (int k = 0; k < kB; ++k)
        for (int i = 0; i < kB; ++i)
          for (int j = 0; j < kB; ++j)
            cell(i0 + i, j0 + j) = std::min(cell(i0 + i, j0 + j), cell(i0 + i, r0 + k) + cell(r0 + k, j0 + j));
      return;
    }
    // Panels and other tiles: C <- min(C, A (x) B) from the values before the update.
    std::int32_t out[kB][kB];
    for (int i = 0; i < kB; ++i)
      for (int j = 0; j < kB; ++j) {
        std::int32_t best = cell(i0 + i, j0 + j);
        for (int k = 0; k < kB; ++k) best = std::min(best, cell(i0 + i, r0 + k) + cell(r0 + k, j0 + j));
        out[i][j] = best;
      }
    for (int i = 0; i < kB; ++i)
      for (int j = 0; j < kB; ++j) cell(i0 + i, j0 + j) = out[i][j];
  });
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) ASSERT_EQ(cell(i, j), ref.at(i, j)) << "seed " << seed << " at " << i << "," << j;
}

}  // namespace
}  // namespace gdist
