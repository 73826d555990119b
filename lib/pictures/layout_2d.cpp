#include "lib/pictures/layout_2d.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "lib/core/element_traits.hpp"

namespace gdist {
namespace {

// Top eigenvector of the symmetric positive semi-definite k x k matrix `m`
// by power iteration, kept orthogonal to `away` (the first axis) when given:
// re-orthogonalising every step is what keeps rounding in the first axis from
// leaking into the second.
std::vector<double> TopEigenvector(const std::vector<double>& m, std::size_t k,
                                   const std::vector<double>* away = nullptr) {
  std::vector<double> v(k), w(k);
  for (std::size_t i = 0; i < k; ++i) v[i] = 1.0 + 0.01 * double(i % 7);  // not orthogonal to anything by accident
  for (int it = 0; it < 300; ++it) {
    if (away) {
      double dot = 0;
      for (std::size_t i = 0; i < k; ++i) dot += v[i] * (*away)[i];
      for (std::size_t i = 0; i < k; ++i) v[i] -= dot * (*away)[i];
    }
    double norm = 0;
    for (std::size_t i = 0; i < k; ++i) {
      double s = 0;
      for (std::size_t j = 0; j < k; ++j) s += m[i * k + j] * v[j];
      w[i] = s;
      norm += s * s;
    }
    norm = std::sqrt(norm);
    if (norm == 0) break;
    for (std::size_t i = 0; i < k; ++i) v[i] = w[i] / norm;
  }
  return v;
}

}  // namespace

template <class T> std::vector<Point2> PivotMdsLayout(const MatrixView<T>& d, std::size_t pivots) {
  const std::size_t n = d.n;
  std::vector<Point2> xy(n, {0.0, 0.0});
  if (n < 2) return xy;
  const T inf = ElementTraits<T>::kInf;
  auto dist = [&](std::size_t a, std::size_t b) -> double {
    const T x = d.at(a, b), y = d.at(b, a);
    if (x >= inf && y >= inf) return -1;  // unreachable both ways, filled in below
    if (x >= inf) return double(y);
    if (y >= inf) return double(x);
    return (double(x) + double(y)) / 2;
  };
  const std::size_t k = std::min(pivots, n);

  // Farthest-first pivots: each new pivot is the vertex farthest from those chosen.
  std::vector<std::size_t> pivot;
  std::vector<double> nearest(n, std::numeric_limits<double>::infinity());
  std::vector<double> cols(n * k);  // cols[i*k + p] = distance from vertex i to pivot p
  double max_finite = 0;
  std::size_t next = 0;
  for (std::size_t p = 0; p < k; ++p) {
    pivot.push_back(next);
    for (std::size_t i = 0; i < n; ++i) {
      const double v = dist(i, next);
      cols[i * k + p] = v;
      if (v >= 0) max_finite = std::max(max_finite, v);
      nearest[i] = std::min(nearest[i], v < 0 ? std::numeric_limits<double>::infinity() : v);
    }
    double best = -1;
    for (std::size_t i = 0; i < n; ++i)
      if (std::isfinite(nearest[i]) && nearest[i] > best) best = nearest[i], next = i;
  }
  const double far = max_finite > 0 ? 1.5 * max_finite : 1.0;
  for (double& v : cols)
    if (v < 0) v = far;

  // Double-centre the squared distances: C = -1/2 (D2 - row means - column means + grand mean).
  std::vector<double> col_mean(k, 0), row_mean(n, 0);
  double grand = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t p = 0; p < k; ++p) {
      const double s = cols[i * k + p] * cols[i * k + p];
      cols[i * k + p] = s;
      row_mean[i] += s / double(k);
      col_mean[p] += s / double(n);
      grand += s / double(n * k);
    }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t p = 0; p < k; ++p) cols[i * k + p] = -0.5 * (cols[i * k + p] - row_mean[i] - col_mean[p] + grand);

  // Eigenvectors of C^T C (k x k); positions are C v.
  std::vector<double> ctc(k * k, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a = 0; a < k; ++a)
      for (std::size_t b = 0; b < k; ++b) ctc[a * k + b] += cols[i * k + a] * cols[i * k + b];
  const std::vector<double> v1 = TopEigenvector(ctc, k);
  std::vector<double> v2 = TopEigenvector(ctc, k, &v1);
  double dot = 0;  // one last projection: the iteration ends with a multiply
  for (std::size_t a = 0; a < k; ++a) dot += v2[a] * v1[a];
  for (std::size_t a = 0; a < k; ++a) v2[a] -= dot * v1[a];
  for (std::size_t i = 0; i < n; ++i) {
    double x = 0, y = 0;
    for (std::size_t p = 0; p < k; ++p) {
      x += cols[i * k + p] * v1[p];
      y += cols[i * k + p] * v2[p];
    }
    xy[i] = {x, y};
  }
  return xy;
}

#define GDIST_INSTANTIATE(T) template std::vector<Point2> PivotMdsLayout(const MatrixView<T>&, std::size_t);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
