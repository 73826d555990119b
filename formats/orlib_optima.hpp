// The published optimum tables that ship with OR-Library's p-median set
// (pmedopt.txt: Beasley 1985; kcenteropt.txt: Pullan 2008): "pmedN value" per
// line after a header line. Read by the siting tests and bench/siting_orlib.
#pragma once
#include <map>
#include <string>

namespace gdist {

// Instance name -> optimum. Lines without a name and a number (the header)
// are skipped; an unreadable file throws gdist::Error.
std::map<std::string, double> ReadOrlibOptima(const std::string& path);

}  // namespace gdist
