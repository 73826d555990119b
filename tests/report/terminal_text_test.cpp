// Text for a terminal (lib/util/terminal_text.hpp): C0 controls but newline
// and tab, DEL and the C1 controls are escaped; bytes that are not UTF-8 are
// escaped; every other character passes through unchanged.
#include "lib/util/terminal_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gdist {
namespace {

TEST(TerminalText, EscapesEveryControlCharacter) {
  EXPECT_EQ(TerminalText("a\x1b]0;x\x07\x1b[31mb"), "a\\x1b]0;x\\x07\\x1b[31mb");
  EXPECT_EQ(TerminalText("cr\rdel\x7f"), "cr\\x0ddel\\x7f");
  EXPECT_EQ(TerminalText(std::string("nul\0x", 5)), "nul\\x00x");
  EXPECT_EQ(TerminalText("line\nnext\ttab"), "line\nnext\ttab");  // kept: messages have them
  EXPECT_EQ(TerminalText("\xc2\x9b"
                         "31m"),
            "\\u009b31m");                                                        // U+009B, the 8-bit CSI
  EXPECT_EQ(TerminalText("\xc2\x80\xc2\x9f\xc2\xa0"), "\\u0080\\u009f\xc2\xa0");  // U+00A0 is printable
}

TEST(TerminalText, KeepsValidUtf8AndEscapesTheRest) {
  EXPECT_EQ(TerminalText("Zürich 東京 \xf0\x9f\x9a\x86"), "Zürich 東京 \xf0\x9f\x9a\x86");
  EXPECT_EQ(TerminalText("Z\xfcrich"), "Z\\xfcrich");  // Latin-1
  EXPECT_EQ(TerminalText("\x9b"
                         "31m"),
            "\\x9b31m");                                                // a lone C1 byte
  EXPECT_EQ(TerminalText("\xe6\x9d"), "\\xe6\\x9d");                    // a cut sequence
  EXPECT_EQ(TerminalText("\xc0\xaf"), "\\xc0\\xaf");                    // overlong '/'
  EXPECT_EQ(TerminalText("\xed\xa0\x80"), "\\xed\\xa0\\x80");           // a surrogate
  EXPECT_EQ(TerminalText("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
}

}  // namespace
}  // namespace gdist
