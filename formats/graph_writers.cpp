#include "formats/graph_writers.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>

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

std::string WriteGraph(const std::string& path, const Graph& g, GraphFormatOut format) {
  Lines out(path);
  std::string note;
  const std::string what = g.directed ? "directed" : "undirected";
  switch (format) {
    case GraphFormatOut::kDimacs: {
      // DIMACS arcs are directed: an undirected edge becomes both arcs.
      const std::size_t arcs = g.edges.size() * (g.directed ? 1 : 2);
      out.Add("c written by gconvert from " + (g.source.empty() ? std::string("a graph") : g.source) + " (" + what +
              ")");
      if (!(g.labels.is_range() && g.labels.base() == 1))
        note = "DIMACS numbers vertices 1..n: the input's labels are replaced by their positions";
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
      for (std::size_t i = 0; i < g.edges.size(); ++i) {
        const Edge& e = g.edges[i];
        out.Add(CsvField(g.labels.label(e.from)) + "," + CsvField(g.labels.label(e.to)) + "," + WeightText(g, i));
      }
      break;
    }
    case GraphFormatOut::kMatrixMarket: {
      const bool integral = g.integral_weights;
      out.Add(std::string("%%MatrixMarket matrix coordinate ") + (integral ? "integer" : "real") + " " +
              (g.directed ? "general" : "symmetric"));
      out.Add("% written by gconvert; entry (i, j) is the arc i -> j");
      if (!(g.labels.is_range() && g.labels.base() == 1))
        note = "Matrix Market numbers vertices 1..n: the input's labels are replaced by their positions";
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
