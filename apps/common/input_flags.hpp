// The input flags gconvert, gapsp and gcenter share (--from, --undirected,
// --duplicates, --type, the reader bounds, OpenStreetMap's --profile and
// --weight), bound to one InputOptions.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "apps/common/osm_flags.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/util/error.hpp"

namespace gdist {

struct InputFlags {
  std::string from = "auto";
  bool undirected = false;
  std::string duplicates;  // empty: the format's default
  std::string type = "auto";
  InputLimits limits;
  OsmFlags osm;
  std::string largest_component;  // empty: the whole graph (gconvert, gapsp: AddLargestComponent)

  void Add(CLI::App& app) {
    app.add_option(
           "--from", from,
           "input format: auto, dimacs (gr, pace), edgelist (snap, csv, tsv, el), mtx, nthu, orlib (pmed), metis,\n"
           "osm (pbf)")
        ->capture_default_str();
    app.add_flag("--undirected", undirected,
                 "every edge stands for both arcs (edge lists, DIMACS and general Matrix Market are directed\n"
                 "otherwise: a note on stderr says when no arc has its reverse or the header says undirected)");
    app.add_option("--duplicates", duplicates,
                   "parallel arcs: min (default) or last (OR-Library's convention, its default)")
        ->check(CLI::IsMember({"min", "last"}));
    app.add_option("--type", type, "element type: auto, int32, int64, float32, float64")
        ->check(CLI::IsMember({"auto", "int32", "int64", "float32", "float64"}))
        ->capture_default_str();
    app.add_option("--max-line-bytes", limits.max_line_bytes,
                   "longest input line accepted (0: no limit); guards against binary or unbroken text")
        ->capture_default_str();
    app.add_option("--max-gzip-ratio", limits.max_gzip_ratio,
                   "largest decompressed/compressed size ratio of gzip input (0: no limit); guards against gzip bombs")
        ->capture_default_str();
    osm.Add(app);
  }

  // gcenter has its own --largest-component (applied to its CSR graph).
  void AddLargestComponent(CLI::App& app) {
    app.add_option("--largest-component", largest_component,
                   "graph inputs: keep only the largest strong or weak component (labels kept); for road\n"
                   "extracts cut at a border")
        ->check(CLI::IsMember({"strong", "weak"}));
  }

  // --profile/--weight given for an input that is not OpenStreetMap: refused.
  void RefuseOsmFlagsUnlessOsm(const std::string& in) const {
    InputFormat f = InputFormat::kAuto;
    ParseInputFormat(from, &f);
    osm.RefuseUnlessOsm(in, f);
  }

  InputOptions Options() const {
    InputOptions o;
    if (!ParseInputFormat(from, &o.read.format)) throw Error("--from: unknown format '" + from + "'");
    o.read.undirected = undirected;
    o.read.limits = limits;
    osm.Apply(&o.read);
    if (!largest_component.empty())
      o.largest_component = largest_component == "weak" ? ComponentKind::kWeak : ComponentKind::kStrong;
    if (!duplicates.empty()) {
      DuplicatePolicy p;
      ParseDuplicatePolicy(duplicates, &p);
      o.duplicates = p;
    }
    if (type != "auto") {
      ElementType t;
      ParseElementType(type, &t);
      o.type = t;
    }
    return o;
  }
};

}  // namespace gdist
