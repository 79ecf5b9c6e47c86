// Serves the web board for a registry's games until Ctrl-C or SIGTERM.
#pragma once

#include "api/registry.h"
#include "cli/serve_options.h"

namespace perfectplay::cli {

// Returns the exit code: 0 after a clean stop, 1 when the address cannot be
// bound. `games` must outlive the call.
int run_serve(const ServeOptions& options, const Registry& games);

}  // namespace perfectplay::cli
