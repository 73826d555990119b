#include "formats/graph_writers.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "lib/util/atomic_file.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"

namespace gdist {
namespace {

bool EndsWith(const std::string& s, const char* suffix) {
  const std::size_t k = std::char_traits<char>::length(suffix);
  return s.size() >= k && s.compare(s.size() - k, k, suffix) == 0;
}

// The weight of edge i as exact text.
std::string WeightText(const Graph& g, std::size_t i) {
  if (!g.exact_weights.empty()) return ExactText(g.exact_weights[i]);
  const double w = g.edges[i].weight;
  // Integral weights in integer digits, which every reader parses as integers.
  if (w == std::trunc(w) && std::fabs(w) < 9.2e18) return ExactText(static_cast<std::int64_t>(w));
  return ExactText(w);
}

// Buffered line writer over AtomicFile.
class Lines {
 public:
  explicit Lines(const std::string& path) : file_(path) {}
  void Add(const std::string& line) {
    buf_ += line;
    buf_ += '\n';
    if (buf_.size() > (1u << 20)) Flush();
  }
  void Commit() {
    Flush();
    file_.Commit();
  }

 private:
  void Flush() {
    file_.Write(buf_.data(), buf_.size());
    buf_.clear();
  }
  AtomicFile file_;
  std::string buf_;
};

std::string Id(std::size_t v) { return std::to_string(v + 1); }

}  // namespace

bool ParseGraphFormatOut(const std::string& name, GraphFormatOut* out) {
  if (name == "gr" || name == "dimacs") *out = GraphFormatOut::kDimacs;
  else if (name == "edgelist" || name == "csv") *out = GraphFormatOut::kEdgeList;
  else if (name == "mtx") *out = GraphFormatOut::kMatrixMarket;
  else return false;
  return true;
}

std::optional<GraphFormatOut> GraphFormatOfPath(const std::string& path) {
  if (EndsWith(path, ".gr")) return GraphFormatOut::kDimacs;
  if (EndsWith(path, ".mtx")) return GraphFormatOut::kMatrixMarket;
  for (const char* ext : {".csv", ".tsv", ".txt", ".el", ".edges"})
    if (EndsWith(path, ext)) return GraphFormatOut::kEdgeList;
  return std::nullopt;
}

Graph WithoutParallelArcs(const Graph& g, DuplicatePolicy duplicates) {
  const std::size_t m = g.edges.size();
  const auto key = [&](std::size_t i) {
    std::uint32_t a = g.edges[i].from, b = g.edges[i].to;
    if (!g.directed && a > b) std::swap(a, b);
    return std::pair<std::uint32_t, std::uint32_t>{a, b};
  };
  const auto weight_less = [&](std::size_t i, std::size_t j) {
    return g.exact_weights.empty() ? g.edges[i].weight < g.edges[j].weight : g.exact_weights[i] < g.exact_weights[j];
  };
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return key(i) < key(j); });
  // Per pair: its first arc's position (the output order) and the arc the rule keeps.
  std::vector<std::pair<std::size_t, std::size_t>> kept;
  for (std::size_t a = 0; a < m;) {
    std::size_t b = a, pick = order[a];
    while (b < m && key(order[b]) == key(order[a])) {
      const std::size_t i = order[b++];
      if (duplicates == DuplicatePolicy::kLast ? i > pick : weight_less(i, pick)) pick = i;
    }
    kept.push_back({order[a], pick});
    a = b;
  }
  std::sort(kept.begin(), kept.end());
  Graph out = g;
  out.edges.clear();
  out.exact_weights.clear();
  for (const auto& [first, pick] : kept) {
    out.edges.push_back(g.edges[pick]);
    if (!g.exact_weights.empty()) out.exact_weights.push_back(g.exact_weights[pick]);
  }
  return out;
}

std::string WriteGraph(const std::string& path, const Graph& input, GraphFormatOut format, DuplicatePolicy duplicates) {
  const Graph g = WithoutParallelArcs(input, duplicates);
  Lines out(path);
  std::string note;
  if (g.edges.size() < input.edges.size())
    note = std::to_string(input.edges.size() - g.edges.size()) + " parallel " + (g.directed ? "arcs" : "edges") +
           " resolved first (" + (duplicates == DuplicatePolicy::kLast ? "the last" : "the least") +
           " of each kept), so the file reads back to the same graph";
  const std::string what = g.directed ? "directed" : "undirected";
  switch (format) {
    case GraphFormatOut::kDimacs: {
      // DIMACS arcs are directed: an undirected edge becomes both arcs.
      const std::size_t arcs = g.edges.size() * (g.directed ? 1 : 2);
      out.Add("c written by gconvert from " + (g.source.empty() ? std::string("a graph") : g.source) + " (" + what +
              ")");
      if (!(g.labels.is_range() && g.labels.base() == 1))
        note += std::string(note.empty() ? "" : "; ") +
                "DIMACS numbers vertices 1..n: the input's labels are replaced by their positions";
      out.Add("p sp " + std::to_string(g.n) + " " + std::to_string(arcs));
      for (std::size_t i = 0; i < g.edges.size(); ++i) {
        const Edge& e = g.edges[i];
        const std::string w = WeightText(g, i);
        out.Add("a " + Id(e.from) + " " + Id(e.to) + " " + w);
        if (!g.directed) out.Add("a " + Id(e.to) + " " + Id(e.from) + " " + w);
      }
      break;
    }
    case GraphFormatOut::kEdgeList: {
      out.Add("# written by gconvert: " + what + (g.directed ? "" : " (read back with --undirected)") +
              ", columns source,target,weight");
      std::vector<bool> seen(g.n, false);
      for (std::size_t i = 0; i < g.edges.size(); ++i) {
        const Edge& e = g.edges[i];
        seen[e.from] = seen[e.to] = true;
        out.Add(CsvField(g.labels.label(e.from)) + "," + CsvField(g.labels.label(e.to)) + "," + WeightText(g, i));
      }
      // An edge list names only vertices with an arc: a vertex with none is
      // kept by a self-loop of length 0, which changes no distance.
      std::size_t isolated = 0;
      for (std::size_t v = 0; v < g.n; ++v)
        if (!seen[v]) {
          const std::string label = CsvField(g.labels.label(v));
          out.Add(label + "," + label + ",0");
          ++isolated;
        }
      if (isolated)
        note += std::string(note.empty() ? "" : "; ") + std::to_string(isolated) +
                " vertices without arcs written as self-loops of length 0, so the file keeps them";
      break;
    }
    case GraphFormatOut::kMatrixMarket: {
      const bool integral = g.integral_weights;
      out.Add(std::string("%%MatrixMarket matrix coordinate ") + (integral ? "integer" : "real") + " " +
              (g.directed ? "general" : "symmetric"));
      out.Add("% written by gconvert; entry (i, j) is the arc i -> j");
      if (!(g.labels.is_range() && g.labels.base() == 1))
        note += std::string(note.empty() ? "" : "; ") +
                "Matrix Market numbers vertices 1..n: the input's labels are replaced by their positions";
      out.Add(std::to_string(g.n) + " " + std::to_string(g.n) + " " + std::to_string(g.edges.size()));
      for (std::size_t i = 0; i < g.edges.size(); ++i) {
        Edge e = g.edges[i];
        if (!g.directed && e.from < e.to) std::swap(e.from, e.to);  // symmetric files store the lower triangle
        out.Add(Id(e.from) + " " + Id(e.to) + " " + WeightText(g, i));
      }
      break;
    }
  }
  out.Commit();
  return note;
}

}  // namespace gdist
