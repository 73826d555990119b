// Blocked Floyd-Warshall over MPI ranks: the 2D block-cyclic distribution of
// process_grid.hpp, and per round r the textbook three steps on the tiles each
// rank owns, composed of the same tile operations as the in-core CPU engine
// (kernels/cpu: close a diagonal tile, min-plus a tile):
//   1. the owner of tile (r,r) closes it and broadcasts it;
//   2. the owners of row r / column r update their panel tiles with it, and
//      each panel is broadcast along the grid's columns / rows;
//   3. every rank updates its other tiles with the two panels.
// Look-ahead: the tiles in row and column r+1 are updated first, round r+1's
// steps 1-2 run and its broadcasts are posted (non-blocking) before the bulk
// of round r's step 3, so the communication hides under that update.
#pragma once
#include <cstddef>

#include "lib/distributed/mpi_session.hpp"
#include "lib/engine/progress.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist {

struct DistributedOptions {
  bool use_gpu = false;  // this rank's tiles on a GPU (one rank per GPU of a host)
  int threads = 0;       // CPU ranks: threads (0: all cores)
  ProgressFn progress;
};

// d: the whole stride x stride matrix on every rank (as loaded); on return
// rank 0's holds the result (the others' are left as they were). Throws gdist::Error.
void DistributedFloydWarshall(const MpiSession& session, void* d, std::size_t stride, ElementType type,
                              const DistributedOptions& options);

}  // namespace gdist
