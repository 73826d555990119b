// gcenter's picture flags: --svg, --histogram and --coordinates, bound to the
// run's PictureRequest (lib/pipeline/center_pictures.hpp draws them).
#pragma once
#include <CLI/CLI.hpp>
#include <cctype>
#include <string>

#include "lib/pipeline/center_pictures.hpp"
#include "lib/util/error.hpp"

namespace gdist {

// A picture's name says what it holds: SVG files end in .svg ('-': stdout).
inline void CheckPictureName(const std::string& flag, const std::string& path) {
  if (path.empty() || path == "-") return;
  std::string ext = path.size() >= 4 ? path.substr(path.size() - 4) : "";
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext != ".svg")
    throw Error(flag + ": writes SVG, so FILE must end in .svg (got '" + path + "'); convert it after, e.g. " +
                "rsvg-convert -o map.png map.svg");
}

// After parsing: the names checked, and whether the histogram's bins go in the report.
inline void CheckPictureFlags(const CLI::App& app, PictureRequest& pictures, const std::string& curve) {
  pictures.histogram_text = app.count("--histogram") > 0;
  CheckPictureName("--svg", pictures.svg);
  CheckPictureName("--histogram", pictures.histogram);
  CheckPictureName("--curve", curve);
}

inline void AddPictureFlags(CLI::App& app, PictureRequest& pictures, const std::string& group) {
  app.add_option("--svg", pictures.svg,
                 "draw the graph to FILE (SVG): the sites of the first siting model asked for, each demand\n"
                 "coloured by the site serving it, the center ringed, a legend and a scale bar; positions from\n"
                 "the input's coordinates (OSM, a .co, --coordinates), else a layout of the distances; with\n"
                 "coordinates, siting on --candidates rows draws it without the n x n matrix")
      ->group(group);
  app.add_option("--histogram", pictures.histogram,
                 "print the distance histogram's bins in the report; with FILE (.svg), also plot it there")
      ->expected(0, 1)
      ->group(group);
  app.add_option("--coordinates", pictures.coordinates,
                 "vertex positions for --svg and --geojson: DIMACS .co ('v id x y') or 'label x y' lines\n"
                 "(--geojson: longitude latitude; default: a .co beside a .gr input)")
      ->group(group);
}

}  // namespace gdist
