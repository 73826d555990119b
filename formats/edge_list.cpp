// Edge lists as SNAP, KONECT, NetworkX and spreadsheets write them:
//   # comment            % comment (KONECT)
//   source,target,weight (optional header, only when clearly not data)
//   u v [w]              separated by spaces, tabs or commas (decided per line)
// Ids are arbitrary: integers (sparse, negative, up to 64 bits) or names.
// Vertices are numbered in order of first appearance, and the original ids
// are kept as labels; when the ids are exactly 0..n-1 or 1..n the vertex
// index is the id itself and the labels are stored as a range.
// Directed unless the caller asks for --undirected (SNAP stores undirected
// graphs with both directions listed, so directed is the faithful reading).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <optional>
#include <unordered_map>

#include "formats/id_map.hpp"
#include "formats/input_file.hpp"
#include "formats/readers.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

constexpr std::size_t kMaxVertices = 0xFFFFFFFEu;  // indices are uint32

// Ids seen so far. Integers in canonical decimal take the fast path
// (IntIdMap); the first id that is not (a name, or "007", "+7") switches every
// id to text keys, each matched as spelled: "007" and "7" are two vertices.
class VertexIds {
 public:
  bool by_name() const { return by_name_active_; }
  void Prefetch(std::int64_t id) const { ints_.Prefetch(id); }
  // Index of an integer id while no name has been seen.
  std::uint32_t IntIndex(std::int64_t id) { return ints_.FindOrInsert(id); }

  std::uint32_t Index(std::string_view tok) {
    std::int64_t v;
    if (!by_name_active_) {
      if (ParseCanonicalInt(tok, &v)) return ints_.FindOrInsert(v);
      SwitchToNames();
    }
    return NameIndex(tok);
  }

  std::size_t size() const { return by_name_active_ ? names_.size() : ints_.size(); }

  // Final labels; renumbers the edges when the ids form the range 0..n-1 or 1..n.
  VertexLabels TakeLabels(std::vector<Edge>* edges) {
    if (by_name_active_) return VertexLabels::FromStrings(std::vector<std::string>(names_.begin(), names_.end()));
    const std::vector<std::int64_t>& ids = ints_.ids();
    if (ids.empty()) return VertexLabels::Range(0, 0);
    auto [lo, hi] = std::minmax_element(ids.begin(), ids.end());
    const std::int64_t base = *lo;
    // hi - lo cannot overflow here: a range of n ids starts at 0 or 1.
    if ((base == 0 || base == 1) && static_cast<std::uint64_t>(*hi - base) == ids.size() - 1) {
      for (Edge& e : *edges) {
        e.from = static_cast<std::uint32_t>(ids[e.from] - base);
        e.to = static_cast<std::uint32_t>(ids[e.to] - base);
      }
      return VertexLabels::Range(ids.size(), base);
    }
    std::vector<std::string> labels;
    labels.reserve(ids.size());
    for (std::int64_t id : ids) labels.push_back(std::to_string(id));
    return VertexLabels::FromStrings(std::move(labels));
  }

 private:
  void SwitchToNames() {
    by_name_active_ = true;
    for (std::int64_t id : ints_.ids()) NameIndex(std::to_string(id));
  }

  std::uint32_t NameIndex(std::string_view key) {
    auto it = by_name_.find(key);
    if (it != by_name_.end()) return it->second;
    const auto index = static_cast<std::uint32_t>(names_.size());
    names_.emplace_back(key);  // a deque never moves its elements: the view below stays valid
    by_name_.emplace(names_.back(), index);
    return index;
  }

  bool by_name_active_ = false;
  IntIdMap ints_;
  std::deque<std::string> names_;
  std::unordered_map<std::string_view, std::uint32_t> by_name_;
};

bool IsNumber(std::string_view tok) {
  double d;
  return ParseDouble(tok, &d);
}

bool IsInteger(std::string_view tok) {
  std::int64_t v;
  return ParseInt(tok, &v);
}

// Column names that tools put in a header line. A first line of only such
// words is a header even when the ids in the file are names too.
bool IsHeaderWord(std::string_view tok) {
  static constexpr std::string_view kWords[] = {
      "source", "target",   "src",   "dst",  "from",      "to",      "u",          "v",        "i",
      "j",      "node1",    "node2", "head", "tail",      "weight",  "w",          "cost",     "length",
      "dist",   "distance", "id1",   "id2",  "from_node", "to_node", "fromnodeid", "tonodeid", "value"};
  std::string lower(tok);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view w : kWords)
    if (lower == w) return true;
  return false;
}

struct PendingLine {  // the first data line while we cannot yet tell header from data
  std::string fields[3];
  std::size_t count = 0;
  std::size_t line = 0;
};

class EdgeListParser {
 public:
  explicit EdgeListParser(const std::string& path) : path_(path) {}

