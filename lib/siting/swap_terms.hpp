// The arithmetic at the heart of the swap-based solvers, in one place for the
// CPU gain table and the GPU kernel (both call TermsFor, so they decide alike).
//
// A demand u served at cost d1 by its nearest open site (slot phi1) and at d2
// by the second nearest contributes, for every candidate f at cost c < d2,
//   gain[f]        += w max(0, d1 - c)              (opening f saves this)
//   extra[phi1][f] += w (d2 - max(c, d1))           (closing phi1 while opening f)
// (Resende & Werneck 2007; see interchange.hpp). When u's (phi1, d1, d2)
// change, its old contribution is removed and the new one added in one read of
// its row: a UserChange. Greedy uses the gain half only, with d2 = d1.
#pragma once
#include <cstdint>
#include <limits>

#include "lib/util/host_device.hpp"

namespace gdist {

constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();

struct UserChange {
  std::uint32_t user = 0;            // demand index
  std::uint32_t old_slot = kNoSlot;  // phi1 before; kNoSlot: nothing to remove
  std::uint32_t new_slot = kNoSlot;  // phi1 after (unused without extra terms)
  std::uint32_t pad = 0;
  double weight = 0;
  double old_d1 = 0, old_d2 = 0;  // used only when old_slot != kNoSlot
  double new_d1 = 0, new_d2 = 0;

  GDIST_HOST_DEVICE bool has_old() const { return old_slot != kNoSlot; }
  // Candidates at cost >= reach() add nothing: the row scan skips them.
  GDIST_HOST_DEVICE double reach() const { return has_old() && old_d2 > new_d2 ? old_d2 : new_d2; }
};

struct GainTerms {
  double gain = 0, extra_old = 0, extra_new = 0;
};

GDIST_HOST_DEVICE inline double MaxOf(double a, double b) { return a < b ? b : a; }
// A product the compiler may not fuse with the following sum: nvcc contracts
// a * b + c into one FMA by default, the host compiler does not, and the two
// tables must round alike.
GDIST_HOST_DEVICE inline double Product(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

// What candidate f at model cost c gains from the change (c < ch.reach()).
GDIST_HOST_DEVICE inline GainTerms TermsFor(const UserChange& ch, double c) {
  GainTerms t;
  if (ch.has_old() && c < ch.old_d2) {
    t.gain = -Product(ch.weight, MaxOf(0.0, ch.old_d1 - c));
    t.extra_old = -Product(ch.weight, ch.old_d2 - MaxOf(c, ch.old_d1));
  }
  if (c < ch.new_d2) {
    t.gain += Product(ch.weight, MaxOf(0.0, ch.new_d1 - c));
    t.extra_new = Product(ch.weight, ch.new_d2 - MaxOf(c, ch.new_d1));
  }
  return t;
}

// The best swap found by a gain table: close `slot`, open candidate `cand`.
struct SwapChoice {
  double profit = 0;
  std::uint32_t slot = 0;
  std::uint32_t cand = kNoSlot;  // kNoSlot: no swap improves by more than the tolerance
  bool found() const { return cand != kNoSlot; }
};

// When a swap's profit is a saving and not the rounding of its sums: above
// `absolute` plus `relative` times the size of its own terms (gain, loss,
// extra). Never relative to the objective, which a common offset on every
// cost inflates while a swap's terms stay small (issue 26).
struct SwapTolerance {
  double absolute = 0, relative = 0;
  GDIST_HOST_DEVICE SwapTolerance(double absolute_ = 0, double relative_ = 0)  // NOLINT: a double is an absolute one
      : absolute(absolute_), relative(relative_) {}
};
GDIST_HOST_DEVICE inline double Magnitude(double x) { return x < 0 ? -x : x; }
GDIST_HOST_DEVICE inline bool Improves(double profit, double gain, double loss, double extra, SwapTolerance tol) {
  return profit > tol.absolute + tol.relative * (Magnitude(gain) + Magnitude(loss) + Magnitude(extra));
}

// Tie rule of every best-swap scan: larger profit, then smaller (slot, cand).
GDIST_HOST_DEVICE inline bool BetterSwap(double profit, std::uint64_t index, double best, std::uint64_t best_index) {
  return profit > best || (profit == best && index < best_index);
}

}  // namespace gdist
