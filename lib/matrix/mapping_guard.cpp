#include "lib/matrix/mapping_guard.hpp"

#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "lib/util/error.hpp"

namespace gdist {

namespace {

constexpr int kSlots = 64;
constexpr std::size_t kMessageBytes = 512;

// Written under g_lock, read by the handler: `begin`/`end` are atomics and a
// slot's message is complete before its range is published.
struct Slot {
  std::atomic<std::uintptr_t> begin{0}, end{0};
  char message[kMessageBytes];
  std::size_t message_bytes = 0;
};
Slot g_slots[kSlots];
std::mutex g_lock;
struct sigaction g_previous;
bool g_installed = false;

void OnSigbus(int sig, siginfo_t* info, void* context) {
  const auto addr = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (const Slot& s : g_slots) {
    const std::uintptr_t b = s.begin.load(std::memory_order_acquire), e = s.end.load(std::memory_order_acquire);
    if (b != 0 && addr >= b && addr < e) {
      ssize_t ignored = write(STDERR_FILENO, s.message, s.message_bytes);
      (void)ignored;
      _exit(kExitInputError);
    }
  }
  // Not ours: the previous disposition decides (by default a crash with a core).
  if (g_previous.sa_flags & SA_SIGINFO) {
    if (g_previous.sa_sigaction) return g_previous.sa_sigaction(sig, info, context);
  } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
    return g_previous.sa_handler(sig);
  }
  // Default action: re-raised, it is delivered when the handler returns (a
  // fault would also recur on the retried access).
  signal(SIGBUS, SIG_DFL);
  raise(sig);
}

}  // namespace

MappingGuard::MappingGuard(const void* base, std::size_t bytes, const std::string& path) {
  std::lock_guard<std::mutex> hold(g_lock);
  if (!g_installed) {
    struct sigaction sa {};
    sa.sa_sigaction = OnSigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &g_previous);
    g_installed = true;
  }
  for (int i = 0; i < kSlots; ++i) {
    Slot& s = g_slots[i];
    if (s.begin.load() != 0) continue;
    std::string text = std::string(program_invocation_short_name) + ": " + path +
                       ": the file was truncated while it was being read (another process changed it); "
                       "nothing was written\n";
    if (text.size() > kMessageBytes) text = text.substr(text.size() - kMessageBytes);
    std::memcpy(s.message, text.data(), text.size());
    s.message_bytes = text.size();
    const auto b = reinterpret_cast<std::uintptr_t>(base);
    s.end.store(b + bytes, std::memory_order_release);
    s.begin.store(b, std::memory_order_release);
    slot_ = i;
    return;
  }
  throw Error(path + ": more than " + std::to_string(kSlots) + " matrix files open at once");
}

MappingGuard::~MappingGuard() {
  if (slot_ < 0) return;
  std::lock_guard<std::mutex> hold(g_lock);
  g_slots[slot_].begin.store(0, std::memory_order_release);
  g_slots[slot_].end.store(0, std::memory_order_release);
}

}  // namespace gdist
