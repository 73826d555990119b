// METIS / Chaco graph files (Karypis, "METIS Manual, version 5", sec. 4.1.1):
//   % comments
//   n m [fmt [ncon]]     vertices, UNDIRECTED edges, format digits, weights per vertex
//   one line per vertex i = 1..n:  [size] [w_1 .. w_ncon] v_1 [e_1] v_2 [e_2] ...
// fmt is read as three binary digits "abc": c = edge weights, b = ncon vertex
// weights, a = a vertex size (so 1 = 001 edge weights, 11 = 011, 100 = size).
// Vertex sizes and weights do not change distances and are skipped.
// An empty line is a vertex without neighbours, so blank lines count. Every
// edge is listed by both ends; we keep each once (from the lower end) and
// check that the other end lists it with the same weight, as METIS's graphchk
// does, because an asymmetric file would otherwise be read silently wrong.
#include <algorithm>
#include <cmath>

#include "formats/input_file.hpp"
#include "formats/readers.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

struct Header {
  std::int64_t n = 0, m = 0;
  bool edge_weights = false;
  std::size_t skip = 0;  // leading numbers per vertex line: size and vertex weights
};

Header ParseHeader(const std::string& path, std::size_t line_no, std::string_view line) {
  Header h;
  std::string_view rest = line;
  std::string_view fmt_tok, ncon_tok;
  if (!ParseInt(NextToken(&rest), &h.n) || !ParseInt(NextToken(&rest), &h.m))
    throw ParseError(path, line_no, "expected the METIS header 'vertices edges [fmt [ncon]]'");
  fmt_tok = NextToken(&rest);
  ncon_tok = NextToken(&rest);
  if (!NextToken(&rest).empty())
    throw ParseError(path, line_no, "expected at most 4 numbers in the METIS header 'vertices edges [fmt [ncon]]'");
  if (h.n < 0 || h.m < 0 || h.n > 0xFFFFFFFELL)
    throw ParseError(path, line_no, "expected a vertex count in 0..2^32-2 and a non-negative edge count");
  std::string fmt(fmt_tok);
  if (fmt.size() > 3 || fmt.find_first_not_of("01") != std::string::npos)
    throw ParseError(path, line_no,
                     "expected fmt of at most three 0/1 digits (e.g. 1, 11, 011, 100), got " + Quoted(fmt_tok));
  fmt.insert(0, 3 - fmt.size(), '0');
  std::int64_t ncon = 1;
  if (!ncon_tok.empty() && (!ParseInt(ncon_tok, &ncon) || ncon < 1 || ncon > 1024))
    throw ParseError(path, line_no, "expected ncon (vertex weights per vertex) in 1..1024, got " + Quoted(ncon_tok));
  if (!ncon_tok.empty() && fmt[1] != '1')
    throw ParseError(path, line_no, "ncon is given but fmt " + fmt + " has no vertex weights (middle digit)");
  h.edge_weights = fmt[2] == '1';
  h.skip = (fmt[0] == '1' ? 1 : 0) + (fmt[1] == '1' ? static_cast<std::size_t>(ncon) : 0);
  return h;
}

struct HalfEdge {  // an adjacency entry, normalised to (lower, higher) end
  std::uint32_t a, b;
  double w;
  bool operator<(const HalfEdge& o) const { return a != o.a ? a < o.a : b != o.b ? b < o.b : w < o.w; }
  bool operator==(const HalfEdge& o) const { return a == o.a && b == o.b && w == o.w; }
};

// Every entry u -> v (u < v, kept in edges) must be matched by v -> u with the
// same weight (in upward). Sorting both lists and merging finds the first
// entry without a partner.
void CheckSymmetric(const std::string& path, const std::vector<Edge>& edges, std::vector<HalfEdge>& upward,
                    const std::vector<std::size_t>& vertex_line) {
  std::vector<HalfEdge> downward;
  downward.reserve(edges.size());
  for (const Edge& e : edges) downward.push_back({e.from, e.to, e.weight});
  std::sort(downward.begin(), downward.end());
  std::sort(upward.begin(), upward.end());
  std::size_t i = 0;
  while (i < downward.size() && i < upward.size() && downward[i] == upward[i]) ++i;
  if (i == downward.size() && i == upward.size()) return;
  // The smaller of the two mismatching entries is the one without a partner.
  const bool lower_lists = i < downward.size() && (i == upward.size() || downward[i] < upward[i]);
  const HalfEdge& x = lower_lists ? downward[i] : upward[i];
  const std::uint32_t lister = lower_lists ? x.a : x.b, other = lower_lists ? x.b : x.a;
  std::string weight = std::to_string(x.w);
  weight.erase(weight.find_last_not_of('0') + 1);
  if (!weight.empty() && weight.back() == '.') weight.pop_back();
  throw ParseError(path, vertex_line[lister],
                   "vertex " + std::to_string(lister + 1) + " lists neighbour " + std::to_string(other + 1) +
                       " (weight " + weight + ") but vertex " + std::to_string(other + 1) + " does not list " +
                       std::to_string(lister + 1) + " with that weight; METIS graphs must be symmetric");
}

}  // namespace

