#include "lib/pipeline/sources_file.hpp"

#include <fstream>
#include <unordered_map>

#include "formats/input_file.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// Calls f(label, line) for every listed label: the line's text with the
// surrounding blanks trimmed, blank lines and '#' lines skipped. Read through
// InputFile, so the file is held to the graph files' limits (a line past the
// longest allowed is refused with its number, not read whole; gzip allowed).
template <class F> void ForEachListedLabel(const std::string& path, F&& f) {
  InputFile in(path);
  std::string_view line;
  while (in.NextLine(&line)) {
    const std::size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string_view::npos || line[b] == '#') continue;
    f(std::string(line.substr(b, line.find_last_not_of(" \t\r") - b + 1)), in.line_number());
  }
}

}  // namespace

std::size_t CountSourcesFileLines(const std::string& path) {
  std::size_t count = 0;
  ForEachListedLabel(path, [&](const std::string&, std::size_t) { ++count; });
  return count;
}

std::vector<std::uint32_t> ReadSourcesFile(const std::string& path, const VertexLabels& labels) {
  std::vector<std::uint32_t> out;
  std::unordered_map<std::uint32_t, std::size_t> line_of;  // vertex -> the line that listed it first
  ForEachListedLabel(path, [&](const std::string& label, std::size_t no) {
    const auto v = labels.find(label);
    if (!v)
      throw ParseError(path, no, Quoted(label) + " is not a vertex of the graph; expected one vertex label per line");
    const auto [it, fresh] = line_of.emplace(static_cast<std::uint32_t>(*v), no);
    if (!fresh)
      throw ParseError(
          path, no, "vertex " + Quoted(label) + " is listed twice (first on line " + std::to_string(it->second) + ")");
    out.push_back(static_cast<std::uint32_t>(*v));
  });
  if (out.empty()) throw Error(path + ": lists no vertex; expected one vertex label per line");
  return out;
}

}  // namespace gdist
