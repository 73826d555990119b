// Matrix exports read back by NumPy itself (the reader analysts use).
#include <gtest/gtest.h>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/matrix_export.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using test::RunCommand;
using test::TempDir;

bool HaveNumpy() { return RunCommand("/usr/bin/python3 -c 'import numpy'").exit_code == 0; }

template <class T> DistMatrix<T> Sample(std::size_t n) {
  DistMatrix<T> d(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j) d.at(i, j) = (i * 7 + j * 3) % 5 == 0 ? ElementTraits<T>::kInf : T(i * 1000 + j) / T(4);
  return d;
}

template <class T> void CheckNpy(const char* dtype) {
  if (!HaveNumpy()) GTEST_SKIP() << "numpy not installed for /usr/bin/python3";
  TempDir dir;
  const std::size_t n = 131;  // not a multiple of the padded stride
  const DistMatrix<T> d = Sample<T>(n);
  WriteNpy(dir.file("d.npy"), d.view());
  // numpy prints every cell as i,j,value; compare with the matrix.
  const auto r = RunCommand("/usr/bin/python3 -c \"import numpy as np; a=np.load('" + dir.file("d.npy") +
                            "'); print(a.dtype.str, a.shape[0], a.shape[1]); [print(i, j, repr(a[i, j].item())) "
                            "for i in range(a.shape[0]) for j in range(a.shape[1])]\"");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::istringstream in(r.output);
  std::string got_dtype;
  std::size_t rows = 0, cols = 0;
  in >> got_dtype >> rows >> cols;
  EXPECT_EQ(got_dtype, dtype);
  ASSERT_EQ(rows, n);
  ASSERT_EQ(cols, n);
  std::size_t i, j, cells = 0;
  std::string v;  // Python's repr: exact integers, shortest round-trip floats, "inf"
  while (in >> i >> j >> v) {
    T got;
    if constexpr (std::is_integral_v<T>) got = T(std::stoll(v));
    else got = T(std::strtod(v.c_str(), nullptr));
    ASSERT_EQ(got, d.at(i, j)) << i << "," << j;
    ++cells;
  }
  EXPECT_EQ(cells, n * n);
}

TEST(Export, NpyInt32) { CheckNpy<std::int32_t>("<i4"); }
TEST(Export, NpyInt64) { CheckNpy<std::int64_t>("<i8"); }
TEST(Export, NpyFloat32) { CheckNpy<float>("<f4"); }

TEST(Export, NpyHeaderIsAlignedTo64) {
  EXPECT_EQ(NpyHeader<std::int32_t>(3, 3).size() % 64, 0u);
  EXPECT_EQ(NpyHeader<std::int64_t>(123456789, 123456789).size() % 64, 0u);
}

TEST(Export, CsvHasLabelsAndInf) {
  if (!HaveNumpy()) GTEST_SKIP() << "numpy not installed for /usr/bin/python3";
  TempDir dir;
  DistMatrix<float> d = Sample<float>(4);
  d.meta().labels = VertexLabels::FromStrings({"Rome", "New York, NY", "a\"b", "x"});
  WriteCsvMatrix(dir.file("d.csv"), d.view(), d.meta().labels);
  const auto r = RunCommand("/usr/bin/python3 -c \"import csv; rows=list(csv.reader(open('" + dir.file("d.csv") +
                            "'))); print(rows[0][2]); print(rows[3][0]); print(len(rows), len(rows[1])); "
                            "import math; print(sum(1 for r in rows[1:] for c in r[1:] if math.isinf(float(c))))\"");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::size_t inf = 0;
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j) inf += d.at(i, j) >= ElementTraits<float>::kInf;
  EXPECT_EQ(r.output, "New York, NY\na\"b\n5 5\n" + std::to_string(inf) + "\n");
}

}  // namespace
}  // namespace gdist
