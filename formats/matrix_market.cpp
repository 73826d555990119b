// Matrix Market coordinate files (NIST; Boisvert, Pozo, Remington, "The
// Matrix Market Exchange Formats: Initial Design", NISTIR 5935, 1996):
//   %%MatrixMarket matrix coordinate real|integer|pattern general|symmetric
//   % comments
//   rows cols entries
//   i j [value]        1-based
// A square matrix is read as a graph: entry (i, j) is the arc i -> j. Pattern
// entries weigh 1; symmetric files store one triangle and mean an undirected
// graph; diagonal entries (a matrix's own data, not self-loops) are skipped.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "formats/input_file.hpp"
#include "formats/readers.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {}  // namespace

Graph ReadMatrixMarket(InputFile& in) {
  const std::string& path = in.path();
  Graph g;
  g.format_name = "mtx";
  g.source = path;
  std::string_view line;
  if (!in.NextLine(&line)) throw ParseError(path, 1, "file is empty; expected a '%%MatrixMarket' banner");
  // The banner's keywords are case-insensitive (the NIST reader lowercases them).
  std::string_view rest = line;
  const std::string banner = AsciiLower(NextToken(&rest)), object = AsciiLower(NextToken(&rest)),
                    layout = AsciiLower(NextToken(&rest)), field = AsciiLower(NextToken(&rest)),
                    symmetry = AsciiLower(NextToken(&rest));
  if (banner != "%%matrixmarket" || object != "matrix")
    throw ParseError(path, 1, "expected the banner '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  if (layout != "coordinate")
    throw ParseError(path, 1, "expected 'coordinate' (a sparse matrix); '" + layout + "' files are not graphs");
  const bool pattern = field == "pattern";
  if (!pattern && field != "real" && field != "integer" && field != "double")
    throw ParseError(path, 1, "expected the field 'real', 'integer' or 'pattern', got '" + field + "'");
  if (symmetry != "general" && symmetry != "symmetric")
    throw ParseError(path, 1, "expected the symmetry 'general' or 'symmetric', got '" + symmetry + "'");
  g.directed = symmetry == "general";

  bool have_size = false;
  std::int64_t rows = 0, cols = 0, entries = 0, seen = 0;
  const std::size_t value_fields = pattern ? 2 : 3;
  std::string_view f[3];
  while (in.NextLine(&line)) {
    std::string_view t = TrimBlanks(line);
    if (t.empty() || t.front() == '%') continue;
    const std::size_t count = SplitFields(t, f, 3);
    if (!have_size) {
      if (count != 3 || !ParseInt(f[0], &rows) || !ParseInt(f[1], &cols) || !ParseInt(f[2], &entries) || rows < 0 ||
          cols < 0 || entries < 0)
        throw ParseError(path, in.line_number(), "expected the size line 'rows columns entries'");
      if (rows != cols)
        throw ParseError(path, in.line_number(),
                         "expected a square matrix (an adjacency matrix), got " + std::to_string(rows) + " x " +
                             std::to_string(cols));
      if (rows > 0xFFFFFFFELL) throw ParseError(path, in.line_number(), "too many vertices");
      g.n = static_cast<std::size_t>(rows);
      g.edges.reserve(static_cast<std::size_t>(std::min<std::int64_t>(entries, 1 << 20)));
      have_size = true;
      continue;
    }
    std::int64_t i, j;
    Weight w;
    if (count != value_fields || !ParseInt(f[0], &i) || !ParseInt(f[1], &j) ||
        (!pattern && !ParseWeightAt(f[2], &w, path, in.line_number())))
      throw ParseError(path, in.line_number(),
                       pattern ? "expected an entry 'row column'" : "expected an entry 'row column value'");
    if (i < 1 || j < 1 || i > rows || j > cols)
      throw ParseError(path, in.line_number(), "index out of range 1.." + std::to_string(rows));
    if (++seen > entries)
      throw ParseError(path, in.line_number(),
                       "more entries than the " + std::to_string(entries) + " the size line declares");
    if (i == j) continue;
    g.AddEdge(static_cast<std::uint32_t>(i - 1), static_cast<std::uint32_t>(j - 1), w, in.line_number());
  }
  if (!have_size) throw ParseError(path, in.line_number(), "expected the size line 'rows columns entries', found none");
  if (seen != entries)
    throw ParseError(path, in.line_number(),
                     "the size line declares " + std::to_string(entries) + " entries but the file ends after " +
                         std::to_string(seen));
  g.labels = VertexLabels::Range(g.n, 1);
  return g;
}

}  // namespace gdist
