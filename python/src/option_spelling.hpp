// Python's spelling of the options library messages name (lib/util/option_names.hpp):
// the keyword argument the user passes to gdist's calls, so that a message
// tells a Python user what to type (type="int64", algorithm="dijkstra").
#pragma once
#include <string>
#include <string_view>

#include "lib/util/option_names.hpp"

namespace gdist::python {

// The option as a keyword of gdist's calls, with its value when given
// (strings quoted, numbers and booleans as Python writes them).
std::string PythonOptionText(Option option, std::string_view value);

// Installs PythonOptionText as the library's speller (once, at import).
void InstallPythonOptionSpelling();

}  // namespace gdist::python
