// One checkpoint trial for the engine tests (tests/engine/checkpoint_test.cpp
// on the CPU, tests/gpu/gpu_out_of_core_test.cpp on the GPU): SolveApsp
// stopped after the checkpoint of a random round (an exception from the
// progress callback, which runs after the round's save), then resumed from
// the folder to the bytes of an uninterrupted run.
#pragma once
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/engine/checkpoint.hpp"
#include "tests/engine/test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {

struct Stopped {};

// Stops SolveApsp after the checkpoint of round `stop_after` (the progress
// callback runs after a round's save), then resumes it from the folder.
template <class T> inline void StopAndResume(Backend backend, std::size_t n, std::size_t memory_limit,
                                             std::size_t device_memory, std::uint64_t seed) {
  SCOPED_TRACE(SeedNote(seed) + ", " + ElementTraits<T>::kName);
  const TestGraph g = RandomGraph(n, 0.03, 1000, 200, seed);
  ApspOptions o;
  o.backend = backend;
  o.memory_limit = memory_limit;
  o.device_memory = device_memory;
  o.threads = 1;  // many small parallel regions: one thread keeps a loaded machine fast (the bytes do not depend on it)
  DistMatrix<T> ref = ToMatrix<T>(g);
  std::size_t rounds = 0;
  o.progress = [&](const ApspProgress& p) { rounds = p.rounds_total; };
  const ApspReport uninterrupted = SolveApsp(ref, o);
  ASSERT_NE(uninterrupted.note.find("out of core"), std::string::npos) << uninterrupted.note;
  ASSERT_GE(rounds, 3u);
  std::mt19937_64 rng(seed);
  TempDir tmp;
  const std::string dir = tmp.file("ck");
  std::filesystem::create_directory(dir);
  const std::size_t stop_after = 1 + rng() % (rounds - 2);
  SCOPED_TRACE("stopped after round " + std::to_string(stop_after) + " of " + std::to_string(rounds));
  DistMatrix<T> stopped = ToMatrix<T>(g);
  o.checkpoint = {dir, false, 0};
  o.progress = [&](const ApspProgress& p) {
    if (p.rounds_done == stop_after) throw Stopped{};
  };
  EXPECT_THROW(SolveApsp(stopped, o), Stopped);
  DistMatrix<T> resumed = ToMatrix<T>(g);
  o.checkpoint.resume = true;
  o.progress = {};
  const ApspReport r = SolveApsp(resumed, o);
  EXPECT_NE(r.note.find("resumed at round " + std::to_string(stop_after + 1)), std::string::npos) << r.note;
  ASSERT_EQ(std::memcmp(resumed.data(), ref.data(), ref.payload_bytes()), 0) << FirstDifference(resumed, Rows(ref));
  RemoveCheckpoint(dir);
}

}  // namespace gdist::test
