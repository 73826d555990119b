#include "lib/util/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gdist {
namespace {

std::atomic<ProgressMode> g_mode{ProgressMode::kAuto};
std::atomic<bool> g_quiet{false};
constexpr std::int64_t kRedrawNs = 100'000'000;     // 10 redraws a second keep a slow terminal cheap
constexpr std::int64_t kLogLineNs = 1'000'000'000;  // forced into a file or pipe: a line a second
// On a terminal a bar appears only once its task has run this long, so quick
// runs print nothing (as ripgrep and hyperfine); --progress draws at once.
constexpr std::int64_t kFirstDrawNs = 500'000'000;

int TerminalWidth() {
  winsize w{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 20) return w.ws_col;
  return 80;
}

std::string Fixed(double v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace

void SetProgressMode(ProgressMode mode) { g_mode.store(mode); }

void SetQuiet(bool quiet) { g_quiet.store(quiet); }
bool Quiet() { return g_quiet.load(); }

bool ProgressEnabled() {
  switch (g_mode.load()) {
    case ProgressMode::kAlways: return true;
    case ProgressMode::kNever: return false;
    case ProgressMode::kAuto: break;
  }
  return StderrIsTerminal();
}

bool StderrIsTerminal() {
  static const bool tty = isatty(STDERR_FILENO) == 1;
  return tty;
}

std::string HumanDuration(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  if (s < 10) return Fixed(s, 1) + " s";
  const long total = std::lround(s);
  const long h = total / 3600, m = total / 60 % 60, sec = total % 60;
  char buf[32];
  if (h) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", h, m, sec);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", m, sec);
  return buf;
}

std::string HumanBytes(double b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  while (b >= 1024 && u < 5) {
    b /= 1024;
    ++u;
  }
  return Fixed(b, u == 0 ? 0 : 1) + " " + units[u];
}

std::string HumanRate(double r) {
  if (!std::isfinite(r)) return "?";
  if (r < 1e5) return Fixed(r, r < 10 ? 2 : 0);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2e", r);
  return buf;
}

bool ProgressForced() { return g_mode.load() == ProgressMode::kAlways; }

void PrintEstimate(const std::string& tool, double bytes, double seconds, const std::string& parts) {
  if (!ProgressEnabled() || !(seconds >= kLongRunSeconds || ProgressForced())) return;
  std::fprintf(stderr, "%s: needs about %s of memory, estimated %s%s\n", tool.c_str(), HumanBytes(bytes).c_str(),
               HumanDuration(seconds).c_str(), parts.empty() ? "" : (" (" + parts + ")").c_str());
}

ProgressBar::ProgressBar(std::string label, std::uint64_t total, std::string unit, double rate_scale,
                         std::string rate_unit)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      rate_unit_(std::move(rate_unit)),
      total_(total),
      rate_scale_(rate_scale),
      visible_(ProgressEnabled()),
      start_(std::chrono::steady_clock::now()) {
  if (!visible_) return;
  if (g_mode.load() == ProgressMode::kAlways) MaybeDraw(false);
  else next_draw_ns_.store(kFirstDrawNs);
}

ProgressBar::~ProgressBar() {
  if (!visible_ || !drawn_.load()) return;
  MaybeDraw(true);
  if (StderrIsTerminal()) std::fputc('\n', stderr);
  std::fflush(stderr);
}

void ProgressBar::Add(std::uint64_t done) {
  done_.fetch_add(done, std::memory_order_relaxed);
  if (visible_) MaybeDraw(false);
}

void ProgressBar::Set(std::uint64_t done) {
  done_.store(done, std::memory_order_relaxed);
  if (visible_) MaybeDraw(false);
}

std::string ProgressBar::Render(std::uint64_t done, double elapsed, int width) const {
  const bool known = total_ > 0, bytes = unit_ == "B";
  if (known) done = std::min(done, total_);
  const double frac = known ? double(done) / double(total_) : 0.0;
  auto count = [&](std::uint64_t v) { return bytes ? HumanBytes(double(v)) : std::to_string(v); };
  // Built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string temporaries.
  std::string tail = " ";
  if (known) tail.append(Fixed(100 * frac, 0)).append("%");
  if (!unit_.empty()) {
    if (known) tail.append(" ");
    tail.append(count(done));
    if (known) tail.append("/").append(count(total_));
    if (!bytes) tail.append(" ").append(unit_);
  }
  if (elapsed > 0 && done > 0) {
    const double rate = double(done) * rate_scale_ / elapsed;
    if (bytes && rate_unit_.empty()) {
      tail.append("  ").append(HumanBytes(rate)).append("/s");
    } else if (!unit_.empty() || !rate_unit_.empty()) {  // a bare fraction has no rate
      tail.append("  ").append(HumanRate(rate)).append(" ");
      if (rate_unit_.empty()) tail.append(unit_).append("/s");
      else tail.append(rate_unit_);
    }
    if (known && done < total_)
      tail.append("  ETA ").append(HumanDuration(elapsed * double(total_ - done) / double(done)));
    else tail.append("  ").append(HumanDuration(elapsed));
  }
  if (!detail_.empty()) tail.append("  ").append(detail_);
  const std::string head = label_ + (known ? " [" : "");
  if (!known) return head + tail;
  const int bar = std::max(10, width - 1 - int(head.size()) - 1 - int(tail.size()));
  const int filled = int(std::floor(frac * bar));
  return head + std::string(filled, '#') + std::string(bar - filled, '.') + "]" + tail;
}

void ProgressBar::SetDetail(std::string detail) {
  {
    std::lock_guard lock(draw_mutex_);
    detail_ = std::move(detail);
  }
  if (visible_) MaybeDraw(false);
}

void ProgressBar::Backdate(double seconds) {
  if (seconds > 0)
    start_ -= std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

void ProgressBar::MaybeDraw(bool final) {
  const std::int64_t now =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_).count();
  std::int64_t due = next_draw_ns_.load(std::memory_order_relaxed);
  const bool tty = StderrIsTerminal();
  if (!final && (now < due || !next_draw_ns_.compare_exchange_strong(due, now + (tty ? kRedrawNs : kLogLineNs))))
    return;
  std::lock_guard lock(draw_mutex_);
  const std::string line = Render(done_.load(std::memory_order_relaxed), now * 1e-9, TerminalWidth());
  drawn_.store(true);
  // A terminal redraws the line in place (\x1b[K clears what a longer line left); a log gets lines.
  if (tty) std::fprintf(stderr, "\r%s\x1b[K", line.c_str());
  else std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

}  // namespace gdist
