// GDIST_HOST_DEVICE marks small functions that both the CPU code and the CUDA
// kernels call, so the two sides decide alike from one definition.
#pragma once

#ifdef __CUDACC__
#define GDIST_HOST_DEVICE __host__ __device__
#else
#define GDIST_HOST_DEVICE
#endif
