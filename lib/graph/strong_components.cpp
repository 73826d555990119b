#include "lib/graph/strong_components.hpp"

#include <algorithm>
#include <utility>

namespace gdist {

std::vector<std::uint32_t> StrongComponentIds(std::size_t n, const std::uint64_t* offsets, const std::uint32_t* targets,
                                              std::size_t* count) {
  constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::vector<std::uint32_t> index(n, kNone), low(n, 0), id(n, kNone);
  std::vector<std::uint32_t> scc_stack;                       // Tarjan's vertex stack
  std::vector<std::pair<std::uint32_t, std::uint64_t>> call;  // the recursion, made explicit
  std::uint32_t next_index = 0, components = 0;
  for (std::size_t s = 0; s < n; ++s) {
    if (index[s] != kNone) continue;
    call.push_back({static_cast<std::uint32_t>(s), offsets[s]});
    index[s] = low[s] = next_index++;
    scc_stack.push_back(static_cast<std::uint32_t>(s));
    while (!call.empty()) {
      auto& [u, arc] = call.back();
      if (arc < offsets[u + 1]) {
        const std::uint32_t v = targets[arc++];
        if (index[v] == kNone) {
          index[v] = low[v] = next_index++;
          scc_stack.push_back(v);
          call.push_back({v, offsets[v]});
        } else if (id[v] == kNone) {  // seen and not yet in a component: on the stack
          low[u] = std::min(low[u], index[v]);
        }
        continue;
      }
      const std::uint32_t done = u;
      call.pop_back();
      if (low[done] == index[done]) {
        std::uint32_t w;
        do {
          w = scc_stack.back();
          scc_stack.pop_back();
          id[w] = components;
        } while (w != done);
        ++components;
      }
      if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
    }
  }
  *count = components;
  return id;
}

}  // namespace gdist
