// Is there a clique of `target` vertices in a graph given as adjacency
// bitsets? p-dispersion's exact decision: candidates are vertices, an edge
// joins two that are at least r apart, and P sites pairwise >= r apart are a
// clique of P. Branch and bound with a greedy colouring bound (Tomita &
// Seki 2003, MCQ): the vertices of a colour class are pairwise non-adjacent,
// so a set coloured with c colours holds no clique larger than c.
#pragma once
#include <cstdint>
#include <vector>

namespace gdist {

struct CliqueGraph {
  std::size_t n = 0, words = 0;    // vertices, 64-bit words per row
  std::vector<std::uint64_t> adj;  // n rows of `words` words: bit j of row i = edge i-j

  explicit CliqueGraph(std::size_t vertices)
      : n(vertices), words((vertices + 63) / 64), adj(vertices * ((vertices + 63) / 64), 0) {}
  void AddEdge(std::size_t i, std::size_t j) {
    adj[i * words + j / 64] |= std::uint64_t{1} << (j % 64);
    adj[j * words + i / 64] |= std::uint64_t{1} << (i % 64);
  }
  bool HasEdge(std::size_t i, std::size_t j) const { return (adj[i * words + j / 64] >> (j % 64)) & 1; }
};

enum class CliqueAnswer { kFound, kNone, kStopped };

// kFound fills *clique with `target` pairwise adjacent vertices; kNone proves
// there is no such set; kStopped: the deadline (SteadySeconds(); 0: none)
// came first.
CliqueAnswer FindClique(const CliqueGraph& g, std::size_t target, double deadline_s,
                        std::vector<std::uint32_t>* clique);

}  // namespace gdist
