#include "lib/siting/clique_search.hpp"

#include <bit>

#include "lib/siting/deadline.hpp"

namespace gdist {

namespace {

class CliqueSearch {
 public:
  CliqueSearch(const CliqueGraph& g, std::size_t target, double deadline_s)
      : g_(g), target_(target), deadline_s_(deadline_s) {}

  CliqueAnswer Run(std::vector<std::uint32_t>* clique) {
    std::vector<std::uint64_t> all(g_.words, 0);
    for (std::size_t v = 0; v < g_.n; ++v) all[v / 64] |= std::uint64_t{1} << (v % 64);
    current_.clear();
    if (Expand(all)) {
      *clique = current_;
      return CliqueAnswer::kFound;
    }
    return stopped_ ? CliqueAnswer::kStopped : CliqueAnswer::kNone;
  }

 private:
  // Greedy sequential colouring of `set`: vertices in colour order, and each one's colour (1-based).
  void Colour(std::vector<std::uint64_t> uncoloured, std::vector<std::uint32_t>* order,
              std::vector<std::uint32_t>* colour) const {
    std::uint32_t c = 0;
    std::vector<std::uint64_t> open(g_.words);
    for (bool any = true; any;) {
      any = false;
      ++c;
      open = uncoloured;
      for (std::size_t w = 0; w < g_.words; ++w)
        while (open[w]) {
          const std::size_t v = w * 64 + static_cast<std::size_t>(std::countr_zero(open[w]));
          open[w] &= open[w] - 1;
          uncoloured[w] &= ~(std::uint64_t{1} << (v % 64));
          // Later vertices of this colour must not be v's neighbours.
          const std::uint64_t* row = g_.adj.data() + v * g_.words;
          for (std::size_t x = w; x < g_.words; ++x) open[x] &= ~row[x];
          order->push_back(static_cast<std::uint32_t>(v));
          colour->push_back(c);
          any = true;
        }
    }
  }

  bool Expand(std::vector<std::uint64_t> set) {
    if (current_.size() >= target_) return true;
    if ((++nodes_ & 1023) == 0 && deadline_s_ > 0 && SteadySeconds() > deadline_s_) stopped_ = true;
    if (stopped_) return false;
    std::vector<std::uint32_t> order, colour;
    Colour(set, &order, &colour);
    for (std::size_t i = order.size(); i-- > 0;) {
      if (current_.size() + colour[i] < target_) return false;  // no clique of target_ in what is left
      const std::uint32_t v = order[i];
      std::vector<std::uint64_t> next(g_.words);
      const std::uint64_t* row = g_.adj.data() + std::size_t{v} * g_.words;
      for (std::size_t w = 0; w < g_.words; ++w) next[w] = set[w] & row[w];
      current_.push_back(v);
      if (Expand(std::move(next))) return true;
      current_.pop_back();
      if (stopped_) return false;
      set[v / 64] &= ~(std::uint64_t{1} << (v % 64));
    }
    return false;
  }

  const CliqueGraph& g_;
  std::size_t target_;
  double deadline_s_;
  std::vector<std::uint32_t> current_;
  std::size_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace

CliqueAnswer FindClique(const CliqueGraph& g, std::size_t target, double deadline_s,
                        std::vector<std::uint32_t>* clique) {
  if (target == 0) {
    clique->clear();
    return CliqueAnswer::kFound;
  }
  return CliqueSearch(g, target, deadline_s).Run(clique);
}

}  // namespace gdist
