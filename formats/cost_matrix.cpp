#include "formats/cost_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_set>

#include "formats/csv_records.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// Names must be unique on each side: a report or an assignment names them.
void CheckUnique(const std::vector<std::string>& names, const std::string& path, std::size_t line, const char* what) {
  std::unordered_set<std::string> seen;
  for (const std::string& name : names)
    if (!seen.insert(name).second)
      throw ParseError(path, line, std::string("expected each ") + what + " name once, got '" + name + "' twice");
}

}  // namespace

CostMatrix ReadCostMatrix(const std::string& path, const InputLimits& limits) {
  InputFile in(path, limits);
  CostMatrix m;
  std::vector<std::string_view> fields;
  std::size_t header_line = 0;
  std::vector<std::size_t> demand_lines;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  while (NextCsvRecord(in, &fields)) {
    if (header_line == 0) {
      header_line = in.line_number();
      if (fields.size() < 2)
        throw ParseError(in.path(), header_line,
                         "expected a header row: a corner cell, then one name per facility (e.g. ',A,B,C')");
      for (std::size_t f = 1; f < fields.size(); ++f) m.facilities.emplace_back(fields[f]);
      CheckUnique(m.facilities, in.path(), header_line, "facility");
      continue;
    }
    if (fields.size() != m.facilities.size() + 1)
      throw ParseError(in.path(), in.line_number(),
                       "expected a demand name and " + std::to_string(m.facilities.size()) +
                           " costs (one per facility of the header), got " + std::to_string(fields.size()) + " fields");
    m.demands.emplace_back(fields[0]);
    demand_lines.push_back(in.line_number());
    for (std::size_t f = 1; f < fields.size(); ++f) {
      const std::string_view cell = fields[f];
      double v = kInf;  // an empty cell: no service
      std::int64_t exact = CostMatrix::kNoService;
      // Digits below 2^63 are read as an int64; larger ones make the table a float table.
      const bool digits =
          !cell.empty() && cell.find_first_not_of("+0123456789") == std::string_view::npos && ParseInt(cell, &exact);
      if (!cell.empty() && (!ParseDouble(cell, &v) || std::isnan(v) || v < 0))
        throw ParseError(in.path(), in.line_number(),
                         "expected a cost >= 0 (or empty / inf: no service) for facility '" + m.facilities[f - 1] +
                             "', got '" + std::string(cell) + "'");
      // A whole number written otherwise (1e3, 5.0) is exact only below 2^53.
      if (!digits && std::isfinite(v)) {
        if (v != std::floor(v) || v >= 0x1p53) m.integral = false;
        else exact = static_cast<std::int64_t>(v);
      }
      m.cost.push_back(v);
      m.whole.push_back(exact);
    }
  }
  if (header_line == 0) throw ParseError(in.path(), 1, "file is empty; expected a header row of facility names");
  if (m.demands.empty()) throw ParseError(in.path(), header_line, "expected demand rows after the header, found none");
  CheckUnique(m.demands, in.path(), demand_lines.back(), "demand");
  if (!m.integral) m.whole.clear();
  return m;
}

std::int64_t CostMatrix::LargestWhole() const {
  std::int64_t most = kNoService;
  for (std::int64_t c : whole) most = std::max(most, c);
  return most;
}

}  // namespace gdist
