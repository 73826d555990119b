// The 2D block-cyclic distribution of the distributed schedule (Sao et al.,
// HPDC 2021): P ranks form a Pr x Pc grid, and tile (i, j) of the padded
// matrix (kTile x kTile) belongs to rank (i mod Pr, j mod Pc). Each rank keeps
// its tiles packed in one local matrix: local tile (a, b) is global tile
// (a*Pr + pr, b*Pc + pc). Pure host logic, tested without MPI.
#pragma once
#include <cstddef>

namespace gdist {

struct ProcessGrid {
  int rows = 1, cols = 1;  // Pr x Pc = P
  int row_of(int rank) const { return rank / cols; }
  int col_of(int rank) const { return rank % cols; }
  int rank_at(int pr, int pc) const { return pr * cols + pc; }
};

// The most nearly square Pr x Pc = P with Pr <= Pc (P = 2: 1 x 2; P = 4: 2 x 2;
// a prime P: 1 x P).
inline ProcessGrid ChooseProcessGrid(int processes) {
  ProcessGrid g;
  for (int r = 1; r * r <= processes; ++r)
    if (processes % r == 0) g.rows = r;
  g.cols = processes / g.rows;
  return g;
}

// How many of `tiles` tile indices i satisfy i mod parts == part.
inline std::size_t CyclicCount(std::size_t tiles, int parts, int part) {
  return tiles / parts + (static_cast<std::size_t>(part) < tiles % parts ? 1 : 0);
}

// The tiles one rank owns: local_rows x local_cols of them.
struct LocalTiles {
  ProcessGrid grid;
  int pr = 0, pc = 0;
  std::size_t tiles = 0;  // per side of the whole matrix
  std::size_t local_rows() const { return CyclicCount(tiles, grid.rows, pr); }
  std::size_t local_cols() const { return CyclicCount(tiles, grid.cols, pc); }
  std::size_t global_row(std::size_t a) const { return a * grid.rows + pr; }
  std::size_t global_col(std::size_t b) const { return b * grid.cols + pc; }
  bool owns_row(std::size_t i) const { return static_cast<int>(i % grid.rows) == pr; }
  bool owns_col(std::size_t j) const { return static_cast<int>(j % grid.cols) == pc; }
  std::size_t local_row(std::size_t i) const { return i / grid.rows; }  // when owns_row(i)
  std::size_t local_col(std::size_t j) const { return j / grid.cols; }  // when owns_col(j)
};

}  // namespace gdist
