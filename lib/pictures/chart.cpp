#include "lib/pictures/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "lib/util/format_number.hpp"

namespace gdist {
namespace {

constexpr double kWidth = 720, kHeight = 440;

// Labels stay short enough for the margin and the points: below 10,000 the
// number itself, above it three significant digits and an SI suffix (31M, 1.5k).
std::string ChartLabel(double v) {
  const double a = std::fabs(v);
  if (a < 1e4 || !std::isfinite(v)) return FormatNumber(v);
  static const char* const kSuffix[] = {"k", "M", "G", "T", "P", "E"};
  int power = 0;
  double scaled = a;
  while (scaled >= 999.5 && power < 6) {
    scaled /= 1000;
    ++power;
  }
  if (scaled >= 999.5) {  // past the suffixes: scientific
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", scaled < 10 ? 2 : scaled < 100 ? 1 : 0, scaled);
  std::string digits = buf;
  if (digits.find('.') != std::string::npos) {  // 1.50 -> 1.5, 20.0 -> 20
    digits.erase(digits.find_last_not_of('0') + 1);
    if (digits.back() == '.') digits.pop_back();
  }
  return (v < 0 ? "-" : "") + digits + kSuffix[power - 1];
}

// About how wide a label is drawn (sans-serif digits are near 0.6 em).
double LabelWidth(const std::string& label, double size) { return 0.6 * size * static_cast<double>(label.size()); }

}  // namespace

ChartFrame::ChartFrame(SvgDocument& doc, double x_lo, double x_hi, double y_lo, double y_hi, const ChartText& text)
    : left_(80),
      right_(doc.width() - 24),
      top_(48),
      bottom_(doc.height() - 56),
      x_lo_(x_lo),
      x_hi_(x_hi > x_lo ? x_hi : x_lo + 1),
      y_lo_(y_lo),
      y_hi_(y_hi > y_lo ? y_hi : y_lo + 1) {
  doc.Title(text.title);
  doc.Text(doc.width() / 2, 28, text.title, 16, "middle");
  doc.Line(left_, bottom_, right_, bottom_, "#444", 1);
  doc.Line(left_, top_, left_, bottom_, "#444", 1);
  for (double t : NiceTicks(x_lo_, x_hi_, 8)) {
    doc.Line(X(t), bottom_, X(t), bottom_ + 5, "#444", 1);
    doc.Text(X(t), bottom_ + 19, ChartLabel(t), 11, "middle");
  }
  for (double t : NiceTicks(y_lo_, y_hi_, 6)) {
    doc.Line(left_ - 5, Y(t), left_, Y(t), "#444", 1);
    doc.Line(left_, Y(t), right_, Y(t), "#ddd", 1);
    doc.Text(left_ - 8, Y(t) + 4, ChartLabel(t), 11, "end");
  }
  doc.Text((left_ + right_) / 2, doc.height() - 14, text.x_label, 13, "middle");
  doc.Text(16, top_ - 14, text.y_label, 13, "start");
}

double ChartFrame::X(double v) const { return left_ + (v - x_lo_) / (x_hi_ - x_lo_) * (right_ - left_); }
double ChartFrame::Y(double v) const { return bottom_ - (v - y_lo_) / (y_hi_ - y_lo_) * (bottom_ - top_); }

std::string HistogramSvg(double min, double bin_width, const std::vector<double>& counts, const ChartText& text) {
  SvgDocument doc(kWidth, kHeight);
  const double top = counts.empty() ? 1 : *std::max_element(counts.begin(), counts.end());
  const double x_hi = min + bin_width * double(std::max<std::size_t>(counts.size(), 1));
  ChartFrame frame(doc, min, x_hi, 0, top > 0 ? top * 1.05 : 1, text);
  for (std::size_t b = 0; b < counts.size(); ++b) {
    if (counts[b] <= 0) continue;
    const double x0 = frame.X(min + bin_width * double(b)), x1 = frame.X(min + bin_width * double(b + 1));
    const double y = frame.Y(counts[b]);
    doc.Rect(x0, y, std::max(0.5, x1 - x0 - 1), frame.Y(0) - y, "#4477AA");
  }
  return doc.Finish();
}

std::string CurveSvg(const std::vector<double>& x, const std::vector<double>& y, const ChartText& text) {
  SvgDocument doc(kWidth, kHeight);
  double x_lo = 0, x_hi = 1, y_lo = 0, y_hi = 1;
  if (!x.empty()) {
    x_lo = *std::min_element(x.begin(), x.end());
    x_hi = *std::max_element(x.begin(), x.end());
    y_hi = *std::max_element(y.begin(), y.end());
    const double pad = (x_hi - x_lo) * 0.05 + (x_hi == x_lo ? 1 : 0);
    x_lo -= pad;
    x_hi += pad;
  }
  ChartFrame frame(doc, x_lo, x_hi, y_lo, y_hi > 0 ? y_hi * 1.08 : 1, text);
  std::vector<std::pair<double, double>> pts;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) pts.emplace_back(frame.X(x[i]), frame.Y(y[i]));
  doc.Polyline(pts, "#CC6677", 2);
  for (const auto& [px, py] : pts) doc.Circle(px, py, 4, "#CC6677");
  // Each point's value above it, kept inside the picture at both ends.
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const std::string label = ChartLabel(y[i]);
    const double half = LabelWidth(label, 10) / 2 + 2;
    doc.Text(std::clamp(pts[i].first, half, doc.width() - half), std::max(12.0, pts[i].second - 9), label, 10,
             "middle");
  }
  return doc.Finish();
}

}  // namespace gdist
