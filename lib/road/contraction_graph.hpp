// The shrinking graph of a contraction: the vertices not yet contracted with
// their arcs and the shortcuts added so far. Out- and in-lists per vertex (an
// undirected graph keeps one list: its in-list is its out-list), one arc per
// ordered pair (a shortcut shorter than an existing arc replaces it).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/road/contraction_hierarchy.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

template <class W> struct ContractionArc {
  std::uint32_t other;   // head of an out-arc, tail of an in-arc
  std::uint32_t middle;  // original vertex bypassed, or kNoMiddle
  W weight;
};

template <class W> class ContractionGraph {
 public:
  using ArcList = std::vector<ContractionArc<W>>;

  explicit ContractionGraph(const CsrGraph<W>& g) : directed_(g.directed), out_(g.n), in_(g.directed ? g.n : 0) {
    const CsrView<W> view = g.Out();
    for (std::size_t v = 0; v < g.n; ++v) {
      const auto targets = view.Targets(v);
      const auto weights = view.Weights(v);
      out_[v].reserve(targets.size());
      for (std::size_t i = 0; i < targets.size(); ++i) {
        out_[v].push_back({targets[i], kNoMiddle, weights[i]});
        if (directed_) in_[targets[i]].push_back({static_cast<std::uint32_t>(v), kNoMiddle, weights[i]});
      }
    }
  }

  bool directed() const { return directed_; }
  const ArcList& Out(std::uint32_t v) const { return out_[v]; }
  const ArcList& In(std::uint32_t v) const { return directed_ ? in_[v] : out_[v]; }

  // Arc a -> b (and b -> a when undirected) of weight w via `middle`, unless
  // an arc at least as short is there.
  void AddOrImprove(std::uint32_t a, std::uint32_t b, W w, std::uint32_t middle) {
    if (Improve(out_[a], b, w, middle)) {
      if (directed_) Improve(in_[b], a, w, middle);
      else Improve(out_[b], a, w, middle);
    }
  }

  // Unlinks v from its neighbours' lists; v's own lists stay (Take).
  void Unlink(std::uint32_t v) {
    for (const auto& a : out_[v]) Erase(directed_ ? in_[a.other] : out_[a.other], v);
    if (directed_)
      for (const auto& a : in_[v]) Erase(out_[a.other], v);
  }
  // Moves v's lists out (after Unlink: they are the hierarchy's arcs of v).
  void Take(std::uint32_t v, ArcList& out, ArcList& in) {
    in = directed_ ? std::move(in_[v]) : out_[v];
    out = std::move(out_[v]);
  }

 private:
  // True when the list changed.
  static bool Improve(ArcList& list, std::uint32_t other, W w, std::uint32_t middle) {
    for (auto& a : list) {
      if (a.other != other) continue;
      if (!(w < a.weight)) return false;
      a.weight = w;
      a.middle = middle;
      return true;
    }
    list.push_back({other, middle, w});
    return true;
  }
  static void Erase(ArcList& list, std::uint32_t other) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (list[i].other != other) continue;
      list[i] = list.back();
      list.pop_back();
      return;
    }
  }

  bool directed_;
  std::vector<ArcList> out_;
  std::vector<ArcList> in_;
};

}  // namespace gdist
