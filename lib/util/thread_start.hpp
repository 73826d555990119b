// How many threads this process may start, asked once before any parallel
// work: libgomp ends the process with "Thread creation failed" (no error a
// caller can catch) when a thread limit (RLIMIT_NPROC, a cgroup's pids.max,
// address space for the stacks) stops it mid-run.
#pragma once
#include <cstddef>

namespace gdist {

// Starts up to want - 1 threads beside this one (each waits until all are
// started, then exits) and returns how many ran, this one included: want when
// the machine allows it.
std::size_t StartableThreads(std::size_t want);

// OpenMP's default team size: OMP_NUM_THREADS when set, else every core.
int DefaultThreads();

// Every parallel region that names no count runs with `threads`.
void UseThreads(int threads);

}  // namespace gdist
