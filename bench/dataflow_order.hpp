// The item order of the dataflow schedule (dataflow_kernel.cuh), in plain
// C++ so that CPU tests can check it: every tile is updated exactly once per
// round and every item depends only on items earlier in the order.
#pragma once

#include "lib/util/host_device.hpp"

namespace gdist::cuda {

enum class ItemKind : int { kSkip, kDiagonal, kPanel, kTile };
struct WorkItem {
  ItemKind kind = ItemKind::kSkip;
  int r = 0, ci = 0, cj = 0;
};

GDIST_HOST_DEVICE inline long long DataflowRoundSlots(int t) { return 4LL * t + 1 + (long long)t * t; }
GDIST_HOST_DEVICE inline long long DataflowTotalSlots(int t) {
  return 1 + 2LL * t + (long long)(t - 1) * DataflowRoundSlots(t) + (long long)t * t;
}

// Slot -> item. Host-callable so the order can be checked without a GPU.
GDIST_HOST_DEVICE inline WorkItem DecodeDataflowSlot(long long slot, int t, int lead) {
  WorkItem w;
  auto panel = [&](long long o, int q) {  // 2T slots of round q's panels
    const int s = static_cast<int>(o >> 1);
    const bool column = o & 1;
    if (s == q) return;
    w.kind = ItemKind::kPanel;
    w.r = q;
    w.ci = column ? s : q;
    w.cj = column ? q : s;
  };
  auto other = [&](long long s, int r, bool skip_next) {  // T*T slots of round r's other tiles
    const int ci = static_cast<int>((r + 2 + s / t) % t), cj = static_cast<int>(s % t);
    if (ci == r || cj == r || (skip_next && (ci == r + 1 || cj == r + 1))) return;
    w.kind = ItemKind::kTile;
    w.r = r;
    w.ci = ci;
    w.cj = cj;
  };
  if (slot == 0) {
    w.kind = ItemKind::kDiagonal;
    return w;
  }
  const long long head = 1 + 2LL * t;
  if (slot < head) {
    panel(slot - 1, 0);
    return w;
  }
  const long long j = slot - head, per_round = DataflowRoundSlots(t);
  long long r = j / per_round, o = j % per_round;
  if (r >= t - 1) {  // last round: its other tiles only
    other(j - (long long)(t - 1) * per_round, t - 1, false);
    return w;
  }
  const int q = static_cast<int>(r) + 1;
  if (o < 2LL * t) {  // X(r): row and column q
    const int s = static_cast<int>(o >> 1);
    const bool column = o & 1;
    if (s == r || (column && s == q)) return w;
    w.kind = ItemKind::kTile;
    w.r = static_cast<int>(r);
    w.ci = column ? s : q;
    w.cj = column ? q : s;
    return w;
  }
  o -= 2LL * t;
  if (o == 0) {
    w.kind = ItemKind::kDiagonal;
    w.r = w.ci = w.cj = q;
    return w;
  }
  o -= 1;
  const long long lead_slots = lead < (long long)t * t ? lead : (long long)t * t;
  if (o < lead_slots) {
    other(o, static_cast<int>(r), true);
    return w;
  }
  o -= lead_slots;
  if (o < 2LL * t) {
    panel(o, q);
    return w;
  }
  other(lead_slots + (o - 2LL * t), static_cast<int>(r), true);
  return w;
}

}  // namespace gdist::cuda
