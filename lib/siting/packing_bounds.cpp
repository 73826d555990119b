#include "lib/siting/packing_bounds.hpp"

#include <algorithm>
#include <bit>
#include <random>
#include <utility>

#include "lib/siting/deadline.hpp"
#include "lib/util/isa_clones.hpp"

namespace gdist {

namespace {

using Bits = std::vector<std::uint64_t>;

// Popcount in hardware where the machine has it (the baseline x86-64 build calls libgcc's).
GDIST_ISA_CLONES std::size_t CountCommon(const std::uint64_t* row, const Bits& set) {
  std::size_t c = 0;
  for (std::size_t w = 0; w < set.size(); ++w) c += static_cast<std::size_t>(std::popcount(row[w] & set[w]));
  return c;
}

Bits AllVertices(const CliqueGraph& g) {
  Bits all(g.words, 0);
  for (std::size_t v = 0; v < g.n; ++v) all[v / 64] |= std::uint64_t{1} << (v % 64);
  return all;
}

template <class F> void ForEachBit(const Bits& set, F&& f) {
  for (std::size_t w = 0; w < set.size(); ++w)
    for (std::uint64_t b = set[w]; b; b &= b - 1) f(w * 64 + static_cast<std::size_t>(std::countr_zero(b)));
}

// The vertex of `among` with the fewest neighbours in `left` (the lowest index on ties).
std::size_t FewestNeighbours(const CliqueGraph& g, const Bits& among, const Bits& left) {
  std::size_t best = g.n, best_count = 0;
  ForEachBit(among, [&](std::size_t v) {
    const std::size_t c = CountCommon(g.adj.data() + v * g.words, left);
    if (best == g.n || c < best_count) best = v, best_count = c;
  });
  return best;
}

}  // namespace

std::vector<std::uint32_t> GreedyIndependentSet(const CliqueGraph& g, std::size_t enough) {
  std::vector<std::uint32_t> chosen;
  Bits left = AllVertices(g);
  for (;;) {
    const std::size_t v = FewestNeighbours(g, left, left);
    if (v == g.n) break;
    chosen.push_back(static_cast<std::uint32_t>(v));
    if (enough > 0 && chosen.size() >= enough) break;
    const std::uint64_t* row = g.adj.data() + v * g.words;
    for (std::size_t w = 0; w < g.words; ++w) left[w] &= ~row[w];
    left[v / 64] &= ~(std::uint64_t{1} << (v % 64));
  }
  return chosen;
}

namespace {

// An independent set with each vertex's count of neighbours in it, changed one vertex at a
// time; the changes since Mark() can be undone. `work` counts the words and neighbours
// touched (the iterated search's budget).
class PackingState {
 public:
  PackingState(const CliqueGraph& g, const std::vector<std::uint32_t>& start) : g_(g), tight_(g.n, 0), in_(g.words, 0) {
    for (std::uint32_t v : start) Add(v);
    for (std::size_t v = 0; v < g.n; ++v)
      if (tight_[v] == 0 && !In(v)) free_.push_back(static_cast<std::uint32_t>(v));
    work_ += g.n;
    log_.clear();
  }
  const std::vector<std::uint32_t>& members() const { return members_; }
  std::uint64_t work() const { return work_; }
  bool In(std::size_t v) const { return (in_[v / 64] >> (v % 64)) & 1; }

  // v in, its neighbours in the set out (the perturbation).
  void Force(std::size_t v) {
    if (In(v)) return;
    for (std::size_t i = members_.size(); i-- > 0;)
      if (g_.HasEdge(members_[i], v)) Remove(members_[i]);
    work_ += members_.size();
    Add(v);
  }
  // Free vertices in, then (1,2)-swaps until none is left or the set holds `enough`.
  void LocalSearch(std::size_t enough, double deadline_s) {
    auto done = [&] { return enough > 0 && members_.size() >= enough; };
    AddFree(done);
    while (!done() && !(deadline_s > 0 && SteadySeconds() > deadline_s) && TwoForOne()) AddFree(done);
  }
  void Mark() { log_.clear(); }
  void Undo() {
    for (std::size_t i = log_.size(); i-- > 0;) {
      const auto [v, added] = log_[i];
      if (added) Remove(v);
      else Add(v);
    }
    log_.clear();
  }

