// The exchanges' constructors; MPI programs only (panel_exchange.hpp).
#pragma once
#include <mpi.h>

#include <memory>

#include "lib/distributed/panel_exchange.hpp"

namespace gdist {

struct ExchangeComms {
  MPI_Comm all = MPI_COMM_WORLD, grid_column = MPI_COMM_NULL, grid_row = MPI_COMM_NULL;
};

std::unique_ptr<PanelExchange> MakeMpiExchange(const ExchangeComms& comms);
// NCCL communicators over the same groups, broadcasting on `stream` (the
// GPU's side stream, a cudaStream_t; the device already chosen). nullptr when
// the build has no NCCL. Collective over every rank. Throws gdist::Error.
std::unique_ptr<PanelExchange> MakeNcclExchange(const ExchangeComms& comms, void* stream);
bool BuiltWithNccl();

}  // namespace gdist
