#include "formats/coordinates.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>

#include "formats/input_file.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"

namespace gdist {

Coordinates ReadCoordinates(const std::string& path, const VertexLabels& labels) {
  Coordinates c;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  c.xy.assign(labels.size(), {nan, nan});
  std::vector<std::size_t> line_of(labels.size(), 0);  // the line that placed each vertex, 0: none yet
  InputFile in(path);
  std::string_view line;
  std::string_view f[5];
  bool first = true;
  while (in.NextLine(&line)) {
    const std::size_t k = SplitFields(line, f, 4);
    if (k == kBadQuote)
      throw ParseError(path, in.line_number(), "expected a quoted field to end with '\"' before the next separator");
    if (k == 0 || f[0].starts_with('#') || f[0] == "c" || f[0] == "p") continue;  // blank, comment, DIMACS header
    std::size_t at = 0;
    if (f[0] == "v") {  // DIMACS: v ID X Y, coordinates in millionths of degrees
      c.geographic = true;
      at = 1;
    }
    if (k != at + 3) throw ParseError(path, in.line_number(), "expected 'label x y' (or DIMACS 'v id x y')");
    double x, y;
    if (!ParseDouble(f[at + 1], &x) || !ParseDouble(f[at + 2], &y) || !std::isfinite(x) || !std::isfinite(y)) {
      if (first) {  // a header line such as "vertex,x,y"
        first = false;
        continue;
      }
      throw ParseError(path, in.line_number(),
                       "coordinates " + Quoted(f[at + 1]) + " " + Quoted(f[at + 2]) + " are not finite numbers");
    }
    first = false;
    const auto v = labels.find(f[at]);
    if (!v) throw ParseError(path, in.line_number(), "vertex " + Quoted(f[at]) + " is not in the graph");
    // Listed twice: which place wins would be silent, so neither does.
    if (line_of[*v] != 0)
      throw ParseError(
          path, in.line_number(),
          "vertex " + Quoted(f[at]) + " is listed twice (first on line " + std::to_string(line_of[*v]) + ")");
    line_of[*v] = in.line_number();
    c.xy[*v] = {x, y};
  }
  for (const auto& p : c.xy) c.missing += std::isnan(p.first);
  return c;
}

std::optional<std::string> CompanionCoordinates(const std::string& graph_path) {
  std::string base = graph_path;
  for (const char* ext : {".gz", ".gr"})
    if (base.size() > std::strlen(ext) && base.compare(base.size() - std::strlen(ext), std::string::npos, ext) == 0)
      base.resize(base.size() - std::strlen(ext));
  for (const char* ext : {".co", ".co.gz"}) {
    std::error_code ec;
    if (base + ext != graph_path && std::filesystem::is_regular_file(base + ext, ec)) return base + ext;
  }
  return std::nullopt;
}

std::string CoordinatesPathBeside(const std::string& graph_path) {
  std::string base = graph_path;
  if (base.size() > 3 && base.compare(base.size() - 3, 3, ".gr") == 0) base.resize(base.size() - 3);
  return base + ".co";
}

namespace {

// Degrees -> millionths of degrees, exact on OpenStreetMap's 1e-7 degree grid.
std::string Microdegrees(double degrees) {
  const long long tenths = std::llround(degrees * 1e7);
  const long long magnitude = tenths < 0 ? -tenths : tenths;
  char text[32];
  const int digit = static_cast<int>(magnitude % 10);
  if (digit != 0) std::snprintf(text, sizeof text, "%s%lld.%d", tenths < 0 ? "-" : "", magnitude / 10, digit);
  else std::snprintf(text, sizeof text, "%s%lld", tenths < 0 ? "-" : "", magnitude / 10);
  return text;
}

}  // namespace

void WriteDimacsCoordinates(const std::string& path, const Graph& g) {
  if (g.lon_lat.size() != g.n) throw Error(path + ": internal error: the graph has no coordinates for every vertex");
  std::string text = "c longitude and latitude of each vertex in millionths of degrees\n";
  text += "p aux sp co " + std::to_string(g.n) + "\n";
  for (std::size_t v = 0; v < g.n; ++v)
    text += "v " + std::to_string(v + 1) + " " + Microdegrees(g.lon_lat[v].first) + " " +
            Microdegrees(g.lon_lat[v].second) + "\n";
  WriteTextFile(path, text);
}

}  // namespace gdist
