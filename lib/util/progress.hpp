// Progress on stderr for long runs: a one-line bar with done/total, rate and
// ETA, redrawn at most ten times a second. Shown when stderr is a terminal
// (or --progress forces it); never in a pipe or a log unless forced; -q
// silences it. One process-wide mode, set once by the app from its flags.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace gdist {

enum class ProgressMode { kAuto, kAlways, kNever };

void SetProgressMode(ProgressMode mode);
// True when bars and the pre-run estimate line should be drawn now.
bool ProgressEnabled();
// Bars redraw in place on a terminal; forced into a file or pipe they print a
// plain line at most once a second and at the end.
bool StderrIsTerminal();
// -q: notes on stderr (backend choice, layouts, timings) are left out too;
// errors are always printed.
void SetQuiet(bool quiet);
bool Quiet();

// One task with a known amount of work (rows, rounds, trees, iterations).
// Add() is safe from many threads; drawing happens on the thread whose Add()
// crosses the redraw interval, under a mutex, so workers never wait on I/O.
class ProgressBar {
 public:
  // `unit` names what `total` counts ("rounds", "trees", "MB"); `scale`
  // converts it for the rate ("relax/s" with scale = n*n*tile, say).
  ProgressBar(std::string label, std::uint64_t total, std::string unit = "", double rate_scale = 1.0,
              std::string rate_unit = "");
  ~ProgressBar();  // draws the final state and ends the line (when the bar was shown)
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void Add(std::uint64_t done);
  void Set(std::uint64_t done);
  // Text after the rate ("best 1234", "gap 0.4%"); drawn with the next update.
  void SetDetail(std::string detail);
  // The work began `seconds` before the bar was made (an engine that reports
  // only after its first round): rate and ETA count from then.
  void Backdate(double seconds);
  bool visible() const { return visible_; }

  // The line as it would be drawn, for tests (no terminal needed).
  std::string Render(std::uint64_t done, double elapsed_s, int width) const;

 private:
  void MaybeDraw(bool final);

  std::string label_, unit_, rate_unit_;
  std::uint64_t total_;
  double rate_scale_;
  bool visible_;
  std::atomic<std::uint64_t> done_{0};
  std::atomic<std::int64_t> next_draw_ns_{0};
  std::atomic<bool> drawn_{false};
  std::chrono::steady_clock::time_point start_;
  std::mutex draw_mutex_;  // guards detail_ and the drawing
  std::string detail_;
};

// "1.2 GB", "35 s", "2:05", "1.6e13": compact numbers for progress lines.
std::string HumanDuration(double seconds);
std::string HumanBytes(double bytes);
std::string HumanRate(double per_second);

// The one line before a long run, "TOOL: needs about X of memory, estimated
// T (PARTS)": printed when progress is shown and the run is estimated to take
// at least kLongRunSeconds; --progress (forced) prints it for any run.
// `parts` says what T holds (reading, the engine, writing); empty: nothing.
inline constexpr double kLongRunSeconds = 2.0;
void PrintEstimate(const std::string& tool, double bytes, double seconds, const std::string& parts = "");
// True under --progress: bars and the estimate line whatever the run's length.
bool ProgressForced();

}  // namespace gdist
