// "Any input the tools accept" -> a matrix of the right element type: a gdist
// matrix file (adjacency or distance) or any graph file the formats layer
// reads. Shared by gconvert, gapsp and gcenter so they agree on every option.
#pragma once
#include <optional>
#include <string>
#include <variant>

#include "formats/read_graph.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/sparse/components.hpp"

namespace gdist {

using AnyMatrix =
    std::variant<DistMatrix<std::int32_t>, DistMatrix<std::int64_t>, DistMatrix<float>, DistMatrix<double>>;

struct InputOptions {
  ReadOptions read;
  std::optional<DuplicatePolicy> duplicates;  // unset: the format's own default
  std::optional<ElementType> type;            // unset: ChooseElementType
  bool next_hops = false;                     // gapsp --paths: counted in the memory check
  // Keep only the largest component of a graph input (input_component.hpp);
  // refused for matrix files and saved hierarchies.
  std::optional<ComponentKind> largest_component;
  // Read decimal weights as exact scaled integers (ScaleDecimalWeights,
  // lib/core/graph.hpp) unless `type` forces an element type. Off by default:
  // only callers whose outputs print the scale back (MatrixMeta::decimal_scale)
  // turn it on.
  bool exact_decimals = false;
};

bool ParseDuplicatePolicy(const std::string& s, DuplicatePolicy* out);

// The duplicate rule g is read by: --duplicates when given, else its format's
// own (OR-Library's last wins, every other the least).
DuplicatePolicy DuplicatesFor(const Graph& g, const InputOptions& options);

// options.type when given, else ChooseDistanceType(g) (a scan of every
// weight, and for int64 the graph's distance bound: lib/plan/element_width.hpp):
// a caller that builds more than one thing from g asks once and passes the
// answer on in InputOptions::type.
ElementType ElementTypeFor(const Graph& g, const InputOptions& options);

// Graph file -> adjacency matrix with the chosen policy and type; refuses
// (naming `input`) a matrix the machine's memory cannot hold (memory_plan.hpp).
AnyMatrix MatrixFromGraph(const Graph& g, const InputOptions& options, const std::string& input = "input");

// Matrix file (loaded, CRC checked) or graph file (read and converted).
AnyMatrix LoadInput(const std::string& path, const InputOptions& options);

ElementType TypeOf(const AnyMatrix& m);

}  // namespace gdist
