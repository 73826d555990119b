#include "lib/siting/exact_method.hpp"

#include "lib/siting/covering_mip.hpp"
#include "lib/util/error.hpp"

namespace gdist {

std::string ExactUnavailableReason(ExactModel model, bool have_mip_solver) {
  const char* name = nullptr;
  switch (model) {
    case ExactModel::kPMedian:
    case ExactModel::kMaxCover:
    // p-center: its radius decisions by the MCLP proof without CBC (cover_decision.hpp).
    case ExactModel::kPCenter: return "";  // the Lagrangian branch and bound, no LP solver needed
    case ExactModel::kCover: name = "cover"; break;
  }
  if (have_mip_solver) return "";
  return std::string(name) +
         " --exact: the proof needs the covering integer program of COIN-OR CBC, and this build has none; install "
         "it (Debian/Ubuntu: apt install coinor-libcbc-dev), configure and build again, or drop --exact";
}

void RequireExactMethod(ExactModel model) {
  const std::string reason = ExactUnavailableReason(model, HaveMipSolver());
  if (!reason.empty()) throw Error(reason);
}

}  // namespace gdist
