#include <mpi.h>
#include <unistd.h>

#include "lib/distributed/mpi_session.hpp"
#include "lib/util/error.hpp"

namespace gdist {

MpiSession::MpiSession(int* argc, char*** argv) {
  char host[256] = "?";
  gethostname(host, sizeof host - 1);
  host_ = host;
  if (LauncherWorldSize() <= 0) return;  // a plain process: no MPI start-up cost, no launcher needed
  int provided = 0;
  // Only the main thread calls MPI; the tile updates use OpenMP threads.
  if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) throw Error("MPI_Init_thread failed");
  initialised_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  if (initialised_) MPI_Finalize();
}

std::string MpiSession::where() const {
  return "rank " + std::to_string(rank_) + " of " + std::to_string(size_) + " on " + host_;
}

}  // namespace gdist
