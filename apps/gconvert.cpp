// gconvert IN OUT: any supported graph file -> gdist matrix file (adjacency).
#include <iostream>

#include "apps/common/app_main.hpp"
#include "apps/common/input_flags.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/util/output_check.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Convert a graph file (DIMACS .gr, SNAP/CSV/TSV edge list, Matrix Market, NTHU binary,\n"
               "OR-Library p-median, METIS; gzip or not) into a padded gdist matrix file.",
               "gconvert"};
  std::string in, out;
  bool quiet = false;
  gdist::InputFlags flags;
  app.add_option("IN", in, "graph file")->required();
  app.add_option("OUT", out, "matrix file to write")->required();
  flags.Add(app);
  app.add_flag("-q,--quiet", quiet, "print nothing on success");
  app.footer("EXAMPLES:\n  gconvert rome99.gr rome.gdm\n  gconvert edges.csv.gz g.gdm --undirected\n"
             "  gconvert pmed1.txt pmed1.gdm          # OR-Library: last duplicate wins");
  return gdist::RunApp(app, argc, argv, [&] {
    gdist::CheckOutputPaths({{"OUT", out}}, {{"IN", in}});
    gdist::AnyMatrix m = gdist::LoadInput(in, flags.Options());
    std::visit([&](auto& mat) { gdist::WriteMatrixFile(out, mat); }, m);
    if (!quiet)
      std::visit([&](auto& mat) {
        std::cerr << "gconvert: " << out << ": " << mat.n() << " vertices, "
                  << (mat.meta().directed ? "directed" : "undirected") << ", "
                  << gdist::ElementName(gdist::TypeOf(m)) << ", row stride " << mat.stride() << "\n";
      }, m);
    return gdist::kExitOk;
  });
}