Graph ReadMetis(InputFile& in) {
  const std::string& path = in.path();
  Graph g;
  g.format_name = "metis";
  g.source = path;
  g.directed = false;
  std::string_view line;
  Header h;
  bool have_header = false;
  while (!have_header && in.NextLine(&line)) {
    std::string_view t = TrimBlanks(line);
    if (t.empty() || t.front() == '%') continue;
    h = ParseHeader(path, in.line_number(), t);
    have_header = true;
  }
  if (!have_header)
    throw ParseError(path, std::max<std::size_t>(in.line_number(), 1),
                     "expected the METIS header 'vertices edges [fmt [ncon]]', found none");
  g.n = static_cast<std::size_t>(h.n);
  const std::size_t step = h.edge_weights ? 2 : 1;
  std::vector<HalfEdge> upward;  // entries listed by the higher end, checked against g.edges
  std::vector<std::size_t> vertex_line;
  std::uint64_t entries = 0;
  std::uint32_t u = 0;
  while (in.NextLine(&line)) {
    if (!line.empty() && line.front() == '%') continue;
    if (u == g.n) {
      if (!IsBlankLine(line))
        throw ParseError(
            path, in.line_number(),
            "expected the end of the file after the " + std::to_string(g.n) + " vertex lines the header declares");
      continue;
    }
    vertex_line.push_back(in.line_number());
    std::string_view rest = line;
    std::size_t k = 0;
    bool last_upward = false;
    for (;; ++k) {
      std::string_view tok = NextToken(&rest);
      if (tok.empty()) break;
      if (k < h.skip) {
        Weight ignored;
        if (!ParseWeightAt(tok, &ignored, path, in.line_number()))
          throw ParseError(path, in.line_number(), "expected a vertex size or weight, got " + Quoted(tok));
        continue;
      }
      const bool is_weight = h.edge_weights && (k - h.skip) % 2 == 1;
      if (is_weight) {
        Weight w;
        if (!ParseWeightAt(tok, &w, path, in.line_number()))
          throw ParseError(path, in.line_number(), "expected an edge weight, got " + Quoted(tok));
        // The weight belongs to the entry just stored, in g.edges or upward.
        if (last_upward) upward.back().w = w.value;
        else g.SetLastWeight(w, in.line_number());
        continue;
      }
      std::int64_t v;
      if (!ParseInt(tok, &v))
        throw ParseError(path, in.line_number(), "expected a neighbour number, got " + Quoted(tok));
      if (v < 1 || v > h.n)
        throw ParseError(path, in.line_number(), "neighbour out of range 1.." + std::to_string(h.n));
      const auto nb = static_cast<std::uint32_t>(v - 1);
      if (nb == u)
        throw ParseError(path, in.line_number(),
                         "vertex " + std::to_string(u + 1) + " lists itself (METIS graphs have no self-loops)");
      ++entries;
      last_upward = nb < u;
      if (last_upward) upward.push_back({nb, u, 1.0});
      else g.AddEdge(u, nb, Weight{}, in.line_number());
    }
    if (k > h.skip && (k - h.skip) % step != 0)
      throw ParseError(path, in.line_number(), "expected neighbour/weight pairs, got an odd number of entries");
    if (k < h.skip)
      throw ParseError(
          path, in.line_number(),
          "expected " + std::to_string(h.skip) + " vertex size/weight numbers first, got " + std::to_string(k));
    ++u;
  }
  if (u != g.n)
    throw ParseError(path, in.line_number(),
                     "the header declares " + std::to_string(g.n) + " vertices but the file has " + std::to_string(u) +
                         " vertex lines");
  if (entries != 2 * static_cast<std::uint64_t>(h.m))
    throw ParseError(path, in.line_number(),
                     "the header declares " + std::to_string(h.m) + " edges (" +
                         std::to_string(2 * static_cast<std::uint64_t>(h.m)) +
                         " adjacency entries) but the vertex lines hold " + std::to_string(entries) + " entries");
  CheckSymmetric(path, g.edges, upward, vertex_line);
  g.labels = VertexLabels::Range(g.n, 1);
  return g;
}

}  // namespace gdist
