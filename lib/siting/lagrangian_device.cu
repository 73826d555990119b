// The p-median's dense Lagrangian pass on the GPU (lib/siting/lagrangian_device.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "lib/siting/lagrangian_dense.hpp"
#include "lib/siting/lagrangian_device.hpp"
#include "lib/siting/lagrangian_terms.hpp"
#include "lib/siting/siting_device.cuh"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

constexpr int kThreads = 256;
constexpr std::uint32_t kUnroll = 8;  // rows whose loads are in flight before their terms are added

// partial[s][k] = sum over slice s's demands u, in order, of RelaxedTerm(w_u c(u,k), lambda_u).
// A warp reads 32 neighbouring candidates of one demand row (128 bytes).
template <class T> __global__ void __launch_bounds__(kThreads)
    RhoSliceKernel(const T* __restrict__ costs, std::size_t row_stride, const std::uint32_t* __restrict__ demand_row,
                   const double* __restrict__ weight, const double* __restrict__ lambda, double penalty,
                   std::uint32_t nd, std::uint32_t m, double* __restrict__ partial) {
  const std::uint32_t k = blockIdx.x * kThreads + threadIdx.x;
  if (k >= m) return;
  const std::uint32_t lo = blockIdx.y * static_cast<std::uint32_t>(kLagrangianSliceRows);
  const std::uint32_t hi = min(nd, lo + static_cast<std::uint32_t>(kLagrangianSliceRows));
  double acc = 0;
  std::uint32_t u = lo;
  for (; u + kUnroll <= hi; u += kUnroll) {
    T v[kUnroll];
#pragma unroll
    for (std::uint32_t j = 0; j < kUnroll; ++j)
      v[j] = costs[static_cast<std::size_t>(demand_row[u + j]) * row_stride + k];
#pragma unroll
    for (std::uint32_t j = 0; j < kUnroll; ++j)
      acc += RelaxedTerm(WeightedCost(v[j], weight[u + j], penalty), lambda[u + j]);
  }
  for (; u < hi; ++u)
    acc += RelaxedTerm(
        WeightedCost(costs[static_cast<std::size_t>(demand_row[u]) * row_stride + k], weight[u], penalty), lambda[u]);
  partial[static_cast<std::size_t>(blockIdx.y) * m + k] = acc;
}

// rho[k] = the slices' sums in slice order (as the twin adds them).
__global__ void __launch_bounds__(kThreads) SumSlicesKernel(const double* __restrict__ partial, std::uint32_t slices,
                                                            std::uint32_t m, double* __restrict__ rho) {
  const std::uint32_t k = blockIdx.x * kThreads + threadIdx.x;
  if (k >= m) return;
  double r = partial[k];
  for (std::uint32_t s = 1; s < slices; ++s) r += partial[static_cast<std::size_t>(s) * m + k];
  rho[k] = r;
}

// Per demand, over `sites`: how many cost less than lambda_u (when lambda is
// given) and the least weighted cost.
template <class T> __global__ void __launch_bounds__(kThreads)
    SitesKernel(const T* __restrict__ costs, std::size_t row_stride, const std::uint32_t* __restrict__ demand_row,
                const double* __restrict__ weight, const double* __restrict__ lambda, double penalty, std::uint32_t nd,
                const std::uint32_t* __restrict__ sites, std::uint32_t num_sites, std::uint32_t* __restrict__ below,
                double* __restrict__ nearest) {
  const std::uint32_t u = blockIdx.x * kThreads + threadIdx.x;
  if (u >= nd) return;
  const T* row = costs + static_cast<std::size_t>(demand_row[u]) * row_stride;
  const double w = weight[u];
  double best = INFINITY;
  std::uint32_t count = 0;
  for (std::uint32_t i = 0; i < num_sites; ++i) {
    const double c = WeightedCost(row[sites[i]], w, penalty);
    best = fmin(best, c);
    if (lambda) count += c < lambda[u];
  }
  if (lambda) below[u] = count;
  else nearest[u] = best;
}

unsigned Blocks(std::size_t items) { return static_cast<unsigned>((items + kThreads - 1) / kThreads); }

