// The dense Lagrangian pass (lagrangian_dense.hpp) on the GPU, over the costs
// UploadSitingCosts left there: rho (one pass over the matrix, each thread a
// candidate summing a slice of demands), the subgradient's counts and the
// nearest costs of a site set (one read per demand and site). The choice of
// the open set and the step logic stay on the host (ChooseOpenSet,
// RunSubgradient). Its twin is DenseMedianLagrangian: the same bits.
// Implemented in lagrangian_device.cu, by lagrangian_device_no_cuda.cpp
// without CUDA.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/siting_device.hpp"

namespace gdist {

// Pairs (demands x candidates) from which a bound without --exact runs on the
// GPU when the costs are there, though the sorted rows fit: at 2^25 pairs its
// step took 0.43 ms against the sorted rows' 2.34 ms on 16 threads, which also
// took 0.53 s to sort (bench/RESULTS.md, "GPU Lagrangian pass"). At half that
// the sorted pass halves and the GPU's fixed costs stay (not measured).
constexpr std::size_t kGpuLagrangianMinPairs = std::size_t{1} << 24;

// weights: per demand; caps: per demand (DenseCaps). Throws gdist::Error on
// any CUDA failure.
std::unique_ptr<LagrangianPass> MakeGpuMedianLagrangian(std::shared_ptr<const SitingDevice> device,
                                                        const std::vector<double>& weights, double penalty,
                                                        std::size_t num_open, std::vector<double> caps);

// Seconds of the device's part of one evaluation (the rho pass over the
// matrix and the slices' sum), averaged over `repeats` passes timed with CUDA
// events: the bench's measure against memory bandwidth. `pass` must come from
// MakeGpuMedianLagrangian (else gdist::Error).
double GpuRhoPassSeconds(const LagrangianPass& pass, const std::vector<double>& lambda, int repeats);

}  // namespace gdist
