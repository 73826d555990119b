// The engine's per-round ApspProgress (lib/engine/progress.hpp) drawn as a
// ProgressBar: rounds, relaxations/s, ETA and the fraction of the worker's
// ceiling when one is known; the sparse engine's trees (or vertices settled)
// and their rate. The bar starts at the engine's first report, dated back to
// when the schedule began; each new task or schedule starts a new bar. A
// caller's ScopedProgressHook (progress_hook.hpp) takes the bar's place.
#pragma once
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/engine/progress.hpp"
#include "lib/pipeline/progress_hook.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

class ApspProgressBar {
 public:
  // The callback for ApspOptions::progress; empty when no bar would be drawn.
  // Forced into a log (--progress, stderr not a terminal): the engine's own
  // line per round (PrintProgressLine), which names the worker and schedule.
  // A ScopedProgressHook on this thread: its hook instead, and no bar.
  ProgressFn Callback() {
    if (std::optional<ProgressFn> hook = ScopedProgressHook::Current()) return *std::move(hook);
    if (!ProgressEnabled()) return {};
    if (!StderrIsTerminal()) return PrintProgressLine;
    return [this](const ApspProgress& p) { Update(p); };
  }
  // Ends the bar's line (before the app prints its summary).
  void Finish() { bar_.reset(); }

 private:
  void Update(const ApspProgress& p) {
    // A new phase (the sparse engine's histogram pass after its metrics pass, say) gets its own bar.
    const std::string label = p.task + " (" + p.worker + ", " + p.schedule + ")";
    if (!bar_ || label != label_ || p.rounds_total != total_) {
      bar_.reset();
      label_ = label;
      total_ = p.rounds_total;
      // Rounds of the dense engine show relaxations/s; the sparse engine's trees show trees/s.
      if (p.relaxations > 0) {
        const double per_round = p.rounds_done ? p.relaxations / double(p.rounds_done) : 0;
        bar_ = std::make_unique<ProgressBar>(label, p.rounds_total, p.unit, per_round, "relax/s");
      } else {
        bar_ = std::make_unique<ProgressBar>(label, p.rounds_total, p.unit);
      }
      bar_->Backdate(p.seconds);
    }
    if (p.ceiling_relax_per_second > 0) {
      char detail[48];
      std::snprintf(detail, sizeof detail, "%.0f%% of the ceiling", 100 * p.ceiling_fraction());
      bar_->SetDetail(detail);
    }
    bar_->Set(p.rounds_done);
  }
  std::string label_;
  std::size_t total_ = 0;
  std::unique_ptr<ProgressBar> bar_;
};

}  // namespace gdist
