#include "lib/pipeline/distance_table.hpp"

#include <algorithm>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/matrix_export.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/sparse/row_blocks.hpp"
#include "lib/sparse/tree_apsp.hpp"

namespace gdist {

template <class W> std::vector<W> TreeTable(const CsrGraph<W>& g, std::span<const std::uint32_t> sources,
                                            std::span<const std::uint32_t> targets, Direction direction, int threads,
                                            Backend backend) {
  const std::size_t k = sources.size(), t = targets.size();
  std::vector<W> table(k * t);
  const std::size_t block = RowBlockRows(k, PaddedSize(g.n) * sizeof(W), threads > 0 ? threads : 1, kSourceRowsBudget);
  for (std::size_t first = 0; first < k; first += block) {
    const std::size_t count = std::min(block, k - first);
    const CandidateRows<W> rows =
        ComputeCandidateRows(g, std::vector<std::uint32_t>(sources.begin() + first, sources.begin() + first + count),
                             direction, threads, backend);
    for (std::size_t i = 0; i < count; ++i) {
      const W* row = rows.view.data + i * rows.view.stride;
      W* out = table.data() + (first + i) * t;
      for (std::size_t j = 0; j < t; ++j) out[j] = row[targets[j]];
    }
  }
  return table;
}

template <class W> void WriteDistanceTable(const std::string& out, const std::string& to, const std::vector<W>& table,
                                           std::span<const std::uint32_t> sources,
                                           std::span<const std::uint32_t> targets, const VertexLabels& labels,
                                           bool directed, bool as_float) {
  const std::size_t k = sources.size(), t = targets.size();
  std::vector<std::string> row_names, col_names;
  for (std::uint32_t s : sources) row_names.push_back(labels.label(s));
  for (std::uint32_t v : targets) col_names.push_back(labels.label(v));
  const NpyValues values{0, as_float};
  if (to == "gdm") {
    MatrixMeta meta;
    meta.directed = directed;
    meta.kind = MatrixKind::kDistance;
    meta.labels = VertexLabels::FromStrings(std::move(col_names));
    WriteTableMatrixFile(out, table.data(), t, std::move(meta),
                         std::vector<std::uint64_t>(sources.begin(), sources.end()),
                         VertexLabels::FromStrings(std::move(row_names)));
  } else if (to == "npy") {
    WriteNpyTable(out, table.data(), k, t, t, values);
  } else if (to == "npz") {
    WriteNpzTable(out, table.data(), k, t, t, row_names, col_names, values);
  } else {
    WriteCsvTable<W>(
        out, table.data(), k, t, t, [&](std::size_t i) { return row_names[i]; },
        [&](std::size_t j) { return col_names[j]; });
  }
}

#define GDIST_INSTANTIATE(W)                                                                       \
  template std::vector<W> TreeTable(const CsrGraph<W>&, std::span<const std::uint32_t>,            \
                                    std::span<const std::uint32_t>, Direction, int, Backend);      \
  template void WriteDistanceTable(const std::string&, const std::string&, const std::vector<W>&,  \
                                   std::span<const std::uint32_t>, std::span<const std::uint32_t>, \
                                   const VertexLabels&, bool, bool);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
