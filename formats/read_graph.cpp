// Format names, and ReadGraph: detection (detect_format.cpp) + dispatch to the
// one reader per format (readers.hpp) + the --undirected override.
#include "formats/read_graph.hpp"

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
  OsmReadReport report;
  Graph g = ReadOsm(in, osm, &report);
  if (!Quiet())
    for (const std::string& note : report.Notes())
      std::cerr << program_invocation_short_name << ": note: " << TerminalText(in.path()) << ": " << note << "\n";
  return g;
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
  return g;
}

}  // namespace gdist
