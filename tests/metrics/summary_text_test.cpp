// The text summary names vertices so that a list of them reads back whole:
// a label holding a blank, comma or quote is quoted as a CSV field (the JSON
// and CSV outputs are exact already). Hand-checked: the path
// "Old Town" - Monti - "Depot, South" has its center at Monti, its periphery
// at both ends, its diameter 2 between them and its 1-median at Monti.
#include <gtest/gtest.h>

#include <sstream>

#include "lib/core/vertex_labels.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/metrics/summary_report.hpp"

namespace gdist::test {
namespace {

TEST(SummaryText, QuotesNamesWithBlanksCommasAndQuotes) {
  DistMatrix<std::int32_t> d(3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) d.at(i, j) = i > j ? i - j : j - i;
  const DistanceSummary s = Summarize(d.view(), MetricsOptions{});
  const VertexLabels labels = VertexLabels::FromStrings({"Old Town", "Monti", "Depot, South"});
  std::ostringstream out;
  WriteSummaryText(out, s, labels, false);
  const std::string text = out.str();
  EXPECT_NE(text.find("diameter           2  (\"Old Town\" -> \"Depot, South\")"), std::string::npos) << text;
  EXPECT_NE(text.find("center             Monti\n"), std::string::npos) << text;
  EXPECT_NE(text.find("periphery          \"Old Town\" \"Depot, South\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("1-median           Monti (total distance 2)"), std::string::npos) << text;

  const VertexLabels quoted = VertexLabels::FromStrings({"a\"b", "plain", "c"});
  std::ostringstream out2;
  WriteSummaryText(out2, s, quoted, false);
  EXPECT_NE(out2.str().find("periphery          \"a\"\"b\" c\n"), std::string::npos) << out2.str();
}

}  // namespace
}  // namespace gdist::test
