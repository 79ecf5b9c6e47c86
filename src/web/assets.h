// The web board's files (web/), embedded in the binary at build time.
//
// cmake/embed_assets.cmake turns every file under web/ into a byte array of a
// generated source file, with its path and content type; the server answers
// GET requests from this table only, so no request reaches the file system.
#pragma once

#include <cstddef>
#include <string_view>

namespace perfectplay::web {

struct Asset {
  std::string_view path;  // "/index.html", "/app.js", ...
  std::string_view content_type;
  std::string_view body;
};

// The asset whose path is exactly `path` (no decoding, no normalisation), or
// null. "/" is "/index.html".
const Asset* find_asset(std::string_view path);

// Every asset, for tests.
std::size_t asset_count();
const Asset& asset_at(std::size_t i);

}  // namespace perfectplay::web

namespace perfectplay::web::detail {
// Defined in the generated web_assets.cpp.
extern const Asset kEmbeddedAssets[];
extern const std::size_t kEmbeddedAssetCount;
}  // namespace perfectplay::web::detail
