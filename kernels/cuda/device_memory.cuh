// RAII owners for what the host side of the GPU engine acquires: device
// buffers, pinned registrations of host memory, streams. Destructors never
// throw; a failure there follows an error already being reported.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "kernels/cuda/cuda_check.cuh"

namespace gdist::cuda {

template <class E> class DeviceBuffer {
 public:
  // An empty buffer holds no allocation (a graph with no arcs, say).
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    if (count > 0) GDIST_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&ptr_), count * sizeof(E)));
  }
  ~DeviceBuffer() {
    if (ptr_) cudaFree(ptr_);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  E* get() const { return ptr_; }
  std::size_t count() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(E); }

 private:
  E* ptr_ = nullptr;
  std::size_t count_ = 0;
};

// Page-locks an existing host buffer in place (cudaHostRegister), so copies
// run at full DMA speed with no staging copy. Best effort: when the driver
// refuses, copies still work from pageable memory, only slower.
class HostRegistration {
 public:
  HostRegistration(void* ptr, std::size_t bytes, unsigned flags = cudaHostRegisterDefault) {
    if (cudaHostRegister(ptr, bytes, flags) == cudaSuccess) ptr_ = ptr;
    else cudaGetLastError();  // clear the non-sticky error
  }
  ~HostRegistration() {
    if (ptr_) cudaHostUnregister(ptr_);
  }
  HostRegistration(const HostRegistration&) = delete;
  HostRegistration& operator=(const HostRegistration&) = delete;
  bool pinned() const { return ptr_ != nullptr; }

 private:
  void* ptr_ = nullptr;
};

class Stream {
 public:
  Stream() { GDIST_CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  // A stream the scheduler serves before default-priority ones.
  static Stream HighestPriority() {
    int least = 0, greatest = 0;
    GDIST_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    return Stream(greatest);
  }
  Stream(Stream&& o) noexcept : s_(o.s_) { o.s_ = nullptr; }
  ~Stream() {
    if (s_) cudaStreamDestroy(s_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return s_; }

 private:
  explicit Stream(int priority) {
    GDIST_CUDA_CHECK(cudaStreamCreateWithPriority(&s_, cudaStreamNonBlocking, priority));
  }
  cudaStream_t s_ = nullptr;
};

// Page-locked host memory of its own (cudaMallocHost): staging buffers that
// rows are copied into before an asynchronous copy to the device.
class PinnedHostBuffer {
 public:
  explicit PinnedHostBuffer(std::size_t bytes) : bytes_(bytes) {
    if (bytes > 0) GDIST_CUDA_CHECK(cudaMallocHost(&ptr_, bytes));
  }
  ~PinnedHostBuffer() {
    if (ptr_) cudaFreeHost(ptr_);
  }
  PinnedHostBuffer(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer& operator=(const PinnedHostBuffer&) = delete;
  void* get() const { return ptr_; }
  std::size_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

class Event {
 public:
  Event() { GDIST_CUDA_CHECK(cudaEventCreateWithFlags(&e_, cudaEventDisableTiming)); }
  ~Event() {
    if (e_) cudaEventDestroy(e_);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return e_; }

 private:
  cudaEvent_t e_ = nullptr;
};

// Copies host[0..d.count()) into d on `stream` (nothing for an empty buffer).
template <class E> void UploadAsync(const DeviceBuffer<E>& d, const E* host, cudaStream_t stream) {
  if (d.count()) GDIST_CUDA_CHECK(cudaMemcpyAsync(d.get(), host, d.bytes(), cudaMemcpyHostToDevice, stream));
}

// An event that records time (cudaEventElapsedTime between two of them):
// the kernels' own time in benchmarks and stats.
class TimingEvent {
 public:
  TimingEvent() { GDIST_CUDA_CHECK(cudaEventCreate(&e_)); }
  ~TimingEvent() {
    if (e_) cudaEventDestroy(e_);
  }
  TimingEvent(const TimingEvent&) = delete;
  TimingEvent& operator=(const TimingEvent&) = delete;
  cudaEvent_t get() const { return e_; }

 private:
  cudaEvent_t e_ = nullptr;
};

}  // namespace gdist::cuda
