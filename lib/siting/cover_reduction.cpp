#include "lib/siting/cover_reduction.hpp"

#include <algorithm>

namespace gdist {

CoverRows MergeCoverRows(const CoverLists& L, const std::vector<double>* weights, const std::vector<char>& is_fixed) {
  CoverRows r;
  r.row_of.assign(L.nd, -1);
  std::vector<std::uint32_t> order;
  for (std::uint32_t u = 0; u < L.nd; ++u) {
    const double w = weights ? (*weights)[u] : 1.0;
    const std::uint32_t* c = L.covering(u);
    const std::size_t len = L.num_covering(u);
    if (len == 0) {
      r.uncoverable = true;
      continue;
    }
    if (std::any_of(c, c + len, [&](std::uint32_t k) { return is_fixed[k] != 0; })) {
      r.fixed_weight += w;
      continue;
    }
    order.push_back(u);
  }
  // Sorted candidate lists make equal sets equal sequences.
  std::vector<std::vector<std::uint32_t>> sets(L.nd);
  for (std::uint32_t u : order) {
    sets[u].assign(L.covering(u), L.covering(u) + L.num_covering(u));
    std::sort(sets[u].begin(), sets[u].end());
  }
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return sets[a].size() != sets[b].size() ? sets[a].size() < sets[b].size() : sets[a] < sets[b];
  });
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::uint32_t u = order[i];
    const double w = weights ? (*weights)[u] : 1.0;
    if (i > 0 && sets[u] == sets[order[i - 1]]) {
      r.row_of[u] = r.row_of[order[i - 1]];
      r.weight[r.row_of[u]] += w;
    } else {
      r.row_of[u] = static_cast<std::int32_t>(r.rep.size());
      r.rep.push_back(u);
      r.weight.push_back(w);
    }
  }
  return r;
}

std::vector<std::vector<std::int32_t>> RowsOfCandidates(const CoverLists& L, const CoverRows& rows) {
  // A row's candidates are its representative's: rows in order give each list ascending, once each.
  std::vector<std::vector<std::int32_t>> out(L.m);
  for (std::size_t r = 0; r < rows.rep.size(); ++r)
    for (std::size_t i = 0; i < L.num_covering(rows.rep[r]); ++i)
      out[L.covering(rows.rep[r])[i]].push_back(static_cast<std::int32_t>(r));
  return out;
}

// A candidate's rivals are the candidates of its first row: only they can
// cover all of its rows.
std::vector<std::uint32_t> Dominators(const CoverLists& L, const CoverRows& rows,
                                      const std::vector<std::vector<std::int32_t>>& rows_of,
                                      const std::vector<char>& is_fixed) {
  std::vector<std::uint32_t> by(L.m);
  for (std::size_t k = 0; k < L.m; ++k) by[k] = static_cast<std::uint32_t>(k);
  std::uint32_t some_kept = static_cast<std::uint32_t>(L.m);  // a candidate to replace useless ones
  for (std::size_t k = 0; k < L.m; ++k)
    if (!rows_of[k].empty()) some_kept = static_cast<std::uint32_t>(k);
  for (std::size_t k = 0; k < L.m; ++k) {
    if (is_fixed[k]) continue;
    const std::vector<std::int32_t>& mine = rows_of[k];
    if (mine.empty()) {  // covers nothing the fixed sites leave: any candidate does as well
      if (some_kept < L.m) by[k] = some_kept;
      continue;
    }
    const std::uint32_t rep = rows.rep[mine[0]];
    for (std::size_t i = 0; i < L.num_covering(rep); ++i) {
      const std::uint32_t j = L.covering(rep)[i];
      if (j == k) continue;
      const std::vector<std::int32_t>& theirs = rows_of[j];
      if (theirs.size() < mine.size() || (theirs.size() == mine.size() && j > k)) continue;
      if (std::includes(theirs.begin(), theirs.end(), mine.begin(), mine.end())) {
        by[k] = j;
        break;
      }
    }
  }
  // Follow chains to a kept candidate (each step gains rows or lowers the index).
  for (std::size_t k = 0; k < L.m; ++k)
    while (by[by[k]] != by[k]) by[k] = by[by[k]];
  return by;
}

std::vector<std::uint32_t> Replaced(const std::vector<std::uint32_t>& sites, const std::vector<std::uint32_t>& by) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t k : sites)
    if (std::find(out.begin(), out.end(), by[k]) == out.end()) out.push_back(by[k]);
  return out;
}

}  // namespace gdist
