#include "lib/matrix/matrix_export.hpp"

#include <charconv>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "lib/core/decimal_scale.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/matrix/npz_file.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/csv_field.hpp"

namespace gdist {
namespace {

template <class T> const char* NpyDescr() {
  if constexpr (std::is_same_v<T, std::int32_t>) return "<i4";
  else if constexpr (std::is_same_v<T, std::int64_t>) return "<i8";
  else if constexpr (std::is_same_v<T, float>) return "<f4";
  else return "<f8";
}

// A value as float64: the nearest double of the true value (of an exact
// decimal's too), inf for no path.
template <class T> double AsDouble(T v, int decimal_scale) {
  if (v >= ElementTraits<T>::kInf) return std::numeric_limits<double>::infinity();
  if constexpr (std::is_integral_v<T>)
    if (decimal_scale > 0) return DecimalScale{decimal_scale}.ToDouble(static_cast<Int128>(v));
  return static_cast<double>(v);
}

// Shortest text that reads back to the same value; "inf" for no path.
template <class T> void AppendValue(std::string& out, T v, int decimal_scale) {
  if (v >= ElementTraits<T>::kInf) {
    out += "inf";
    return;
  }
  if constexpr (std::is_integral_v<T>) {
    if (decimal_scale > 0) {
      out += DecimalScale{decimal_scale}.Text(v);
      return;
    }
  }
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

}  // namespace

std::string NpyHeaderOf(const std::string& descr, const std::vector<std::size_t>& shape) {
  std::string dict = "{'descr': '";
  dict.append(descr).append("', 'fortran_order': False, 'shape': (");
  for (std::size_t k = 0; k < shape.size(); ++k) dict.append(k ? ", " : "").append(std::to_string(shape[k]));
  dict.append(shape.size() == 1 ? ",), }" : "), }");
  // Magic (6) + version (2) + header length (2) + dict + padding + '\n', a multiple of 64.
  const std::size_t unpadded = 10 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict += '\n';
  std::string h = "\x93NUMPY";
  h += char(1);
  h += char(0);
  h += char(dict.size() & 0xff);
  h += char(dict.size() >> 8);
  return h + dict;
}

template <class T> std::string NpyHeader(std::size_t rows, std::size_t cols) {
  return NpyHeaderOf(NpyDescr<T>(), {rows, cols});
}

namespace {

// float64 out: asked for, or exact decimals held as scaled integers.
template <class T> bool WritesDouble(NpyValues values) {
  return values.as_float || (values.decimal_scale > 0 && std::is_integral_v<T>);
}

// A rows x cols table as .npy bytes, header then row after row, to `write`.
template <class T, class Write>
void StreamNpy(const T* data, std::size_t rows, std::size_t cols, std::size_t stride, NpyValues values, Write&& write) {
  const bool as_double = WritesDouble<T>(values);
  const std::string header = as_double ? NpyHeader<double>(rows, cols) : NpyHeader<T>(rows, cols);
  write(header.data(), header.size());
  if (!as_double) {
    for (std::size_t i = 0; i < rows; ++i) write(data + i * stride, cols * sizeof(T));
    return;
  }
  std::vector<double> row(cols);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) row[j] = AsDouble(data[i * stride + j], values.decimal_scale);
    write(row.data(), row.size() * sizeof(double));
  }
}

template <class T> std::uint64_t NpyBytes(std::size_t rows, std::size_t cols, NpyValues values) {
  const bool as_double = WritesDouble<T>(values);
  return (as_double ? NpyHeader<double>(rows, cols).size() : NpyHeader<T>(rows, cols).size()) +
         std::uint64_t{rows} * cols * (as_double ? sizeof(double) : sizeof(T));
}

}  // namespace

template <class T> void WriteNpyTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols,
                                      std::size_t stride, NpyValues values) {
  AtomicFile out(path);
  out.ShowProgress(NpyBytes<T>(rows, cols, values));
  StreamNpy(data, rows, cols, stride, values, [&](const void* p, std::size_t bytes) { out.Write(p, bytes); });
  out.Commit();
}

