// The padded dense matrix every layer shares. Row-major, `stride` elements per
// row, `stride` rows stored (stride = n rounded up to kTile) so every tile of
// every backend is whole. Padding cells hold INF (0 on the diagonal): padded
// vertices are isolated and change no distance.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/core/vertex_labels.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/matrix/matrix_size.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/util/error.hpp"

namespace gdist {

inline std::size_t PaddedSize(std::size_t n) { return n == 0 ? kTile : (n + kTile - 1) / kTile * kTile; }

// Bytes of a padded n-vertex matrix of T; throws gdist::Error when the size
// does not fit in 64 bits (callers check the machine's memory before this).
template <class T> std::size_t MatrixBytesOrThrow(std::size_t n) {
  const auto bytes = CheckedMatrixBytes(n, sizeof(T));
  if (!bytes)
    throw Error("a " + std::to_string(n) + "-vertex matrix of " + std::to_string(sizeof(T)) +
                "-byte elements needs more than 2^64 bytes");
  return *bytes;
}

enum class MatrixKind : std::uint32_t { kAdjacency = 0, kDistance = 1 };

// What travels with the numbers: everything in the file header except layout.
struct MatrixMeta {
  bool directed = true;
  MatrixKind kind = MatrixKind::kAdjacency;
  VertexLabels labels;
  // Exact decimals (lib/core/decimal_scale.hpp): the integers stand for
  // value x 10^decimal_scale; 0: plain numbers. Kept in the matrix file.
  int decimal_scale = 0;
  // Longitude and latitude in degrees of every vertex (an OpenStreetMap
  // input's), or empty: kept in the matrix file's coordinate section.
  std::vector<std::pair<double, double>> lon_lat;
};

// A read-only view of a padded matrix, owned elsewhere (a DistMatrix or an
// mmapped file). Metrics and siting read through this.
template <class T> struct MatrixView {
  const T* data = nullptr;
  std::size_t n = 0;
  std::size_t stride = 0;
  const T* row(std::size_t i) const { return data + i * stride; }
  T at(std::size_t i, std::size_t j) const { return data[i * stride + j]; }
};

template <class T> class DistMatrix {
 public:
  static constexpr T kInf = ElementTraits<T>::kInf;

  DistMatrix() = default;
  // An n-vertex matrix with no arcs: INF everywhere, 0 on the diagonal.
  explicit DistMatrix(std::size_t n) : n_(n), stride_(PaddedSize(n)), buf_(MatrixBytesOrThrow<T>(n)) { Reset(); }
  // Contents left as the fresh pages are (zero) for a caller that overwrites
  // every element: loading a 1 GiB file then touches the memory once, not twice.
  struct Uninitialized {};
  DistMatrix(std::size_t n, Uninitialized) : n_(n), stride_(PaddedSize(n)), buf_(MatrixBytesOrThrow<T>(n)) {}

  std::size_t n() const { return n_; }
  std::size_t stride() const { return stride_; }
  T* data() { return static_cast<T*>(buf_.data()); }
  const T* data() const { return static_cast<const T*>(buf_.data()); }
  T* row(std::size_t i) { return data() + i * stride_; }
  const T* row(std::size_t i) const { return data() + i * stride_; }
  T& at(std::size_t i, std::size_t j) { return data()[i * stride_ + j]; }
  T at(std::size_t i, std::size_t j) const { return data()[i * stride_ + j]; }
  std::size_t payload_bytes() const { return stride_ * stride_ * sizeof(T); }
  MatrixView<T> view() const { return {data(), n_, stride_}; }

  MatrixMeta& meta() { return meta_; }
  const MatrixMeta& meta() const { return meta_; }

  void Reset() {
    std::fill(data(), data() + stride_ * stride_, kInf);
    for (std::size_t i = 0; i < stride_; ++i) at(i, i) = T(0);
  }

 private:
  std::size_t n_ = 0;
  std::size_t stride_ = 0;
  PageBuffer buf_;
  MatrixMeta meta_;
};

}  // namespace gdist
