// A small SVG 1.1 document builder: the handful of shapes gdist's pictures
// use (circles, lines, polylines, rectangles, text). Hand-written rather than
// a drawing library (cairo's SVG surface would do it) because SVG is plain
// XML text and these five elements are all we emit; no new dependency.
#pragma once
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gdist {

class SvgDocument {
 public:
  SvgDocument(double width, double height);

  void Rect(double x, double y, double w, double h, std::string_view fill, std::string_view stroke = "none");
  void Circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke = "none",
              double stroke_width = 0);
  void Line(double x1, double y1, double x2, double y2, std::string_view stroke, double width, double opacity = 1.0);
  void Polyline(const std::vector<std::pair<double, double>>& points, std::string_view stroke, double width);
  // anchor: "start", "middle" or "end".
  void Text(double x, double y, std::string_view text, double size, std::string_view anchor = "start",
            std::string_view fill = "#222");
  // A <title> tooltip on the last shape is not needed; a document title is.
  void Title(std::string_view text);
  // <g id="..."> around the shapes drawn until EndGroup: names a layer (the
  // map's sites, legend, scale) for readers and tests.
  void BeginGroup(std::string_view id);
  void EndGroup();

  // The whole document, ready to write.
  std::string Finish() const;

  double width() const { return width_; }
  double height() const { return height_; }

 private:
  // Appends the pieces in order; temporaries in the list live to the end of the call.
  void Append(std::initializer_list<std::string_view> pieces);

  double width_, height_;
  std::string title_;
  std::string body_;
};

// XML-escaped text (&, <, >, ", ').
std::string XmlEscape(std::string_view s);

// A categorical colour for index i (a 12-colour qualitative palette, then hues).
std::string CategoryColor(std::size_t i);

// "nice" axis ticks covering [lo, hi], about `count` of them.
std::vector<double> NiceTicks(double lo, double hi, int count);

}  // namespace gdist
