#include "lib/pipeline/sources_file.hpp"

#include <fstream>
#include <unordered_map>

#include "lib/util/error.hpp"

namespace gdist {

std::vector<std::uint32_t> ReadSourcesFile(const std::string& path, const VertexLabels& labels) {
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot open");
  std::vector<std::uint32_t> out;
  std::unordered_map<std::uint32_t, std::size_t> line_of;  // vertex -> the line that listed it first
  std::string line;
  for (std::size_t no = 1; std::getline(in, line); ++no) {
    const std::size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    const std::string label = line.substr(b, line.find_last_not_of(" \t\r") - b + 1);
    const auto v = labels.find(label);
    if (!v)
      throw ParseError(path, no, "'" + label + "' is not a vertex of the graph; expected one vertex label per line");
    const auto [it, fresh] = line_of.emplace(static_cast<std::uint32_t>(*v), no);
    if (!fresh)
      throw ParseError(path, no,
                       "vertex '" + label + "' is listed twice (first on line " + std::to_string(it->second) + ")");
    out.push_back(static_cast<std::uint32_t>(*v));
  }
  if (in.bad()) throw Error(path + ": read error");
  if (out.empty()) throw Error(path + ": lists no vertex; expected one vertex label per line");
  return out;
}

}  // namespace gdist
