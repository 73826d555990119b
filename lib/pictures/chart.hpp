// Charts for the reports: a distance histogram (bars) and an objective curve
// (a line with points, for gcenter's p sweeps). One frame type draws the axes,
// ticks and labels for both, so the two pictures look alike.
#pragma once
#include <string>
#include <vector>

#include "lib/pictures/svg_document.hpp"

namespace gdist {

struct ChartText {
  std::string title, x_label, y_label;
};

// Data -> pixel mapping with axes drawn into a document.
class ChartFrame {
 public:
  ChartFrame(SvgDocument& doc, double x_lo, double x_hi, double y_lo, double y_hi, const ChartText& text);
  double X(double v) const;
  double Y(double v) const;

 private:
  double left_, right_, top_, bottom_;
  double x_lo_, x_hi_, y_lo_, y_hi_;
};

// Bars: bin b spans [min + b*width, min + (b+1)*width) and holds counts[b].
std::string HistogramSvg(double min, double bin_width, const std::vector<double>& counts, const ChartText& text);

// A line through (x[i], y[i]) with a marker on every point.
std::string CurveSvg(const std::vector<double>& x, const std::vector<double>& y, const ChartText& text);

}  // namespace gdist
