// A caller's own progress hook in place of the tools' bars: while a
// ScopedProgressHook lives on a thread, every ApspProgressBar made there hands
// the engines its ProgressFn (an empty one: no reports, and no bar either)
// instead of drawing on stderr. The Python binding's progress= goes this way
// (python/src/progress_callback.hpp), so a call such as gdist.metrics(G)
// hears the reports at every point where gcenter would draw a bar, from the
// same engines, without the pipeline passing a hook through each layer.
// Scoped to the thread that makes the bars (the pipeline's caller), so two
// calls on two threads each hear their own; hooks nest (the inner one wins).
#pragma once
#include <optional>
#include <utility>

#include "lib/engine/progress.hpp"

namespace gdist {

class ScopedProgressHook {
 public:
  explicit ScopedProgressHook(ProgressFn fn) : fn_(std::move(fn)), previous_(current_) { current_ = &fn_; }
  ~ScopedProgressHook() { current_ = previous_; }
  ScopedProgressHook(const ScopedProgressHook&) = delete;
  ScopedProgressHook& operator=(const ScopedProgressHook&) = delete;

  // The hook of this thread's innermost ScopedProgressHook; nullopt when none lives.
  static std::optional<ProgressFn> Current() {
    if (!current_) return std::nullopt;
    return *current_;
  }

 private:
  ProgressFn fn_;
  const ProgressFn* previous_;
  static inline thread_local const ProgressFn* current_ = nullptr;
};

}  // namespace gdist
