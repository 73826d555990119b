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

template <class T> std::string NpyHeader(std::size_t rows, std::size_t cols) {
  std::string dict = "{'descr': '";
  dict.append(NpyDescr<T>()).append("', 'fortran_order': False, 'shape': (").append(std::to_string(rows));
  dict.append(", ").append(std::to_string(cols)).append("), }");
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

template <class T>
void WriteNpyTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols, std::size_t stride) {
  AtomicFile out(path);
  const std::string header = NpyHeader<T>(rows, cols);
  out.ShowProgress(header.size() + rows * cols * sizeof(T));
  out.Write(header.data(), header.size());
  for (std::size_t i = 0; i < rows; ++i) out.Write(data + i * stride, cols * sizeof(T));
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

template <class T> void WriteNpy(const std::string& path, const MatrixView<T>& d, int decimal_scale) {
  if (decimal_scale <= 0 || !std::is_integral_v<T>) {
    WriteNpyTable(path, d.data, d.n, d.n, d.stride);
    return;
  }
  // Exact decimals: float64, each value the nearest double of the true one.
  AtomicFile out(path);
  const std::string header = NpyHeader<double>(d.n, d.n);
  out.ShowProgress(header.size() + d.n * d.n * sizeof(double));
  out.Write(header.data(), header.size());
  const DecimalScale scale{decimal_scale};
  std::vector<double> row(d.n);
  for (std::size_t i = 0; i < d.n; ++i) {
    for (std::size_t j = 0; j < d.n; ++j) {
      const T v = d.at(i, j);
      row[j] = v >= ElementTraits<T>::kInf ? std::numeric_limits<double>::infinity()
                                           : scale.ToDouble(static_cast<Int128>(v));
    }
    out.Write(row.data(), row.size() * sizeof(double));
  }
  out.Commit();
}

template <class T>
void WriteCsvMatrix(const std::string& path, const MatrixView<T>& d, const VertexLabels& labels, int decimal_scale) {
  const auto label = [&](std::size_t v) { return labels.label(v); };
  WriteCsvTable<T>(path, d.data, d.n, d.n, d.stride, label, label, decimal_scale);
}

#define GDIST_EXPORT_INSTANTIATE(T)                                                                    \
  template std::string NpyHeader<T>(std::size_t, std::size_t);                                         \
  template void WriteNpy<T>(const std::string&, const MatrixView<T>&, int);                            \
  template void WriteCsvMatrix<T>(const std::string&, const MatrixView<T>&, const VertexLabels&, int); \
  template void WriteNpyTable<T>(const std::string&, const T*, std::size_t, std::size_t, std::size_t); \
  template void WriteCsvTable<T>(const std::string&, const T*, std::size_t, std::size_t, std::size_t,  \
                                 const std::function<std::string(std::size_t)>&,                       \
                                 const std::function<std::string(std::size_t)>&, int);
GDIST_FOR_EACH_ELEMENT(GDIST_EXPORT_INSTANTIATE)
#undef GDIST_EXPORT_INSTANTIATE

}  // namespace gdist
