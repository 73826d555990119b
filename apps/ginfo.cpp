// ginfo FILE: what a gdist matrix file (.gdm) holds and whether it is intact:
// n, element type, INF, directed, kind, sections, labels, the memory a run on
// it needs, and every checksum verified. Exit 0 when valid, 1 when a checksum
// or a size does not match, 2 when the file cannot be read as a matrix file.
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "apps/common/app_main.hpp"
#include "lib/matrix/coordinate_section.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/plan/memory_plan.hpp"
#include "lib/util/json_writer.hpp"
#include "lib/util/progress.hpp"

namespace {

struct Facts {
  std::string path;
  gdist::MatrixFileInfo info;
  std::size_t payload_bytes = 0, next_bytes = 0, file_bytes = 0;
  bool checked = false;
  std::string problem;  // empty: every checksum matched
};

std::string Describe(const gdist::VertexLabels& labels) {
  if (labels.is_range()) return "range " + labels.label(0) + ".." + labels.label(labels.size() - 1);
  std::string s = std::to_string(labels.size()) + " strings, first '" + labels.label(0) + "'";
  return s;
}

std::string CoordinatesText(const gdist::MatrixFileInfo& i) {
  if (i.meta.lon_lat.empty()) return "none";
  const gdist::LonLatBox b = gdist::BoundsOf(i.meta.lon_lat);
  std::ostringstream s;
  s << std::setprecision(7) << i.meta.lon_lat.size() << " (longitude, latitude) pairs, longitude " << b.west << ".."
    << b.east << ", latitude " << b.south << ".." << b.north;
  if (i.table) s << " (and the " << i.row_lon_lat.size() << " rows')";
  return s.str();
}

void PrintText(const Facts& f) {
  const auto& i = f.info;
  const double elem = double(gdist::ElementSize(i.type));
  std::cout << gdist::TerminalText(f.path) << "\n"
            << "  kind         " << (i.meta.kind == gdist::MatrixKind::kDistance ? "distance" : "adjacency")
            << " matrix, " << (i.meta.directed ? "directed" : "undirected") << "\n"
            << (i.table ? "  columns      " : "  vertices     ") << i.n << " (rows padded to " << i.stride << ")\n";
  if (i.table)
    std::cout << "  rows         " << i.rows() << " (a table: the distances from " << i.rows() << " sources, first '"
              << i.row_labels.label(0) << "', to its " << i.n << " columns, the targets; gapsp --sources --targets)\n";
  else if (i.rectangular)
    std::cout << "  rows         " << i.rows() << " (rectangular: the distances from " << i.rows()
              << " source vertices, gapsp --sources)\n";
  std::cout << "  element      " << gdist::ElementName(i.type)
            << (i.stored_int16 ? ", stored in 16 bits (a proven 16-bit run; INF 16383 on disk)" : "")
            << ", values >= INF mean no path\n";
  if (i.meta.decimal_scale > 0)
    std::cout << "  decimals     exact: value x 10^" << i.meta.decimal_scale << " stored as integers (the tools print "
              << i.meta.decimal_scale << (i.meta.decimal_scale == 1 ? " decimal place" : " decimal places")
              << " back)\n";
  std::cout << "  labels       " << (i.n ? Describe(i.meta.labels) : "none") << "\n"
            << "  payload      " << gdist::HumanBytes(double(f.payload_bytes)) << " at offset 4096\n"
            << "  coordinates  " << CoordinatesText(i) << "\n"
            << "  next hops    "
            << (f.next_bytes ? gdist::HumanBytes(double(f.next_bytes)) : "none (gapsp --paths adds them)") << "\n"
            << "  file         " << gdist::HumanBytes(double(f.file_bytes)) << "\n";
  const gdist::FileRunBytes run = gdist::RunBytesOfFile(i.stride, i.rows(), std::size_t(elem), i.rectangular);
  if (i.rectangular)
    std::cout << "  a run needs  gcenter: " << gdist::HumanBytes(run.rows) << " of memory for siting on its "
              << i.rows() << " rows (one copy; the file is mapped)\n";
  else
    std::cout << "  a run needs  gapsp: " << gdist::HumanBytes(run.matrix) << " of memory for the matrix ("
              << gdist::HumanBytes(run.with_paths) << " with --paths), the same on the GPU;"
              << " gcenter streams it from the file\n";
  if (f.checked) std::cout << "  checksums    " << (f.problem.empty() ? "valid" : "INVALID: " + f.problem) << "\n";
  else std::cout << "  checksums    not checked (--no-verify)\n";
}

void PrintJson(const Facts& f) {
  const auto& i = f.info;
  gdist::JsonWriter j(std::cout);
  j.BeginObject();
  j.Key("path").Str(f.path);
  j.Key("kind").Str(i.meta.kind == gdist::MatrixKind::kDistance ? "distance" : "adjacency");
  j.Key("directed").Bool(i.meta.directed);
  j.Key("n").Number(double(i.n));
  j.Key("stride").Number(double(i.stride));
  j.Key("rectangular").Bool(i.rectangular);
  j.Key("table").Bool(i.table);
  j.Key("rows").Number(double(i.rectangular ? i.rows() : i.n));
  j.Key("element_type").Str(gdist::ElementName(i.type));
  // Every key in every object (docs/schema/ginfo.schema.json): what does not apply is null.
  j.Key("decimal_digits");
  if (i.meta.decimal_scale > 0) j.Number(double(i.meta.decimal_scale));
  else j.Null();
  j.Key("stored_bits").Number(double(8 * i.stored_element_bytes()));
  j.Key("labels").Str(i.meta.labels.is_range() ? "range" : "strings");
  j.Key("first_label");
  if (i.n) j.Str(i.meta.labels.label(0));
  else j.Null();
  j.Key("coordinates");  // the box around the coordinate section's pairs, or null
  if (i.meta.lon_lat.empty()) {
    j.Null();
  } else {
    const gdist::LonLatBox b = gdist::BoundsOf(i.meta.lon_lat);
    j.BeginObject();
    j.Key("count").Number(double(i.meta.lon_lat.size()));
    j.Key("west").Number(b.west);
    j.Key("east").Number(b.east);
    j.Key("south").Number(b.south);
    j.Key("north").Number(b.north);
    j.EndObject();
  }
  j.Key("payload_bytes").Number(double(f.payload_bytes));
  j.Key("next_hop_bytes").Number(double(f.next_bytes));
  j.Key("file_bytes").Number(double(f.file_bytes));
  const gdist::FileRunBytes run = gdist::RunBytesOfFile(i.stride, i.rows(), gdist::ElementSize(i.type), i.rectangular);
  if (i.rectangular) j.Key("gcenter_memory_bytes").Number(run.rows);
  else j.Key("gapsp_memory_bytes").Number(run.matrix);
  j.Key("checked").Bool(f.checked);
  j.Key("valid");
  if (f.checked) j.Bool(f.problem.empty());
  else j.Null();
  j.Key("problem");
  if (!f.problem.empty()) j.Str(f.problem);
  else j.Null();
  j.EndObject();
  std::cout << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Describe a gdist matrix file (.gdm) and verify its checksums.", "ginfo"};
  std::vector<std::string> files;
  bool json = false, no_verify = false;
  app.add_option("FILE", files, "matrix files from gconvert or gapsp")->required();
  app.add_flag("--json", json, "machine-readable output (one object per line)");
  app.add_flag("--no-verify", no_verify, "skip the checksum pass (reads only the header and labels)");
  app.footer(
      "EXIT STATUS:\n  0 every file valid, 1 a checksum or size mismatch, 2 a file that is not a matrix file\n"
      "EXAMPLES:\n  ginfo dist.gdm\n  ginfo --json *.gdm\n  ginfo -q dist.gdm && echo intact   # -q: the exit status "
      "only");
  return gdist::RunApp(app, argc, argv, [&] {
    int status = gdist::kExitOk;
    for (const std::string& path : files) {
      gdist::MappedMatrixFile file(path, /*verify_crc=*/false, /*allow_rectangular=*/true);
      Facts f;
      f.path = path;
      f.info = file.info();
      f.payload_bytes = f.info.rows() * f.info.stride * f.info.stored_element_bytes();
      f.next_bytes = file.next_hops().data ? f.info.stride * f.info.stride * 4 : 0;
      f.file_bytes = std::filesystem::file_size(path);
      if (!no_verify) {
        // The reader's own full check (every checksum, every value): what gapsp and gcenter will do.
        f.checked = true;
        try {
          file.VerifyChecksums();
        } catch (const gdist::Error& e) {
          f.problem = e.what();
        }
      }
      // -q: the exit status alone says whether every file is intact; a bad one is named on stderr.
      if (gdist::Quiet()) {
        if (!f.problem.empty()) std::cerr << "ginfo: " << gdist::TerminalText(path + ": " + f.problem) << "\n";
      } else if (json) {
        PrintJson(f);
      } else {
        PrintText(f);
      }
      if (!f.problem.empty()) status = gdist::kExitCheckFailed;
    }
    return status;
  });
}
