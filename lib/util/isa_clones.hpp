// GDIST_ISA_CLONES: compile a hot loop for AVX-512, AVX2 and the baseline and
// pick one at load time (GCC target_clones), so a portable build still runs
// the wide vectors where the machine has them. GCC only: clang (the fuzz
// build) and other targets get the baseline.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define GDIST_ISA_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define GDIST_ISA_CLONES
#endif
