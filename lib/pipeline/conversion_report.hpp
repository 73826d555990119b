// What gconvert wrote, as its --json prints it: one key set for every output
// (a matrix file, a graph file, a hierarchy, NumPy; docs/schema/gconvert.schema.json),
// null where a key does not apply.
#pragma once
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "lib/util/json_writer.hpp"
#include "lib/util/report_number.hpp"

namespace gdist {

struct ConversionReport {
  ConversionReport(std::string out, std::string fmt, std::size_t vertices, bool is_directed)
      : output(std::move(out)), format(std::move(fmt)), n(vertices), directed(is_directed) {}
  std::string output, format;  // format: gdm, npy, npz, gr, edgelist, mtx, ch
  std::size_t n = 0;
  bool directed = false;
  std::optional<std::string> element_type;  // a matrix or a hierarchy
  std::optional<std::size_t> stride;        // a .gdm
  int decimal_digits = 0;                   // exact decimals (0: none, null)
  std::optional<std::size_t> arcs;          // a graph file
  std::optional<std::string> coordinates;   // the .co beside a DIMACS file of an OpenStreetMap graph
  std::optional<std::string> note;          // a graph file's renumbering
  std::optional<std::size_t> levels, shortcuts;
  std::optional<double> read_s, contract_s;  // a hierarchy
};

inline void WriteConversionJson(std::ostream& out, const ConversionReport& r) {
  JsonWriter w(out);
  const auto count = [&](const char* key, std::optional<std::size_t> v) {
    w.Key(key);
    if (v) w.Number(static_cast<double>(*v));
    else w.Null();
  };
  const auto text = [&](const char* key, const std::optional<std::string>& v) {
    w.Key(key);
    if (v) w.Str(*v);
    else w.Null();
  };
  const auto seconds = [&](const char* key, std::optional<double> v) {
    w.Key(key);
    if (v) w.Number(MeasuredSeconds(*v));
    else w.Null();
  };
  w.BeginObject();
  w.Key("output").Str(r.output).Key("format").Str(r.format);
  w.Key("n").Number(static_cast<double>(r.n)).Key("directed").Bool(r.directed);
  text("element_type", r.element_type);
  count("stride", r.stride);
  count("decimal_digits", r.decimal_digits > 0 ? std::optional<std::size_t>(r.decimal_digits) : std::nullopt);
  count("arcs", r.arcs);
  text("coordinates", r.coordinates);
  text("note", r.note);
  count("levels", r.levels);
  count("shortcuts", r.shortcuts);
  seconds("read_s", r.read_s);
  seconds("contract_s", r.contract_s);
  w.EndObject();
  out << "\n";
}

}  // namespace gdist
