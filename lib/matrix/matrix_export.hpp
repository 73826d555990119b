// Exports of a distance matrix for analysts: NumPy .npy (numpy.load reads it,
// n x n without the padding, the element type and INF of the matrix file, or
// float64 with inf for no path), NumPy .npz (the .npy as member `dist` and
// the vertex labels as member `labels`, strings) and CSV (a header row of
// labels, then one row per vertex, "inf" for no path, which pandas.read_csv
// and numpy.genfromtxt read as infinity). All stream row by row from any
// MatrixView, so an mmapped file larger than memory exports as well; all
// write through AtomicFile.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

// How an .npy holds the values: decimal_scale > 0 (exact decimals,
// MatrixMeta::decimal_scale) or as_float: float64, each the nearest double of
// the true value, inf for no path, as numpy would read the CSV; else the
// matrix's own type, values at or above its INF meaning no path.
struct NpyValues {
  int decimal_scale = 0;
  bool as_float = false;
};

// The CSV prints each integer of exact decimals as its decimal ("99.9").
template <class T> void WriteNpy(const std::string& path, const MatrixView<T>& d, NpyValues values = {});
// .npz: `dist` (as WriteNpy) and `labels`.
template <class T>
void WriteNpz(const std::string& path, const MatrixView<T>& d, const VertexLabels& labels, NpyValues values = {});
template <class T>
void WriteCsvMatrix(const std::string& path, const MatrixView<T>& d, const VertexLabels& labels, int decimal_scale = 0);

// A rows x cols table of T (row i at data + i * stride), as above, its rows
// and columns named apart (gapsp --sources S --targets T: k sources x t targets).
template <class T> void WriteNpyTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols,
                                      std::size_t stride, NpyValues values = {});
// .npz: `dist`, `labels` (the columns') and `row_labels`.
template <class T> void WriteNpzTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols,
                                      std::size_t stride, const std::vector<std::string>& row_labels,
                                      const std::vector<std::string>& col_labels, NpyValues values = {});
template <class T> void WriteCsvTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols,
                                      std::size_t stride, const std::function<std::string(std::size_t)>& row_label,
                                      const std::function<std::string(std::size_t)>& col_label, int decimal_scale = 0);

// The .npy header (format 1.0, padded to 64 bytes) of an array of numpy type
// `descr` ("<i4", "<U12") and `shape`; NpyHeader: a rows x cols matrix of T.
std::string NpyHeaderOf(const std::string& descr, const std::vector<std::size_t>& shape);
template <class T> std::string NpyHeader(std::size_t rows, std::size_t cols);

}  // namespace gdist
