#include <cstdint>
#include <string>
#include <vector>

#include "lib/distributed/panel_exchange_mpi.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

// MPI counts are int: a panel message is one tile row or column of a rank's
// tiles, far below 2 GiB for any matrix that fits a rank.
int Count(std::size_t bytes) {
  if (bytes > std::size_t(INT32_MAX)) throw Error("MPI: a panel message exceeds 2 GiB; use more ranks");
  return static_cast<int>(bytes);
}

class MpiExchange final : public PanelExchange {
 public:
  explicit MpiExchange(const ExchangeComms& comms) : comms_(comms) {}
  std::string name() const override { return "MPI"; }
  bool on_device() const override { return false; }
  void Broadcast(void* buf, std::size_t bytes, int root, ExchangeGroup group, bool wait) override {
    MPI_Comm comm = Comm(group);
    if (wait) {
      if (MPI_Bcast(buf, Count(bytes), MPI_BYTE, root, comm) != MPI_SUCCESS) throw Error("MPI: MPI_Bcast failed");
      return;
    }
    pending_.emplace_back();
    if (MPI_Ibcast(buf, Count(bytes), MPI_BYTE, root, comm, &pending_.back()) != MPI_SUCCESS)
      throw Error("MPI: MPI_Ibcast failed");
  }
  void Poll() override {
    int done = 0;
    if (!pending_.empty()) MPI_Testall(int(pending_.size()), pending_.data(), &done, MPI_STATUSES_IGNORE);
  }
  void Wait() override {
    if (!pending_.empty() && MPI_Waitall(int(pending_.size()), pending_.data(), MPI_STATUSES_IGNORE) != MPI_SUCCESS)
      throw Error("MPI: MPI_Waitall failed");
    pending_.clear();
  }

 private:
  MPI_Comm Comm(ExchangeGroup g) const {
    return g == ExchangeGroup::kAll          ? comms_.all
           : g == ExchangeGroup::kGridColumn ? comms_.grid_column
                                             : comms_.grid_row;
  }
  ExchangeComms comms_;
  std::vector<MPI_Request> pending_;
};

}  // namespace

std::unique_ptr<PanelExchange> MakeMpiExchange(const ExchangeComms& comms) {
  return std::make_unique<MpiExchange>(comms);
}

}  // namespace gdist
