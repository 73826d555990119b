#include "lib/pipeline/input_component.hpp"

#include <cerrno>  // program_invocation_short_name
#include <iostream>
#include <vector>

#include "lib/sparse/csr_graph.hpp"
#include "lib/util/progress.hpp"
#include "lib/util/terminal_text.hpp"

namespace gdist {

std::size_t KeepLargestComponent(Graph* g, ComponentKind kind) {
  std::vector<std::uint32_t> component;
  std::uint32_t largest = 0, count = 0;
  {
    const CsrGraph<double> csr = BuildCsrGraph<double>(*g);  // connectivity only; freed at once
    Components c = FindComponents(csr, kind);
    component = std::move(c.id);
    largest = c.largest;
    count = c.count;
  }
  if (count <= 1) return 0;
  constexpr std::uint32_t kGone = 0xFFFFFFFFu;
  std::vector<std::uint32_t> new_id(g->n, kGone);
  std::vector<std::string> labels;
  std::vector<std::pair<double, double>> lon_lat;
  for (std::size_t v = 0; v < g->n; ++v) {
    if (component[v] != largest) continue;
    new_id[v] = static_cast<std::uint32_t>(labels.size());
    labels.push_back(g->labels.label(v));
    if (!g->lon_lat.empty()) lon_lat.push_back(g->lon_lat[v]);
  }
  std::size_t kept_arcs = 0;
  for (std::size_t i = 0; i < g->edges.size(); ++i) {
    const Edge& e = g->edges[i];
    if (new_id[e.from] == kGone || new_id[e.to] == kGone) continue;
    if (!g->exact_weights.empty()) g->exact_weights[kept_arcs] = g->exact_weights[i];
    if (!g->shapes.empty()) g->shapes.edge_shape[kept_arcs] = g->shapes.edge_shape[i];
    g->edges[kept_arcs++] = {new_id[e.from], new_id[e.to], e.weight};
  }
  g->edges.resize(kept_arcs);
  if (!g->exact_weights.empty()) g->exact_weights.resize(kept_arcs);
  if (!g->shapes.empty()) g->shapes.edge_shape.resize(kept_arcs);  // the shapes of arcs gone stay, unused
  const std::size_t dropped = g->n - labels.size();
  g->n = labels.size();
  g->labels = VertexLabels::FromStrings(std::move(labels));
  g->lon_lat = std::move(lon_lat);
  return dropped;
}

Graph ReadInputGraph(const std::string& path, const InputOptions& options) {
  Graph g = ReadGraph(path, options.read);
  if (options.exact_decimals && !options.type) ScaleDecimalWeights(g);
  if (!options.largest_component) return g;
  const std::size_t before = g.n;
  const std::size_t dropped = KeepLargestComponent(&g, *options.largest_component);
  if (!Quiet())
    std::cerr << program_invocation_short_name << ": note: " << TerminalText(path) << ": the largest "
              << (*options.largest_component == ComponentKind::kStrong ? "strong" : "weak") << " component keeps "
              << g.n << " of " << before << " vertices (" << dropped << " left out)\n";
  return g;
}

}  // namespace gdist
