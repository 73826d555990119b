// Linked instead of the MPI session when the build has no MPI.
#include <unistd.h>

#include "lib/distributed/distributed_fw.hpp"
#include "lib/distributed/mpi_session.hpp"
#include "lib/util/error.hpp"

namespace gdist {

MpiSession::MpiSession(int*, char***) {
  if (LauncherWorldSize() > 1)
    throw Error("started as one of " + std::to_string(LauncherWorldSize()) +
                " MPI ranks, but this build has no MPI support (install libopenmpi-dev and rebuild)");
}
MpiSession::~MpiSession() = default;
std::string MpiSession::where() const { return "rank 0 of 1"; }

std::string DistributedFloydWarshall(const MpiSession&, void*, std::size_t, ElementType, const DistributedOptions&) {
  throw Error("this build has no MPI support");
}
DistributedGraphResult DistributedApspFromGraph(const MpiSession&, const Graph&, ElementType, const DistributedOptions&,
                                                const DistributedGraphRequest&) {
  throw Error("this build has no MPI support");
}

}  // namespace gdist
