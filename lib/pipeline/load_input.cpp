#include "lib/pipeline/load_input.hpp"

#include "lib/matrix/adjacency.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/plan/element_width.hpp"
#include "lib/plan/memory_plan.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

bool ParseDuplicatePolicy(const std::string& s, DuplicatePolicy* out) {
  if (s == "min") *out = DuplicatePolicy::kMin;
  else if (s == "last") *out = DuplicatePolicy::kLast;
  else return false;
  return true;
}

DuplicatePolicy DuplicatesFor(const Graph& g, const InputOptions& options) {
  return options.duplicates.value_or(g.prefers_last_duplicate ? DuplicatePolicy::kLast : DuplicatePolicy::kMin);
}

ElementType ElementTypeFor(const Graph& g, const InputOptions& options) {
  if (options.type) return *options.type;
  return ChooseDistanceType(g, DuplicatesFor(g, options));
}

AnyMatrix MatrixFromGraph(const Graph& g, const InputOptions& options, const std::string& input) {
  AdjacencyOptions adj;
  adj.duplicates = DuplicatesFor(g, options);
  const ElementType type = ElementTypeFor(g, options);
  RefuseIfTooLarge(input, RunNeeds{g.n, type, options.next_hops});
  return DispatchElement(type, [&](auto zero) -> AnyMatrix {
    using T = decltype(zero);
    return BuildAdjacency<T>(g, adj);
  });
}

AnyMatrix LoadInput(const std::string& path, const InputOptions& options) {
  if (options.read.format == InputFormat::kAuto && IsMatrixFile(path)) {
    MappedMatrixFile file(path, /*verify_crc=*/false);  // LoadMatrix checks it while copying
    if (options.type && *options.type != file.info().type)
      throw Error(path + ": is a " + ElementName(file.info().type) + " matrix file; " + OptionText(Option::kType) +
                  " applies to graph inputs only");
    if (options.largest_component)
      throw Error(path + ": is a matrix file; " + OptionText(Option::kLargestComponent) +
                  " applies to graph inputs only");
    RefuseIfTooLarge(path, RunNeeds{file.info().n, file.info().type, options.next_hops});
    return DispatchElement(file.info().type, [&](auto zero) -> AnyMatrix {
      using T = decltype(zero);
      return LoadMatrix<T>(file, /*verify_crc=*/true);
    });
  }
  return MatrixFromGraph(ReadInputGraph(path, options), options, path);
}

ElementType TypeOf(const AnyMatrix& m) {
  return std::visit([](const auto& x) { return ElementTraits<std::decay_t<decltype(*x.data())>>::kType; }, m);
}

}  // namespace gdist
