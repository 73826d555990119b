#include "formats/read_graph.hpp"

#include <array>

#include "formats/input_file.hpp"
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

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
}  // namespace

bool ParseInputFormat(std::string_view name, InputFormat* out) {
  for (const auto& f : kNames)
    if (name == f.name) {
      *out = f.format;
      return true;
    }
  return false;
}

const char* InputFormatName(InputFormat f) {
  if (f == InputFormat::kMatrixFile) return "gdm";
  for (const auto& n : kNames)
    if (n.format == f) return n.name;
  return "unknown";
}

InputFormat DetectFormat(const std::string& path) {
  std::string base = path;
  if (EndsWith(base, ".gz")) base.resize(base.size() - 3);
  std::string head = InputFile::Peek(path, 4096);
  if (head.rfind("GDISTMX", 0) == 0) return InputFormat::kMatrixFile;
  if (EndsWith(base, ".gr")) return InputFormat::kDimacs;
  // Content: a DIMACS file opens with c/p lines.
  if (head.rfind("c ", 0) == 0 || head.rfind("p sp", 0) == 0) return InputFormat::kDimacs;
  // Binary content (NUL bytes in the first bytes) with the NTHU size law.
  if (head.find('\0') != std::string::npos) return InputFormat::kNthu;
  throw Error(path + ": cannot tell the format from the name or content; name it with --from " +
              "(dimacs, edgelist, mtx, nthu, orlib, metis)");
}

Graph ReadGraph(const std::string& path, const ReadOptions& options) {
  InputFormat f = options.format == InputFormat::kAuto ? DetectFormat(path) : options.format;
  Graph g;
  switch (f) {
    case InputFormat::kDimacs: g = ReadDimacs(path); break;
    case InputFormat::kNthu: g = ReadNthu(path); break;
    case InputFormat::kMatrixFile:
      throw Error(path + ": is a gdist matrix file, not a graph file");
    default:
      throw Error(path + ": format '" + InputFormatName(f) + "' is not supported yet");
  }
  if (options.undirected) g.directed = false;
  return g;
}

}  // namespace gdist
