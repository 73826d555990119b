// Wall-clock deadlines of the siting proofs: seconds on the steady clock.
#pragma once
#include "lib/util/steady_seconds.hpp"
