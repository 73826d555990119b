// Distance rows of many sources in blocks of rows, for outputs larger than
// memory (gapsp --sources): each block is computed in parallel over its
// sources (ShortestPathTrees::Rows), handed to a sink, and its buffer reused,
// so memory stays O(block x n) whatever the number of sources.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "lib/core/element_traits.hpp"

namespace gdist {

// Rows per block for k rows of `row_bytes` each within budget_bytes: at least
// one row per thread, a multiple of 64 when more fit (the bit-parallel BFS
// fills whole 64-source words), never more than k.
inline std::size_t RowBlockRows(std::size_t k, std::size_t row_bytes, int threads, std::size_t budget_bytes) {
  const std::size_t fit = std::max<std::size_t>(1, budget_bytes / std::max<std::size_t>(1, row_bytes));
  std::size_t rows = std::max<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)), fit);
  if (rows >= 64) rows = rows / 64 * 64;
  return std::min(rows, std::max<std::size_t>(k, 1));
}

// rows(sources, out, stride) fills one block (ShortestPathTrees::Rows or
// TreeRows); sink(first, count, rows): rows[i * stride + v] = distance between
// sources[first + i] and v, columns n..stride-1 INF. Blocks arrive in order,
// one at a time, on the calling thread.
template <class W, class RowsFn, class Sink> void ForEachRowBlock(std::span<const std::uint32_t> sources,
                                                                  std::size_t stride, std::size_t block_rows,
                                                                  RowsFn&& rows, Sink&& sink) {
  block_rows = std::max<std::size_t>(1, std::min(block_rows, sources.size()));
  std::vector<W> block(block_rows * stride, ElementTraits<W>::kInf);  // padding columns stay INF
  for (std::size_t first = 0; first < sources.size(); first += block_rows) {
    const std::size_t count = std::min(block_rows, sources.size() - first);
    rows(sources.subspan(first, count), block.data(), stride);
    sink(first, count, static_cast<const W*>(block.data()));
  }
}

}  // namespace gdist
