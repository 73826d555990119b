// Negative cycles, detected after Floyd-Warshall instead of by a dense serial
// Bellman-Ford before it (docs/RELIABILITY.md, "Negative weights").
//
// Before the run, the arcs are kept (ArcList, CSR, one parallel pass: ArcsOfAdjacency).
// After it, h(v) = min(0, min_u D[u][v]) is computed from whatever the run
// produced and checked against every kept arc: h(v) <= h(u) + w(u,v).
//  - No negative cycle: the range proof (range_check.hpp) holds, the run is
//    exact, h is the distance from a virtual source, and it is feasible.
//  - h feasible for the original arcs: then no cycle can be negative (sum the
//    inequality around it). This holds whatever D is, even if a negative cycle
//    made an integer run wrap; so the answer never depends on the kernels
//    behaving on a graph outside their contract.
// float: rounding makes h feasible only up to the accumulated error, so the
// check allows kFloatSlack relative error and also refuses a negative or NaN
// diagonal. Only on refusal is a vertex on the cycle searched for (Bellman-Ford
// on the kept arcs, stopping at the first cycle of the predecessor graph).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "lib/matrix/arc_list.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

// True when the distances after the run certify that no cycle is negative.
template <class T> bool NoNegativeCycle(const ArcList<T>& arcs, const MatrixView<T>& after_run);

// A vertex on some negative cycle of the arcs, or nullopt when there is none.
template <class T> std::optional<std::size_t> FindNegativeCycle(const ArcList<T>& arcs);

}  // namespace gdist
