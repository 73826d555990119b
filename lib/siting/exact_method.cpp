#include "lib/siting/exact_method.hpp"

#include "lib/siting/covering_mip.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

constexpr const char* kInstallCbc =
    "install it (Debian/Ubuntu: apt install coinor-libcbc-dev), configure and build again";

}  // namespace

std::string ExactUnavailableReason(ExactModel model, bool exact, bool have_mip_solver) {
  if (have_mip_solver) return "";
  switch (model) {
    case ExactModel::kPMedian:
    case ExactModel::kMaxCover:
    case ExactModel::kPCenter:
    case ExactModel::kPDispersion:
    case ExactModel::kFacilityLocation: return "";  // the own branch and bound, no LP solver needed
    case ExactModel::kCover:
      if (!exact) return "";
      return "cover " + OptionText(Option::kExact) +
             ": the proof needs the covering integer program of COIN-OR CBC, and this build has none; " + kInstallCbc +
             ", or drop " + OptionText(Option::kExact);
    case ExactModel::kBackupCover:
    case ExactModel::kCapacitatedMedian:
    case ExactModel::kCapacitatedFacilityLocation: break;
  }
  const char* name = model == ExactModel::kBackupCover         ? "backup-cover"
                     : model == ExactModel::kCapacitatedMedian ? "capacitated p-median"
                                                               : "capacitated facility-location";
  return std::string(name) + ": solved as an integer program by COIN-OR CBC, and this build has none; " + kInstallCbc;
}

void RequireExactMethod(ExactModel model, bool exact) {
  const std::string reason = ExactUnavailableReason(model, exact, HaveMipSolver());
  if (!reason.empty()) throw Error(reason);
}

}  // namespace gdist
