#include "lib/siting/cover_search.hpp"

#include <algorithm>
#include <chrono>
#include <random>

namespace gdist {

namespace {

// Coverage bookkeeping for one solution; every update is O(list lengths).
class CoverState {
 public:
  explicit CoverState(const CoverLists& L)
      : L_(L),
        cov_(L.nd, 0),
        cover_xor_(L.nd, 0),
        weight_(L.nd, 1),
        pos_(L.nd, kNone),
        gain_(L.m, 0),
        loss_(L.m, 0),
        open_(L.m, 0) {
    for (std::size_t u = 0; u < L.nd; ++u) {
      pos_[u] = uncovered_.size();
      uncovered_.push_back(static_cast<std::uint32_t>(u));
      for (std::size_t i = 0; i < L.num_covering(u); ++i) gain_[L.covering(u)[i]] += 1;
    }
  }

  void Open(std::uint32_t k) {
    open_[k] = 1;
    for (std::size_t i = 0; i < L_.num_covered(k); ++i) {
      const std::uint32_t u = L_.covered(k)[i];
      if (cov_[u] == 0) {
        Unlist(u);
        for (std::size_t j = 0; j < L_.num_covering(u); ++j) gain_[L_.covering(u)[j]] -= weight_[u];
        loss_[k] += weight_[u];
      } else if (cov_[u] == 1) {
        loss_[cover_xor_[u]] -= weight_[u];  // its only site is no longer the only one
      }
      ++cov_[u];
      cover_xor_[u] ^= k;
    }
  }

  void Close(std::uint32_t k) {
    open_[k] = 0;
    for (std::size_t i = 0; i < L_.num_covered(k); ++i) {
      const std::uint32_t u = L_.covered(k)[i];
      --cov_[u];
      cover_xor_[u] ^= k;
      if (cov_[u] == 0) {
        List(u);
        for (std::size_t j = 0; j < L_.num_covering(u); ++j) gain_[L_.covering(u)[j]] += weight_[u];
        loss_[k] -= weight_[u];
      } else if (cov_[u] == 1) {
        loss_[cover_xor_[u]] += weight_[u];  // the one site left is now the only one
      }
    }
  }

  // Raises the weight of every uncovered demand by one.
  void Bump() {
    for (std::uint32_t u : uncovered_) {
      weight_[u] += 1;
      for (std::size_t j = 0; j < L_.num_covering(u); ++j) gain_[L_.covering(u)[j]] += 1;
    }
  }

  const std::vector<std::uint32_t>& uncovered() const { return uncovered_; }
  bool open(std::uint32_t k) const { return open_[k]; }
  double gain(std::uint32_t k) const { return gain_[k]; }
  double loss(std::uint32_t k) const { return loss_[k]; }
  std::uint32_t cov(std::uint32_t u) const { return cov_[u]; }
  std::uint32_t sole_site(std::uint32_t u) const { return cover_xor_[u]; }
  double weight(std::uint32_t u) const { return weight_[u]; }

 private:
  static constexpr std::size_t kNone = ~std::size_t{0};
  void Unlist(std::uint32_t u) {
    const std::size_t at = pos_[u];
    uncovered_[at] = uncovered_.back();
    pos_[uncovered_[at]] = at;
    uncovered_.pop_back();
    pos_[u] = kNone;
  }
  void List(std::uint32_t u) {
    pos_[u] = uncovered_.size();
    uncovered_.push_back(u);
  }

