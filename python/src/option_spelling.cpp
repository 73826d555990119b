#include "python/src/option_spelling.hpp"

#include <cstdlib>

namespace gdist::python {

namespace {

// A value Python writes bare: a number (time_limit=5) or a boolean.
bool IsBare(std::string_view value) {
  if (value == "True" || value == "False" || value == "None") return true;
  const std::string text(value);
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size();
}

// The engine values of a message (floyd_warshall, trees, hierarchy) as algorithm= takes them.
std::string_view EngineValue(std::string_view engine) {
  if (engine == "floyd_warshall") return "fw";
  if (engine == "trees") return "dijkstra";
  if (engine == "hierarchy") return "ch";
  return engine;
}

}  // namespace

std::string PythonOptionText(Option option, std::string_view value) {
  switch (option) {
    // Options that are calls, not keywords, in Python.
    case Option::kPMedian: return "gdist.p_median(D, p)";
    case Option::kPCenter: return "gdist.p_center(D, p)";
    case Option::kCover: return "gdist.cover(D, radius)";
    case Option::kMaxCover: return "gdist.max_cover(D, radius, p)";
    case Option::kSources: return "gdist.rows(G, sources)";
    case Option::kJson: return "gdist.metrics(D)";
    case Option::kOutput: return "the result's matrix";
    // Switches: the keyword set to True.
    case Option::kPaths:
    case Option::kExact:
    case Option::kReachableOnly: return std::string(OptionKey(option)) + "=True";
    default: break;
  }
  std::string text(option == Option::kEngine ? "algorithm" : OptionKey(option));
  if (value.empty()) return text + "=";
  const std::string_view v = option == Option::kEngine ? EngineValue(value) : value;
  text.append("=");
  if (IsBare(v)) return text.append(v);
  return text.append("\"").append(v).append("\"");
}

void InstallPythonOptionSpelling() { SetOptionSpeller(PythonOptionText); }

}  // namespace gdist::python
