// The options library's parse errors in the tools' own words: an unknown
// flag gets "did you mean" (the nearest of this tool's own flags by edit
// distance), also when it left a required one missing; a missing value and a
// value outside a list say what was expected.
// Messages the tools' validators wrote (flag_checks.hpp) pass as they are.
#pragma once
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace gdist {

// Levenshtein distance, '_' read as '-' (--p_median is --p-median mistyped).
inline std::size_t FlagDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const char x = a[i - 1] == '_' ? '-' : a[i - 1], y = b[j - 1] == '_' ? '-' : b[j - 1];
      const std::size_t next = std::min({row[j] + 1, row[j - 1] + 1, diag + (x == y ? 0 : 1)});
      diag = row[j];
      row[j] = next;
    }
  }
  return row[b.size()];
}

// Every flag of the tool as typed: "--p-median", "-j".
inline std::vector<std::string> ToolFlags(const CLI::App& app) {
  std::vector<std::string> flags;
  for (const CLI::Option* o : app.get_options([](const CLI::Option*) { return true; })) {
    for (const std::string& l : o->get_lnames()) flags.push_back("--" + l);
    for (const std::string& s : o->get_snames()) flags.push_back("-" + s);
  }
  return flags;
}

// The one flag that `typed` begins (--reachable: --reachable-only), else the
// nearest flag within a few edits of it ("" when none is near).
inline std::string NearestFlag(const CLI::App& app, std::string_view typed) {
  std::vector<std::string> starting;  // --reachable: the one flag it begins
  for (const std::string& f : ToolFlags(app))
    if (typed.size() >= 4 && f.size() > typed.size() && std::string_view(f).substr(0, typed.size()) == typed)
      starting.push_back(f);
  if (starting.size() == 1) return starting.front();
  std::string best;
  std::size_t best_d = std::max<std::size_t>(2, typed.size() / 3) + 1;
  for (const std::string& f : ToolFlags(app)) {
    if (f.size() < 3) continue;  // short flags: too near to everything
    const std::size_t d = FlagDistance(typed, f);
    if (d < best_d) {
      best_d = d;
      best = f;
    }
  }
  return best;
}

// The arguments CLI11 could not place: an unknown flag first (with its
// nearest flag), else the stray positional arguments.
inline std::string ExtrasText(const CLI::App& app, int argc, char** argv) {
  const std::vector<std::string> flags = ToolFlags(app);
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") break;
    if (a.size() < 2 || a[0] != '-' || (a[1] != '-' && std::isdigit(static_cast<unsigned char>(a[1])))) continue;
    const std::string name = a.substr(0, a.find('='));
    if (std::find(flags.begin(), flags.end(), name) != flags.end()) continue;
    if (name.size() > 2 && name[1] != '-') continue;  // -j4 and other short forms CLI11 took
    const std::string near = NearestFlag(app, name);
    return "unknown option '" + name + "'" + (near.empty() ? "" : "; did you mean " + near + "?");
  }
  return {};
}

inline std::string CliErrorText(const CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  const std::string what = e.what();
  // A required flag or argument missing beside an unknown flag: the typo is the news (gpath
  // --form 1 --to 5 is "did you mean --from?", not "--from is required").
  if (dynamic_cast<const CLI::RequiredError*>(&e))
    if (std::string text = ExtrasText(app, argc, argv); !text.empty()) return text;
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    if (std::string text = ExtrasText(app, argc, argv); !text.empty()) return text;
    // "The following argument(s) was/were not expected: a b"
    const std::size_t colon = what.find(": ");
    return "unexpected argument" + std::string(what.find("arguments") != std::string::npos ? "s" : "") + " '" +
           (colon == std::string::npos ? what : what.substr(colon + 2)) + "' (" + app.get_name() +
           " --help lists what it takes)";
  }
  std::smatch m;
  // "--p-median: 1 required UINT:COUNT>=1 missing"
  static const std::regex missing(R"(^(-[-\w]+): \d+ required ([^ ]+) missing$)");
  if (std::regex_match(what, m, missing)) {
    std::string kind = m[2].str();
    if (const std::size_t colon = kind.find(':'); colon != std::string::npos) kind = kind.substr(colon + 1);
    return m[1].str() + ": needs a value (" + kind + ")";
  }
  // "--backend: gpux not in {auto,cpu,gpu}"
  static const std::regex member(R"(^(-[-\w]+): (.*) not in \{(.*)\}$)");
  if (std::regex_match(what, m, member)) {
    std::string list = m[3].str();
    for (std::size_t i = 0; (i = list.find(',', i)) != std::string::npos; i += 2) list.replace(i, 1, ", ");
    return m[1].str() + ": expected one of " + list + ", got '" + m[2].str() + "'";
  }
  // "Could not convert: --p = x" and the like
  static const std::regex convert(R"(^Could not convert: (-[-\w]+) = (.*)$)");
  if (std::regex_match(what, m, convert)) return m[1].str() + ": expected a number, got '" + m[2].str() + "'";
  // "--x: Value -3 not in range 0.000000 to 1.79e308": the tools' validators say it in words.
  static const std::regex range(R"(^(-[-\w]+): Value (.*) not in range (.*)$)");
  if (std::regex_match(what, m, range)) return m[1].str() + ": '" + m[2].str() + "' is out of range";
  static const std::regex excludes(R"(^(-[-\w]+) excludes (-[-\w]+)$)");
  if (std::regex_match(what, m, excludes)) return m[1].str() + " and " + m[2].str() + " cannot be given together";
  return what;
}

}  // namespace gdist
