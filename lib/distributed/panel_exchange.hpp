// How the distributed schedule moves the round's pivot tile and panels
// between ranks: MPI broadcasts on host buffers (any ranks, any hosts), or
// NCCL broadcasts on device buffers, enqueued on the GPU's side stream (one
// rank per GPU, NVLink or PCIe within a host, NCCL's network across hosts).
// The groups: every rank (the pivot tile), the ranks of one grid column (row
// panels travel down it) and of one grid row (column panels travel along it).
#pragma once
#include <cstddef>
#include <memory>
#include <string>

namespace gdist {

enum class ExchangeGroup { kAll, kGridColumn, kGridRow };

class PanelExchange {
 public:
  virtual ~PanelExchange() = default;
  virtual std::string name() const = 0;  // "MPI", "NCCL"
  // True: the buffers are device pointers and the broadcasts are ordered on
  // the side stream; false: host buffers.
  virtual bool on_device() const = 0;
  // Broadcast bytes at buf from group rank `root` to its group. wait: the
  // data is there when this returns (host exchange) or when the side stream
  // reaches this point (device exchange); else Wait() completes it.
  virtual void Broadcast(void* buf, std::size_t bytes, int root, ExchangeGroup group, bool wait) = 0;
  virtual void Poll() = 0;  // lets pending host broadcasts progress
  virtual void Wait() = 0;  // completes every pending broadcast
};

}  // namespace gdist
