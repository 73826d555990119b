// A siting model's SitingProgress (lib/siting/siting_result.hpp) drawn as a
// ProgressBar: one bar per phase, labelled with the model. The local search
// shows the share of its budget used (rounds, patience or time, whichever ends
// it first); the Lagrangian lower bound the share of its iterations or step
// halvings; branch and bound shows nodes, nodes/s and the incumbent. A phase
// that ends is drawn full before the next one's bar.
#pragma once
#include <memory>
#include <string>

#include "lib/siting/siting_result.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

class SitingProgressBar {
 public:
  // The callback for SitingOptions::progress while `model` runs; empty when no bar would be drawn.
  SitingProgressFn Start(const std::string& model) {
    Finish();
    model_ = model;
    if (!ProgressEnabled()) return {};
    return [this](const SitingProgress& p) { Update(p); };
  }
  void Finish() {
    if (bar_ && fraction_bar_) bar_->Set(1000);  // the model ended: so did its last phase
    bar_.reset();
    phase_.clear();
  }

 private:
  void Update(const SitingProgress& p) {
    if (phase_ != p.phase) {
      Finish();  // the phase ended: its budget is spent or its goal met
      phase_ = p.phase;
      const std::string label = model_ + ": " + phase_;
      // A fraction is drawn in thousandths; an open-ended search counts its steps.
      fraction_bar_ = p.fraction >= 0;
      if (fraction_bar_) bar_ = std::make_unique<ProgressBar>(label, 1000);
      else bar_ = std::make_unique<ProgressBar>(label, 0, "nodes");
    }
    if (p.fraction >= 0) {
      bar_->SetDetail(std::to_string(p.steps) + (p.phase == std::string("lower bound") ? " iterations" : " rounds"));
      bar_->Set(static_cast<std::uint64_t>(1000 * std::min(1.0, p.fraction)));
    } else {
      bar_->SetDetail("best " + FormatNumber(p.best));
      bar_->Set(p.steps);
    }
  }
  std::string model_, phase_;
  bool fraction_bar_ = false;
  std::unique_ptr<ProgressBar> bar_;
};

}  // namespace gdist