  const CoverLists& L_;
  std::vector<std::uint32_t> cov_, cover_xor_;
  std::vector<double> weight_;
  std::vector<std::size_t> pos_;
  std::vector<std::uint32_t> uncovered_;
  std::vector<double> gain_, loss_;  // gain: uncovered weight a candidate covers; loss: weight only a site covers
  std::vector<char> open_;
};

}  // namespace

std::vector<std::uint32_t> GreedyCover(const CoverLists& L, const std::vector<std::uint32_t>& fixed) {
  for (std::size_t u = 0; u < L.nd; ++u)
    if (L.num_covering(u) == 0) return {};
  CoverState s(L);
  std::vector<std::uint32_t> sites = fixed;
  for (std::uint32_t k : fixed) s.Open(k);
  while (!s.uncovered().empty()) {
    std::uint32_t best = 0;
    for (std::uint32_t k = 1; k < L.m; ++k)
      if (s.gain(k) > s.gain(best)) best = k;
    s.Open(best);
    sites.push_back(best);
  }
  return sites;
}

bool CoverSearch(const CoverLists& L, std::size_t p, std::size_t num_fixed, const std::vector<std::uint32_t>& start,
                 const CoverSearchOptions& options, std::vector<std::uint32_t>* sites) {
  for (std::size_t u = 0; u < L.nd; ++u)
    if (L.num_covering(u) == 0) return false;
  if (p > L.m) p = L.m;
  CoverState s(L);
  std::vector<std::uint32_t> sol;
  for (std::uint32_t k : start)
    if (sol.size() < p && !s.open(k)) {
      s.Open(k);
      sol.push_back(k);
    }
  while (sol.size() < p) {  // fill greedily
    std::uint32_t best = L.m;
    for (std::uint32_t k = 0; k < L.m; ++k)
      if (!s.open(k) && (best == L.m || s.gain(k) > s.gain(best))) best = k;
    s.Open(best);
    sol.push_back(best);
  }
  if (s.uncovered().empty()) {
    *sites = sol;
    return true;
  }
  if (num_fixed >= p) return false;

  std::mt19937_64 rng(options.seed);
  std::vector<std::size_t> slot_of(L.m, ~std::size_t{0});
  for (std::size_t j = 0; j < sol.size(); ++j) slot_of[sol[j]] = j;
  std::vector<std::size_t> no_open_until(L.m, 0), no_close_until(L.m, 0);
  std::vector<double> shared(L.m, 0);  // per open site: weight the candidate would also cover alone-covered
  std::vector<std::uint32_t> touched;
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t work = 0;
  for (std::size_t step = 1; step <= options.max_steps; ++step) {
    if (options.max_work && work >= options.max_work) return false;
    if ((step & 255) == 0 && options.time_limit_s > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > options.time_limit_s)
      return false;
    const auto& unc = s.uncovered();
    const std::uint32_t u = unc[rng() % unc.size()];
    double best = -1e300;
    std::uint32_t best_in = L.m;
    std::size_t best_slot = 0, ties = 0;
    for (std::size_t i = 0; i < L.num_covering(u); ++i) {
      const std::uint32_t k = L.covering(u)[i];
      if (s.open(k) || no_open_until[k] > step) continue;
      work += L.num_covered(k) + sol.size();
      // Demands covered only by site r that k covers too stay covered if r closes.
      for (std::size_t j = 0; j < L.num_covered(k); ++j) {
        const std::uint32_t v = L.covered(k)[j];
        if (s.cov(v) == 1) {
          const std::uint32_t r = s.sole_site(v);
          if (shared[r] == 0) touched.push_back(r);
          shared[r] += s.weight(v);
        }
      }
      for (std::size_t j = num_fixed; j < sol.size(); ++j) {
        const std::uint32_t r = sol[j];
        if (no_close_until[r] > step) continue;
        const double score = s.gain(k) - (s.loss(r) - shared[r]);
        if (score > best) {
          best = score;
          best_in = k;
          best_slot = j;
          ties = 1;
        } else if (score == best && rng() % ++ties == 0) {
          best_in = k;
          best_slot = j;
        }
      }
      for (std::uint32_t r : touched) shared[r] = 0;
      touched.clear();
    }
    if (best_in == L.m) {  // every move is tabu: take a random one
      best_slot = num_fixed + rng() % (sol.size() - num_fixed);
      best_in = L.covering(u)[rng() % L.num_covering(u)];
      if (s.open(best_in)) continue;
    }
    const std::uint32_t out = sol[best_slot];
    s.Open(best_in);
    s.Close(out);
    slot_of[out] = ~std::size_t{0};
    sol[best_slot] = best_in;
    slot_of[best_in] = best_slot;
    no_open_until[out] = step + options.tenure;
    no_close_until[best_in] = step + options.tenure;
    if (s.uncovered().empty()) {
      *sites = sol;
      return true;
    }
    s.Bump();
  }
  return false;
}

}  // namespace gdist
