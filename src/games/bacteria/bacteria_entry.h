#pragma once

#include "api/entry.h"

namespace perfectplay::games::bacteria {

GameEntry entry();

}  // namespace perfectplay::games::bacteria
