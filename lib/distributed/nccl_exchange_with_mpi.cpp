// NCCL broadcasts of device buffers (panel_exchange.hpp), compiled in when
// CMake finds nccl.h and libnccl (an optional dependency, as MPI is; NCCL
// is not a Debian package, so CI builds the stand-in at the bottom).
#include <string>

#include "lib/distributed/panel_exchange_mpi.hpp"
#include "lib/util/error.hpp"

#if defined(GDIST_HAVE_NCCL)
#include <cuda_runtime.h>
#include <nccl.h>

namespace gdist {
namespace {

void Check(ncclResult_t r, const char* what) {
  if (r != ncclSuccess) throw Error(std::string("NCCL: ") + what + ": " + ncclGetErrorString(r));
}

// One NCCL communicator over the ranks of an MPI communicator (rank 0 makes the id).
ncclComm_t CommOver(MPI_Comm comm, int* size) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, size);
  if (*size == 1) return nullptr;  // nothing to broadcast to
  ncclUniqueId id;
  if (rank == 0) Check(ncclGetUniqueId(&id), "ncclGetUniqueId");
  if (MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, comm) != MPI_SUCCESS) throw Error("MPI: MPI_Bcast of the NCCL id failed");
  ncclComm_t c = nullptr;
  Check(ncclCommInitRank(&c, *size, id, rank), "ncclCommInitRank");
  return c;
}

class NcclExchange final : public PanelExchange {
 public:
  NcclExchange(const ExchangeComms& comms, void* stream) : stream_(static_cast<cudaStream_t>(stream)) {
    // The same order on every rank: each init waits for its group. A group
    // of every rank (a P x 1 or 1 x P grid) shares the communicator of all:
    // each one costs its own channel set-up at its first broadcast.
    comm_[0] = CommOver(comms.all, &size_[0]);
    for (int g = 1; g < 3; ++g) {
      MPI_Comm c = g == 1 ? comms.grid_column : comms.grid_row;
      MPI_Comm_size(c, &size_[g]);
      comm_[g] = size_[g] == size_[0] ? comm_[0] : CommOver(c, &size_[g]);
    }
  }
  ~NcclExchange() override {
    for (int g = 0; g < 3; ++g)
      if (comm_[g] && (g == 0 || comm_[g] != comm_[0])) ncclCommDestroy(comm_[g]);
  }
  std::string name() const override { return "NCCL"; }
  bool on_device() const override { return true; }
  void Broadcast(void* buf, std::size_t bytes, int root, ExchangeGroup group, bool) override {
    const int g = static_cast<int>(group);
    if (!comm_[g]) return;
    Check(ncclBroadcast(buf, buf, bytes, ncclChar, root, comm_[g], stream_), "ncclBroadcast");
  }
  void Poll() override {}
  void Wait() override {}  // ordered on the side stream

 private:
  cudaStream_t stream_;
  ncclComm_t comm_[3] = {nullptr, nullptr, nullptr};
  int size_[3] = {1, 1, 1};
};

}  // namespace

std::unique_ptr<PanelExchange> MakeNcclExchange(const ExchangeComms& comms, void* stream) {
  return std::make_unique<NcclExchange>(comms, stream);
}
bool BuiltWithNccl() { return true; }

}  // namespace gdist
#else
namespace gdist {
std::unique_ptr<PanelExchange> MakeNcclExchange(const ExchangeComms&, void*) { return nullptr; }
bool BuiltWithNccl() { return false; }
}  // namespace gdist
#endif
