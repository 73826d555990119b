#include "lib/pictures/chart.hpp"

#include <algorithm>
#include <cmath>

#include "lib/util/format_number.hpp"

namespace gdist {
namespace {

constexpr double kWidth = 720, kHeight = 440;

std::string TickLabel(double v) {
  // Large values read better as 1.2e+06 than as seven digits under a tick.
  if (std::fabs(v) >= 1e6) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
  }
  return FormatNumber(v);
}

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
    doc.Text(X(t), bottom_ + 19, TickLabel(t), 11, "middle");
  }
  for (double t : NiceTicks(y_lo_, y_hi_, 6)) {
    doc.Line(left_ - 5, Y(t), left_, Y(t), "#444", 1);
    doc.Line(left_, Y(t), right_, Y(t), "#ddd", 1);
    doc.Text(left_ - 8, Y(t) + 4, TickLabel(t), 11, "end");
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
  for (std::size_t i = 0; i < pts.size(); ++i)
    doc.Text(pts[i].first, pts[i].second - 9, FormatNumber(y[i]), 10, "middle");
  return doc.Finish();
}

}  // namespace gdist
