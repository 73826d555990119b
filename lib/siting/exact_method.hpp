// Which models this build can solve, and prove with --exact: the one place
// that decides it and words the refusal. p-median, MCLP, p-center and
// p-dispersion are proven by the project's own branch and bound (p-center's
// radius decisions as maximal covering without CBC, cover_decision.hpp); LSCP's
// proof needs CBC's covering integer program; backup cover, the capacitated
// p-median and facility location are integer programs solved by CBC even
// without --exact. A build without CBC refuses what it cannot do, naming the
// package, rather than answer with a bound that proves nothing (issue 26).
#pragma once
#include <string>

namespace gdist {

enum class ExactModel {
  kPMedian,
  kPCenter,
  kCover,
  kMaxCover,
  kPDispersion,
  kBackupCover,
  kCapacitatedMedian,
  kFacilityLocation,             // uncapacitated: its own branch and bound
  kCapacitatedFacilityLocation,  // through CBC
};

// Empty when this build (have_mip_solver: with CBC) can solve `model`, and
// prove it when `exact`; otherwise the refusal's message, naming the package.
std::string ExactUnavailableReason(ExactModel model, bool exact, bool have_mip_solver);

// Throws gdist::Error with that message when this build cannot.
void RequireExactMethod(ExactModel model, bool exact);

}  // namespace gdist
