#include "formats/places_csv.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <unordered_map>

#include "formats/csv_records.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// The header's columns: which field holds what (nullopt: not in the header).
struct Columns {
  std::optional<std::size_t> name, lat, lon, weight;
};

Columns ReadHeader(const std::vector<std::string_view>& fields, const std::string& path, std::size_t line) {
  Columns c;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string key = AsciiLower(TrimBlanks(fields[i]));
    std::optional<std::size_t>* slot = nullptr;
    if (key == "name") slot = &c.name;
    if (key == "lat" || key == "latitude") slot = &c.lat;
    if (key == "lon" || key == "lng" || key == "longitude") slot = &c.lon;
    if (key == "weight") slot = &c.weight;
    if (!slot) continue;  // other columns (address, notes) are the user's own
    if (slot->has_value())
      throw ParseError(path, line, "expected column '" + key + "' once in the header, got it twice");
    *slot = i;
  }
  if (!c.name || !c.lat || !c.lon)
    throw ParseError(path, line,
                     "expected a header row naming the columns name, lat and lon (weight optional), e.g. "
                     "'name,lat,lon,weight'; got '" +
                         std::string(fields.empty() ? std::string_view() : fields[0]) +
                         (fields.size() > 1 ? ",...'" : "'"));
  return c;
}

double Coordinate(std::string_view cell, double limit, const char* what, const std::string& path, std::size_t line,
                  const std::string& name) {
  double v = 0;
  if (!ParseDouble(TrimBlanks(cell), &v) || !std::isfinite(v) || std::fabs(v) > limit)
    throw ParseError(path, line,
                     std::string("expected the ") + what + " of '" + name + "' in degrees within [-" +
                         std::to_string(int(limit)) + ", " + std::to_string(int(limit)) + "], got '" +
                         std::string(cell) + "'");
  return v;
}

}  // namespace

PlacesFile ReadPlaces(const std::string& path, const InputLimits& limits) {
  InputFile in(path, limits);
  PlacesFile out;
  out.path = in.path();
  std::vector<std::string_view> fields;
  std::optional<Columns> columns;
  std::size_t header_line = 0;
  std::unordered_map<std::string, std::size_t> first_line;  // name -> the line that gave it first
  while (NextCsvRecord(in, &fields)) {
    if (!columns) {
      header_line = in.line_number();
      columns = ReadHeader(fields, in.path(), header_line);
      out.has_weights = columns->weight.has_value();
      continue;
    }
    const std::size_t needed =
        1 + std::max({*columns->name, *columns->lat, *columns->lon, columns->weight.value_or(0)});
    if (fields.size() < needed)
      throw ParseError(in.path(), in.line_number(),
                       "expected " + std::to_string(needed) + " fields (as the header at line " +
                           std::to_string(header_line) + " names them), got " + std::to_string(fields.size()));
    Place p;
    p.line = in.line_number();
    p.name = std::string(fields[*columns->name]);
    if (p.name.empty()) throw ParseError(in.path(), p.line, "expected a place name, got an empty field");
    p.lat = Coordinate(fields[*columns->lat], 90, "latitude", in.path(), p.line, p.name);
    p.lon = Coordinate(fields[*columns->lon], 180, "longitude", in.path(), p.line, p.name);
    if (columns->weight) {
      const std::string_view cell = TrimBlanks(fields[*columns->weight]);
      if (!ParseDouble(cell, &p.weight) || !std::isfinite(p.weight) || p.weight < 0)
        throw ParseError(
            in.path(), p.line,
            "expected the weight of '" + p.name + "' as a finite number >= 0, got '" + std::string(cell) + "'");
    }
    // Reports, tables and maps name places: one name, one place.
    const auto [it, fresh] = first_line.emplace(p.name, p.line);
    if (!fresh)
      throw ParseError(in.path(), p.line,
                       "expected each place name once, got '" + p.name + "' again (first at line " +
                           std::to_string(it->second) + ")");
    out.places.push_back(std::move(p));
  }
  if (!columns) throw ParseError(in.path(), 1, "file is empty; expected a header row 'name,lat,lon[,weight]'");
  if (out.places.empty()) throw ParseError(in.path(), header_line, "expected place rows after the header, found none");
  return out;
}

}  // namespace gdist
