#include <cstdlib>

#include "lib/distributed/mpi_session.hpp"

namespace gdist {

int LauncherWorldSize() {
  // Open MPI, PMI (MPICH, Slurm), MVAPICH.
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "MV2_COMM_WORLD_SIZE"})
    if (const char* v = std::getenv(var)) return std::atoi(v);
  return 0;
}

}  // namespace gdist
