#include "lib/siting/max_cover_proof.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/siting/cover_reduction.hpp"
#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/median_branch_and_bound.hpp"

namespace gdist {

namespace {

// Adds unopened candidates to `sites` until it holds `count`.
void Pad(std::vector<std::uint32_t>* sites, std::size_t m, std::size_t count) {
  std::vector<char> open(m, 0);
  for (std::uint32_t k : *sites) open[k] = 1;
  for (std::uint32_t k = 0; k < m && sites->size() < count; ++k)
    if (!open[k]) sites->push_back(k);
}

}  // namespace

std::optional<MaxCoverProof> ProveMaxCover(const CoverLists& L, const std::vector<double>& weights,
                                           const std::vector<std::uint32_t>& fixed, std::size_t p,
                                           const std::vector<std::uint32_t>& start, double gap, double deadline_s,
                                           int threads, bool covers_only) {
  std::vector<char> is_fixed(L.m, 0);
  for (std::uint32_t k : fixed) is_fixed[k] = 1;
  const CoverRows rows = MergeCoverRows(L, &weights, is_fixed);
  const std::vector<std::vector<std::int32_t>> rows_of = RowsOfCandidates(L, rows);
  const std::vector<std::uint32_t> by = Dominators(L, rows, rows_of, is_fixed);
  // Rows that weigh something, and the kept candidates that cover one of them.
  std::vector<std::int32_t> active_of(rows.rep.size(), -1);
  std::vector<std::uint32_t> active;
  double total = 0;
  for (std::size_t r = 0; r < rows.rep.size(); ++r)
    if (rows.weight[r] > 0) {
      active_of[r] = static_cast<std::int32_t>(active.size());
      active.push_back(static_cast<std::uint32_t>(r));
      total += rows.weight[r];
    }
  std::vector<std::uint32_t> keep;
  std::vector<std::uint32_t> kept_id(L.m, static_cast<std::uint32_t>(L.m));
  for (std::size_t k = 0; k < L.m; ++k)
    if (!is_fixed[k] && by[k] == k &&
        std::any_of(rows_of[k].begin(), rows_of[k].end(), [&](std::int32_t r) { return active_of[r] >= 0; })) {
      kept_id[k] = static_cast<std::uint32_t>(keep.size());
      keep.push_back(static_cast<std::uint32_t>(k));
    }
  MaxCoverProof proof;
  proof.sites = fixed;
  if (keep.size() <= p) {  // every kept candidate opens: all that can be covered is
    proof.sites.insert(proof.sites.end(), keep.begin(), keep.end());
    Pad(&proof.sites, L.m, fixed.size() + p);
    proof.covered = proof.upper_bound = rows.fixed_weight + total;
    proof.complete = true;
    return proof;
  }
  const std::size_t nd = active.size(), m = keep.size();
  if (nd * m > kMaxSortedCostEntries) return std::nullopt;
  // The uncovered weight as p-median costs: 0 to a covering candidate, w_r to any other.
  SortedCosts costs = SortedCosts::Sized(nd, m);
  std::vector<char> covers(m, 0);
  std::vector<std::pair<double, std::uint32_t>> row;
  for (std::size_t i = 0; i < nd; ++i) {
    const std::size_t r = active[i];
    const double w = rows.weight[r];
    costs.integral = costs.integral && std::floor(w) == w;
    row.clear();
    const std::uint32_t rep = rows.rep[r];
    for (std::size_t j = 0; j < L.num_covering(rep); ++j) {
      const std::uint32_t k = kept_id[L.covering(rep)[j]];
      if (k < m && !covers[k]) {
        covers[k] = 1;
        row.emplace_back(0.0, k);
      }
    }
    std::sort(row.begin(), row.end());
    for (std::uint32_t k = 0; k < m; ++k)
      if (!covers[k]) row.emplace_back(w, k);
    for (const auto& [cost, k] : row) covers[k] = 0;
    costs.SetRow(i, row);
  }
  // The start in kept candidates, p of them.
  std::vector<std::uint32_t> first;
  for (std::uint32_t k : Replaced(start, by))
    if (kept_id[k] < m) first.push_back(kept_id[k]);
  Pad(&first, m, p);
  first.resize(p);
  const double start_uncovered = MedianLagrangian(costs, p, 1).Objective(first);
  MedianProofOptions o;
  o.deadline_s = deadline_s;
  o.start_at_caps = true;
  // The tree (on the few candidates the root leaves, rows merged) closes the
  // rest faster than long runs do.
  o.root_iterations = 200;
  o.node_iterations = 60;
  // The proof's gap is relative to the uncovered weight; the caller's to the covered.
  if (gap > 0 && start_uncovered > 0)
    o.gap = gap * std::max(0.0, rows.fixed_weight + total - start_uncovered) / start_uncovered;
  if (covers_only) {
    // A cover leaves nothing uncovered: any solution leaving less than the lightest row's weight is one.
    double lightest = std::numeric_limits<double>::infinity();
    for (std::uint32_t r : active) lightest = std::min(lightest, rows.weight[r]);
    o.cutoff = lightest;
  }
  const MedianProof median = ProveMedian(costs, {}, p, first, o, threads);
  for (std::uint32_t k : median.sites) proof.sites.push_back(keep[k]);
  Pad(&proof.sites, L.m, fixed.size() + p);
  proof.covered = rows.fixed_weight + total - median.upper;
  proof.upper_bound = rows.fixed_weight + total - median.lower_bound;
  proof.complete = median.complete;
  proof.nodes = median.nodes;
  return proof;
}

}  // namespace gdist
