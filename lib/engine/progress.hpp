// Progress of a running solve, as data: the engine calls a ProgressFn after
// each round (super-round out of core, pivot round in core and distributed),
// and the front end decides how to show it (gapsp --progress: one stderr line
// per report; a progress bar can consume the same struct).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <utility>

namespace gdist {

struct ApspProgress {
  std::string worker;    // "cpu", "gpu", "rank 1 of 4 (cpu)", ...
  std::string schedule;  // "in-core", "out-of-core", "distributed"
  std::size_t rounds_done = 0;
  std::size_t rounds_total = 0;
  double seconds = 0;                   // since the schedule started
  double relaxations = 0;               // done so far by this worker (n^3 in all for one worker)
  double relax_per_second = 0;          // relaxations / seconds
  double ceiling_relax_per_second = 0;  // the worker's measured ceiling (0: none known)
  double ceiling_fraction() const {
    return ceiling_relax_per_second > 0 ? relax_per_second / ceiling_relax_per_second : 0;
  }
};

using ProgressFn = std::function<void(const ApspProgress&)>;

// One report: rates derived from the relaxations done so far.
inline ApspProgress MakeProgress(std::string worker, std::string schedule, std::size_t done, std::size_t total,
                                 double seconds, double relaxations, double ceiling) {
  ApspProgress p;
  p.worker = std::move(worker);
  p.schedule = std::move(schedule);
  p.rounds_done = done;
  p.rounds_total = total;
  p.seconds = seconds;
  p.relaxations = relaxations;
  p.relax_per_second = seconds > 0 ? relaxations / seconds : 0;
  p.ceiling_relax_per_second = ceiling;
  return p;
}

// The measured min-plus ceilings of docs/../anchors (H100, relaxations/s) by
// element width, for the GPU workers' ceiling_fraction.
inline constexpr double kH100CeilingInt32 = 1.60e13;
inline constexpr double kH100CeilingInt16 = 3.19e13;
inline constexpr double kH100CeilingFloat32 = 1.30e13;

}  // namespace gdist
