// The MPI environment of a front end. A program started by an MPI launcher
// (mpirun/srun: detected from the launcher's environment) initialises MPI and
// learns its rank; started alone it stays a plain process (rank 0 of 1) and
// never touches MPI. A build without MPI refuses to run as one of several ranks.
#pragma once
#include <string>

namespace gdist {

class MpiSession {
 public:
  MpiSession(int* argc, char*** argv);  // throws gdist::Error (see above)
  ~MpiSession();                        // MPI_Finalize when it was initialised
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  // Launched by an MPI launcher (one rank included): the distributed schedule runs.
  bool distributed() const { return initialised_; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  // "rank 1 of 4 on host x" for messages.
  std::string where() const;

 private:
  bool initialised_ = false;
  int rank_ = 0, size_ = 1;
  std::string host_;
};

// The number of ranks the launcher's environment announces (0: not launched by one).
int LauncherWorldSize();

}  // namespace gdist
