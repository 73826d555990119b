// Ctrl-C during a long call. While the library runs with the GIL released,
// Python's own SIGINT handler would only note the signal for later, so the
// call would run to its end. InterruptibleCall puts a handler in its place that
// requests the library's interruption (lib/util/interruption.hpp): the engines
// stop at their next safe point, and gdist::Interrupted becomes
// KeyboardInterrupt (module.cpp). Only on the main thread (where Python takes
// signals) and only while SIGINT has Python's default handler: a program's own
// handler is left alone. The previous handler is back when the call returns.
#pragma once
#include <nanobind/nanobind.h>

#include <csignal>
#include <utility>

#include "lib/util/interruption.hpp"

namespace gdist::python {

class InterruptibleCall {
 public:
  InterruptibleCall() {  // with the GIL
    namespace nb = nanobind;
    nb::module_ signal = nb::module_::import_("signal"), threading = nb::module_::import_("threading");
    if (!threading.attr("current_thread")().is(threading.attr("main_thread")())) return;
    if (!signal.attr("getsignal")(signal.attr("SIGINT")).is(signal.attr("default_int_handler"))) return;
    struct sigaction ours {};
    ours.sa_handler = [](int) { RequestInterruption(); };
    sigemptyset(&ours.sa_mask);
    ClearInterruption();
    installed_ = sigaction(SIGINT, &ours, &previous_) == 0;
  }
  ~InterruptibleCall() {
    if (!installed_) return;
    sigaction(SIGINT, &previous_, nullptr);
    ClearInterruption();
  }
  InterruptibleCall(const InterruptibleCall&) = delete;
  InterruptibleCall& operator=(const InterruptibleCall&) = delete;

 private:
  bool installed_ = false;
  struct sigaction previous_ {};
};

// f() with the GIL released, interruptible by Ctrl-C; a run that ended after
// the request (an engine that stopped early without throwing) raises too.
template <class F> auto Interruptible(F&& f) {
  InterruptibleCall interruptible;
  nanobind::gil_scoped_release release;
  auto result = std::forward<F>(f)();
  ThrowIfInterrupted();
  return result;
}

}  // namespace gdist::python
