// The CPU gain table (its vector and scalar row passes, cache pieces and
// threads) against the per-entry arithmetic of swap_terms.hpp applied in a
// plain loop here: gains and best swaps must be the same bits.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/gain_table.hpp"
#include "test_util.hpp"
#include "tests/siting/random_changes.hpp"

namespace gdist {
namespace {

struct Reference {
  std::vector<double> gain, extra;  // extra: slots x m
};

template <class T, class Model>
void ApplyReference(const SitingProblem<T>& prob, Model model, const std::vector<UserChange>& changes, Reference* r) {
  const std::size_t m = prob.num_candidates(), slots = r->extra.size() / std::max<std::size_t>(m, 1);
  for (const UserChange& ch : changes)
    for (std::size_t k = 0; k < m; ++k) {
      const double c = model(prob.Cost(ch.user, k));
      if (!(c < ch.reach())) continue;
      const GainTerms t = TermsFor(ch, c);
      r->gain[k] += t.gain;
      if (slots && ch.has_old()) r->extra[ch.old_slot * m + k] += t.extra_old;
      if (slots) r->extra[ch.new_slot * m + k] += t.extra_new;
    }
}

template <class Model>
void Check(const SitingProblem<std::int32_t>& prob, Model model, double top, std::mt19937_64& rng) {
  const std::size_t m = prob.num_candidates();
  auto table = MakeCpuGainTable(prob, model);
  for (std::size_t slots : {std::size_t{0}, std::size_t{5}}) {
    SCOPED_TRACE("slots " + std::to_string(slots));
    table->Clear(slots);
    Reference ref{std::vector<double>(m, 0.0), std::vector<double>(slots * m, 0.0)};
    for (int round = 0; round < 3; ++round) {
      const auto changes = RandomChanges(prob.weights(), slots, top, round > 0, rng);
      table->Apply(changes);
      ApplyReference(prob, model, changes, &ref);
      const std::vector<double>& g = table->Gains();
      for (std::size_t k = 0; k < m; ++k) ASSERT_EQ(g[k], ref.gain[k]) << "gain of candidate " << k;
      if (slots == 0) continue;
      std::vector<double> loss(slots);
      for (auto& x : loss) x = std::floor(std::uniform_real_distribution<double>(0, top * 3)(rng));
      std::vector<std::int32_t> slot_of(m, -1);
      for (std::size_t j = 0; j < slots; ++j) slot_of[rng() % m] = static_cast<std::int32_t>(j);
      // The best swap over the reference sums, with BetterSwap's tie rule.
      double best = 1e-9;
      std::uint64_t best_index = UINT64_MAX;
      for (std::size_t r = 1; r < slots; ++r)
        for (std::size_t f = 0; f < m; ++f) {
          const double profit = ref.gain[f] + -loss[r] + ref.extra[r * m + f];
          if (profit > 1e-9 && slot_of[f] < 0 && BetterSwap(profit, r * m + f, best, best_index)) {
            best = profit;
            best_index = r * m + f;
          }
        }
      const SwapChoice x = table->BestSwap(loss, slot_of, 1, 1e-9);
      ASSERT_EQ(x.found(), best_index != UINT64_MAX);
      if (!x.found()) continue;
      EXPECT_EQ(x.profit, best);
      EXPECT_EQ(std::uint64_t{x.slot} * m + x.cand, best_index);
    }
  }
}

TEST(CpuGainTable, EqualsThePlainTermsLoopBitForBit) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  // Sizes around the vector width, the cache piece (2048) and the thread split.
  for (std::size_t n : {3u, 17u, 300u, 2061u, 4200u}) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " n " + std::to_string(n));
    DistMatrix<std::int32_t> d(n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (i != j)
          d.at(i, j) = rng() % 41 == 0 ? ElementTraits<std::int32_t>::kInf : static_cast<std::int32_t>(rng() % 700);
    for (bool fractional : {false, true}) {
      if (n > 2100 && fractional) continue;  // the big case is for the thread and piece split
      SitingInput in;
      in.threads = 2;
      in.direction = Direction::kIn;
      std::vector<double> w(n);
      for (auto& x : w) x = fractional ? 0.25 + (rng() % 1000) / 317.0 : static_cast<double>(1 + rng() % 4);
      in.weights = w;
      const SitingProblem<std::int32_t> prob(d.view(), in);
      Check(prob, MedianCost<std::int32_t>{UnreachablePenalty(prob.max_finite())}, 1.3 * prob.max_finite() + 1, rng);
      Check(prob, CoverCost<std::int32_t>{300, 1.0}, 2.0, rng);
    }
  }
}

}  // namespace
}  // namespace gdist
