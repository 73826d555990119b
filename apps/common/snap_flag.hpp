// --snap arc|vertex, for every tool that reads --places: where a place joins
// the network (lib/pipeline/place_attach.hpp; docs/FORMATS-INPUT.md, "Places").
#pragma once
#include <CLI/CLI.hpp>
#include <map>
#include <string>

#include "lib/pipeline/place_snap.hpp"

namespace gdist {

inline CLI::Option* AddSnapFlag(CLI::App& app, SnapMode& mode) {
  static const std::map<std::string, SnapMode> kModes{{"arc", SnapMode::kArc}, {"vertex", SnapMode::kVertex}};
  return app
      .add_option("--snap", mode,
                  "with --places: arc (default) joins each place to the nearest point of an arc, splitting it\n"
                  "there; vertex to the nearest vertex (junction or way end), as before")
      ->transform(CLI::CheckedTransformer(kModes, CLI::ignore_case))
      ->default_str("arc");
}

}  // namespace gdist
