// The engine's per-round ApspProgress (lib/engine/progress.hpp) drawn as a
// ProgressBar: rounds, relaxations/s, ETA and the fraction of the worker's
// ceiling when one is known. The bar starts at the engine's first report,
// dated back to when the schedule began.
#pragma once
#include <cstdio>
#include <memory>

#include "lib/engine/apsp.hpp"
#include "lib/engine/progress.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

class ApspProgressBar {
 public:
  // The callback for ApspOptions::progress; empty when no bar would be drawn.
  // Forced into a log (--progress, stderr not a terminal): the engine's own
  // line per round (PrintProgressLine), which names the worker and schedule.
  ProgressFn Callback() {
    if (!ProgressEnabled()) return {};
    if (!StderrIsTerminal()) return PrintProgressLine;
    return [this](const ApspProgress& p) { Update(p); };
  }
  // Ends the bar's line (before the app prints its summary).
  void Finish() { bar_.reset(); }

 private:
  void Update(const ApspProgress& p) {
    if (!bar_) {
      const double per_round = p.rounds_done ? p.relaxations / double(p.rounds_done) : 0;
      bar_ = std::make_unique<ProgressBar>("apsp (" + p.worker + ", " + p.schedule + ")", p.rounds_total, "rounds",
                                           per_round, "relax/s");
      bar_->Backdate(p.seconds);
    }
    if (p.ceiling_relax_per_second > 0) {
      char detail[48];
      std::snprintf(detail, sizeof detail, "%.0f%% of the ceiling", 100 * p.ceiling_fraction());
      bar_->SetDetail(detail);
    }
    bar_->Set(p.rounds_done);
  }
  std::unique_ptr<ProgressBar> bar_;
};

}  // namespace gdist