 private:
  template <class F> void ForEachNeighbour(std::size_t v, F&& f) {
    const std::uint64_t* row = g_.adj.data() + v * g_.words;
    for (std::size_t w = 0; w < g_.words; ++w)
      for (std::uint64_t b = row[w]; b; b &= b - 1) f(w * 64 + static_cast<std::size_t>(std::countr_zero(b)));
    work_ += g_.words;
  }
  void Add(std::size_t v) {
    members_.push_back(static_cast<std::uint32_t>(v));
    in_[v / 64] |= std::uint64_t{1} << (v % 64);
    ForEachNeighbour(v, [&](std::size_t u) { ++tight_[u], ++work_; });
    log_.push_back({static_cast<std::uint32_t>(v), true});
  }
  void Remove(std::size_t v) {
    members_.erase(std::find(members_.begin(), members_.end(), static_cast<std::uint32_t>(v)));
    in_[v / 64] &= ~(std::uint64_t{1} << (v % 64));
    ForEachNeighbour(v, [&](std::size_t u) {
      ++work_;
      if (--tight_[u] == 0) free_.push_back(static_cast<std::uint32_t>(u));
    });
    free_.push_back(static_cast<std::uint32_t>(v));
    log_.push_back({static_cast<std::uint32_t>(v), false});
  }
  template <class Done> void AddFree(Done&& done) {
    while (!free_.empty() && !done()) {
      const std::uint32_t v = free_.back();
      free_.pop_back();
      if (tight_[v] == 0 && !In(v)) Add(v);
    }
  }
  // One member out for two non-adjacent outsiders whose only neighbour in the set it is.
  bool TwoForOne() {
    std::vector<std::uint64_t> one(g_.words);
    for (std::size_t slot = 0; slot < members_.size(); ++slot) {
      const std::uint32_t x = members_[slot];
      std::fill(one.begin(), one.end(), 0);
      std::size_t count = 0;
      ForEachNeighbour(x, [&](std::size_t u) {
        ++work_;
        if (tight_[u] == 1) one[u / 64] |= std::uint64_t{1} << (u % 64), ++count;
      });
      if (count < 2) continue;
      for (std::size_t w0 = 0; w0 < g_.words; ++w0)
        for (std::uint64_t b0 = one[w0]; b0; b0 &= b0 - 1) {
          const std::size_t a = w0 * 64 + static_cast<std::size_t>(std::countr_zero(b0));
          const std::uint64_t* arow = g_.adj.data() + a * g_.words;
          work_ += g_.words;
          for (std::size_t w = 0; w < g_.words; ++w) {
            std::uint64_t rest = one[w] & ~arow[w];
            if (w == a / 64) rest &= ~(std::uint64_t{1} << (a % 64));
            if (!rest) continue;
            Remove(x);
            Add(a);
            Add(w * 64 + static_cast<std::size_t>(std::countr_zero(rest)));
            return true;
          }
        }
    }
    return false;
  }

  const CliqueGraph& g_;
  std::vector<std::uint32_t> tight_;                 // each vertex's neighbours in the set
  std::vector<std::uint64_t> in_;                    // the set as bits
  std::vector<std::uint32_t> members_, free_;        // free_: may have no neighbour in the set
  std::vector<std::pair<std::uint32_t, bool>> log_;  // (vertex, added) since Mark()
  std::uint64_t work_ = 0;
};

}  // namespace

void ImproveIndependentSet(const CliqueGraph& g, std::vector<std::uint32_t>* set, std::size_t enough,
                           double deadline_s) {
  PackingState state(g, *set);
  state.LocalSearch(enough, deadline_s);
  *set = state.members();
}

void IteratedIndependentSet(const CliqueGraph& g, std::vector<std::uint32_t>* set, std::size_t enough,
                            std::uint64_t max_work, std::uint64_t seed, double deadline_s) {
  PackingState state(g, *set);
  state.LocalSearch(enough, deadline_s);
  *set = state.members();
  if (g.n == 0) return;
  std::mt19937_64 rng(seed);
  while (state.work() < max_work && !(enough > 0 && set->size() >= enough) &&
         !(deadline_s > 0 && SteadySeconds() > deadline_s)) {
    const std::size_t before = state.members().size();
    state.Mark();
    for (std::size_t forced = 1 + rng() % 2; forced > 0; --forced) state.Force(rng() % g.n);
    state.LocalSearch(enough, deadline_s);
    if (state.members().size() < before) state.Undo();
    else if (state.members().size() > set->size()) *set = state.members();
  }
}

std::size_t GreedyCliqueCover(const CliqueGraph& g, std::size_t limit) {
  std::size_t cliques = 0;
  Bits left = AllVertices(g);
  while (cliques < limit) {
    const std::size_t seed = FewestNeighbours(g, left, left);
    if (seed == g.n) break;
    ++cliques;
    // common: the vertices left that are adjacent to every member so far.
    Bits common(g.words);
    const std::uint64_t* row = g.adj.data() + seed * g.words;
    for (std::size_t w = 0; w < g.words; ++w) common[w] = left[w] & row[w];
    left[seed / 64] &= ~(std::uint64_t{1} << (seed % 64));
    for (;;) {
      std::size_t pick = g.n, keeps = 0;
      ForEachBit(common, [&](std::size_t v) {
        const std::size_t c = CountCommon(g.adj.data() + v * g.words, common);
        if (pick == g.n || c > keeps) pick = v, keeps = c;
      });
      if (pick == g.n) break;
      left[pick / 64] &= ~(std::uint64_t{1} << (pick % 64));
      const std::uint64_t* prow = g.adj.data() + pick * g.words;
      for (std::size_t w = 0; w < g.words; ++w) common[w] &= prow[w];
    }
  }
  return cliques;
}

}  // namespace gdist
