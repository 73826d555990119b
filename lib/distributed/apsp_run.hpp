// The all-pairs run under mpirun (gapsp launched by an MPI launcher): each
// rank decides for itself (its GPU when asked for or, under auto, when one is
// usable here, else the CPU tile kernels). A graph input (without next hops)
// takes the graph path: each rank builds only its tiles and the metrics are
// reduced where the rows are. Any other input runs RunApsp
// (lib/pipeline/run_apsp.hpp) with the ranks' schedule in place of the
// backends. Rank 0 alone writes OUT and the metrics, and alone has a result
// to print (ApspRunResult::printable).
#pragma once
#include "lib/distributed/mpi_session.hpp"
#include "lib/pipeline/run_apsp.hpp"

namespace gdist {

ApspRunResult RunDistributedApsp(MpiSession& mpi, const ApspRunRequest& request, RunContext& context,
                                 const RunVoice& voice = {});

}  // namespace gdist
