// JSON text stays valid whatever a label holds: invalid UTF-8 (a Latin-1
// label, a cut multi-byte sequence, an overlong form, a surrogate) becomes
// U+FFFD, control characters and DEL are escaped, valid UTF-8 passes through.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "lib/util/json_writer.hpp"

namespace gdist {
namespace {

std::string AsJson(const std::string& s) {
  std::ostringstream out;
  JsonWriter json(out);
  json.Str(s);
  return out.str();
}

TEST(JsonText, InvalidUtf8BecomesReplacementCharacters) {
  EXPECT_EQ(AsJson("Z\xfcrich"), "\"Z\\ufffdrich\"");                         // Latin-1 u-umlaut
  EXPECT_EQ(AsJson("Z\xc3\xbcrich"), "\"Z\xc3\xbcrich\"");                    // the same in UTF-8: kept
  EXPECT_EQ(AsJson("\xe2\x82"), "\"\\ufffd\\ufffd\"");                        // a cut euro sign
  EXPECT_EQ(AsJson("\xc0\xaf"), "\"\\ufffd\\ufffd\"");                        // overlong '/'
  EXPECT_EQ(AsJson("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"");             // a UTF-16 surrogate
  EXPECT_EQ(AsJson("\xf0\x9f\x9a\x97"), "\"\xf0\x9f\x9a\x97\"");              // an emoji: kept
  EXPECT_EQ(AsJson("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");  // past U+10FFFF
}

TEST(JsonText, ControlCharactersAreEscaped) {
  EXPECT_EQ(AsJson(std::string("a\x1b[31mb\x7f", 8)), "\"a\\u001b[31mb\\u007f\"");
  EXPECT_EQ(AsJson("q\"\\\n\t"), "\"q\\\"\\\\\\n\\t\"");
}

}  // namespace
}  // namespace gdist
