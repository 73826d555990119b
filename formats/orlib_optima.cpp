#include "formats/orlib_optima.hpp"

#include <cstdio>
#include <fstream>

#include "lib/util/error.hpp"

namespace gdist {

std::map<std::string, double> ReadOrlibOptima(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot open the OR-Library optimum table");
  std::map<std::string, double> table;
  std::string line;
  while (std::getline(in, line)) {
    char name[64];
    double v;
    if (std::sscanf(line.c_str(), "%63s %lf", name, &v) == 2) table[name] = v;
  }
  return table;
}

}  // namespace gdist
