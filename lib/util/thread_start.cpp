#include "lib/util/thread_start.hpp"

#include <omp.h>
#include <pthread.h>

#include <vector>

namespace gdist {

namespace {

// Each started thread waits on the gate, so that all of them are alive at once
// (a thread that has exited no longer counts against a limit).
void* WaitAtGate(void* gate) {
  auto* m = static_cast<pthread_mutex_t*>(gate);
  pthread_mutex_lock(m);
  pthread_mutex_unlock(m);
  return nullptr;
}

}  // namespace

std::size_t StartableThreads(std::size_t want) {
  pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
  std::vector<pthread_t> started;
  started.reserve(want > 0 ? want - 1 : 0);
  pthread_mutex_lock(&gate);
  for (std::size_t i = 1; i < want; ++i) {
    pthread_t t;
    if (pthread_create(&t, nullptr, WaitAtGate, &gate) != 0) break;
    started.push_back(t);
  }
  pthread_mutex_unlock(&gate);
  for (pthread_t t : started) pthread_join(t, nullptr);
  return started.size() + 1;
}

int DefaultThreads() { return omp_get_max_threads(); }

void UseThreads(int threads) { omp_set_num_threads(threads); }

}  // namespace gdist
