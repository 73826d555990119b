// Packings and their bound in a graph given as adjacency bitsets, for
// p-dispersion: vertices are candidates, an edge joins two closer than r.
// A set of sites pairwise >= r apart is an independent set of this graph; a
// clique holds at most one of them, so a partition of the vertices into c
// cliques proves that no more than c sites are pairwise >= r apart. On 5,000
// points in the plane the two leave p-dispersion 26.5% apart, where greedy
// farthest insertion and the k-th-largest bound left 1212%
// (bench/results/siting.md).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/clique_search.hpp"

namespace gdist {

// An independent set by minimum-degree greedy: take the vertex with the
// fewest neighbours left, drop it and its neighbours, repeat. Stops once it
// holds `enough` vertices (0: no stop).
std::vector<std::uint32_t> GreedyIndependentSet(const CliqueGraph& g, std::size_t enough = 0);

// Grows an independent set by the (1,2)-swaps of Andrade, Resende and
// Werneck 2012: a member x leaves when two non-adjacent outsiders whose only
// neighbour in the set is x come in; outsiders with no neighbour in the set
// come in at once. Stops at `enough` vertices (0: no stop), when no swap is
// left, or at the deadline (SteadySeconds(); 0: none).
void ImproveIndependentSet(const CliqueGraph& g, std::vector<std::uint32_t>* set, std::size_t enough,
                           double deadline_s);

// Iterated local search (Andrade, Resende and Werneck 2012): force one or two
// random outsiders in (their neighbours leave), repair by the swaps above, keep
// the result when it is no smaller, else undo it; *set ends as the largest
// seen. Stops at `enough` vertices, once its work (words and neighbours
// touched) passes `max_work`, or at the deadline. Deterministic for a seed.
void IteratedIndependentSet(const CliqueGraph& g, std::vector<std::uint32_t>* set, std::size_t enough,
                            std::uint64_t max_work, std::uint64_t seed, double deadline_s);

// The number of cliques of a greedy partition of the vertices, counted only
// up to `limit` (it returns `limit` once it gets there): each clique starts
// at the vertex with the fewest neighbours left and grows by the common
// neighbour that keeps the most common neighbours.
std::size_t GreedyCliqueCover(const CliqueGraph& g, std::size_t limit);

}  // namespace gdist
