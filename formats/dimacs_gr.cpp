// 9th DIMACS challenge shortest-path format:
//   c <comment>
//   p sp <N> <M>
//   a <U> <V> <W>      (1-based, directed, integer weights)
#include <cmath>

#include "formats/input_file.hpp"
#include "formats/readers.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

Graph ReadDimacs(const std::string& path) {
  InputFile in(path);
  Graph g;
  g.format_name = "dimacs";
  g.directed = true;
  bool have_problem = false;
  std::int64_t declared_arcs = 0;
  std::string_view line;
  while (in.NextLine(&line)) {
    std::string_view rest = line;
    std::string_view kind = NextToken(&rest);
    if (kind.empty() || kind == "c") continue;
    if (kind == "p") {
      if (have_problem) throw ParseError(path, in.line_number(), "second 'p' line");
      std::string_view sp = NextToken(&rest);
      std::int64_t n, m;
      if (sp != "sp" || !ParseInt(NextToken(&rest), &n) || !ParseInt(NextToken(&rest), &m) || n < 0 ||
          m < 0 || !NextToken(&rest).empty())
        throw ParseError(path, in.line_number(), "expected 'p sp <vertices> <arcs>'");
      if (n > 0xFFFFFFFFLL) throw ParseError(path, in.line_number(), "too many vertices");
      g.n = static_cast<std::size_t>(n);
      declared_arcs = m;
      g.edges.reserve(static_cast<std::size_t>(std::min<std::int64_t>(m, 1 << 26)));
      have_problem = true;
      continue;
    }
    if (kind == "a") {
      if (!have_problem) throw ParseError(path, in.line_number(), "'a' line before the 'p sp N M' line");
      std::int64_t u, v;
      double w;
      if (!ParseInt(NextToken(&rest), &u) || !ParseInt(NextToken(&rest), &v) ||
          !ParseDouble(NextToken(&rest), &w) || !NextToken(&rest).empty())
        throw ParseError(path, in.line_number(), "expected 'a <from> <to> <weight>'");
      if (u < 1 || v < 1 || u > static_cast<std::int64_t>(g.n) || v > static_cast<std::int64_t>(g.n))
        throw ParseError(path, in.line_number(),
                         "vertex id out of range 1.." + std::to_string(g.n));
      if (!std::isfinite(w)) throw ParseError(path, in.line_number(), "weight is not a finite number");
      if (w != std::floor(w)) g.integral_weights = false;
      g.edges.push_back({static_cast<std::uint32_t>(u - 1), static_cast<std::uint32_t>(v - 1), w});
      continue;
    }
    throw ParseError(path, in.line_number(),
                     "expected a line starting with 'c', 'p' or 'a', got '" + std::string(kind) + "'");
  }
  if (!have_problem) throw ParseError(path, in.line_number(), "no 'p sp N M' line found");
  if (static_cast<std::int64_t>(g.edges.size()) != declared_arcs)
    throw ParseError(path, in.line_number(),
                     "the 'p' line declares " + std::to_string(declared_arcs) + " arcs but " +
                         std::to_string(g.edges.size()) + " 'a' lines were found");
  g.labels = VertexLabels::Range(g.n, 1);
  return g;
}

}  // namespace gdist
