// Writers for the graph formats gdist reads, so gconvert converts between all
// of them: DIMACS .gr, edge lists (CSV with RFC 4180 quoting, so labels with
// spaces and commas survive) and Matrix Market coordinate files. Weights are
// written exactly: integers as integers (int64 too), fractions as the
// shortest text that reads back to the same double.
#pragma once
#include <optional>
#include <string>

#include "lib/core/graph.hpp"

namespace gdist {

enum class GraphFormatOut { kDimacs, kEdgeList, kMatrixMarket };

// "gr"/"dimacs", "edgelist"/"csv", "mtx"; false for anything else.
bool ParseGraphFormatOut(const std::string& name, GraphFormatOut* out);
// From OUT's extension (.gr, .csv/.tsv/.txt/.el/.edges, .mtx), or nullopt (a matrix file).
std::optional<GraphFormatOut> GraphFormatOfPath(const std::string& path);

// Writes `g` through AtomicFile. Parallel arcs are resolved first by
// `duplicates` (the rule the input is read by: OR-Library's last wins, others
// the least), so the file reads back to the same graph whatever rule its
// format's reader applies. Returns a note for the user when the format cannot
// keep something (DIMACS ids are 1..n: other labels are renumbered) or when
// parallel arcs were resolved.
std::string WriteGraph(const std::string& path, const Graph& g, GraphFormatOut format,
                       DuplicatePolicy duplicates = DuplicatePolicy::kMin);

// g with one arc per ordered pair (one edge per pair when undirected), chosen
// by `duplicates`, in the order of each pair's first arc; self-loops kept.
Graph WithoutParallelArcs(const Graph& g, DuplicatePolicy duplicates);

}  // namespace gdist
