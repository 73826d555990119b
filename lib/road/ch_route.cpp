#include "lib/road/ch_route.hpp"

#include <algorithm>
#include <string>

#include "lib/util/error.hpp"

namespace gdist {
namespace {

struct PackedArc {
  std::uint32_t from, to, middle;  // positions
};

// The vertex whose range of `arcs` holds arc index a.
template <class W> std::uint32_t OwnerOf(const HierarchyArcs<W>& arcs, std::uint64_t a) {
  const auto it = std::upper_bound(arcs.offsets.begin(), arcs.offsets.end(), a);
  return static_cast<std::uint32_t>(it - arcs.offsets.begin() - 1);
}

// The arc at vertex `at` whose other end is `end` (ends are sorted).
template <class W> std::uint64_t FindArc(const HierarchyArcs<W>& arcs, std::uint32_t at, std::uint32_t end) {
  const auto first = arcs.ends.begin() + static_cast<std::ptrdiff_t>(arcs.offsets[at]);
  const auto last = arcs.ends.begin() + static_cast<std::ptrdiff_t>(arcs.offsets[at + 1]);
  const auto it = std::lower_bound(first, last, end);
  if (it == last || *it != end) throw Error("route: internal error: a shortcut's half is missing from the hierarchy");
  return static_cast<std::uint64_t>(it - arcs.ends.begin());
}

// Appends the graph vertices after `a.from` along a (shortcuts expanded).
template <class W>
void Unpack(const ContractionHierarchy<W>& ch, PackedArc first, std::vector<std::uint32_t>& vertices) {
  std::vector<PackedArc> stack{first};
  while (!stack.empty()) {
    const PackedArc a = stack.back();
    stack.pop_back();
    if (a.middle == kNoMiddle) {
      vertices.push_back(ch.vertex_at[a.to]);
      continue;
    }
    const std::uint32_t m = a.middle;  // below both ends: from -> m is a down arc of m, m -> to an up arc of m
    const std::uint64_t second_half = FindArc(ch.up, m, a.to);
    const std::uint64_t first_half = FindArc(ch.down, m, a.from);
    stack.push_back({m, a.to, ch.up.middles[second_half]});
    stack.push_back({a.from, m, ch.down.middles[first_half]});
  }
}

}  // namespace

template <class W> std::pair<std::uint32_t, W> ChRouter<W>::Meet(std::uint32_t s, std::uint32_t t) {
  if (s >= ch_.n || t >= ch_.n)
    throw Error("route: vertex " + std::to_string(std::max(s, t)) + " is not a vertex (n=" + std::to_string(ch_.n) +
                ")");
  forward_.Start(ch_.position_of[s]);
  backward_.Start(ch_.position_of[t]);
  W best = ElementTraits<W>::kInf;
  std::uint32_t meet = kNoMiddle;
  for (;;) {
    const bool forward_open = !forward_.Done() && forward_.MinKey() < best;
    const bool backward_open = !backward_.Done() && backward_.MinKey() < best;
    if (!forward_open && !backward_open) break;
    const bool go_forward = forward_open && (!backward_open || !(backward_.MinKey() < forward_.MinKey()));
    HierarchySearch<W>& side = go_forward ? forward_ : backward_;
    HierarchySearch<W>& other = go_forward ? backward_ : forward_;
    const std::uint32_t u = side.SettleNext(go_forward ? ch_.up : ch_.down, go_forward ? &ch_.down : &ch_.up);
    if (!side.LastStalled() && other.Reached(u)) {
      const W through = side.Distance(u) + other.Distance(u);
      if (through < best) {
        best = through;
        meet = u;
      }
    }
  }
  return {meet, best};
}

template <class W> W ChRouter<W>::Distance(std::uint32_t s, std::uint32_t t) { return Meet(s, t).second; }

template <class W> ChRoute<W> ChRouter<W>::Route(std::uint32_t s, std::uint32_t t) {
  const auto [meet, distance] = Meet(s, t);
  ChRoute<W> route;
  if (meet == kNoMiddle) return route;
  route.distance = distance;
  // Up arcs from the source to the meeting vertex (collected backwards), then
  // down arcs from it to the target.
  std::vector<PackedArc> path;
  for (std::uint32_t v = meet; forward_.ParentArc(v) != HierarchySearch<W>::kNoParent;) {
    const std::uint64_t a = forward_.ParentArc(v);
    const std::uint32_t from = OwnerOf(ch_.up, a);
    path.push_back({from, v, ch_.up.middles[a]});
    v = from;
  }
  std::reverse(path.begin(), path.end());
  for (std::uint32_t v = meet; backward_.ParentArc(v) != HierarchySearch<W>::kNoParent;) {
    const std::uint64_t a = backward_.ParentArc(v);
    const std::uint32_t to = OwnerOf(ch_.down, a);
    path.push_back({v, to, ch_.down.middles[a]});
    v = to;
  }
  route.vertices.push_back(s);
  for (const PackedArc& a : path) Unpack(ch_, a, route.vertices);
  return route;
}

#define GDIST_INSTANTIATE(W) template class ChRouter<W>;
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
