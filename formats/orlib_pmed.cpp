// OR-Library p-median instances (Beasley, "A note on solving large p-median
// problems", EJOR 21 (1985)); files pmed1..pmed40:
//   n m p          header: vertices, edges, number of facilities
//   i j c          m lines: undirected edge, 1-based, integer cost
// Lines carry leading and trailing spaces. The files repeat some edges with
// different costs and the published optima assume the LAST occurrence wins
// (see shared/data/SOURCES.md), so the graph asks for that policy.
#include <algorithm>
#include <cmath>

#include "formats/input_file.hpp"
#include "formats/readers.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

Graph ReadOrlib(InputFile& in) {
  const std::string& path = in.path();
  Graph g;
  g.format_name = "orlib";
  g.source = path;
  g.directed = false;
  g.prefers_last_duplicate = true;
  bool have_header = false;
  std::int64_t n = 0, m = 0;
  std::size_t header_line = 0;
  std::string_view line, f[3];
  while (in.NextLine(&line)) {
    if (IsBlankLine(line)) continue;
    const std::size_t count = SplitFields(line, f, 3);
    if (!have_header) {
      std::int64_t p;
      if (count != 3 || !ParseInt(f[0], &n) || !ParseInt(f[1], &m) || !ParseInt(f[2], &p))
        throw ParseError(path, in.line_number(), "expected the OR-Library header 'n m p' (three integers)");
      if (n < 1 || n > 0xFFFFFFFELL || m < 0 || p < 0 || p > n)
        throw ParseError(path, in.line_number(),
                         "expected 'n m p' with n >= 1, m >= 0 and 0 <= p <= n, got n=" + std::to_string(n) +
                             " m=" + std::to_string(m) + " p=" + std::to_string(p));
      g.n = static_cast<std::size_t>(n);
      g.orlib_p = static_cast<std::size_t>(p);
      g.edges.reserve(static_cast<std::size_t>(std::min<std::int64_t>(m, 1 << 20)));
      have_header = true;
      header_line = in.line_number();
      continue;
    }
    std::int64_t i, j;
    Weight c;
    if (count != 3 || !ParseInt(f[0], &i) || !ParseInt(f[1], &j) || !ParseWeightAt(f[2], &c, path, in.line_number()))
      throw ParseError(path, in.line_number(), "expected an edge line 'i j cost' (two vertex numbers and a cost)");
    if (i < 1 || j < 1 || i > n || j > n)
      throw ParseError(path, in.line_number(), "vertex number out of range 1.." + std::to_string(n));
    if (static_cast<std::int64_t>(g.edges.size()) == m)
      throw ParseError(path, in.line_number(),
                       "more edge lines than the " + std::to_string(m) + " the header on line " +
                           std::to_string(header_line) + " declares");
    g.AddEdge(static_cast<std::uint32_t>(i - 1), static_cast<std::uint32_t>(j - 1), c, in.line_number());
  }
  if (!have_header)
    throw ParseError(path, std::max<std::size_t>(in.line_number(), 1),
                     "expected the OR-Library header 'n m p', found " +
                         std::string(in.line_number() == 0 ? "an empty file" : "only blank lines"));
  if (static_cast<std::int64_t>(g.edges.size()) != m)
    throw ParseError(path, in.line_number(),
                     "the header declares " + std::to_string(m) + " edges but the file ends after " +
                         std::to_string(g.edges.size()));
  g.labels = VertexLabels::Range(g.n, 1);
  return g;
}

}  // namespace gdist
