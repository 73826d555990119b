// gpath DIST --from U [--to V]: shortest routes from a distance matrix written
// by `gapsp --paths` (its next-hop section), in the input's vertex labels.
#include <iostream>
#include <sstream>

#include "apps/common/app_main.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/paths/route.hpp"
#include "lib/util/format_number.hpp"

namespace {

std::size_t Vertex(const gdist::VertexLabels& labels, const std::string& label, const std::string& flag) {
  auto v = labels.find(label);
  if (!v) throw gdist::Error(flag + ": no vertex labelled '" + label + "' in the matrix");
  return *v;
}

template <class T> int PrintRoute(const gdist::MappedMatrixFile& file, std::size_t from, std::size_t to, bool json) {
  const auto& labels = file.info().meta.labels;
  auto route = gdist::FindRoute(file.view<T>(), file.next_hops(), from, to);
  if (!route) {
    std::cerr << "gpath: no path from " << labels.label(from) << " to " << labels.label(to) << "\n";
    return gdist::kExitCheckFailed;
  }
  if (json) {
    gdist::JsonWriter w(std::cout);
    w.BeginObject();
    w.Key("from");
    gdist::WriteLabel(w, labels, from);
    w.Key("to");
    gdist::WriteLabel(w, labels, to);
    w.Key("length").Value(route->length);
    w.Key("hops").Number(static_cast<double>(route->weights.size()));
    w.Key("vertices").BeginArray();
    for (auto v : route->vertices) gdist::WriteLabel(w, labels, v);
    w.EndArray();
    w.Key("weights").BeginArray();
    for (auto x : route->weights) w.Value(x);
    w.EndArray();
    w.EndObject();
    std::cout << "\n";
  } else {
    std::cout << "length " << gdist::ExactText(route->length) << ", " << route->weights.size() << " arcs\n";
    for (std::size_t k = 0; k < route->vertices.size(); ++k) {
      std::cout << labels.label(route->vertices[k]);
      if (k < route->weights.size()) std::cout << " -(" << gdist::ExactText(route->weights[k]) << ")-> ";
    }
    std::cout << "\n";
  }
  return gdist::kExitOk;
}

template <class T> int PrintTree(const gdist::MappedMatrixFile& file, std::size_t from) {
  const auto& labels = file.info().meta.labels;
  const auto d = file.view<T>();
  const auto next = file.next_hops();
  std::ostringstream out;
  out << "target,distance,next_hop,hops\n";
  for (std::size_t t = 0; t < d.n; ++t) {
    out << labels.label(t) << ',';
    auto route = gdist::FindRoute(d, next, from, t);
    if (route) {
      out << gdist::ExactText(route->length) << ',';
      if (t != from) out << labels.label(route->vertices[1]);
      out << ',' << route->weights.size();
    } else {
      out << ",,";
    }
    out << '\n';
  }
  std::cout << out.str();
  return gdist::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Shortest routes from a distance matrix written by 'gapsp --paths'.", "gpath"};
  std::string in, from, to;
  bool json = false;
  app.add_option("DIST", in, "distance matrix file with a next-hop section")->required();
  app.add_option("--from", from, "source vertex (input label)")->required();
  app.add_option("--to", to, "target vertex; without it, the shortest-path tree from --from as CSV");
  app.add_flag("--json", json, "machine-readable route");
  app.footer(
      "EXIT STATUS: 0 route printed, 1 no path exists, 2 bad input or label.\n"
      "EXAMPLES:\n  gapsp rome99.gr dist.gdm --paths\n  gpath dist.gdm --from 1 --to 3353\n"
      "  gpath dist.gdm --from 1 > tree.csv");
  return gdist::RunApp(app, argc, argv, [&]() -> int {
    gdist::MappedMatrixFile file(in);
    const auto& info = file.info();
    if (info.meta.kind != gdist::MatrixKind::kDistance)
      throw gdist::Error(in + ": is an adjacency matrix; run gapsp --paths on it first");
    if (!file.next_hops().data)
      throw gdist::Error(in + ": has no next-hop section; write it with 'gapsp IN OUT --paths'");
    const std::size_t u = Vertex(info.meta.labels, from, "--from");
    return gdist::DispatchElement(info.type, [&](auto zero) {
      using T = decltype(zero);
      if (to.empty()) return PrintTree<T>(file, u);
      return PrintRoute<T>(file, u, Vertex(info.meta.labels, to, "--to"), json);
    });
  });
}
