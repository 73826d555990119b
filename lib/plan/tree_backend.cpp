#include "lib/plan/tree_backend.hpp"

#include "lib/plan/cost_model.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

bool IsGpuRowType(ElementType type) { return type == ElementType::kInt32 || type == ElementType::kFloat32; }

namespace {

std::string NoGpuRowsFor(ElementType type) {
  return std::string("this graph's distances are ") + ElementName(type) + " and the GPU trees hold int32 or float32";
}

}  // namespace

GpuTreeKind GpuTreeKindFor(ElementType type, TreeMethod method) {
  switch (method) {
    case TreeMethod::kBfs: return {GpuTreeKind::kBfs, ""};
    case TreeMethod::kJohnsonRadix:
    case TreeMethod::kJohnsonBinaryHeap:
      return {GpuTreeKind::kNone, "this graph has negative arcs, whose trees need Johnson's potentials on the CPU"};
    case TreeMethod::kDijkstraRadix:
    case TreeMethod::kDijkstraBinaryHeap: break;
  }
  if (IsGpuRowType(type)) return {GpuTreeKind::kWeighted, ""};
  return {GpuTreeKind::kNone, NoGpuRowsFor(type)};
}

GpuTreeKind GpuRowsKindFor(ElementType type, TreeMethod method) {
  GpuTreeKind kind = GpuTreeKindFor(type, method);
  if (!IsGpuRowType(type) && kind.kind == GpuTreeKind::kBfs) kind = {GpuTreeKind::kNone, NoGpuRowsFor(type)};
  return kind;
}

TreeBackendDecision ChooseTreeBackend(Backend requested, const GpuTreeKind& kind, std::size_t trees, std::size_t arcs,
                                      int cpu_threads, const std::function<GpuStatus()>& probe) {
  if (requested == Backend::kCpu) return {Backend::kCpu, "requested"};
  if (kind.kind == GpuTreeKind::kNone) {
    if (requested == Backend::kGpu)
      throw Error(OptionText(Option::kBackend, "gpu") + ": " + kind.why_not + "; use " +
                  OptionText(Option::kBackend, "cpu") + " or auto");
    return {Backend::kCpu, kind.why_not};
  }
  const bool bfs = kind.kind == GpuTreeKind::kBfs;
  const TreeMethod method = bfs ? TreeMethod::kBfs : TreeMethod::kDijkstraRadix;
  const double cpu_seconds =
      TreesSeconds(static_cast<double>(trees), static_cast<double>(arcs), method, Backend::kCpu, cpu_threads);
  if (requested == Backend::kAuto && cpu_seconds < cost::kGpuTreesWorthCpuSeconds)
    return {Backend::kCpu, bfs ? "the CPU's bit-parallel BFS is faster than starting the GPU"
                               : "the CPU's trees are faster than starting the GPU"};
  const GpuStatus gpu = probe();
  if (!gpu.usable) {
    if (requested == Backend::kGpu)
      throw Error(OptionText(Option::kBackend, "gpu") + ": no usable GPU (" + gpu.reason + ")");
    return {Backend::kCpu, "no usable GPU (" + gpu.reason + ")"};
  }
  // A few hundred trees fill a fraction of the GPU's wave (kGpuTreesWaveSources).
  const double gpu_seconds =
      TreesSeconds(static_cast<double>(trees), static_cast<double>(arcs), method, Backend::kGpu, cpu_threads);
  if (requested == Backend::kAuto && gpu_seconds >= cpu_seconds)
    return {Backend::kCpu, "the CPU's trees are estimated faster than the GPU's for this many sources"};
  return {Backend::kGpu, gpu.reason};
}

}  // namespace gdist