template <class T> class GpuMedianLagrangian : public LagrangianPass {
 public:
  GpuMedianLagrangian(std::shared_ptr<const SitingDevice> device, const std::vector<double>& weights, double penalty,
                      std::size_t num_open, std::vector<double> caps)
      : dev_(std::move(device)),
        penalty_(penalty),
        p_(num_open),
        cap_(std::move(caps)),
        nd_(dev_->nd),
        m_(dev_->m),
        slices_(LagrangianSlices(nd_)),
        weight_(nd_),
        lambda_(nd_),
        partial_(slices_ * m_),
        rho_(m_),
        nearest_(nd_),
        below_(nd_),
        sites_(m_) {
    GDIST_CUDA_CHECK(cudaMemcpy(weight_.get(), weights.data(), nd_ * sizeof(double), cudaMemcpyHostToDevice));
  }

  std::size_t num_demands() const override { return nd_; }
  std::size_t num_candidates() const override { return m_; }
  std::size_t num_open() const override { return p_; }

  bool Evaluate(const std::vector<FacilityState>& state, const std::vector<double>& lambda,
                LagrangianPoint* point) const override {
    point->rho.resize(m_);
    point->below.clear();
    if (nd_ > 0 && m_ > 0) {
      UploadLambda(lambda, true);
      LaunchRho();
      GDIST_CUDA_CHECK(cudaMemcpy(point->rho.data(), rho_.get(), m_ * sizeof(double), cudaMemcpyDeviceToHost));
    } else {
      std::fill(point->rho.begin(), point->rho.end(), 0.0);
    }
    double sum_lambda = 0;
    for (std::size_t u = 0; u < nd_; ++u) sum_lambda += lambda[u];
    return ChooseOpenSet(state, p_, sum_lambda, point);
  }

  void Subgradient(const std::vector<double>& lambda, const LagrangianPoint& point,
                   std::vector<double>* g) const override {
    UploadLambda(lambda, false);
    std::vector<std::uint32_t> below(nd_, 0);
    RunSites(point.chosen, true);
    if (nd_ > 0 && !point.chosen.empty())
      GDIST_CUDA_CHECK(cudaMemcpy(below.data(), below_.get(), nd_ * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    g->resize(nd_);
    for (std::size_t u = 0; u < nd_; ++u) (*g)[u] = 1.0 - below[u];
  }

  std::vector<double> NearestCosts(const std::vector<std::uint32_t>& sites) const override {
    std::vector<double> nearest(nd_, INFINITY);
    RunSites(sites, false);
    if (nd_ > 0 && !sites.empty())
      GDIST_CUDA_CHECK(cudaMemcpy(nearest.data(), nearest_.get(), nd_ * sizeof(double), cudaMemcpyDeviceToHost));
    return nearest;
  }

  std::vector<double> Caps(const std::vector<FacilityState>& state) const override {
    return CapsUnder(*this, cap_, state);
  }

  // The device's part of Evaluate alone, `repeats` times (CUDA events).
  double RhoPassSeconds(const std::vector<double>& lambda, int repeats) const {
    if (nd_ == 0 || m_ == 0 || repeats <= 0) return 0;
    UploadLambda(lambda, true);
    LaunchRho();  // warm-up
    cudaEvent_t start, stop;
    GDIST_CUDA_CHECK(cudaEventCreate(&start));
    GDIST_CUDA_CHECK(cudaEventCreate(&stop));
    GDIST_CUDA_CHECK(cudaEventRecord(start));
    for (int i = 0; i < repeats; ++i) LaunchRho();
    GDIST_CUDA_CHECK(cudaEventRecord(stop));
    GDIST_CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    GDIST_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return 1e-3 * ms / repeats;
  }

 private:
  void LaunchRho() const {
    RhoSliceKernel<T><<<dim3(Blocks(m_), static_cast<unsigned>(slices_)), kThreads>>>(
        dev_->rows<T>(), dev_->row_stride, dev_->demand_row.get(), weight_.get(), lambda_.get(), penalty_,
        static_cast<std::uint32_t>(nd_), static_cast<std::uint32_t>(m_), partial_.get());
    GDIST_CUDA_CHECK_LAUNCH("RhoSliceKernel");
    SumSlicesKernel<<<Blocks(m_), kThreads>>>(partial_.get(), static_cast<std::uint32_t>(slices_),
                                              static_cast<std::uint32_t>(m_), rho_.get());
    GDIST_CUDA_CHECK_LAUNCH("SumSlicesKernel");
  }

  // RunSubgradient evaluates, then takes the subgradient at the same
  // multipliers (the same vector, unchanged in between): the subgradient
  // reuses the copy the evaluation sent.
  void UploadLambda(const std::vector<double>& lambda, bool evaluation) const {
    if (!evaluation && lambda.data() == lambda_source_) return;
    GDIST_CUDA_CHECK(cudaMemcpy(lambda_.get(), lambda.data(), nd_ * sizeof(double), cudaMemcpyHostToDevice));
    lambda_source_ = lambda.data();
  }

  void RunSites(const std::vector<std::uint32_t>& sites, bool count_below) const {
    if (nd_ == 0 || sites.empty()) return;
    GDIST_CUDA_CHECK(
        cudaMemcpy(sites_.get(), sites.data(), sites.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
    SitesKernel<T><<<Blocks(nd_), kThreads>>>(dev_->rows<T>(), dev_->row_stride, dev_->demand_row.get(), weight_.get(),
                                              count_below ? lambda_.get() : nullptr, penalty_,
                                              static_cast<std::uint32_t>(nd_), sites_.get(),
                                              static_cast<std::uint32_t>(sites.size()), below_.get(), nearest_.get());
    GDIST_CUDA_CHECK_LAUNCH("SitesKernel");
  }

  std::shared_ptr<const SitingDevice> dev_;
  double penalty_;
  std::size_t p_;
  std::vector<double> cap_;
  std::size_t nd_, m_, slices_;
  // Scratch of the passes: a const evaluation writes them, one pass at a time.
  cuda::DeviceBuffer<double> weight_, lambda_, partial_, rho_, nearest_;
  cuda::DeviceBuffer<std::uint32_t> below_, sites_;
  mutable const double* lambda_source_ = nullptr;  // whose values lambda_ holds
};

}  // namespace

double GpuRhoPassSeconds(const LagrangianPass& pass, const std::vector<double>& lambda, int repeats) {
  if (const auto* p = dynamic_cast<const GpuMedianLagrangian<std::int32_t>*>(&pass))
    return p->RhoPassSeconds(lambda, repeats);
  if (const auto* p = dynamic_cast<const GpuMedianLagrangian<float>*>(&pass)) return p->RhoPassSeconds(lambda, repeats);
  throw Error("GpuRhoPassSeconds: not a GPU Lagrangian pass");
}

std::unique_ptr<LagrangianPass> MakeGpuMedianLagrangian(std::shared_ptr<const SitingDevice> device,
                                                        const std::vector<double>& weights, double penalty,
                                                        std::size_t num_open, std::vector<double> caps) {
  if (device->type == ElementType::kInt32)
    return std::make_unique<GpuMedianLagrangian<std::int32_t>>(std::move(device), weights, penalty, num_open,
                                                               std::move(caps));
  return std::make_unique<GpuMedianLagrangian<float>>(std::move(device), weights, penalty, num_open, std::move(caps));
}

}  // namespace gdist
