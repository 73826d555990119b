// 128-bit integers (a GCC/Clang extension) named once: sums of int64 distances
// that must not wrap. __extension__ keeps -Wpedantic quiet about the type.
#pragma once

namespace gdist {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

}  // namespace gdist
