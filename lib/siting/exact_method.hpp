// Which exact method proves each model with --exact, on this build. p-median
// and MCLP are proven by the project's own Lagrangian branch and bound, and
// so is p-center without CBC (its radius decisions as maximal covering,
// cover_decision.hpp); LSCP needs CBC's covering integer program. A build
// without CBC refuses --exact for it (naming the package) rather than answer
// with a bound that proves nothing (issue 26).
#pragma once
#include <string>

namespace gdist {

enum class ExactModel { kPMedian, kPCenter, kCover, kMaxCover };

// Empty when `model`'s --exact can prove its answer with (have_mip_solver) or
// without CBC; otherwise the refusal's message.
std::string ExactUnavailableReason(ExactModel model, bool have_mip_solver);

// Throws gdist::Error with that message when this build cannot prove `model`.
void RequireExactMethod(ExactModel model);

}  // namespace gdist
