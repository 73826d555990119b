// Format names, and ReadGraph: detection (detect_format.cpp) + dispatch to the
// one reader per format (readers.hpp) + the --undirected override.
#include "formats/read_graph.hpp"

#include <algorithm>
#include <array>
#include <cerrno>  // program_invocation_short_name
#include <iostream>

#include "formats/osm_roads.hpp"
#include "formats/readers.hpp"
#include "lib/util/error.hpp"
#include "lib/util/progress.hpp"
#include "lib/util/terminal_text.hpp"

namespace gdist {

namespace {
struct FormatName {
  InputFormat format;
  const char* name;
};
constexpr std::array<FormatName, 8> kNames{{{InputFormat::kAuto, "auto"},
                                            {InputFormat::kDimacs, "dimacs"},
                                            {InputFormat::kEdgeList, "edgelist"},
                                            {InputFormat::kMatrixMarket, "mtx"},
                                            {InputFormat::kNthu, "nthu"},
                                            {InputFormat::kOrlib, "orlib"},
                                            {InputFormat::kMetis, "metis"},
                                            {InputFormat::kOsm, "osm"}}};
}  // namespace

// Other names people use for the same formats; InputFormatName gives the canonical one.
constexpr std::array<FormatName, 12> kAliases{{{InputFormat::kDimacs, "gr"},
                                               {InputFormat::kDimacs, "pace"},
                                               {InputFormat::kEdgeList, "snap"},
                                               {InputFormat::kEdgeList, "csv"},
                                               {InputFormat::kEdgeList, "tsv"},
                                               {InputFormat::kEdgeList, "el"},
                                               {InputFormat::kMatrixMarket, "matrixmarket"},
                                               {InputFormat::kOrlib, "pmed"},
                                               {InputFormat::kMetis, "graph"},
                                               {InputFormat::kMetis, "chaco"},
                                               {InputFormat::kNthu, "nthu-bin"},
                                               {InputFormat::kOsm, "pbf"}}};

bool ParseInputFormat(std::string_view name, InputFormat* out) {
  for (const auto* table : {kNames.data(), kAliases.data()}) {
    const std::size_t size = table == kNames.data() ? kNames.size() : kAliases.size();
    for (std::size_t i = 0; i < size; ++i)
      if (name == table[i].name) {
        *out = table[i].format;
        return true;
      }
  }
  return false;
}

const char* InputFormatName(InputFormat f) {
  if (f == InputFormat::kMatrixFile) return "gdm";
  for (const auto& n : kNames)
    if (n.format == f) return n.name;
  return "unknown";
}

namespace {

// OpenStreetMap: the profile's road graph, with what was skipped told on
// stderr (program: note: file: what) unless -q.
Graph ReadOsmRoads(InputFile& in, const ReadOptions& options) {
  OsmOptions osm;
  if (options.osm_profile) osm.profile = *options.osm_profile;
  if (options.osm_weight) osm.weight = *options.osm_weight;
  osm.keep_arc_shapes = options.keep_arc_shapes;
  OsmReadReport report;
  Graph g = ReadOsm(in, osm, &report);
  if (!Quiet())
    for (const std::string& note : report.Notes())
      std::cerr << program_invocation_short_name << ": note: " << TerminalText(in.path()) << ": " << note << "\n";
  return g;
}

// Directed inputs of the formats that are directed by default, told once when
// they look undirected: the header says so, or no arc has its reverse (a list
// of two-way roads written once each, which read as one-way arcs leaves most
// pairs unreachable). Graphs of a few arcs, and those with some reverse arc,
// pass silently.
std::string DirectionNote(const Graph& g) {
  if (g.header_says_undirected)
    return "its header says the graph is undirected, but an edge list is read as directed (each line one arc); "
           "--undirected reads every edge as both arcs";
  std::vector<std::uint64_t> arcs;
  arcs.reserve(g.edges.size());
  for (const Edge& e : g.edges)
    if (e.from != e.to) arcs.push_back(std::uint64_t{e.from} << 32 | e.to);
  if (arcs.size() < 2) return {};
  // Most graphs with reverse arcs have the first arcs' reverses: one pass finds them.
  std::vector<std::uint64_t> first(arcs.begin(), arcs.begin() + std::min<std::size_t>(arcs.size(), 64));
  std::sort(first.begin(), first.end());
  for (std::uint64_t a : arcs)
    if (std::binary_search(first.begin(), first.end(), a << 32 | a >> 32)) return {};
  std::sort(arcs.begin(), arcs.end());
  for (std::uint64_t a : arcs)
    if (std::binary_search(arcs.begin(), arcs.end(), a << 32 | a >> 32)) return {};
  return "no arc has its reverse: read as directed, " + std::to_string(arcs.size()) +
         " one-way arcs; if each edge is two-way (roads, friendships), --undirected reads it as both arcs";
}

}  // namespace

Graph ReadGraph(const std::string& path, const ReadOptions& options) {
  InputFile in(path, options.limits);  // opened once: pipes and "-" cannot be re-opened
  InputFormat f = options.format == InputFormat::kAuto ? DetectFormat(in) : options.format;
  if (f != InputFormat::kOsm && f != InputFormat::kMatrixFile && (options.osm_profile || options.osm_weight))
    throw Error(in.path() + ": a road profile and weight apply to OpenStreetMap input only; this is a " +
                InputFormatName(f) + " file");
  Graph g;
  switch (f) {
    case InputFormat::kDimacs: g = ReadDimacs(in); break;
    case InputFormat::kEdgeList: g = ReadEdgeList(in); break;
    case InputFormat::kMatrixMarket: g = ReadMatrixMarket(in); break;
    case InputFormat::kNthu: g = ReadNthu(in); break;
    case InputFormat::kOrlib: g = ReadOrlib(in); break;
    case InputFormat::kMetis: g = ReadMetis(in); break;
    case InputFormat::kOsm: g = ReadOsmRoads(in, options); break;
    case InputFormat::kMatrixFile: throw Error(in.path() + ": is a gdist matrix file, not a graph file");
    case InputFormat::kAuto: throw Error(in.path() + ": internal error: format still unknown after detection");
  }
  if (options.undirected) g.directed = false;
  const bool directed_by_default =
      f == InputFormat::kEdgeList || f == InputFormat::kDimacs || f == InputFormat::kMatrixMarket;
  if (g.directed && directed_by_default && !Quiet())
    if (const std::string note = DirectionNote(g); !note.empty())
      std::cerr << program_invocation_short_name << ": note: " << TerminalText(in.path()) << ": " << note << "\n";
  return g;
}

}  // namespace gdist
