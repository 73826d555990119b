// A 16-bit distance file (gapsp's default where every distance fits) gives
// every reading tool the answers the 32-bit file of the same run gives:
// gcenter's metrics, per-vertex table and p-median, gconvert's npy,
// gpath's routes; ginfo says how it is stored.
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::RunCommand;

std::string Quote(const std::string& s) {
  std::string q = "'";
  return q.append(s).append("'");
}

TEST(SixteenBitFiles, EveryToolReadsTheAnswersOfTheThirtyTwoBitFile) {
  test::TempDir dir;
  const std::string graph = std::string(GDIST_SOURCE_DIR) + "/data/grid-50x40.gr";
  const std::string d16 = dir.file("d16.gdm"), d32 = dir.file("d32.gdm");
  ASSERT_EQ(RunCommand(App("gapsp") + " -q --paths " + Quote(graph) + " " + Quote(d16)).exit_code, 0);
  ASSERT_EQ(RunCommand(App("gapsp") + " -q --paths --element-bits 32 " + Quote(graph) + " " + Quote(d32)).exit_code, 0);
  const auto info16 = RunCommand(App("ginfo") + " --json " + Quote(d16));
  const auto info32 = RunCommand(App("ginfo") + " --json " + Quote(d32));
  EXPECT_NE(info16.output.find("\"stored_bits\":16"), std::string::npos) << info16.output;
  EXPECT_NE(info32.output.find("\"stored_bits\":32"), std::string::npos) << info32.output;
  EXPECT_NE(info16.output.find("\"valid\":true"), std::string::npos) << info16.output;

  // Each reader, once per file: the outputs (files and stdout) must be equal.
  const std::string readers[] = {
      App("gcenter") + " --json FILE",
      App("gcenter") + " FILE --per-vertex OUT.csv -q",
      App("gcenter") + " FILE --p-median 5 --json",
      App("gconvert") + " -q FILE OUT.npy",
      App("gpath") + " FILE --from 1 --to 2000",
      App("gpath") + " FILE --from 1777 --to 23",
  };
  int index = 0;
  for (const std::string& reader : readers) {
    SCOPED_TRACE(reader);
    std::string outputs[2];
    for (int bits = 0; bits < 2; ++bits) {
      std::string command = reader;
      std::string name = "o";
      name.append(std::to_string(index)).append("-").append(std::to_string(bits));
      const std::string out = dir.file(name);
      command.replace(command.find("FILE"), 4, Quote(bits ? d32 : d16));
      const std::size_t at = command.find("OUT");
      std::string ext;
      if (at != std::string::npos) {
        ext = command.substr(at + 3, 4);
        command.replace(at, 7, Quote(out + ext));
      }
      const auto r = RunCommand(command);
      EXPECT_EQ(r.exit_code, 0) << r.output;
      outputs[bits] = r.output + (ext.empty() ? "" : test::ReadText(out + ext));
    }
    // Outputs name the file they read: compare them with the file names made the same.
    std::string a = outputs[0], b = outputs[1];
    // The p-median's bound phase is time-limited (its bound may differ between two runs of one
    // file): compare its sites and objective, the part that answers the question.
    if (reader.find("--p-median") != std::string::npos)
      for (std::string* text : {&a, &b}) {
        const std::size_t from = text->find("\"sites\""), to = text->find(",\"new_sites\"");
        ASSERT_TRUE(from != std::string::npos && to != std::string::npos) << *text;
        *text = text->substr(from, to - from);
      }
    for (std::size_t p; (p = a.find("d16.gdm")) != std::string::npos;) a.replace(p, 7, "d.gdm");
    for (std::size_t p; (p = b.find("d32.gdm")) != std::string::npos;) b.replace(p, 7, "d.gdm");
    EXPECT_FALSE(a.empty());
    EXPECT_EQ(a, b);
    ++index;
  }
}

}  // namespace
}  // namespace gdist
