#include "lib/util/temp_file_registry.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "lib/util/error.hpp"

namespace gdist {

namespace {

// Fixed storage: the handler may neither allocate nor lock. A slot holds a
// malloc'd copy of the path; it is swapped out before being freed, so the
// handler sees either a valid path or null.
constexpr int kSlots = 64;
std::atomic<char*> g_slots[kSlots];

void RemoveTempFilesAndReraise(int sig) {
  for (auto& slot : g_slots) {
    char* p = slot.load();
    if (p) unlink(p);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

}  // namespace

int RegisterTempFile(const std::string& path) {
  char* copy = strdup(path.c_str());
  if (!copy) throw Error(path + ": out of memory");
  for (int i = 0; i < kSlots; ++i) {
    char* expected = nullptr;
    if (g_slots[i].compare_exchange_strong(expected, copy)) return i;
  }
  std::free(copy);
  throw Error(path + ": too many temporary files open at once");
}

void UnregisterTempFile(int slot) {
  if (slot < 0 || slot >= kSlots) return;
  std::free(g_slots[slot].exchange(nullptr));
}

void InstallCleanupSignalHandlers() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = RemoveTempFilesAndReraise;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) sigaddset(&sa.sa_mask, sig);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction old;
    // A signal the parent set to "ignore" (nohup, a shell's background job) stays ignored.
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(sig, &sa, nullptr);
  }
}

}  // namespace gdist
