// gcenter's picture flags: --svg, --histogram and --coordinates, bound to the
// run's PictureRequest (lib/pipeline/center_pictures.hpp draws them).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "lib/pipeline/center_pictures.hpp"

namespace gdist {

inline void AddPictureFlags(CLI::App& app, PictureRequest& pictures, const std::string& group) {
  app.add_option("--svg", pictures.svg,
                 "draw the graph to FILE (SVG): the sites of the first siting model asked for, each demand\n"
                 "coloured by the site serving it, the center ringed; positions from --coordinates, else a\n"
                 "layout of the distances")
      ->group(group);
  app.add_option("--histogram", pictures.histogram, "plot the distance distribution to FILE (SVG)")->group(group);
  app.add_option("--coordinates", pictures.coordinates,
                 "vertex positions for --svg: DIMACS .co ('v id x y') or 'label x y' lines (default: a .co\n"
                 "beside a .gr input)")
      ->group(group);
}

}  // namespace gdist
