// 9th DIMACS Implementation Challenge shortest-path format (Demetrescu,
// Goldberg, Johnson, 2006):
//   c <comment>
//   p sp <N> <M>
//   a <U> <V> <W>      M lines, 1-based, directed, integer weights
// and its PACE 2016 relative (treewidth track) that shares the .gr extension:
//   p tw <N> <M>
//   <U> <V>            M lines, 1-based, undirected, unweighted
// The 'p' line decides which one a file is.
#include <algorithm>
#include <cmath>

#include "formats/input_file.hpp"
#include "formats/readers.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

enum class Problem { kNone, kShortestPath, kTreewidth };

std::uint32_t VertexIndex(const std::string& path, std::size_t line, std::int64_t id, std::size_t n) {
  if (id < 1 || id > static_cast<std::int64_t>(n))
    throw ParseError(path, line, "vertex id " + std::to_string(id) + " out of range 1.." + std::to_string(n));
  return static_cast<std::uint32_t>(id - 1);
}

}  // namespace

Graph ReadDimacs(InputFile& in) {
  const std::string& path = in.path();
  Graph g;
  g.format_name = "dimacs";
  g.source = path;
  Problem problem = Problem::kNone;
  std::int64_t declared = 0;
  std::size_t p_line = 0;
  std::string_view line;
  while (in.NextLine(&line)) {
    std::string_view rest = line;
    std::string_view kind = NextToken(&rest);
    if (kind.empty() || kind == "c") continue;
    if (kind == "p") {
      if (problem != Problem::kNone)
        throw ParseError(path, in.line_number(),
                         "second 'p' line (the first is on line " + std::to_string(p_line) + ")");
      std::string_view name = NextToken(&rest);
      std::int64_t n, m;
      if ((name != "sp" && name != "tw") || !ParseInt(NextToken(&rest), &n) || !ParseInt(NextToken(&rest), &m) ||
          n < 0 || m < 0 || !NextToken(&rest).empty())
        throw ParseError(path, in.line_number(),
                         "expected 'p sp <vertices> <arcs>' (or PACE 'p tw <vertices> <edges>')");
      if (n > 0xFFFFFFFELL) throw ParseError(path, in.line_number(), "more than 2^32-2 vertices");
      problem = name == "sp" ? Problem::kShortestPath : Problem::kTreewidth;
      g.n = static_cast<std::size_t>(n);
      g.directed = problem == Problem::kShortestPath;
      declared = m;
      p_line = in.line_number();
      // Never trust a header for a big allocation: the vector grows as needed.
      g.edges.reserve(static_cast<std::size_t>(std::min<std::int64_t>(m, 1 << 20)));
      continue;
    }
    if (problem == Problem::kShortestPath && kind == "a") {
      std::int64_t u, v;
      Weight w;
      if (!ParseInt(NextToken(&rest), &u) || !ParseInt(NextToken(&rest), &v) ||
          !ParseWeightAt(NextToken(&rest), &w, path, in.line_number()) || !NextToken(&rest).empty())
        throw ParseError(path, in.line_number(), "expected 'a <from> <to> <weight>'");
      g.AddEdge(VertexIndex(path, in.line_number(), u, g.n), VertexIndex(path, in.line_number(), v, g.n), w,
                in.line_number());
      continue;
    }
    if (problem == Problem::kTreewidth) {
      std::int64_t u, v;
      if (!ParseInt(kind, &u) || !ParseInt(NextToken(&rest), &v) || !NextToken(&rest).empty())
        throw ParseError(path, in.line_number(), "expected an edge line '<u> <v>' (PACE 'p tw' file)");
      g.edges.push_back(
          {VertexIndex(path, in.line_number(), u, g.n), VertexIndex(path, in.line_number(), v, g.n), 1.0});
      continue;
    }
    if (problem == Problem::kNone && kind == "a")
      throw ParseError(path, in.line_number(), "'a' line before the 'p sp <vertices> <arcs>' line");
    throw ParseError(path, in.line_number(), "expected a line starting with 'c', 'p' or 'a', got " + Quoted(kind));
  }
  if (problem == Problem::kNone)
    throw ParseError(path, std::max<std::size_t>(in.line_number(), 1),
                     in.line_number() == 0 ? "file is empty; expected a 'p sp <vertices> <arcs>' line"
                                           : "no 'p sp <vertices> <arcs>' line found");
  if (static_cast<std::int64_t>(g.edges.size()) != declared)
    throw ParseError(path, in.line_number(),
                     "the 'p' line (line " + std::to_string(p_line) + ") declares " + std::to_string(declared) +
                         (problem == Problem::kShortestPath ? " arcs but " : " edges but ") +
                         std::to_string(g.edges.size()) + " were found");
  g.labels = VertexLabels::Range(g.n, 1);
  return g;
}

}  // namespace gdist
