// gpath on a matrix file: a square distance matrix with its next-hop section
// (gapsp --paths) gives routes and the tree from one source; without it, and
// a rows file (gapsp --sources: k rows of n columns, no next hops), give the
// distances from their rows and say where the route is (--paths, the graph file). Distances
// are printed exactly (the decimals a matrix of exact decimals was written with).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lib/matrix/matrix_file.hpp"

namespace gdist {

struct MatrixPathAnswer {
  std::string text;      // stdout: the route, the tree (CSV) or the distance (text or JSON)
  bool no_path = false;  // no path from `from` to `to`: the caller says so (exit 1)
  std::string note;      // a line for stderr (a rows file: where the route is), or empty
  // The route's vertices, from .. to, when the file's next hops gave one (a
  // square file written with --paths, and `to` given); its length as a double.
  std::vector<std::uint32_t> route;
  double length = 0;
};

// from, to: vertex indices of the file's labels. A square file needs its next
// hops (the caller refuses one without). A rows file answers from its sources;
// for an undirected one, also to a source (d(u, v) = d(v, u)). Throws
// gdist::Error naming the file when neither end is a source it holds.
MatrixPathAnswer MatrixFilePath(const MappedMatrixFile& file, std::size_t from, std::optional<std::size_t> to,
                                bool json);

// A table file (gapsp --sources S --targets T): `from` a row (source), `to` a
// column (target); without `to` the row's distances to every target (CSV).
// Answers name the ends by TableEndLabels: the columns' labels, then the rows'.
MatrixPathAnswer TableFilePath(const MappedMatrixFile& file, std::size_t row, std::optional<std::size_t> column,
                               bool json);
VertexLabels TableEndLabels(const MatrixFileInfo& info);

}  // namespace gdist
