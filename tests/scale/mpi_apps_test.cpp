// mpirun -np 1|2|4 gapsp (the distributed schedule on the CPU tile kernels,
// oversubscribed on a small machine) against one plain in-core process of the
// same binary: identical output bytes, with negative weights, unreachable
// pairs, and int32 / int64 / float32 matrices. Skipped in builds without MPI.
// GCC 12 reports a false overlap in std::string concatenation at -O3
// (-Wrestrict, GCC bug 105651).
#pragma GCC diagnostic ignored "-Wrestrict"
#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/scale/scale_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

#if defined(GDIST_HAVE_MPI)
// Shared memory and loopback only (containers without a network), root
// allowed, more ranks than cores, one OpenMP thread per rank.
std::string Mpirun(int np) {
  return "env OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_plm=isolated "
         "OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_btl_tcp_if_include=lo OMP_NUM_THREADS=1 "
         "mpirun --allow-run-as-root --oversubscribe -np " +
         std::to_string(np) + " ";
}
#endif

TEST(MpiApps, SameBytesAsOneProcess) {
#if !defined(GDIST_HAVE_MPI)
  GTEST_SKIP() << "built without MPI";
#else
  if (RunCommand("command -v mpirun").exit_code != 0) GTEST_SKIP() << "mpirun not found";
  TempDir tmp;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  struct Case {
    std::size_t n;
    bool negative;
    const char* type;
  };
  for (const Case& c :
       {Case{700, true, "int32"}, Case{300, false, "int32"}, Case{500, true, "int64"}, Case{400, false, "float32"}}) {
    SCOPED_TRACE("n " + std::to_string(c.n) + " " + c.type + (c.negative ? " negative weights" : ""));
    const std::string in = tmp.file("g.gr"), ref = tmp.file("ref.gdm");
    WriteRandomDimacs(in, c.n, 0.01, seed + unsigned(c.n), c.negative);
    const std::string flags = std::string(" --backend cpu --type ") + c.type + " ";
    auto a = RunCommand(App("gapsp") + " -q" + flags + in + " " + ref);
    ASSERT_EQ(a.exit_code, 0) << a.output;
    for (int np : {1, 2, 4}) {
      SCOPED_TRACE("np " + std::to_string(np));
      const std::string out = tmp.file("d" + std::to_string(np) + ".gdm");
      auto b = RunCommand(Mpirun(np) + App("gapsp") + flags + in + " " + out);
      ASSERT_EQ(b.exit_code, 0) << b.output;
      EXPECT_NE(b.output.find("distributed over " + std::to_string(np) + " MPI ranks"), std::string::npos) << b.output;
      EXPECT_EQ(ReadText(ref), ReadText(out)) << "distributed bytes differ from one process";
    }
  }
#endif
}

}  // namespace
}  // namespace gdist::test
