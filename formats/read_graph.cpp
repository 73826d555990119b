// Format names, and ReadGraph: detection (detect_format.cpp) + dispatch to the
// one reader per format (readers.hpp) + the --undirected override.
#include "formats/read_graph.hpp"

#include <array>

#include "formats/readers.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {
struct FormatName {
  InputFormat format;
  const char* name;
};
constexpr std::array<FormatName, 7> kNames{{{InputFormat::kAuto, "auto"},
                                            {InputFormat::kDimacs, "dimacs"},
                                            {InputFormat::kEdgeList, "edgelist"},
                                            {InputFormat::kMatrixMarket, "mtx"},
                                            {InputFormat::kNthu, "nthu"},
                                            {InputFormat::kOrlib, "orlib"},
                                            {InputFormat::kMetis, "metis"}}};
}  // namespace

// Other names people use for the same formats; InputFormatName gives the canonical one.
constexpr std::array<FormatName, 11> kAliases{{{InputFormat::kDimacs, "gr"},
                                               {InputFormat::kDimacs, "pace"},
                                               {InputFormat::kEdgeList, "snap"},
                                               {InputFormat::kEdgeList, "csv"},
                                               {InputFormat::kEdgeList, "tsv"},
                                               {InputFormat::kEdgeList, "el"},
                                               {InputFormat::kMatrixMarket, "matrixmarket"},
                                               {InputFormat::kOrlib, "pmed"},
                                               {InputFormat::kMetis, "graph"},
                                               {InputFormat::kMetis, "chaco"},
                                               {InputFormat::kNthu, "nthu-bin"}}};

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

Graph ReadGraph(const std::string& path, const ReadOptions& options) {
  InputFile in(path, options.limits);  // opened once: pipes and "-" cannot be re-opened
  InputFormat f = options.format == InputFormat::kAuto ? DetectFormat(in) : options.format;
  Graph g;
  switch (f) {
    case InputFormat::kDimacs: g = ReadDimacs(in); break;
    case InputFormat::kEdgeList: g = ReadEdgeList(in); break;
    case InputFormat::kMatrixMarket: g = ReadMatrixMarket(in); break;
    case InputFormat::kNthu: g = ReadNthu(in); break;
    case InputFormat::kOrlib: g = ReadOrlib(in); break;
    case InputFormat::kMetis: g = ReadMetis(in); break;
    case InputFormat::kMatrixFile: throw Error(in.path() + ": is a gdist matrix file, not a graph file");
    case InputFormat::kAuto: throw Error(in.path() + ": internal error: format still unknown after detection");
  }
  if (options.undirected) g.directed = false;
  return g;
}

}  // namespace gdist
