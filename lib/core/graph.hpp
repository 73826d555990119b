// The in-memory result of every format reader: an arc list over vertices
// 0..n-1 plus the labels the input used for them. Readers only parse; policy
// (duplicates, self-loops, element type) is applied when the matrix is built.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lib/core/vertex_labels.hpp"

namespace gdist {

// What to do with several arcs between the same ordered pair.
enum class DuplicatePolicy { kMin, kLast };

struct Edge {
  std::uint32_t from;
  std::uint32_t to;
  double weight;  // exact for every integer up to 2^53; see Graph::integral_weights
};

struct Graph {
  std::size_t n = 0;
  bool directed = true;          // false: every edge stands for both arcs
  bool integral_weights = true;  // every weight is a whole number
  std::vector<Edge> edges;       // in file order ("last duplicate wins" relies on it)
  VertexLabels labels;           // labels.size() == n
  std::string format_name;       // which reader produced it, for messages
  // The duplicate policy this format's published answers assume (OR-Library:
  // last wins); used unless the user passes --duplicates.
  bool prefers_last_duplicate = false;
  // OR-Library p-median files name the number of facilities p in their header;
  // kept for the siting code (gcenter can default --p-median to it).
  std::optional<std::size_t> orlib_p;
};

}  // namespace gdist
