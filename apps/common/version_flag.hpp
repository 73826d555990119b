// --version for every app: the version and commit it was built from, and
// which kernels this build and this machine can run, so a bug report or a
// benchmark line says exactly what ran.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "formats/osm_roads.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/siting/covering_mip.hpp"

#ifndef GDIST_VERSION
#define GDIST_VERSION "unknown"
#endif
#ifndef GDIST_COMMIT
#define GDIST_COMMIT "unknown"
#endif
#ifndef GDIST_CUDA_ARCHITECTURES
#define GDIST_CUDA_ARCHITECTURES ""
#endif

namespace gdist {

inline std::string VersionText(const std::string& tool) {
  std::string cpu;
  for (CpuIsa isa = DetectCpuIsa();; isa = CpuIsa(int(isa) - 1)) {  // every ISA up to this CPU's best
    cpu += CpuIsaName(isa);
    if (isa == CpuIsa::kPortable) break;
    cpu += ", ";
  }
  std::string text = tool + " " GDIST_VERSION " (commit " GDIST_COMMIT ")\n";
  text += "CPU kernels: " + cpu + " (this machine; GDIST_CPU_ISA lowers the choice)\n";
#ifdef GDIST_HAVE_CUDA
  text += "CUDA backend: built for " GDIST_CUDA_ARCHITECTURES " (used when a GPU is present)\n";
#else
  text += "CUDA backend: not built (no nvcc at build time)\n";
#endif
#ifdef GDIST_HAVE_MPI
  text += "MPI: built (mpirun -np P gapsp ...)\n";
#else
  text += "MPI: not built\n";
#endif
  text += OsmInputSupported() ? "OpenStreetMap input: built (libosmium)\n"
                              : "OpenStreetMap input: not built (no libosmium at build time)\n";
  text += HaveMipSolver() ? "Proofs (CBC): built (" + MipSolverName() + ": the covering models' bounds and proofs)"
                          : std::string(
                                "Proofs (CBC): not built (no coinor-libcbc-dev at build time; docs/SITING.md "
                                "says what --exact does then)");
  return text;
}

inline void AddVersionFlag(CLI::App& app) { app.set_version_flag("--version", VersionText(app.get_name())); }

}  // namespace gdist
