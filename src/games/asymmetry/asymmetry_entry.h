#pragma once

#include "api/entry.h"

namespace perfectplay::games::asymmetry {

GameEntry entry();

}  // namespace perfectplay::games::asymmetry