template <class T> void WriteNpzTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols,
                                      std::size_t stride, const std::vector<std::string>& row_labels,
                                      const std::vector<std::string>& col_labels, NpyValues values) {
  NpzWriter out(path);
  out.BeginMember("dist", NpyBytes<T>(rows, cols, values));
  StreamNpy(data, rows, cols, stride, values, [&](const void* p, std::size_t bytes) { out.Write(p, bytes); });
  const std::string labels = NpyStrings(col_labels);
  out.BeginMember("labels", labels.size());
  out.Write(labels.data(), labels.size());
  if (&row_labels != &col_labels) {
    const std::string rows_npy = NpyStrings(row_labels);
    out.BeginMember("row_labels", rows_npy.size());
    out.Write(rows_npy.data(), rows_npy.size());
  }
  out.Commit();
}

template <class T> void WriteCsvTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols,
                                      std::size_t stride, const std::function<std::string(std::size_t)>& row_label,
                                      const std::function<std::string(std::size_t)>& col_label, int decimal_scale) {
  AtomicFile out(path);
  out.ShowProgress(rows * cols * 2, /*exact=*/false);  // a digit and a comma at least
  std::string line = "vertex";
  for (std::size_t j = 0; j < cols; ++j) line.append(",").append(CsvField(col_label(j)));
  line += '\n';
  out.Write(line.data(), line.size());
  for (std::size_t i = 0; i < rows; ++i) {
    line = CsvField(row_label(i));
    const T* row = data + i * stride;
    for (std::size_t j = 0; j < cols; ++j) {
      line += ',';
      AppendValue(line, row[j], decimal_scale);
    }
    line += '\n';
    out.Write(line.data(), line.size());
  }
  out.Commit();
}

template <class T> void WriteNpy(const std::string& path, const MatrixView<T>& d, NpyValues values) {
  WriteNpyTable(path, d.data, d.n, d.n, d.stride, values);
}

template <class T>
void WriteNpz(const std::string& path, const MatrixView<T>& d, const VertexLabels& labels, NpyValues values) {
  std::vector<std::string> names(d.n);
  for (std::size_t v = 0; v < d.n; ++v) names[v] = labels.label(v);
  WriteNpzTable(path, d.data, d.n, d.n, d.stride, names, names, values);
}

template <class T>
void WriteCsvMatrix(const std::string& path, const MatrixView<T>& d, const VertexLabels& labels, int decimal_scale) {
  const auto label = [&](std::size_t v) { return labels.label(v); };
  WriteCsvTable<T>(path, d.data, d.n, d.n, d.stride, label, label, decimal_scale);
}

#define GDIST_EXPORT_INSTANTIATE(T)                                                                               \
  template std::string NpyHeader<T>(std::size_t, std::size_t);                                                    \
  template void WriteNpy<T>(const std::string&, const MatrixView<T>&, NpyValues);                                 \
  template void WriteNpz<T>(const std::string&, const MatrixView<T>&, const VertexLabels&, NpyValues);            \
  template void WriteCsvMatrix<T>(const std::string&, const MatrixView<T>&, const VertexLabels&, int);            \
  template void WriteNpyTable<T>(const std::string&, const T*, std::size_t, std::size_t, std::size_t, NpyValues); \
  template void WriteNpzTable<T>(const std::string&, const T*, std::size_t, std::size_t, std::size_t,             \
                                 const std::vector<std::string>&, const std::vector<std::string>&, NpyValues);    \
  template void WriteCsvTable<T>(const std::string&, const T*, std::size_t, std::size_t, std::size_t,             \
                                 const std::function<std::string(std::size_t)>&,                                  \
                                 const std::function<std::string(std::size_t)>&, int);
GDIST_FOR_EACH_ELEMENT(GDIST_EXPORT_INSTANTIATE)
#undef GDIST_EXPORT_INSTANTIATE

}  // namespace gdist
