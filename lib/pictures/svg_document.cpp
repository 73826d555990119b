#include "lib/pictures/svg_document.hpp"

#include <cmath>
#include <cstdio>

namespace gdist {
namespace {

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

}  // namespace

std::string XmlEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // Control characters are not allowed in XML 1.0 text.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n') out += c;
    }
  }
  return out;
}

std::string CategoryColor(std::size_t i) {
  // Paul Tol's "muted" and "bright" qualitative schemes: distinguishable, colour-blind safe.
  static const char* kPalette[] = {"#332288", "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77",
                                   "#CC6677", "#882255", "#AA4499", "#4477AA", "#EE6677", "#228833"};
  constexpr std::size_t kCount = sizeof kPalette / sizeof kPalette[0];
  if (i < kCount) return kPalette[i];
  char buf[40];
  std::snprintf(buf, sizeof buf, "hsl(%d,60%%,45%%)", int((i * 137.508) + 0.5) % 360);  // golden-angle hues
  return buf;
}

std::vector<double> NiceTicks(double lo, double hi, int count) {
  std::vector<double> ticks;
  if (!(hi > lo) || count < 1) {
    ticks.push_back(lo);
    return ticks;
  }
  const double raw = (hi - lo) / count;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double f : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    step = f * mag;
    if (step >= raw) break;
  }
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push_back(t);
  return ticks;
}

SvgDocument::SvgDocument(double width, double height) : width_(width), height_(height) {}

void SvgDocument::Append(std::initializer_list<std::string_view> pieces) {
  for (std::string_view piece : pieces) body_.append(piece);
}

void SvgDocument::Rect(double x, double y, double w, double h, std::string_view fill, std::string_view stroke) {
  Append({"<rect x=\"", Num(x), "\" y=\"", Num(y), "\" width=\"", Num(w), "\" height=\"", Num(h), "\" fill=\"", fill,
          "\" stroke=\"", stroke, "\"/>\n"});
}

void SvgDocument::Circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke,
                         double stroke_width) {
  Append({"<circle cx=\"", Num(cx), "\" cy=\"", Num(cy), "\" r=\"", Num(r), "\" fill=\"", fill, "\""});
  if (stroke != "none") Append({" stroke=\"", stroke, "\" stroke-width=\"", Num(stroke_width), "\""});
  Append({"/>\n"});
}

void SvgDocument::Line(double x1, double y1, double x2, double y2, std::string_view stroke, double width,
                       double opacity) {
  Append({"<line x1=\"", Num(x1), "\" y1=\"", Num(y1), "\" x2=\"", Num(x2), "\" y2=\"", Num(y2), "\" stroke=\"", stroke,
          "\" stroke-width=\"", Num(width), "\""});
  if (opacity < 1) Append({" stroke-opacity=\"", Num(opacity), "\""});
  Append({"/>\n"});
}

void SvgDocument::Polyline(const std::vector<std::pair<double, double>>& points, std::string_view stroke,
                           double width) {
  Append({"<polyline fill=\"none\" stroke=\"", stroke, "\" stroke-width=\"", Num(width), "\" points=\""});
  for (const auto& [x, y] : points) Append({Num(x), ",", Num(y), " "});
  Append({"\"/>\n"});
}

void SvgDocument::Text(double x, double y, std::string_view text, double size, std::string_view anchor,
                       std::string_view fill) {
  Append({"<text x=\"", Num(x), "\" y=\"", Num(y), "\" font-size=\"", Num(size),
          "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" text-anchor=\"", anchor, "\" fill=\"", fill,
          "\">", XmlEscape(text), "</text>\n"});
}

void SvgDocument::Title(std::string_view text) { title_ = XmlEscape(text); }

void SvgDocument::BeginGroup(std::string_view id) { Append({"<g id=\"", XmlEscape(id), "\">\n"}); }

void SvgDocument::EndGroup() { Append({"</g>\n"}); }

std::string SvgDocument::Finish() const {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(Num(width_));
  out.append("\" height=\"").append(Num(height_)).append("\" viewBox=\"0 0 ").append(Num(width_)).append(" ");
  out.append(Num(height_));
  out.append("\">\n");
  if (!title_.empty()) out.append("<title>").append(title_).append("</title>\n");
  out.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
  out.append(body_);
  out.append("</svg>\n");
  return out;
}

}  // namespace gdist
