// Exports of a distance matrix for analysts: NumPy .npy (numpy.load reads it,
// n x n without the padding, the element type and INF of the matrix file)
// and CSV (a header row of labels, then one row per vertex, "inf" for no
// path, which pandas.read_csv and numpy.genfromtxt read as infinity).
// Both stream row by row from any MatrixView, so an mmapped file larger than
// memory exports as well; both write through AtomicFile.
#pragma once
#include <cstddef>
#include <functional>
#include <string>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

// decimal_scale > 0 (exact decimals, MatrixMeta::decimal_scale): the CSV prints
// each integer as its exact decimal ("99.9"), the .npy holds float64, each the
// nearest double of the true value (inf for no path), as numpy would read the CSV.
template <class T> void WriteNpy(const std::string& path, const MatrixView<T>& d, int decimal_scale = 0);
template <class T>
void WriteCsvMatrix(const std::string& path, const MatrixView<T>& d, const VertexLabels& labels, int decimal_scale = 0);

// A rows x cols table of T (row i at data + i * stride), as above, its rows
// and columns named apart (gapsp --sources S --targets T: k sources x t targets).
template <class T>
void WriteNpyTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols, std::size_t stride);
template <class T> void WriteCsvTable(const std::string& path, const T* data, std::size_t rows, std::size_t cols,
                                      std::size_t stride, const std::function<std::string(std::size_t)>& row_label,
                                      const std::function<std::string(std::size_t)>& col_label, int decimal_scale = 0);

// The .npy header for an n x n matrix of T (format 1.0, padded to 64 bytes).
template <class T> std::string NpyHeader(std::size_t rows, std::size_t cols);

}  // namespace gdist
