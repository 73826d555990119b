// A run's lines on stderr: its notes ("metrics on the CPU: ...") and the
// estimate line before a long run, each led by the caller's name. lib/ names
// no tool: the app passes its own, and a caller without a name (a test)
// hears nothing.
#pragma once
#include <iostream>
#include <string>

#include "lib/util/progress.hpp"
#include "lib/util/terminal_text.hpp"

namespace gdist {

struct RunVoice {
  std::string name;  // leads each line on stderr (name: text); empty: silent

  bool speaks() const { return !name.empty() && !Quiet(); }
  // "name: text" on stderr unless silent or -q.
  void Note(const std::string& text) const {
    if (speaks()) std::cerr << name << ": " << TerminalText(text) << "\n";
  }
};

}  // namespace gdist