  void AddEdge(const std::string_view* f, std::size_t count, std::size_t line) {
    if (columns_ == 0) {
      columns_ = count;
      columns_line_ = line;
    } else if (count != columns_) {
      throw ParseError(path_, line,
                       "expected " + std::to_string(columns_) + " fields as on line " + std::to_string(columns_line_) +
                           " ('source target" + (columns_ == 3 ? " weight'" : "'") + "), got " + std::to_string(count));
    }
    if (f[0].empty() || f[1].empty()) throw ParseError(path_, line, "expected a vertex id, got an empty field");
    Weight w;
    if (count == 3 && !ParseWeightAt(f[2], &w, path_, line))
      throw ParseError(path_, line, "expected a finite number in the weight column, got " + Quoted(f[2]));
    std::int64_t a, b;
    if (!ids_.by_name() && ParseCanonicalInt(f[0], &a) && ParseCanonicalInt(f[1], &b)) {
      batch_.push_back({a, b, w, line});
      if (batch_.size() == kBatch) Flush(line);
      return;
    }
    Flush(line);  // keeps first-appearance order when the ids turn into names
    const std::uint32_t u = ids_.Index(f[0]);
    const std::uint32_t v = ids_.Index(f[1]);
    if (ids_.size() > kMaxVertices) throw ParseError(path_, line, "more than 2^32-2 distinct vertex ids");
    graph_.AddEdge(u, v, w, line);
  }

  // Resolves the batched integer ids: prefetch every slot first, then look
  // them up in file order (so the numbering is the same as one at a time).
  void Flush(std::size_t line) {
    for (const RawEdge& r : batch_) {
      ids_.Prefetch(r.from);
      ids_.Prefetch(r.to);
    }
    for (const RawEdge& r : batch_) {
      const std::uint32_t u = ids_.IntIndex(r.from);
      const std::uint32_t v = ids_.IntIndex(r.to);
      graph_.AddEdge(u, v, r.weight, r.line);
    }
    batch_.clear();
    if (ids_.size() > kMaxVertices) throw ParseError(path_, line, "more than 2^32-2 distinct vertex ids");
  }

  void AddPending(const PendingLine& p) {
    std::string_view f[3] = {p.fields[0], p.fields[1], p.fields[2]};
    AddEdge(f, p.count, p.line);
  }

  Graph Finish(std::size_t line) {
    Flush(line);
    graph_.format_name = "edgelist";
    graph_.source = path_;
    graph_.directed = true;
    graph_.labels = ids_.TakeLabels(&graph_.edges);
    graph_.n = graph_.labels.size();
    return std::move(graph_);
  }

  bool empty() const { return graph_.edges.empty() && batch_.empty(); }
  void MarkHeaderUndirected() { graph_.header_says_undirected = true; }

 private:
  const std::string& path_;
  Graph graph_;
  struct RawEdge {
    std::int64_t from, to;
    Weight weight;
    std::size_t line;
  };
  static constexpr std::size_t kBatch = 256;

  VertexIds ids_;
  std::vector<RawEdge> batch_;
  std::size_t columns_ = 0, columns_line_ = 0;
};

// A header comment naming the graph undirected: SNAP's "# Undirected graph: ..."
// or KONECT's first line "% sym ..." (its directed files say "% asym").
bool HeaderSaysUndirected(std::string_view comment) {
  std::string lower(comment);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.find("undirected") != std::string::npos) return true;
  return lower.rfind("% sym", 0) == 0 && (lower.size() == 5 || lower[5] == ' ' || lower[5] == '\t');
}

}  // namespace

Graph ReadEdgeList(InputFile& in) {
  const std::string& path = in.path();
  EdgeListParser parser(path);
  bool seen_data = false;
  std::optional<PendingLine> pending;
  std::string_view line;
  std::string_view f[3];
  while (in.NextLine(&line)) {
    std::string_view t = TrimBlanks(line);
    if (t.empty()) continue;
    if (t.front() == '#' || t.front() == '%') {
      if (!seen_data && HeaderSaysUndirected(t)) parser.MarkHeaderUndirected();
      continue;
    }
    const std::size_t count = SplitFields(t, f, 3);
    if (count == kBadQuote)
      throw ParseError(path, in.line_number(),
                       "expected a quoted field to end with '\"' before the next separator (RFC 4180: \"a, \"\"b\"\"\" "
                       "is the text a, \"b\"; a field cannot span lines)");
    if (count < 2 || count > 3)
      throw ParseError(path, in.line_number(),
                       "expected 'source target [weight]' (2 or 3 fields separated by spaces, tabs or commas), got " +
                           (count > 3 ? std::string("more than 3") : std::to_string(count)) + " field(s)");
    if (!seen_data) {
      seen_data = true;
      // A header is only possible on the first data line, and only when no
      // field is a number ("source,target,weight", "from to").
      if (std::none_of(f, f + count, IsNumber)) {
        pending.emplace();
        for (std::size_t i = 0; i < count; ++i) pending->fields[i] = std::string(f[i]);
        pending->count = count;
        pending->line = in.line_number();
        continue;
      }
    } else if (pending) {
      // Decide with the second data line: the first was a header when it had
      // a non-numeric weight column, only header words, or integer ids follow.
      const bool header = pending->count == 3 ||
                          std::all_of(pending->fields, pending->fields + pending->count,
                                      [](const std::string& s) { return IsHeaderWord(s); }) ||
                          (IsInteger(f[0]) && IsInteger(f[1]));
      if (!header) parser.AddPending(*pending);
      pending.reset();
    }
    parser.AddEdge(f, count, in.line_number());
  }
  if (pending && pending->count == 2 &&
      !std::all_of(pending->fields, pending->fields + 2, [](const std::string& s) { return IsHeaderWord(s); }))
    parser.AddPending(*pending);  // a one-edge file of names
  if (parser.empty())
    throw ParseError(path, std::max<std::size_t>(in.line_number(), 1),
                     in.line_number() == 0 ? "file is empty; expected edge lines 'source target [weight]'"
                                           : "expected at least one edge line 'source target [weight]', found none");
  return parser.Finish(in.line_number());
}

}  // namespace gdist
