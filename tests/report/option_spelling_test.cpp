// Library messages name options; the front end spells them
// (lib/util/option_names.hpp).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "lib/util/option_names.hpp"

namespace gdist {
namespace {

// Puts back the default spelling however the test ends.
struct SpellerGuard {
  ~SpellerGuard() { SetOptionSpeller({}); }
};

TEST(OptionSpelling, WithoutAFrontEndMessagesUseTheKey) {
  SpellerGuard guard;
  SetOptionSpeller({});
  EXPECT_EQ(OptionText(Option::kType, "int64"), "type=int64");
  EXPECT_EQ(OptionText(Option::kMemoryLimit), "memory_limit");
  EXPECT_EQ(OptionText(Option::kEngine, "trees"), "engine=trees");
}

TEST(OptionSpelling, AFrontEndSpellsEveryOption) {
  SpellerGuard guard;
  SetOptionSpeller([](Option option, std::string_view value) {
    std::string text = "kw:";
    text.append(OptionKey(option));
    if (!value.empty()) text.append("=").append(value);
    return text;
  });
  EXPECT_EQ(OptionText(Option::kType, "int64"), "kw:type=int64");
  EXPECT_EQ(OptionText(Option::kCandidates), "kw:candidates");
}

TEST(OptionSpelling, EveryOptionHasItsOwnKey) {
  std::set<std::string_view> keys;
  for (int i = 0; i <= static_cast<int>(Option::kResume); ++i) {
    const std::string_view key = OptionKey(static_cast<Option>(i));
    EXPECT_NE(key, "option") << i;
    EXPECT_TRUE(keys.insert(key).second) << key;
  }
}

// The tools' spelling (each tool names the engine by its own flag) is checked
// through the binaries: HugeCounts, the hostile suite.

}  // namespace
}  // namespace gdist
