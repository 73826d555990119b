// --exact on a build without COIN-OR CBC (issue 26): the models whose proof
// needs CBC's covering programs are refused with the package to install; the
// ones proven by the project's own branch and bound are not. CI builds with
// CBC, so the decision is tested as a function of "have CBC".
#include "lib/siting/exact_method.hpp"

#include <gtest/gtest.h>

#include "lib/siting/covering_mip.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

TEST(ExactMethod, WithoutCbcTheCoveringProofsAreRefusedWithThePackage) {
  for (ExactModel model : {ExactModel::kPCenter, ExactModel::kCover}) {
    const std::string reason = ExactUnavailableReason(model, false);
    EXPECT_NE(reason.find("coinor-libcbc-dev"), std::string::npos) << reason;
    EXPECT_NE(reason.find("--exact"), std::string::npos) << reason;
    EXPECT_EQ(ExactUnavailableReason(model, true), "");
  }
}

TEST(ExactMethod, TheOwnBranchAndBoundNeedsNoCbc) {
  for (ExactModel model : {ExactModel::kPMedian, ExactModel::kMaxCover})
    for (bool cbc : {false, true}) EXPECT_EQ(ExactUnavailableReason(model, cbc), "");
}

TEST(ExactMethod, ThisBuildRefusesExactlyWhenItLacksCbc) {
  if (HaveMipSolver()) EXPECT_NO_THROW(RequireExactMethod(ExactModel::kPCenter));
  else EXPECT_THROW(RequireExactMethod(ExactModel::kPCenter), Error);
}

}  // namespace
}  // namespace gdist
