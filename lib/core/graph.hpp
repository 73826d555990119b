// The in-memory result of every format reader: an arc list over vertices
// 0..n-1 plus the labels the input used for them. Readers only parse; policy
// (duplicates, self-loops, element type) is applied when the matrix is built.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lib/core/arc_shapes.hpp"
#include "lib/core/vertex_labels.hpp"
#include "lib/core/weight.hpp"

namespace gdist {

// What to do with several arcs between the same ordered pair.
enum class DuplicatePolicy { kMin, kLast };

struct Edge {
  std::uint32_t from;
  std::uint32_t to;
  double weight;  // exact for every integer up to 2^53; larger ones: Graph::exact_weights
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
  // An edge list whose header comment says the graph is undirected (SNAP's
  // "# Undirected graph", KONECT's "% sym"), read as directed all the same:
  // ReadGraph says so and points to --undirected.
  bool header_says_undirected = false;

  // What the readers learn about the weights as arcs arrive (AddEdge), for
  // the element type choice and for file:line in its messages. Graphs built by
  // hand keep the defaults: integral_weights is then the caller's to set.
  std::string source;                // the file, for messages
  bool float32_keeps_digits = true;  // every weight survives float32 with its digits
  std::size_t fraction_line = 0;     // first non-integer weight (0: none, or unknown)
  std::size_t max_abs_line = 0;      // the weight of largest magnitude
  double max_abs_seen = 0;
  std::size_t wide_integer_line = 0;  // first integer past 2^53 (a double would round it)
  // Empty unless some integer weight is past 2^53; then exact_weights[i] is
  // edges[i]'s weight, exact (edges[i].weight is only the nearest double).
  std::vector<std::int64_t> exact_weights;
  // The most fractional digits a weight has (decimal_scale.hpp; integers
  // have 0); -1 once some weight is not a plain decimal of at most
  // kMaxDecimalDigits digits (an exponent form, a computed weight).
  int decimal_digits = 0;
  // Set by ScaleDecimalWeights: the weights are stored as value x 10^decimal_scale
  // (integers, integral_weights true); 0: as read.
  int decimal_scale = 0;
  // Longitude and latitude in degrees of each vertex when the input places
  // them (OpenStreetMap); empty otherwise.
  std::vector<std::pair<double, double>> lon_lat;
  // The arcs' polylines (OpenStreetMap with ReadOptions::keep_arc_shapes);
  // empty otherwise. Code that drops or reorders edges keeps edge_shape in step.
  ArcShapes shapes;

  // Appends the arc u -> v read on `line` and records its weight's facts.
  void AddEdge(std::uint32_t u, std::uint32_t v, const Weight& w, std::size_t line);
  // Sets the weight of the last arc added (METIS lists weights after the neighbour).
  void SetLastWeight(const Weight& w, std::size_t line);
};

// Exact decimals (decimal_scale.hpp, docs/FORMATS-INPUT.md): when some weight
// is fractional and every weight is a decimal literal with at most
// kMaxDecimalDigits fractional digits, whose value x 10^d (d the most digits
// any has) lies within +-kMaxScaledDecimal and whose longest possible path
// ((n-1) x max|w| x 10^d) fits int64, turns every weight into that integer and
// sets g.decimal_scale = d. Returns false and changes nothing otherwise (the
// graph then keeps today's floating-point path).
bool ScaleDecimalWeights(Graph& g);

}  // namespace gdist
