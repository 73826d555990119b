// Where the rows of a tree run come from when not the CPU trees
// (tree_apsp.hpp's SolveApspByTrees and WriteSourceRows take one).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>

namespace gdist {

// Where rows come from when not the CPU trees: `rows` fills out[i * stride + v]
// with the distances from sources[i] (the GPU's trees, given by the caller:
// lib/pipeline/candidate_rows.hpp), `note` names them in the report.
template <class W> struct RowSource {
  std::function<void(std::span<const std::uint32_t> sources, W* out, std::size_t stride)> rows;
  std::string note;
};

}  // namespace gdist
